"""Every figure of the issue "Speed" in one run, each beside its target.

    python benchmarks/bench_all.py [--repeat N] [--no-evaluators] [--no-scale] [--copies N]

Each timing is the wall time of a new process (``python -m lit_compliance ...``, interpreter start
included) and its own peak memory (from ``os.wait4``), the median of N runs (default 3). Cold runs
get a new empty cache folder each (``LIT_COMPLIANCE_CACHE``); warm runs reuse one a first run
filled. Then how the catalogue-wide commands scale: ``site``, ``analyze all``, ``par all`` and
``diff`` (warm) on today's catalogue and on a synthetic one N times its size
(``make_catalogue.py``, default 10x), each as an exponent k in time ~ size^k (1 is linear; the
interpreter's start-up, the same at every size, pulls k below what the work alone would give).
Then the evaluator ratios of ``bench_evaluators.py`` (phevaluator from the ``bench`` extra;
skipped when missing).
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

STARTUP = [["list"], ["show", "maryland"], ["validate"], ["check", "examples/configs/maryland.yaml"],
           ["diff", "maryland@v1", "examples/maryland-draft-amendment.yaml"],
           ["placard", "examples/configs/maryland.yaml", "--format", "html"]]
ONE_PAYTABLE = ["analyze", "maryland", "--wager", "base", "--paytable", "a"]


# Python's compiled bytecode is kept (in a folder of its own), as an installed package has it:
# "cold" means an empty lit-compliance cache, not an interpreter compiling every module anew.
PYCACHE = tempfile.mkdtemp(prefix="lit-bench-pycache-")


def run_once(args: list[str], cache: str, out: str | None = None, root: Path = ROOT) -> tuple[float, float]:
    """Wall seconds and peak MiB of one ``lit_compliance`` process (of the project at ``root``)."""
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache, PYTHONPATH=str(root), PYTHONPYCACHEPREFIX=PYCACHE)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    argv = [sys.executable, "-m", "lit_compliance", *args] + (["--output", out] if out else [])
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    error = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode and not (args[0] == "diff" and proc.returncode == 1):  # diff: 1 = they differ
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}):\n{error}")
    return took, usage.ru_maxrss / 1024


def measure(args: list[str], repeat: int, work: str, out: str | None = None) -> dict:
    """Median cold and warm time and peak memory of a command."""
    cold = []
    for i in range(repeat):
        cold.append(run_once(args, os.path.join(work, f"cold-{time.monotonic_ns()}-{i}"), out))
    warm_cache = os.path.join(work, f"warm-{time.monotonic_ns()}")
    run_once(args, warm_cache, out)
    warm = [run_once(args, warm_cache, out) for _ in range(repeat)]
    return {"cold": statistics.median(t for t, _ in cold), "cold_mib": statistics.median(m for _, m in cold),
            "warm": statistics.median(t for t, _ in warm), "warm_mib": statistics.median(m for _, m in warm)}


def warm(args: list[str], repeat: int, cache: str, out: str | None = None, root: Path = ROOT) -> float:
    """Median warm wall time: one run fills ``cache``, then ``repeat`` runs are timed."""
    run_once(args, cache, out, root)
    return statistics.median(run_once(args, cache, out, root)[0] for _ in range(repeat))


SCALED = [("site", ["site"], "site"), ("analyze all", ["analyze", "all"], None),
          ("par all", ["par", "all", "--format", "json"], "par.json"),
          ("diff (two rulesets of the catalogue)", ["diff", "maryland", "nsw"], None)]


def scale_rows(repeat: int, copies: int, work: str) -> list:
    """Warm times on today's catalogue and on one ``copies`` times its size, with the exponent."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import math

    import make_catalogue

    big = make_catalogue.make(copies, Path(work) / f"catalogue-{copies}x")
    rows = []
    for name, args, out in SCALED:
        times = []
        for root, tag in ((ROOT, "1x"), (big, f"{copies}x")):
            target = os.path.join(work, f"{tag}-{out}") if out else None
            times.append(warm(args, repeat, os.path.join(work, f"scale-{tag}-{time.monotonic_ns()}"), target, root))
        k = math.log(times[1] / times[0]) / math.log(copies)
        rows.append((f"{name}, warm 1x -> {copies}x", f"{times[0]:.2f} s -> {times[1]:.2f} s, k = {k:.2f}",
                     "k <= 1.0", k <= 1.0))
    return rows


def import_floor(repeat: int) -> float:
    """Median wall time of an interpreter that only imports what every command needs (yaml, jinja2,
    click): what no command can go below on this machine, so each warm figure can be read against it."""
    times = []
    for _ in range(repeat + 1):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import yaml, jinja2, click"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-evaluators", action="store_true", help="skip the evaluator ratios (about 30 s)")
    parser.add_argument("--no-scale", action="store_true", help="skip the scale exponents (a synthetic catalogue)")
    parser.add_argument("--copies", type=int, default=10, help="size of the synthetic catalogue (default 10x)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; medians of {args.repeat} runs, "
          "each a new process")
    print(f"{'what':48s} {'measured':>30s}   {'target':>22s}")
    # the templates compiled ahead of time, as the wheel's build does (compiled_templates/, ignored by git)
    subprocess.run([sys.executable, str(ROOT / "tools" / "compile_templates.py")], check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as work:
        run_once(["list"], os.path.join(work, "compile"))  # compiles the bytecode once, as an install does
        floor = import_floor(args.repeat)
        analyze = measure(["analyze", "all"], args.repeat, work)
        par = measure(["par", "all", "--format", "json"], args.repeat, work, os.path.join(work, "par.json"))
        one = measure(ONE_PAYTABLE, args.repeat, work)
        rows = [
            ("import floor (python with yaml, jinja2, click)", f"{floor:.2f} s", "", None),
            ("analyze all, cold", f"{analyze['cold']:.2f} s", "<= 1.0 s", analyze["cold"] <= 1.0),
            ("analyze all, warm (x import floor)", f"{analyze['warm']:.2f} s ({analyze['warm'] / floor:.1f}x)", "<= 0.25 s",
             analyze["warm"] <= 0.25),
            ("analyze all, peak memory cold", f"{analyze['cold_mib']:.0f} MiB", "<= 200 MiB",
             analyze["cold_mib"] <= 200),
            ("par all, cold (ratio to analyze all)", f"{par['cold']:.2f} s ({par['cold'] / analyze['cold']:.2f}x)",
             "<= 1.5x", par["cold"] <= 1.5 * analyze["cold"]),
            ("par all, warm (ratio to analyze all)", f"{par['warm']:.2f} s ({par['warm'] / analyze['warm']:.2f}x)",
             "<= 1.5x", par["warm"] <= 1.5 * analyze["warm"]),
            ("par all, peak memory cold / warm", f"{par['cold_mib']:.0f} / {par['warm_mib']:.0f} MiB", "", None),
            ("one paytable (maryland base a), cold", f"{one['cold']:.2f} s", "<= 0.4 s", one["cold"] <= 0.4),
        ]
        for cmd in STARTUP:
            got = measure(cmd, args.repeat, work)
            rows.append((f"{' '.join(cmd)[:30]}, warm (cold; x floor)",
                         f"{got['warm']:.2f} s ({got['cold']:.2f} s; {got['warm'] / floor:.1f}x)",
                         "<= 0.25 s warm", got["warm"] <= 0.25))
        site = measure(["site"], args.repeat, work, os.path.join(work, "site"))
        rows.append(("site, warm (cold; x floor)", f"{site['warm']:.2f} s ({site['cold']:.2f} s; {site['warm'] / floor:.1f}x)",
                     "< 0.5 s warm", site["warm"] < 0.5))
        if not args.no_scale:
            rows.extend(scale_rows(args.repeat, args.copies, work))
        for what, measured, target, ok in rows:
            print(f"{what:48s} {measured:>30s}   {target:>14s} {'' if ok is None else verdict(ok):>7s}")
    if args.no_evaluators:
        return
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_evaluators as ev

    try:
        from phevaluator import _pheval
    except ImportError:
        print("evaluator ratios: phevaluator is not installed (pip install -e .[bench]); skipped")
        return
    for size, ours, evaluate in ((5, ev.ours_five, _pheval.evaluate_5cards), (6, ev.ours_six, _pheval.evaluate_6cards)):
        runs = [ours() for _ in range(args.repeat)]
        mine = min(t for t, _ in runs)
        theirs, _, their_counts = ev.peer(evaluate, size)
        agree = ev._merged(runs[0][1]) == their_counts
        ratio = theirs / mine
        print(f"{f'all {size}-card sets vs phevaluator':48s} {f'{mine:.3f} s vs {theirs:.3f} s = {ratio:.1f}x':>30s}   "
              f"{f'>= {ev.TARGETS[size]:.0f}x':>14s} {verdict(ratio >= ev.TARGETS[size] and agree):>7s}"
              + ("" if agree else "  (category counts DISAGREE)"))


if __name__ == "__main__":
    main()
