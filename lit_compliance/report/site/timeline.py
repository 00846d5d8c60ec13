"""The history pages of a jurisdiction: its timeline (``<jurisdiction>/index.html``: each version with
its effective date and what changed, and the amendments the source's own history note records whose
texts are not catalogued) and a diff page for every pair of its versions
(``<jurisdiction>/diff/<old>--<new>.html``); :func:`diff_page` also serves a draft amendment against
the version it amends.
"""
from __future__ import annotations

from itertools import combinations

from ...load.catalogue import Catalogue, Ruleset
from ...model import as_printed
from ...regulator.diff import diff_rulesets
from ...regulator.diff_view import diff_view
from ..references import page
from .links import Page, counts, effective, page_slug, root_of


def diff_page(old: Ruleset, new: Ruleset, path: str, title: str, crumbs: list,
              pages: tuple = (None, None)) -> tuple[Page, dict]:
    """A diff page; ``pages`` are the site pages of the old and new ruleset (relative to this
    page) where they have one, so each change links to the fact it is about."""

    result = diff_rulesets(old, new, house_edges=True)
    v = diff_view(result)
    for side, href in (("old", pages[0]), ("new", pages[1])):  # the diff names each change's fact
        for area in v["areas"]:
            for group in area["groups"]:
                for entry in group["entries"]:
                    s = entry[side]
                    if s is not None:
                        fid = s["fact_id"] if href else None
                        s["fact"] = {"id": fid, "href": f"{href}#{fid}"} if fid else None
    context = {"root": root_of(path), "title": title, "d": v, "crumbs": crumbs,
               "old_href": None, "new_href": None}
    return Page(path, "site/diff.html.j2", context), {"summary": v["summary"], "href": path}


def jurisdiction_pages(cat: Catalogue, jid: str) -> tuple[dict, list[Page]]:
    """A jurisdiction's timeline page and its diff pages; and its entry on the home page."""
    versions = cat.versions(jid)
    latest = versions[-1]
    jpath = f"{page_slug(jid)}/index.html"
    pages = []
    diffs = []
    crumbs = [{"href": "../../index.html", "text": "Catalogue"}, {"href": "../index.html", "text": latest.name}]
    for old, new in combinations(versions, 2):
        path = f"{page_slug(jid)}/diff/{page_slug(old.version)}--{page_slug(new.version)}.html"
        pages_of = ("../../" + page(old) + "index.html", "../../" + page(new) + "index.html")
        p, summary = diff_page(old, new, path, f"{latest.name}: {old.version} to {new.version}", crumbs, pages_of)
        p.context["old_href"], p.context["new_href"] = pages_of
        pages.append(p)
        diffs.append({"old": old.version, "new": new.version, "summary": summary["summary"],
                      "href": path.split("/", 1)[1]})
    catalogued = {rs.effective_date.isoformat() for rs in versions if rs.effective_date}
    entries = []
    for i, rs in enumerate(versions):
        step = next((x for x in diffs if x["new"] == rs.version and i and x["old"] == versions[i - 1].version), None)
        entries.append({"kind": "version", "date": effective(rs), "sort": rs.effective_date.isoformat()
                        if rs.effective_date else "", "version": rs.version, "href": page(rs).split("/", 1)[1] + "index.html",
                        "citation": as_printed(rs).header.version.cite,
                        "note": " ".join(as_printed(rs).header.version.change_note.split()),
                        "counts": counts(rs), "diff": step})
    history = []
    source = as_printed(latest).header.source
    for h in source.history:
        date = h.effective_date
        present = date in catalogued
        history.append({"citation": h.citation, "date": date, "catalogued": present,
                        "version": next((rs.version for rs in versions if rs.effective_date and
                                         rs.effective_date.isoformat() == date), None)})
        if not present:
            entries.append({"kind": "absent", "date": date, "sort": date, "citation": h.citation})
    entries.sort(key=lambda e: (e["sort"] == "", e["sort"], e["kind"]))
    context = {"root": "../", "title": f"{latest.name}: versions and history", "name": latest.name,
               "jurisdiction": jid, "entries": entries, "diffs": diffs, "history": history,
               "citation": source.citation,
               "crumbs": [{"href": "../index.html", "text": "Catalogue"}]}
    pages.insert(0, Page(jpath, "site/jurisdiction.html.j2", context))
    return {"id": jid, "name": latest.name, "href": jpath, "versions": [
        {"version": rs.version, "effective_date": effective(rs), "href": page(rs) + "index.html",
         "counts": counts(rs)} for rs in versions],
        "absent": sum(1 for h in history if not h["catalogued"])}, pages
