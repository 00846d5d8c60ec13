"""The power of the hold check: how many rounds a result must hold before the alarm rings for a
standard set of anomalies, at the default settings.

For each anomaly, the table's honest theory (the configuration's PAR sheet) is what ``hold`` judges
by, and the rounds are drawn from the anomalous table's exact distribution of one round (each total of
n rounds a multinomial draw of the outcomes). A result raises the alarm when its two-sided p-value, in
the exact distribution of the honest total (``gamemath.period.Edges``, the tables ``hold`` reads), is
at most the default rate, 1%, judged alone (a report of k results divides the rate by k: see
docs/hold.md). Printed: the fewest rounds, on a grid of four a decade, at which the alarm rings in at least
50% and at least 90% of draws (400 draws each), and the shift of the hold the anomaly makes.

    python benchmarks/bench_power.py [--draws 400] [--seed 30]

Anomalies: a line paid one unit more than its paytable (each wager's likeliest paying line, on the
Maryland and Tribal example tables), a progressive meter not reset after its award (left at twice
the reset), and a house paytable swapped for another (Maryland's three-card bonus played on
Paytable B while configured A; its five-card bonus played on A while configured B).
"""
from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from lit_compliance.gamemath.period import Edges, one_round
from lit_compliance.model.par_vocabulary import hand_text
from lit_compliance.table.theory import _sheet, load_theory, sheet

ROOT = Path(__file__).resolve().parent.parent
GRID = [int(round(10 ** (k / 4))) for k in range(8, 33)]      # 100 .. 100,000,000 rounds
ALARM = 0.01


def _line_plus_one(s, table) -> tuple:
    """The sheet's figures with its likeliest paying line paid one unit more (per bet riding on the base
    game), and that line in words."""
    body = s.body
    paying = [r for r in body.rows if r.net is not None and r.net > 0 and r.probability]
    row = max(paying, key=lambda r: r.probability)
    rows = tuple(replace(r, net=r.net + 1) if r is row else r for r in body.rows)
    said = hand_text(body.kind.value, table, row.line, row.category)
    return replace(body, rows=rows), f"{said} paid one unit more"


def _rounds_needed(honest: tuple, actual: tuple, draws: int, rng) -> tuple[int | None, int | None, float]:
    hv, hp = honest
    av, ap = actual
    mean = float(hv @ hp)
    sd = float(np.sqrt(((hv - mean) ** 2) @ hp))
    # the actual outcomes priced on the honest lattice of values: draw counts of the actual outcomes
    edges = Edges(hv, hp)
    half = ninety = None
    for n in GRID:
        counts = rng.multinomial(n, ap, size=draws)
        totals = counts @ av
        z = (totals - n * mean) / (sd * np.sqrt(n))
        share = float((edges.p_values(z, np.full(draws, n)) <= ALARM).mean())
        if half is None and share >= 0.5:
            half = n
        if share >= 0.9:
            ninety = n
            break
    return half, ninety, float(av @ ap) - mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    cases = []
    for name in ("maryland", "tribal"):
        th = load_theory(ROOT / "examples" / "configs" / f"{name}.yaml")
        for wid in th.wagers:
            s = sheet(th, wid)
            honest = one_round(s)
            if honest is None:
                continue
            bad, what = _line_plus_one(s, th.choices[wid][1])
            cases.append((f"{name} {wid}: {what}", honest, one_round(bad), th.wagers[wid].units_per_round))
            reset = th.wagers[wid].meter_reset
            if reset:
                cases.append((f"{name} {wid}: meter not reset (left at twice the reset, {2 * reset:,.0f})",
                              honest, one_round(sheet(th, wid, meter=2 * reset)), 1))
    md = load_theory(ROOT / "examples" / "configs" / "maryland.yaml")
    for wid, other in (("three-card-bonus", "b"), ("five-card-bonus", "a")):
        wager, table, opts = md.choices[wid]
        if table is None or table.id == other:
            continue
        swapped = _sheet(md.model, wager, wager.paytable(other), opts)
        cases.append((f"maryland {wid}: Paytable {other.upper()} played, {table.id.upper()} configured",
                      one_round(sheet(md, wid)), one_round(swapped), 1))
    print(f"{'anomaly':<90} {'hold shift':>11} {'50% at':>12} {'90% at':>12}")
    t0 = time.process_time()
    for label, honest, actual, units in cases:
        half, ninety, shift = _rounds_needed(honest, actual, args.draws, rng)
        fmt = lambda n: f"{n:,}" if n else f"> {GRID[-1]:,}"  # noqa: E731
        print(f"{label:<90} {shift / units:>+10.3%} {fmt(half):>12} {fmt(ninety):>12}")
    print(f"(CPU {time.process_time() - t0:.1f} s; {args.draws} draws a grid point, alarm at p <= {ALARM:.0%} "
          "for one result judged alone)")


if __name__ == "__main__":
    main()
