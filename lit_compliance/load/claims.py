"""Claims: who answers for each requirement of the source (:mod:`.requirements`).

A requirement is *claimed*, by name:

- by a **fact** whose quote falls inside it (overlaps its words by a letter or digit): the claim
  is carried by that fact's value and typed fields (checked by :mod:`.gaps`);
- by a **finding** (or a reading of one) whose quote falls inside it;
- as holding **no rule**: ``source.clauses.no_rule`` names its clause, or a
  ``source.clauses.no_rule_text`` entry quotes it, with the reason;
- by an entry of ``source.clauses.claims`` that names it: ``{requirement, fact | finding | no_rule}``
  and, for a fact whose value or fields cannot carry some of the requirement's words, ``why_not``
  (the reason, said once, which the gap check accepts).

A requirement with none of these is *unclaimed*; ``validate --coverage`` names it and fails.
"""
from __future__ import annotations

from dataclasses import field

from .clause_parser import clause_config as _config
from .quotes import locate_all, no_rule_reasons
from .requirements import Requirement, index_requirements
from .provisions import source_index
from .facts import facts
from .ruleset import Ruleset, finding_ids as _ids
from ..records import record


@record
class Claim:
    kind: str                 # "fact" | "finding" | "no rule"
    by: str                   # the fact id, the finding id, or the reason
    named: bool = False       # an entry of source.clauses.claims (not derived from a quote)
    why_not: str | None = None


@record
class Claimed:
    requirement: Requirement
    claims: tuple[Claim, ...] = field(default_factory=tuple)

    @property
    def status(self) -> str:
        kinds = {c.kind for c in self.claims}
        if "fact" in kinds:
            return "fact"
        if "finding" in kinds:
            return "finding"
        if "no rule" in kinds:
            return "no rule"
        return "unclaimed"


CLAIM_STATUSES = ("fact", "finding", "no rule", "unclaimed")


def _overlaps(text: str, req: Requirement, a: int, b: int) -> bool:
    lo, hi = max(a, req.start), min(b, req.end)
    return lo < hi and any(ch.isalnum() for ch in text[lo:hi])


def named_claims(rs: Ruleset) -> list[tuple[tuple, dict]]:
    """The entries of ``source.clauses.claims`` with their paths in the document."""
    config = _config(rs) or {}
    out = []
    for i, entry in enumerate(config.get("claims") or []):
        if isinstance(entry, dict):
            out.append((("source", "clauses", "claims", i), entry))
    return out


def claims(rs: Ruleset) -> list[Claimed] | None:
    """Every requirement of the ruleset's source with its claims, in text order (None when the
    ruleset does not describe its source's numbering)."""
    index = source_index(rs)
    located = locate_all(rs)
    if index is None or located is None:
        return None
    no_rule = no_rule_reasons(rs, index)
    by_clause: dict[str, list[tuple]] = {}
    for kind, who, ident, a, b in located.spans:
        by_clause.setdefault(ident, []).append((kind, who, a, b))
    named: dict[str, list[Claim]] = {}
    for _, entry in named_claims(rs):
        rid = str(entry.get("requirement", ""))
        for kind, key in (("fact", "fact"), ("finding", "finding"), ("no rule", "no_rule")):
            if entry.get(key) is not None:
                named.setdefault(rid, []).append(Claim(kind, str(entry[key]), True, entry.get("why_not")))
    out = []
    for req in index_requirements(index):
        own = index.own[req.clause]
        found: list[Claim] = []
        seen = set()
        for kind, who, a, b in by_clause.get(req.clause, ()):
            if (kind, who) not in seen and _overlaps(own, req, a, b):
                seen.add((kind, who))
                found.append(Claim(kind, who))
        if req.clause in no_rule:
            found.append(Claim("no rule", no_rule[req.clause]))
        found.extend(named.get(req.id, ()))
        out.append(Claimed(req, tuple(found)))
    return out


def claim_problems(rs: Ruleset) -> list[tuple[tuple, str]]:
    """(path, message) for every entry of ``source.clauses.claims`` that names a requirement the
    source does not have, a fact or finding the ruleset does not have, or claims by none."""
    index = source_index(rs)
    entries = named_claims(rs)
    if not entries:
        return []

    known = {r.id for r in index_requirements(index)} if index else set()
    fact_ids = {f.id for f in facts(rs)}
    finding_set = {str(f.get("id")) for f in rs.data.get("findings") or [] if isinstance(f, dict)}
    out = []
    for path, entry in entries:
        rid = str(entry.get("requirement", ""))
        if rid not in known:
            out.append((path + ("requirement",), f"{rid!r} names no requirement of the source"))
        if all(entry.get(key) is None for key in ("fact", "finding", "no_rule")):
            out.append((path, "a claim names a fact, a finding or a no_rule reason"))
        if entry.get("fact") is not None and str(entry["fact"]) not in fact_ids:
            out.append((path + ("fact",), f"{entry['fact']!r} names no fact of the ruleset"))
        for fid in _ids(entry.get("finding")) if entry.get("finding") is not None else ():
            if fid not in finding_set:
                out.append((path + ("finding",), f"{fid!r} names no finding of the ruleset"))
    return out


__all__ = ["CLAIM_STATUSES", "Claim", "Claimed", "claim_problems", "claims", "named_claims"]
