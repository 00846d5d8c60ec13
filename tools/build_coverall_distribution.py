"""Rebuild the shipped distribution of the highest hand at a Cover All table.

One seeded simulation of seven-seat deals serves every player count: the first k seats of a
seven-seat deal are a valid k-seat deal (community cards and the other seats' cards are drawn
from the same shuffled deck). For each k = 2..7 it counts the highest five-card category among
the first k seats. One player needs no simulation (the exact five-card distribution).

Run:  python tools/build_coverall_distribution.py [ROUNDS] [SEED]
Writes lit_compliance/gamemath/data/coverall_highest.json (rounds, seed, counts per player count),
for the standard hand rankings the Cover All rulesets use. Tests check it against an independent
smaller simulation.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from lit_compliance.poker.hands import CATEGORIES_5, STANDARD
from lit_compliance.poker.vectorised import colex_index, table5

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "coverall_highest.json"


def simulate(rounds: int, seed: int, rules=STANDARD, seats: int = 7) -> dict[int, list[int]]:
    lookup = table5(rules)
    rng = np.random.default_rng(seed)
    need = 2 + 3 * seats
    counts = {k: np.zeros(len(CATEGORIES_5), dtype=np.int64) for k in range(2, seats + 1)}
    chunk = 200_000
    for start in range(0, rounds, chunk):
        size = min(chunk, rounds - start)
        keys = rng.random((size, 52))
        chosen = np.argpartition(keys, need - 1, axis=1)[:, :need]
        order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
        deals = np.take_along_axis(chosen, order, axis=1).astype(np.uint8)
        community = deals[:, :2]
        best = np.zeros(size, dtype=np.uint8)
        for p in range(seats):
            hand = np.sort(np.hstack([deals[:, 2 + 3 * p: 5 + 3 * p], community]), axis=1)
            np.maximum(best, lookup[colex_index(hand)], out=best)
            if p + 1 >= 2:
                counts[p + 1] += np.bincount(best, minlength=len(CATEGORIES_5))
    return {k: [int(c) for c in v] for k, v in counts.items()}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261122
    start = time.perf_counter()
    counts = simulate(rounds, seed)
    took = time.perf_counter() - start
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "what": "highest five-card category among the first k seats of seven-seat Let It Ride deals",
        "rules": repr(STANDARD), "categories": list(CATEGORIES_5), "rounds": rounds, "seed": seed,
        "generator": "numpy.random.default_rng; tools/build_coverall_distribution.py",
        "counts": {str(k): v for k, v in counts.items()}}, indent=1) + "\n")
    print(f"{rounds:,} rounds in {took:.1f} s -> {OUT}")


if __name__ == "__main__":
    main()
