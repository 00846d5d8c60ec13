"""SIGKILL while printing a PDF (issue 35): PDFs are typeset by Typst inside the process, so a run
killed outright leaves no browser, no child process and no profile folder; the one thing it can leave
is its output's temporary file (``.NAME.PID.*.tmp``, when killed between writing it and renaming it),
which the next run writing that file removes.

Through the installed ``lit-compliance`` script, without timing: the program kills itself with SIGKILL
at the moment under test (a hook that Python's ``sitecustomize`` puts on the real program: at Typst's
call, or at the rename that would put the PDF in place), after noting the process's children then."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SCRIPT = Path(sys.executable).parent / "lit-compliance"
CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"

HOOK = r'''
import glob, os, signal, sys
_at = os.environ.get("LIT_TEST_KILL_AT")

def _hook(frame, event, arg):
    if event != "c_call":
        return
    if (_at == "rename" and arg is os.replace) or (_at == "typeset" and getattr(arg, "__name__", "") == "compile"
                                                    and "typst" in str(getattr(arg, "__module__", ""))):
        children = []
        for path in glob.glob(f"/proc/{os.getpid()}/task/*/children"):
            children += open(path).read().split()
        open(os.environ["LIT_TEST_NOTE"], "w").write(" ".join(children) or "none")
        os.kill(os.getpid(), signal.SIGKILL)

if _at:
    sys.setprofile(_hook)
'''

needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc to list a process's children")


@pytest.fixture()
def hook(tmp_path) -> Path:
    folder = tmp_path / "hook"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
    return folder


def _placard(hook: Path, out: Path, at: str | None, note: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(hook), "LIT_TEST_NOTE": str(note),
           "LIT_COMPLIANCE_CACHE": "off"}       # every PDF typeset anew; the only rename is the output's
    if at:
        env["LIT_TEST_KILL_AT"] = at
    return subprocess.run([str(SCRIPT), "placard", str(CONFIG), "--format", "pdf", "-o", str(out)],
                          capture_output=True, timeout=600, env=env, cwd=out.parent)


@needs_proc
@pytest.mark.parametrize("at", ["typeset", "rename"])
def test_a_pdf_run_killed_outright_leaves_no_process_and_its_temporary_file_is_swept(tmp_path, hook, at):
    assert SCRIPT.is_file(), f"the installed script {SCRIPT} is missing"
    work = tmp_path / "out"
    work.mkdir()
    out, note = work / "sign.pdf", tmp_path / "note.txt"
    killed = _placard(hook, out, at, note)
    assert killed.returncode == -signal.SIGKILL, (killed.returncode, killed.stderr[-1000:])
    assert note.read_text() == "none"                       # no child process (no browser) at the kill
    left = sorted(p.name for p in work.iterdir())
    if at == "typeset":
        assert left == []                                   # the PDF was only in memory
    else:
        assert len(left) == 1 and left[0].startswith(f".sign.pdf.{killed_pid(left[0])}.") and left[0].endswith(".tmp")
        assert not out.exists()
    again = _placard(hook, out, None, note)
    assert again.returncode == 0, again.stderr[-1000:]
    assert out.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in work.iterdir()) == ["sign.pdf"]   # the dead run's temporary file swept


def killed_pid(name: str) -> int:
    """The process id in a temporary file's name ``.sign.pdf.PID.XXXX.tmp``."""
    return int(name[len(".sign.pdf."):].split(".")[0])


def test_a_live_runs_temporary_file_is_left_alone(tmp_path):
    """The sweep removes only what a process that no longer runs left (ours, the parent's: alive)."""
    from lit_compliance.output.files import write_output

    live = tmp_path / f".sign.pdf.{os.getppid()}.abc123.tmp"
    live.write_bytes(b"another run's PDF, being written")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    gone = tmp_path / f".sign.pdf.{dead.pid}.def456.tmp"
    gone.write_bytes(b"half a PDF")
    write_output(tmp_path / "sign.pdf", b"%PDF-1.7 whole")
    assert live.exists() and not gone.exists() and (tmp_path / "sign.pdf").read_bytes() == b"%PDF-1.7 whole"
