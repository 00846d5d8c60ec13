"""Stable, human-readable references to every fact of a ruleset.

A *fact* is a mapping in the ruleset that carries a citation (``cite``), outside ``findings``. Its
id is its dotted path in the document, each list item named as the readings name it
(:mod:`lit_compliance.model.readings`): by its ``id``, else ``hand``, ``event`` or ``term``; a
paytable line that shares its hand with another line of the same table adds its suits and stake
(``mini_royal-spades``, ``royal_flush-stake-5``); an item with no name (a dealing step) is named by
its position, counted from 1. So ``wagers.base.paytables.a.lines.royal_flush``. A finding's id is
``findings.<its id>``.

:func:`reference` turns a path into ``maryland/v1/#wagers.base...``: the site page of the ruleset
and the anchor on it, which is what ``lit-compliance site`` writes and ``show`` prints.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

NAME_KEYS = ("id", "hand", "event", "term")


def _slug(value: Any) -> str:
    text = str(value).strip().lower()
    text = re.sub(r"[^a-z0-9_.-]+", "-", text).strip("-")
    return text or "x"


def _qualified(item: dict, name: str) -> str:
    parts = [name]
    if item.get("suits"):
        parts.append("-".join(_slug(s) for s in item["suits"]))
    if item.get("stake") is not None:
        parts.append(f"stake-{_slug(item['stake'])}")
    return "-".join(parts)


def item_names(items: list) -> list[str]:
    """The name of each item of a list, unique within it (see the module docstring)."""
    names: list[str | None] = []
    for item in items:
        name = None
        if isinstance(item, dict):
            for key in NAME_KEYS:
                if isinstance(item.get(key), (str, int)) and not isinstance(item.get(key), bool):
                    name = _slug(item[key])
                    break
        names.append(name)
    counts: dict = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    out = []
    for i, (item, name) in enumerate(zip(items, names)):
        if name is not None and counts[name] > 1 and isinstance(item, dict):
            name = _qualified(item, name)
        out.append(name)
    final = []
    seen: dict = {}
    for i, name in enumerate(out):
        if name is None or out.count(name) > 1:
            name = str(i + 1)
        seen[name] = True
        final.append(name)
    return final


def fact_id(data: Any, path: tuple) -> str:
    """The dotted id of the node at ``path`` (keys and list indices) in ``data``."""
    parts = []
    node = data
    for step in path:
        if isinstance(node, list):
            parts.append(item_names(node)[step])
        else:
            parts.append(str(step))
        node = node[step]
    return ".".join(parts)


def page(ruleset) -> str:
    """The site folder of a ruleset: ``maryland/v1/``."""
    return f"{_slug(ruleset.jurisdiction)}/{_slug(ruleset.version)}/"


def reference(ruleset, path: tuple = ()) -> str:
    """``maryland/v1/#wagers.base.paytables.a.lines.royal_flush``: a fact's page and anchor in the
    site (``path`` is keys and list indices into ``ruleset.data``; empty for the page itself)."""
    return page(ruleset) + (f"#{fact_id(ruleset.data, tuple(path))}" if path else "")


def walk_facts(data: dict) -> Iterator[tuple[str, tuple, dict]]:
    """Every fact of a ruleset document in document order: (id, path, mapping)."""

    def walk(node: Any, path: tuple, ids: tuple) -> Iterator[tuple[str, tuple, dict]]:
        if isinstance(node, dict):
            if "cite" in node and path:
                yield ".".join(ids), path, node
            for key, value in node.items():
                if not path and key == "findings":
                    continue
                yield from walk(value, path + (key,), ids + (str(key),))
        elif isinstance(node, list):
            names = item_names(node)
            for i, value in enumerate(node):
                yield from walk(value, path + (i,), ids + (names[i],))

    yield from walk(data, (), ())


def finding_anchor(finding_id: str) -> str:
    return f"findings.{finding_id}"
