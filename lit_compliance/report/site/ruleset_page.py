"""The page of one ruleset (``<jurisdiction>/<version>/index.html``): every fact with its citation and
anchor (see :mod:`lit_compliance.report.references`), grouped by section; every finding with its
readings (the default marked as applied) and the facts each reading changes; every paytable with its
house edge and a link to its PAR sheet; the dealing plans and the round step by step as ``deal-plan``
expands them, with the conflicts the procedure checker reports.
"""
from __future__ import annotations

from ...gamemath.record import Alternative, Status
from ...load.catalogue import Ruleset, finding_ids
from ...load.facts import change_targets
from ...model import RulesetModel, as_printed, model_of
from ...model.provenance import quote_text
from ...model.vocabulary import money, odds, percent
from ...operator.summary import paytables_view
from ...play.dealing import DealingError, all_plans, default_players
from ...regulator.changes import AREA_TITLES
from ...regulator.prose import humanise, line_label, say, summarise
from ..references import fact_id, finding_anchor, site_facts
from .links import counts, crumbs_to, effective, root_of

#: Top-level sections of a ruleset page, in reading order (the rest follow in document order).
SECTION_ORDER = ("jurisdiction", "version", "definitions", "base_game", "wagers", "payout_limits", "table_limits",
                 "hand_rankings", "cards", "table", "dealing_methods", "round_sequence", "irregularities",
                 "signage", "other_rules")
SECTION_TITLES = {**AREA_TITLES, "jurisdiction": "Jurisdiction", "version": "Version"}


def _nearest_fact(fact_paths: set, path: tuple) -> tuple | None:
    for n in range(len(path), 0, -1):
        if path[:n] in fact_paths:
            return path[:n]
    return None


def _findings_view(rs: Ruleset, printed: RulesetModel, facts: list, applied: dict) -> tuple[list[dict], dict]:
    """Every finding with its readings, the facts that name it; and per fact the readings that
    change it (fact path -> [text])."""
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
    for f in printed.findings:
        readings = []
        for r in f.readings:
            changes = []
            for c in r.changes:
                text = f"{c.op} {c.text}" + (f" = {say(c.value)}" if c.op != "remove" else "")
                targets = []
                for target in change_targets(rs, c.text):
                    fact = _nearest_fact(fact_paths, target)
                    if fact is not None:
                        fid = ids[fact]
                        targets.append({"id": fid, "href": "#" + fid})
                        state = "applied" if applied.get(f.id) == r.id else "alternative"
                        changed.setdefault(fact, []).append(
                            {"finding": f.id, "reading": r.id, "state": state, "change": text,
                             "href": "#" + finding_anchor(f.id)})
                changes.append({"text": text, "targets": list({t["id"]: t for t in targets}.values())})
            readings.append({"id": r.id, "meaning": r.meaning, "why": r.why or "",
                             "default": r.default, "applied": applied.get(f.id) == r.id,
                             "operator_may_choose": r.operator_may_choose, "changes": changes})
        findings.append({"id": f.id, "anchor": finding_anchor(f.id), "kind": humanise(f.kind.value),
                         "cite": f.cite, "quote": f.quote or "",
                         "says": f.says, "problem": f.problem,
                         "recorded_as": f.recorded_as, "readings": readings,
                         "facts": list({x["id"]: x for x in named_by.get(f.id, [])}.values())})
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
    finding_ids_known = {f.id for f in as_printed(rs).findings}
    out = {}
    for wager in view["wagers"]:
        for table in wager["tables"]:
            pid = None if table["id"] == "-" else table["id"]
            result = by_key.get((wager["id"], pid))
            readings = [{"finding": r.finding, "reading": r.reading, "meaning": r.meaning,
                         "default": r.default, "href": "#" + finding_anchor(r.finding)
                         if r.finding in finding_ids_known else None}
                        for r in (result.readings if result else [])]
            alternatives = [{"finding": a.reading.finding, "reading": a.reading.reading, "meaning": a.reading.meaning,
                             "house_edge": _edge_words(a)} for a in (result.alternatives if result else [])]
            out[(wager["id"], pid)] = {
                "math": table["math"], "readings": readings, "alternatives": alternatives,
                "par_href": f"{par_href}#{rs.ref}-{wager['id']}-{pid or 'none'}" if result else None}
    return out


def _edge_words(alt: Alternative) -> str:
    status = alt.status.value
    if alt.house_edge is None:
        return f"not computable ({humanise(status)})"
    return percent(alt.house_edge) + ("" if alt.status is Status.EXACT else f" ({humanise(status)})")


def _dealing_view(rs: Ruleset) -> list[dict]:

    try:
        plans = all_plans(rs)
    except DealingError:
        return []
    out = []
    for plan in plans:
        v = plan.view()
        idx = next(i for i, m in enumerate(as_printed(rs).dealing_methods) if m.id == v["method"])
        v["href"] = "#" + fact_id(rs, ("dealing_methods", idx))
        v["players_default"] = default_players(rs)
        out.append(v)
    return out


def _procedure_view(rs: Ruleset) -> dict | None:
    """The round step by step (as ``deal-plan`` prints it) and what the procedure checker reports."""
    from ...regulator.conflicts import conflict_rows  # lazy: the checker loads for this section only
    from ...regulator.procedure_view import round_view  # lazy: as above

    try:
        view = round_view(rs)
    except DealingError:
        return None
    view["conflicts"] = [
        {"class": c["class"], "says": c["says"], "where": c["cite"], "other": c["cause_cite"],
         "subject": c["step"] or c.get("exception") or c.get("method"), "players": c["players"],
         "reason": c["reason"], "findings": [{"id": f, "href": "#" + finding_anchor(f)} for f in c["recorded_by"]]}
        for c in conflict_rows([rs])]
    return view


def ruleset_view(rs: Ruleset, results: list, path: str, par_path: str, with_source: bool = False,
                 links=None, quoted: dict | None = None) -> dict:
    """The page of one ruleset: sections of facts, paytables with house edges, findings.

    With the source page (``with_source``), ``links`` (:func:`.links.cite_links`) links each
    citation to its clauses and ``quoted`` (:func:`.source_page.quoted_in`) each fact and finding to
    the provisions its quote falls in."""

    model = model_of(rs)
    printed = as_printed(rs)
    header = printed.header
    applied = {r.finding: r.id for r in model.applied}
    facts = site_facts(rs)
    links = links if with_source and links is not None else (lambda cite: [])
    quoted = quoted if with_source and quoted is not None else {}
    findings, changed = _findings_view(rs, printed, facts, applied)
    for finding in findings:
        finding["clauses"] = links(finding["cite"])
        finding["provisions"] = quoted.get(("finding", finding["id"]), [])
    tables = _paytable_views(rs, model, results, par_path)
    by_section: dict[str, list] = {}
    lines_under: dict[tuple, list] = {}   # a node's path -> the facts two levels below it (a paytable's lines)
    by_path: dict[tuple, dict] = {}
    for fid, fpath, node in facts:
        view = _fact_view(rs, fid, fpath, node, changed)
        view["clauses"] = links(node["cite"])
        view["provisions"] = quoted.get(("fact", fid), [])
        by_section.setdefault(fpath[0], []).append(view)
        by_path[fpath] = view
        if len(fpath) > 2:
            lines_under.setdefault(fpath[:-2], []).append(view)
    paytable_paths = set()
    for wi, wager in enumerate(printed.wagers):
        for ti, table in enumerate(wager.paytables):
            tpath = ("wagers", wi, "paytables", ti)
            paytable_paths.add(tpath)
            fact = by_path.get(tpath)
            if fact is not None:
                fact["paytable"] = tables.get((wager.id, table.id))
                fact["lines"] = lines_under.get(tpath, [])
    for fpath, fact in by_path.items():
        if fpath[0] == "wagers":
            fact["in_table"] = (len(fpath) >= 6 and fpath[:4] in paytable_paths
                                and fpath[4] in ("lines", "envy_lines"))
    for wi, wager in enumerate(printed.wagers):
        if not wager.paytables and ("wagers", wi) in by_path:
            fact = by_path[("wagers", wi)]
            fact["paytable"] = tables.get((wager.id, None))
            fact["lines"] = []
    keys = [k for k in SECTION_ORDER if k in by_section] + [k for k in by_section if k not in SECTION_ORDER]
    sections = [{"key": k, "title": SECTION_TITLES.get(k, humanise(k).capitalize()), "facts": by_section[k],
                 "top": min(f["depth"] for f in by_section[k])} for k in keys]
    history = [{"citation": h.citation, "effective_date": h.effective_date} for h in header.source.history]
    return {
        "root": root_of(path), "title": f"{rs.name} {rs.version}", "ref": rs.ref, "name": rs.name,
        "jurisdiction": rs.jurisdiction, "version": rs.version, "effective_date": effective(rs),
        "citation": header.source.citation, "source_title": " ".join(str(header.source.title).split()),
        "regulator": header.jurisdiction.regulator, "change_note": " ".join(header.version.change_note.split()),
        "counts": counts(rs), "sections": sections, "findings": findings,
        "applied": [{"finding": f, "reading": r, "href": "#" + finding_anchor(f)} for f, r in sorted(applied.items())],
        "dealing": _dealing_view(rs), "procedure": _procedure_view(rs), "par_href": par_path, "history": history,
        "source_href": "source.html" if with_source else None,
        "crumbs": crumbs_to(rs, path),
    }

