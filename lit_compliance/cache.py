"""On-disk cache for validated rulesets, enumeration tables and analysis results, keyed by content.

The key is a hash of what was computed from (the ranking rules, the paytable's data) and of the
engine itself (a fingerprint of the package's code and shipped tables), so a repeat is instant and
any change, to the data or to the engine, recomputes. Set
``LIT_COMPLIANCE_CACHE`` to a folder to move the cache, or to ``off`` to disable it.

Trust model: the cache is the user's own storage, like ``~/.ssh``. A cache folder that is not
owned by the user, or that group or others can write to, is not used (said once on stderr), and
the folders the tool creates for it are private (0700). Even a private cache holds data only: JSON
and numpy arrays read without pickle, nothing that can carry code. An entry is read only from a
regular file owned by the user, opened without blocking (a FIFO or device is a miss), with a size
cap; a damaged, edited or foreign entry is a miss and is recomputed.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

from .atomic import replace_file

MATH_VERSION = "4"
MAX_ENTRY_BYTES = 512 * 1024 * 1024  # an entry larger than any the engine writes is not read


def directory() -> Path | None:
    """The cache folder, or None when caching is off or the folder is not the user's own (said once)."""
    setting = os.environ.get("LIT_COMPLIANCE_CACHE")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lit-compliance"


_PACKAGE = Path(__file__).resolve().parent
_FINGERPRINT: str | None = None


def engine_fingerprint() -> str:
    """A hash of every file of the engine package (code and shipped tables, not caches)."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        h = hashlib.sha256(MATH_VERSION.encode())
        files = []
        for folder, subfolders, names in os.walk(_PACKAGE):
            subfolders[:] = [d for d in subfolders if d not in ("__pycache__", "_data")]
            files += [Path(folder, n) for n in names if not n.endswith((".pyc", ".tmp"))]
        for path in sorted(files):
            h.update(str(path.relative_to(_PACKAGE)).encode() + b"\0")
            h.update(path.read_bytes())
        _FINGERPRINT = h.hexdigest()[:16]
    return _FINGERPRINT


def digest(key: Any) -> str:
    """A stable digest of ``key`` (JSON, sorted keys) together with the math version and the engine's code."""
    text = json.dumps([MATH_VERSION, engine_fingerprint(), key], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _path(key: Any, suffix: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{digest(key)}{suffix}"


_WARNED: list = []


def _say_once(message: str) -> None:
    if not _WARNED:
        _WARNED.append(message)
        print(f"warning: {message}", file=sys.stderr)


def _warn_once(folder: Path, exc: OSError) -> None:
    _say_once(f"the math cache {folder} cannot be written ({exc.strerror or exc}); results are "
              "computed but not kept (set LIT_COMPLIANCE_CACHE to another folder or to off)")


def _unsafe(st: os.stat_result) -> str | None:
    """Why a folder with these attributes is not the user's own private storage, or None."""
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a folder"
    if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
        return "it is owned by another user"
    if st.st_mode & 0o022:
        return f"group or others can write to it (mode {stat.S_IMODE(st.st_mode):04o})"
    return None


_TRUSTED: dict = {}  # folder -> verdict, once per process (a folder the tool created is checked too)


def _usable(folder: Path, create: bool) -> bool:
    """Whether the cache folder may be used: it exists (made, private, when ``create``), is owned
    by the user and is not writable by group or others; otherwise say so once and use no cache."""
    key = str(folder)
    if key in _TRUSTED:
        return _TRUSTED[key]
    made: list[Path] = []
    try:
        if create:
            missing = [folder, *folder.parents]
            missing = missing[:next(i for i, p in enumerate(missing) if p.exists())]
            for part in reversed(missing):
                try:
                    os.mkdir(part, 0o700)
                    made.append(part)
                except FileExistsError:
                    pass
        st = os.stat(folder)
    except FileNotFoundError:
        return False  # nothing cached yet: a miss, and nothing to say
    except OSError as exc:
        _TRUSTED[key] = False
        _warn_once(folder, exc)
        return False
    for place, why in [(folder, _unsafe(st))] + [(p, _unsafe(os.stat(p))) for p in made if p != folder]:
        if why:
            _TRUSTED[key] = False
            _say_once(f"the math cache {place} is not used: {why}; the cache must be your own private "
                      "folder, like ~/.ssh (chmod go-w it, or set LIT_COMPLIANCE_CACHE to another folder or to off)")
            return False
    _TRUSTED[key] = True
    return True


def _write(path: Path, payload: bytes) -> None:
    """Write an entry atomically: ``<sha256 of payload>\n<payload>``; readers see old or whole new."""
    if not _usable(path.parent, create=True):
        return
    try:
        replace_file(path, hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    except OSError as exc:
        _warn_once(path.parent, exc)  # a cache that cannot be written is only slower


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _read(path: Path | None) -> bytes | None:
    """An entry's payload if its checksum holds; a missing, truncated, edited or foreign file, or
    anything but a regular file of the user's (a FIFO, a device, a link), is a miss."""
    if path is None or not _usable(path.parent, create=False):
        return None
    try:
        fd = os.open(path, _OPEN_FLAGS)  # non-blocking: opening a FIFO does not wait for a writer
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY_BYTES + 65 \
                or (hasattr(os, "geteuid") and st.st_uid != os.geteuid()):
            return None
        chunks, left = [], st.st_size + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 24))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        raw = b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
    head, sep, payload = raw.partition(b"\n")
    if not sep or len(raw) > MAX_ENTRY_BYTES + 65 or hashlib.sha256(payload).hexdigest().encode() != head:
        return None
    return payload


def load_arrays(key: Any, names: tuple[str, ...]) -> tuple | None:
    """The named numpy arrays stored under ``key``, or None on a miss (absent, foreign, damaged)."""
    payload = _read(_path(key, ".npz"))
    if payload is None:
        return None
    try:
        import numpy as np  # lazy: numpy, only for commands that compute tables

        with np.load(io.BytesIO(payload), allow_pickle=False) as data:
            if set(data.files) != {"__key__", *names} or str(data["__key__"]) != digest(key):
                return None
            return tuple(data[n] for n in names)
    except (OSError, KeyError, ValueError, EOFError):
        return None


def save_arrays(key: Any, arrays: dict) -> None:
    """Store named numpy arrays under ``key`` (atomically; a failure to write is not an error)."""
    path = _path(key, ".npz")
    if path is not None:
        import numpy as np  # lazy: numpy, only for commands that compute tables

        buffer = io.BytesIO()
        np.savez(buffer, __key__=np.array(digest(key)), **arrays)
        _write(path, buffer.getvalue())


def load_array(key: Any):
    """The numpy array stored under ``key``, or None on a miss."""
    got = load_arrays(key, ("a",))
    return None if got is None else got[0]


def save_array(key: Any, array) -> None:
    """Store one numpy array under ``key``."""
    save_arrays(key, {"a": array})


def load_json(key: Any) -> Any | None:
    """The JSON value stored under ``key``, or None on a miss (absent, foreign, damaged)."""
    payload = _read(_path(key, ".json"))
    if payload is None:
        return None
    try:
        entry = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(entry, dict) or entry.get("key") != digest(key) or "value" not in entry:
        return None
    return entry["value"]


def save_json(key: Any, value: Any) -> None:
    """Store a JSON value under ``key`` (atomically; a failure to write is not an error)."""
    path = _path(key, ".json")
    if path is not None:
        _write(path, json.dumps({"key": digest(key), "value": value}).encode())
