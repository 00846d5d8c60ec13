"""Start-up time of the everyday commands, cold (empty cache) and warm, each in a fresh process.

Run: python benchmarks/bench_startup.py
Warm is what a user sees after the first run: the catalogue's parsed and validated files and the
math come from the content-keyed cache (see lit_compliance/cache.py); cold starts from nothing.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [
    ["list"], ["show", "maryland"], ["validate"], ["check", "examples/configs/maryland.yaml"],
    ["diff", "maryland@v1", "examples/maryland-draft-amendment.yaml"],
    ["placard", "examples/configs/maryland.yaml", "--format", "html"],
    ["analyze", "maryland", "--wager", "base", "--paytable", "a"],
]


def timed(args: list[str], cache: str) -> float:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "lit_compliance", *args], cwd=ROOT, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    baseline = statistics.median(
        timed_python() for _ in range(3))
    print(f"python -c pass (interpreter alone): {baseline:6.3f} s")
    print(f"{'command':58s} {'cold':>7s} {'warm':>7s} {'cold/warm':>9s}")
    for args in COMMANDS:
        with tempfile.TemporaryDirectory() as cache:
            cold = timed(args, cache)
            warm = statistics.median(timed(args, cache) for _ in range(3))
        print(f"{' '.join(args):58s} {cold:7.3f} {warm:7.3f} {cold / warm:8.1f}x")


def timed_python() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"])
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
