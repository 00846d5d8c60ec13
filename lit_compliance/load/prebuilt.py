"""The bundled rulesets made ready when the wheel is built: parsed, located and validated once.

``hatch_build.py`` calls :func:`lit_compliance.load.prebuild.make` on the bundled ``rulesets/``
folder; the wheel carries the result in ``lit_compliance/_data/prebuilt``:

* ``index.json``: the engine's fingerprint (its code, as the cache keys it) and, for each file by
  the SHA-256 of its exact text, the validation key it was found valid under (its text, the schema
  and its cited source, :func:`lit_compliance.load.verdict.validated_key`);
* ``<digest>.json``: the file's parsed data; ``<digest>.marks.json``: every path's position.

A file whose text has that digest is not parsed or validated again (:func:`data`, :func:`marks`,
:func:`validated`); any other text (a file a user gives, an edited bundled file), another schema
or source, or other engine code finds nothing here and goes through the whole loader. A build
whose bundled rulesets do not validate fails, naming every problem. A source checkout has no
prebuilt folder and uses the cache alone.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import cache

FOLDER = Path(__file__).resolve().parent.parent / "_data" / "prebuilt"


@cache.remembered(4)
def _index(folder: Path) -> dict:
    """Digest -> validation key, of the prebuilt files made by this engine's code (none otherwise)."""
    try:
        index = json.loads((folder / "index.json").read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(index, dict) or index.get("engine") != cache.engine_fingerprint():
        return {}
    files = index.get("files")
    return files if isinstance(files, dict) else {}


def _read(digest: str, suffix: str) -> Any | None:
    if digest not in _index(FOLDER):
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
    return isinstance(key, list) and len(key) > 1 and _index(FOLDER).get(key[1]) == key
