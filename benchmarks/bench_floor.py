"""``check FLOOR`` on a floor of many tables: copies of the five compliant example configurations,
each with its own table id, in a fresh folder with its own math cache.

    python benchmarks/bench_floor.py [--tables N] [--rounds R]

Prints the seconds of the first run (cold cache: every distinct table priced) and the median of R
warm runs, each a new process as a user runs it, with the seconds per table. Each table's check is
the single-table check's (``operator/floor_summary.py``), so a floor costs its tables' checks.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["maryland", "massachusetts", "nsw", "south-dakota", "tribal"]


def make_floor(folder: Path, tables: int) -> Path:
    texts = {name: (ROOT / "examples" / "configs" / f"{name}.yaml").read_text() for name in EXAMPLES}
    lines = ["floor_version: 1", "floor: Benchmark floor", "tables:"]
    for i in range(tables):
        name = EXAMPLES[i % len(EXAMPLES)]
        text = "\n".join(f"table: T{i:04d}" if ln.startswith("table:") else ln for ln in texts[name].splitlines())
        (folder / f"t{i:04d}.yaml").write_text(text + "\n")
        lines.append(f"  - config: t{i:04d}.yaml")
    path = folder / "floor.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def once(floor: Path, env: dict) -> float:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "lit_compliance", "check", str(floor), "--format", "json"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"check FLOOR exited {result.returncode}: {result.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "floor"
        folder.mkdir()
        floor = make_floor(folder, args.tables)
        env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(Path(tmp) / "cache"))
        cold = once(floor, env)
        warm = statistics.median(once(floor, env) for _ in range(args.rounds))
    print(f"check FLOOR, {args.tables} tables: cold {cold:.2f} s; warm {warm:.2f} s (median of {args.rounds}), "
          f"{warm / args.tables * 1000:.1f} ms a table")


if __name__ == "__main__":
    main()
