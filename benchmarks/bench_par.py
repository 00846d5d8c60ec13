"""Cold and warm time, and peak memory, of ``lit-compliance par all`` (JSON and HTML).

Run: python benchmarks/bench_par.py
Cold uses a fresh empty cache folder (the shared enumeration tables are built); warm repeats with
the cache filled. Each run is a new process, so in-process memoisation does not flatter warm.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

CHILD = r"""
import resource, sys, time
t = time.perf_counter()
from lit_compliance.cli import main
try:
    main(["par", "all", "--format", sys.argv[1], "--output", sys.argv[2]])
except SystemExit as exc:
    assert not exc.code, exc.code
print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def run(cache: str, fmt: str, out: str) -> tuple[float, float]:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache)
    done = subprocess.run([sys.executable, "-c", CHILD, fmt, out], env=env, capture_output=True, text=True, check=True)
    seconds, peak = done.stdout.split()[-2:]
    return float(seconds), float(peak)


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        cache = os.path.join(work, "cache")
        out = os.path.join(work, "par.out")
        cold, cold_mb = run(cache, "json", out)
        size = os.path.getsize(out)
        warm, warm_mb = run(cache, "json", out)
        html, html_mb = run(cache, "html", out)
        html_size = os.path.getsize(out)
    print(f"par all --format json, cold (empty cache):  {cold:7.2f} s   peak memory {cold_mb:6.0f} MiB   {size:,} bytes")
    print(f"par all --format json, warm (cache filled): {warm:7.2f} s   peak memory {warm_mb:6.0f} MiB")
    print(f"par all --format html, warm:                {html:7.2f} s   peak memory {html_mb:6.0f} MiB   {html_size:,} bytes")
    print(f"cold/warm ratio:                            {cold / warm:7.1f}x")


if __name__ == "__main__":
    main()
