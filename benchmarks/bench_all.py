"""Every speed figure the issues set a target for, all paired in one interleaved run.

    python benchmarks/bench_all.py [--rounds N] [--copies N] [--root DIR] [--no-scale] [--no-evaluators]

Each figure is one new process (``python -m lit_compliance ...``, interpreter start included, bytecode
kept as an install keeps it): its CPU time (user + system, from ``os.wait4``), wall time and peak
memory. "Cold" is an empty lit-compliance cache (a new folder each run); "warm" a cache that one
unmeasured run filled. A copy that carries the wheel's shipped math (an installed wheel) reads it
cold; ``LIT_COMPLIANCE_SHIPPED=off`` in the environment measures computing from nothing
(``bench_cold.py`` measures both ways, paired). Every run of every row takes its turn in each of N rounds (the order reversed
every other round), so a machine busy from minute to minute weighs on all rows alike, and each ratio
is the median of the per-round ratios of the two runs it compares, never a ratio of medians taken at
different times. CPU ratios are the ones that hold under load; wall times are printed beside them.

Rows: the import floor (``python -c "import numpy, yaml, jinja2, click, jsonschema"``) and each
command cold and warm against it (targets: cold <= 1.5x the floor, ``site`` <= 2x); ``par all``
against ``analyze all``. Then scale: the catalogue-wide commands on today's catalogue and on a
synthetic one N times its size (``make_catalogue.py``: the copies differ in paytables and readings,
so there is N times as much to price), cold and warm, each paired 1x with Nx in the same round, as
exponents k in cost ~ size^k for CPU time and peak memory (1 is linear; the interpreter's start, the
same at every size, pulls k below what the work alone would give). ``--root`` measures another copy
(an installed wheel: ``pip install --no-deps --target DIR dist/*.whl``, which carries the prebuilt
catalogue a checkout lacks; the scale rows always use checkouts). Then the evaluator ratios of
``bench_evaluators.py`` (phevaluator from the ``bench`` extra; skipped when missing).
"""
from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the scripts' shared helpers
from processes import timed  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FLOOR = [sys.executable, "-c", "import numpy, yaml, jinja2, click, jsonschema"]

# (name, arguments, writes a file, target: cold x floor)
COMMANDS = [
    ("list", ["list"], False, 1.5),
    ("show maryland", ["show", "maryland"], False, 1.5),
    ("validate", ["validate"], False, 1.5),
    ("validate --coverage", ["validate", "--coverage"], False, 1.5),
    ("check (a table)", ["check", str(EXAMPLES / "configs" / "maryland.yaml")], False, 1.5),
    ("placard --format html", ["placard", str(EXAMPLES / "configs" / "maryland.yaml"), "--format", "html"], False, 1.5),
    ("diff (a draft amendment)", ["diff", "maryland@v1", str(EXAMPLES / "maryland-draft-amendment.yaml")], False, 1.5),
    ("compare base-paytables", ["compare", "base-paytables"], False, 1.5),
    ("analyze (one paytable)", ["analyze", "maryland", "--wager", "base", "--paytable", "a"], False, 1.5),
    ("analyze all", ["analyze", "all"], False, 1.5),
    ("par all", ["par", "all"], False, 1.5),
    ("site", ["site"], True, 2.0),
]
SCALED = [("site", ["site"], True), ("analyze all", ["analyze", "all"], False),
          ("par all", ["par", "all", "--format", "json"], True), ("diff maryland nsw", ["diff", "maryland", "nsw"], False)]

# Python's compiled bytecode is kept (in a folder of its own), as an installed package has it:
# "cold" means an empty lit-compliance cache, not an interpreter compiling every module anew.
PYCACHE = tempfile.mkdtemp(prefix="lit-bench-pycache-")


def run_once(argv: list[str], root: Path, cache: str | None = None) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of one process run in ``root`` (with ``cache``)."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("SOURCE_DATE_EPOCH", None)
    if cache is not None:
        env["LIT_COMPLIANCE_CACHE"] = cache
    return timed(argv, root, env, ok=(0, 1))   # 1: a negative answer (diff: they differ)


class Job:
    """One row's runs: a command in one copy of the project, cold or warm."""

    def __init__(self, args: list[str], root: Path, work: str, cold: bool, writes: bool):
        self.root, self.work, self.cold = root, work, cold
        self.argv = [sys.executable, "-m", "lit_compliance", *args]
        if writes:
            self.argv += ["-o", tempfile.mkdtemp(prefix="out-", dir=work) + "/out"]
        self.warm_cache = None if cold else tempfile.mkdtemp(prefix="warm-", dir=work)
        self.runs: list[tuple[float, float, float]] = []

    def prepare(self) -> None:
        """Unmeasured: fill the warm cache (and compile every module's bytecode once)."""
        run_once(self.argv, self.root, self.warm_cache or tempfile.mkdtemp(prefix="fill-", dir=self.work))

    def __call__(self) -> None:
        if self.cold:
            cache = tempfile.mkdtemp(prefix="cold-", dir=self.work)
            self.runs.append(run_once(self.argv, self.root, cache))
            shutil.rmtree(cache, ignore_errors=True)
        else:
            self.runs.append(run_once(self.argv, self.root, self.warm_cache))


class Floor(Job):
    def __init__(self, work: str):
        self.root, self.work, self.cold, self.argv, self.warm_cache, self.runs = ROOT, work, False, FLOOR, None, []

    def prepare(self) -> None:
        run_once(self.argv, self.root)

    def __call__(self) -> None:
        self.runs.append(run_once(self.argv, self.root))


def interleave(jobs: list[Job], rounds: int) -> None:
    """Every job once per round, in order, the order reversed every other round."""
    for job in jobs:
        job.prepare()
    for r in range(rounds):
        for job in (jobs if r % 2 == 0 else jobs[::-1]):
            job()


def median(values) -> float:
    return statistics.median(values)


def ratio(a: Job, b: Job, field: int = 1) -> float:
    """The median over rounds of b / a (CPU by default), each pair from the same round."""
    return median(y[field] / x[field] for x, y in zip(a.runs, b.runs))


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--copies", type=int, default=10, help="size of the synthetic catalogue (default 10x)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the copy to measure (default: this checkout)")
    parser.add_argument("--no-scale", action="store_true", help="skip the scale rows (a synthetic catalogue)")
    parser.add_argument("--scale-only", action="store_true", help="only the floor and the scale rows")
    parser.add_argument("--no-evaluators", action="store_true", help="skip the evaluator ratios (about 30 s)")
    options = parser.parse_args()
    root = options.root.resolve()
    # the templates compiled ahead of time, as the wheel's build does (compiled_templates/, ignored by git)
    subprocess.run([sys.executable, str(ROOT / "tools" / "compile_templates.py")], check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(prefix="lit-bench-all-") as work:
        floor = Floor(work)
        jobs: list[Job] = [floor]
        rows = []
        for name, args, writes, target in ([] if options.scale_only else COMMANDS):
            cold, warm = Job(args, root, work, True, writes), Job(args, root, work, False, writes)
            jobs += [cold, warm]
            rows.append((name, cold, warm, target))
        scale = []
        if not options.no_scale:
            sys.path.insert(0, str(ROOT / "benchmarks"))
            import make_catalogue

            big = make_catalogue.make(options.copies, Path(work) / f"catalogue-{options.copies}x")
            small = make_catalogue.make(1, Path(work) / "catalogue-1x")  # the same layout: only the size differs
            for name, args, writes in SCALED:
                pair = {(size, kind): Job(args, at, work, kind == "cold", writes)
                        for size, at in (("1x", small), ("Nx", big)) for kind in ("cold", "warm")}
                jobs += list(pair.values())
                scale.append((name, pair))
        load = os.getloadavg()[0]
        interleave(jobs, options.rounds)
        load = (load + os.getloadavg()[0]) / 2
    print(f"machine: {os.cpu_count()} cores, load average about {load:.1f}; {options.rounds} interleaved rounds, "
          f"each run a new process; measured: {root}")
    f_wall, f_cpu = median(r[0] for r in floor.runs), median(r[1] for r in floor.runs)
    print(f"import floor (numpy, yaml, jinja2, click, jsonschema): {f_cpu:.3f} s CPU, {f_wall:.3f} s wall (medians)\n")
    print(f"{'command':26s} {'cold CPU':>9s} {'x floor':>8s} {'wall':>7s} {'MiB':>6s}   {'warm CPU':>9s} {'x floor':>8s}"
          f" {'wall':>7s} {'MiB':>6s}   target (cold)")
    for name, cold, warm, target in rows:
        c, w = ratio(floor, cold), ratio(floor, warm)
        print(f"{name:26s} {median(r[1] for r in cold.runs):8.3f}s {c:7.2f}x {median(r[0] for r in cold.runs):6.2f}s "
              f"{median(r[2] for r in cold.runs):6.1f}   {median(r[1] for r in warm.runs):8.3f}s {w:7.2f}x "
              f"{median(r[0] for r in warm.runs):6.2f}s {median(r[2] for r in warm.runs):6.1f}   "
              f"<= {target:.1f}x {verdict(c <= target)}")
    by_name = {name: (cold, warm) for name, cold, warm, _ in rows}
    if by_name:
        (pc, pw), (ac, aw) = by_name["par all"], by_name["analyze all"]
        print(f"\npar all / analyze all (paired, CPU): cold {ratio(ac, pc):.2f}x, warm {ratio(aw, pw):.2f}x (target <= 1.5x)")
    if scale:
        n = options.copies
        print(f"\nscale, today's catalogue (1x) against one {n} times its size, each pair in the same round; "
              f"k = log(median ratio) / log({n})")
        print(f"{'command':22s} {'':5s} {'1x CPU':>8s} {f'{n}x CPU':>8s} {'k time':>7s} {'1x MiB':>7s} {f'{n}x MiB':>7s} {'k mem':>6s}")
        for name, pair in scale:
            for kind in ("cold", "warm"):
                a, b = pair["1x", kind], pair["Nx", kind]
                k_time = math.log(ratio(a, b, 1)) / math.log(n)
                k_mem = math.log(ratio(a, b, 2)) / math.log(n)
                print(f"{name:22s} {kind:5s} {median(r[1] for r in a.runs):7.2f}s {median(r[1] for r in b.runs):7.2f}s "
                      f"{k_time:7.2f} {median(r[2] for r in a.runs):7.1f} {median(r[2] for r in b.runs):7.1f} {k_mem:6.2f}"
                      f"   {verdict(k_time <= 1 and k_mem <= 1)} (k <= 1)")
    if not options.no_evaluators:
        evaluators(options.rounds)


def evaluators(rounds: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_evaluators as ev

    try:
        from phevaluator import _pheval
    except ImportError:
        print("\nevaluator ratios: phevaluator is not installed (pip install -e .[bench]); skipped")
        return
    print()
    for size, ours, evaluate in ((5, ev.ours_five, _pheval.evaluate_5cards), (6, ev.ours_six, _pheval.evaluate_6cards)):
        runs = [ours() for _ in range(rounds)]
        mine = min(t for t, _ in runs)
        theirs, _, their_counts = ev.peer(evaluate, size)
        agree = ev._merged(runs[0][1]) == their_counts
        got = theirs / mine
        print(f"all {size}-card sets vs phevaluator: {mine:.3f} s vs {theirs:.3f} s = {got:.1f}x "
              f"(target >= {ev.TARGETS[size]:.0f}x) {verdict(got >= ev.TARGETS[size] and agree)}"
              + ("" if agree else "  (category counts DISAGREE)"))


if __name__ == "__main__":
    main()
