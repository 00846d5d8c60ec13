"""Time and peak memory of the joint count table of one player's deal (gamemath/joint_counts.py),
enumerated from nothing (math cache off), and of reading the shipped table and pricing the Maryland
example table's five wagers jointly from it.

Run: python benchmarks/bench_joint.py [--repeat N]
Each step runs in a fresh process (memoisation does not help); the figures are the median of N runs
(default 1: the six-card enumeration takes some seconds). The ratio says what shipping the tables saves.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SETUP = ("from lit_compliance.gamemath.joint_counts import _enumerate, joint_counts; "
         "from lit_compliance.gamemath.base import multipliers; "
         "from lit_compliance.load.catalogue import Catalogue; from lit_compliance.model import model_of; "
         "M = model_of(Catalogue.bundled().latest('maryland')); R = M.hand_rules; "
         "W = tuple(int(x) for x in multipliers(M.wager('base').paytable('a'))[0])")

STEPS = {
    "enumerated, five-card x bets x three-card (51,979,200 deals)": "_enumerate(R, W, False)",
    "enumerated, with the six-card axis (842,842,728,000 deals)": "_enumerate(R, W, True)",
    "shipped table read (with the six-card axis)": "joint_counts(R, W, True)",
    "Maryland example: five wagers' moments and the player's distribution":
        "import sys; sys.path.insert(0, 'tests'); from test_joint import _maryland; "
        "from lit_compliance.gamemath.joint import joint_moments, player_distribution; "
        "th, ws = _maryland(Catalogue.bundled()); joint_moments(ws, R); player_distribution(ws, R)",
}

CHILD = r"""
import resource, sys, time
exec(sys.argv[1])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
exec(sys.argv[2])
took = time.perf_counter() - t
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, before / 1024)
"""


def run(code: str) -> tuple[float, float, float]:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE="off", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", CHILD, SETUP, code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    took, peak, start = out.stdout.split()[-3:]
    return float(took), float(peak), float(start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(f"{'step':72s} {'time':>8s} {'peak RSS':>9s}")
    times = {}
    for name, code in STEPS.items():
        runs = [run(code) for _ in range(args.repeat)]
        took = statistics.median(r[0] for r in runs)
        peak = statistics.median(r[1] for r in runs)
        times[name] = took
        print(f"{name:72s} {took:7.3f}s {peak:7.0f} MiB")
    names = list(STEPS)
    print(f"shipping saves a factor of {times[names[1]] / max(times[names[2]], 1e-9):,.0f} on the six-card table")


if __name__ == "__main__":
    main()
