"""Hand evaluation throughput: the scalar evaluator per hand against the vectorised one on every hand.

    python3 benchmarks/bench_evaluation.py [--sample N] [--seed S]

Prints the scalar evaluator's hands per second on a seeded random sample, the time the vectorised
evaluator takes to categorise all 2,598,960 five-card hands (and its hands per second), and the ratio.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lit_compliance.poker.hands import evaluate5  # noqa: E402
from lit_compliance.poker.vectorised import categorise5, colex_sets  # noqa: E402


def best_of(runs: int, func) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=100_000, help="hands for the scalar timing (default 100,000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the sample")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    sample = [tuple(int(c) for c in row) for row in np.argsort(rng.random((args.sample, 52)), axis=1)[:, :5]]
    scalar = best_of(3, lambda: [evaluate5(h) for h in sample])
    scalar_rate = len(sample) / scalar

    start = time.perf_counter()
    hands = colex_sets(52, 5)
    build = time.perf_counter() - start
    vector = best_of(3, lambda: categorise5(hands))
    vector_rate = len(hands) / vector

    print(f"scalar evaluate5:     {scalar_rate:>14,.0f} hands/s  ({len(sample):,} random hands in {scalar:.3f} s, "
          f"{1e6 / scalar_rate:.2f} us per hand)")
    print(f"vectorised categorise5: all {len(hands):,} hands in {vector:.3f} s = {vector_rate:,.0f} hands/s "
          f"(building the hand table took {build:.3f} s)")
    print(f"ratio (vectorised / scalar): {vector_rate / scalar_rate:,.0f}x")


if __name__ == "__main__":
    main()
