"""Where a cold command's CPU goes: each command run once under cProfile in a new process with an
empty cache, its CPU split into the parts the issue names (reading a ruleset's YAML, the loader's
safety pre-scan, validation, building the model, Python's cyclic collector).

    python benchmarks/profile_cold.py [--repeat N] [--python PY] [COMMAND ...]   (default: "list" and "analyze all")

``--python`` profiles the package installed for another interpreter (a fresh venv with ``pip install
.``: the wheel, whose shipped math a cold run reads; ``LIT_COMPLIANCE_SHIPPED=off`` in the environment
profiles computing from nothing). The math parts (pricing, PAR sheets, a table's player bands) say
what a cold command still computes.

Each share is of the profiled process's whole time (interpreter start excluded, imports included);
the collector's time is measured with ``gc.callbacks``. cProfile slows Python code more than C
code, so the shares are a guide to where time goes, not figures to compare with the benchmarks'.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (label, the profiled function's file suffix and name): cumulative time of each.
PARTS = [
    ("imports", ("<frozen importlib._bootstrap>", "_find_and_load")),
    ("read a ruleset (YAML + validation)", ("load/catalogue.py", "load_ruleset")),
    ("  YAML (read, pre-scan, parse, cache)", ("load/strict_yaml.py", "load_yaml_file")),
    ("    pre-scan", ("load/strict_yaml.py", "_prescan")),
    ("  validation", ("load/validation.py", "validate_document")),
    ("model (as printed)", ("model/ruleset.py", "as_printed")),
    ("model (under a reading)", ("model/ruleset.py", "model_of")),
    ("pricing a paytable", ("gamemath/__init__.py", "_compute")),
    ("a PAR sheet's figures", ("gamemath/par.py", "compute")),
    ("a table's player round", ("table/player_round.py", "_player_round")),
    ("a table's player bands (hold over periods)", ("table/player_round.py", "compute")),
]

CHILD = r"""
import cProfile, gc, json, pstats, runpy, sys, time
spent = [0.0, 0]
start = [0.0]
def on_gc(phase, info):
    if phase == "start":
        start[0] = time.process_time()
    else:
        spent[0] += time.process_time() - start[0]
        spent[1] += 1
gc.callbacks.append(on_gc)
parts = json.loads(sys.argv[1])
sys.argv = ["lit_compliance"] + sys.argv[2:]
profiler = cProfile.Profile(time.process_time)
began = time.process_time()
profiler.enable()
try:
    runpy.run_module("lit_compliance", run_name="__main__")
except SystemExit:
    pass
finally:
    profiler.disable()
    total = time.process_time() - began
    stats = pstats.Stats(profiler).stats
    out = {"total": total, "gc": spent[0], "collections": spent[1]}
    for label, (suffix, name) in parts:
        out[label] = max([v[3] for (f, _, n), v in stats.items() if f.endswith(suffix) and n == name] or [0.0])
    sys.stderr.write("\nPROFILE " + json.dumps(out) + "\n")
"""


def profile(args: list[str], python: str = sys.executable) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, LIT_COMPLIANCE_CACHE=cache)
        where = ROOT if python == sys.executable else cache  # another interpreter: its installed package
        proc = subprocess.run([python, "-c", CHILD, json.dumps(PARTS), *args], cwd=where, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = [ln for ln in proc.stderr.splitlines() if ln.startswith("PROFILE ")]
    if not line:
        raise SystemExit(f"{' '.join(args)} failed:\n{proc.stderr}")
    return json.loads(line[-1][len("PROFILE "):])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose installed package to profile")
    parser.add_argument("command", nargs="*")
    options = parser.parse_args()
    commands = [c.split() for c in options.command] or [["list"], ["analyze", "all"]]
    for args in commands:
        runs = [profile(args, options.python) for _ in range(options.repeat)]
        total = statistics.median(r["total"] for r in runs)
        print(f"cold `{' '.join(args)}` under cProfile: {total:.3f} s CPU (median of {len(runs)})")
        for label in [p[0] for p in PARTS] + ["gc"]:
            share = statistics.median(r[label] / r["total"] for r in runs)
            seconds = statistics.median(r[label] for r in runs)
            name = "cyclic collector" if label == "gc" else label
            extra = f"  ({statistics.median(r['collections'] for r in runs):.0f} collections)" if label == "gc" else ""
            print(f"  {name:42s} {seconds:7.3f} s {share:6.1%}{extra}")


if __name__ == "__main__":
    main()
