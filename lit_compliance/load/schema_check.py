"""A fast yes-or-no JSON Schema check, compiled once from a schema into nested Python functions.

Validating with :mod:`jsonschema` costs about 0.03 s per ruleset (and 0.03 s to import), which a cold
command pays for every ruleset it reads. Almost every document is valid, and proving that needs no
messages, so :func:`checker` compiles a schema into a function that answers "valid?" with the
exact meaning JSON Schema 2020-12 (and our anchored ``pattern``) gives each keyword the schemas use.
Only a "yes" is taken from it: on "no" the validation module asks :mod:`jsonschema` for the
problems, so every message still comes from one place.

It is exact or it declines: a keyword it does not implement makes the schema uncompilable
(:class:`Unsupported`, and :mod:`jsonschema` is used for every document); a value whose comparison
it does not implement exactly (an ``enum`` of objects, ``uniqueItems`` over non-strings, a value of a
type JSON has no name for) raises :class:`Unsure` during a check, which also means "ask jsonschema".
Tests compare its verdict with jsonschema's on the bundled documents and on many mutations of them.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from typing import Any, Callable

from .resources import schema as bundled_schema
from .. import cache

Check = Callable[[Any], bool]

# Keywords that only annotate: they never change a verdict.
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "title", "description", "default", "examples",
                          "deprecated", "readOnly", "writeOnly"})
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)  # with date.fromisoformat: jsonschema's "date"


class Unsupported(Exception):
    """The schema uses something this checker does not implement exactly."""


class Unsure(Exception):
    """A value this checker cannot judge exactly; jsonschema must."""


@cache.remembered(1024)
def anchored(pattern: str) -> re.Pattern:
    """A schema pattern as ECMA-262 reads it: ``$`` is the very end (Python's also matches before a
    final newline, which would let ``"id\\n"`` through)."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern))


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


_TYPES: dict[str, Check] = {
    "object": lambda x: isinstance(x, dict),
    "array": lambda x: isinstance(x, list),
    "string": lambda x: isinstance(x, str),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "number": _is_number,
    "integer": lambda x: isinstance(x, int) and not isinstance(x, bool),  # 3.0 is not: see validation
}


def _plain(x: Any) -> None:
    """Refuse a value of a type JSON has no name for (YAML as loaded here never gives one)."""
    if not (x is None or isinstance(x, (str, bool, int, float, list, dict))):
        raise Unsure


def _scalar_equal(option: Any) -> Check:
    """Equality as JSON Schema means it for a scalar option (``true`` is not ``1``; ``1`` is ``1.0``)."""
    if isinstance(option, bool) or option is None:
        return lambda x: x is option
    if isinstance(option, str):
        return lambda x: isinstance(x, str) and x == option
    if _is_number(option):
        return lambda x: _is_number(x) and x == option
    raise Unsupported(f"enum or const value {option!r}")


def _unique(items: list) -> bool:
    if len(items) < 2:
        return True
    if not all(isinstance(i, str) for i in items):
        raise Unsure
    return len(set(items)) == len(items)


def _is_date(x: Any) -> bool:
    if not isinstance(x, str):
        return True
    try:
        return bool(_DATE.fullmatch(x) and dt.date.fromisoformat(x))
    except ValueError:
        return False


def _all(checks: list[Check]) -> Check:
    if not checks:
        return lambda x: True
    if len(checks) == 1:
        return checks[0]
    checks = tuple(checks)

    def check(x: Any) -> bool:
        for c in checks:
            if not c(x):
                return False
        return True
    return check


class _Compiler:
    def __init__(self, root: dict):
        self.root = root
        self.refs: dict[str, Check | None] = {}

    def ref(self, pointer: str) -> Check:
        if not pointer.startswith("#/"):
            raise Unsupported(f"$ref {pointer!r}")
        if pointer not in self.refs:
            self.refs[pointer] = None  # a recursive reference meets this while compiling
            target: Any = self.root
            for part in pointer[2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                if not isinstance(target, Mapping) or part not in target:
                    raise Unsupported(f"$ref {pointer!r} does not resolve")
                target = target[part]
            self.refs[pointer] = self.node(target)
        refs = self.refs
        return lambda x: refs[pointer](x)

    def node(self, schema: Any) -> Check:
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        if not isinstance(schema, Mapping):
            raise Unsupported(f"schema {schema!r}")
        checks: list[Check] = []
        for key, value in schema.items():
            if key in _ANNOTATIONS or key in ("then", "else"):
                continue
            make = getattr(self, "k_" + key.lstrip("$"), None)
            if make is None:
                raise Unsupported(f"keyword {key!r}")
            checks.append(make(value, schema))
        return _all(checks)

    # one method per keyword: each returns the check the keyword makes on an instance

    def k_ref(self, value, schema) -> Check:
        return self.ref(value)

    def k_type(self, value, schema) -> Check:
        names = [value] if isinstance(value, str) else list(value)
        if any(n not in _TYPES for n in names):
            raise Unsupported(f"type {value!r}")
        tests = tuple(_TYPES[n] for n in names)

        def check(x):
            _plain(x)
            return any(t(x) for t in tests)
        return check

    def k_enum(self, value, schema) -> Check:
        options = tuple(_scalar_equal(o) for o in value)
        return lambda x: any(o(x) for o in options)

    def k_const(self, value, schema) -> Check:
        return _scalar_equal(value)

    def k_properties(self, value, schema) -> Check:
        props = {name: self.node(sub) for name, sub in value.items()}

        def check(x):
            if not isinstance(x, dict):
                return True
            for name, sub in props.items():
                if name in x and not sub(x[name]):
                    return False
            return True
        return check

    def k_additionalProperties(self, value, schema) -> Check:
        if "patternProperties" in schema:
            raise Unsupported("patternProperties")
        known = frozenset(schema.get("properties", ()))
        sub = self.node(value)

        def check(x):
            if not isinstance(x, dict):
                return True
            return all(sub(v) for k, v in x.items() if k not in known)
        return check

    def k_propertyNames(self, value, schema) -> Check:
        sub = self.node(value)
        return lambda x: not isinstance(x, dict) or all(sub(k) for k in x)

    def k_minProperties(self, value, schema) -> Check:
        return lambda x: not isinstance(x, dict) or len(x) >= value

    def k_maxProperties(self, value, schema) -> Check:
        return lambda x: not isinstance(x, dict) or len(x) <= value

    def k_required(self, value, schema) -> Check:
        names = tuple(value)
        return lambda x: not isinstance(x, dict) or all(n in x for n in names)

    def k_items(self, value, schema) -> Check:
        if "prefixItems" in schema:
            raise Unsupported("prefixItems")
        sub = self.node(value)
        return lambda x: not isinstance(x, list) or all(sub(i) for i in x)

    def k_minItems(self, value, schema) -> Check:
        return lambda x: not isinstance(x, list) or len(x) >= value

    def k_maxItems(self, value, schema) -> Check:
        return lambda x: not isinstance(x, list) or len(x) <= value

    def k_uniqueItems(self, value, schema) -> Check:
        if not value:
            return lambda x: True
        return lambda x: not isinstance(x, list) or _unique(x)

    def k_minLength(self, value, schema) -> Check:
        return lambda x: not isinstance(x, str) or len(x) >= value

    def k_maxLength(self, value, schema) -> Check:
        return lambda x: not isinstance(x, str) or len(x) <= value

    def k_pattern(self, value, schema) -> Check:
        search = anchored(value).search
        return lambda x: not isinstance(x, str) or search(x) is not None

    def k_format(self, value, schema) -> Check:
        if value != "date":
            raise Unsupported(f"format {value!r}")
        return _is_date

    # written as jsonschema tests them (a NaN fails no bound)
    def k_minimum(self, value, schema) -> Check:
        return lambda x: not (_is_number(x) and x < value)

    def k_maximum(self, value, schema) -> Check:
        return lambda x: not (_is_number(x) and x > value)

    def k_exclusiveMinimum(self, value, schema) -> Check:
        return lambda x: not (_is_number(x) and x <= value)

    def k_exclusiveMaximum(self, value, schema) -> Check:
        return lambda x: not (_is_number(x) and x >= value)

    def k_allOf(self, value, schema) -> Check:
        return _all([self.node(s) for s in value])

    def k_anyOf(self, value, schema) -> Check:
        subs = tuple(self.node(s) for s in value)
        return lambda x: any(s(x) for s in subs)

    def k_oneOf(self, value, schema) -> Check:
        subs = tuple(self.node(s) for s in value)
        return lambda x: sum(1 for s in subs if s(x)) == 1

    def k_not(self, value, schema) -> Check:
        sub = self.node(value)
        return lambda x: not sub(x)

    def k_if(self, value, schema) -> Check:
        test = self.node(value)
        then = self.node(schema.get("then", True))
        otherwise = self.node(schema.get("else", True))
        return lambda x: then(x) if test(x) else otherwise(x)


def compile_schema(schema: dict) -> Check:
    """The schema as one yes-or-no function; raises :class:`Unsupported` if it cannot be exact."""
    return _Compiler(schema).node(schema)


@cache.remembered(16)
def _compiled(name: str) -> Check | None:
    try:
        return compile_schema(bundled_schema(name))
    except Unsupported:
        return None


def surely_valid(name: str, data: Any) -> bool:
    """True only if ``data`` satisfies the named schema exactly as jsonschema would judge it; False
    when it does not, or when this checker cannot tell (then jsonschema decides)."""
    check = _compiled(name)
    if check is None:
        return False
    try:
        return check(data)
    except (Unsure, RecursionError):
        return False
