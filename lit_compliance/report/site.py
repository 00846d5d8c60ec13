"""The catalogue as a static site: plain views (dicts) for the ``templates/site/`` pages.

:func:`site_pages` lists every page of the site as ``(path, template, context)``; the command
(``lit-compliance site``) renders and writes them. Pages:

- ``index.html``: jurisdictions, versions, effective dates, counts of facts, findings and paytables,
  and the matrix of ``compare`` topics against jurisdictions;
- ``compare/<topic>.html``: one topic side by side (the ``compare`` command's view);
- ``<jurisdiction>/index.html``: the timeline (versions, what changed, the source's history note);
- ``<jurisdiction>/<version>/index.html``: every fact with its citation and anchor (see
  :mod:`.references`), every finding with its readings (the default marked as applied), every
  paytable with its house edge and a link to its PAR sheet, dealing plans, irregularities, signage;
- ``<jurisdiction>/<version>/par.html``: the PAR sheet (the ``par`` command's HTML);
- ``<jurisdiction>/<version>/source.html``: the source text clause by clause
  (:mod:`lit_compliance.load.clauses`), each clause's provisions (:mod:`lit_compliance.load.provisions`)
  beside the facts and findings whose quotes fall inside them, the quoted words marked, or the
  reason they hold no rule;
- ``<jurisdiction>/diff/<old>--<new>.html``: each pair of versions; ``drafts/<name>.html``: a
  draft amendment against the version it amends.

Everything is computed from the rulesets; nothing depends on the clock or the order files are
found in, so the same inputs give the same bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from urllib.parse import quote

from ..load.catalogue import NOT_STATED, Catalogue, Ruleset, finding_ids
from ..model.provenance import quote_text
from ..model.readings import ReadingError, expand, resolve_step, split_path
from ..regulator.changes import AREA_TITLES
from ..regulator.prose import humanise, line_label, say, summarise
from .references import fact_id, finding_anchor, page, site_facts
from ..regulator.compare import compare, topics, view as compare_view
from ..model.vocabulary import money, odds
from ..operator.summary import paytables_view
from ..play.dealing import DealingError, all_plans, default_players
from ..model import model_of
from ..load.clauses import CiteError, resolver_for
from ..load.provisions import source_index
from ..load.quotes import STATUSES, coverage
from ..regulator.diff import diff_rulesets
from ..regulator.diff_view import view as diff_view

#: Top-level sections of a ruleset page, in reading order (the rest follow in document order).
SECTION_ORDER = ("jurisdiction", "version", "definitions", "base_game", "wagers", "payout_limits", "table_limits",
                 "hand_rankings", "cards", "table", "dealing_methods", "round_sequence", "irregularities",
                 "signage", "other_rules")
SECTION_TITLES = {**AREA_TITLES, "jurisdiction": "Jurisdiction", "version": "Version"}


@dataclass(frozen=True)
class Page:
    path: str            # relative to the site folder, '/'-separated
    template: str        # under templates/
    context: dict


def _root(path: str) -> str:
    """The relative way from a page back to the site's root folder."""
    return "../" * path.count("/")


def _count_paytables(rs: Ruleset) -> int:
    return sum(len(w["paytables"]) for w in rs.wagers)


def counts(rs: Ruleset) -> dict:
    """Facts, findings and paytables in a ruleset (what the home page lists)."""
    return {"facts": len(site_facts(rs)), "findings": len(rs.findings),
            "paytables": _count_paytables(rs)}


def _effective(rs: Ruleset) -> str:
    value = rs.data["version"]["effective_date"]
    return "not stated in the source" if value == NOT_STATED else value


# --- the home page and the topic pages ------------------------------------------------------------


def _topic_pages(latest: list[Ruleset]) -> tuple[list[dict], list[Page]]:

    matrix, pages = [], []
    refs = [rs.ref for rs in latest]
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
            rs = next(r for r in latest if r.ref == col["ref"])
            col["href"] = _root(path) + page(rs) + "index.html"
        pages.append(Page(path, "site/topic.html.j2", {"root": _root(path), "title": topic.title, "t": v,
                                                       "crumbs": [{"href": _root(path) + "index.html",
                                                                   "text": "Catalogue"}]}))
    return matrix, pages


# --- a ruleset page -------------------------------------------------------------------------------


def _reading_targets(data: dict, text: str) -> list[tuple]:
    """The index paths a reading's change path names (``wagers/base/...`` with ids), or []."""
    out = []
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


def _nearest_fact(fact_paths: set, path: tuple) -> tuple | None:
    for n in range(len(path), 0, -1):
        if path[:n] in fact_paths:
            return path[:n]
    return None


def _findings_view(rs: Ruleset, facts: list, applied: dict) -> tuple[list[dict], dict]:
    """Every finding with its readings, the facts that name it; and per fact the readings that
    change it (fact path -> [text])."""
    d = rs.data
    ids = {p: fid for fid, p, _ in facts}
    fact_paths = set(ids)
    named_by: dict[str, list] = {}
    for fid, path, node in facts:
        for f in finding_ids(node.get("finding")):
            named_by.setdefault(f, []).append({"id": fid, "href": "#" + fid})
        for key, value in node.items():  # a payout's own finding (``payout: {..., finding: x}``)
            if isinstance(value, dict) and "cite" not in value:
                for f in finding_ids(value.get("finding")):
                    named_by.setdefault(f, []).append({"id": fid, "href": "#" + fid})
    changed: dict[tuple, list] = {}
    findings = []
    for f in d["findings"]:
        readings = []
        for r in f.get("readings") or ():
            changes = []
            for c in r.get("changes") or ():
                op = "set" if "set" in c else "remove" if "remove" in c else "add"
                where = c[op]
                text = f"{op} {where}" + (f" = {say(c.get('value'))}" if op != "remove" else "")
                targets = []
                for target in _reading_targets(d, where):
                    fact = _nearest_fact(fact_paths, target)
                    if fact is not None:
                        fid = ids[fact]
                        targets.append({"id": fid, "href": "#" + fid})
                        state = "applied" if applied.get(f["id"]) == r["id"] else "alternative"
                        changed.setdefault(fact, []).append(
                            {"finding": f["id"], "reading": r["id"], "state": state, "change": text,
                             "href": "#" + finding_anchor(f["id"])})
                changes.append({"text": text, "targets": list({t["id"]: t for t in targets}.values())})
            readings.append({"id": r["id"], "meaning": r["meaning"], "why": r.get("why") or "",
                             "default": bool(r.get("default")), "applied": applied.get(f["id"]) == r["id"],
                             "operator_may_choose": bool(r.get("operator_may_choose")), "changes": changes})
        findings.append({"id": f["id"], "anchor": finding_anchor(f["id"]), "kind": humanise(f["kind"]),
                         "cite": f["cite"], "quote": quote_text(f.get("quote")) or "",
                         "says": f.get("says", ""), "problem": f.get("problem", ""),
                         "recorded_as": f.get("recorded_as", ""), "readings": readings,
                         "facts": list({x["id"]: x for x in named_by.get(f["id"], [])}.values())})
    return findings, changed


def _fact_view(rs: Ruleset, fid: str, path: tuple, node: dict, changed: dict) -> dict:
    own = finding_ids(node.get("finding"))
    for value in node.values():
        if isinstance(value, dict) and "cite" not in value:
            own += [f for f in finding_ids(value.get("finding")) if f not in own]
    last = path[-1]
    if isinstance(last, str):
        label = humanise(last)
    elif isinstance(node.get("hand"), str):
        label = line_label(node)
    else:
        label = next((str(node[k]) for k in ("name", "term", "label") if isinstance(node.get(k), str)), None) or (
            humanise(str(node.get("event") or node.get("id") or node.get("step") or node.get("to") or ""))
            or f"item {fid.rsplit('.', 1)[-1]}")
    return {"id": fid, "depth": len(path), "label": label[:1].upper() + label[1:],
            "text": summarise(node, skip=("term", "name", "label")), "quote": quote_text(node.get("quote")) or "", "cite": node["cite"],
            "pays": _pays(node),
            "findings": [{"id": f, "href": "#" + finding_anchor(f)} for f in own],
            "readings": changed.get(path, [])}


def _pays(node: dict) -> str | None:
    """A paytable line's payout as printed ('1,000 to 1', '$25'), with its stake where it has one."""

    if not isinstance(node.get("payout"), dict) or "kind" not in node["payout"]:
        return None
    text = odds(node["payout"])
    if node.get("stake") is not None:
        text += f" (on a {money(node['stake'])} wager)"
    return text


def _paytable_views(rs: Ruleset, model, results: list, par_href: str) -> dict:

    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    view = paytables_view(rs, results)
    out = {}
    for wager in view["wagers"]:
        for table in wager["tables"]:
            pid = None if table["id"] == "-" else table["id"]
            result = by_key.get((wager["id"], pid))
            readings = [{"finding": r["finding"], "reading": r["reading"], "meaning": r["meaning"],
                         "default": r["default"], "href": "#" + finding_anchor(r["finding"])
                         if any(f["id"] == r["finding"] for f in rs.findings) else None}
                        for r in (result.readings if result else [])]
            alternatives = [{"finding": a["finding"], "reading": a["reading"], "meaning": a["meaning"],
                             "house_edge": _edge_words(a)} for a in (result.alternatives if result else [])]
            out[(wager["id"], pid)] = {
                "math": table["math"], "readings": readings, "alternatives": alternatives,
                "par_href": f"{par_href}#{rs.ref}-{wager['id']}-{pid or 'none'}"}
    return out


def _edge_words(alt: dict) -> str:
    edge = alt.get("house_edge")
    if edge is None:
        return f"not computable ({humanise(alt.get('status') or 'unknown')})"
    return f"{edge * 100:.3f}%" + ("" if alt.get("status") == "exact" else f" ({humanise(alt['status'])})")


def _dealing_view(rs: Ruleset) -> list[dict]:

    try:
        plans = all_plans(rs)
    except DealingError:
        return []
    out = []
    for plan in plans:
        v = plan.view()
        idx = next(i for i, m in enumerate(rs.data["dealing_methods"]) if m["id"] == v["method"])
        v["href"] = "#" + fact_id(rs, ("dealing_methods", idx))
        v["players_default"] = default_players(rs)
        out.append(v)
    return out


def ruleset_view(rs: Ruleset, results: list, path: str, par_path: str, with_source: bool = False) -> dict:
    """The page of one ruleset: sections of facts, paytables with house edges, findings."""

    model = model_of(rs)
    applied = {r.finding: r.id for r in model.applied}
    d = rs.data
    facts = site_facts(rs)
    links = cite_links(rs) if with_source else (lambda cite: [])
    quoted_in = _quoted_in(rs) if with_source else {}
    findings, changed = _findings_view(rs, facts, applied)
    for finding in findings:
        finding["clauses"] = links(finding["cite"])
        finding["provisions"] = quoted_in.get(("finding", finding["id"]), [])
    tables = _paytable_views(rs, model, results, par_path)
    by_section: dict[str, list] = {}
    for fid, fpath, node in facts:
        view = _fact_view(rs, fid, fpath, node, changed)
        view["clauses"] = links(node["cite"])
        view["provisions"] = quoted_in.get(("fact", fid), [])
        by_section.setdefault(fpath[0], []).append(view)
    paytable_at = {}
    for wi, wager in enumerate(d["wagers"]):
        for ti, table in enumerate(wager["paytables"]):
            paytable_at[fact_id(rs, ("wagers", wi, "paytables", ti))] = tables.get((wager["id"], table["id"]))
    for fact in by_section.get("wagers", []):
        if fact["id"] in paytable_at:
            fact["paytable"] = paytable_at[fact["id"]]
            fact["lines"] = [f for f in by_section["wagers"]
                             if f["id"].startswith(fact["id"] + ".") and f["depth"] == fact["depth"] + 2]
    for fact in by_section.get("wagers", []):
        fact["in_table"] = any(fact["id"].startswith(t + ".lines.") or fact["id"].startswith(t + ".envy_lines.")
                               for t in paytable_at) and fact["depth"] >= 6
    for wi, wager in enumerate(d["wagers"]):
        if not wager["paytables"]:
            wid = fact_id(rs, ("wagers", wi))
            for fact in by_section["wagers"]:
                if fact["id"] == wid:
                    fact["paytable"] = tables.get((wager["id"], None))
                    fact["lines"] = []
    keys = [k for k in SECTION_ORDER if k in by_section] + [k for k in d if k in by_section and k not in SECTION_ORDER]
    sections = [{"key": k, "title": SECTION_TITLES.get(k, humanise(k).capitalize()), "facts": by_section[k],
                 "top": min(f["depth"] for f in by_section[k])} for k in keys]
    history = [{"citation": h.get("citation", ""), "effective_date": h.get("effective_date", "")}
               for h in (d.get("source") or {}).get("history") or ()]
    return {
        "root": _root(path), "title": f"{rs.name} {rs.version}", "ref": rs.ref, "name": rs.name,
        "jurisdiction": rs.jurisdiction, "version": rs.version, "effective_date": _effective(rs),
        "citation": d["source"]["citation"], "source_title": " ".join(str(d["source"]["title"]).split()),
        "regulator": d["jurisdiction"]["regulator"], "change_note": " ".join(d["version"]["change_note"].split()),
        "counts": counts(rs), "sections": sections, "findings": findings,
        "applied": [{"finding": f, "reading": r, "href": "#" + finding_anchor(f)} for f, r in sorted(applied.items())],
        "dealing": _dealing_view(rs), "par_href": par_path, "history": history,
        "source_href": "source.html" if with_source else None,
        "crumbs": [{"href": _root(path) + "index.html", "text": "Catalogue"},
                   {"href": _root(path) + f"{page(rs).split('/')[0]}/index.html", "text": rs.name}],
    }


# --- the source text, clause by clause -------------------------------------------------------------


def clause_anchor(clause_id: str) -> str:
    """The anchor of a clause on the source page: ``clause-.01B(1)``, ``clause-r_12.9.1``."""
    return "clause-" + (re.sub(r"\s+", "_", clause_id) if clause_id else "whole-text")


def _href(anchor: str) -> str:
    return "#" + quote(anchor, safe="()._-~!$&'*+,;=:@/?")


def _quoted_in(rs: Ruleset) -> dict:
    """("fact" | "finding", id) -> [{id, href}] of the provisions its quote falls in, on the source page."""

    out: dict[tuple, list] = {}
    for st in coverage(rs).statuses:
        link = {"id": st.provision.id, "href": "source.html" + _href(provision_anchor(st.provision.id))}
        for f in st.facts:
            out.setdefault(("fact", f), []).append(link)
        for f in st.findings:
            out.setdefault(("finding", f), []).append(link)
    return out


def cite_links(rs: Ruleset):
    """A function: citation -> [(clause id, href on the source page)] (empty when it names none)."""

    resolver = resolver_for(rs) if (rs.data.get("source") or {}).get("clauses") else None
    memo: dict[str, list] = {}

    def links(cite: str) -> list:
        if resolver is None:
            return []
        if cite not in memo:
            try:
                memo[cite] = [{"id": c.display, "href": "source.html" + _href(clause_anchor(c.id))}
                              for c in resolver.resolve(cite)]
            except CiteError:
                memo[cite] = []
        return memo[cite]

    return links


def provision_anchor(provision_id: str) -> str:
    """The anchor of a provision on the source page: its clause's anchor and ``/pN``
    (``clause-.12A(4)/p2``, ``clause-whole-text/p1``)."""
    clause, _, number = provision_id.rpartition("/")
    return clause_anchor("" if clause == "(whole text)" else clause) + "/" + number


def source_view(rs: Ruleset, path: str) -> dict | None:
    """The source text clause by clause, each clause's provisions beside the facts and findings
    whose quotes fall inside them (the quoted words marked), or the reason they hold no rule (None
    when the ruleset does not describe its source's numbering)."""

    if not (rs.data.get("source") or {}).get("clauses"):
        return None
    index, cov = source_index(rs), coverage(rs)
    by_clause: dict[str, list] = {}
    for st in cov.statuses:
        by_clause.setdefault(st.provision.clause, []).append(st)
    finding_ids_known = {f["id"] for f in rs.findings}
    said = {fid: summarise(node, skip=("term", "name", "label")) for fid, _, node in site_facts(rs)}
    no_rule = {}
    for name, reason in ((rs.data["source"]["clauses"].get("no_rule")) or {}).items():
        clause = index.by_name.get(str(name))
        if clause is not None:
            no_rule[clause.id] = str(reason)
    rows = []
    for c in index.clauses:
        provisions = []
        for st in by_clause.get(c.id, []):
            p = st.provision
            provisions.append({
                "anchor": provision_anchor(p.id), "href": _href(provision_anchor(p.id)), "id": p.id,
                "number": f"p{p.number}", "line": p.line, "status": st.status,
                "runs": [{"text": text, "mark": mark} for text, mark in st.runs()],
                "facts": [{"id": f, "href": "index.html" + _href(f), "text": said.get(f, "")} for f in st.facts],
                "findings": [{"id": f, "href": "index.html" + _href(finding_anchor(f))} for f in st.findings
                             if f in finding_ids_known],
                "no_rule": st.no_rule or "",
            })
        statuses = {p["status"] for p in provisions}
        rows.append({
            "anchor": clause_anchor(c.id), "href": _href(clause_anchor(c.id)), "id": c.display,
            "label": c.label, "depth": c.depth, "line": c.line, "text": " ".join(c.text.split()),
            "status": "uncovered" if "uncovered" in statuses else "covered" if provisions else "heading",
            "no_rule": no_rule.get(c.id, ""), "provisions": provisions,
        })
    counts = cov.counts()
    return {"root": _root(path), "title": f"{rs.name} {rs.version}: the source text, provision by provision",
            "name": rs.name, "ref": rs.ref, "source_file": rs.data["source"]["file"],
            "citation": rs.data["source"]["citation"], "rows": rows, "provisions": len(cov.statuses),
            "counts": [{"status": k, "count": counts[k]} for k in STATUSES if counts[k]],
            "uncovered": counts["uncovered"], "words": cov.words,
            "quoted_share": f"{100 * cov.quoted_words / cov.words:.1f}%" if cov.words else "0.0%",
            "unquoted": len(cov.unquoted),
            "crumbs": [{"href": _root(path) + "index.html", "text": "Catalogue"},
                       {"href": _root(path) + f"{page(rs).split('/')[0]}/index.html", "text": rs.name},
                       {"href": "index.html", "text": f"{rs.name} {rs.version}"}]}


# --- timelines and diffs --------------------------------------------------------------------------


def _diff_page(old: Ruleset, new: Ruleset, path: str, title: str, crumbs: list,
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
    context = {"root": _root(path), "title": title, "d": v, "crumbs": crumbs,
               "old_href": None, "new_href": None}
    return Page(path, "site/diff.html.j2", context), {"summary": v["summary"], "href": path}


def page_slug(text: str) -> str:
    """A page's file name from a title or id: lower case, words joined by hyphens."""

    return re.sub(r"[^a-z0-9_.-]+", "-", str(text).lower()).strip("-") or "x"


def _jurisdiction_pages(cat: Catalogue, jid: str) -> tuple[dict, list[Page]]:
    versions = cat.versions(jid)
    latest = versions[-1]
    jpath = f"{page_slug(jid)}/index.html"
    pages = []
    diffs = []
    crumbs = [{"href": "../../index.html", "text": "Catalogue"}, {"href": "../index.html", "text": latest.name}]
    for old, new in combinations(versions, 2):
        path = f"{page_slug(jid)}/diff/{page_slug(old.version)}--{page_slug(new.version)}.html"
        pages_of = ("../../" + page(old) + "index.html", "../../" + page(new) + "index.html")
        p, summary = _diff_page(old, new, path, f"{latest.name}: {old.version} to {new.version}", crumbs, pages_of)
        p.context["old_href"], p.context["new_href"] = pages_of
        pages.append(p)
        diffs.append({"old": old.version, "new": new.version, "summary": summary["summary"],
                      "href": path.split("/", 1)[1]})
    catalogued = {rs.effective_date.isoformat() for rs in versions if rs.effective_date}
    entries = []
    for i, rs in enumerate(versions):
        step = next((x for x in diffs if x["new"] == rs.version and i and x["old"] == versions[i - 1].version), None)
        entries.append({"kind": "version", "date": _effective(rs), "sort": rs.effective_date.isoformat()
                        if rs.effective_date else "", "version": rs.version, "href": page(rs).split("/", 1)[1] + "index.html",
                        "citation": rs.data["version"]["cite"], "note": " ".join(rs.data["version"]["change_note"].split()),
                        "counts": counts(rs), "diff": step})
    history = []
    for h in (latest.data.get("source") or {}).get("history") or ():
        date = str(h.get("effective_date", ""))
        present = date in catalogued
        history.append({"citation": h.get("citation", ""), "date": date, "catalogued": present,
                        "version": next((rs.version for rs in versions if rs.effective_date and
                                         rs.effective_date.isoformat() == date), None)})
        if not present:
            entries.append({"kind": "absent", "date": date, "sort": date, "citation": h.get("citation", "")})
    entries.sort(key=lambda e: (e["sort"] == "", e["sort"], e["kind"]))
    context = {"root": "../", "title": f"{latest.name}: versions and history", "name": latest.name,
               "jurisdiction": jid, "entries": entries, "diffs": diffs, "history": history,
               "citation": latest.data["source"]["citation"],
               "crumbs": [{"href": "../index.html", "text": "Catalogue"}]}
    pages.insert(0, Page(jpath, "site/jurisdiction.html.j2", context))
    return {"id": jid, "name": latest.name, "href": jpath, "versions": [
        {"version": rs.version, "effective_date": _effective(rs), "href": page(rs) + "index.html",
         "counts": counts(rs)} for rs in versions],
        "absent": sum(1 for h in history if not h["catalogued"])}, pages


# --- the whole site -------------------------------------------------------------------------------


def site_pages(cat: Catalogue, drafts: list[tuple[Path, Ruleset, Ruleset]] = (),
               analyse=None, par_page=None) -> list[Page]:
    """Every page of the site, in a fixed order.

    ``analyse(ruleset) -> [PaytableResult]`` prices a ruleset's paytables and ``par_page(ruleset)
    -> (template, context)`` gives its PAR sheet (the command passes the game-math and PAR views).
    ``drafts`` are ``(file, draft ruleset, the ruleset it amends)``.
    """
    pages: list[Page] = []
    jurisdictions = []
    latest = [cat.latest(j) for j in cat.jurisdictions]
    for jid in cat.jurisdictions:
        summary, jpages = _jurisdiction_pages(cat, jid)
        jurisdictions.append(summary)
        pages.extend(jpages)
        for rs in cat.versions(jid):
            folder = page(rs)
            results = analyse(rs) if analyse else []
            source = source_view(rs, folder + "source.html")
            view = ruleset_view(rs, results, folder + "index.html", "par.html", source is not None)
            pages.append(Page(folder + "index.html", "site/ruleset.html.j2", view))
            if source is not None:
                pages.append(Page(folder + "source.html", "site/source.html.j2", source))
            if par_page:
                template, context = par_page(rs)
                pages.append(Page(folder + "par.html", template, context))
    draft_links = []
    for file, draft, base in drafts:
        path = f"drafts/{page_slug(Path(file).stem)}.html"
        crumbs = [{"href": "../index.html", "text": "Catalogue"}]
        base_page = "../" + page(base) + "index.html"
        p, summary = _diff_page(base, draft, path, f"Draft amendment {Path(file).name} against {base.ref}", crumbs,
                                (base_page, None))
        p.context["old_href"] = base_page
        pages.append(p)
        draft_links.append({"file": Path(file).name, "base": base.ref, "href": path, "summary": summary["summary"],
                            "version": draft.version})
    matrix, topic_pages = _topic_pages(latest)
    pages.extend(topic_pages)
    home = {"root": "", "title": "Let It Ride rules catalogue", "jurisdictions": jurisdictions,
            "matrix": matrix, "columns": [{"ref": rs.ref, "name": rs.name, "href": page(rs) + "index.html"}
                                          for rs in latest],
            "drafts": draft_links, "crumbs": []}
    pages.insert(0, Page("index.html", "site/home.html.j2", home))
    return pages
