"""The player's bands of each example configuration (what a cold ``check`` spends most on), each way
measured in one interleaved run: as the engine makes them now, and with each of this round's three
savings turned off alone, so each ratio says what that saving is worth on that table.

    python benchmarks/bench_player_bands.py [--rounds N] [CONFIG ...]

The ways (:mod:`lit_compliance.gamemath.period_total`):
- ``now``: bands read from the window that costs least to transform, a listing that gives way learning
  it from a part of its step, the power made only where it is not vanishingly small;
- ``narrowest``: bands read from the narrowest window that holds the total (as the tail tables are);
- ``full steps``: a listing that gives way learns it from its whole step (``surely_more`` off);
- ``every power``: the power made at every frequency (``TINY_POWER`` 0), squaring through subnormal numbers.

Each round times every way once (CPU, ``time.process_time``), in a reversed order every other round; a
figure is the median over the rounds, a ratio the median of the rounds' ratios. The player's round
itself (its exact distribution) is made once first, in a temporary cache; the bands are not cached.
Every way gives the same bands, which the script checks.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["LIT_COMPLIANCE_CACHE"] = tempfile.mkdtemp(prefix="lit-bench-bands-")

import numpy as np  # noqa: E402

from lit_compliance.gamemath import period, period_total  # noqa: E402

ROUNDS = tuple(60 * hours for hours in (1, 8, 40, 1000))   # the check's player bands (table/figures.py HOURS)


@contextmanager
def way(name: str):
    saved = (period_total.total_pieces, period_total.surely_more, period_total.TINY_POWER)
    if name == "narrowest":
        real = saved[0]
        period.total_pieces = lambda values, probs, n, cheapest=False: real(values, probs, n)
    elif name == "full steps":
        period_total.surely_more = lambda *args: False
    elif name == "every power":
        period_total.TINY_POWER = 0.0
    try:
        yield
    finally:
        period.total_pieces = saved[0]
        period_total.surely_more, period_total.TINY_POWER = saved[1], saved[2]


WAYS = ("now", "narrowest", "full steps", "every power")


def player_round(path: Path):
    from lit_compliance.table.config import load_config, ruleset_for
    from lit_compliance.table.figures import wager_rounds
    from lit_compliance.table.player_round import player_round as made
    from lit_compliance.table.theory import theory_of

    cfg = load_config(path)
    theory = theory_of(cfg, ruleset_for(cfg), offered_only=True, every_seat=True)
    rows, _ = wager_rounds(theory)
    got = made(theory, {r.wager: r.stake for r in rows}) if rows else None
    return (np.array(got.values), np.array(got.probabilities)) if got else None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("config", nargs="*", type=Path)
    options = parser.parse_args()
    configs = options.config or sorted((ROOT / "examples" / "configs").glob("*.yaml"))
    over = ", ".join(map(str, ROUNDS))
    print(f"load average {os.getloadavg()[0]:.1f}; {options.rounds} rounds; bands over {over} rounds")
    print(f"{'configuration':34} {'now s':>7}" + "".join(f" {w + ' x':>14}" for w in WAYS[1:]))
    for path in configs:
        got = player_round(path)
        if got is None:
            continue
        values, probs = got
        times = {w: [] for w in WAYS}
        bands = {}
        for r in range(options.rounds):
            for w in (WAYS if r % 2 == 0 else WAYS[::-1]):
                with way(w):
                    t = time.process_time()
                    bands[w] = period.total_bands_and_lattices(values, probs, ROUNDS)
                    times[w].append(time.process_time() - t)
        if any(bands[w] != bands["now"] for w in WAYS):
            raise SystemExit(f"{path.name}: the ways gave different bands: {bands}")
        ratios = {w: statistics.median(a / b for a, b in zip(times[w], times["now"])) for w in WAYS[1:]}
        print(f"{path.name:34} {statistics.median(times['now']):7.3f}"
              + "".join(f" {ratios[w]:13.2f}x" for w in WAYS[1:]))


if __name__ == "__main__":
    sys.exit(main())
