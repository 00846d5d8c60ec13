"""What a validation verdict depends on: the key under which the cache keeps a document's "valid".

Shared by the catalogue (a ruleset file) and draft amendments (the ruleset they make), so a warm
run validates neither again.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from .. import cache
from .resources import data_dir
from .strict_yaml import Document, InputError, Problem


def validated_key(doc: Document) -> list:
    """What a validation verdict depends on: the document (its file's text, which fixes its data;
    else its data), the schema and the cited source text."""
    block = doc.data.get("source") if isinstance(doc.data, dict) else None
    source = block.get("file") if isinstance(block, dict) else None  # any shape: validation says what is wrong
    return ["validated", doc.text_digest or canonical_digest(doc.data), _file_digest(data_dir("schema") / "ruleset.schema.json"),
            _file_digest(data_dir("sources") / source) if isinstance(source, str) and "/" not in source else None]


def amendment_key(doc: Document) -> list:
    """What a draft amendment's own schema check depends on: its file's text and the amendment schema."""
    return ["amendment", doc.text_digest, _file_digest(data_dir("schema") / "amendment.schema.json")]


def canonical_digest(value) -> str:
    """The SHA-256 of a value's canonical JSON (keys sorted): equal content, equal digest."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def _file_digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def valid_once(kind: cache.Kind, inputs: dict, problems: Callable[[], list[Problem]]) -> None:
    """Raise :class:`InputError` with ``problems()`` unless the content ``inputs`` names was found valid
    before (by this engine: the verdict ``True`` is kept in the cache as ``kind``; problems are not)."""
    def verdict() -> bool:
        found = problems()
        if found:
            raise InputError(found)
        return True
    cache.memo(kind, inputs, verdict)


VALIDATED = cache.kind("validated", cache.same, cache.verdict,
                       "a ruleset document found valid, by :func:`validated_key` (its text, schema and source)")
