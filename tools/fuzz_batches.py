"""Run the long fuzz run in batches on a shared machine: at most WORKERS pytest processes (niced), each one
batch of one surface of tests/test_fuzz_inputs.py with random seeds, logged to its own file in LOGS.

The next batch is of the surface with the fewest examples so far (in LOGS) that is not running and has
not reached TARGET; its size aims at AIM seconds from the surface's pace so far. No batch starts once
LOGS/STOP exists or when it would not end by --until; running batches are never killed (a test stopped
by a signal reports a false failure), so the run stops between batches. The batches share one math
cache (LOGS/cache, through LIT_COMPLIANCE_TEST_CACHE), so each does not price the bundled tables cold
again. Sum the logs with ``python tools/fuzz_counts.py LOGS/*.jsonl``.

Run: python tools/fuzz_batches.py LOGS --until 06:20 [--workers 2] [--target 10000] [--aim 360] [--nice 10]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests" / "test_fuzz_inputs.py"


def surfaces() -> list[str]:
    """The properties with a long run: every test of the fuzz file (each is parametrized short/long)."""
    return re.findall(r"^def (test_\w+)\(", TESTS.read_text(encoding="utf-8"), flags=re.M)


def counted(logs: Path, names: list[str]) -> tuple[dict, dict]:
    """Examples so far per surface, and (seconds, examples) of its finished batches."""
    done = dict.fromkeys(names, 0)
    pace = {name: [0.0, 0] for name in names}
    for log in logs.glob("*.jsonl"):
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.strip():
                entry = json.loads(line)
                name = entry["test"].split("::")[-1].split("[")[0]
                if name in done:
                    done[name] += entry["examples"]
    for timing in logs.glob("*.time"):
        name, took, n = timing.read_text().split()[:3]
        if name in pace:
            pace[name][0] += float(took)
            pace[name][1] += int(n)
    return done, pace


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path)
    parser.add_argument("--until", required=True, help="HH:MM UTC today: no batch that would end later starts")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--target", type=int, default=10_000)
    parser.add_argument("--aim", type=float, default=360.0, help="seconds a batch aims to last")
    parser.add_argument("--nice", type=int, default=10)
    args = parser.parse_args()
    hour, minute = map(int, args.until.split(":"))
    deadline = dt.datetime.now(dt.timezone.utc).replace(hour=hour, minute=minute, second=0, microsecond=0)
    logs = args.logs.resolve()
    (logs / "cache").mkdir(parents=True, exist_ok=True)
    names = surfaces()

    def say(message: str) -> None:
        with open(logs / "batches.log", "a", encoding="utf-8") as out:
            out.write(f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M:%S} {message}\n")

    running: dict = {}     # surface -> (process, start, examples, tag)
    seq = len(list(logs.glob("*.jsonl")))
    say(f"start: {ROOT} until {deadline:%H:%M} UTC")
    while True:
        for name, (proc, start, n, tag) in list(running.items()):
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                took, cpu, rc = time.time() - start, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)
                (logs / f"{tag}.time").write_text(f"{name} {took:.1f} {n} {cpu:.1f} {rc}\n")
                say(f"end {tag} exit {rc} {took:.0f} s ({cpu:.1f} s CPU) load {os.getloadavg()[0]:.1f}")
                del running[name]
        stopping = (logs / "STOP").exists()
        left = (deadline - dt.datetime.now(dt.timezone.utc)).total_seconds()
        done, pace = counted(logs, names)
        todo = sorted((s for s in names if s not in running and done[s] < args.target), key=done.get)
        if not running and (stopping or left <= 60 or not todo):
            say("stopped")
            return
        started = False
        if not stopping and left > 60 and len(running) < args.workers:
            for name in todo:
                took, n_done = pace[name]
                per = took / n_done if n_done else None
                if per is not None and per * 10 + 20 > left:
                    continue       # not even ten examples would end in time
                n = 100 if per is None else int(min(args.aim, left - 45) / per)
                n = max(10, min(n, 2000, args.target - done[name] + 10))
                seq += 1
                tag = f"{seq:04d}-{name[5:40]}"
                env = dict(os.environ, LIT_COMPLIANCE_FUZZ_EXAMPLES=str(n), LIT_COMPLIANCE_FUZZ_RANDOM="1",
                           LIT_COMPLIANCE_FUZZ_LOG=str(logs / f"{tag}.jsonl"),
                           LIT_COMPLIANCE_TEST_CACHE=str(logs / "cache"))
                with open(logs / f"{tag}.out", "w", encoding="utf-8") as out:
                    proc = subprocess.Popen(["nice", "-n", str(args.nice), sys.executable, "-m", "pytest", "-m", "slow",
                                             "-q", "-n", "0", "-p", "no:cacheprovider", f"{TESTS}::{name}[long]"],
                                            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
                running[name] = (proc, time.time(), n, tag)
                say(f"begin {tag}: {n} examples ({done[name]:,} so far)")
                started = True
                break
        if not started:
            time.sleep(5)


if __name__ == "__main__":
    main()
