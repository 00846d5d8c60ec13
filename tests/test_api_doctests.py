"""Every docstring example in the package runs: the public Python API's, the model's and every other
module's that has one, found by walking the package (so a new example is run without listing it),
from the project root (the examples name files under ``examples/``)."""
from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

import importlib

import lit_compliance
from lit_compliance import api

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(lit_compliance.__file__).resolve().parent


def _with_examples() -> list[str]:
    """Every module of the installed package whose source holds a docstring example."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_walk_finds_the_api_and_the_model():
    found = _with_examples()
    assert "lit_compliance.api" in found
    assert sum(name.startswith("lit_compliance.model.") for name in found) >= 5


@pytest.mark.parametrize("name", _with_examples())
def test_every_docstring_example_in_the_package_runs(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.attempted > 0
    assert result.failed == 0


def test_the_python_api_page_runs(monkeypatch):
    """``docs/python-api.md``: the three journeys (regulator diff, operator check, PAR figures)."""
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.attempted > 10
    assert result.failed == 0


def test_the_package_exports_exactly_the_api():
    assert set(lit_compliance.__all__) - {"__version__"} == set(api.__all__)
    for name in api.__all__:
        assert getattr(lit_compliance, name) is getattr(api, name)


def test_every_public_api_function_is_documented_and_typed():
    for name in api.__all__:
        fn = getattr(api, name)
        assert fn.__doc__ and fn.__doc__.strip(), name
        assert "return" in fn.__annotations__, name


def test_importing_the_package_loads_no_engine():
    probe = ("import sys, lit_compliance; "
             "print(sorted(m for m in sys.modules if m.startswith('lit_compliance.') or m.split('.')[0] in "
             "('numpy', 'jsonschema', 'yaml', 'jinja2')))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_the_wheel_says_it_is_typed():
    assert (ROOT / "lit_compliance" / "py.typed").is_file()


# Files exempt from the docstring rule (none).
OTHER_BRANCHES: set[str] = set()


def test_every_public_function_of_the_package_says_what_it_does():
    """Module-level public functions, and the public methods of the model's records."""
    import ast

    package = ROOT / "lit_compliance"
    bare = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        if rel in OTHER_BRANCHES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_") and not ast.get_docstring(node):
                bare.append(f"{rel}:{node.name}")
            if rel.startswith("model/") and isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                bare += [f"{rel}:{node.name}.{m.name}" for m in node.body if isinstance(m, ast.FunctionDef)
                         and not m.name.startswith("_") and not ast.get_docstring(m)]
    assert bare == []
