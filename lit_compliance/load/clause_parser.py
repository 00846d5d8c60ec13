"""The clauses of a bundled source text, parsed from the text as the ruleset's numbering describes.

The clause list is derived from the source text, not typed by hand. Each ruleset describes its
source's numbering as data (``source.clauses``):

- ``levels``: the marker styles, outermost first. A style is a sample label as printed
  (``marker``: ``"(1)"``, ``"(a)"``, ``"(i)"``, ``"(A)"``, ``"1."``, ``"A."``, ``"i."``, ``".01"``,
  ``"1.1"``, ``"1.1.1"``) and as citations write it (``cite``, default the marker: ``"(i)"`` for a
  printed ``i.``, ``"§1"`` for a printed ``1.``).
- ``cite_prefix``: the words citations put before the numbering (``ARSD 20:18:16:15.03``).
- ``units``: units the text sets apart without a number (a source note, an unnumbered paragraph
  a citation names), found by their opening words, with the label and level they take.
- ``breaks``: words before which the extracted text lost a line break (a marker run into the
  previous line).
- ``duplicates``: where the text prints the same label twice (three tables each lettered from
  (a)), which occurrence a citation's bracketed note means (``bonus bet: 2``).
- ``no_rule``: clause id -> one-line reason the clause's own words hold no rule for the catalogue;
  ``no_rule_text``: the same for one provision of a clause, found by a quote (see :mod:`.quotes`).

Each clause's own words are split into provisions by :mod:`.provisions`; citations are resolved
in :mod:`.clauses`; quotes and the coverage of provisions are in :mod:`.quotes`.

The parser reads the text line by line. A line that starts with a marker of some level opens a
clause: the next label at an open level (a sibling), else the first label of the level below the
deepest open one (a child, preferred when the following marker continues it, so ``(i)`` after
``(h)`` is a subsection only when ``(ii)`` does not follow), else any label at an open level (an
irregular sequence; a repeated id gets ``#2``). Other lines continue the open clause.
"""
from __future__ import annotations

import json
import re
from dataclasses import field

from . import prebuilt
from .resources import data_dir
from .ruleset import Ruleset
from .. import cache
from ..records import record


ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def _roman(text: str) -> int:
    total = 0
    for i, ch in enumerate(text):
        value = ROMAN[ch]
        total += -value if i + 1 < len(text) and ROMAN[text[i + 1]] > value else value
    return total


def _to_roman(n: int) -> str:
    out = ""
    for value, glyph in ((100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                         (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + glyph, n - value
    return out


# kind -> (sample in a template, label pattern)
LABEL_KINDS = (
    ("dotted3", "1.1.1", r"\d+\.\d+\.\d+"),
    ("dotted", "1.1", r"\d+\.\d+"),
    ("two_digit", "01", r"\d\d"),
    ("arabic", "1", r"\d+[a-z]?"),
    ("roman", "i", r"[ivxlc]+"),
    ("lower", "a", r"[a-z]"),
    ("upper", "A", r"[A-Z]"),
)


@record
class Style:
    """How one level's labels look: ``prefix`` + label + ``suffix``."""

    kind: str
    prefix: str
    suffix: str

    @classmethod
    def parse(cls, template: str) -> "Style":
        for kind, sample, _ in LABEL_KINDS:
            at = template.find(sample)
            if at >= 0 and (kind != "lower" or template.count("a") == 1):
                return cls(kind, template[:at], template[at + len(sample):])
        raise ValueError(f"no label in marker style {template!r}")

    @property
    def label_pattern(self) -> str:
        return dict((k, p) for k, _, p in LABEL_KINDS)[self.kind]

    def regex(self) -> str:
        return re.escape(self.prefix) + f"({self.label_pattern})" + re.escape(self.suffix)

    def render(self, label: str) -> str:
        return f"{self.prefix}{label}{self.suffix}"

    def first(self, parent_label: str | None) -> str:
        if self.kind in ("dotted", "dotted3"):
            return f"{parent_label}.1" if parent_label else ""
        return {"two_digit": "01", "arabic": "1", "roman": "i", "lower": "a", "upper": "A"}[self.kind]

    def next(self, label: str) -> str:
        if self.kind in ("dotted", "dotted3"):
            head, _, last = label.rpartition(".")
            return f"{head}.{int(last) + 1}"
        if self.kind == "two_digit":
            return f"{int(label) + 1:02d}"
        if self.kind == "arabic":
            return str(int(label.rstrip("abcdefghijklmnopqrstuvwxyz")) + 1)
        if self.kind == "roman":
            return _to_roman(_roman(label) + 1)
        return chr(ord(label) + 1)

    def order(self, label: str) -> tuple:
        if self.kind in ("dotted", "dotted3"):
            return tuple(int(p) for p in label.split("."))
        if self.kind in ("two_digit", "arabic"):
            digits = label.rstrip("abcdefghijklmnopqrstuvwxyz")
            return (int(digits), label[len(digits):])
        if self.kind == "roman":
            return (_roman(label),)
        return (ord(label),)


@record
class Level:
    marker: Style
    cite: Style


@record
class Clause:
    """One numbered or lettered unit of a source text (or one the ruleset names)."""

    id: str           # as citations write it, e.g. "(10)(a)(i)", ".06D(2)", "r 12.9.1"; "" the whole text
    label: str        # as printed
    text: str         # its own words (not its subclauses')
    line: int         # 1-based line of the source file where it starts
    depth: int        # 0 for the whole text, 1 for the outermost numbered level
    parent: str | None
    path: tuple = field(default=(), compare=False)  # labels from the outermost level
    marker: str = field(default="", compare=False)   # the marker as printed ("(a)", "- (a)" as "(a)", ".01")
    numbers: tuple = field(default=(), compare=False)  # the source line of each line of ``text``

    @property
    def display(self) -> str:
        return self.id or "(whole text)"


def clause_config(rs: Ruleset) -> dict | None:
    """The ruleset's ``source.clauses`` block (None when it describes no numbering)."""
    return rs.data.get("source", {}).get("clauses")


def clause_levels(config: dict) -> tuple[Level, ...]:
    """The marker styles of ``config``'s levels, outermost first, as printed and as cited."""
    return tuple(Level(Style.parse(lv["marker"]), Style.parse(lv.get("cited_as", lv["marker"])))
                 for lv in config["levels"])


def source_text(rs: Ruleset) -> str:
    """The bundled source text the ruleset transcribes."""
    return _read(rs.data["source"]["file"])


@cache.remembered(64)
def _read(name: str) -> str:
    return (data_dir("sources") / name).read_text(encoding="utf-8", errors="replace")


class _Parser:
    def __init__(self, config: dict):
        self.levels = clause_levels(config)
        self.markers = [re.compile(r"^\s*(?:-\s+)?" + lv.marker.regex() + r"(?=\s|$)") for lv in self.levels]
        self.units = list(config.get("units", []))

    def candidates(self, line: str) -> list[tuple[int, str, int]]:
        """(level, label, end of marker) for every level whose marker starts ``line``."""
        out = []
        for index, rx in enumerate(self.markers):
            m = rx.match(line)
            if m:
                out.append((index, m.group(1), m.end()))
        return out

    def parse(self, text: str, config: dict) -> list[Clause]:
        lines = text.split("\n")
        numbers = list(range(1, len(lines) + 1))  # the source line each (possibly split) line is on
        for words in config.get("breaks", []):
            for i, line in enumerate(lines):
                at = line.find(words)
                if at > 0:
                    lines[i:i + 1] = [line[:at], line[at:]]
                    numbers[i:i + 1] = [numbers[i], numbers[i]]
                    break
        plain = tuple(config.get("not_markers", []))
        markers = [(i, [] if plain and line.strip().startswith(plain) else self.candidates(line))
                   for i, line in enumerate(lines)]
        marked = [(i, c) for i, c in markers if c]
        unit_at = {}
        for unit in self.units:
            for i, line in enumerate(lines):
                if line.strip().startswith(unit["starts"]):
                    unit_at[i] = unit
                    break
        root = {"id": "", "label": "", "lines": [], "line": 1, "depth": 0, "parent": None, "path": (), "numbers": [],
                "marker": ""}
        out = [root]
        stack: list[dict] = []  # open clauses, index = level
        ids: dict[str, int] = {}
        current = root
        next_marker = {}
        for n, (i, cands) in enumerate(marked):
            next_marker[i] = marked[n + 1][1] if n + 1 < len(marked) else []
        for i, line in enumerate(lines):
            choice = None
            if i in unit_at:
                unit = unit_at[i]
                choice = (int(unit["level"]), str(unit["label"]), 0, True)
            else:
                cands = markers[i][1]
                if cands:
                    choice = self._choose(cands, stack, next_marker.get(i, []))
            if choice is None:
                current["lines"].append(line)
                current["numbers"].append(numbers[i])
                continue
            level, label, end, named = choice
            while stack and stack[-1]["level"] >= level:
                stack.pop()
            parent = stack[-1] if stack else root
            if named and "id" in unit_at[i]:
                ident = str(unit_at[i]["id"])
            else:
                style = self.levels[level].cite
                own = style.render(label)
                ident = own if style.kind in ("dotted", "dotted3") else parent["id"] + own
            base = ident
            ids[base] = ids.get(base, 0) + 1
            if ids[base] > 1:
                ident = f"{base}#{ids[base]}"
            clause = {"id": ident, "label": label, "lines": [line[end:]], "line": numbers[i], "depth": len(stack) + 1,
                      "parent": parent["id"], "path": parent["path"] + (label,), "named": named, "level": level,
                      "numbers": [numbers[i]], "marker": re.sub(r"^\s*(?:-\s+)?", "", line[:end]).strip()}
            stack.append(clause)
            out.append(clause)
            current = clause
        out_clauses = []
        for c in out:
            text, lines_of = _tidy(c["lines"], c["numbers"])
            out_clauses.append(Clause(c["id"], c["label"], text, c["line"], c["depth"], c["parent"], c["path"],
                                      c["marker"], lines_of))
        return out_clauses

    def _next(self, level: int, label: str) -> str | None:
        style = self.levels[level].marker
        return style.next(label) if re.fullmatch(style.label_pattern, label) else None

    def _choose(self, cands, stack, following) -> tuple | None:
        open_at = {c["level"]: c for c in stack}
        deepest = stack[-1]["level"] if stack else -1
        siblings = [(lv, lab, end) for lv, lab, end in cands
                    if lv in open_at and self._next(lv, open_at[lv]["label"]) == lab]
        children = sorted((lv, lab, end) for lv, lab, end in cands
                          if lv > deepest and lab == self.levels[lv].marker.first(stack[-1]["label"] if stack else None))
        if siblings and children:
            lv, lab, _ = children[0]
            continues = any(f_lv == lv and f_lab == self._next(lv, lab) for f_lv, f_lab, _ in following)
            pick = children[0] if continues else max(siblings)
        elif siblings:
            pick = max(siblings)
        elif children:
            pick = children[0]
        else:
            irregular = [(lv, lab, end) for lv, lab, end in cands if lv in open_at]
            if not irregular:
                return None
            pick = max(irregular)
        return (pick[0], pick[1], pick[2], False)


def _tidy(lines: list[str], numbers: list[int]) -> tuple[str, tuple[int, ...]]:
    """A clause's own words (lines right-trimmed, blank lines at either end dropped, at most one
    blank line in a row) and the source line of each line kept."""
    kept: list[tuple[str, int]] = []
    for line, number in zip(lines, numbers):
        line = line.rstrip()
        if not line and (not kept or not kept[-1][0]):
            continue
        kept.append((line, number))
    while kept and not kept[-1][0]:
        kept.pop()
    if kept:
        kept[0] = (kept[0][0].lstrip(), kept[0][1])
    return "\n".join(line for line, _ in kept), tuple(number for _, number in kept)


def parse_clauses(text: str, config_key: str) -> tuple[Clause, ...]:
    """The clauses of ``text`` under the guidance ``config_key`` (``source.clauses`` as sorted JSON), parsed."""
    config = json.loads(config_key)
    return tuple(_Parser(config).parse(text, config))


@cache.remembered(64)
def _parsed(text: str, config_key: str) -> tuple[Clause, ...]:
    """:func:`parse_clauses`, or, for a bundled source and guidance made ready in the wheel
    (:func:`.prebuilt.source`, keyed by their exact characters), what it gave when the wheel was built."""
    ready = prebuilt.source(text, config_key)
    if ready is not None:
        try:
            return tuple(Clause(i, label, words, line, depth, parent, tuple(path), marker, tuple(numbers))
                         for i, label, words, line, depth, parent, path, marker, numbers in ready["clauses"])
        except (TypeError, ValueError):
            pass  # not as the build writes it: parsed anew
    return parse_clauses(text, config_key)


def clauses(rs: Ruleset) -> list[Clause]:
    """The clauses of the ruleset's source, in text order (the whole text first, id "")."""
    config = clause_config(rs)
    if not config:
        return []
    return list(_parsed(source_text(rs), json.dumps(config, sort_keys=True)))

