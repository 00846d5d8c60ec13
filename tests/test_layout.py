"""The layout enforces itself: the pipeline's stage rules, no import cycle, small modules and functions.

The stage rules (docs/architecture.md) are import-linter's layers contract in ``pyproject.toml``
(``[tool.importlinter]``); ``lint-imports`` checks them from the command line and the first test
here runs the same check, so the default suite fails on an import that reaches a later stage.
"""
from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lit_compliance"
MAX_LINES = 600

# Modules exempt from the layout rules (none: every module keeps them).
SPLIT_ELSEWHERE: set[str] = set()


def _graph():
    return grimp.build_graph("lit_compliance", cache_dir=None)


def test_every_stage_imports_only_the_stages_before_it(monkeypatch):
    from importlinter.cli import lint_imports

    monkeypatch.chdir(ROOT)
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True) == 0, \
        "an import breaks the pipeline's stage rules: run `lint-imports` for the chain"


def test_the_layers_contract_names_every_package_of_the_pipeline():
    """A new package must be placed in the pipeline, not left outside the contract."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "layers"]
    named = {part.strip() for layer in contract["layers"] for part in layer.replace(":", "|").split("|")}
    here = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    here |= {p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__")}
    assert here - named == set(), f"not placed in the pipeline: {sorted(here - named)}"


def _cycles(graph) -> list[list[str]]:
    """Strongly connected groups of modules (Tarjan), imports made inside functions included."""
    exempt = {"lit_compliance." + name[:-3].replace("/", ".") for name in SPLIT_ELSEWHERE}
    modules = sorted(m for m in graph.modules if m.startswith("lit_compliance") and m not in exempt)
    edges = {m: sorted(i for i in graph.find_modules_directly_imported_by(m) if i in modules) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for m in modules:
        if m not in index:
            visit(m)
    return found


def test_no_module_imports_itself_through_others():
    assert _cycles(_graph()) == []


def test_the_cycle_check_finds_a_cycle():
    class TwoModules:
        modules = {"lit_compliance.a", "lit_compliance.b", "lit_compliance.c"}

        @staticmethod
        def find_modules_directly_imported_by(m):
            return {"lit_compliance.a": {"lit_compliance.b"}, "lit_compliance.b": {"lit_compliance.a"},
                    "lit_compliance.c": {"lit_compliance.a"}}[m]

    assert _cycles(TwoModules) == [["lit_compliance.a", "lit_compliance.b"]]


def test_no_module_is_longer_than_600_lines():
    long = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and rel not in SPLIT_ELSEWHERE:
            long[rel] = lines
    assert long == {}


MAX_FUNCTION_LINES = 80

# Functions longer than 80 lines, each with the reason it is one piece. Empty it as they are split.
LONG_FUNCTIONS: dict[str, str] = {
}


def _long_functions() -> dict[str, int]:
    long = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{rel}:{node.name}"] = lines
    return long


def test_no_function_is_longer_than_80_lines_without_a_reason():
    unexplained = {name: n for name, n in _long_functions().items() if name not in LONG_FUNCTIONS}
    assert unexplained == {}


def test_every_reason_for_a_long_function_is_still_needed():
    assert sorted(set(LONG_FUNCTIONS) - set(_long_functions())) == []


def _imports_inside_functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    yield inner


def test_every_import_inside_a_function_says_why():
    """An import made inside a function is there for start-up time (docs/benchmarks.md) and says
    so on its line or the line above: ``# lazy: reason``."""
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in SPLIT_ELSEWHERE or rel in OTHER_BRANCHES:
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in _imports_inside_functions(ast.parse(text)):
            here, above = lines[node.lineno - 1], lines[node.lineno - 2] if node.lineno > 1 else ""
            if "# lazy:" not in here and not above.strip().startswith("# lazy:"):
                unexplained.append(f"{rel}:{node.lineno}")
    assert unexplained == []


# Files other helpers own during issue 20 (their lazy imports are theirs to explain); the integrator
# empties this set.
OTHER_BRANCHES: set[str] = set()


# The test tree mirrors the package: a test of `lit_compliance/<package>/` lives in `tests/<package>/`;
# at the top level are the tests of the top-level modules (cache, signals, api, ...) and of the whole
# package (layout, docs, the installed wheel, the fuzz run). `rulesets` mirrors the bundled rulesets'
# folder; `fixtures` and `data` hold inputs, not tests.
TEST_FOLDERS_OF_DATA = {"rulesets": ROOT / "rulesets", "fixtures": None, "data": None}


def _test_folders() -> list[Path]:
    tests = ROOT / "tests"
    return sorted({p.parent.relative_to(tests) for p in tests.rglob("test_*.py")} - {Path(".")})


def test_every_test_folder_is_a_package_of_the_engine_or_the_rulesets_folder():
    strays = []
    for folder in _test_folders():
        top = folder.parts[0]
        if top in TEST_FOLDERS_OF_DATA and TEST_FOLDERS_OF_DATA[top] is not None:
            continue
        if not (PACKAGE / folder / "__init__.py").is_file():
            strays.append(str(folder))
    assert strays == []


def test_every_package_of_the_engine_has_its_test_folder():
    packages = sorted(p.parent.relative_to(PACKAGE).parts[0] for p in PACKAGE.glob("*/__init__.py"))
    folders = {f.parts[0] for f in _test_folders()}
    assert [p for p in packages if p not in folders] == []


def test_no_two_test_files_share_a_name():
    """pytest imports a test file by its name (no __init__.py), so two files of one name would clash."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []
