"""Gaps as a view: for each ruleset, every requirement whose content words the facts that claim it
do not carry (:mod:`lit_compliance.load.gaps`), as plain data for ``validate --gaps``."""
from __future__ import annotations

from ..load.catalogue import Ruleset
from ..load.gaps import gaps


def gap_rows(rulesets: list[Ruleset]) -> list[dict]:
    """One row per gap, in catalogue then text order: the ruleset file and the line of the claiming
    fact's cite, the requirement, who claims it and the missing words with their class."""
    out = []
    for rs in rulesets:
        for g in gaps(rs):
            out.append({"ruleset": rs.ref, "path": rs.path, "line": g.line, "requirement": g.requirement,
                        "text": g.text, "claimed_by": list(g.claimed_by),
                        "missing": [{"word": w.word, "kind": w.kind} for w in g.missing]})
    return out
