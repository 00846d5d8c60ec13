"""Signals, closed pipes and killed runs (issue 23), tested without depending on timing.

Each test waits on something the program has done (a prompt printed, a signal handler installed,
a cache entry or a marker file written) and keeps the program from finishing first by giving it
more output than a pipe we do not read can hold. Every wait
has a generous deadline that fails the test; none skips because the machine was fast or slow.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DEADLINE = 300  # seconds: only a program that is stuck takes this long, even on a loaded machine

needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc to see signal handlers")


def _small_pipe() -> tuple[int, int]:
    """A pipe holding as little as the system allows (one page), so a program writing more waits."""
    read, write = os.pipe()
    try:
        import fcntl

        fcntl.fcntl(write, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    except OSError:  # pragma: no cover - then the default 64 KiB: every output below is larger still
        pass
    return read, write


def _start(args, env=None, **kw) -> tuple[subprocess.Popen, int]:
    """The command in a new process whose standard output is a small pipe nobody reads yet."""
    read, write = _small_pipe()
    proc = subprocess.Popen([sys.executable, "-m", "lit_compliance", *map(str, args)], stdout=write,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env, **kw)
    os.close(write)
    return proc, read


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.01)


def _handles(pid: int, signum: int) -> bool:
    """Whether the process has installed its own handler for ``signum`` (SigCgt in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True  # gone: let the caller see its exit status
    caught = int(next(ln.split()[1] for ln in status.splitlines() if ln.startswith("SigCgt:")), 16)
    return bool(caught & (1 << (signum - 1)))


def _finish(proc: subprocess.Popen, read: int) -> tuple[int, bytes]:
    """Drain the output (so the process is not held by the pipe) and return its status and stderr."""
    with os.fdopen(read, "rb") as out:
        out.read()
    err = proc.stderr.read()
    proc.stderr.close()
    return proc.wait(timeout=DEADLINE), err


# The program, held at a gate in the middle of loading its modules: the gate says "here" on one pipe
# and waits on another. At the catalogue, the command line's core is loading; at the command's own
# module, click is choosing the command (an interrupt there was click's "Aborted!", status 1).
GATED = """
import os, runpy, sys
ready, go, where = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
class Gate:
    def find_spec(self, name, path=None, target=None):
        if name == where:
            sys.meta_path.remove(self)
            os.write(ready, b"here")
            os.read(go, 1)  # a signal arrives while the program waits here
        return None
sys.meta_path.insert(0, Gate())
sys.argv = ["lit-compliance", *sys.argv[4:]]
runpy.run_module("lit_compliance", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize("where", ["lit_compliance.load.catalogue", "lit_compliance.cli.catalogue"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_during_start_up_exits_130_without_a_traceback(signum, where):
    ready_r, ready_w = os.pipe()
    go_r, go_w = os.pipe()
    proc = subprocess.Popen([sys.executable, "-c", GATED, str(ready_w), str(go_r), where, "show", "maryland"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, pass_fds=(ready_w, go_r))
    os.close(ready_w)
    os.close(go_r)
    try:
        assert os.read(ready_r, 4) == b"here", proc.communicate(timeout=DEADLINE)
        proc.send_signal(signum)  # while it is loading its modules
        out, err = proc.communicate(timeout=DEADLINE)
    finally:
        os.close(ready_r)
        os.close(go_w)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err and b"Aborted" not in err and b"interrupted" in err and out == b""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_while_analyze_is_at_work_exits_130(tmp_path, signum):
    cache = tmp_path / "cache"
    env = {**os.environ, "LIT_COMPLIANCE_CACHE": str(cache)}  # cold: every table and figure to compute
    proc, read = _start(["analyze", "all", "--format", "json"], env=env)  # 210 KB of output
    _wait_for(lambda: cache.is_dir() and any(cache.glob("*.json")), "the first result kept in the cache")
    proc.send_signal(signum)  # it cannot have finished: its output does not fit the unread pipe
    status, err = _finish(proc, read)
    assert status == 130, err
    assert b"Traceback" not in err and b"Aborted" not in err and b"interrupted" in err


def test_ctrl_c_at_a_prompt_is_an_interrupt_with_status_130(tmp_path):
    import pty
    import select

    out = tmp_path / "t.yaml"
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "lit_compliance", "init", "--jurisdiction", "maryland",
                                  "--interactive", "-o", str(out)])
    seen = b""

    def read_some() -> bool:
        nonlocal seen
        if select.select([fd], [], [], 1)[0]:
            try:
                chunk = os.read(fd, 1024)
            except OSError:  # the child has gone and closed the terminal
                return False
            seen += chunk
            return bool(chunk)
        return True

    deadline = time.monotonic() + DEADLINE
    while b"Casino name:" not in seen:  # the first question is on the screen: input() is next
        if time.monotonic() > deadline or not read_some():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"init never asked its first question: {seen!r}")
    os.kill(pid, signal.SIGINT)  # what the terminal sends on Ctrl-C
    before = len(seen)
    while read_some():
        if time.monotonic() > deadline:
            break
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:  # stuck at the prompt: fail, do not hang
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"init did not stop on an interrupt: {seen!r}")
        time.sleep(0.05)
    rest = seen[before:]
    assert os.waitstatus_to_exitcode(status) == 130, seen
    assert b"Traceback" not in rest and b"interrupted" in rest
    assert not out.exists()


def test_a_reader_that_goes_away_gives_status_141():
    """``lit-compliance par all | head -c 10``."""
    proc, read = _start(["par", "all"])  # 170 KB: it is still writing when the reader leaves
    with os.fdopen(read, "rb") as out:
        assert len(out.read(10)) == 10
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=DEADLINE) == 141, err
    assert b"Traceback" not in err and b"rror" not in err


def test_dash_as_output_file_means_standard_output(tmp_path):
    result = subprocess.run([sys.executable, "-m", "lit_compliance", "summary", "tribal", "-o", "-"],
                            capture_output=True, cwd=tmp_path, timeout=DEADLINE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    plain = subprocess.run([sys.executable, "-m", "lit_compliance", "summary", "tribal"],
                           capture_output=True, cwd=tmp_path, timeout=DEADLINE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0 and result.stdout == plain.stdout and len(plain.stdout) > 100
    assert not (tmp_path / "-").exists()


def test_folders_left_by_a_site_run_killed_outright_are_swept_by_the_next_run(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import lit_compliance.cli.site as command
    from lit_compliance.cli import main

    # The next run is the real command in this process, writing a two-file site: sweeping is the
    # writer's part, and the whole catalogue need not be rendered to show it.
    monkeypatch.setattr(command, "site_files_with_progress", lambda: {"index.html": "<!DOCTYPE html>", "site.css": b"body {}"})
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process number that no longer runs, as a killed run's would be
    target = tmp_path / "site"
    left = [tmp_path / f".site.{dead.pid}.a1b2c3.tmp", tmp_path / f".site.{dead.pid}.d4e5f6.old"]
    for folder in left:
        folder.mkdir()
        (folder / "index.html").write_text("half a site")
    live = tmp_path / f".site.{os.getppid()}.zzzzzz.tmp"  # a run still going (our parent process): kept
    live.mkdir()
    result = CliRunner().invoke(main, ["site", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert not any(folder.exists() for folder in left)
    assert live.exists() and (target / "index.html").is_file()
