"""The source page of a ruleset (``<jurisdiction>/<version>/source.html``): the source text clause by
clause (:mod:`lit_compliance.load.clauses`), each clause's provisions
(:mod:`lit_compliance.load.provisions`) beside the facts and findings whose quotes fall inside them,
the quoted words marked, or the reason they hold no rule.

Both views here take the ruleset's coverage (:func:`lit_compliance.load.quotes.coverage`), computed
once per ruleset by the caller: the ruleset page links each fact to the provisions it quotes
(:func:`quoted_in`) and the source page lists them.
"""
from __future__ import annotations

import json

from ... import cache
from ...load.catalogue import Ruleset
from ...load.fingerprint import document_sha256
from ...load.provisions import source_index
from ...load.quotes import STATUSES, Coverage, coverage
from ...model import as_printed
from ..references import finding_anchor
from .links import anchor_href, cite_links, clause_anchor, crumbs_to, provision_anchor, root_of


def quoted_in(cov: Coverage | None) -> dict:
    """("fact" | "finding", id) -> [{id, href}] of the provisions its quote falls in, on the source page."""

    out: dict[tuple, list] = {}
    for st in cov.statuses if cov else ():
        link = {"id": st.provision.id, "href": "source.html" + anchor_href(provision_anchor(st.provision.id))}
        for f in st.facts:
            out.setdefault(("fact", f), []).append(link)
        for f in st.findings:
            out.setdefault(("finding", f), []).append(link)
    return out


def source_view(rs: Ruleset, path: str, cov: Coverage | None, said: dict[str, str]) -> dict | None:
    """The source text clause by clause, each clause's provisions beside the facts and findings
    whose quotes fall inside them (the quoted words marked), or the reason they hold no rule (None
    when the ruleset does not describe its source's numbering). ``said``: each fact's id -> what it
    says (the words its entry on the ruleset page gives)."""

    printed = as_printed(rs)
    source = printed.header.source
    if not source.clauses_described or cov is None:
        return None
    index = source_index(rs)
    by_clause: dict[str, list] = {}
    for st in cov.statuses:
        by_clause.setdefault(st.provision.clause, []).append(st)
    finding_ids_known = {f.id for f in printed.findings}
    no_rule = {}
    for name, reason in source.no_rule.items():
        clause = index.by_name.get(str(name))
        if clause is not None:
            no_rule[clause.id] = str(reason)
    rows = []
    for c in index.clauses:
        provisions = []
        for st in by_clause.get(c.id, []):
            p = st.provision
            anchor = provision_anchor(p.id)
            provisions.append({
                "anchor": anchor, "href": anchor_href(anchor), "id": p.id,
                "number": f"p{p.number}", "line": p.line, "status": st.status,
                "runs": [{"text": text, "mark": mark} for text, mark in st.runs()],
                "facts": [{"id": f, "href": "index.html" + anchor_href(f), "text": said.get(f, "")} for f in st.facts],
                "findings": [{"id": f, "href": "index.html" + anchor_href(finding_anchor(f))} for f in st.findings
                             if f in finding_ids_known],
                "no_rule": st.no_rule or "",
            })
        statuses = {p["status"] for p in provisions}
        anchor = clause_anchor(c.id)
        rows.append({
            "anchor": anchor, "href": anchor_href(anchor), "id": c.display,
            "label": c.label, "depth": c.depth, "line": c.line, "text": " ".join(c.text.split()),
            "status": "uncovered" if "uncovered" in statuses else "covered" if provisions else "heading",
            "no_rule": no_rule.get(c.id, ""), "provisions": provisions,
        })
    counts = cov.counts()
    return {"root": root_of(path), "title": f"{rs.name} {rs.version}: the source text, provision by provision",
            "name": rs.name, "ref": rs.ref, "source_file": source.file,
            "citation": source.citation, "rows": rows, "provisions": len(cov.statuses),
            "counts": [{"status": k, "count": counts[k]} for k in STATUSES if counts[k]],
            "uncovered": counts["uncovered"], "words": cov.words,
            "quoted_share": f"{100 * cov.quoted_words / cov.words:.1f}%" if cov.words else "0.0%",
            "unquoted": len(cov.unquoted),
            "crumbs": crumbs_to(rs, path) + [{"href": "index.html", "text": f"{rs.name} {rs.version}"}]}


def source_side(rs: Ruleset, folder: str, ruleset_page) -> tuple[dict, dict | None]:
    """What a ruleset's pages take from its source: ``(ruleset page, source page)``, where
    ``ruleset_page(links, quoted)`` makes the ruleset page's view given the links of each citation
    to its clauses (:func:`.links.cite_links`) and of each fact and finding to the provisions it
    quotes (:func:`quoted_in`); the source page is None when the ruleset does not describe its
    source's numbering.

    Both come from the source's coverage (every quote located, every citation resolved), which
    depends only on the ruleset's document, its source text and the program: so the links and the
    source page are kept in the cache (JSON data) by those, and a later run reads them instead of
    locating every quote again."""
    if not as_printed(rs).header.source.clauses_described:
        return ruleset_page(None, None), None
    made: list[tuple[dict, dict]] = []

    def compute() -> dict:
        cov = coverage(rs)
        asked: dict[str, list] = {}
        links = cite_links(rs)

        def recorded(cite: str) -> list:
            asked[cite] = links(cite)
            return asked[cite]

        quoted = quoted_in(cov)
        view = ruleset_page(recorded, quoted)
        source = source_view(rs, folder + "source.html", cov, {f["id"]: f["text"] for s in view["sections"]
                                                                for f in s["facts"]})
        made.append((view, source))
        return json.loads(json.dumps({"cite_links": asked, "source_page": source,
                                      "quoted_in": [[k, i, v] for (k, i), v in quoted.items()]}))
    inputs = {"document": document_sha256(rs), "source": as_printed(rs).header.source.sha256, "folder": folder}
    stored = cache.memo(SOURCE_SIDE, inputs, compute)
    if made:
        return made[0]
    cites = stored["cite_links"]
    quoted = {(kind, ident): links for kind, ident, links in stored["quoted_in"]}
    return ruleset_page(lambda cite: cites.get(cite, []), quoted), stored["source_page"]


def _side_from_json(stored) -> dict:
    if not (isinstance(stored, dict) and isinstance(stored.get("cite_links"), dict)
            and isinstance(stored.get("quoted_in"), list) and isinstance(stored.get("source_page"), (dict, type(None)))
            and all(isinstance(q, list) and len(q) == 3 for q in stored["quoted_in"])):
        raise ValueError("not what a ruleset's pages take from its source")
    return stored


SOURCE_SIDE = cache.kind("site-source-side", cache.same, _side_from_json,
                         "the links of a ruleset's pages to its source, and its source page (:func:`source_side`)")
