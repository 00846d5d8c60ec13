"""On-disk cache for enumeration tables and analysis results, keyed by content.

The key is a hash of what was computed from (the ranking rules, the paytable's data) and of the
engine itself (a fingerprint of the package's code and shipped tables), so a repeat is instant and
any change, to the data or to the engine, recomputes. Set
``LIT_COMPLIANCE_CACHE`` to a folder to move the cache, or to ``off`` to disable it.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

MATH_VERSION = "3"


def directory() -> Path | None:
    setting = os.environ.get("LIT_COMPLIANCE_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lit-compliance"


_PACKAGE = Path(__file__).resolve().parent.parent
_FINGERPRINT: str | None = None


def engine_fingerprint() -> str:
    """A hash of every file of the engine package (code and shipped tables, not caches)."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        h = hashlib.sha256(MATH_VERSION.encode())
        for path in sorted(_PACKAGE.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and "_data" not in path.parts \
                    and path.suffix not in (".pyc", ".tmp"):
                h.update(str(path.relative_to(_PACKAGE)).encode() + b"\0")
                h.update(path.read_bytes())
        _FINGERPRINT = h.hexdigest()[:16]
    return _FINGERPRINT


def digest(key: Any) -> str:
    text = json.dumps([MATH_VERSION, engine_fingerprint(), key], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _path(key: Any, suffix: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{digest(key)}{suffix}"


def _write(path: Path, write) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.replace(tmp, path)
    except OSError:
        pass  # a cache that cannot be written is only slower


def load_arrays(key: Any, names: tuple[str, ...]) -> tuple | None:
    path = _path(key, ".npz")
    if path is None or not path.is_file():
        return None
    try:
        with np.load(path) as data:
            return tuple(data[n] for n in names)
    except (OSError, KeyError, ValueError):
        return None


def save_arrays(key: Any, arrays: dict) -> None:
    path = _path(key, ".npz")
    if path is not None:
        _write(path, lambda h: np.savez(h, **arrays))


def load_array(key: Any):
    got = load_arrays(key, ("a",))
    return None if got is None else got[0]


def save_array(key: Any, array) -> None:
    save_arrays(key, {"a": array})


def load_json(key: Any) -> Any | None:
    path = _path(key, ".json")
    if path is None or not path.is_file():
        return None
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def save_json(key: Any, value: Any) -> None:
    path = _path(key, ".json")
    if path is not None:
        _write(path, lambda h: h.write(json.dumps(value).encode()))
