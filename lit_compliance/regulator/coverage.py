"""Clause coverage of a ruleset as a view: counts per status and the uncovered clauses.

The statuses come from :func:`lit_compliance.load.clauses.coverage`: a clause is *transcribed*
(a fact cites it), *within a cited clause* (a fact cites a clause that contains it: a citation
includes its subclauses), *through subclauses* (facts or findings cite clauses inside it),
*finding* (only findings cite it), *no rule* (the ruleset says why it holds no rule for the
catalogue) or *uncovered*.
"""
from __future__ import annotations

from ..load.catalogue import Ruleset
from ..load.clauses import coverage
from ..load.resources import data_dir

STATUSES = ("transcribed", "within a cited clause", "through subclauses", "finding", "no rule", "uncovered")


def coverage_view(rs: Ruleset) -> dict:
    """Plain data for one ruleset's coverage table (``described`` is false when the ruleset does
    not describe its source's numbering, so no clause list can be derived)."""
    described = bool(rs.data.get("source", {}).get("clauses"))
    reason = None if described else "the ruleset has no source.clauses"
    if described and not (data_dir("sources") / rs.data["source"]["file"]).is_file():
        described, reason = False, f"its source text {rs.data['source']['file']} is not bundled"
    statuses = coverage(rs) if described else []
    counts = {name: 0 for name in STATUSES}
    for s in statuses:
        counts[s.status] += 1
    return {
        "ruleset": rs.ref, "path": rs.path, "source": rs.data["source"]["file"], "described": described,
        "reason": reason,
        "clauses": len(statuses), "covered": sum(1 for s in statuses if s.covered), "counts": counts,
        "uncovered": [{"clause": s.clause.display, "line": s.clause.line,
                       "text": " ".join(s.clause.text.split())[:100]} for s in statuses if not s.covered],
        "statuses": [{"clause": s.clause.display, "line": s.clause.line, "status": s.status,
                      "facts": list(s.facts), "findings": list(s.findings), "no_rule": s.no_rule,
                      "within": s.within} for s in statuses],
    }
