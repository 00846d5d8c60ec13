"""Every command's --help reads cleanly: its description has no run of spaces inside a sentence
(a docstring left un-dedented by an appended paragraph wraps with its indent inside the text)."""
from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from lit_compliance.cli import load_all, main

load_all()
COMMANDS = sorted(main.commands)


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("name", COMMANDS)
def test_the_description_has_no_run_of_spaces(name, width):
    result = CliRunner().invoke(main, [name, "--help"], terminal_width=width)
    assert result.exit_code == 0
    body = result.stdout.split("\nOptions:")[0].splitlines()[1:]
    prose = [line for line in body if line.startswith("  ") and not line.startswith("   ")]   # not a \b block
    assert prose and not [line for line in prose if re.search(r"\S {2,}\S", line)], body


def _paragraphs(lines: list[str]) -> list[tuple[str, bool]]:
    """The prose paragraphs of help lines (two-space indent), each with whether an indented block (a
    click ``\\b`` example) follows it."""
    paragraphs, current = [], []
    for i, line in enumerate(lines + [""]):
        if line.startswith("  ") and not line.startswith("   "):
            current.append(line.strip())
        elif current:
            following = next((later for later in lines[i:] if later.strip()), "")
            paragraphs.append((" ".join(current), following.startswith("   ")))
            current = []
    return paragraphs


@pytest.mark.parametrize("name", COMMANDS)
def test_every_paragraph_of_the_help_is_a_whole_sentence(name):
    result = CliRunner().invoke(main, [name, "--help"], terminal_width=100)
    assert result.exit_code == 0
    description, _, after_options = result.stdout.partition("\nOptions:")
    epilog = [line for line in after_options.splitlines() if line.startswith("  ") and not line.lstrip().startswith("-")
              and not line.startswith("    ")]   # the epilog, below the options' table
    paragraphs = _paragraphs(description.splitlines()[1:])
    assert paragraphs, result.stdout
    for text, introduces_block in paragraphs:
        assert text.endswith(":" if introduces_block else ".") or text.endswith("."), (name, text)
        assert "``" not in text, (name, text)   # reStructuredText markup does not belong in --help
    command = main.commands[name]
    if command.epilog:
        assert command.epilog.rstrip().endswith("."), (name, command.epilog)
        assert epilog, result.stdout


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_says_what_it_does_in_a_whole_sentence(name):
    for param in main.commands[name].params:
        if isinstance(param, click.Option) and not param.hidden:
            text = re.sub(r"  \[[^\]]*\]$", "", param.help or "")   # click's own "  [default: ...]" marker
            assert text and text.rstrip(")").endswith("."), (name, param.opts, text)
            assert not re.search(r"\S {2,}\S", text), (name, param.opts, param.help)


def test_the_list_of_commands_shows_each_summary_whole():
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    listing = result.stdout.split("\nCommands:\n")[1].splitlines()
    shown = dict(line.split(None, 1) for line in listing if line.strip())
    assert sorted(shown) == COMMANDS
    for name, summary in shown.items():
        assert not summary.endswith("..."), (name, summary)          # cut by click for length
        assert summary.endswith(".") and not summary.endswith(("e.g.", "i.e.")), (name, summary)  # cut at an abbreviation
        assert summary == main.commands[name].short_help, name
