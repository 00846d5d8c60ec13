"""Where things are in the site: page paths, anchors and the links between pages.

A page is a :class:`Page` (its path in the site folder, its template and the view it renders).
Facts are anchored by their id (:mod:`lit_compliance.report.references`), findings as
``findings.<id>``, clauses and provisions of the source page as ``clause-<id>`` and
``clause-<id>/pN``; :func:`cite_links` turns a citation into links to its clauses.
"""
from __future__ import annotations

import re
from urllib.parse import quote

from ...load.catalogue import Ruleset
from ...load.clauses import CiteError, resolver_for
from ...model import as_printed
from ..references import page, site_facts
from ... import cache
from ...records import record


@record
class Page:
    path: str            # relative to the site folder, '/'-separated
    template: str        # under templates/
    context: dict


def root_of(path: str) -> str:
    """The relative way from a page back to the site's root folder."""
    return "../" * path.count("/")


def page_slug(text: str) -> str:
    """A page's file name from a title or id: lower case, words joined by hyphens."""

    return re.sub(r"[^a-z0-9_.-]+", "-", str(text).lower()).strip("-") or "x"


def counts(rs: Ruleset) -> dict:
    """Facts, findings and paytables in a ruleset (what the home page lists)."""
    printed = as_printed(rs)
    return {"facts": len(site_facts(rs)), "findings": len(printed.findings),
            "paytables": sum(len(w.paytables) for w in printed.wagers)}


def effective(rs: Ruleset) -> str:
    """A ruleset's effective date as the pages print it."""
    version = as_printed(rs).header.version
    return version.effective_date_text if version.date_stated else "not stated in the source"


def crumbs_to(rs: Ruleset, path: str) -> list[dict]:
    """The breadcrumbs from a page of a ruleset's folder: the catalogue, then the jurisdiction."""
    return [{"href": root_of(path) + "index.html", "text": "Catalogue"},
            {"href": root_of(path) + f"{page(rs).split('/')[0]}/index.html", "text": rs.name}]


def clause_anchor(clause_id: str) -> str:
    """The anchor of a clause on the source page: ``clause-.01B(1)``, ``clause-r_12.9.1``."""
    return "clause-" + (re.sub(r"\s+", "_", clause_id) if clause_id else "whole-text")


def provision_anchor(provision_id: str) -> str:
    """The anchor of a provision on the source page: its clause's anchor and ``/pN``
    (``clause-.12A(4)/p2``, ``clause-whole-text/p1``)."""
    clause, _, number = provision_id.rpartition("/")
    return clause_anchor("" if clause == "(whole text)" else clause) + "/" + number


@cache.remembered(8192)
def anchor_href(anchor: str) -> str:
    """``#`` and the anchor, percent-encoded where a URL fragment needs it (asked once per anchor:
    a provision's link is printed on both pages)."""
    return "#" + quote(anchor, safe="()._-~!$&'*+,;=:@/?")


def cite_links(rs: Ruleset):
    """A function: citation -> [(clause id, href on the source page)] (empty when it names none)."""

    resolver = resolver_for(rs) if as_printed(rs).header.source.clauses_described else None
    memo: dict[str, list] = {}

    def links(cite: str) -> list:
        if resolver is None:
            return []
        if cite not in memo:
            try:
                memo[cite] = [{"id": c.display, "href": "source.html" + anchor_href(clause_anchor(c.id))}
                              for c in resolver.resolve(cite)]
            except CiteError:
                memo[cite] = []
        return memo[cite]

    return links
