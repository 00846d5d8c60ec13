"""The procedure checker's third class: exceptions against their rules (issue 31).

A ruleset lists under ``exceptions`` each exception its source writes to one of its own rules
("except as provided in", "unless", "notwithstanding", "do not apply"): the situation the exception
covers and the rule it excepts with the situation that rule covers, both as data
(``{subject: [...], during: [...], dealing: [...], ...}``; a dimension left out covers every value).

An exception lies inside its rule when, along every dimension the rule names, the exception names
only values the rule names (a dimension the rule names and the exception leaves out makes the
exception wider than the rule). Two defects are reported:

- *outside*: the exception covers a situation its rule does not (it excepts nothing the rule says,
  or says something no rule allows);
- *whole*: the exception covers everything its rule covers, so the rule is left with nothing.

A conflict is *recorded* by a finding listed on the exception whose citation names a clause of the
exception and a clause of the rule, or settled by the exception's ``not_a_conflict`` reason.
"""
from __future__ import annotations


from ..load.catalogue import Ruleset
from ..load.clauses import CiteError, resolver_for
from ..model import as_printed
from ..model.sections import Situation, SourceException
from ..records import record

# a finding of these kinds can state that an exception misses its rule (a wrong reference, a word
# that widens the scope, a contradiction...)
EXCEPTION_RECORDING_KINDS = frozenset({"contradiction", "ambiguous", "silent", "dangling_reference", "wording_conflict",
                                       "garbled_text"})


@record
class ExceptionConflict:
    index: int                  # its place in ``exceptions``
    exception: SourceException
    kind: str                   # "outside" or "whole"
    outside: tuple[tuple[str, tuple[str, ...]], ...]  # per dimension, what the exception covers beyond its rule
    recorded_by: tuple[str, ...]
    reason: str | None

    @property
    def says(self) -> str:
        """The conflict in words."""
        if self.kind == "whole":
            return "covers everything its rule covers, leaving the rule nothing"
        parts = [f"{dim} {', '.join(values) if values else '(any)'}" for dim, values in self.outside]
        return "covers a situation its rule does not (" + "; ".join(parts) + ")"


def beyond(exception: Situation, rule: Situation) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Per dimension the rule names, what the exception covers that the rule does not (an empty
    tuple of values: the exception leaves the dimension open, so covers every value)."""
    out = []
    for dim, allowed in rule.dims:
        mine = exception.get(dim)
        if mine is None:
            out.append((dim, ()))
        elif mine - allowed:
            out.append((dim, tuple(sorted(mine - allowed))))
    return tuple(out)


def swallows(exception: Situation, rule: Situation) -> bool:
    """Whether the exception covers all its rule covers (along every dimension either names)."""
    dims = {d for d, _ in exception.dims} | {d for d, _ in rule.dims}
    for dim in dims:
        mine, theirs = exception.get(dim), rule.get(dim)
        if mine is not None and (theirs is None or not theirs <= mine):
            return False
    return True


def _contains(parent: str, child: str) -> bool:
    """Whether clause id ``child`` is ``parent`` or lies inside it (the root, ``""``, holds every clause)."""
    if parent == "" or child == parent:
        return True
    if not child.startswith(parent):
        return False
    nxt = child[len(parent)]
    return not nxt.isalnum() or (parent[-1].isdigit() and nxt.isupper())


def _names(named: set[str], cited: set[str]) -> bool:
    return any(_contains(a, b) or _contains(b, a) for a in named for b in cited)


def exception_conflicts(rs: Ruleset) -> list[ExceptionConflict]:
    """Every exception of ``rs`` that covers a situation its rule does not, or all of it."""
    model = as_printed(rs)
    findings = {f.id: f for f in model.findings}
    resolver = resolver_for(rs) if model.header.source.clauses_described else None

    def clauses(cite: str) -> set[str]:
        try:
            return {c.id for c in resolver.resolve(cite)} if resolver else set()
        except CiteError:
            return set()

    out = []
    for i, x in enumerate(model.typed.exceptions):
        outside = beyond(x.covers, x.rule_covers)
        kind = "outside" if outside else ("whole" if swallows(x.covers, x.rule_covers) else None)
        if kind is None:
            continue
        recorded = []
        for fid in x.findings:
            f = findings.get(fid)
            if f is None or f.kind.value not in EXCEPTION_RECORDING_KINDS:
                continue
            named = clauses(f.cite)
            if resolver is None or (_names(named, clauses(x.cite)) and _names(named, clauses(x.rule_cite))):
                recorded.append(fid)
        out.append(ExceptionConflict(i, x, kind, outside, tuple(recorded), x.not_a_conflict))
    return out


def exception_rows(rs: Ruleset) -> list[dict]:
    """The exception conflicts of ``rs`` as plain data (``validate --procedure``)."""
    lines = rs.document.locate if rs.document is not None else (lambda path: (1, 1))
    return [{"ruleset": rs.ref, "path": rs.path, "line": lines(("exceptions", c.index))[0], "class": "exception",
             "step": None, "exception": c.exception.id, "order": None, "cite": c.exception.cite,
             "cause": "rule", "cause_cite": c.exception.rule_cite, "players": None,
             "needs": c.kind, "says": c.says, "recorded_by": list(c.recorded_by), "reason": c.reason}
            for c in exception_conflicts(rs)]


__all__ = ["ExceptionConflict", "beyond", "exception_conflicts", "exception_rows", "swallows"]
