"""One vocabulary: a share is said as a percentage, and an exact figure written as a ruleset writes it,
by one function each (:func:`lit_compliance.model.vocabulary.percent` and ``plain``); no other module
defines its own (read off the source's syntax trees, as ``test_layout.py`` reads the layout)."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lit_compliance"
VOCABULARY = "model/vocabulary.py"

# Views whose own percent formatter another piece of work replaces (the PAR sheet's views, being
# made typed); a test below fails once an entry is no longer needed, so the list only shrinks.
PENDING: set[str] = set()


def _percent_format(node: ast.AST) -> bool:
    """An f-string that formats a value as a percentage: ``{x:.3%}``, or ``{x * 100:.3f}%``."""
    if not isinstance(node, ast.JoinedStr):
        return False
    parts = node.values
    for i, part in enumerate(parts):
        if not isinstance(part, ast.FormattedValue):
            continue
        spec = part.format_spec
        if spec is not None and any(isinstance(s, ast.Constant) and str(s.value).endswith("%") for s in spec.values):
            return True
        follows = parts[i + 1] if i + 1 < len(parts) else None
        scaled = isinstance(part.value, ast.BinOp) and isinstance(part.value.op, ast.Mult) and any(
            isinstance(side, ast.Constant) and side.value == 100 for side in (part.value.left, part.value.right))
        if scaled and isinstance(follows, ast.Constant) and str(follows.value).startswith("%"):
            return True
    return False


def _plain_number(node: ast.AST) -> bool:
    """``int(x) if x.denominator == 1 else float(x)``: an exact figure as a ruleset writes it."""
    return (isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Attribute) and node.test.left.attr == "denominator"
            and isinstance(node.body, ast.Call) and getattr(node.body.func, "id", None) == "int"
            and isinstance(node.orelse, ast.Call) and getattr(node.orelse.func, "id", None) == "float")


@lru_cache(maxsize=1)
def _returns() -> tuple[tuple[str, str, tuple[ast.AST, ...]], ...]:
    """(module, function, the values it returns: each, and each branch of a conditional one)."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                values: list[ast.AST] = []
                for r in ast.walk(fn):
                    if isinstance(r, ast.Return) and r.value is not None:
                        values.append(r.value)
                        values += [r.value.body, r.value.orelse] if isinstance(r.value, ast.IfExp) else []
                out.append((path.relative_to(PACKAGE).as_posix(), fn.name, tuple(values)))
    return tuple(out)


def _formatters(kind) -> dict[str, list[str]]:
    """Module -> the functions in it whose value is the kind of formatting ``kind`` recognises."""
    out: dict[str, list[str]] = {}
    for module, name, values in _returns():
        if any(kind(v) for v in values):
            out.setdefault(module, []).append(name)
    return out


def test_the_recognisers_recognise():
    assert _percent_format(ast.parse('f"{x:.3%}"', mode="eval").body)
    assert _percent_format(ast.parse('f"{x * 100:.2f}%"', mode="eval").body)
    assert not _percent_format(ast.parse('f"{x:.2f} points"', mode="eval").body)
    assert _plain_number(ast.parse("int(v) if v.denominator == 1 else float(v)", mode="eval").body)


def test_one_percent_formatter():
    found = _formatters(_percent_format)
    assert found.get(VOCABULARY) == ["percent"]
    assert set(found) - {VOCABULARY} <= PENDING, \
        f"say a share with lit_compliance.model.vocabulary.percent, not a copy: {found}"


def test_every_pending_copy_is_still_there():
    assert PENDING <= set(_formatters(_percent_format)), "a pending copy is gone: drop it from PENDING"


def test_one_plain_number():
    assert _formatters(_plain_number) == {VOCABULARY: ["plain"]}
