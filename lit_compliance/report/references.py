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

from ..load.catalogue import Ruleset
from ..load.facts import fact_id_at, fact_nodes, site_folder


def page(ruleset: Ruleset) -> str:
    """The site folder of a ruleset: ``maryland/v1/``."""
    return site_folder(ruleset.jurisdiction, ruleset.version)


def site_facts(ruleset: Ruleset) -> list[tuple[str, tuple, dict]]:
    """Every fact of a ruleset in document order: (id, path, mapping)."""
    return fact_nodes(ruleset)


def fact_id(ruleset: Ruleset, path: tuple) -> str:
    """The id of the fact at ``path`` (keys and list indices); any other node gets its dotted path."""
    return fact_id_at(ruleset, path)


def reference(ruleset: Ruleset, path: tuple = ()) -> str:
    """``maryland/v1/#wagers.base.paytables.a.lines.royal_flush``: a fact's page and anchor in the
    site (``path`` is keys and list indices into the ruleset's document; empty for the page itself)."""
    return page(ruleset) + (f"#{fact_id(ruleset, path)}" if path else "")


def finding_anchor(finding_id: str) -> str:
    """The site anchor of a finding: ``findings.<id>``."""
    return f"findings.{finding_id}"
