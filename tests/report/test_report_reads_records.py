"""``report/`` reads the engine's answers as typed records, never by string key.

An AST check over every module of ``lit_compliance/report``: a name bound to an engine answer (the
value of a pricing call, an element or attribute of one, or a parameter named for a record) must not
be subscripted with a string (``x["house_edge"]``) nor read with ``.get("...")``. The allow-list
names what is still dict-shaped, each with its reason (none now: the PAR sheet is a typed record too).
"""
from __future__ import annotations

import ast
from pathlib import Path

import lit_compliance

REPORT = Path(lit_compliance.__file__).resolve().parent / "report"

#: Calls whose value is an engine answer.
ANSWERS = {"paytable_result", "price_paytable", "priced", "analyse", "analysis", "sheet_for"}
#: Parameters named for a record (a priced record, or a list of them).
RECORD_PARAMETERS = {"result", "results", "record", "records"}
#: (module, call) pairs whose answers the module still reads by key, and why.
ALLOWED: dict[tuple[str, str], str] = {}


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        f = node.func
        return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    return None


def _is_answer(node: ast.AST, known: set[str], answers: set[str]) -> bool:
    """Whether an expression's value is an engine answer (or part of one)."""
    if _call_name(node) in answers:
        return True
    if isinstance(node, ast.Name):
        return node.id in known
    if isinstance(node, (ast.Attribute, ast.Subscript)):
        return _is_answer(node.value, known, answers)
    return False


def _targets(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [n for e in node.elts for n in _targets(e)]
    return []


def _answer_names(fn: ast.AST, answers: set[str]) -> set[str]:
    known = {a.arg for a in getattr(fn, "args", ast.arguments([], [], None, [], [], None, [])).args
             if a.arg in RECORD_PARAMETERS}
    for _ in range(3):   # names bound from names bound from answers
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and _is_answer(node.value, known, answers):
                for t in node.targets:
                    known.update(_targets(t))
            elif isinstance(node, (ast.For, ast.comprehension)) and _is_answer(node.iter, known, answers):
                known.update(_targets(node.target))
    return known


def _string_reads(tree: ast.AST, answers: set[str] = frozenset(ANSWERS)) -> list[tuple[int, str]]:
    """(line, name) of every read by string key of a name bound to an answer of ``answers``."""
    out = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        known = _answer_names(fn, set(answers))
        for node in ast.walk(fn):
            if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                    and isinstance(node.slice.value, str) and isinstance(node.value, ast.Name)
                    and node.value.id in known):
                out.append((node.lineno, node.value.id))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and isinstance(node.func.value, ast.Name) and node.func.value.id in known and node.args
                  and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                out.append((node.lineno, node.func.value.id))
    return out


def _modules():
    for path in sorted(REPORT.rglob("*.py")):
        yield path.relative_to(REPORT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def test_report_reads_no_engine_answer_by_string_key():
    found = []
    for rel, tree in _modules():
        answers = ANSWERS - {call for module, call in ALLOWED if module == rel}
        found += [f"report/{rel}:{line}: {name}[...]" for line, name in _string_reads(tree, answers)]
    assert found == []


def test_the_check_finds_a_string_key_read_of_a_priced_record():
    planted = ast.parse("def view(model):\n    r = paytable_result(model, 'base', 'a')\n    return r['house_edge']\n"
                        "def other(results):\n    return [x.get('status') for x in results]\n")
    assert _string_reads(planted) == [(3, "r"), (5, "x")]


def test_every_allowed_read_still_happens():
    """An allow-list entry no module needs any more is removed (it would hide a new read)."""
    trees = dict(_modules())
    for module, call in ALLOWED:
        assert _string_reads(trees[module], {call}), (module, call)
