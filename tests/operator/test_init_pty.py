"""`lit-compliance init` at a real terminal: answers given badly are refused as they are given, a
file the checks refuse offers to go back to the answers its errors concern, and the file finally
written keeps every other answer. For each of the five jurisdictions, a session with a mistake made
and fixed writes a file `check --strict` passes: every figure the house must state is asked for
(NSW's lost base figures, Massachusetts' house paytable, a bonus paytable's gap), a wager the rules
print no paytable for is not offered, the wagers' maximums stay within a shared table limit, and a
paytable the math flags is taken only when the house accepts it (recorded in the file). The program
runs on a pseudo-terminal; the test waits for each prompt to be printed before it answers (no
sleeps, no timing)."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model import model_of
from lit_compliance.operator.checks import check
from lit_compliance.table.config import load_config, ruleset_for

ROOT = Path(__file__).resolve().parents[2]

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
    shown = term.answer("Paytable for", "payout-odds")
    assert "house: the house's own paytable" in shown                    # minimum odds: the house may set its own
    term.answer("Offer Optional Bonus Wager?", "y")
    term.answer("least stake", "")
    shown = term.answer("most stake", "")
    assert shown.startswith(" (default: the stake the rules fix) [1]")   # what the default is
    term.answer("Paytable for", "bonus-payout")
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
    _passes_strict(out)
    header = out.read_text().splitlines()[0]
    assert header == "# yaml-language-server: $schema=table-config.schema.json"   # beside the file, once exported


# --- every jurisdiction -------------------------------------------------------------------------


def _session(tmp_path, jurisdiction: str, script: list[tuple[str, str]]) -> tuple[Path, str]:
    """Run ``init`` for ``jurisdiction``, answering each prompt of ``script`` as it appears; the
    file written and everything printed."""
    out = tmp_path / f"{jurisdiction}.yaml"
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    term = Terminal([sys.executable, "-m", "lit_compliance", "init", "--interactive", "--jurisdiction", jurisdiction,
                     "-o", str(out)], env)
    shown = "".join(term.answer(prompt, answer) for prompt, answer in script)
    code, rest = term.finish()
    assert code == 0, shown + rest
    return out, shown + rest


def _passes_strict(out: Path):
    result = CliRunner().invoke(main, ["check", "--strict", str(out)])
    assert result.exit_code == 0, result.output
    config = load_config(out)
    return config, check(ruleset_for(config), config)


def test_init_nsw_asks_for_the_figures_the_rules_lost_and_refuses_a_word_for_one(tmp_path):
    out, shown = _session(tmp_path, "nsw", [
        ("Casino name", "Harbourside Casino Sydney"), ("Table label", "LIR-1"), ("Table minimum", "25"),
        ("Table maximum", "2500"), ("Payout limit", "250000"), ("Dealing method:", "card_shoe"),
        ("Number of seats", ""), ("Sign size", "a4"),
        ("Straight flush pays", "two hundred"), ("Straight flush pays", "200"),      # a mistake, fixed
        ("Full house pays", "11"), ("Straight pays", "5"), ("Two pair pays", "2")])
    assert "'two hundred' is not a figure" in shown and "please answer again" in shown
    assert "Write it anyway" not in shown and "Go back" not in shown
    config, report = _passes_strict(out)
    supplied = config.data["wagers"][0]["supplied_figures"]
    lost = [(ln.hand, ln.payout.kind.value) for t in model_of(ruleset_for(config)).wager("base").paytables
            for ln in t.lines if ln.payout.missing]
    assert [(f["hand"], f["payout"]["kind"]) for f in supplied] == lost                 # every lost line, in order
    assert [f["payout"]["value"] for f in supplied] == [200, 11, 5, 2]
    assert {f.kind for f in report.findings if f.path.startswith("wagers[0].supplied_figures")} == {"needs_approval"}


def test_init_massachusetts_asks_for_the_house_paytable_offers_cover_all_and_never_loops(tmp_path):
    figures = [("Royal flush", "1000"), ("Straight flush", "200"), ("Four of a kind", "50"), ("Full house", "11"),
               ("Flush", "8"), ("Straight", "5"), ("Three of a kind", "3"), ("Two pair", "2"),
               ("Pair of tens or better", "1")]
    out, shown = _session(tmp_path, "massachusetts", [
        ("Casino name", "Pioneer Valley Resort Casino"), ("Table label", "LIR-5"), ("Table minimum", "15"),
        ("Table maximum", "1000"), ("Payout limit", "none"), ("Dealing method:", "hand"),
        ("Number of seats", "0"), ("Number of seats", "7"),                              # a mistake, fixed
        ("Sign size", "")] + [(f"house paytable: {hand} pays", pays) for hand, pays in figures] + [
        ("Offer Cover All", "y"), ("least stake", "5"), ("most stake", "100"),
        ("Offer Let-it-Ride progressive", "y"), ("least stake", ""), ("most stake", ""),
        ("meter seed", "25000"), ("meter reset", ""), ("meter rate", "12"),
        ("Accept this paytable", "y")])
    assert "0 seats" in shown and "please answer again" in shown
    assert "Go back" not in shown and "Write it anyway" not in shown
    assert shown.count("cannot be offered: the rules print no paytable") == 2      # five and three card bonus
    config, report = _passes_strict(out)
    base = config.data["wagers"][0]
    assert [(ln["hand"], ln["payout"]["value"]) for ln in base["custom_paytable"]["lines"]] == \
        [(h.lower().replace(" ", "_").replace("pair_of_tens_or_better", "pair_tens_or_better"), int(v))
         for h, v in figures]
    assert [w["wager"] for w in config.data["wagers"]] == ["base", "cover-all", "progressive"]
    raised = sorted(f["id"] for f in report.flags)
    assert raised and sorted(config.data["accepted_math_flags"]) == raised


def test_init_south_dakota_keeps_the_wagers_within_the_table_limit_and_asks_a_bonus_paytables_gap(tmp_path):
    out, shown = _session(tmp_path, "south-dakota", [
        ("Casino name", "Gold Gulch Saloon & Casino"), ("Table label", "3"), ("Table minimum", "5"),
        ("Table maximum", "100"), ("Payout limit", "none"), ("Dealing method:", "shuffler_stacks"),
        ("Number of seats", "6"), ("Sign size", ""),
        ("most on each", "40"), ("most on each", "25"),                                # 3 x $40 > $100, fixed
        ("Paytable for", "a"),
        ("Offer", "y"), ("least stake", "1"), ("most stake", "10"), ("Paytable for", "a"), ("Two pair pays", "4"),
        ("Offer", "y"), ("least stake", "1"), ("most stake", "10"), ("Paytable for", "a"),
        ("Offer", "y"), ("least stake", "1"), ("most stake", "1"), ("meter seed", "5000"), ("meter reset", ""),
        ("meter rate", "20"), ("Paytable for", "pmg-01"), ("Accept this paytable", "y")])
    assert "would reach $120, above the table limit of $100" in shown
    config, report = _passes_strict(out)
    wagers = {w["wager"]: w for w in config.data["wagers"]}
    assert wagers["base"]["maximum"] == 25
    assert wagers["five-card-bonus"]["supplied_figures"] == [{"hand": "two_pair", "payout": {"kind": "to_one", "value": 4}}]
    assert 3 * 25 + 10 + 10 + 1 <= config.data["limits"]["maximum"]
    assert not [f for f in report.findings if f.kind == "combined_limit_exceeded"]


def test_init_maryland_refuses_a_paytable_on_which_the_house_loses_until_the_house_accepts_another(tmp_path):
    out, shown = _session(tmp_path, "maryland", [
        ("Casino name", "Bay Casino"), ("Table label", "LIR-1"), ("Table minimum", "10"), ("Table maximum", "500"),
        ("Payout limit", "100000"), ("Dealing method:", "automated_shoe"),
        ("Number of seats", "9"), ("Number of seats", "7"),                              # a mistake, fixed
        ("Sign size", ""), ("Paytable for", "a"),
        ("Offer Five", "n"), ("Offer Three", "n"), ("Offer Six", "n"), ("Offer Progressive", "y"),
        ("least stake", "1"), ("most stake", "5"), ("meter seed", "10000"), ("meter reset", ""), ("meter rate", "15"),
        ("Paytable for", "b"), ("Accept this paytable", "n"),                           # the house loses: refused
        ("Paytable for", "a"), ("Accept this paytable", "y")])
    assert "9 seats" in shown
    flagged_b = shown.split("Accept this paytable")[0]
    assert "The house LOSES money on average" in flagged_b and "math-progressive-b-return-over-100" in flagged_b
    config, report = _passes_strict(out)
    assert [w.get("paytable") for w in config.data["wagers"]] == ["a", "a"]
    assert config.data["accepted_math_flags"] == [f["id"] for f in report.flags]
    assert not report.house_loses


def test_init_without_a_terminal_refuses_a_flagged_paytable_unless_accepted_and_records_it(tmp_path):
    out = tmp_path / "md.yaml"
    args = ["init", "--no-interactive", "--jurisdiction", "maryland", "--casino", "X", "--minimum", "10",
            "--maximum", "500", "--wager", "base=a", "--wager", "progressive=b", "--seed", "10000", "--rate", "15",
            "--dealing-method", "automated_shoe", "--output", str(out)]
    refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2 and "--accept-flagged" in refused.output and not out.exists()
    assert "math-progressive-b-return-over-100" in refused.output
    taken = CliRunner().invoke(main, args + ["--accept-flagged"])
    assert taken.exit_code == 0, taken.output
    config = load_config(out)
    report = check(ruleset_for(config), config)
    assert "math-progressive-b-return-over-100" in config.data["accepted_math_flags"]
    assert report.house_loses                                            # accepted, still the house loses
    assert CliRunner().invoke(main, ["check", "--strict", str(out)]).exit_code == 1
