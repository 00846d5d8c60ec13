"""The facts of a ruleset: every mapping in it that carries a ``cite``, with a stable id.

A fact's id is its dotted path in the ruleset, list items named by their ``id`` (or ``term``,
``hand``, ``method``) rather than their position, so the id survives reordering:
``wagers.base.paytables.a.lines.royal_flush``, ``dealing_methods.manual_shoe.steps.3``. The id is
the anchor the site, ``show`` and summaries print as a reference. Findings are not facts: they
are statements about the source, listed under ``findings``.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterator

from .document_changes import ReadingError, expand, resolve_step, split_path
from .paths import step_name
from .ruleset import Ruleset, finding_ids
from .. import cache
from ..records import record


@record
class Fact:
    """One cited statement of a ruleset."""

    id: str
    path: tuple
    cite: str
    line: int
    findings: tuple[str, ...]


def dotted_id(data: Any, path: tuple) -> str:
    """The dotted id of the node at ``path`` (a tuple of keys and list indexes) in ``data``."""
    parts, node = [], data
    for step in path:
        if isinstance(step, int):
            parts.append(step_name(node[step], step))
        else:
            parts.append(str(step))
        node = node[step]
    return ".".join(parts)


def _walk(node: Any, path: tuple) -> Iterator[tuple[tuple, dict]]:
    if isinstance(node, dict):
        if isinstance(node.get("cite"), str):
            yield path, node
        for key, value in node.items():
            if path == () and key == "findings":
                continue
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, path + (index,))


_FACTS = cache.Held(256)  # rs.data (held) -> its facts; bounded: a long run over many documents does not keep them all


def facts(rs: Ruleset) -> list[Fact]:
    """Every fact of ``rs`` in document order, ids unique (a repeated id gets ``~2``, ``~3``);
    computed once per ruleset (the site, coverage and references all ask)."""
    held = _FACTS.get(rs.data)
    if held is None:
        held = _FACTS.put(rs.data, (), _facts(rs))
    return list(held)


def _facts(rs: Ruleset) -> list[Fact]:
    out, seen = [], {}
    for path, node in _walk(rs.data, ()):
        ident = dotted_id(rs.data, path) or "ruleset"
        seen[ident] = seen.get(ident, 0) + 1
        if seen[ident] > 1:
            ident = f"{ident}~{seen[ident]}"
        out.append(Fact(ident, path, node["cite"], rs.document.locate(path + ("cite",))[0],
                        tuple(finding_ids(node.get("finding")))))
    return out


def _slug(value: Any) -> str:
    text = str(value).strip().lower()
    text = _SAFE_PAGE.sub("-", text).strip("-")
    return text or "x"


_SAFE_PAGE = re.compile(r"[^a-z0-9_.-]+")


def site_folder(jurisdiction: str, version: str) -> str:
    """The site folder of a ruleset, ``maryland/v1/``: with a fact id, its reference
    (``maryland/v1/#wagers.base.paytables.a.lines.royal_flush``)."""
    return f"{_slug(jurisdiction)}/{_slug(version)}/"


def enclosing_fact(rs: Ruleset) -> "Callable[[tuple], str | None]":
    """A function: a data path -> the id of the innermost fact that holds it (or None)."""
    ids = {f.path: f.id for f in facts(rs)}

    def find(path: tuple) -> str | None:
        path = tuple(path)
        while path:
            if path in ids:
                return ids[path]
            path = path[:-1]
        return ids.get(())

    return find


def _node(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def fact_nodes(rs: Ruleset) -> list[tuple[str, tuple, dict]]:
    """Every fact of ``rs`` in document order with the mapping it is in the document: (id, path,
    mapping). A fact is a node of the document, so views that show facts as transcribed (the site's
    ruleset page) ask here rather than reading the document themselves."""
    return [(f.id, f.path, _node(rs.data, f.path)) for f in facts(rs)]


_FACT_IDS = cache.Held(256)  # rs.data (held) -> {path: fact id}; bounded


def fact_id_at(rs: Ruleset, path: tuple) -> str:
    """The id of the fact at ``path`` (keys and list indices) in ``rs``; any other node gets its
    dotted path. The ids by path are computed once per ruleset (a site asks for thousands)."""
    held = _FACT_IDS.get(rs.data)
    if held is None:
        held = _FACT_IDS.put(rs.data, (), {f.path: f.id for f in facts(rs)})
    path = tuple(path)
    found = held.get(path)
    return found if found is not None else dotted_id(rs.data, path)


def change_targets(rs: Ruleset, text: str) -> list[tuple]:
    """The index paths (keys and list indices) in ``rs``'s document that a reading's change path
    (``wagers/base/paytables/a/...``, with ids) names; a key the change would add gives the mapping
    that holds it. [] when the path names nothing."""
    data, out = rs.data, []
    try:
        for parts in expand(data, split_path(text)):
            node, path = data, []
            for part in parts:
                if isinstance(node, dict) and part not in node:
                    break  # a key the change adds: the fact is the mapping that holds it
                container, key = resolve_step(node, part, text)
                path.append(key)
                node = container[key]
            out.append(tuple(path))
    except ReadingError:
        return []
    return out

