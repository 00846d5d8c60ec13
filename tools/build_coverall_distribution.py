"""Rebuild the shipped distribution of the highest hand at a Cover All table.

1 to 3 players: exact, by counting disjoint holdings for every community pair
(:mod:`lit_compliance.gamemath.coverall_exact`; about a minute of one core).

4 to 7 players: one seeded simulation of seven-seat deals (the first k seats of a seven-seat deal
are a valid k-seat deal) with control variates. The highest hand among k seats is, by inclusion and
exclusion, a linear function of the highest hands of the seats' subsets; those of one, two and three
seats have exact distributions, so for every threshold category c the number of seat subsets of size
1, 2 and 3 whose highest hand is at least c is a control of known mean. The script keeps, for each
k, the sums and cross-products of the highest hand's category indicators and these 30 controls, so
the engine prices any Cover All paytable with its regression estimate and interval
(:func:`lit_compliance.gamemath.coverall.cv_distribution`).

Run:  python tools/build_coverall_distribution.py [ROUNDS] [SEED]
Writes lit_compliance/gamemath/data/coverall_highest.json, for the standard hand rankings the Cover
All rulesets use. A test recomputes the exact two-player counts; the whole rebuild is checked by
``LIT_COMPLIANCE_SLOW=1 pytest tests/test_coverall_distribution.py``.
"""
from __future__ import annotations

import json
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

from lit_compliance.gamemath.coverall_exact import exact_highest
from lit_compliance.poker.hands import CATEGORIES_5, STANDARD
from lit_compliance.poker.vectorised import colex_index, table5

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "coverall_highest.json"
N5 = len(CATEGORIES_5)
SEATS = 7
SIMULATED = range(4, SEATS + 1)


def deal_categories(rng, size: int, lookup, seats: int = SEATS) -> np.ndarray:
    """(size, seats): each seat's five-card category in ``size`` random deals."""
    need = 2 + 3 * seats
    keys = rng.random((size, 52))
    chosen = np.argpartition(keys, need - 1, axis=1)[:, :need]
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
    deals = np.take_along_axis(chosen, order, axis=1).astype(np.uint8)
    community = deals[:, :2]
    cats = np.empty((size, seats), dtype=np.int64)
    for p in range(seats):
        hand = np.sort(np.hstack([deals[:, 2 + 3 * p: 5 + 3 * p], community]), axis=1)
        cats[:, p] = lookup[colex_index(hand)]
    return cats


def features(cats: np.ndarray, k: int) -> np.ndarray:
    """(rounds, 11 + 30): the highest category among the first k seats as indicators, then for
    subset sizes 1, 2, 3 and thresholds c = 1..10 how many subsets of those seats reach c."""
    size = len(cats)
    eye = np.eye(N5, dtype=np.float64)
    out = [eye[cats[:, :k].max(axis=1)]]
    for s in (1, 2, 3):
        tally = np.zeros((size, N5))
        for subset in combinations(range(k), s):
            tally += eye[cats[:, list(subset)].max(axis=1)]
        at_least = np.cumsum(tally[:, ::-1], axis=1)[:, ::-1]
        out.append(at_least[:, 1:])
    return np.hstack(out)


def simulate(rounds: int, seed: int, rules=STANDARD) -> dict:
    """For k = 4..7: {"sum": feature sums, "cross": cross-product sums} (whole numbers)."""
    lookup = table5(rules)
    rng = np.random.default_rng(seed)
    width = N5 + 30
    sums = {k: np.zeros(width, dtype=np.int64) for k in SIMULATED}
    cross = {k: np.zeros((width, width), dtype=np.int64) for k in SIMULATED}
    chunk = 100_000
    for start in range(0, rounds, chunk):
        size = min(chunk, rounds - start)
        cats = deal_categories(rng, size, lookup)
        for k in SIMULATED:
            z = features(cats, k)
            sums[k] += np.rint(z.sum(axis=0)).astype(np.int64)      # whole numbers below 2**53 per chunk
            cross[k] += np.rint(z.T @ z).astype(np.int64)
    return {k: {"sum": sums[k].tolist(), "cross": cross[k].tolist()} for k in SIMULATED}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261125
    start = time.perf_counter()
    exact = exact_highest(STANDARD)
    print(f"exact 1-3 players in {time.perf_counter() - start:.1f} s", flush=True)
    start = time.perf_counter()
    simulated = simulate(rounds, seed)
    took = time.perf_counter() - start
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "what": "highest five-card category among k Cover All players: exact for k = 1..3 (counts of deals: "
                "the community pair and each player's three cards in seat order); for k = 4..7 sums and "
                "cross-products of the highest category's indicators and 30 controls over seeded seven-seat deals",
        "rules": repr(STANDARD), "categories": list(CATEGORIES_5),
        "exact": {str(k): v for k, v in exact.items()},
        "controls": "for s = 1, 2, 3 and c = 1..10: how many s-seat subsets of the first k seats have highest "
                    "category at least c",
        "rounds": rounds, "seed": seed,
        "generator": "numpy.random.default_rng; tools/build_coverall_distribution.py",
        "simulated": {str(k): v for k, v in simulated.items()}}, separators=(",", ":")) + "\n")
    print(f"{rounds:,} rounds in {took:.1f} s -> {OUT}")


if __name__ == "__main__":
    main()
