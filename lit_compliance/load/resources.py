"""Where the bundled data lives, installed (wheel) or in a source checkout."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


@lru_cache(maxsize=None)
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


@lru_cache(maxsize=None)
def schema(name: str = "ruleset") -> dict:
    """The bundled JSON Schema ``schema/NAME.schema.json`` (``ruleset``, ``round``, ``table-config``...)."""
    return json.loads((data_dir("schema") / f"{name}.schema.json").read_text(encoding="utf-8"))
