"""Requirements: the provisions of a bundled source (:mod:`.provisions`) split further, so that each
unit holds one normative predicate or one row of a table. Coverage counts requirements claimed
(:mod:`.claims`), not provisions quoted.

A provision is split, where its text allows, in one of two ways:

- a **table** (a provision whose words run over three or more source lines that each end in a
  figure, such as a paytable printed as ``Royal Flush   1,000 to 1``): one requirement per row; a
  line holding no figure (a header such as ``Wager  Payout Odds``) is joined to the row after it;
- **predicates** (``shall``, ``must``, ``may``, their ``not`` forms, ``except``, ``unless``): between
  two predicates the provision is split at the last ``, and`` / ``, or`` / ``, but`` (before the
  conjunction), else after the last comma or semicolon, else before the last bare ``and`` / ``or``;
  an ``except`` or ``unless`` that comes after a comma opens a requirement of its own. A leading
  exception (``Except as provided in § B, ... shall ...``) stays with the predicate it qualifies;
  a modal inside a subordinate clause (``before any other method ... may be utilized``, ``which a
  player may make``: a subordinating word since the last comma or ``and the ...``) is no predicate
  of its own; and a split that would leave a piece of fewer than three words is not made.

A requirement's id is its provision's id then ``.r`` and its number within the provision counted
from 1 (``.03B(1)/p1.r1``); a provision that is not split holds one requirement, ``.r1``. The ids
are derived from the bundled source text and its ``source.clauses`` guidance alone, so they are
stable while those are.
"""
from __future__ import annotations

import re

from .provisions import CELL, MIN_WORDS, Provision, SourceIndex, _words, source_index
from .ruleset import Ruleset
from ..records import record

MODALS = frozenset({"shall", "must", "may"})
EXCEPTIONS = frozenset({"except", "unless"})
CONJUNCTIONS = frozenset({"and", "or", "but"})
TABLE_ROWS = 3
FILLERS = frozenset({"to", "for", "", "pays"})
SUBJECTS = frozenset({"the", "a", "an", "each", "all", "no", "any", "every"})  # "and the player shall": a new clause
TEMPORAL = frozenset({"before", "after", "until"})
SUBORDINATORS = frozenset({"before", "after", "until", "if", "when", "which", "who", "whom", "that", "whether"})
_BARE = re.compile(r"[^\w§]+")


@record
class Requirement:
    """One unit of a provision: one normative predicate, or one row of a table."""

    id: str          # "<provision id>.r<n>"
    provision: str   # the provision's id
    clause: str      # the clause id ("" for the whole text)
    number: int      # 1-based within the provision
    text: str        # its words, white space collapsed
    line: int        # the source line its first word is on
    start: int       # offsets in the clause's collapsed own words
    end: int

    @property
    def words(self) -> int:
        return len(self.text.split())


def _bare(word: str) -> str:
    return _BARE.sub("", word).lower()


def _table_cuts(words: list[tuple[str, int]]) -> list[int]:
    """Indexes (into ``words``) where a new table row starts, or [] when the words are no table."""
    lines: list[list[int]] = []
    for k, (_, line) in enumerate(words):
        if not lines or words[lines[-1][0]][1] != line:
            lines.append([k])
        else:
            lines[-1].append(k)
    def row(idx: list[int]) -> bool:  # ends in a figure and holds a label (not a cell continuing a row)
        cells = [bool(CELL.fullmatch(words[k][0].lstrip("$"))) or _bare(words[k][0]) in FILLERS for k in idx]
        return cells[-1] and not all(cells)

    ends_in_figure = [row(idx) for idx in lines]
    if sum(ends_in_figure) < TABLE_ROWS:
        return []
    cuts, row_open = [], False
    for idx, figure in zip(lines, ends_in_figure):
        if idx[0] and not row_open:
            cuts.append(idx[0])
        row_open = not figure  # a line without a figure (a header) runs on into the next line
    return [c for c in cuts if c > 0]


def _subordinate(words: list[tuple[str, int]], bare: list[str], prev: int, k: int) -> bool:
    """Whether the modal at ``k`` sits in a subordinate clause (``before ... may be utilized``,
    ``which a player may make``): a subordinating word since the last comma after ``prev``."""
    start = prev + 1
    for j in range(k - 1, prev, -1):
        if words[j][0].endswith((",", ";")) or (bare[j] in ("and", "but") and j + 1 < k and bare[j + 1] in SUBJECTS):
            start = j + 1
            break
    words_used = SUBORDINATORS if prev >= 0 else TEMPORAL  # a first modal: only a clause of time is no predicate
    return any(bare[j] in words_used for j in range(start, k))


def _predicate_cuts(words: list[tuple[str, int]]) -> list[int]:
    """Indexes where a new requirement starts, between successive normative predicates."""
    bare = [_bare(w) for w, _ in words]
    preds = []
    for k, b in enumerate(bare):
        if b in EXCEPTIONS or (b in MODALS and not _subordinate(words, bare, preds[-1] if preds else -1, k)):
            preds.append(k)
    if len(preds) < 2:
        return []
    first_modal = next((k for k in preds if bare[k] in MODALS), None)
    cuts = []
    for prev, nxt in zip(preds, preds[1:]):
        lo = (cuts[-1] if cuts else 0)
        if bare[nxt] in EXCEPTIONS:
            if words[nxt - 1][0].endswith((",", ";")):
                cuts.append(nxt)
            continue
        if bare[prev] in EXCEPTIONS and (first_modal is None or prev < first_modal) and prev == preds[0]:
            continue  # a leading exception qualifies the predicate after it
        cut = None
        for k in range(nxt - 1, prev, -1):
            if bare[k] in CONJUNCTIONS and words[k - 1][0].endswith(","):
                cut = k
                break
        if cut is None:
            for k in range(nxt - 1, prev, -1):
                if words[k - 1][0].endswith((",", ";")) and k - 1 > prev and bare[k] not in SUBORDINATORS:
                    cut = k
                    break
        if cut is None:
            for k in range(nxt - 1, prev, -1):
                if bare[k] in ("and", "or"):
                    cut = k
                    break
        if cut is not None and cut > lo:
            cuts.append(cut)
    return cuts


def _pieces(words: list[tuple[str, int]]) -> list[tuple[int, int]]:
    cuts = _table_cuts(words) or _predicate_cuts(words)
    bounds = [0] + sorted(set(cuts)) + [len(words)]
    pieces = [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]
    if len(pieces) > 1 and any(b - a < MIN_WORDS for a, b in pieces):
        return [(0, len(words))]  # the text does not allow the split
    return pieces


def split_provision(provision: Provision, words: list[tuple[str, int]]) -> tuple[Requirement, ...]:
    """The requirements of one provision, given its words with their source lines."""
    offsets, pos = [], provision.start
    for w, _ in words:
        offsets.append(pos)
        pos += len(w) + 1
    out = []
    for n, (a, b) in enumerate(_pieces(words), 1):
        text = " ".join(w for w, _ in words[a:b])
        out.append(Requirement(f"{provision.id}.r{n}", provision.id, provision.clause, n, text, words[a][1],
                               offsets[a], offsets[a] + len(text)))
    return tuple(out)


def index_requirements(index: SourceIndex) -> tuple[Requirement, ...]:
    """Every requirement of a source, in text order (computed once per index)."""
    held = getattr(index, "_requirements", None)
    if held is not None:
        return held
    out: list[Requirement] = []
    for clause in index.clauses:
        provs = index.provisions[clause.id]
        if not provs:
            continue
        words, pos, at = [], 0, {}
        for word, line, _ in _words(clause):
            at[pos] = len(words)
            words.append((word, line))
            pos += len(word) + 1
        for p in provs:
            a = at[p.start]
            b = a + p.words
            out.extend(split_provision(p, words[a:b]))
    index._requirements = tuple(out)
    return index._requirements


def requirements(rs: Ruleset) -> list[Requirement]:
    """Every requirement of the ruleset's source, in text order ([] when it does not describe its
    source's numbering)."""
    index = source_index(rs)
    return list(index_requirements(index)) if index else []


__all__ = ["Requirement", "index_requirements", "requirements", "split_provision"]
