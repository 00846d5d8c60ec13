"""The ``compare`` topics of the site: one page per topic (``compare/<topic>.html``, the ``compare``
command's view of the latest version of every jurisdiction) and the home page's matrix of topics
against jurisdictions (how many rows each jurisdiction fills).
"""
from __future__ import annotations

from ...load.catalogue import Ruleset
from ...regulator.compare import compare, compare_view, topics
from ..references import page
from .links import Page, root_of


def topic_pages(latest: list[Ruleset]) -> tuple[list[dict], list[Page]]:
    """The home page's matrix of topics against jurisdictions, and a page per topic."""
    matrix, pages = [], []
    refs = [rs.ref for rs in latest]
    by_ref = {rs.ref: rs for rs in latest}
    for topic in topics().values():
        comparison = compare(topic, latest)
        rows_by_ref: dict[str, int] = {ref: 0 for ref in refs}
        for label, cells in comparison.rows:
            for column, cell in zip(comparison.columns, cells):
                if cell.entries:
                    rows_by_ref[column.ref] += 1
        path = f"compare/{topic.name}.html"
        matrix.append({"name": topic.name, "title": topic.title, "href": path,
                       "cells": [{"ref": ref, "rows": rows_by_ref[ref],
                                  "text": f"{rows_by_ref[ref]} row{'s' if rows_by_ref[ref] != 1 else ''}"
                                  if rows_by_ref[ref] else "says nothing"} for ref in refs]})
        v = compare_view(comparison)
        for col in v["columns"]:
            rs = by_ref[col["ref"]]
            col["href"] = root_of(path) + page(rs) + "index.html"
        pages.append(Page(path, "site/topic.html.j2", {"root": root_of(path), "title": topic.title, "t": v,
                                                       "crumbs": [{"href": root_of(path) + "index.html",
                                                                   "text": "Catalogue"}]}))
    return matrix, pages
