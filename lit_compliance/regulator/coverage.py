"""Coverage of a ruleset as a view: the requirements of its source (:mod:`lit_compliance.load.requirements`)
claimed by a fact, a finding or as holding no rule (:mod:`lit_compliance.load.claims`), the unclaimed
ones; and the provisions by status, the share of the source's words quoted, every fact and finding
without a quote, and the uncovered provisions.

The statuses come from :func:`lit_compliance.load.quotes.coverage`: a provision (a sentence, list
item or part of a sentence of a clause's own words, :mod:`lit_compliance.load.provisions`) is
*transcribed* (a fact's quote falls inside it), *finding only* (only findings' quotes do), *no
rule* (``source.clauses.no_rule`` names its clause, or a ``no_rule_text`` entry quotes it, with
the reason) or *uncovered*. A citation alone covers nothing.
"""
from __future__ import annotations

from .. import cache
from ..load.catalogue import Ruleset, _validated_key
from ..model import as_printed
from ..load.claims import CLAIM_STATUSES, Claimed, claims
from ..load.quotes import STATUSES, Coverage, coverage
from ..load.resources import data_dir


def provision_rows(cov: Coverage | None) -> list[dict]:
    """Each provision with its status, as plain data (``show --format json``, the coverage JSON)."""
    if cov is None:
        return []
    return [{"provision": s.provision.id, "clause": s.provision.clause or "(whole text)", "line": s.provision.line,
             "text": s.provision.text, "status": s.status, "facts": list(s.facts), "findings": list(s.findings),
             "no_rule": s.no_rule, "words": s.provision.words, "quoted_words": s.quoted_words}
            for s in cov.statuses]


def requirement_rows(claimed: list[Claimed]) -> list[dict]:
    """Each requirement with its status and claims, as plain data."""
    return [{"requirement": c.requirement.id, "provision": c.requirement.provision, "line": c.requirement.line,
             "text": c.requirement.text, "status": c.status,
             "claims": [{"kind": x.kind, "by": x.by, "named": x.named, **({"why_not": x.why_not} if x.why_not else {})}
                        for x in c.claims]}
            for c in claimed]


def _summary(rs: Ruleset) -> dict:
    """The coverage of a described ruleset as plain data, kept in the cache by content (the
    document, the schema, the source text and the engine), so a repeat does not parse the source."""
    if rs.document is None:
        return _coverage_summary(rs)
    return cache.memo(COVERAGE, {"validated": _validated_key(rs.document)}, lambda: _coverage_summary(rs))


def _coverage_summary(rs: Ruleset) -> dict:
    cov = coverage(rs)
    return {"counts": cov.counts(), "words": cov.words, "quoted_words": cov.quoted_words, "items": cov.items,
            "without_quote": [{"kind": q.kind, "id": q.id, "cite": q.cite, "line": q.line} for q in cov.unquoted],
            "rows": provision_rows(cov), "requirements": requirement_rows(claims(rs) or [])}


def _summary_from_json(stored) -> dict:
    if not isinstance(stored, dict):
        raise TypeError("a coverage summary is a JSON object")
    return stored


COVERAGE = cache.kind("provision-coverage", cache.same, _summary_from_json,
                      "the coverage of a described ruleset's source, as plain data (:func:`_summary`)")


def ruleset_provisions(rs: Ruleset) -> list[dict]:
    """The provisions of the ruleset's source with their statuses (empty when it has no clause list)."""
    described, _ = _described(rs)
    return _summary(rs)["rows"] if described else []


def _described(rs: Ruleset) -> tuple[bool, str | None]:
    source = as_printed(rs).header.source
    if not source.clauses_described:
        return False, "the ruleset has no source.clauses"
    if not (data_dir("sources") / source.file).is_file():
        return False, f"its source text {source.file} is not bundled"
    return True, None


def coverage_view(rs: Ruleset) -> dict:
    """Plain data for one ruleset's coverage report (``described`` is false when the ruleset does
    not describe its source's numbering, so no provision list can be derived)."""
    described, reason = _described(rs)
    summary = _summary(rs) if described else None
    counts = summary["counts"] if summary else {name: 0 for name in STATUSES}
    words, quoted = (summary["words"], summary["quoted_words"]) if summary else (0, 0)
    rows = summary["rows"] if summary else []
    reqs = summary["requirements"] if summary else []
    claim_counts = {name: sum(1 for r in reqs if r["status"] == name) for name in CLAIM_STATUSES}
    return {
        "ruleset": rs.ref, "path": rs.path, "source": as_printed(rs).header.source.file, "described": described,
        "reason": reason,
        "provisions": len(rows), "covered": len(rows) - counts["uncovered"], "counts": counts,
        "words": words, "quoted_words": quoted, "quoted_share": round(quoted / words, 4) if words else 0.0,
        "facts_and_findings": summary["items"] if summary else 0,
        "without_quote": summary["without_quote"] if summary else [],
        "uncovered": [{"provision": r["provision"], "clause": r["clause"], "line": r["line"], "text": r["text"]}
                      for r in rows if r["status"] == "uncovered"],
        "statuses": rows,
        "requirements": len(reqs), "claimed": len(reqs) - claim_counts["unclaimed"], "claim_counts": claim_counts,
        "unclaimed": [{"requirement": r["requirement"], "line": r["line"], "text": r["text"]}
                      for r in reqs if r["status"] == "unclaimed"],
        "requirement_statuses": reqs,
    }


def incomplete(row: dict) -> bool:
    """A coverage row that fails: no provision list, an unclaimed requirement, or an item without a
    quote. (Coverage counts requirements claimed; a provision's quote status is shown beside it.)"""
    return not row["described"] or bool(row["unclaimed"]) or bool(row["without_quote"])
