"""hold: results judged against the exact theory; every input problem at once; the flags (issue 24)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.table.theory import load_theory

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"
SD = ROOT / "examples" / "configs" / "south-dakota.yaml"
HEADER = "date,table,wager,rounds,wagered,house_win,meter\n"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def write(tmp_path, text, name="r.csv"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_every_problem_in_a_results_file_is_reported_at_once_located_and_nothing_is_written(tmp_path):
    path = write(tmp_path, HEADER +
                 "2026-01-01,LIR-2,base,-5,30,1,\n"                 # line 2: negative rounds
                 "2026-01-01,LIR-2,three-card-bonus,2.5,10,1,\n"     # line 3: not whole
                 "2026-01-01,LIR-2,cover-all,10,10,1,\n"             # line 4: not offered
                 "2026-01-01,LIR-9,base,10,300,1,\n"                 # line 5: unknown table
                 "2026-01-02,LIR-2,base,10,300,1,\n"                 # line 6
                 "2026-01-02,LIR-2,base,10,300,1,\n"                 # line 7: duplicate of line 6
                 "2026-01-03,LIR-2,three-card-bonus,10,10,-5000,\n"  # line 8: more than the wagers can pay
                 "2026-13-01,LIR-2,base,10,300,400,\n"               # line 9: bad date, house wins more than bet
                 "2026-01-04,LIR-2,base,10,300,1,5000\n")            # line 10: a meter on the base game
    out = tmp_path / "out.csv"  # (with --format json the same problems come as one JSON object)
    result = run("hold", path, "--config", MD, "--format", "csv", "-o", out)
    assert result.exit_code == 2
    assert not out.exists()
    lines = [ln for ln in result.output.splitlines() if ln.startswith("error: ")]
    expected = [
        (2, "rounds", "negative"), (3, "rounds", "not a whole number"), (4, "wager", "offers no wager 'cover-all'"),
        (5, "table", "unknown table 'LIR-9'"), (7, "table", "duplicate row"), (8, "house_win", "more than the"),
        (9, "date", "not a date"), (9, "house_win", "cannot win more than is bet"), (10, "meter", "pays from no meter")]
    for line, field, words in expected:
        assert any(ln.startswith(f"error: {path}:{line}:") and f": {field}: " in ln and words in ln for ln in lines), \
            (line, field, words, lines)
    assert len(lines) == len(expected)
    # the column is the field's own: line 4's wager starts at column 18
    assert any(ln.startswith(f"error: {path}:4:18: wager:") for ln in lines)


def test_a_missing_column_and_an_unknown_column_are_named(tmp_path):
    path = write(tmp_path, "date,table,wager,rounds,wagered,colour\n2026-01-01,LIR-2,base,1,30,red\n")
    result = run("hold", path, "--config", MD)
    assert result.exit_code == 2
    assert f"{path}:1:33: colour: unknown column" in result.output
    assert f"{path}:1:1: house_win: required column missing" in result.output


def test_yaml_and_json_rows_are_read_like_csv_and_located(tmp_path):
    good = write(tmp_path, "- {date: '2026-01-01', table: LIR-2, wager: base, rounds: 100, wagered: 3000, house_win: 45}\n",
                 "r.yaml")
    assert run("hold", good, "--config", MD).exit_code == 0
    bad = write(tmp_path, json.dumps([{"date": "2026-01-01", "table": "LIR-2", "wager": "base", "rounds": -1,
                                       "wagered": 30, "house_win": 0}], indent=1), "r.json")
    result = run("hold", bad, "--config", MD)
    assert result.exit_code == 2 and f"{bad}:6:" in result.output and "rounds: -1 is negative" in result.output


def test_theory_is_the_par_sheets_and_the_base_handle_is_the_three_bets_placed(tmp_path):
    path = write(tmp_path, HEADER + "2026-01-01,LIR-2,base,1000,30000,500,\n")
    data = json.loads(run("hold", path, "--config", MD, "--format", "json").output)
    theory = load_theory(MD).wagers["base"]
    p = data["tables"][0]["wagers"][0]["periods"][0]
    units = 30000 / 3                                    # $10 a bet, 1,000 rounds
    assert p["theoretical_win"] == pytest.approx(theory.mean * units)
    assert p["theoretical_hold"] == pytest.approx(theory.mean / 3)
    assert p["sd"] == pytest.approx(theory.sd * units / 1000 ** 0.5)
    assert p["z"] == pytest.approx((500 - theory.mean * units) / (theory.sd * units / 1000 ** 0.5))
    assert p["average_bet"] == 10 and p["status"] == "judged"
    assert any("three bets as placed" in c for c in data["convention"])
    assert any("average stake" in c for c in data["convention"])


def test_a_result_outside_the_band_is_named_with_how_far_and_which_way_and_exits_1(tmp_path):
    from lit_compliance.gamemath.period import Edges, one_round
    from lit_compliance.table.theory import sheet

    theory = load_theory(MD)
    base = theory.wagers["base"]
    units, rounds = 10_000, 1000
    sd = base.sd * units / rounds ** 0.5
    edges = Edges(*one_round(sheet(theory, "base"))).at([rounds])
    z = (edges["99"][0][0] + edges["99.9"][0][0]) / 2      # below: outside 99%, inside 99.9%
    low = base.mean * units + z * sd
    path = write(tmp_path, HEADER + f"2026-01-01,LIR-2,base,{rounds},{units * 3},{low:.2f},\n")
    result = run("hold", path, "--config", MD)
    assert f"{abs(z):.2f} SD below theory, outside the 99% band" in result.output
    # the band only flags; the exit status is the report's family-wise alarm: one period and its cumulative
    # result (two tests), each p-value against the rate / 2
    p = float(Edges(*one_round(sheet(theory, "base"))).p_values([z], [rounds])[0])
    assert 0.001 < p < 0.01                                   # outside the 99% band, inside the 99.9%
    for percent in ("0.1", "1", "5"):
        status = run("hold", path, "--config", MD, "--alarm-percent", percent).exit_code
        assert status == (1 if p <= float(percent) / 100 / 2 else 0), (percent, p)
    assert "SD below theory, outside the 99.9% band" not in run("hold", path, "--config", MD, "--band", "99.9").output
    # the house winning 2 SD above theory is outside even the 99.9% band: the upper tail is short
    high = base.mean * units + 2 * sd
    path = write(tmp_path, HEADER + f"2026-01-01,LIR-2,base,{rounds},{units * 3},{high:.2f},\n", "h.csv")
    result = run("hold", path, "--config", MD, "--band", "99.9")
    assert result.exit_code == 1 and "2.00 SD above theory, outside the 99.9% band" in result.output


def test_an_average_bet_outside_the_limits_is_a_probable_data_error_not_judged(tmp_path):
    # the table minimum is $10 a bet: 1,000 rounds with $3,000 wagered is $1 a bet
    path = write(tmp_path, HEADER + "2026-01-01,LIR-2,base,1000,3000,-90000,\n")
    result = run("hold", path, "--config", MD)
    assert result.exit_code == 0
    assert "average bet 1.00 is outside the table's limits (10.00 to 500.00): probably a data-entry error" in result.output
    data = json.loads(run("hold", path, "--config", MD, "--format", "json").output)
    assert data["tables"][0]["wagers"][0]["periods"][0]["status"] == "data_error"
    assert data["tables"][0]["wagers"][0]["cumulative"] is None


def test_a_period_too_short_to_judge_says_so(tmp_path):
    path = write(tmp_path, HEADER + "2026-01-01,LIR-2,six-card-bonus,200,1000,-2000,\n")
    data = json.loads(run("hold", path, "--config", MD, "--format", "json").output)
    p = data["tables"][0]["wagers"][0]["periods"][0]
    assert p["status"] == "too_short" and "too short to judge" in p["note"]
    assert "outside" not in p


def test_a_progressive_is_judged_at_the_rows_meter_or_else_the_reset_and_says_which(tmp_path):
    path = write(tmp_path, HEADER + "2026-01-01,LIR-2,progressive,5000,5000,2000,\n"
                                    "2026-01-02,LIR-2,progressive,5000,5000,2000,60000\n")
    data = json.loads(run("hold", path, "--config", MD, "--format", "json").output)
    w = data["tables"][0]["wagers"][0]
    first, second = w["periods"]
    assert first["meter_from"] == "reset" and first["meter"] == 10_000
    assert second["meter_from"] == "row" and second["meter"] == 60_000
    assert second["theoretical_hold"] < first["theoretical_hold"]
    assert "mean meter" in w["priced_at"]["meter"]


def test_cumulative_figures_add_the_periods(tmp_path):
    path = write(tmp_path, HEADER + "2026-01-02,LIR-2,base,1000,30000,500,\n2026-01-01,LIR-2,base,2000,90000,-300,\n")
    data = json.loads(run("hold", path, "--config", MD, "--format", "json").output)
    w = data["tables"][0]["wagers"][0]
    assert [p["period"] for p in w["periods"]] == ["2026-01-01", "2026-01-02"]
    c = w["cumulative"]
    assert c["rounds"] == 3000 and c["wagered"] == 120000 and c["house_win"] == 200
    assert c["theoretical_win"] == pytest.approx(sum(p["theoretical_win"] for p in w["periods"]))
    assert c["sd"] == pytest.approx(sum(p["sd"] ** 2 for p in w["periods"]) ** 0.5)


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "html"])
def test_every_format_is_deterministic(tmp_path, fmt):
    path = write(tmp_path, HEADER + "2026-01-01,3,base,100,1500,20,\n2026-01-02,3,base,150,2250,-40,\n"
                                    "2026-01-01,3,progressive,100,100,60,\n")
    one, two = run("hold", path, "--config", SD, "--format", fmt), run("hold", path, "--config", SD, "--format", fmt)
    assert one.exit_code == 0 and one.output == two.output
    if fmt == "csv":
        rows = one.output.splitlines()
        assert rows[0].startswith("table,wager,period,status") and sum(r.split(",")[2] == "cumulative" for r in rows) == 2
    if fmt == "html":
        assert "<svg" in one.output and "cumulative hold" in one.output


def test_a_config_column_names_the_configuration_relative_to_the_results_file(tmp_path):
    cfg = tmp_path / "t.yaml"
    cfg.write_text(SD.read_text())
    path = write(tmp_path, "date,table,wager,rounds,wagered,house_win,config\n2026-01-01,3,base,100,1500,20,t.yaml\n")
    assert run("hold", path).exit_code == 0
    wrong = write(tmp_path, "date,table,wager,rounds,wagered,house_win,config\n2026-01-01,4,base,100,1500,20,t.yaml\n",
                  "w.csv")
    result = run("hold", wrong)
    assert result.exit_code == 2 and "is not the table '3'" in result.output


def test_a_row_repeated_in_another_results_file_is_a_duplicate_naming_the_first(tmp_path):
    one = write(tmp_path, HEADER + "2026-01-01,LIR-2,base,10,300,1,\n2026-01-01,LIR-2,three-card-bonus,10,10,1,\n"
                                   "2026-01-02,LIR-2,base,10,300,1,\n", "a.csv")
    two = write(tmp_path, HEADER + "2026-01-03,LIR-2,base,10,300,1,\n2026-01-02,LIR-2,base,10,300,1,\n", "b.csv")
    result = run("hold", one, two, "--config", MD)
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {two}:3:12: table: duplicate row: LIR-2, base, 2026-01-02 is also at {one}:4"


def test_a_duplicate_row_in_another_file_is_reported_as_json_too(tmp_path):
    """The problems come as one JSON object with --format json (line numbers plain integers)."""
    one = write(tmp_path, HEADER + "2026-01-01,LIR-2,base,10,300,1,\n2026-01-02,LIR-2,base,10,300,1,\n", "a.csv")
    two = write(tmp_path, HEADER + "2026-01-02,LIR-2,base,10,300,1,\n", "b.csv")
    result = run("hold", one, two, "--config", MD, "--format", "json")
    assert result.exit_code == 2
    problems = json.loads(result.output[result.output.index("{"):])["problems"]
    assert [(p["file"], p["line"], p["column"], p["path"]) for p in problems] == [(str(two), 2, 12, "table")]
    assert problems[0]["message"] == f"duplicate row: LIR-2, base, 2026-01-02 is also at {one}:3"
