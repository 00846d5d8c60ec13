"""A period played at stakes so far apart that its mixture would pass the window (the Maryland example's
base game at $10 and $100) is judged on a lattice a little coarser than its outcomes' own: every form of
the hold report says so, with the lattice and the most it can add to the variance, and that bound holds
against the mixture's own variance. A period at one stake, or at stakes whose mixture fits, says nothing.
"""
from __future__ import annotations

import csv
import json
from math import gcd
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath.period import one_round
from lit_compliance.gamemath.period_total import lattice_step
from lit_compliance.hold.levels import Mixtures
from lit_compliance.table.theory import load_theory, sheet
from mixtures import held_variance

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"
FAR = ((10, 1200), (100, 800))       # far apart: the window would pass 65,536 points of a $10 lattice
NEAR = ((10, 1000), (20, 1000))


def _results(tmp_path: Path, theory) -> Path:
    k = theory.wagers["base"].units_per_round
    far = ";".join(f"{s}:{r}" for s, r in FAR)
    near = ";".join(f"{s}:{r}" for s, r in NEAR)
    path = tmp_path / "r.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,stakes\n"
                    f"far,{theory.table},base,2000,{k * sum(s * r for s, r in FAR):.2f},-150000.00,{far}\n"
                    f"one,{theory.table},base,2000,{k * 10 * 2000:.2f},-40000.00,\n"
                    f"near,{theory.table},base,2000,{k * sum(s * r for s, r in NEAR):.2f},-60000.00,{near}\n")
    return path


def _own_step(theory, levels) -> float:
    """The finest lattice every level's total is on: each stake times its outcomes' step, in cents."""
    values, _ = one_round(sheet(theory, "base"))
    cents = [round(s * lattice_step(values) * 100) for s, _r in levels]
    g = 0
    for c in cents:
        g = gcd(g, c)
    return g / 100


def test_a_mixture_on_a_coarser_lattice_says_so_and_the_variance_it_adds_is_within_what_it_says():
    theory = load_theory(MD)
    far = Mixtures().of(theory, "base", tuple((float(s), r, None) for s, r in FAR))
    assert far.coarser_lattice is not None and far.coarser_lattice > _own_step(theory, FAR)
    added = held_variance(far) / far.var - 1
    assert -1e-9 <= added <= far.variance_added_at_most
    assert far.variance_added_at_most < 1e-4
    near = Mixtures().of(theory, "base", tuple((float(s), r, None) for s, r in NEAR))
    assert near.coarser_lattice is None and near.variance_added_at_most is None
    assert held_variance(near) / near.var - 1 == pytest.approx(0.0, abs=1e-9)


def test_every_form_of_the_hold_report_names_the_coarser_lattice_where_a_result_was_judged_on_one(tmp_path):
    theory = load_theory(MD)
    path = _results(tmp_path, theory)
    run = {f: CliRunner().invoke(main, ["hold", str(path), "--config", str(MD), "--format", f])
           for f in ("json", "text", "csv")}
    for got in run.values():
        assert got.exit_code in (0, 1), got.output[-800:]
    wager = json.loads(run["json"].stdout)["tables"][0]["wagers"][0]
    by = {p["period"]: p for p in wager["periods"]}
    far = Mixtures().of(theory, "base", tuple((float(s), r, None) for s, r in FAR))
    assert by["far"]["stakes"]["coarser_lattice"] == pytest.approx(far.coarser_lattice, rel=1e-12)
    assert by["far"]["stakes"]["variance_added_at_most"] == pytest.approx(far.variance_added_at_most, rel=1e-12)
    for quiet in ("one", "near"):
        assert "coarser_lattice" not in by[quiet]["stakes"] and "variance_added_at_most" not in by[quiet]["stakes"]
    cumulative = wager["cumulative"]
    assert cumulative["band_from"] == "mixture" and cumulative["coarser_lattice"] > _own_step(theory, FAR + NEAR)

    step = by["far"]["stakes"]["coarser_lattice"]
    assert by["far"]["outside"]                                    # so the text lists it
    line = next(x for x in run["text"].stdout.splitlines() if x.strip().startswith("far:"))
    assert f"computed on a lattice of ${step:,.4f}, coarser than the stakes' own" in line
    cum_line = next(x for x in run["text"].stdout.splitlines() if x.strip().startswith("cumulative,"))
    assert f"computed on a lattice of ${cumulative['coarser_lattice']:,.4f}" in cum_line

    rows = {r["period"]: r for r in csv.DictReader(run["csv"].stdout.splitlines()) if r["wager"] == "base"}
    assert float(rows["far"]["coarser_lattice"]) == pytest.approx(step, rel=1e-9)
    assert float(rows["far"]["variance_added_at_most"]) == pytest.approx(     # the CSV's ten decimals
        by["far"]["stakes"]["variance_added_at_most"], abs=1e-10)
    assert rows["one"]["coarser_lattice"] == rows["near"]["coarser_lattice"] == ""
    assert float(rows["cumulative"]["coarser_lattice"]) == pytest.approx(cumulative["coarser_lattice"], rel=1e-9)


def test_results_judged_by_edges_on_a_coarser_lattice_say_so(computed, monkeypatch):
    """The one-stake table's band edges at a grid point whose total no window held (reached by making
    the widest window tiny): every period and cumulative result read from it says so, with the lattice
    in money (the table's lattice in units times the period's stake) and the share it may add."""
    from lit_compliance.gamemath import period, period_total

    monkeypatch.setattr(period_total, "WIDE_POINTS", 1 << 10)
    results = ROOT / "examples" / "results" / "tribal-12-anomaly.csv"
    config = ROOT / "examples" / "configs" / "tribal.yaml"
    run = {f: CliRunner().invoke(main, ["hold", str(results), "--config", str(config), "--format", f])
           for f in ("json", "text", "csv")}
    for got in run.values():
        assert got.exit_code in (0, 1), got.output[-800:]
    wagers = json.loads(run["json"].stdout)["tables"][0]["wagers"]
    base = next(w for w in wagers if w["wager"] == "base")
    theory = load_theory(config)
    values, probs = one_round(sheet(theory, "base"))
    edges = period.Edges(values, probs)
    judged = [p for p in base["periods"] if p["status"] == "judged"]
    assert judged
    for p in judged:
        step, share = edges.coarser_at(p["rounds"])
        assert p["stakes"]["coarser_lattice"] == pytest.approx(step * p["average_bet"], rel=1e-12)
        assert p["stakes"]["variance_added_at_most"] == pytest.approx(share, rel=1e-12)
        assert step > lattice_step(values)
    cum = base["cumulative"]
    assert cum["band_from"] == "one stake" and cum["coarser_lattice"] > 0
    line = next(x for x in run["text"].stdout.splitlines() if x.strip().startswith("cumulative,") and
                f"${cum['coarser_lattice']:,.4f}" in x)
    assert "judged on its one-stake bands, computed on a lattice of" in line
    rows = [r for r in csv.DictReader(run["csv"].stdout.splitlines()) if r["wager"] == "base" and r["status"] == "judged"]
    assert rows and all(float(r["coarser_lattice"]) > 0 for r in rows)


def test_a_wager_paying_fixed_sums_at_four_stakes_that_do_not_divide_them_is_judged_not_an_internal_error(tmp_path):
    """The fifth session's fuzz run's case: the Maryland example's Six Card Bonus at $5, $7, $11 and
    $13 once ran out of memory (7.8 GB) and stopped with an internal error. It is judged on its
    mixture, and what the report says of its lattice is the mixture's."""
    path = tmp_path / "six4.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win,stakes\n"
                    "p1,LIR-2,six-card-bonus,200,1800.00,300.00,5:50;7:50;11:50;13:50\n")
    got = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD), "--format", "json"])
    assert got.exit_code in (0, 1), got.output[-800:]
    period = json.loads(got.stdout)["tables"][0]["wagers"][0]["periods"][0]
    assert period["stakes"]["judged_as"] == "mixture"
    mix = Mixtures().of(load_theory(MD), "six-card-bonus", tuple((float(s), 50, None) for s in (5, 7, 11, 13)))
    assert period["theoretical_win"] == pytest.approx(mix.mean, rel=1e-12)
    assert period["sd"] == pytest.approx(mix.sd, rel=1e-12)
    assert period["stakes"].get("coarser_lattice") == (None if mix.coarser_lattice is None else
                                                       pytest.approx(mix.coarser_lattice, rel=1e-12))
