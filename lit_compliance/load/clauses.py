"""The clauses of a bundled source text, the citations that name them, and the ruleset's coverage.

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
- ``no_rule``: clause id -> one-line reason the clause holds no rule for the catalogue.

The parser reads the text line by line. A line that starts with a marker of some level opens a
clause: the next label at an open level (a sibling), else the first label of the level below the
deepest open one (a child, preferred when the following marker continues it, so ``(i)`` after
``(h)`` is a subsection only when ``(ii)`` does not follow), else any label at an open level (an
irregular sequence; a repeated id gets ``#2``). Other lines continue the open clause.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .catalogue import Ruleset
from .facts import facts
from .resources import data_dir

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
KINDS = (
    ("dotted3", "1.1.1", r"\d+\.\d+\.\d+"),
    ("dotted", "1.1", r"\d+\.\d+"),
    ("two_digit", "01", r"\d\d"),
    ("arabic", "1", r"\d+[a-z]?"),
    ("roman", "i", r"[ivxlc]+"),
    ("lower", "a", r"[a-z]"),
    ("upper", "A", r"[A-Z]"),
)


@dataclass(frozen=True)
class Style:
    """How one level's labels look: ``prefix`` + label + ``suffix``."""

    kind: str
    prefix: str
    suffix: str

    @classmethod
    def parse(cls, template: str) -> "Style":
        for kind, sample, _ in KINDS:
            at = template.find(sample)
            if at >= 0 and (kind != "lower" or template.count("a") == 1):
                return cls(kind, template[:at], template[at + len(sample):])
        raise ValueError(f"no label in marker style {template!r}")

    @property
    def label_pattern(self) -> str:
        return dict((k, p) for k, _, p in KINDS)[self.kind]

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


@dataclass(frozen=True)
class Level:
    marker: Style
    cite: Style


@dataclass(frozen=True)
class Clause:
    """One numbered or lettered unit of a source text (or one the ruleset names)."""

    id: str           # as citations write it, e.g. "(10)(a)(i)", ".06D(2)", "r 12.9.1"; "" the whole text
    label: str        # as printed
    text: str         # its own words (not its subclauses')
    line: int         # 1-based line of the source file where it starts
    depth: int        # 0 for the whole text, 1 for the outermost numbered level
    parent: str | None
    path: tuple = field(default=(), compare=False)  # labels from the outermost level

    @property
    def display(self) -> str:
        return self.id or "(whole text)"


@dataclass(frozen=True)
class ClauseStatus:
    clause: Clause
    facts: tuple[str, ...]
    findings: tuple[str, ...]
    no_rule: str | None
    via_subclauses: bool
    within: str | None = None  # the nearest cited enclosing clause (a citation includes its subclauses)

    @property
    def covered(self) -> bool:
        return bool(self.facts or self.findings or self.no_rule or self.via_subclauses or self.within)

    @property
    def status(self) -> str:
        if self.facts:
            return "transcribed"
        if self.findings:
            return "finding"
        if self.no_rule:
            return "no rule"
        if self.via_subclauses:
            return "through subclauses"
        if self.within:
            return "within a cited clause"
        return "uncovered"


class CiteError(ValueError):
    """A citation that names no clause, or names one ambiguously."""


def _config(rs: Ruleset) -> dict | None:
    return rs.data.get("source", {}).get("clauses")


def _levels(config: dict) -> tuple[Level, ...]:
    return tuple(Level(Style.parse(lv["marker"]), Style.parse(lv.get("cited_as", lv["marker"])))
                 for lv in config["levels"])


def source_text(rs: Ruleset) -> str:
    """The bundled source text the ruleset transcribes."""
    return _read(rs.data["source"]["file"])


@lru_cache(maxsize=None)
def _read(name: str) -> str:
    return (data_dir("sources") / name).read_text(encoding="utf-8", errors="replace")


class _Parser:
    def __init__(self, config: dict):
        self.levels = _levels(config)
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
        root = {"id": "", "label": "", "lines": [], "line": 1, "depth": 0, "parent": None, "path": ()}
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
                      "parent": parent["id"], "path": parent["path"] + (label,), "named": named, "level": level}
            stack.append(clause)
            out.append(clause)
            current = clause
        return [Clause(c["id"], c["label"], _tidy(c["lines"]), c["line"], c["depth"], c["parent"], c["path"])
                for c in out]

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


def _tidy(lines: list[str]) -> str:
    text = "\n".join(line.rstrip() for line in lines).strip()
    return re.sub(r"\n{3,}", "\n\n", text)


@lru_cache(maxsize=64)
def _parsed(text: str, config_key: str) -> tuple[Clause, ...]:
    import json
    config = json.loads(config_key)
    return tuple(_Parser(config).parse(text, config))


def clauses(rs: Ruleset) -> list[Clause]:
    """The clauses of the ruleset's source, in text order (the whole text first, id "")."""
    import json
    config = _config(rs)
    if not config:
        return []
    return list(_parsed(source_text(rs), json.dumps(config, sort_keys=True)))


# ----------------------------------------------------------------------------------------------
# Citations


_PAREN = re.compile(r"\((?:[^()]|\([^()]*\))*\)")


def _groups(cite: str) -> list[str]:
    """A citation split at its semicolons, except those inside a bracketed note."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(cite):
        if ch == "[":
            depth += 1
        elif ch == "]" and depth:
            depth -= 1
        elif ch == ";" and not depth:
            out.append(cite[start:i])
            start = i + 1
    out.append(cite[start:])
    return out


_RESOLVERS: dict[int, tuple] = {}  # id(rs.data) -> (that data, kept alive; its Resolver)


class Resolver:
    """Turns a ruleset's citation strings into the clauses they name."""

    def __init__(self, rs: Ruleset):
        self.config = _config(rs) or {}
        self.levels = _levels(self.config) if self.config else ()
        self.clauses = clauses(rs)
        self.by_id = {c.id: c for c in self.clauses}
        self.order = {c.id: n for n, c in enumerate(self.clauses)}
        self.by_base: dict[str, list[Clause]] = {}
        for c in self.clauses:
            self.by_base.setdefault(re.sub(r"#\d+", "", c.id), []).append(c)
        self.children: dict[str, list[Clause]] = {}
        for c in self.clauses[1:]:
            self.children.setdefault(c.parent, []).append(c)
        prefixes = self.config.get("cite_prefix", [])
        self.prefixes = [prefixes] if isinstance(prefixes, str) else list(prefixes)
        self.level_rx = [re.compile(lv.cite.regex()) for lv in self.levels]
        # where a reference can start: a level written with a prefix or suffix ("(1)", "§1", "r 1.1", ".01")
        starts = [lv.cite.regex() for lv in self.levels if lv.cite.prefix or lv.cite.suffix]
        self.starter = re.compile("|".join(starts)) if starts else None

    # -- tokens
    def _components(self, text: str, at: int, bare_ok: bool) -> tuple[list[tuple[list[int], str]], int]:
        """The run of components starting at ``at``: [(candidate levels, label)], and its end."""
        out, pos = [], at
        while True:
            cands, label, end = [], None, pos
            for index, lv in enumerate(self.levels):
                if not (bare_ok or out) and not (lv.cite.prefix or lv.cite.suffix):
                    continue
                m = self.level_rx[index].match(text, pos)
                if m and (m.end() == len(text) or not text[m.end()].isalnum() or lv.cite.suffix
                          or m.group(1)[-1:].isdigit() != text[m.end()].isdigit()):
                    if label is None or m.end() > end:
                        cands, label, end = [index], m.group(1), m.end()
                    elif m.end() == end and m.group(1) == label:
                        cands.append(index)
            if label is None:
                return out, pos
            out.append((cands, label))
            pos = end

    def refs(self, cite: str) -> list[tuple[str, list, list | None]]:
        """The references in one citation: [(note, start components, range-end components)]."""
        out = []
        for group in _groups(cite):
            notes = re.findall(r"\[([^\]]*)\]", group)
            note = notes[0] if notes else ""
            text = re.sub(r"\[[^\]]*\]", " ", group)
            text = re.sub(r'"[^"]*"|“[^”]*”', " ", text)
            text = _PAREN.sub(lambda m: " " if re.search(r"\s", m.group(0)) else m.group(0), text)  # prose in brackets
            for prefix in self.prefixes:
                text = text.replace(prefix, " ")
            pos, first = 0, True
            while self.starter is not None:
                found = self.starter.search(text, pos)
                if not found:
                    break
                at = found.start()
                if at > 0 and text[at - 1].isalpha():
                    pos = at + 1
                    continue
                comps, end = self._components(text, at, bare_ok=False)
                if not comps:
                    pos = at + 1
                    continue
                upto = None
                m = re.compile(r"\s*[-–]\s*").match(text, end)
                if m:
                    upto, end2 = self._components(text, m.end(), bare_ok=True)
                    if upto:
                        end = end2
                    else:
                        upto = None
                out.append((note, comps, upto, first))
                first = False
                pos = end
            if first:
                out.append((note, [], None, True))
        return out

    # -- resolution
    def _pick(self, base: str, note: str) -> Clause | None:
        found = self.by_base.get(base, [])
        if len(found) <= 1:
            return found[0] if found else None
        for key, occurrence in (self.config.get("duplicates") or {}).items():
            if note.lower().startswith(str(key).lower()):
                for c in found:
                    numbers = re.findall(r"#(\d+)", c.id)
                    if (int(numbers[-1]) if numbers else 1) == int(occurrence):
                        return c
        raise CiteError(f"{base} is printed more than once in the source; say which in brackets"
                        f" ({', '.join(c.id for c in found)})")

    def _id(self, path: tuple) -> str:
        """The base id of a path of (level, label) pairs."""
        ident = ""
        for level, label in path:
            style = self.levels[level].cite
            own = style.render(label)
            ident = own if style.kind in ("dotted", "dotted3") else ident + own
        return ident

    def _chain(self, comps, start: int) -> tuple | None:
        """(level, label) pairs for ``comps`` with the first at ``start``, levels increasing."""
        out, level = [], start
        for k, (cands, label) in enumerate(comps):
            if k == 0:
                if start not in cands:
                    return None
            else:
                deeper = [c for c in cands if c > level]
                if not deeper:
                    return None
                level = min(deeper)
            out.append((level, label))
        return tuple(out)

    def _place(self, comps, previous: tuple | None, first: bool) -> list[tuple]:
        """Candidate paths of (level, label) for a run of components, best first: a fresh reference
        from the outermost level; a continuation replaces the previous path from its first level."""
        out = []
        starts = sorted(comps[0][0], reverse=not (first or previous is None))
        for start in starts:
            chain = self._chain(comps, start)
            if chain is None:
                continue
            if self.levels[start].cite.kind in ("dotted", "dotted3"):
                out.append(chain)
                continue
            head = tuple(p for p in (previous or ()) if p[0] < start)
            out.append(head + chain)
        return out

    def _lookup(self, path: tuple, note: str) -> Clause | None:
        return self._pick(self._id(path), note)

    @classmethod
    def of(cls, rs: Ruleset) -> "Resolver":
        """The ruleset's resolver, its index built once per process (validation, coverage and the
        site all resolve the same citations)."""
        held = _RESOLVERS.get(id(rs.data))
        if held is None or held[0] is not rs.data:
            held = (rs.data, cls(rs))
            _RESOLVERS[id(rs.data)] = held
            if len(_RESOLVERS) > 256:  # bounded: a long run over many documents does not keep them all
                del _RESOLVERS[next(iter(_RESOLVERS))]
        return held[1]

    def resolve(self, cite: str) -> list[Clause]:
        """The clauses ``cite`` names (ranges expanded), in text order; CiteError if any part fails
        (each citation worked out once: many facts share one)."""
        memo = self.__dict__.setdefault("_resolved", {})
        if cite not in memo:
            try:
                memo[cite] = tuple(self._resolve(cite))
            except CiteError as exc:
                memo[cite] = str(exc)
        got = memo[cite]
        if isinstance(got, str):
            raise CiteError(got)
        return list(got)

    def _resolve(self, cite: str) -> list[Clause]:
        if not self.levels:
            return []
        found: dict[str, Clause] = {}
        previous: tuple | None = None
        for note, comps, upto, first in self.refs(cite):
            if not comps:
                unit = next((u["id"] for u in self.config.get("units", [])
                             if "id" in u and note.lower().startswith(str(u["id"]).lower()) and u["id"] in self.by_id), "")
                found[unit] = self.by_id[unit]
                continue
            start, previous = self._first(self._place(comps, previous, first), note)
            if start is None:
                raise CiteError(f"{self._show(comps)} names no clause of the source")
            found[start.id] = start
            if upto:
                places = [p for p in self._place(upto, previous, False) if len(p) == len(previous)]
                end, previous = self._first(places, note, previous)
                if end is None:
                    raise CiteError(f"the range ending {self._show(upto)} names no clause of the source")
                siblings = self.children.get(start.parent, [])
                ids = [c.id for c in siblings]
                if start.id in ids and end.id in ids and ids.index(start.id) <= ids.index(end.id):
                    for c in siblings[ids.index(start.id):ids.index(end.id) + 1]:
                        found[c.id] = c
                else:
                    raise CiteError(f"the range {start.id} to {end.id} is not a run of one clause's subclauses")
        return sorted(found.values(), key=lambda c: self.order[c.id])

    def _first(self, places: list, note: str, otherwise: tuple | None = None) -> tuple:
        """The first of the candidate paths that names a clause: (clause, path), or (None, otherwise)."""
        for path in places:
            clause = self._lookup(path, note)
            if clause is not None:
                return clause, path
        return None, otherwise

    def _show(self, comps) -> str:
        return "".join(self.levels[c[0]].cite.render(lab) for c, lab in comps)


def resolve_cite(rs: Ruleset, cite: str) -> list[Clause]:
    """The clauses a citation of ``rs`` names; raises CiteError when it names none."""
    return Resolver.of(rs).resolve(cite)


def _finding_cites(rs: Ruleset):
    for index, finding in enumerate(rs.data.get("findings", [])):
        if isinstance(finding.get("cite"), str):
            yield finding["id"], ("findings", index), finding["cite"]


def coverage(rs: Ruleset) -> list[ClauseStatus]:
    """Every clause of the source with the facts that transcribe it, the findings about it, or
    the ruleset's reason it holds no rule; unresolvable citations are skipped (see cite_problems)."""
    resolver = Resolver.of(rs)
    by_fact: dict[str, list[str]] = {}
    by_finding: dict[str, list[str]] = {}
    for fact in facts(rs):
        try:
            for c in resolver.resolve(fact.cite):
                by_fact.setdefault(c.id, []).append(fact.id)
        except CiteError:
            pass
    for ident, _, cite in _finding_cites(rs):
        try:
            for c in resolver.resolve(cite):
                by_finding.setdefault(c.id, []).append(ident)
        except CiteError:
            pass
    no_rule = (resolver.config.get("no_rule") or {})
    direct = {c.id for c in resolver.clauses if c.id in by_fact or c.id in by_finding}
    with_direct_below = set()
    for c in resolver.clauses:
        if c.id in direct:
            parent = c.parent
            while parent is not None:
                with_direct_below.add(parent)
                parent = resolver.by_id[parent].parent if parent in resolver.by_id else None
    def within(c: Clause) -> str | None:
        parent = c.parent
        while parent:  # the whole text ("") does not count: a citation of it names no clause
            if parent in by_fact:
                return parent
            parent = resolver.by_id[parent].parent
        return None

    return [ClauseStatus(c, tuple(dict.fromkeys(by_fact.get(c.id, []))),
                         tuple(dict.fromkeys(by_finding.get(c.id, []))), no_rule.get(c.id),
                         c.id in with_direct_below, within(c))
            for c in resolver.clauses]


def cite_problems(rs: Ruleset) -> list[tuple[tuple, str, str]]:
    """(path, cite, message) for every citation in ``rs`` that names no clause of its source."""
    if not _config(rs):
        return []
    resolver = Resolver.of(rs)
    out = []
    items = [(f.path, f.cite) for f in facts(rs)] + [(path, cite) for _, path, cite in _finding_cites(rs)]
    for path, cite in items:
        try:
            resolver.resolve(cite)
        except CiteError as exc:
            out.append((path + ("cite",), cite, str(exc)))
    ids = {c.id for c in resolver.clauses}
    for ident in (resolver.config.get("no_rule") or {}):
        if ident not in ids:
            out.append((("source", "clauses", "no_rule", ident), ident, f"{ident} names no clause of the source"))
    return out


def config_problems(rs: Ruleset) -> list[tuple[tuple, str]]:
    """(path, message) for each unit or break of ``source.clauses`` that the text does not have."""
    config = _config(rs) or {}
    lines = [line.strip() for line in source_text(rs).split("\n")]
    out = []
    for i, unit in enumerate(config.get("units", [])):
        if not any(line.startswith(unit["starts"]) for line in lines):
            out.append((("source", "clauses", "units", i, "starts"), "no line of the source starts with these words"))
    for i, words in enumerate(config.get("breaks", [])):
        if not any(words in line[1:] for line in lines):
            out.append((("source", "clauses", "breaks", i), "the source has no line with these words after its start"))
    for i, words in enumerate(config.get("not_markers", [])):
        if not any(line.startswith(words) for line in lines):
            out.append((("source", "clauses", "not_markers", i), "no line of the source starts with these words"))
    return out
