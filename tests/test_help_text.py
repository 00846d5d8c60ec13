"""Every command's --help reads cleanly: its description has no run of spaces inside a sentence
(a docstring left un-dedented by an appended paragraph wraps with its indent inside the text)."""
from __future__ import annotations

import re

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
