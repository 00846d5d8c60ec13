"""Signals at the end of a run (issue 35), without timing: the program signals itself at the moment
under test (a stand-in for the operating system's delivery there), through hooks this harness
puts on the real program before running it as ``lit-compliance`` with its own command line.

- a signal after the output is in place: exit 130, and the message says the output is complete;
- a signal after the command's work is done: the same, never a signal's status with no word;
- a signal during the program's exit: blocked, the run's own status, no traceback;
- SIGTERM while ``site`` swaps its folders: the new site in place, no ``.old`` folder beside it,
  and the message says the site was written (it said "nothing written")."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from conftest import ROOT

HARNESS = r"""
import atexit, os, signal, sys
mode, signame, *args = sys.argv[1:]
signum = getattr(signal, signame)
import lit_compliance.cli.site as site_command
site_command.site_files_with_progress = lambda: {"index.html": "<!DOCTYPE html><title>new</title>", "site.css": b"body {}"}
from lit_compliance import signals
from lit_compliance.output import files

def hit():
    os.kill(os.getpid(), signum)

if mode == "written":                 # the output has just been put in place
    real_written = signals.written
    signals.written = lambda name: (real_written(name), hit())
elif mode == "finished":              # the command's work is done, the run not yet over
    real_finish = signals.finish
    signals.finish = lambda: (real_finish(), hit())
elif mode == "exiting":               # the interpreter is shutting down
    atexit.register(hit)
elif mode == "swap":                  # site: clearing the old folder it has just replaced
    real_rmtree = files.shutil.rmtree
    def rmtree(path, *a, **k):
        if str(path).endswith(".old"):
            hit()
        return real_rmtree(path, *a, **k)
    files.shutil.rmtree = rmtree
sys.argv = ["lit-compliance", *args]
from lit_compliance.cli import main
main()
"""


def _run(mode: str, signame: str, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", HARNESS, mode, signame, *map(str, args)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("mode", ["written", "finished"])
def test_a_signal_after_the_output_is_complete_exits_130_and_says_so(tmp_path, mode, signame):
    out = tmp_path / "summary.txt"
    done = _run(mode, signame, "summary", "tribal", "-o", out)
    assert done.returncode == 130, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"lit-compliance: interrupted after the output was complete ({out}: written in full)")
    plain = subprocess.run([sys.executable, "-m", "lit_compliance", "summary", "tribal"], capture_output=True,
                           text=True, timeout=300, cwd=ROOT)
    assert out.read_text(encoding="utf-8") == plain.stdout         # the whole output, as a quiet run makes it


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_after_standard_output_is_complete_says_so(signame):
    done = _run("finished", signame, "show", "tribal")
    assert done.returncode == 130 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("interrupted after the output was complete (standard output: written in full)")
    assert "Tribal" in done.stdout


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_signal_while_the_program_exits_is_held_off(signame):
    done = _run("exiting", signame, "show", "tribal")
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stderr == "" and "Tribal" in done.stdout


def test_sigterm_during_the_site_swap_leaves_the_new_site_and_no_old_folder(tmp_path):
    target = tmp_path / "site"
    first = _run("none", "SIGTERM", "site", "-o", target)
    assert first.returncode == 0, first.stderr
    (target / "index.html").write_text("the old site", encoding="utf-8")
    done = _run("swap", "SIGTERM", "site", "-o", target)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"lit-compliance: interrupted after the output was complete ({target}: written in full)")
    assert (target / "index.html").read_text(encoding="utf-8") == "<!DOCTYPE html><title>new</title>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no .site.*.old (nor .tmp) beside it
