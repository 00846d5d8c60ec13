"""How a ruleset path is named: list items by their ``id`` (else ``term``, ``hand`` or ``method``),
else their 1-based position. Fact ids (:mod:`.facts`) and a draft amendment's change paths
(:mod:`.amendment`) are both made of these names."""
from __future__ import annotations

import re
from typing import Any

NAME_KEYS = ("id", "term", "hand", "method")
_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


def step_name(item: Any, index: int) -> str:
    """The id component for a list item: its name field, else its 1-based position."""
    if isinstance(item, dict):
        for key in NAME_KEYS:
            value = item.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value):
                return _SAFE.sub("-", str(value)).strip("-") or str(index + 1)
    return str(index + 1)
