"""Memory and CPU of ``lit-compliance hold`` per byte of input, by how many distinct labels the rows
carry (issue 35).

Run: python benchmarks/bench_hold_memory.py [--rows 20000,200000]

Three kinds of results file for table LIR-2 (examples/configs/maryland.yaml), each at two sizes:

- ``shared``: two rows a period (the base game and Three Card Bonus), a shift a period;
- ``distinct``: every row its own period label (a table that reports each round's row apart);
- ``distinct-all``: every row its own period, table and wager label (no row matches a configured
  table or wager: every row is a problem, reported with the first ones listed and the rest counted).

Each run is a new process writing the text report to a file; peak memory is the process's
``ru_maxrss`` and CPU its user + system time (both unaffected by other work on the machine, unlike
wall time). Printed: the peak and CPU at each size, and the rate per byte of input between the two
sizes (what the cost budget in tests/test_cost_budget.py bounds).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"
WAGERS = (("base", 3000), ("three-card-bonus", 100))

CHILD = r"""
import json, resource, sys
from lit_compliance.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
used = resource.getrusage(resource.RUSAGE_SELF)
sys.stderr.write("\nCOST " + json.dumps({"cpu": used.ru_utime + used.ru_stime, "rss": used.ru_maxrss * 1024,
                                          "code": code}) + "\n")
"""


def write(path: Path, rows: int, kind: str) -> int:
    """A results file of ``rows`` rows of ``kind``; its size in bytes."""
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("period,table,wager,rounds,wagered,house_win\n")
        for i in range(rows):
            wager, stake = WAGERS[i % 2]
            period = f"shift {i // 2}" if kind == "shared" else f"round {i:09d}"
            table, wager = ("LIR-2", wager) if kind != "distinct-all" else (f"T{i:09d}", f"w{i:09d}")
            out.write(f"{period},{table},{wager},100,{stake}.00,{(i * 37) % 61 - 30}.50\n")
    return path.stat().st_size


def measure(path: Path, work: Path, cache: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, "hold", str(path), "--config", str(CONFIG),
                           "-o", str(work / "report.txt")], capture_output=True, text=True, cwd=work,
                          env={**os.environ, "LIT_COMPLIANCE_CACHE": cache})
    cost = json.loads(done.stderr.rsplit("COST ", 1)[1])
    assert cost["code"] in (0, 1, 2), done.stderr[-2000:]
    return cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="20000,200000", help="the two sizes, in rows (default 20000,200000)")
    parser.add_argument("--kinds", default="shared,distinct,distinct-all")
    args = parser.parse_args()
    small, big = (int(n) for n in args.rows.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cache = str(work / "cache")
        warm = work / "warm.csv"
        write(warm, 10, "shared")
        measure(warm, work, cache)        # the exact band tables built once, outside every figure
        print(f"{'kind':<13} {'rows':>9} {'bytes':>12} {'peak MB':>9} {'CPU s':>7}   per byte: memory, CPU")
        for kind in args.kinds.split(","):
            figures = []
            for rows in (small, big):
                path = work / f"{kind}-{rows}.csv"
                size = write(path, rows, kind)
                cost = measure(path, work, cache)
                figures.append((size, cost))
                print(f"{kind:<13} {rows:>9,} {size:>12,} {cost['rss'] / 1e6:>9.1f} {cost['cpu']:>7.2f}"
                      + (f"   exit {cost['code']}" if cost["code"] else ""))
                path.unlink()
            (s0, c0), (s1, c1) = figures
            print(f"{'':<13} rate between the sizes: {(c1['rss'] - c0['rss']) / (s1 - s0):.2f} bytes of memory "
                  f"and {1e6 * (c1['cpu'] - c0['cpu']) / (s1 - s0):.2f} microseconds of CPU a byte")


if __name__ == "__main__":
    main()
