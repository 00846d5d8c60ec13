"""Names say what they are: one public name, one meaning; a loaded ruleset is typed wherever it is passed.

- No public top-level name (no leading underscore: a class, function or constant) is defined in two
  modules of the package, unless :data:`SHARED` lists it with its reason. Where two modules meant
  the same thing, one defines it and the other imports it; where they meant two things, each has a
  name that says which (``CheckFinding`` beside the ruleset's ``Finding``, ``DocumentChange``
  beside the diff's ``Change``, ``StrategyRule`` beside the model's ``Rule``).
- Every function's parameter named ``ruleset`` carries a type: the loaded ruleset
  (``lit_compliance.load.catalogue.Ruleset``), its model, or ``RulesetOrModel`` where a call takes
  either, so a reader (and a type checker) knows what the engine hands on.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lit_compliance"

#: Public names defined in more than one module on purpose: (name, the modules) -> why.
SHARED: dict[tuple[str, frozenset[str]], str] = {
    # The public API (``import lit_compliance as lc``) keeps the engine's own words for its calls:
    # each is the engine's call of that name (which it imports and calls), with plainer arguments.
    ("check", frozenset({"api.py", "operator/checks/__init__.py"})):
        "lc.check(config) is the engine's check of a configuration against the ruleset it names",
    ("load_config", frozenset({"api.py", "table/config.py"})):
        "lc.load_config(path) is the engine's load_config",
    ("load_ruleset", frozenset({"api.py", "load/catalogue.py"})):
        "lc.load_ruleset(path) is the loader's load_ruleset",
    ("settle", frozenset({"api.py", "play/settlement.py"})):
        "lc.settle(round) is the engine's settle, given a round or its file",
    # click names a command after its function, so the command's function has the command's name.
    ("simulate", frozenset({"cli/hold.py", "hold/simulate.py"})):
        "the `simulate` command (cli.hold) runs the simulator's simulate",
}


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


def _definitions(sources: dict[str, str]) -> dict[str, set[str]]:
    """Public top-level name -> the modules (paths) that define it: a class, a function, or an
    assignment at the top level of the module."""
    found: dict[str, set[str]] = {}
    for where, text in sources.items():
        for node in ast.parse(text).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            else:
                continue
            for name in names:
                if not name.startswith("_"):
                    found.setdefault(name, set()).add(where)
    return found


def _shared(sources: dict[str, str]) -> dict[str, frozenset[str]]:
    """Each public name defined in more than one module, with those modules."""
    return {name: frozenset(where) for name, where in sorted(_definitions(sources).items()) if len(where) > 1}


def _package_modules() -> dict[str, str]:
    return {p.relative_to(PACKAGE).as_posix(): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def test_no_public_name_is_defined_in_two_modules_without_a_reason():
    shared = _shared(_package_modules())
    unexplained = {name: sorted(where) for name, where in shared.items() if (name, where) not in SHARED}
    assert unexplained == {}, ("one name, two modules: import the one definition where both mean the same, "
                               "else name each for what it is (or list it in SHARED with its reason)")


def test_every_shared_name_listed_is_still_shared():
    shared = _shared(_package_modules())
    assert [entry for entry in SHARED if shared.get(entry[0]) != entry[1]] == []


def test_the_name_check_finds_a_name_defined_twice():
    planted = {"a.py": "class Finding:\n    pass\n\n_private = 1\nLIMIT = 3\n",
               "b.py": "def Finding():\n    pass\n\n_private = 2\n",
               "c.py": "LIMIT: int = 4\nOTHER = 5\n\ndef f():\n    Finding = 1\n"}
    assert _shared(planted) == {"Finding": frozenset({"a.py", "b.py"}), "LIMIT": frozenset({"a.py", "c.py"})}


def test_the_api_calls_the_engine_call_it_shares_a_name_with():
    """A name the API shares with the engine is that engine call: the API imports it from there."""
    api = ast.parse((PACKAGE / "api.py").read_text(encoding="utf-8"))
    imported = {(node.module, alias.name) for node in ast.walk(api) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    for name, modules in SHARED:
        if "api.py" in modules:
            (other,) = modules - {"api.py"}
            module = other.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            assert (module, name) in imported, f"api.{name} does not call {module}.{name}"
