"""The citations that name clauses of a bundled source text.

The clauses themselves are parsed from the source text in :mod:`.clause_parser` (see there for the
``source.clauses`` block that guides it); this module resolves each citation of a fact or finding to
the clauses it names. Provisions (:mod:`.provisions`) and quotes (:mod:`.quotes`) build on both.
"""
from __future__ import annotations

import json
import re

from .clause_parser import Clause, Style, _parsed, clause_config, clause_levels, clauses, source_text
from .facts import facts
from .ruleset import Ruleset
from .. import cache

__all__ = ["CiteError", "Clause", "Resolver", "Style", "cite_problems", "clause_config_problems", "clauses",
           "resolve_cite", "resolver_for", "source_text"]


class CiteError(ValueError):
    """A citation that names no clause, or names one ambiguously."""


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




class Resolver:
    """Turns a ruleset's citation strings into the clauses they name."""

    def __init__(self, rs: Ruleset | None = None, *, config: dict | None = None,
                 clause_list: list[Clause] | None = None):
        self.config = (clause_config(rs) if rs is not None else config) or {}
        self.levels = clause_levels(self.config) if self.config else ()
        self.clauses = clauses(rs) if rs is not None else list(clause_list or [])
        self._memo: dict[str, list[Clause] | CiteError] = {}
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


    def resolve(self, cite: str) -> list[Clause]:
        """The clauses ``cite`` names (ranges expanded), in text order; CiteError if any part fails
        (each citation worked out once per resolver)."""
        if cite not in self._memo:
            if len(self._memo) >= 20_000:  # bounded: a hostile input cannot grow it without limit
                self._memo.clear()
            try:
                self._memo[cite] = self._resolve(cite)
            except CiteError as exc:
                self._memo[cite] = exc
        found = self._memo[cite]
        if isinstance(found, CiteError):
            raise CiteError(str(found))
        return list(found)

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


@cache.remembered(16)
def _resolver(text: str, config_key: str) -> Resolver:
    return Resolver(config=json.loads(config_key), clause_list=list(_parsed(text, config_key)))


def resolver_for(rs: Ruleset) -> Resolver:
    """The resolver of the ruleset's source and numbering, shared (with what it has resolved) by
    every ruleset with the same source text and ``source.clauses``."""
    config = clause_config(rs)
    if not config:
        return Resolver(rs)
    return _resolver(source_text(rs), json.dumps(config, sort_keys=True))


def resolve_cite(rs: Ruleset, cite: str) -> list[Clause]:
    """The clauses a citation of ``rs`` names; raises CiteError when it names none."""
    return resolver_for(rs).resolve(cite)


def _finding_cites(rs: Ruleset):
    """(id, path, cite) of every finding and every reading of one that has its own citation."""
    for index, finding in enumerate(rs.data.get("findings", [])):
        if isinstance(finding.get("cite"), str):
            yield finding["id"], ("findings", index), finding["cite"]
        for j, reading in enumerate(finding.get("readings") or []):
            if isinstance(reading, dict) and isinstance(reading.get("cite"), str):
                yield f"{finding['id']}.{reading.get('id')}", ("findings", index, "readings", j), reading["cite"]


def cite_problems(rs: Ruleset) -> list[tuple[tuple, str, str]]:
    """(path, cite, message) for every citation in ``rs`` that names no clause of its source."""
    if not clause_config(rs):
        return []
    resolver = resolver_for(rs)
    out = []
    items = [(f.path, f.cite) for f in facts(rs)] + [(path, cite) for _, path, cite in _finding_cites(rs)]
    for path, cite in items:
        try:
            resolver.resolve(cite)
        except CiteError as exc:
            out.append((path + ("cite",), cite, str(exc)))
    ids = {c.id for c in resolver.clauses} | {"(whole text)"}
    for ident in (resolver.config.get("no_rule") or {}):
        if ident not in ids:
            out.append((("source", "clauses", "no_rule", ident), ident, f"{ident} names no clause of the source"))
    return out


def clause_config_problems(rs: Ruleset) -> list[tuple[tuple, str]]:
    """(path, message) for each unit or break of ``source.clauses`` that the text does not have, and each
    unit set at a level the block does not describe."""
    config = clause_config(rs) or {}
    lines = [line.strip() for line in source_text(rs).split("\n")]
    out = []
    levels = len(config.get("levels", []))
    for i, unit in enumerate(config.get("units", [])):
        if unit["level"] >= levels:
            out.append((("source", "clauses", "units", i, "level"),
                        f"level {unit['level']} is not one of the {levels} levels source.clauses.levels describes "
                        f"(0 to {levels - 1})"))
        elif not any(line.startswith(unit["starts"]) for line in lines):
            out.append((("source", "clauses", "units", i, "starts"), "no line of the source starts with these words"))
    for i, words in enumerate(config.get("breaks", [])):
        if not any(words in line[1:] for line in lines):
            out.append((("source", "clauses", "breaks", i), "the source has no line with these words after its start"))
    for i, words in enumerate(config.get("not_markers", [])):
        if not any(line.startswith(words) for line in lines):
            out.append((("source", "clauses", "not_markers", i), "no line of the source starts with these words"))
    return out
