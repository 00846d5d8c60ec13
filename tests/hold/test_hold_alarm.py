"""The nightly alarm of the hold check: an honest table raises it no more often than the stated
family-wise rate over a whole report (every period and every cumulative result), while a base game
paying a pair of tens or better 2 to 1 is still caught within a month of 2,000-round days.

Honest periods are drawn from the exact distribution of one round (the PAR sheet's), as in
tests/hold/test_hold_calibration.py: each period's outcome counts are multinomial over the round's outcomes.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lit_compliance.hold.judge import judge
from lit_compliance.gamemath.period import Edges, one_round
from lit_compliance.hold.results import read_results
from lit_compliance.table.theory import load_theory, sheet

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"
TRIBAL = ROOT / "examples" / "configs" / "tribal.yaml"
DAYS, ROUNDS = 30, 2000


def _month(theory, rng, reports: int, extra: dict | None = None) -> list[str]:
    """``reports`` months of results (CSV text) of every priced wager at its configured stake."""
    parts = []
    for wid, w in theory.wagers.items():
        if w.mean is None:
            continue
        values, probs = one_round(sheet(theory, wid))
        values = values - (extra or {}).get(wid, 0)
        stake = w.stake if w.stake_stated else (w.minimum or 1.0)
        counts = rng.multinomial(ROUNDS, probs, size=(reports, DAYS))
        parts.append((wid, w.units_per_round, stake, (counts @ values) * stake))
    out = []
    for r in range(reports):
        lines = ["period,table,wager,rounds,wagered,house_win"]
        for day in range(DAYS):
            for wid, k, stake, totals in parts:
                lines.append(f"d{day + 1:02d},{theory.table},{wid},{ROUNDS},{k * ROUNDS * stake:.2f},"
                             f"{totals[r, day]:.2f}")
        out.append("\n".join(lines) + "\n")
    return out


def _alarms(tmp_path, theory, texts: list[str]) -> list[dict]:
    got = []
    for i, text in enumerate(texts):
        path = tmp_path / f"m{i}.csv"
        path.write_text(text)
        res, problems = read_results(path)
        assert not problems, problems[:3]
        got.append(judge([res], [theory], "99", full=False, path=False)["alarm"])
    return got


def test_honest_months_raise_the_nightly_alarm_no_more_often_than_its_stated_rate(tmp_path):
    theory = load_theory(MD)
    reports = 300
    alarms = _alarms(tmp_path, theory, _month(theory, np.random.default_rng(30), reports))
    assert all(a["rate"] == 0.01 for a in alarms)
    assert min(a["tests"] for a in alarms) >= DAYS + 5          # every base and three-card day, and each cumulative
    raised = sum(a["raised"] for a in alarms)
    # at most 1%: P(Binomial(300, 0.01) >= 10) < 0.001; judging each period at 1% alone raised it on about
    # four tables in ten
    assert raised <= 9, raised


def test_a_pair_of_tens_paid_two_to_one_raises_the_alarm_within_a_month(tmp_path):
    theory = load_theory(TRIBAL)
    s = sheet(theory, "base")
    extra = []
    for row in s.rows:
        for b, deals in zip((1, 2, 3), row.deals):
            if deals:
                extra.append(b if "tens" in row.category else 0)
    reports = 100
    alarms = _alarms(tmp_path, theory, _month(theory, np.random.default_rng(31), reports,
                                              {"base": np.array(extra, dtype=float)}))
    assert sum(a["raised"] for a in alarms) >= 99
    assert all(any(f["period"] == "cumulative" for f in a["results"]) for a in alarms if a["raised"])


def test_p_values_of_honest_periods_are_uniform_in_their_tails():
    theory = load_theory(TRIBAL)
    values, probs = one_round(sheet(theory, "base"))
    edges = Edges(values, probs)
    rng = np.random.default_rng(32)
    n, trials = 2000, 20000
    totals = rng.multinomial(n, probs, size=trials) @ values
    mean, sd = float(values @ probs), float(np.sqrt(((values - values @ probs) ** 2) @ probs))
    p = edges.p_values((totals - n * mean) / (sd * np.sqrt(n)), np.full(trials, n))
    for alpha in (0.05, 0.01, 0.002):
        share = float((p <= alpha).mean())
        assert share <= alpha + 4 * np.sqrt(alpha * (1 - alpha) / trials), (alpha, share)
        assert share >= alpha / 3, (alpha, share)     # not so conservative as to be blind


@pytest.mark.slow
def test_honest_months_of_every_example_table_raise_the_alarm_at_most_at_its_rate(tmp_path):
    for config in sorted((ROOT / "examples" / "configs").glob("*.yaml")):
        if config.stem.startswith("noncompliant"):
            continue
        theory = load_theory(config)
        alarms = _alarms(tmp_path, theory, _month(theory, np.random.default_rng(33), 500))
        assert sum(a["raised"] for a in alarms) <= 13, config.stem   # P(Bin(500, .01) >= 14) < 0.001


def test_a_period_at_an_average_stake_between_the_limits_says_how_much_wider_its_spread_can_be(tmp_path):
    """Given only a period's average stake, the bands assume one stake; the report says how much wider
    the SD could be were the stakes spread across the table's limits: for Maryland's three-card bonus
    ($1 to $100) at an average of $10.90, a share 0.1 at $100 and 0.9 at $1 has an SD of
    sqrt(0.1 x 100^2 + 0.9 x 1) / 10.9 = 2.90 times the one-stake SD."""
    from click.testing import CliRunner

    from lit_compliance.cli import main

    theory = load_theory(MD)
    path = tmp_path / "r.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win\n"
                    f"p1,{theory.table},three-card-bonus,2000,21800.00,500.00\n")
    report = judge([read_results(path)[0]], [theory], "99")
    spread = report["tables"][0]["wagers"][0]["stake_spread"]
    w = theory.wagers["three-card-bonus"]
    low, high = w.minimum, w.maximum
    share = (10.9 - low) / (high - low)
    assert spread["limits"] == [low, high]
    assert spread["most_wider"] == pytest.approx((share * high ** 2 + (1 - share) * low ** 2) ** 0.5 / 10.9, rel=1e-9)
    text = CliRunner().invoke(main, ["hold", str(path), "--config", str(MD)]).output
    assert f"its SD could be up to {spread['most_wider']:.2f} times wider" in text
    # at the minimum stake every round is at that stake: nothing to say
    path.write_text("period,table,wager,rounds,wagered,house_win\n"
                    f"p1,{theory.table},three-card-bonus,2000,{2000 * low:.2f},50.00\n")
    assert "times wider" not in CliRunner().invoke(main, ["hold", str(path), "--config", str(MD)]).output


def _stated_rounds(anomaly: str) -> int:
    """The rounds at which benchmarks/bench_power.py states the alarm rings in 90% of draws, from its
    table in docs/hold.md."""
    import re

    text = (ROOT / "docs" / "hold.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.strip().startswith(f"| {anomaly} |"))
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    return int(re.sub(r"[^0-9]", "", cells[3]))


def test_a_pair_of_tens_paid_two_to_one_rings_the_nightly_alarm_within_the_rounds_the_benchmark_states(tmp_path):
    """The benchmark states the rounds a single result needs (alarm at 1%, judged alone) for the alarm
    to ring in 90% of draws. A nightly report of 2,000-round days reaching that many rounds, judged with
    the family-wise rate over all its days and the cumulative result (each at 1% / m), rings it at least
    that often (within three binomial SEs over 150 reports)."""
    stated = _stated_rounds("tribal base: Pair of tens or better paid one unit more")
    days = -(-stated // ROUNDS)
    theory = load_theory(TRIBAL)
    s = sheet(theory, "base")
    values, probs = one_round(s)
    extra = np.array([b if "tens" in row.category else 0 for row in s.rows
                      for b, deals in zip((1, 2, 3), row.deals) if deals], dtype=float)
    rng = np.random.default_rng(34)
    reports = 150
    texts = []
    for _ in range(reports):
        totals = rng.multinomial(ROUNDS, probs, size=days) @ (values - extra) * 5
        texts.append("period,table,wager,rounds,wagered,house_win\n" + "".join(
            f"d{d + 1:02d},{theory.table},base,{ROUNDS},{3 * ROUNDS * 5:.2f},{x:.2f}\n" for d, x in enumerate(totals)))
    alarms = _alarms(tmp_path, theory, texts)
    assert all(a["tests"] == days + 1 for a in alarms)
    share = sum(a["raised"] for a in alarms) / reports
    assert share >= 0.9 - 3 * np.sqrt(0.9 * 0.1 / reports), (stated, days, share)


def _mixed_months(theory, rng, reports: int, levels: dict) -> list[str]:
    """``reports`` months of results, each wager's day played at its ``levels`` ((stake, rounds), ...),
    given as a stakes histogram."""
    parts = []
    for wid, lv in levels.items():
        w = theory.wagers[wid]
        total = np.zeros((reports, DAYS))
        for stake, rounds in lv:
            values, probs = one_round(sheet(theory, wid, None, float(stake) if w.stake_dependent else None))
            total += stake * (rng.multinomial(rounds, probs, size=(reports, DAYS)) @ values)
        wagered = sum(w.units_per_round * s * r for s, r in lv)
        cell = ";".join(f"{s:g}:{r}" for s, r in lv)
        parts.append((wid, sum(r for _s, r in lv), wagered, cell, total))
    out = []
    for r in range(reports):
        lines = ["period,table,wager,rounds,wagered,house_win,stakes"]
        for day in range(DAYS):
            for wid, n, wagered, cell, total in parts:
                lines.append(f"d{day + 1:02d},{theory.table},{wid},{n},{wagered:.2f},{total[r, day]:.2f},{cell}")
        out.append("\n".join(lines) + "\n")
    return out


@pytest.mark.parametrize("reports, most", [
    (100, 5),                                                  # P(Bin(100, .01) >= 6) < 0.001
    pytest.param(400, 11, marks=pytest.mark.slow),             # P(Bin(400, .01) >= 12) < 0.001
])
def test_honest_months_played_at_several_stakes_raise_the_alarm_no_more_often_than_its_rate(tmp_path, reports, most):
    """The issue measured stakes varying within a day (half the rounds at $10, half at $100) inflating
    false alarms 2-6x; given as a histogram, each day is judged on the exact mixture and the nightly
    alarm keeps its stated rate."""
    theory = load_theory(MD)
    levels = {"base": ((10, 1000), (100, 1000)), "three-card-bonus": ((10, 1000), (100, 1000))}
    alarms = _alarms(tmp_path, theory, _mixed_months(theory, np.random.default_rng(35), reports, levels))
    assert all(a["tests"] == 2 * (DAYS + 1) for a in alarms)
    assert sum(a["raised"] for a in alarms) <= most
