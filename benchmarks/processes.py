"""One measured process, for the benchmark scripts: its wall and CPU seconds (user + system, from
``os.wait4``) and peak memory, or the run stops with the process's error output."""
from __future__ import annotations

import os
import subprocess
import time


def timed(argv: list[str], cwd, env: dict, ok: tuple[int, ...] = (0,)) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MiB of one process run to its end (output discarded); an exit
    status not in ``ok`` stops the run."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    error = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) not in ok:
        raise SystemExit(f"{' '.join(argv)} failed:\n{error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
