"""Where the bundled data lives, installed (wheel) or in a source checkout."""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any
from .. import cache

_PACKAGE = Path(__file__).resolve().parent.parent


@cache.remembered(16)
def data_dir(name: str) -> Path:
    """The folder ``rulesets``, ``schema``, ``templates``, ``sources`` or ``examples`` (the example
    draft amendments the site shows).

    A wheel carries them inside the package (``lit_compliance/_data/NAME``); a source checkout
    has them at the project root.
    """
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled folder {name!r} not found next to {_PACKAGE}")


@cache.remembered(16)
def schema(name: str = "ruleset") -> Mapping:
    """The bundled JSON Schema ``schema/NAME.schema.json`` (``ruleset``, ``round``, ``table-config``...),
    read-only all the way down (objects as read-only mappings, arrays as tuples): every caller shares
    it, and the checks compiled from it must stay what they were compiled from, so nobody may change
    it. :func:`thawed` gives a caller its own mutable copy."""
    return frozen(json.loads((data_dir("schema") / f"{name}.schema.json").read_text(encoding="utf-8")))


def frozen(value: Any) -> Any:
    """``value`` (parsed JSON) made read-only: dicts become read-only mappings, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A mutable copy (dicts and lists) of a :func:`frozen` value."""
    if isinstance(value, Mapping):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thawed(v) for v in value]
    return value
