"""One record of a configured table's theory, read alike by every command that speaks about the table.

For every compliant example configuration, ``check`` and ``par CONFIG`` print the same whole-table
figures, the placard prints the paytables, stakes and meter reset the record prices, each wager's round is the record's (``table.theory.theory_of``) mean and SD at its stake, and
``hold``, given a period of each wager at that stake, states the same theoretical win and SD. Money
amounts the rules state for no wager amount (fixed sums) are priced at the stake played: a period at
$1, $5 and $25 a round is held to ``par CONFIG --bet`` at that bet. ``simulate``'s long-run mean is
held to the record in the slow run. A progressive is held at two meters (its reset, and a higher meter
given in the results and to ``par --meter``), and Massachusetts with its house paytable and Cover All.
"""
from __future__ import annotations

import json
from math import sqrt
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.table.theory import theory_of
from lit_compliance.model.table_vocabulary import theory_assumptions
from lit_compliance.table.config import load_config, ruleset_for

ROOT = Path(__file__).resolve().parents[2]
COMPLIANT = sorted(p for p in (ROOT / "examples" / "configs").glob("*.yaml") if not p.stem.startswith("noncompliant"))
ROUNDS = 1000


def _json(*args: str) -> dict:
    out = CliRunner().invoke(main, [*args, "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    return json.loads(out.output)


def _hold(tmp_path: Path, config: Path, table: str, periods: list[tuple[str, str, int, float]]) -> dict:
    """``hold``'s JSON for periods (label, wager, bets a round, stake), each of ROUNDS rounds with no win."""
    path = tmp_path / "results.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win\n" + "".join(
        f"{label},{table},{wager},{ROUNDS},{bets * ROUNDS * stake:.2f},0.00\n" for label, wager, bets, stake in periods))
    out = CliRunner().invoke(main, ["hold", str(path), "--config", str(config), "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    return {(w["wager"], p["period"]): p for w in json.loads(out.output)["tables"][0]["wagers"] for p in w["periods"]}


@pytest.mark.parametrize("config", COMPLIANT, ids=lambda p: p.stem)
def test_check_par_and_hold_read_one_record_of_the_configured_table(config, catalogue, tmp_path):
    cfg = load_config(config)
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    check = _json("check", str(config))["table"]
    par = _json("par", str(config))["table"]
    assert check == par
    assert check["wagers"], "a configured table prices at least its base game"
    for row in check["wagers"]:
        w = theory.wagers[row["wager"]]
        assert row["expected_win"] == pytest.approx(w.mean * row["stake"], rel=1e-12)
        assert row["standard_deviation"] == pytest.approx(w.sd * row["stake"], rel=1e-12)
    assert check["expected_win_per_round"] == pytest.approx(sum(r["expected_win"] for r in check["wagers"]), rel=1e-12)
    # every wager settled on one seat (Cover All on every seat's hand is judged by its own period)
    held = _hold(tmp_path, config, theory.table,
                 [(f"p-{r['wager']}", r["wager"], r["bets"], r["stake"]) for r in check["wagers"]])
    for row in check["wagers"]:
        p = held[(row["wager"], f"p-{row['wager']}")]
        assert p["status"] in ("judged", "too_short")
        assert p["theoretical_win"] == pytest.approx(row["expected_win"] * ROUNDS, rel=1e-9)
        assert p["sd"] == pytest.approx(row["standard_deviation"] * sqrt(ROUNDS), rel=1e-9)


def _fixed_sum_wagers(theory) -> list[str]:
    return [wid for wid, w in theory.wagers.items() if w.stake_dependent and not w.stake_stated
            and w.meter_reset is None and w.mean is not None]


@pytest.mark.parametrize("config", COMPLIANT, ids=lambda p: p.stem)
def test_fixed_sums_are_priced_at_the_stake_played_alike_in_hold_and_par(config, catalogue, tmp_path):
    cfg = load_config(config)
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    wagers = _fixed_sum_wagers(theory)
    if not wagers:
        pytest.skip(f"{config.stem} offers no wager paying money amounts the rules state for no wager amount")
    periods = []
    for wid in wagers:
        w = theory.wagers[wid]
        for stake in (1, 5, 25):
            if (w.minimum is None or stake >= w.minimum) and (w.maximum is None or stake <= w.maximum):
                periods.append((f"{wid}-{stake}", wid, w.units_per_round, stake))
    assert len({s for _l, _w, _b, s in periods}) >= 2, "at least two stakes of a fixed-sum wager are tried"
    held = _hold(tmp_path, config, theory.table, periods)
    for label, wid, bets, stake in periods:
        section = _json("par", str(config), "--wager", wid, "--bet", str(stake))["wagers"][0]["sections"][0]
        at_bet = section["per_hour"]
        assert at_bet["bet"] == stake
        # par's edge at this bet is hold's theoretical win per round at this stake; an edge fixed at the
        # $1 figure would give the same per-unit mean at every stake
        assert held[(wid, label)]["theoretical_win"] == pytest.approx(at_bet["house_edge_at_bet"] * stake * ROUNDS,
                                                                      rel=1e-9)
    means = {stake: held[(wid, label)]["theoretical_win"] / (stake * ROUNDS) for label, wid, _b, stake in periods
             if wid == wagers[0]}
    assert len(set(round(m, 9) for m in means.values())) == len(means), means   # the edge moves with the stake


@pytest.mark.slow  # 20,000 simulated rounds a table
@pytest.mark.parametrize("config", COMPLIANT, ids=lambda p: p.stem)
def test_simulated_long_run_results_are_what_the_record_expects(config, tmp_path):
    path = tmp_path / "sim.csv"
    out = CliRunner().invoke(main, ["simulate", str(config), "--rounds", "20000", "--seed", "30", "-o", str(path)])
    assert out.exit_code == 0, out.output
    report = CliRunner().invoke(main, ["hold", str(path), "--config", str(config), "--format", "json"])
    data = json.loads(report.output)
    assert data["alarm"]["raised"] is False, data["alarm"]
    cfg = load_config(config)
    from lit_compliance.load.catalogue import Catalogue

    theory = theory_of(cfg, ruleset_for(cfg, Catalogue.bundled()), offered_only=True, every_seat=True)
    wagers = data["tables"][0]["wagers"]
    assert wagers
    for w in wagers:
        c = w["cumulative"]
        record = theory.wagers[w["wager"]]
        if record.mean is None:
            continue
        # simulate plays each wager at the record's stake, and its long-run result is the record's mean
        # within the simulated rounds' own spread (the SD from the same record)
        stake = record.stake if record.stake_stated else record.minimum
        assert c["wagered"] == pytest.approx(record.units_per_round * stake * c["rounds"], rel=1e-12)
        assert c["theoretical_win"] == pytest.approx(record.mean * stake * c["rounds"], rel=1e-9)
        # (the exact distribution's p-value, not a count of SDs: a royal flush alone is 4 SD at 20,000 rounds)
        if c["status"] == "judged":
            assert c["p_value"] > 0.001, (w["wager"], c["z"], c["p_value"])


# -- the placard prints the record's paytables, stakes and meter --------------------------------------------

def _net_on_sign(pays: str, stake: float, meter: float | None) -> float:
    """The net per unit of the stake a sign's pays cell says ('11 to 1', '300 for 1', '$75', '10% of meter')."""
    import re

    text = pays.replace(",", "").strip()
    if m := re.fullmatch(r"([0-9.]+) to 1", text):
        return float(m.group(1))
    if m := re.fullmatch(r"([0-9.]+) for 1", text):
        return float(m.group(1)) - 1
    if m := re.fullmatch(r"\$([0-9.]+)", text):
        return float(m.group(1)) / stake - 1
    if m := re.fullmatch(r"([0-9.]+)% of meter", text):
        assert meter is not None, pays
        return float(m.group(1)) / 100 * meter / stake - 1
    raise AssertionError(f"a pays cell this test cannot read: {pays!r}")


def _money(text: str) -> list[float]:
    import re

    return [float(x.replace(",", "")) for x in re.findall(r"\$([0-9][0-9,]*(?:\.[0-9]+)?)", text)]


@pytest.mark.parametrize("config", COMPLIANT, ids=lambda p: p.stem)
def test_the_placard_prints_the_paytables_stakes_and_meter_the_record_prices(config, catalogue):
    from lit_compliance.report.par_json import sheet_json
    from lit_compliance.table.theory import sheet
    from lit_compliance.sign.placard import placard_view

    cfg = load_config(config)
    rs = ruleset_for(cfg, catalogue)
    theory = theory_of(cfg, rs, offered_only=True, every_seat=True)
    view = placard_view(rs, cfg, with_qr=False)
    assert [w["id"] for w in view["wagers"]] == list(theory.wagers)
    base = next(w for w in theory.wagers.values() if w.units_per_round == 3)
    assert any(_money(line)[-2:] == [base.minimum, base.maximum] for line in view["limits"]), view["limits"]
    checked = 0
    for shown in view["wagers"]:
        w = theory.wagers[shown["id"]]
        if w.mean is None:
            continue
        wager, table, _ = theory.choices[w.wager_id]
        said = sheet_json(sheet(theory, w.wager_id), wager, table)   # the rows as the PAR sheet says them
        rows = {r["hand"]: r["net"] for r in said["rows"] if r.get("net") is not None}
        meter = w.meter
        if w.units_per_round == 1 and not w.stake_stated:
            assert _money(shown["stake"]) == [w.minimum, w.maximum], shown["stake"]
        if w.meter_reset is not None:
            assert _money(shown["meter"]) == [w.meter_reset]
            assert meter == w.meter_reset            # the record prices the progressive at its reset
        lines = [(r["hand"], r["pays"]) for t in shown["tables"] for r in t["rows"]]
        if shown["matrix"]:                          # Cover All: the column for the table's seats
            m = shown["matrix"]
            col = m["columns"].index(str(theory.seats))
            lines += [(r["hand"], r["cells"][col]) for r in m["rows"]]
        assert lines, shown["id"]
        for hand, pays in lines:
            if hand in rows:
                assert _net_on_sign(pays, w.stake, meter) == pytest.approx(rows[hand], rel=1e-12), (shown["id"], hand)
                checked += 1
        assert checked, shown["id"]
    assert checked >= len([w for w in theory.wagers.values() if w.mean is not None])


# -- a progressive at two meters ----------------------------------------------------------------------------

def _progressive_configs() -> list[Path]:
    out = []
    for config in COMPLIANT:
        if "progressive:" in config.read_text(encoding="utf-8"):
            out.append(config)
    return out


@pytest.mark.parametrize("config", _progressive_configs(), ids=lambda p: p.stem)
def test_a_progressive_at_its_reset_and_at_a_higher_meter_is_priced_alike_by_hold_and_par(config, catalogue,
                                                                                           tmp_path):
    cfg = load_config(config)
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    wid = next(wid for wid, w in theory.wagers.items() if w.meter_reset is not None)
    w = theory.wagers[wid]
    stake = w.stake if w.stake_stated else w.minimum
    higher = 2.5 * w.meter_reset
    path = tmp_path / "results.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,meter\n"
                    f"reset,{theory.table},{wid},{ROUNDS},{ROUNDS * stake:.2f},0.00,\n"
                    f"given,{theory.table},{wid},{ROUNDS},{ROUNDS * stake:.2f},0.00,{higher:.2f}\n")
    out = CliRunner().invoke(main, ["hold", str(path), "--config", str(config), "--format", "json"])
    assert out.exit_code in (0, 1), out.output
    held = {p["period"]: p for p in json.loads(out.output)["tables"][0]["wagers"][0]["periods"]}
    assert held["reset"]["meter_from"] == "reset" and held["given"]["meter_from"] == "row"
    at_reset = _json("par", str(config), "--wager", wid)["wagers"][0]["sections"][0]
    at_higher = _json("par", str(config), "--wager", wid, "--meter", f"{higher:.2f}")["wagers"][0]["sections"][0]
    assert at_reset["meter"]["priced_at"] == w.meter_reset and at_higher["meter"]["priced_at"] == pytest.approx(higher)
    for label, section in (("reset", at_reset), ("given", at_higher)):
        assert held[label]["theoretical_win"] == pytest.approx(section["totals"]["house_edge"] * stake * ROUNDS, rel=1e-9)
        assert held[label]["sd"] == pytest.approx(section["totals"]["standard_deviation"] * stake * sqrt(ROUNDS),
                                                  rel=1e-9)
    assert at_reset["totals"]["house_edge"] == pytest.approx(w.mean, rel=1e-12)
    assert at_higher["totals"]["house_edge"] < at_reset["totals"]["house_edge"]     # a higher meter returns more


def test_massachusetts_prices_its_house_paytable_and_cover_all_alike_in_check_par_and_hold(catalogue, tmp_path):
    config = ROOT / "examples" / "configs" / "massachusetts.yaml"
    cfg = load_config(config)
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    check = _json("check", str(config))["table"]
    assert check == _json("par", str(config))["table"]
    rows = {r["wager"]: r for r in check["wagers"]}
    assert {"base", "cover-all"} <= set(rows) and not check["left_out"]
    assert theory.wagers["base"].paytable_name == "House paytable"
    assert rows["base"]["paytable"] == "the house paytable"
    assert check["expected_win_per_round"] == pytest.approx(sum(r["expected_win"] for r in rows.values()), rel=1e-12)
    held = _hold(tmp_path, config, theory.table, [(f"p-{wid}", wid, r["bets"], r["stake"]) for wid, r in rows.items()])
    for wid, r in rows.items():
        p = held[(wid, f"p-{wid}")]
        assert p["theoretical_win"] == pytest.approx(theory.wagers[wid].mean * r["stake"] * ROUNDS, rel=1e-9)
    assert theory.wagers["cover-all"].seats_assumed == theory.seats
    assert any(str(theory.seats) in a for a in theory_assumptions(theory.wagers["cover-all"]))
