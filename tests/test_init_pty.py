"""`lit-compliance init` at a real terminal: answers given badly are refused as they are given, a
file the checks refuse offers to go back to the answers its errors concern, and the file finally
written keeps every other answer. The program runs on a pseudo-terminal; the test waits for each
prompt to be printed before it answers (no sleeps, no timing)."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lit_compliance.operator.table_config import load_config

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


class Terminal:
    """A program on a pseudo-terminal: read what it prints until a prompt appears, then answer."""

    def __init__(self, args, env):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
                                     close_fds=True)
        os.close(slave)
        self.seen = ""

    def wait_for(self, text: str) -> str:
        """Everything printed up to and including ``text`` (fails if the program ends first)."""
        while text not in self.seen:
            ready, _, _ = select.select([self.master], [], [], 300)
            assert ready, f"no output while waiting for {text!r}; so far:\n{self.seen}"
            try:
                chunk = os.read(self.master, 4096).decode("utf-8", "replace")
            except OSError:
                chunk = ""
            assert chunk, f"the program ended while waiting for {text!r}; it printed:\n{self.seen}"
            self.seen += chunk
        before, _, self.seen = self.seen.partition(text)
        return before + text

    def answer(self, prompt: str, text: str) -> str:
        shown = self.wait_for(prompt)
        os.write(self.master, (text + "\n").encode())
        return shown

    def finish(self) -> tuple[int, str]:
        rest = []
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            rest.append(chunk.decode("utf-8", "replace"))
        code = self.proc.wait(timeout=300)
        os.close(self.master)
        return code, self.seen + "".join(rest)


def test_init_refused_file_goes_back_to_the_answer_at_fault_and_keeps_every_other(tmp_path):
    out = tmp_path / "table.yaml"
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(tmp_path / "cache"), NO_COLOR="1", COLUMNS="200")
    term = Terminal([sys.executable, "-m", "lit_compliance", "init", "--interactive", "-o", str(out)], env)
    term.answer("Jurisdiction (", "tribl")
    shown = term.answer("Jurisdiction (", "Tribal")                       # case does not matter
    assert "did you mean 'tribal'?" in shown
    term.answer("Casino name", "Red Cedar Tribal Casino")
    term.answer("Table label", "7")
    term.answer("Table minimum", "5")
    term.answer("Table maximum", "200")
    term.answer("Payout limit per hand", "5000")                         # below the rules' floor
    shown = term.answer("Dealing method:", "automated shoe")             # spaces for underscores
    assert "automated_shoe" in shown
    term.answer("Number of seats", "13")
    shown = term.answer("Number of seats", "6")
    assert "13 seats" in shown and "please answer again" in shown      # refused as it is given
    term.answer("Sign size", "")                                          # the default, letter
    term.answer("Offer Optional Bonus Wager?", "y")
    term.answer("least stake", "")
    shown = term.answer("most stake", "")
    assert shown.startswith(" (default: the stake the rules fix) [1]")   # what the default is
    shown = term.answer("Go back and change them", "y")
    assert "does NOT comply" in shown and "payout_limit:" in shown
    assert "Payout limit per hand ('none' for no limit): 5000" in shown  # the one answer at fault
    shown = term.answer("Payout limit per hand", "20000")
    code, rest = term.finish()
    assert code == 0, shown + rest
    assert "complies" in rest
    data = load_config(out).data
    assert data["payout_limit"] == 20000
    kept = {k: data[k] for k in ("casino", "table", "jurisdiction", "limits", "dealing_method", "seats", "sign_size")}
    assert kept == {"casino": "Red Cedar Tribal Casino", "table": "7", "jurisdiction": "tribal",
                    "limits": {"minimum": 5, "maximum": 200}, "dealing_method": "automated_shoe", "seats": 6,
                    "sign_size": "letter"}
    assert [w["wager"] for w in data["wagers"]] == ["base", "five-card-bonus"]
    assert {"minimum": 1, "maximum": 1}.items() <= data["wagers"][1].items()
    header = out.read_text().splitlines()[0]
    assert header == "# yaml-language-server: $schema=table-config.schema.json"   # beside the file, once exported
