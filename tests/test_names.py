"""Names say what they are: a loaded ruleset is typed wherever it is passed.

Every function's parameter named ``ruleset`` carries a type: the loaded ruleset
(``lit_compliance.load.catalogue.Ruleset``), its model, or ``RulesetOrModel`` where a call takes
either, so a reader (and a type checker) knows what the engine hands on.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lit_compliance"


def _unannotated(name: str, sources: dict[str, str]) -> list[str]:
    """``file:line: function`` for each parameter ``name`` without an annotation."""
    found = []
    for where, text in sorted(sources.items()):
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            a = node.args
            params = a.posonlyargs + a.args + a.kwonlyargs + [p for p in (a.vararg, a.kwarg) if p]
            if any(p.arg == name and p.annotation is None for p in params):
                found.append(f"{where}:{node.lineno}: {getattr(node, 'name', 'lambda')}")
    return found


def _package_sources() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def test_every_ruleset_parameter_is_annotated():
    assert _unannotated("ruleset", _package_sources()) == []


def test_the_annotation_check_finds_an_unannotated_ruleset():
    planted = {"a.py": "def f(x: int, ruleset) -> None:\n    pass\n",
               "b.py": "def g(ruleset: 'Ruleset', *, other=None):\n    return lambda ruleset: ruleset\n"}
    assert _unannotated("ruleset", planted) == ["a.py:1: f", "b.py:2: lambda"]


def test_the_model_names_the_ruleset_it_was_built_from():
    from typing import get_type_hints

    from lit_compliance.load.catalogue import Ruleset
    from lit_compliance.model import RulesetModel

    assert get_type_hints(RulesetModel)["ruleset"] is Ruleset
