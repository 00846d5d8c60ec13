"""Making the prebuilt catalogue (what :mod:`lit_compliance.load.prebuilt` reads), at wheel build.

Kept apart from the reader, which the loader imports: this side needs the whole loader and validation.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import cache
from . import prebuilt
from .amendment import amended, is_amendment
from .catalogue import _amended_base
from .clause_parser import _read, parse_clauses
from .provisions import SourceIndex
from .strict_yaml import InputError, _read_text, load_yaml_text
from .validation import validate_document
from .verdict import amendment_key, validated_key


def make(out: Path, root: Path, drafts: tuple[Path, ...] = ()) -> list[str]:
    """Parse, locate and validate every ``*/*.yaml`` under ``root`` (the bundled rulesets) and the
    bundled draft amendments ``drafts`` (applied to the rulesets they amend) into ``out``; raise
    InputError naming every problem if any does not validate. The digests made."""
    out.mkdir(parents=True, exist_ok=True)
    files, problems, sources, verdicts = {}, [], set(), []
    for path in sorted(Path(root).glob("*/*.yaml")):
        display = f"{path.parent.name}/{path.name}"
        text = _read_text(path, display)
        doc = load_yaml_text(text, display)
        if is_amendment(doc.data):
            continue  # made from its base when read: nothing of its own to keep
        doc.text_digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        found = validate_document(doc)
        if found:
            problems += found
            continue
        _write(out / f"{doc.text_digest}.json", {"data": doc.data})
        _write(out / f"{doc.text_digest}.marks.json", [[list(p), line, col] for p, (line, col) in doc.marks.items()])
        files[doc.text_digest] = validated_key(doc)
        guidance = doc.data["source"].get("clauses")
        if guidance:
            sources.add(_source(out / "sources", doc.data["source"]["file"], json.dumps(guidance, sort_keys=True)))
    for path in drafts:
        try:
            digest, key, verdict = _draft(out, path)
        except InputError as exc:
            problems += exc.problems
            continue
        files[digest] = key
        verdicts.append(verdict)
    if problems:
        raise InputError(problems)
    _write(out / "index.json", {"engine": cache.engine_fingerprint(), "files": files, "sources": sorted(sources),
                                "verdicts": verdicts})
    return sorted(files)


def _draft(out: Path, path: Path) -> tuple[str, list, list]:
    """A bundled draft amendment checked and applied as loading it does (its base from the bundled
    catalogue), its data and positions kept: (its text's digest, the key of its own schema check,
    the validation key of the ruleset it makes)."""
    display = f"examples/{path.name}"
    text = _read_text(path, display)
    doc = load_yaml_text(text, display)
    doc.text_digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    applied = amended(doc, _amended_base)  # raises InputError with every problem
    _write(out / f"{doc.text_digest}.json", {"data": doc.data})
    _write(out / f"{doc.text_digest}.marks.json", [[list(p), line, col] for p, (line, col) in doc.marks.items()])
    return doc.text_digest, amendment_key(doc), validated_key(applied)


def _source(out: Path, name: str, config_key: str) -> str:
    """One bundled source text parsed into clauses and provisions under one guidance (the clause
    parser's and the provision splitter's own output, field by field); its key."""
    text = _read(name)
    clauses = parse_clauses(text, config_key)  # parsed here, never taken from a prebuilt folder
    index = SourceIndex(list(clauses))
    out.mkdir(parents=True, exist_ok=True)
    key = prebuilt.source_key(text, config_key)
    _write(out / f"{key}.json", {
        "clauses": [[c.id, c.label, c.text, c.line, c.depth, c.parent, list(c.path), c.marker, list(c.numbers)]
                    for c in clauses],
        "provisions": [[[p.id, p.clause, p.number, p.text, p.line, p.start, p.end] for p in index.provisions[c.id]]
                       for c in clauses]})
    return key


def _write(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")  # keys in file order, as read
