"""Cold commands (an empty cache each run) paired in one interleaved run against the import floor,
each measured two ways: with the math the wheel ships (the cache's shipped layer, what a user's first
run costs) and computing from nothing (``LIT_COMPLIANCE_SHIPPED=off``); with ``--baseline DIR``, also
against another copy of the project (say ``git archive main``), under the same load.

    python benchmarks/bench_cold.py [--rounds N] [--python PY] [--root DIR] [--baseline DIR] [--shipped-only]
                                    [--configs] [COMMAND ...]
        (default commands: every command issue 34 sets a cold target for, bench_all.py's rows;
         --configs: ``check`` of every example configuration instead; --shipped-only: with the
         shipped math only, not also computing from nothing)

Each round runs the floor (``python -c "import numpy, yaml, jinja2, click, jsonschema"``) and each
command both ways (this copy, then the baseline's) once, each a new process with bytecode kept as an
install keeps it, the order reversed every other round. ``--python`` measures the package installed
for another interpreter (a fresh venv with ``pip install .``: the wheel, with its prebuilt catalogue
and shipped math, which a checkout lacks; the floor runs with that interpreter too); ``--root``
measures another copy put first on the path (say ``pip install --no-deps --target DIR``). A ratio is
the median of the rounds' ratios (CPU from ``os.wait4``: user + system), so a machine busy from minute
to minute moves both sides of each ratio alike.
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
EXAMPLES = ROOT / "examples"
PYCACHE = tempfile.mkdtemp(prefix="lit-bench-pycache-")
FLOOR_CODE = "import numpy, yaml, jinja2, click, jsonschema"
TARGETS = {"site": 2.0}  # cold x floor; every other command 1.5x
DEFAULT = ["list", "show maryland", "validate", "validate --coverage", f"check {EXAMPLES}/configs/maryland.yaml",
           f"placard {EXAMPLES}/configs/maryland.yaml --format html",
           f"diff maryland@v1 {EXAMPLES}/maryland-draft-amendment.yaml", "compare base-paytables",
           "analyze maryland --wager base --paytable a", "analyze all", "par all", "site"]
WAYS = (("shipped", {}), ("nothing", {"LIT_COMPLIANCE_SHIPPED": "off"}))


def cpu(argv: list[str], root: Path | None, extra: dict) -> tuple[float, float]:
    """CPU seconds and peak MiB of one new process with an empty cache (``root`` first on the path)."""
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(Path(work) / "cache"), PYTHONPYCACHEPREFIX=PYCACHE, **extra)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if "LIT_COMPLIANCE_SHIPPED" not in extra:
            env.pop("LIT_COMPLIANCE_SHIPPED", None)  # the layer on, as a user has it
        if root is not None:
            env["PYTHONPATH"] = str(root)
        args = argv + (["-o", str(Path(work) / "out")] if argv[-1] == "site" else [])
        proc = subprocess.Popen(args, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        error = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed:\n{error}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose installed package to measure")
    parser.add_argument("--baseline", type=Path, help="another copy of the project to pair each command with")
    parser.add_argument("--root", type=Path, help="a copy to put first on the path (default: none with --python, "
                                                  "else this checkout)")
    parser.add_argument("--shipped-only", action="store_true", help="measure with the shipped math only")
    parser.add_argument("--configs", action="store_true", help="check every example configuration")
    parser.add_argument("command", nargs="*")
    options = parser.parse_args()
    if options.configs:
        options.command = [f"check {path}" for path in sorted((EXAMPLES / "configs").glob("*.yaml"))]
    ways = WAYS[:1] if options.shipped_only else WAYS
    root = options.root.resolve() if options.root else (None if options.python != sys.executable else ROOT)
    roots = [("this", root)] + ([("baseline", options.baseline.resolve())] if options.baseline else [])
    argv = {c: [options.python, "-m", "lit_compliance", *c.split()] for c in (options.command or DEFAULT)}
    jobs = [(name, label, way) for name in argv for label, _ in roots for way, _ in ways]
    where, extra = dict(roots), dict(ways)
    for name, label, way in jobs:  # once each, unmeasured: every module's bytecode compiled and kept
        cpu(argv[name], where[label], extra[way])
    floor, runs = [], {job: [] for job in jobs}
    for r in range(options.rounds):
        floor.append(cpu([options.python, "-c", FLOOR_CODE], None, {})[0])
        for job in (jobs if r % 2 == 0 else jobs[::-1]):
            runs[job].append(cpu(argv[job[0]], where[job[1]], extra[job[2]]))
    print(f"load average {os.getloadavg()[0]:.1f}; {options.rounds} rounds; {options.python}"
          + (f" with {root} first on the path" if root else " (its installed package)"))
    print(f"import floor: {statistics.median(floor):.3f} s CPU (median of {options.rounds})")
    print(f"{'cold command':50s} {'which':9s} {'math':8s} {'CPU s':>7s} {'/floor':>7s} {'peak MiB':>9s}  "
          + ("this/baseline  " if options.baseline else "") + "target")
    for name in argv:
        target = TARGETS.get(name, 1.5)
        for label, _ in roots:
            for way, _ in ways:
                seconds = [s for s, _ in runs[name, label, way]]
                ratio = statistics.median(s / f for s, f in zip(seconds, floor))
                peak = statistics.median(m for _, m in runs[name, label, way])
                line = f"{name[-50:]:50s} {label:9s} {way:8s} {statistics.median(seconds):7.3f} {ratio:6.2f}x {peak:9.1f}  "
                if options.baseline:
                    base = [s for s, _ in runs[name, "baseline", way]]
                    line += f"{statistics.median(a / b for a, b in zip(seconds, base)):12.3f}x  " if label == "this" else " " * 15
                print(line + f"<= {target:.1f}x {'met' if ratio <= target else 'NOT MET'}")


if __name__ == "__main__":
    main()
