"""SIGINT and SIGTERM at any moment of the program's start-up (issue 35): never a traceback, always
one line and exit status 130, through the installed ``lit-compliance`` script itself.

No timing: the program signals itself at the N-th Python function call counted from the first
statement of the package (a profile hook that Python's ``sitecustomize`` puts on the real program
before it starts; a stand-in for the operating system delivering the signal at that moment). A run
without a signal first counts the calls up to the moment the command line takes the signals over
(``lit_compliance.signals.install``) and to the exit (where signals are blocked); the points are spread
over that start-up, with its first calls and those around the take-over, and a few in the command's
own work.

What is out of reach: Python's own start-up and the two lines of the generated script that run before
the package's first statement, where the interpreter's default handler is in force."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SCRIPT = Path(sys.executable).parent / ("lit-compliance" + (".exe" if os.name == "nt" else ""))

GATE = r'''
import os, sys
_at = int(os.environ.get("LIT_TEST_SIGNAL_AT", "0"))
_signum = int(os.environ.get("LIT_TEST_SIGNAL", "2"))
_count = os.environ.get("LIT_TEST_COUNT")
_n = [0, False]
_seen = {}     # signals.install (the take-over) and signals.block_for_exit (the exit): the call counted at each

def _gate(frame, event, arg):
    if event != "call":
        return
    code = frame.f_code
    if not _n[1]:   # the package's first statement: from here on the program is its own
        if code.co_name == "<module>" and code.co_filename.replace("\\", "/").endswith("lit_compliance/__init__.py"):
            _n[1] = True
        return
    _n[0] += 1
    if _n[0] == _at:
        sys.setprofile(None)
        open(os.environ["LIT_TEST_SENT"], "w").write(f"{code.co_filename}:{frame.f_lineno} {code.co_name}")
        os.kill(os.getpid(), _signum)
    elif _count and code.co_name in ("install", "block_for_exit") and code.co_filename.endswith("signals.py"):
        _seen.setdefault(code.co_name, _n[0])

sys.setprofile(_gate)
if _count:
    import atexit
    atexit.register(lambda: open(_count, "w").write(f"{_seen['install']} {_seen['block_for_exit']}"))
'''


def _run(gate: Path, args: list[str], **env) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=600, cwd=gate,
                          env={**os.environ, "PYTHONPATH": str(gate), **{k: str(v) for k, v in env.items()}})


@pytest.fixture(scope="module")
def gate(tmp_path_factory) -> Path:
    assert SCRIPT.is_file(), f"the installed script {SCRIPT} is missing"
    folder = tmp_path_factory.mktemp("gate")
    (folder / "sitecustomize.py").write_text(GATE, encoding="utf-8")
    return folder


def _calls(gate: Path, args: list[str]) -> tuple[int, int]:
    """(calls up to the command line's take-over of the signals, calls up to the exit, after which
    signals are blocked: tests/test_signals_after_output.py) of a quiet run."""
    count = gate / "count.txt"
    for _ in range(2):   # the first run fills the cache; every later run is the second's twin
        quiet = _run(gate, args, LIT_TEST_COUNT=count)
        assert quiet.returncode == 0, quiet.stderr
    taken_over, exiting = map(int, count.read_text().split())
    assert 0 < taken_over < exiting
    return taken_over, exiting


def _points(taken_over: int, exiting: int, spread: int) -> list[int]:
    first = list(range(1, 4))
    even = [1 + k * (taken_over - 1) // spread for k in range(spread + 1)]
    around = list(range(taken_over - 2, taken_over + 3))
    working = [taken_over + k * (exiting - taken_over) // 4 for k in range(1, 4)]   # the command at work
    return sorted(set(first + even + around + working))


def _check(gate: Path, args: list[str], signum: int, points: list[int], taken_over: int) -> None:
    sent = gate / "sent.txt"
    for at in points:
        sent.unlink(missing_ok=True)
        done = _run(gate, args, LIT_TEST_SIGNAL_AT=at, LIT_TEST_SIGNAL=int(signum), LIT_TEST_SENT=sent)
        said = (at, sent.exists() and sent.read_text(), done.returncode, done.stderr[-1500:])
        assert sent.exists(), said     # the signal was sent, at the call counted
        assert done.returncode == 130, said
        assert "Traceback" not in done.stderr and "Aborted" not in done.stderr, said
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("lit-compliance: interrupted"), said
        if at < taken_over:
            assert done.stdout == "" and lines[0] == "lit-compliance: interrupted; stopped, nothing written", said


@pytest.mark.parametrize("signum, spread", [(signal.SIGINT, 10), (signal.SIGTERM, 3)], ids=["SIGINT", "SIGTERM"])
def test_a_signal_at_any_moment_of_start_up_exits_130_with_one_line(gate, signum, spread):
    args = ["show", "tribal"]
    taken_over, exiting = _calls(gate, args)
    _check(gate, args, signum, _points(taken_over, exiting, spread), taken_over)


@pytest.mark.slow
@pytest.mark.parametrize("args", [["show", "tribal"], ["check", str(ROOT / "examples" / "configs" / "maryland.yaml")],
                                  ["schema", "round"]], ids=["show", "check", "schema"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_at_any_of_many_moments_of_start_up_exits_130_with_one_line(gate, args, signum):
    taken_over, exiting = _calls(gate, args)
    _check(gate, args, signum, _points(taken_over, exiting, 150), taken_over)


def test_imported_as_a_library_the_package_leaves_signals_alone():
    # compared with the handlers before the import, not with Python's defaults: a process started in
    # the background by a shell without job control inherits SIGINT ignored, and keeps it so
    done = subprocess.run([sys.executable, "-c", "import signal; before = [signal.getsignal(s) for s in "
                           "(signal.SIGINT, signal.SIGTERM)]; import lit_compliance.cli; "
                           "print(*(signal.getsignal(s) is b for s, b in zip((signal.SIGINT, signal.SIGTERM), before)))"],
                          capture_output=True, text=True, timeout=600)
    assert done.stdout.split() == ["True", "True"], done.stderr


def test_run_as_python_m_start_up_is_covered_too(gate):
    for at in (1, 2, 40, 400):
        done = subprocess.run([sys.executable, "-m", "lit_compliance", "show", "tribal"], capture_output=True, text=True,
                              timeout=600, cwd=gate, env={**os.environ, "PYTHONPATH": str(gate),
                                                          "LIT_TEST_SIGNAL_AT": str(at),
                                                          "LIT_TEST_SENT": str(gate / "sent-m.txt")})
        assert done.returncode == 130 and done.stderr == "lit-compliance: interrupted; stopped, nothing written\n", \
            (at, done.returncode, done.stderr[-1500:])
