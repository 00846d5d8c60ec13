"""Stable, human-readable references to every fact of a ruleset.

A *fact* and its id are :mod:`lit_compliance.load.facts`'s: a mapping in the ruleset that carries a
citation, outside ``findings``, named by its dotted path with list items named by their ``id``
(``term``, ``hand``, ``method``) or position: ``wagers.base.paytables.a.lines.royal_flush``. A
finding's anchor is ``findings.<its id>``.

:func:`reference` turns a path into ``maryland/v1/#wagers.base...``: the site folder of the ruleset
and the anchor on its page, which is what ``show`` prints. (The site's own links name the page,
``maryland/v1/index.html#...``, since a browser opening the files shows a bare folder as a listing.)
"""
from __future__ import annotations

import re
from typing import Any

from ..load.facts import fact_id as _fact_id
from ..load.facts import facts
from ..load.facts import page as _page


def _slug(value: Any) -> str:
    text = str(value).strip().lower()
    text = re.sub(r"[^a-z0-9_.-]+", "-", text).strip("-")
    return text or "x"


def page(ruleset) -> str:
    """The site folder of a ruleset: ``maryland/v1/``."""
    return _page(ruleset.jurisdiction, ruleset.version)


def _node(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def site_facts(ruleset) -> list[tuple[str, tuple, dict]]:
    """Every fact of a ruleset in document order: (id, path, mapping)."""
    return [(f.id, f.path, _node(ruleset.data, f.path)) for f in facts(ruleset)]


_FACT_IDS: dict[int, tuple[dict, dict]] = {}  # id(ruleset.data) -> (that data, kept alive; {path: fact id})


def _fact_ids(ruleset) -> dict:
    """Every fact's id by its path, computed once per ruleset (a site asks for thousands)."""
    held = _FACT_IDS.get(id(ruleset.data))
    if held is None or held[0] is not ruleset.data:
        held = (ruleset.data, {f.path: f.id for f in facts(ruleset)})
        _FACT_IDS[id(ruleset.data)] = held
        if len(_FACT_IDS) > 256:  # bounded: a long run over many documents does not keep them all
            del _FACT_IDS[next(iter(_FACT_IDS))]
    return held[1]


def fact_id(ruleset, path: tuple) -> str:
    """The id of the fact at ``path`` (keys and list indices); any other node gets its dotted path."""
    path = tuple(path)
    found = _fact_ids(ruleset).get(path)
    return found if found is not None else _fact_id(ruleset.data, path)


def reference(ruleset, path: tuple = ()) -> str:
    """``maryland/v1/#wagers.base.paytables.a.lines.royal_flush``: a fact's page and anchor in the
    site (``path`` is keys and list indices into ``ruleset.data``; empty for the page itself)."""
    return page(ruleset) + (f"#{fact_id(ruleset, path)}" if path else "")


def finding_anchor(finding_id: str) -> str:
    """The site anchor of a finding: ``findings.<id>``."""
    return f"findings.{finding_id}"
