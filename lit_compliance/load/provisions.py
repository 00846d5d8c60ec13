"""The provisions of a bundled source: each clause's own words split into the units that state
one requirement, figure, permission, consequence or definition, and where a quote falls in them.

A clause's subclauses are clauses of their own (:mod:`.clauses`); its own words are split here,
with white space collapsed, into provisions:

- a **sentence**: a break after ``.``, ``?`` or ``!`` (closing quotes or brackets may follow),
  or after ``:``, where the next word starts a new sentence (a capital letter, an opening bracket
  or quote), except after a common abbreviation (``e.g.``, ``No.``);
- a **part** of a sentence that joins several requirements: a break after every ``;`` and before
  ``and shall`` / ``and must``;
- a **list item**: a line of the clause that starts with a bullet (``-``, ``•``) opens a new
  provision;
- a **table row**: a line whose cells are apart by tabs (and the line after it), a paragraph
  that starts with a tab after a blank line (a row printed a cell a line), or in a table whose
  cells end in ``|``, the cells up to one holding a figure (``1 to 1 |``).

A piece of fewer than three words (``and``, a heading such as ``Payout odds;``) is joined to the
next piece of the clause, or the last one to the one before. A clause with subclauses whose own
words are fewer than three in all (a heading such as ``Definitions`` or ``Paytable A:``) holds
no provision; any other clause holds at least one (``Covered; or``).

A provision's id is its clause's id (as citations write it, ``(whole text)`` for the words before
the first clause) then ``/p`` and its number within the clause counted from 1: ``.12A(4)/p2``,
``r 12.9/p1``, ``§6a(b)/p1``. The id is stable as long as the source text and its
``source.clauses`` guidance are. Its anchor on the site's source page is the clause's anchor
followed by the same ``/pN``.

A quote is matched with white space collapsed against a clause's words as printed: its marker,
its own words, then its subclauses' (each with its marker), or the same without the markers.
"""
from __future__ import annotations

import json
import re

from . import prebuilt
from .clause_parser import Clause, _parsed, clause_config as _config, source_text
from .ruleset import Ruleset
from .. import cache
from ..records import record

ABBREVIATIONS = frozenset({"e.g.", "i.e.", "no.", "nos.", "etc.", "mr.", "ms.", "mrs.", "dr.", "st.", "v.", "vs.",
                           "u.s.", "inc.", "co.", "cf.", "viz."})
OPENERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ(“\"‘'[")  # a word that can start a sentence starts so
CLOSERS = "”\"’')]"  # may follow a sentence's full stop
BULLET = re.compile(r"^\s*[-•·*]\s")
ROW = re.compile(r"\S[ ]*\t\s*\S")
FIGURE = re.compile(r"\d[\d,]*")
CELL = re.compile(r"\\?\$?[\d,.]*\d%?[.;]?")
MIN_WORDS = 3


def collapse(text: str) -> str:
    """White space runs as one space, none at the ends (how quotes and sources are compared)."""
    return " ".join(text.split())


@record
class Provision:
    """One unit of a clause's own words."""

    id: str        # "<clause display>/p<n>", e.g. ".12A(4)/p2"
    clause: str    # the clause id ("" for the whole text)
    number: int    # 1-based within the clause
    text: str      # its words, white space collapsed
    line: int      # the source line its first word is on
    start: int     # offsets in the clause's collapsed own words
    end: int

    @property
    def words(self) -> int:
        return len(self.text.split())


def _figures_only(lines: list[str]) -> bool:
    """Whether lines hold only figures (a table's cells continuing a row: ``300 for 1``, ``$1,000``)."""
    words = " ".join(lines).split()
    return bool(words) and all(w in ("to", "for", "--") or CELL.fullmatch(w) for w in words)


def _words(clause: Clause) -> list[tuple[str, int, bool]]:
    """(word, source line, a new piece starts here) for each word of the clause's own text: a list
    item (a bulleted line), a table row on one line (cells apart by tabs) and the line after it, and
    a paragraph that starts with a tab after a blank line unless it holds only figures (a row
    printed a cell a line, its figures continuing it)."""
    out = []
    lines = clause.text.split("\n")
    numbers = clause.numbers or (clause.line,) * len(lines)
    previous_row = False
    for i, (line, number) in enumerate(zip(lines, numbers)):
        row = bool(ROW.search(line))
        paragraph_row = False
        if i and not lines[i - 1].strip() and line.startswith("\t"):
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            paragraph_row = not _figures_only(lines[i:j])
        starts = bool(BULLET.match(line)) or row or previous_row or paragraph_row
        for k, word in enumerate(line.split()):
            out.append((word, number, starts and k == 0))
        if line.strip():
            previous_row = row
    return out


def _breaks(words: list[tuple[str, int, bool]]) -> list[int]:
    """Indexes of the words that start a new piece (the first word excluded)."""
    out = []
    for k in range(1, len(words)):
        prev, word, starts = words[k - 1][0], words[k][0], words[k][2]
        if starts or prev[-1] == ";":
            out.append(k)
        elif prev == "|" and k >= 3 and words[k - 3][0] in ("to", "for") and FIGURE.fullmatch(words[k - 2][0]):
            out.append(k)  # a row of a table whose cells end in " |" ends at its figure ("1 to 1 |")
        elif word == "and" and k + 1 < len(words) and words[k + 1][0] in ("shall", "must"):
            out.append(k)
        elif word[0] in OPENERS and (prev[-1] == ":" or (
                prev.rstrip(CLOSERS)[-1:] in ".?!" and prev.rstrip(CLOSERS)[-1:] and prev.lower() not in ABBREVIATIONS)):
            out.append(k)
    return out


def split(clause: Clause, heading_only: bool = False) -> tuple[Provision, ...]:
    """The provisions of one clause's own words (none when ``heading_only``: fewer than three words
    that only introduce the clause's subclauses, such as "Definitions" or "Paytable A:")."""
    words = _words(clause)
    if not words or (heading_only and len(words) < MIN_WORDS):
        return ()
    bounds = [0] + _breaks(words) + [len(words)]
    pieces = [[a, b] for a, b in zip(bounds, bounds[1:]) if b > a]
    merged: list[list[int]] = []
    carry = None
    for a, b in pieces:
        if carry is not None:
            a, carry = carry, None
        if b - a < MIN_WORDS:
            carry = a
            continue
        merged.append([a, b])
    if carry is not None:
        if merged:
            merged[-1][1] = len(words)
        else:
            merged.append([carry, len(words)])
    starts, pos = [], 0
    for word, _, _ in words:
        starts.append(pos)
        pos += len(word) + 1
    display = clause.display
    out = []
    for n, (a, b) in enumerate(merged, 1):
        text = " ".join(w for w, _, _ in words[a:b])
        out.append(Provision(f"{display}/p{n}", clause.id, n, text, words[a][1], starts[a], starts[a] + len(text)))
    return tuple(out)


class SourceIndex:
    """The clauses and provisions of one source under one ``source.clauses`` guidance, with each
    clause's words as printed, for finding quotes."""

    def __init__(self, clause_list: list[Clause], provisions: dict[str, tuple[Provision, ...]] | None = None):
        self.clauses = clause_list
        self.by_id = {c.id: c for c in clause_list}
        self.by_name = {**{c.id: c for c in clause_list}, "(whole text)": clause_list[0]} if clause_list else {}
        self.children: dict[str, list[Clause]] = {}
        for c in clause_list[1:]:
            self.children.setdefault(c.parent, []).append(c)
        self.own = {c.id: collapse(c.text) for c in clause_list}
        self.provisions = provisions if provisions is not None else \
            {c.id: split(c, heading_only=c.id in self.children) for c in clause_list}
        self.all = tuple(p for c in clause_list for p in self.provisions[c.id])
        self._full: dict[tuple[str, bool], tuple[str, tuple]] = {}

    def full(self, ident: str, printed: bool) -> tuple[str, tuple]:
        """A clause's words and its subclauses' (``printed``: each with its marker), collapsed, and
        the segments of it that are clauses' own words: ((start, end, clause id), ...)."""
        key = (ident, printed)
        if key not in self._full:
            parts: list[str] = []
            segments: list[tuple[int, int, str]] = []
            pos = 0

            def add(text: str, owner: str | None) -> None:
                nonlocal pos
                if not text:
                    return
                if parts:
                    pos += 1
                parts.append(text)
                if owner is not None:
                    segments.append((pos, pos + len(text), owner))
                pos += len(text)

            def walk(c: Clause) -> None:
                if printed:
                    add(c.marker, None)
                add(self.own[c.id], c.id)
                for child in self.children.get(c.id, []):
                    walk(child)

            walk(self.by_id[ident])
            del walk  # it refers to itself: a cycle, which only the collector would free
            self._full[key] = (" ".join(parts), tuple(segments))
        return self._full[key]

    def locate(self, piece: str, idents: list[str], nth: int = 0) -> list[tuple[str, int, int]] | None:
        """Where a quote piece falls: [(clause id, start, end) in that clause's own words]. Its
        occurrences are taken in text order through ``idents`` (clause ids in text order), each
        clause's words as printed, else without markers; the ``nth`` one (0: the first; a quote
        that repeats a piece means its next occurrence). None when no clause named holds it."""
        needle = collapse(piece)
        if not needle:
            return None
        found: list[tuple] = []
        seen: set[tuple] = set()
        for ident in idents:
            for printed in (True, False):
                text, segments = self.full(ident, printed)
                at = text.find(needle)
                if at < 0:
                    continue
                while at >= 0 and len(found) <= nth:  # only as far as the occurrence wanted
                    end = at + len(needle)
                    span = tuple((owner, max(at, s) - s, min(end, e) - s) for s, e, owner in segments if s < end and at < e)
                    if span not in seen:
                        seen.add(span)
                        found.append(span)
                    at = text.find(needle, at + 1)
                break
            if len(found) > nth:
                return list(found[nth])
        return list(found[-1]) if found else None

    def holders(self, piece: str) -> list[str]:
        """The clauses whose own words hold ``piece`` (for a hint when a quote is not where cited)."""
        needle = collapse(piece)
        return [c.id for c in self.clauses if needle and needle in self.own[c.id]] if needle else []

    def touched(self, spans: list[tuple[str, int, int]]) -> list[Provision]:
        """The provisions a located quote overlaps by at least one letter or digit."""
        out = []
        for ident, a, b in spans:
            own = self.own[ident]
            for p in self.provisions[ident]:
                lo, hi = max(a, p.start), min(b, p.end)
                if lo < hi and any(ch.isalnum() for ch in own[lo:hi]):
                    out.append(p)
        return out


@cache.remembered(16)
def _index(text: str, config_key: str) -> SourceIndex:
    clause_list = list(_parsed(text, config_key))
    return SourceIndex(clause_list, _prebuilt_provisions(text, config_key, clause_list))


def _prebuilt_provisions(text: str, config_key: str, clause_list: list[Clause]) -> dict | None:
    """Each clause's provisions as :func:`split` gave them when the wheel was built, for a bundled
    source and guidance made ready there (:func:`.prebuilt.source`); None otherwise."""
    ready = prebuilt.source(text, config_key)
    if ready is None or len(ready["provisions"]) != len(clause_list):
        return None
    try:
        return {c.id: tuple(Provision(*row) for row in rows) for c, rows in zip(clause_list, ready["provisions"])}
    except TypeError:
        return None


def source_index(rs: Ruleset) -> SourceIndex | None:
    """The ruleset's source split into clauses and provisions (computed once per source and
    guidance); None when the ruleset does not describe its source's numbering."""
    config = _config(rs)
    if not config:
        return None
    return _index(source_text(rs), json.dumps(config, sort_keys=True))


def provisions(rs: Ruleset) -> list[Provision]:
    """Every provision of the ruleset's source, in text order."""
    index = source_index(rs)
    return list(index.all) if index else []


__all__ = ["Provision", "SourceIndex", "collapse", "provisions", "source_index", "split"]
