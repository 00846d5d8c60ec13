"""The bundled rulesets made ready when the wheel is built: parsed, located and validated once.

``hatch_build.py`` calls :func:`lit_compliance.load.prebuild.make` on the bundled ``rulesets/``
folder; the wheel carries the result in ``lit_compliance/_data/prebuilt``:

* ``index.json``: the engine's fingerprint (its code, as the cache keys it) and, for each file by
  the SHA-256 of its exact text, the validation key it was found valid under (its text, the schema
  and its cited source, :func:`lit_compliance.load.verdict.validated_key`);
* ``<digest>.json``: the file's parsed data; ``<digest>.marks.json``: every path's position;
* ``verdicts``: the validation keys of the rulesets the bundled draft amendments make (an example
  draft is kept like a ruleset file: its data and positions under its text's digest, with the key of
  its own schema check, :func:`lit_compliance.load.verdict.amendment_key`);
* ``sources/<digest>.json``: a bundled source text parsed into clauses and provisions under a
  ruleset's ``source.clauses`` guidance, keyed by the SHA-256 of the exact text and guidance
  (:func:`source_key`; listed in the index's ``sources``).

A file whose text has that digest is not parsed or validated again (:func:`data`, :func:`marks`,
:func:`validated`); any other text (a file a user gives, an edited bundled file), another schema
or source, or other engine code finds nothing here and goes through the whole loader. A build
whose bundled rulesets do not validate fails, naming every problem. A source checkout has no
prebuilt folder and uses the cache alone.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import cache

FOLDER = Path(__file__).resolve().parent.parent / "_data" / "prebuilt"


@cache.remembered(4)
def _index(folder: Path) -> dict:
    """The index of what ``folder`` holds, if this engine's code made it (empty otherwise)."""
    try:
        index = json.loads((folder / "index.json").read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(index, dict) or index.get("engine") != cache.engine_fingerprint():
        return {}
    return index


def _files(folder: Path) -> dict:
    """Digest -> validation key, of the prebuilt rulesets."""
    files = _index(folder).get("files")
    return files if isinstance(files, dict) else {}


def _sources(folder: Path) -> list:
    """The keys of the prebuilt source texts."""
    keys = _index(folder).get("sources")
    return keys if isinstance(keys, list) else []


def source_key(text: str, config_key: str) -> str:
    """The SHA-256 of a source text and its guidance (``source.clauses`` as sorted JSON), exactly."""
    return hashlib.sha256(json.dumps([text, config_key], ensure_ascii=False).encode("utf-8")).hexdigest()


def source(text: str, config_key: str) -> dict | None:
    """``{"clauses": [...], "provisions": [...]}`` (rows of fields, as :mod:`.prebuild` wrote them) for a
    source text and guidance prebuilt with exactly these characters; None otherwise."""
    return _source(FOLDER, source_key(text, config_key))


@cache.remembered(16)
def _source(folder: Path, key: str) -> dict | None:
    if key not in _sources(folder):
        return None
    try:
        stored = json.loads((folder / "sources" / f"{key}.json").read_bytes())
    except (OSError, ValueError):
        return None
    return stored if isinstance(stored, dict) and {"clauses", "provisions"} <= stored.keys() else None


def _read(digest: str, suffix: str) -> Any | None:
    if digest not in _files(FOLDER):
        return None
    try:
        return json.loads((FOLDER / f"{digest}{suffix}").read_bytes())
    except (OSError, ValueError):
        return None


def data(digest: str) -> dict | None:
    """``{"data": ...}`` for a text with this SHA-256, as parsing it gives; None if not prebuilt."""
    stored = _read(digest, ".json")
    return stored if isinstance(stored, dict) and "data" in stored else None


def marks(digest: str) -> dict | None:
    """The positions (path tuple -> (line, column)) of a prebuilt text's values; None if not prebuilt."""
    stored = _read(digest, ".marks.json")
    if not isinstance(stored, list):
        return None
    try:
        return {tuple(p): (line, col) for p, line, col in stored}
    except (TypeError, ValueError):
        return None


def validated(key: list) -> bool:
    """Whether a document with this validation key was found valid when the wheel was built."""
    if not isinstance(key, list) or len(key) < 2:
        return False
    verdicts = _index(FOLDER).get("verdicts")
    return _files(FOLDER).get(key[1]) == key or (isinstance(verdicts, list) and key in verdicts)
