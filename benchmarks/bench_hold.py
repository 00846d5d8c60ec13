"""A year of results for 50 tables checked by ``lit-compliance hold`` (issue 24): about 270,000 rows.

Run: python benchmarks/bench_hold.py

Fifty copies of examples/configs/maryland.yaml (tables T01..T50, five wagers each), three shifts a
day for 365 days, one row per table, wager and shift: 273,750 rows in one CSV. Rounds per shift vary
(700 +- 50), bets are each wager's configured minimum, and the house win is drawn around the theory
(any honest-looking figure will do: the benchmark measures the check, not the dealing). Each timing
is a new process running ``hold`` to a text report; cold starts from an empty cache (the exact band
tables are built), warm reuses it. Median of five warm runs (``--repeat``), with the load average
before and after: on the shared 2-core machine other work slows every figure. Python's bytecode is
kept in a folder of its own and compiled by a first run, as an installed package has it (as
``bench_all.py`` does), so no timing includes compiling the modules.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES, DAYS, SHIFTS = 50, 365, 3

CHILD = r"""
import os, sys, time
t = time.perf_counter()
from lit_compliance.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    assert exc.code in (0, 1, None), exc.code
cpu = os.times()
print(time.perf_counter() - t, cpu.user + cpu.system)
"""


def make(work: Path) -> tuple[Path, list[Path]]:
    import datetime as dt

    import numpy as np

    sys.path.insert(0, str(ROOT))
    from lit_compliance.table.theory import load_theory

    source = (ROOT / "examples" / "configs" / "maryland.yaml").read_text()
    theory = load_theory(ROOT / "examples" / "configs" / "maryland.yaml")
    configs = []
    for t in range(1, TABLES + 1):
        path = work / f"t{t:02d}.yaml"
        path.write_text(source.replace("table: LIR-2", f"table: T{t:02d}"))
        configs.append(path)
    rng = np.random.default_rng(50)
    lines = ["date,table,wager,rounds,wagered,house_win"]
    start = dt.date(2026, 1, 1)
    for d in range(DAYS):
        day = (start + dt.timedelta(days=d)).isoformat()
        for t in range(1, TABLES + 1):
            for s in range(SHIFTS):
                rounds = int(rng.integers(650, 751))
                for wid, w in theory.wagers.items():
                    k = w.units_per_round
                    stake = w.minimum or 1.0
                    units = rounds * stake
                    win = w.mean * units + w.sd * units / rounds ** 0.5 * rng.standard_normal() * 0.3
                    win = min(win, k * units)
                    lines.append(f"{day}#{s + 1},T{t:02d},{wid},{rounds},{k * units:.2f},{win:.2f}")
    results = work / "year.csv"
    results.write_text("\n".join(lines).replace("date,", "period,", 1) + "\n")
    return results, configs


def run(cache: str, args: list[str], pycache: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run in a new process."""
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache, PYTHONPYCACHEPREFIX=pycache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run([sys.executable, "-c", CHILD, *args], env=env, capture_output=True, text=True, check=True,
                          cwd=ROOT)
    wall, cpu = done.stdout.split()[-2:]
    return float(wall), float(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="warm runs (the median is given)")
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        results, configs = make(work)
        rows = results.read_text().count("\n") - 1
        args = ["hold", str(results), *[a for c in configs for a in ("--config", str(c))], "-o", str(work / "out.txt")]
        pycache = str(work / "pycache")
        run(str(work / "compile"), args, pycache)     # compiles the bytecode once, as an install does
        cache = str(work / "cache")
        before = os.getloadavg()[0]
        cold = run(cache, args, pycache)
        warm = [run(cache, args, pycache) for _ in range(repeat)]
        after = os.getloadavg()[0]
        print(f"hold, {rows:,} rows ({TABLES} tables x {DAYS} days x {SHIFTS} shifts x 5 wagers), text report "
              f"({os.cpu_count()} cores, load average {before:.1f} before, {after:.1f} after):")
        print(f"  cold (empty cache): {cold[0]:6.2f} s wall, {cold[1]:6.2f} s CPU")
        print(f"  warm (median of {repeat}): {statistics.median(w[0] for w in warm):6.2f} s wall, "
              f"{statistics.median(w[1] for w in warm):6.2f} s CPU   target <= 2 s "
              f"(fastest {min(w[0] for w in warm):.2f} s wall)")


if __name__ == "__main__":
    main()
