"""Stakes as played (issue 30): a period played at several stakes, given as a ``stakes`` histogram or as
rows per stake level, is judged on the exact distribution of its total (the mixture of its levels), and
its bands are calibrated: honest simulated periods fall outside each band as often as the band says,
within binomial error. Judged at its average stake instead (one stake assumed), the same periods fall
outside far more often (the issue measured 9.7% / 3.2% / 0.61% at $10 and $100).

Honest periods are drawn from the exact distribution of one round at each level (the PAR sheet's, at
that level's stake where the wager pays money amounts), as tests/hold/test_hold_calibration.py does; the
slow run covers every priced wager of every example configuration.
"""
from __future__ import annotations

from math import sqrt
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath.period import one_round
from lit_compliance.gamemath.period_total import cdf
from lit_compliance.hold.judge import judge
from lit_compliance.hold.levels import Mixtures
from lit_compliance.hold.results import read_results
from lit_compliance.table.theory import load_theory, sheet

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"
TRIBAL = ROOT / "examples" / "configs" / "tribal.yaml"
CONFIGS = sorted(p for p in (ROOT / "examples" / "configs").glob("*.yaml") if not p.stem.startswith("noncompliant"))
LEVELS = {"95": 0.05, "99": 0.01, "99.9": 0.001}


def _binomial_ok(count, trials, alpha):
    return abs(count / trials - alpha) <= 4 * sqrt(alpha * (1 - alpha) / trials) + 0.5 / trials


def _honest(theory, wid, levels, trials, rng):
    """House win in money of ``trials`` honest periods of ``levels`` ((stake, rounds), ...)."""
    w = theory.wagers[wid]
    total = np.zeros(trials)
    for stake, rounds in levels:
        values, probs = one_round(sheet(theory, wid, None, float(stake) if w.stake_dependent else None))
        total += stake * (rng.multinomial(rounds, probs, size=trials) @ values)
    return np.round(total, 2)


def _write(path: Path, theory, wid, levels, wins, form: str) -> Path:
    """The periods as a results file: ``histogram`` (a stakes column), ``rows`` (a row per stake level,
    the house win on the first) or ``average`` (one row, no stakes: one stake assumed)."""
    k = theory.wagers[wid].units_per_round
    rounds = sum(r for _s, r in levels)
    wagered = sum(k * s * r for s, r in levels)
    if form == "histogram":
        cell = ";".join(f"{s:g}:{r}" for s, r in levels)
        lines = ["period,table,wager,rounds,wagered,house_win,stakes"]
        lines += [f"p{i},{theory.table},{wid},{rounds},{wagered:.2f},{x:.2f},{cell}" for i, x in enumerate(wins)]
    elif form == "rows":
        lines = ["period,table,wager,rounds,wagered,house_win,stake"]
        for i, x in enumerate(wins):
            for j, (s, r) in enumerate(levels):
                lines.append(f"p{i},{theory.table},{wid},{r},{k * s * r:.2f},{x if j == 0 else 0:.2f},{s:g}")
    else:
        lines = ["period,table,wager,rounds,wagered,house_win"]
        lines += [f"p{i},{theory.table},{wid},{rounds},{wagered:.2f},{x:.2f}" for i, x in enumerate(wins)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _judged_periods(path: Path, theory) -> list[dict]:
    res, problems = read_results(path)
    assert not problems, problems[:3]
    return judge([res], [theory], "99", path=False)["tables"][0]["wagers"][0]["periods"]


def _exact_outside(theory, wid, levels) -> dict:
    """The exact chance that an honest total lies outside each band, from the mixture itself."""
    mix = Mixtures().of(theory, wid, tuple(sorted((float(s), r, None) for s, r in levels)))
    out = {}
    for lv, (lo, hi) in mix.edges().items():
        low, high = mix.mean + lo * mix.sd, mix.mean + hi * mix.sd
        out[lv] = float((cdf(mix.pieces, np.array([low]))[0] + mix.total - cdf(mix.pieces, np.array([high]))[0])
                        / mix.total)
    return out


@pytest.mark.parametrize("config, wid, levels, form", [
    (MD, "three-card-bonus", ((10, 1000), (100, 1000)), "histogram"),   # the case
    (TRIBAL, "base", ((5, 1500), (50, 500)), "rows"),
])
def test_periods_played_at_several_stakes_fall_outside_each_band_as_often_as_it_says(tmp_path, config, wid, levels,
                                                                                     form):
    theory = load_theory(config)
    trials = 3000
    wins = _honest(theory, wid, levels, trials, np.random.default_rng(30))
    periods = _judged_periods(_write(tmp_path / "r.csv", theory, wid, levels, wins, form), theory)
    judged = [p for p in periods if p["status"] == "judged"]
    assert len(judged) == trials
    assert all(p["stakes"]["judged_as"] == "mixture" and p["stakes"]["levels"] == [list(x) for x in levels]
               for p in judged)
    for level, alpha in LEVELS.items():
        outside = sum(p["bands"][level] for p in judged)
        assert _binomial_ok(outside, trials, alpha), (level, outside / trials)
    # the theoretical win and SD are the levels' own, added
    w = theory.wagers[wid]
    mean = sum(w.mean * s * r for s, r in levels)
    sd = sqrt(sum((w.sd * s) ** 2 * r for s, r in levels))
    assert judged[0]["theoretical_win"] == pytest.approx(mean, rel=1e-9)
    assert judged[0]["sd"] == pytest.approx(sd, rel=1e-9)
    # p-values agree with the bands: a period outside the 99% band has p below 1%
    assert all(p["p_value"] <= 0.01 * (1 + 1e-9) for p in judged if p["bands"]["99"])
    if wid == "three-card-bonus":
        # the same periods judged at their average stake (one stake assumed) leave far more outside
        average = [p for p in _judged_periods(_write(tmp_path / "a.csv", theory, wid, levels, wins, "average"),
                                              theory) if p["status"] == "judged"]
        assert all(p["stakes"]["judged_as"] == "one stake" for p in average)
        assert sum(p["bands"]["99"] for p in average) / trials > 0.02


def test_the_mixture_of_one_level_is_the_one_stake_band(tmp_path):
    """A histogram of a single stake is judged exactly as a row at that stake: the same bands."""
    theory = load_theory(MD)
    wins = _honest(theory, "three-card-bonus", ((10, 2000),), 200, np.random.default_rng(1))
    one = _judged_periods(_write(tmp_path / "h.csv", theory, "three-card-bonus", ((10, 2000),), wins, "histogram"),
                          theory)
    plain = _judged_periods(_write(tmp_path / "a.csv", theory, "three-card-bonus", ((10, 2000),), wins, "average"),
                            theory)
    assert [p["bands"] for p in one] == [p["bands"] for p in plain]
    assert one[0]["stakes"]["judged_as"] == "one stake" and one[0]["stakes"]["from"] == "histogram"


def test_fixed_sums_in_a_mixture_are_paid_at_each_level_s_stake(tmp_path):
    """A wager paying money amounts the rules state for no wager amount: each level is priced at its
    own stake, so the mixture's mean is not the average stake's."""
    theory = load_theory(MD)
    fixed = [wid for wid, w in theory.wagers.items() if w.stake_dependent and w.meter_reset is None
             and w.mean is not None]
    if not fixed:
        pytest.skip("the Maryland example offers no fixed-sum wager")
    wid = fixed[0]
    w = theory.wagers[wid]
    levels = ((w.minimum, 1000), (w.maximum, 1000))
    wins = _honest(theory, wid, levels, 5, np.random.default_rng(2))
    p = _judged_periods(_write(tmp_path / "f.csv", theory, wid, levels, wins, "histogram"), theory)[0]
    want = sum(s * r * float(np.dot(*one_round(sheet(theory, wid, None, float(s))))) for s, r in levels)
    assert p["theoretical_win"] == pytest.approx(want, rel=1e-9)


@pytest.mark.parametrize("cell, message", [
    ("10:1000;100:999", "its rounds add up to 1,999, not the row's 2,000 rounds"),
    ("10:1000;10:1000", "the stake 10 is given twice"),
    ("10-1000", "is not STAKE:ROUNDS"),
    ("0:1000;100:1000", "the stake must be a positive amount"),
])
def test_a_bad_stakes_histogram_is_named_at_its_cell(tmp_path, cell, message):
    theory = load_theory(MD)
    path = tmp_path / "r.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,stakes\n"
                    f"p1,{theory.table},three-card-bonus,2000,110000.00,0.00,{cell}\n")
    out = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD)])
    assert out.exit_code == 2
    assert f"r.csv:2:" in out.output and "stakes:" in out.output and message in out.output
    assert "Traceback" not in out.output


def test_stakes_that_do_not_add_up_to_the_amount_wagered_are_named(tmp_path):
    theory = load_theory(MD)
    path = tmp_path / "r.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,stakes,stake\n"
                    f"p1,{theory.table},three-card-bonus,2000,100000.00,0.00,10:1000;100:1000,\n"
                    f"p2,{theory.table},three-card-bonus,2000,100000.00,0.00,,10\n")
    out = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD)])
    assert out.exit_code == 2
    assert "r.csv:2:" in out.output and "come to 110,000.00, not the 100,000.00 wagered" in out.output
    assert "r.csv:3:" in out.output and "is 20,000.00, not the 100,000.00 wagered" in out.output


def test_a_level_outside_the_limits_is_a_data_error_even_when_the_average_is_inside(tmp_path):
    theory = load_theory(MD)
    w = theory.wagers["three-card-bonus"]
    levels = ((w.minimum, 1000), (w.maximum * 2, 100))
    path = _write(tmp_path / "r.csv", theory, "three-card-bonus", levels, [0.0], "histogram")
    p = _judged_periods(path, theory)[0]
    assert p["status"] == "data_error"


@pytest.mark.slow  # every priced wager of every example table, at its least and a larger stake
@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_mixed_stakes_of_every_wager_of_every_example_table_are_calibrated(tmp_path, config):
    theory = load_theory(config)
    rng = np.random.default_rng(300)
    tried = 0
    for wid, w in theory.wagers.items():
        if w.mean is None or w.stake_stated:
            continue
        low = w.minimum or 1.0
        high = min(w.maximum or 10 * low, 10 * low)
        if not high > low:
            continue
        levels = ((low, 1500), (high, 500))
        trials = 2000
        wins = _honest(theory, wid, levels, trials, rng)
        periods = _judged_periods(_write(tmp_path / f"{wid}.csv", theory, wid, levels, wins, "histogram"), theory)
        judged = [p for p in periods if p["status"] == "judged"]
        if not judged:
            continue                       # too short to judge at 2,000 rounds
        exact = _exact_outside(theory, wid, levels)
        for level, alpha in LEVELS.items():
            outside = sum(p["bands"][level] for p in judged)
            assert exact[level] <= alpha * (1 + 1e-6), (config.stem, wid, level, exact[level])
            assert _binomial_ok(outside, len(judged), exact[level]), (config.stem, wid, level, outside / len(judged),
                                                                      exact[level])
        tried += 1
    assert tried


def test_the_results_schema_describes_the_columns_the_reader_reads(tmp_path):
    """schema/results.schema.json (the YAML/JSON form of a results file) names exactly the reader's
    columns, requires its required ones, and accepts what the reader accepts: the bundled example
    results as rows, rows per stake level and a stakes histogram; a malformed histogram fails both."""
    import csv
    import json

    import jsonschema

    from lit_compliance.hold.results import COLUMNS, REQUIRED

    schema = json.loads((ROOT / "schema" / "results.schema.json").read_text(encoding="utf-8"))
    row = schema["$defs"]["row"]
    assert set(row["properties"]) == set(COLUMNS)
    assert set(row["required"]) == set(REQUIRED)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted((ROOT / "examples" / "results").glob("*.csv")):
        rows = []
        for r in csv.DictReader(path.open(encoding="utf-8")):
            r = {k: v for k, v in r.items() if v != ""}
            r.update(rounds=int(r["rounds"]), wagered=float(r["wagered"]), house_win=float(r["house_win"]))
            if "meter" in r:
                r["meter"] = float(r["meter"])
            rows.append(r)
        assert not list(validator.iter_errors(rows)), path.name
        out = tmp_path / (path.stem + ".yaml")
        out.write_text(json.dumps({"rows": rows}))
        assert not read_results(out)[1]
    theory = load_theory(MD)
    good = [{"period": "p1", "table": theory.table, "wager": "three-card-bonus", "rounds": 2000, "wagered": 110000,
             "house_win": 0, "stakes": "10:1000;100:1000"},
            {"period": "p2", "table": theory.table, "wager": "three-card-bonus", "rounds": 1000, "wagered": 10000,
             "house_win": 0, "stake": 10},
            {"period": "p2", "table": theory.table, "wager": "three-card-bonus", "rounds": 1000, "wagered": 100000,
             "house_win": 0, "stake": 100}]
    assert not list(validator.iter_errors(good))
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good))
    res, problems = read_results(path)
    assert not problems
    periods = judge([res], [theory], "99", path=False)["tables"][0]["wagers"][0]["periods"]
    assert [p["stakes"]["from"] for p in periods] == ["histogram", "rows"]
    bad = [dict(good[0], stakes="10-1000")]
    assert list(validator.iter_errors(bad))
    path.write_text(json.dumps(bad))
    assert any(p.path == "stakes" for p in read_results(path)[1])


def test_the_csv_report_says_how_each_period_s_stakes_were_given_and_judged_as_the_json_does(tmp_path):
    """``hold --format csv`` carries the stakes as played (where from, judged as a mixture or one
    stake, the levels as a histogram) for every period, as ``--format json`` does; a cumulative row
    says which its bands are from."""
    import csv
    import json

    theory = load_theory(MD)
    w = theory.wagers["three-card-bonus"]
    k = w.units_per_round
    path = tmp_path / "r.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,stakes,stake\n"
                    f"p1,{theory.table},three-card-bonus,2000,{k * (10 * 1000 + 100 * 1000):.2f},0.00,10:1000;100:1000,\n"
                    f"p2,{theory.table},three-card-bonus,2000,{k * 10 * 2000:.2f},0.00,,10\n"
                    f"p3,{theory.table},three-card-bonus,2000,{k * 10 * 2000:.2f},0.00,,\n")
    as_json = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD), "--format", "json"])
    as_csv = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD), "--format", "csv"])
    assert as_json.exit_code in (0, 1) and as_csv.exit_code == as_json.exit_code, as_csv.output[-500:]
    periods = json.loads(as_json.stdout)["tables"][0]["wagers"][0]
    rows = [r for r in csv.DictReader(as_csv.stdout.splitlines()) if r["wager"] == "three-card-bonus"]
    by_period = {r["period"]: r for r in rows}
    assert [p["stakes"]["from"] for p in periods["periods"]] == ["histogram", "stake", "average"]
    for p in periods["periods"]:
        row = by_period[p["period"]]
        assert (row["stakes_from"], row["judged_as"]) == (p["stakes"]["from"], p["stakes"]["judged_as"])
        levels = p["stakes"]["levels"]
        assert row["stakes"] == (";".join(f"{s:g}:{r}" for s, r in levels) if levels else "")
    assert by_period["p1"]["judged_as"] == "mixture" and by_period["p1"]["stakes"] == "10:1000;100:1000"
    assert by_period["p3"]["judged_as"] == "one stake" and by_period["p3"]["stakes"] == ""
    cumulative = periods["cumulative"]
    assert by_period["cumulative"]["judged_as"] == (cumulative.get("band_from") or "")
