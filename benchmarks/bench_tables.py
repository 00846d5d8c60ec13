"""Time and peak memory of each shared enumeration table, built from nothing (math cache off).

Run: python benchmarks/bench_tables.py [--repeat N]
Each table is built in a fresh process (so memoisation and earlier tables neither help nor share
its memory); the figures are the median of N runs (default 3). The five-card table is counted
inside the tables that need it, as a cold run would.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STEPS = {
    "five-card categories (2,598,960 hands)": "from lit_compliance.poker.vectorised import table5 as f; f.cache_clear(); f()",
    "three-card atoms (22,100 sets)": "from lit_compliance.gamemath.tables import three_card_atoms as f; f(R)",
    "six-card counts (20,358,520 sets)": "from lit_compliance.poker.vectorised import best_of_six_counts as f; f(R)",
    "base tables, every 3- and 4-card set": "from lit_compliance.gamemath.tables import full_base_tables as f; f(R)",
    "base suit classes from nothing": "from lit_compliance.gamemath.tables import class_counts, class_structure; "
                                      "class_counts(R, class_structure())",
    "base suit classes, shipped (as priced)": "from lit_compliance.gamemath.tables import base_classes as f; f(R)",
}

CHILD = r"""
import resource, sys, time
import numpy
from lit_compliance.poker.hands import STANDARD as R
from lit_compliance.poker.vectorised import colex_sets
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
exec(sys.argv[1])
took = time.perf_counter() - t
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, before / 1024)
"""


def run(code: str) -> tuple[float, float, float]:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE="off", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", CHILD, code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True)
    took, peak, start = out.stdout.split()
    return float(took), float(peak), float(start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'table':42s} {'time':>8s} {'peak RSS':>9s} {'(of which imports)':>19s}")
    total = 0.0
    for name, code in STEPS.items():
        runs = [run(code) for _ in range(args.repeat)]
        took = statistics.median(r[0] for r in runs)
        peak = statistics.median(r[1] for r in runs)
        start = statistics.median(r[2] for r in runs)
        total += took
        print(f"{name:42s} {took:7.3f}s {peak:7.0f} MiB {start:12.0f} MiB")
    print(f"{'sum (five-card table counted in each)':42s} {total:7.3f}s")


if __name__ == "__main__":
    main()
