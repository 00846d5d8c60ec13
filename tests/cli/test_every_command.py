"""Every command for every jurisdiction and dealing method, and the CLI conventions (issue 11)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance import __version__
from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[2]
CAT = Catalogue.bundled()
METHODS = [(j, m["id"]) for j in CAT.jurisdictions for m in CAT.latest(j).data["dealing_methods"]]
CONFIGS = sorted(p for p in (ROOT / "examples" / "configs").glob("*.yaml") if not p.name.startswith("noncompliant"))


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


@pytest.mark.parametrize("jurisdiction, method", METHODS)
def test_deal_plan_for_every_jurisdiction_and_method(jurisdiction, method):
    result = run("deal-plan", jurisdiction, "--method", method)
    assert result.exit_code == 0 and "Stub" in result.output
    assert "['" not in result.output          # lists are prose, not Python syntax


@pytest.mark.parametrize("jurisdiction", CAT.jurisdictions)
def test_irregularity_list_and_summary_for_every_jurisdiction(jurisdiction):
    assert run("irregularity", jurisdiction, "--list").exit_code == 0
    for fmt in ("markdown", "html"):
        result = run("summary", jurisdiction, "--format", fmt)
        assert result.exit_code == 0 and len(result.output) > 1000


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_placard_for_every_example_configuration(config, tmp_path):
    for fmt in ("html", "svg"):
        out = tmp_path / f"p.{fmt}"
        result = run("placard", config, "--format", fmt, "-o", out)
        assert result.exit_code == 0 and out.stat().st_size > 0


@pytest.mark.parametrize("command", ["show", "analyze", "deal-plan", "summary", "paytables", "irregularity",
                                     "check", "placard", "diff", "compare", "settle", "evaluate", "validate"])
def test_version_is_the_programs_on_every_command(command):
    result = run(command, "--version")
    assert result.exit_code == 0 and result.output.strip() == f"lit-compliance, version {__version__}"


def test_a_ruleset_version_is_chosen_as_id_at_version_and_ids_ignore_case():
    assert run("show", "MARYLAND@V1").output.startswith("Maryland (maryland) -- version v1")
    typo = run("show", "marylnd")
    assert typo.exit_code == 2 and "did you mean 'maryland'?" in typo.output


def test_no_color_is_honoured_even_when_colour_would_be_chosen():
    env = dict(os.environ, NO_COLOR="1")
    script = ("import sys; sys.stdout.isatty = lambda: True\n"
              "from lit_compliance.cli import main\nmain(['diff', 'nsw', 'tribal'])")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, timeout=300).stdout
    assert b"\x1b[" not in out and b"Differences" in out


def test_shell_completion_offers_jurisdictions_wagers_and_paytables():
    def complete(words: str) -> list[str]:
        env = dict(os.environ, _LIT_COMPLIANCE_COMPLETE="bash_complete", COMP_WORDS=words,
                   COMP_CWORD=str(len(words.split()) - (0 if words.endswith(" ") else 1)))
        exe = Path(sys.executable).parent / "lit-compliance"
        if not exe.exists():
            pytest.skip("the lit-compliance script is not installed beside this Python")
        out = subprocess.run([str(exe)], env=env, capture_output=True, timeout=300)
        return [line.split(",", 1)[1] for line in out.stdout.decode().splitlines() if "," in line]

    assert "south-dakota" in complete("lit-compliance show sou")
    wagers = {w["id"] for w in CAT.latest("maryland").data["wagers"]}
    assert set(complete("lit-compliance analyze maryland --wager ")) == wagers
