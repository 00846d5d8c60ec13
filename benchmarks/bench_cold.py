"""Cold commands (an empty cache each run) paired in one interleaved run: against the import floor,
and, with ``--baseline DIR``, against another copy of the project (say ``git archive main``), so a
change is measured under the same load as what it changes.

    python benchmarks/bench_cold.py [--rounds N] [--root DIR] [--baseline DIR] [COMMAND ...]
        (default commands: "list", "analyze all", "validate", "show maryland")

Each round runs the floor (``python -c "import numpy, yaml, jinja2, click, jsonschema"``) and each
command (this checkout, then the baseline's) once, each a new process with bytecode kept as an
install keeps it. ``--root`` measures another copy instead of this checkout (say an installed wheel's
``pip install --no-deps --target DIR``, which carries the prebuilt catalogue a checkout lacks). A ratio is the median of the rounds' ratios (CPU from ``os.wait4``: user + system),
so a machine busy from minute to minute moves both sides of each ratio alike.
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
PYCACHE = tempfile.mkdtemp(prefix="lit-bench-pycache-")
FLOOR = [sys.executable, "-c", "import numpy, yaml, jinja2, click, jsonschema"]


def cpu(argv: list[str], root: Path) -> tuple[float, float]:
    """CPU seconds and peak MiB of one new process, run in ``root`` with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache, PYTHONPATH=str(root), PYTHONPYCACHEPREFIX=PYCACHE)
        proc = subprocess.Popen(argv, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        error = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed:\n{error}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another copy of the project to pair each command with")
    parser.add_argument("--root", type=Path, default=ROOT, help="the copy to measure (default: this checkout)")
    parser.add_argument("command", nargs="*")
    options = parser.parse_args()
    commands = [c.split() for c in options.command] or [["list"], ["analyze", "all"], ["validate"],
                                                           ["show", "maryland"]]
    roots = [("this", options.root.resolve())] + ([("baseline", options.baseline.resolve())] if options.baseline else [])
    argv = {" ".join(c): [sys.executable, "-m", "lit_compliance", *c] for c in commands}
    for label, root in roots:  # once each, unmeasured: every module's bytecode compiled and kept
        for args in argv.values():
            cpu(args, root)
    floor, runs = [], {(name, label): [] for name in argv for label, _ in roots}
    for _ in range(options.rounds):
        floor.append(cpu(FLOOR, roots[0][1])[0])
        for name, args in argv.items():
            for label, root in roots:
                runs[name, label].append(cpu(args, root))
    print(f"import floor: {statistics.median(floor):.3f} s CPU (median of {options.rounds})")
    print(f"{'cold command':22s} {'which':9s} {'CPU s':>7s} {'/floor':>7s} {'peak MiB':>9s}"
          + ("  this/baseline" if options.baseline else ""))
    for name in argv:
        for label, _ in roots:
            seconds = [s for s, _ in runs[name, label]]
            ratio = statistics.median(s / f for s, f in zip(seconds, floor))
            peak = statistics.median(m for _, m in runs[name, label])
            line = f"{name:22s} {label:9s} {statistics.median(seconds):7.3f} {ratio:6.2f}x {peak:9.1f}"
            if options.baseline and label == "this":
                base = [s for s, _ in runs[name, "baseline"]]
                line += f"  {statistics.median(a / b for a, b in zip(seconds, base)):.3f}x"
            print(line)


if __name__ == "__main__":
    main()
