"""Output formats are chosen in one place (issue 29): each command's formats and the view of each are
one table (:class:`lit_compliance.cli.formats.Formats`), which makes the ``--format`` option and picks
the view; no command module compares a format name by hand."""
from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from lit_compliance.cli import load_all, main
from lit_compliance.cli.formats import FORMAT_KINDS, Formats

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())   # at any depth
CLI = ROOT / "lit_compliance" / "cli"
FORMAT_NAMES = set(FORMAT_KINDS)

load_all()


def _names_a_format(node: ast.AST) -> bool:
    """A string constant naming a format, or a list, tuple or set of constants holding one."""
    if isinstance(node, ast.Constant):
        return node.value in FORMAT_NAMES
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(_names_a_format(e) for e in node.elts)
    return False


def _is_format_variable(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id in ("fmt", "format", "doc")


def hand_made_choices(source: str) -> list[int]:
    """The lines of ``source`` that choose by a format's name by hand: a comparison with a format
    name (``fmt == "json"``, ``x in ("csv", "html")``), a comparison of the format variable other than
    asking a table whether it offers it (``fmt in TABLE``), or a literal mapping keyed by format names
    outside a :class:`Formats` table."""
    tree = ast.parse(source)
    in_tables = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and getattr(node.func, "id", None) == "Formats" for arg in node.args[:1]}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_names_a_format(o) for o in operands):
                found.append(node.lineno)
            elif any(_is_format_variable(o) for o in operands):
                asks_a_table = all(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and \
                    _is_format_variable(node.left) and all(isinstance(c, (ast.Name, ast.Attribute))
                                                           for c in node.comparators)
                if not asks_a_table:
                    found.append(node.lineno)
        elif isinstance(node, ast.Dict) and id(node) not in in_tables and any(_names_a_format(k) for k in node.keys
                                                                             if k is not None):
            found.append(node.lineno)
    return sorted(found)


@pytest.mark.parametrize("path", sorted(p for p in CLI.glob("*.py") if p.name != "formats.py"), ids=lambda p: p.name)
def test_no_command_module_chooses_a_format_by_hand(path):
    assert hand_made_choices(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("source, lines", [
    ('if fmt == "json":\n    pass\n', [1]),
    ('x = 1\nshown = fmt not in ("json", "csv")\n', [2]),
    ('if fmt != TEXT:\n    pass\n', [1]),
    ('t = {"text": "a.txt", "markdown": "a.md"}.get(fmt)\n', [1]),
    ('doc = "pdf" if wanted else "html"\nif doc == "pdf":\n    pass\n', [2]),
    ('T = Formats({"text": f, "json": g})\nif fmt not in T:\n    pass\n', []),
])
def test_the_check_finds_a_choice_made_by_hand(source, lines):
    assert hand_made_choices(source) == lines


def _tables() -> list[tuple[str, str, Formats]]:
    import importlib

    from lit_compliance.cli.common import COMMAND_MODULES

    found = []
    for module in sorted(set(COMMAND_MODULES.values()) | {"floor"}):
        mod = importlib.import_module(f"lit_compliance.cli.{module}")
        found += [(module, name, value) for name, value in vars(mod).items() if isinstance(value, Formats)]
    return found


def test_every_table_names_described_formats_each_with_a_view():
    tables = _tables()
    assert len(tables) >= 20
    for module, name, table in tables:
        assert set(table) <= FORMAT_NAMES, (module, name)
        assert all(callable(table[f]) for f in table), (module, name)


def _format_option(command: click.Command) -> click.Option | None:
    return next((p for p in command.params if isinstance(p, click.Option) and "--format" in p.opts), None)


FORMATTED = sorted(name for name, cmd in main.commands.items() if _format_option(cmd) is not None)


def test_the_commands_with_a_format_option():
    assert FORMATTED == ["analyze", "check", "compare", "deal-plan", "diff", "evaluate", "hold", "irregularity",
                         "list", "par", "paytables", "placard", "settle", "show", "simulate", "summary", "validate"]


@pytest.mark.parametrize("name", FORMATTED)
def test_each_format_option_is_made_from_a_table_in_the_commands_module(name):
    command = main.commands[name]
    option = _format_option(command)
    module = command.callback.__module__.rsplit(".", 1)[-1]
    offered = [(t.help, list(t), t.default) for m, _, t in _tables() if m in (module, "floor")]
    assert (option.help, list(option.type.choices), option.default) in offered
    assert option.show_default and option.name == "fmt"


@pytest.mark.parametrize("name", FORMATTED)
def test_an_unknown_format_is_refused_naming_the_tables_choices_in_order(name):
    choices = list(_format_option(main.commands[name]).type.choices)
    result = CliRunner().invoke(main, [name, "--format", "bogus"])
    assert result.exit_code == 2
    said = ", ".join(f"'{c}'" for c in choices)
    assert f"Invalid value for '--format': 'bogus' is not one of {said}." in result.output


@pytest.mark.parametrize("args", [["summary", "maryland"], ["par", "maryland"],
                                  ["placard", "examples/configs/maryland.yaml"],
                                  ["hold", "examples/results/maryland-lir-2.csv"]])
def test_a_format_written_to_a_file_only_needs_an_output_file(args, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, [*args, "--format", "pdf"])
    assert result.exit_code == 2 and "error: --format pdf needs --output FILE" in result.output, result.output
