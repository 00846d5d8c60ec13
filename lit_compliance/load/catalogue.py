"""The catalogue: every version of every jurisdiction's ruleset, loaded and validated.

``rulesets/<jurisdiction>/<version>.yaml``: one folder per jurisdiction, one file per version.
Adding a version is adding a file; nothing here knows any jurisdiction by name.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Iterable

from .. import collector
from . import prebuilt
from ..suggest import did_you_mean
from .resources import data_dir
from .ruleset import NOT_STATED, Ruleset, finding_ids
from .strict_yaml import InputError, Problem, load_yaml_file
from .amendment import BaseNotFound, amended, is_amendment
from .inner_paths import inner_path
from .kinds import wrong_kind
from .verdict import VALIDATED, canonical_digest, valid_once, validated_key as _validated_key

# Ruleset, NOT_STATED and finding_ids live in .ruleset; they are named here too because every view
# reaches the loaded ruleset through the catalogue.
__all__ = ["NOT_STATED", "Catalogue", "CatalogueError", "Ruleset", "absent_amendment_note", "canonical_digest",
           "did_you_mean", "finding_ids", "history", "load_ruleset", "resolve_ref"]



class CatalogueError(Exception):
    """A request the catalogue cannot answer (unknown jurisdiction, date out of range...)."""


def load_ruleset(path: Path | str, display: str | None = None) -> Ruleset:
    """Load and validate one ruleset file; raise InputError with every problem found.

    A file whose exact content (with the schema, the bundled source texts and the engine's code)
    validated before is not validated again: the cache remembers it (see :mod:`lit_compliance.cache`).
    """
    path = Path(path)
    doc = load_yaml_file(path, display)
    mistaken = wrong_kind(doc.data, ("ruleset", "draft amendment"))
    if mistaken:
        raise InputError([doc.problem((), mistaken)])
    if is_amendment(doc.data):
        applied = amended(doc, _amended_base)
        return Ruleset(applied.data, doc.file, applied)
    key = _validated_key(doc)
    if not prebuilt.validated(key):
        valid_once(VALIDATED, {"key": key}, lambda: _problems(doc))
    return Ruleset(doc.data, doc.file, doc)


def _problems(doc) -> list:
    from .validation import validate_document  # lazy: a warm run finds the verdict in the cache

    return validate_document(doc)


def _amended_base(ref: str) -> Ruleset:
    """The catalogued ruleset a draft amendment names (``maryland@v1``)."""
    if _is_path(ref):
        raise BaseNotFound(f"{ref!r}: an amendment amends a catalogued version (JURISDICTION@VERSION)")
    try:
        return Catalogue.bundled().resolve(ref)
    except CatalogueError as exc:
        raise BaseNotFound(str(exc)) from None


class Catalogue:
    """All rulesets under one folder, by jurisdiction, versions ordered by effective date.

    The bundled catalogue reads a jurisdiction's files when it is first asked for (so a command
    about Maryland reads and validates Maryland only); ``load()`` reads every file at once.
    """

    def __init__(self, rulesets: Iterable[Ruleset]):
        self._by_jurisdiction: dict[str, list[Ruleset]] = {}
        self._unread: dict[str, list[Path]] = {}  # jurisdiction folder -> its files, read on first use
        self._add(rulesets)

    def _add(self, rulesets: Iterable[Ruleset]) -> None:
        for rs in rulesets:
            self._by_jurisdiction.setdefault(rs.jurisdiction, []).append(rs)
        for versions in self._by_jurisdiction.values():
            versions.sort(key=lambda r: (r.effective_date or dt.date.min, r.version))

    @classmethod
    def load(cls, root: Path | str, *, lazy: bool = False) -> "Catalogue":
        """Load every ``*.yaml`` under ``root``; raise InputError listing every problem.

        With ``lazy``, only list the files: each jurisdiction's are read and validated (raising
        InputError for that jurisdiction's problems) when it is first asked for.
        """
        paths = sorted(Path(root).glob("*/*.yaml"))
        if not lazy:
            return cls(_read_all(paths))
        catalogue = cls(())
        for path in paths:
            catalogue._unread.setdefault(path.parent.name, []).append(path)
        return catalogue

    @classmethod
    def bundled(cls) -> "Catalogue":
        """The catalogue of the bundled rulesets (one per process; each jurisdiction read when first asked for)."""
        global _BUNDLED
        if _BUNDLED is None:
            _BUNDLED = cls.load(data_dir("rulesets"), lazy=True)
        return _BUNDLED

    @property
    def jurisdictions(self) -> list[str]:
        """The jurisdiction ids, sorted."""
        return sorted(self._by_jurisdiction.keys() | self._unread.keys())

    def versions(self, jurisdiction: str) -> list[Ruleset]:
        """Every version of a jurisdiction, oldest first; ids are matched without regard to case."""
        key = jurisdiction.strip().lower()
        for folder in [f for f in self._unread if f.lower() == key]:
            self._read(folder)
        if key in self._by_jurisdiction:
            return list(self._by_jurisdiction[key])
        known = ", ".join(self.jurisdictions)
        raise CatalogueError(f"unknown jurisdiction {jurisdiction!r}{did_you_mean(key, self.jurisdictions)} "
                             f"(known: {known})")

    def all_versions(self) -> list[Ruleset]:
        """Every version of every jurisdiction; InputError lists the problems of every file."""
        problems: list[Problem] = []
        for folder in sorted(self._unread):
            try:
                self._read(folder)
            except InputError as exc:
                problems.extend(exc.problems)
        if problems:
            raise InputError(problems)
        return [rs for j in self.jurisdictions for rs in self.versions(j)]

    def _read(self, folder: str) -> None:
        """Read and validate one folder not yet read (InputError: its problems; it stays unread)."""
        self._add(_read_all(self._unread[folder]))
        del self._unread[folder]

    def latest(self, jurisdiction: str) -> Ruleset:
        """The newest version of a jurisdiction."""
        return self.versions(jurisdiction)[-1]

    def get(self, jurisdiction: str, version: str | None = None) -> Ruleset:
        """A version of a jurisdiction (the newest when ``version`` is None); CatalogueError naming the known versions otherwise."""
        versions = self.versions(jurisdiction)
        if version is None:
            return versions[-1]
        for rs in versions:
            if rs.version.lower() == version.strip().lower():
                return rs
        known = ", ".join(r.version for r in versions)
        raise CatalogueError(f"{jurisdiction} has no version {version!r}"
                             f"{did_you_mean(version, [r.version for r in versions])} (versions: {known})")

    def in_force(self, jurisdiction: str, on: dt.date) -> Ruleset:
        """The version in force on ``on``: the latest whose effective date is on or before it."""
        versions = self.versions(jurisdiction)
        dated = [rs for rs in versions if rs.effective_date is not None]
        if not dated:
            raise CatalogueError(
                f"{jurisdiction}: the source states no effective date for any version, so no version "
                f"can be placed in time; name a version instead ({', '.join(f'{jurisdiction}@{r.version}' for r in versions)})")
        if on < dated[0].effective_date:
            raise CatalogueError(
                f"{jurisdiction}: {on.isoformat()} is before the earliest version in the catalogue "
                f"({dated[0].version}, effective {dated[0].effective_date.isoformat()})"
                + absent_amendment_note(dated[0], on))
        return [rs for rs in dated if rs.effective_date <= on][-1]

    def standing(self, ruleset: Ruleset, on: dt.date) -> tuple[str, str]:
        """What the catalogue's dates say of ``ruleset`` on ``on``: (state, words), the state one of
        ``in force`` (its effective date is on or before ``on`` and no later version is in force by
        then), ``undated`` (the latest version, its source stating no effective date: whether it is
        in force cannot be told), ``not yet`` (effective after ``on``) or ``superseded`` (a later
        version is in force, or is the latest where no date places them)."""
        try:
            versions = self.versions(ruleset.jurisdiction)
        except CatalogueError:  # a ruleset file of a jurisdiction the catalogue does not hold
            versions = []
        if not any(v.ref == ruleset.ref for v in versions):
            versions = sorted([*versions, ruleset], key=lambda v: (v.effective_date or dt.date.min, v.version))
        date = ruleset.effective_date
        when = "today" if on == dt.date.today() else f"on {on.isoformat()}"
        started = [v for v in versions if v.effective_date is not None and v.effective_date <= on]
        if date is not None and date > on:
            return "not yet", f"{ruleset.ref} takes effect on {date.isoformat()}; it is not in force {when}"
        if started and started[-1].ref != ruleset.ref:
            current = started[-1]
            return "superseded", (f"{current.ref} is in force {when} (effective "
                                  f"{current.effective_date.isoformat()}), not {ruleset.ref}")
        if date is not None:
            return "in force", f"{ruleset.ref}, the rules in force {when} (effective {date.isoformat()})"
        if versions[-1].ref != ruleset.ref:
            return "superseded", (f"{ruleset.ref} is not the latest version in the catalogue ({versions[-1].ref} is); "
                                  "no effective date places either in time")
        return "undated", (f"{ruleset.ref}, the latest version in the catalogue; its source states no effective "
                           f"date, so whether it is in force {when} cannot be told from it")

    def on_date(self, jurisdiction: str, on: dt.date) -> tuple[Ruleset | None, str]:
        """The version to use for ``jurisdiction`` on ``on``, and words saying which and why: the
        version in force by the dates; where no version carries a date, the latest, said to be
        undated; None where ``on`` is before every dated version (the words say so)."""
        versions = self.versions(jurisdiction)
        if not any(rs.effective_date is not None for rs in versions):
            latest = versions[-1]
            return latest, (f"{latest.ref}: the latest version in the catalogue; its source states no effective "
                            f"date, so whether it was in force on {on.isoformat()} cannot be told")
        try:
            rs = self.in_force(jurisdiction, on)
        except CatalogueError as exc:
            return None, str(exc)
        return rs, f"{rs.ref}: in force on {on.isoformat()} (effective {rs.effective_date.isoformat()})"

    def resolve(self, ref: str) -> Ruleset:
        """``jurisdiction``, ``jurisdiction@version`` or a path to a ruleset file."""
        if _is_path(ref):
            return _load_ref_file(ref)
        jurisdiction, _, version = ref.partition("@")
        return self.get(jurisdiction, version or None)


def history(ruleset: Ruleset) -> list[tuple[str, dt.date]]:
    """The source's own history note (``source.history``): (citation, effective date), oldest first."""
    out = []
    for entry in (ruleset.data.get("source") or {}).get("history") or ():
        try:
            out.append((str(entry["citation"]), dt.date.fromisoformat(str(entry["effective_date"]))))
        except (KeyError, ValueError):
            continue
    return sorted(out, key=lambda e: (e[1], e[0]))


def absent_amendment_note(earliest: Ruleset, on: dt.date) -> str:
    """For a date before the earliest catalogued version: which amendment the source's history note
    says was in force then (its text not catalogued), or that the note records none so early."""
    entries = history(earliest)
    if not entries:
        return ""
    before = [e for e in entries if e[1] <= on]
    if not before:
        first = entries[0]
        return (f"; the source's history note records nothing in force before {first[0]} "
                f"(effective {first[1].isoformat()})")
    citation, date = before[-1]
    return (f"; on that date the rules as amended by {citation} (effective {date.isoformat()}) were in force, "
            "and that text is not in the catalogue")


def resolve_ref(ref: str) -> Ruleset:
    """Like :meth:`Catalogue.resolve`, but a file is loaded without loading the catalogue."""
    return _load_ref_file(ref) if _is_path(ref) else Catalogue.bundled().resolve(ref)


def names_a_file(ref: str) -> bool:
    """Whether a reference is written as a file (``*.yaml``, ``*.yml`` or a path with ``/``), not
    as ``JURISDICTION[@VERSION]``."""
    return ref.endswith((".yaml", ".yml")) or "/" in ref


def _is_path(ref: str) -> bool:
    return names_a_file(ref) or Path(ref).is_file()


def _load_ref_file(ref: str) -> Ruleset:
    if not Path(ref).is_file():
        raise CatalogueError(f"{ref}: no such ruleset file")
    return load_ruleset(Path(ref))


_BUNDLED: Catalogue | None = None


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _read_all(paths: Iterable[Path]) -> list[Ruleset]:
    """Load and validate ruleset files in their folders; raise InputError listing every problem."""
    problems: list[Problem] = []
    loaded = []
    with collector.paused():  # what is read lives as long as the catalogue: no collection traverses it
        for path in paths:
            try:
                rs = load_ruleset(path, _display(path))
            except InputError as exc:
                problems.extend(exc.problems)
                continue
            problems.extend(_placement_problems(rs, path))
            loaded.append(rs)
    seen: dict = {}
    for rs in loaded:
        if rs.ref in seen:
            problems.append(rs.document.problem(("version", "id"), f"version {rs.ref} is also defined in {seen[rs.ref]}"))
        seen[rs.ref] = rs.path
    if problems:
        raise InputError(problems)
    return loaded


def _placement_problems(rs: Ruleset, path: Path) -> list[Problem]:
    out = []
    if path.parent.name != rs.jurisdiction:
        out.append(rs.document.problem(("jurisdiction", "id"),
                                       f"{rs.jurisdiction!r} does not match its folder {path.parent.name!r}"))
    if path.stem != rs.version:
        out.append(rs.document.problem(("version", "id"),
                                       f"{rs.version!r} does not match its file name {path.name!r}"))
    supersedes = rs.data["version"]["supersedes"]
    if isinstance(supersedes, str) and ("/" in supersedes or "\\" in supersedes
                                        or inner_path(path.parent, f"{supersedes}.yaml")[1]):
        out.append(rs.document.problem(("version", "supersedes"),
                                       f"supersedes {supersedes!r}: a version id, not a path (a version it "
                                       f"supersedes is a file beside it in {path.parent.name}/)"))
    elif supersedes is not None and not (path.parent / f"{supersedes}.yaml").is_file():
        out.append(rs.document.problem(("version", "supersedes"),
                                       f"supersedes {supersedes!r}, which is not in {path.parent.name}/"))
    return out
