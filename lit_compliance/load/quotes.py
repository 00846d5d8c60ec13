"""Quotes: where the verbatim words of each fact and finding fall in the source, and the coverage
of the source's provisions (:mod:`.provisions`) that follows from them.

Every fact (a mapping with ``cite``) and every finding may carry ``quote``: a string, or a list
of pieces where the words are not contiguous. Each piece must occur, white space collapsed, in a
clause its ``cite`` names (the clause's words, its marker and its subclauses' words; see
:meth:`.provisions.SourceIndex.locate`). A piece falls on its first occurrence in the clauses
named, in text order; a piece the quote repeats falls on the next occurrence each time (a fact
citing two clauses that print the same words quotes them twice). A reading of a finding may carry its own ``cite`` and
``quote`` (a reading's quote without a cite is checked against its finding's cite).

A provision is covered only by quotes that fall inside it (that overlap its words); a citation
alone covers nothing. Its status:

- ``transcribed``: a fact's quote falls inside it;
- ``finding only``: only findings' (or their readings') quotes do;
- ``no rule``: ``source.clauses.no_rule`` names its clause (the clause's own words hold no rule),
  or a ``source.clauses.no_rule_text`` entry's quote falls inside it; with the reason;
- ``uncovered``: none of these.
"""
from __future__ import annotations


from .ruleset import Ruleset
from .clause_parser import clause_config as _config
from .clauses import CiteError, resolver_for
from .facts import facts
from .provisions import Provision, SourceIndex, collapse, source_index
from ..records import record

STATUSES = ("transcribed", "finding only", "no rule", "uncovered")


@record
class QuoteItem:
    """One fact, finding or reading that cites the source, with its quote pieces (if any)."""

    kind: str          # "fact" | "finding" | "reading"
    id: str            # the fact id, the finding id, or "<finding id>.<reading id>"
    path: tuple        # where it is in the ruleset
    cite: str
    pieces: tuple[str, ...]
    listed: bool       # the quote is a list (a problem names the piece by its index)
    line: int          # the line of its cite (or of the item)


def _pieces(quote) -> tuple[tuple[str, ...], bool]:
    if isinstance(quote, str):
        return (quote,), False
    if isinstance(quote, list):
        return tuple(q for q in quote if isinstance(q, str)), True
    return (), False


def quote_items(rs: Ruleset) -> list[QuoteItem]:
    """Every fact, finding and reading that cites the source, in document order (facts first)."""
    out = []
    for fact in facts(rs):
        node = rs.data
        for step in fact.path:
            node = node[step]
        pieces, listed = _pieces(node.get("quote"))
        out.append(QuoteItem("fact", fact.id, fact.path, fact.cite, pieces, listed, fact.line))
    locate = rs.document.locate if rs.document is not None else (lambda path: (1, 1))
    for i, finding in enumerate(rs.data.get("findings") or []):
        if not isinstance(finding, dict) or not isinstance(finding.get("cite"), str):
            continue
        path = ("findings", i)
        pieces, listed = _pieces(finding.get("quote"))
        out.append(QuoteItem("finding", str(finding.get("id")), path, finding["cite"], pieces, listed,
                             locate(path + ("cite",))[0]))
        for j, reading in enumerate(finding.get("readings") or []):
            if isinstance(reading, dict) and reading.get("quote") is not None:
                rpath = path + ("readings", j)
                cite = reading["cite"] if isinstance(reading.get("cite"), str) else finding["cite"]
                pieces, listed = _pieces(reading.get("quote"))
                out.append(QuoteItem("reading", f"{finding.get('id')}.{reading.get('id')}", rpath, cite, pieces, listed,
                                     locate(rpath + ("quote",))[0]))
    return out


@record
class Located:
    """Where each item's quote pieces fall, and the quote problems found on the way."""

    touched: dict          # provision id -> (fact ids, finding ids) whose quotes fall inside it
    quoted_chars: dict     # clause id -> set of character offsets of its own words inside a quote
    problems: tuple        # ((path, message), ...)
    unquoted: tuple        # QuoteItems (facts and findings) without a quote
    no_rule_text: dict     # provision id -> reason
    items: int             # facts and findings
    spans: tuple = ()      # ((kind, id, clause id, start, end), ...): each quote piece where it falls (a
                           # reading's under its finding's id); no_rule_text entries as kind "no rule", id the reason


def _clause_named(index: SourceIndex, name: str):
    return index.by_name.get(name)


def _hint(index: SourceIndex, piece: str) -> str:
    holders = index.holders(piece)
    if holders:
        shown = ", ".join(index.by_id[h].display for h in holders[:3])
        return f"; it occurs in {shown}" + (" ..." if len(holders) > 3 else "")
    return ""


def _short(piece: str) -> str:
    text = collapse(piece)
    return text if len(text) <= 60 else text[:57] + "..."


def locate_all(rs: Ruleset) -> Located | None:
    """Every quote of the ruleset located in its source (None when the ruleset does not describe
    its source's numbering)."""
    index = source_index(rs)
    if index is None:
        return None
    resolver = resolver_for(rs)
    touched: dict[str, tuple[list, list]] = {}
    chars: dict[str, set] = {}
    problems = []
    unquoted = []
    spans_of: list[tuple] = []
    items = 0
    for item in quote_items(rs):
        if item.kind != "reading":
            items += 1
            if not item.pieces:
                unquoted.append(item)
                continue
        elif not item.pieces:
            continue
        try:
            cited = resolver.resolve(item.cite)
        except CiteError:
            continue  # reported by cite_problems
        idents = [c.id for c in cited]
        names = ", ".join(c.display for c in cited) or "the whole text"
        seen: dict[str, int] = {}
        for k, piece in enumerate(item.pieces):
            where = item.path + (("quote", k) if item.listed else ("quote",))
            if not collapse(piece):
                problems.append((where, "a quote piece must hold words"))
                continue
            nth = seen.get(collapse(piece), 0)  # a repeated piece means the words' next occurrence
            seen[collapse(piece)] = nth + 1
            spans = index.locate(piece, idents, nth)
            if spans is None:
                problems.append((where, f"{_short(piece)!r} does not occur in {names} (the clause's words or its "
                                        f"subclauses', white space collapsed){_hint(index, piece)}"))
                continue
            owner = item.id if item.kind != "reading" else item.id.split(".")[0]
            for ident, a, b in spans:
                chars.setdefault(ident, set()).update(range(a, b))
                spans_of.append(("fact" if item.kind == "fact" else "finding", owner, ident, a, b))
            for p in index.touched(spans):
                facts_of, findings_of = touched.setdefault(p.id, ([], []))
                (facts_of if item.kind == "fact" else findings_of).append(
                    item.id if item.kind != "reading" else item.id.split(".")[0])
    no_rule_text: dict[str, str] = {}
    config = _config(rs) or {}
    for i, entry in enumerate(config.get("no_rule_text") or []):
        base = ("source", "clauses", "no_rule_text", i)
        clause = _clause_named(index, str(entry.get("clause", "")))
        if clause is None:
            problems.append((base + ("clause",), f"{entry.get('clause')!r} names no clause of the source"))
            continue
        spans = index.locate(str(entry.get("quote", "")), [clause.id])
        if spans is None:
            problems.append((base + ("quote",), f"{_short(str(entry.get('quote', '')))!r} does not occur in "
                                                 f"{clause.display}{_hint(index, str(entry.get('quote', '')))}"))
            continue
        for ident, a, b in spans:
            spans_of.append(("no rule", str(entry.get("reason", "")), ident, a, b))
        for p in index.touched(spans):
            no_rule_text.setdefault(p.id, str(entry.get("reason", "")))
    return Located({k: (tuple(dict.fromkeys(f)), tuple(dict.fromkeys(g))) for k, (f, g) in touched.items()},
                   chars, tuple(problems), tuple(unquoted), no_rule_text, items, tuple(spans_of))


def quote_problems(rs: Ruleset) -> list[tuple[tuple, str]]:
    """(path, message) for every quote piece not inside a clause its citation names, and every
    ``no_rule_text`` entry whose clause or quote the source does not have."""
    located = locate_all(rs)
    return list(located.problems) if located else []


@record
class ProvisionStatus:
    provision: Provision
    facts: tuple[str, ...]
    findings: tuple[str, ...]
    no_rule: str | None
    quoted_words: int       # of its words, those a fact's or finding's quote overlaps
    marked: tuple = ()      # ((start, end), ...) in its text: the words inside a fact's or finding's quote

    def runs(self) -> list[tuple[str, bool]]:
        """Its text as (words, inside a quote) runs, for marking the quoted words."""
        out, pos, text = [], 0, self.provision.text
        for a, b in self.marked:
            if a > pos:
                out.append((text[pos:a], False))
            out.append((text[a:b], True))
            pos = b
        if pos < len(text):
            out.append((text[pos:], False))
        return out

    @property
    def status(self) -> str:
        if self.facts:
            return "transcribed"
        if self.findings:
            return "finding only"
        if self.no_rule is not None:
            return "no rule"
        return "uncovered"

    @property
    def covered(self) -> bool:
        return self.status != "uncovered"


@record
class Coverage:
    statuses: tuple[ProvisionStatus, ...]
    unquoted: tuple[QuoteItem, ...]
    items: int

    @property
    def words(self) -> int:
        return sum(s.provision.words for s in self.statuses)

    @property
    def quoted_words(self) -> int:
        return sum(s.quoted_words for s in self.statuses)

    def counts(self) -> dict[str, int]:
        out = {name: 0 for name in STATUSES}
        for s in self.statuses:
            out[s.status] += 1
        return out


def _marked(p: Provision, chars: set) -> tuple[tuple[int, int], ...]:
    """The runs of ``p``'s text inside a quote, relative to its text."""
    out: list[list[int]] = []
    for k in range(p.start, p.end):
        if k in chars:
            if out and out[-1][1] == k - p.start:
                out[-1][1] += 1
            else:
                out.append([k - p.start, k - p.start + 1])
    return tuple((a, b) for a, b in out)


def _quoted_words(p: Provision, marked: tuple) -> int:
    count, pos = 0, 0
    for word in p.text.split(" "):
        end = pos + len(word)
        if any(a < end and pos < b for a, b in marked):
            count += 1
        pos = end + 1
    return count


def no_rule_reasons(rs: Ruleset, index: SourceIndex) -> dict[str, str]:
    """Clause id -> the reason ``source.clauses.no_rule`` gives that the clause holds no rule."""
    out = {}
    for name, reason in ((_config(rs) or {}).get("no_rule") or {}).items():
        clause = _clause_named(index, str(name))
        if clause is not None:
            out[clause.id] = str(reason)
    return out


def coverage(rs: Ruleset) -> Coverage | None:
    """Every provision of the ruleset's source with the facts and findings whose quotes fall
    inside it, or the reason it holds no rule (None when the ruleset does not describe its
    source's numbering)."""
    index = source_index(rs)
    located = locate_all(rs)
    if index is None or located is None:
        return None
    no_rule = no_rule_reasons(rs, index)
    out = []
    for p in index.all:
        facts_of, findings_of = located.touched.get(p.id, ((), ()))
        reason = no_rule.get(p.clause, located.no_rule_text.get(p.id))
        chars = located.quoted_chars.get(p.clause)
        marked = _marked(p, chars) if chars else ()
        out.append(ProvisionStatus(p, facts_of, findings_of, reason, _quoted_words(p, marked), marked))
    return Coverage(tuple(out), located.unquoted, located.items)


__all__ = ["Coverage", "ProvisionStatus", "QuoteItem", "STATUSES", "coverage", "locate_all", "quote_items",
           "quote_problems"]
