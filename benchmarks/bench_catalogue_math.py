"""Cold and warm time, and peak memory, to analyse every paytable in the bundled catalogue.

Run: python benchmarks/bench_catalogue_math.py
Cold uses a fresh empty cache folder; warm repeats with the cache filled (a new process each, so
in-process memoisation does not flatter the warm figure).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

CHILD = r"""
import resource, time
t = time.perf_counter()
from lit_compliance.load.catalogue import Catalogue
from lit_compliance.gamemath import analyse
cat = Catalogue.bundled()
n = sum(len(analyse(cat.latest(j))) for j in cat.jurisdictions)
print(n, time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def run(cache: str) -> tuple[int, float, float]:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache)
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, check=True)
    n, seconds, peak = out.stdout.split()
    return int(n), float(seconds), float(peak)


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        n, cold, cold_mb = run(cache)
        _, warm, warm_mb = run(cache)
    print(f"paytables analysed:  {n}")
    print(f"cold (empty cache):  {cold:7.2f} s   peak memory {cold_mb:7.0f} MiB")
    print(f"warm (cache filled): {warm:7.2f} s   peak memory {warm_mb:7.0f} MiB")
    print(f"cold/warm ratio:     {cold / warm:7.1f}x")


if __name__ == "__main__":
    main()
