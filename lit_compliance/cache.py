"""The engine's one cache: every answer kept on disk goes through :func:`memo`, by kind and content.

A *kind* (:class:`Kind`) is declared once, beside the code that computes it, with its codec: how a
value becomes JSON data or named numpy arrays and back (never pickle). ``memo(kind, inputs, compute)``
returns the value kept for ``inputs`` (a dict of named inputs: the ranking rules, the paytable's
data, a text's digest...) by this engine, or calls ``compute()`` and keeps what it returns. The
entry's name is a hash of the kind, the inputs and the engine itself (a fingerprint of the package's
code and shipped tables), so a repeat is instant and any change, to the data or to the engine,
recomputes. Every declared kind is in :data:`KINDS`; a test runs each cold and warm and plants
foreign entries, so a new kind is checked as soon as it is declared. Set ``LIT_COMPLIANCE_CACHE``
to a folder to move the cache, or to ``off`` to disable it.

Trust model: the cache is the user's own storage, like ``~/.ssh``. A cache folder that is not
owned by the user, or that group or others can write to, is not used (said once on stderr), and
the folders the tool creates for it are private (0700). Even a private cache holds data only: JSON
and numpy arrays read without pickle, nothing that can carry code. An entry is read only from a
regular file owned by the user, opened without blocking (a FIFO or device is a miss), with a size
cap; a damaged, edited or foreign entry is a miss and is recomputed. Each entry carries its kind and
the digest of its key (a JSON entry ``{"kind", "key", "value"}``, an array entry ``__kind__`` and
``__key__`` arrays), so an entry of another kind or key planted at a name is refused; a value its
kind's codec cannot decode (wrong shape, wrong types, a drawing not in the form the engine makes)
is refused too. Arrays are read with ``allow_pickle=False``.

A wheel also ships a read-only layer (:data:`SHIPPED`): the bundled catalogue's math, made when the
wheel was built by this engine (``lit_compliance/cli/shipped_math.py``), named and keyed as the user's
entries are. :func:`peek` reads the user's cache first, then that layer; nothing is ever written to
it. It is read only if its ``index.json`` names this engine's fingerprint and lists the entry, from a
folder kept as the package's code is (the code's owner's, not writable by group or others), with the
same checks as a user's entry (regular file, size cap, checksum, kind and key), so an entry another
engine made is never read. ``LIT_COMPLIANCE_SHIPPED=off`` turns it off (the tests and benchmarks
that measure computing from nothing do); ``LIT_COMPLIANCE_CACHE=off`` turns off the user's cache only.
A source checkout has no shipped layer.

In-process memos (answers a run asks for twice) are bounded and keyed by content, never by ``id()``:
:func:`remembered` (an ``lru_cache`` with a size, listed so that :func:`forget` clears every one, as
a new process would) and :class:`Bounded` (a small least-recently-used map, listed likewise).
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import stat
import sys
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, TypeVar

from .atomic import replace_file
from .records import record

MATH_VERSION = "7"
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
        root = str(_PACKAGE)
        files = []   # each file's path within the package, as text: every run pays for this (a Path a file cost 3 ms)
        for folder, subfolders, names in os.walk(root):
            subfolders[:] = [d for d in subfolders if d not in ("__pycache__", "_data")]
            inner = os.path.relpath(folder, root)
            files += [n if inner == os.curdir else os.path.join(inner, n)
                      for n in names if not n.endswith((".pyc", ".tmp"))]
        for name in sorted(files, key=lambda name: os.path.normcase(name).split(os.sep)):   # as Paths sort
            h.update(name.encode() + b"\0")
            _hash_file(h, os.path.join(root, name))
        _FINGERPRINT = h.hexdigest()[:16]
    return _FINGERPRINT


def _hash_file(h, path: str) -> None:
    """Feed a file's bytes to the hash ``h``, read with plain system calls (a buffered file object a
    file cost a cold run 1 ms over the package's 200 files)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        while chunk := os.read(fd, 1 << 20):
            h.update(chunk)
    finally:
        os.close(fd)


def key_digest(key: Any) -> str:
    """A stable digest of ``key`` (JSON, sorted keys) together with the math version and the engine's code."""
    text = json.dumps([MATH_VERSION, engine_fingerprint(), key], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _path(key: Any, suffix: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{key_digest(key)}{suffix}"


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


def _read(path: Path | None, owner: int | None = None, folder_checked: bool = False) -> bytes | None:
    """An entry's payload if its checksum holds; a missing, truncated, edited or foreign file, or
    anything but a regular file of the user's (``owner``'s, when given: a FIFO, a device, a link), is
    a miss. ``folder_checked``: the folder is not the user's cache and was vetted by the caller."""
    if path is None or not (folder_checked or _usable(path.parent, create=False)):
        return None
    if owner is None and hasattr(os, "geteuid"):
        owner = os.geteuid()
    try:
        fd = os.open(path, _OPEN_FLAGS)  # non-blocking: opening a FIFO does not wait for a writer
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_ENTRY_BYTES + 65 \
                or (owner is not None and st.st_uid != owner):
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


T = TypeVar("T")
_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")


@record
class Kind:
    """One kind of cached answer: its ``name`` (unique; the prefix of its entries' file names), its codec
    (``encode``: value -> JSON data, or a dict of named numpy arrays when ``arrays``; ``decode``: the
    stored form -> value, raising ``ValueError``, ``TypeError``, ``KeyError`` or ``IndexError`` on a
    form it does not accept, which is then a miss) and what it is (``doc``). ``encode`` returning
    None keeps nothing (a value the kind will not keep)."""

    name: str
    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]
    doc: str
    arrays: bool = False

    @property
    def suffix(self) -> str:
        return ".npz" if self.arrays else ".json"


#: Every declared kind, by name (filled as the modules that declare them are imported).
KINDS: dict[str, Kind] = {}


def kind(name: str, encode: Callable[[Any], Any], decode: Callable[[Any], Any], doc: str,
         arrays: bool = False) -> Kind:
    """Declare a kind of cached answer (once: a second kind of the same name is a defect)."""
    if not _NAME.fullmatch(name) or name in KINDS:
        raise ValueError(f"cache kind {name!r} is not a new lower-case name")
    KINDS[name] = Kind(name, encode, decode, doc, arrays)
    return KINDS[name]


def same(value: Any) -> Any:
    """The codec of a kind whose value is its own stored form (JSON data)."""
    return value


def verdict(value: Any) -> bool:
    """The decoder of a kind that keeps only ``True`` (something was found valid)."""
    if value is not True:
        raise ValueError("not a verdict")
    return True


_MISS_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError)


def entry_path(kind_: Kind, inputs: dict) -> Path | None:
    """Where ``kind_``'s entry for ``inputs`` is kept (None when caching is off)."""
    return _entry_at(kind_, key_digest([kind_.name, inputs]))


def _entry_at(kind_: Kind, key: str) -> Path | None:
    """Where ``kind_``'s entry of key digest ``key`` is kept (None when caching is off): the digest of
    a key worked out once for each read or write (it is a JSON text of all the inputs, and its hash)."""
    folder = directory()
    return None if folder is None else folder / f"{kind_.name}-{key}{kind_.suffix}"


def peek(kind_: Kind, inputs: dict) -> Any | None:
    """The value kept for ``inputs`` (decoded), or None on a miss; nothing is computed or written.
    The user's cache is read first, then the layer the wheel ships (:func:`shipped_folder`)."""
    key = key_digest([kind_.name, inputs])
    name = f"{kind_.name}-{key}{kind_.suffix}"
    for payload in (lambda: _read(_entry_at(kind_, key)), lambda: _read_shipped(name)):
        stored = _decode_payload(kind_, key, payload())
        if stored is None:
            continue
        try:
            return kind_.decode(stored)
        except _MISS_ERRORS:
            continue
    return None


def memo(kind_: Kind, inputs: dict, compute: Callable[[], T], valid: Callable[[T], bool] | None = None) -> T:
    """The value of ``kind_`` for ``inputs``: kept by this engine before (and, when given, ``valid``
    for this call), else ``compute()``, kept for the next run. A failure to write is not an error
    (said once); an exception from ``compute`` keeps nothing."""
    got = peek(kind_, inputs)
    if got is not None and (valid is None or valid(got)):
        return got
    value = compute()
    store(kind_, inputs, value)
    return value


def store(kind_: Kind, inputs: dict, value: Any) -> None:
    """Keep ``value`` as ``kind_``'s entry for ``inputs`` (atomically; what ``encode`` declines is not kept)."""
    stored = None if directory() is None else kind_.encode(value)
    if stored is None:
        return
    key = key_digest([kind_.name, inputs])
    path = _entry_at(kind_, key)
    if kind_.arrays:
        import numpy as np  # lazy: numpy, only for commands that compute tables

        buffer = io.BytesIO()
        np.savez(buffer, __kind__=np.array(kind_.name), __key__=np.array(key), **stored)
        _write(path, buffer.getvalue())
    else:
        _write(path, json.dumps({"kind": kind_.name, "key": key, "value": stored}).encode())


def _decode_payload(kind_: Kind, key: str, payload: bytes | None) -> Any | None:
    """An entry's stored form (named arrays or JSON data) if it is ``kind_``'s entry for ``key``."""
    if payload is None:
        return None
    if kind_.arrays:
        try:
            import numpy as np  # lazy: numpy, only for commands that compute tables

            with np.load(io.BytesIO(payload), allow_pickle=False) as data:
                if "__kind__" not in data.files or str(data["__kind__"]) != kind_.name or str(data["__key__"]) != key:
                    return None
                return {n: data[n] for n in data.files if n not in ("__kind__", "__key__")}
        except (OSError, KeyError, ValueError, EOFError):
            return None
    try:
        entry = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(entry, dict) or entry.get("kind") != kind_.name or entry.get("key") != key:
        return None
    return entry.get("value")


_REMEMBERED: list = []


def remembered(maxsize: int):
    """``functools.lru_cache(maxsize)`` for a function of content (hashable values, never ``id()``),
    listed so that :func:`forget` clears it."""
    def wrap(function):
        cached = lru_cache(maxsize=maxsize)(function)
        _REMEMBERED.append(cached)
        return cached
    return wrap


# --- the shipped layer: the bundled catalogue's math, made when the wheel was built ---------------

#: Where a wheel carries the bundled catalogue's math (``hatch_build.py``; none in a source checkout).
SHIPPED = _PACKAGE / "_data" / "prebuilt" / "cache"


def shipped_folder() -> Path | None:
    """The shipped layer, if it is on (``LIT_COMPLIANCE_SHIPPED=off`` turns it off) and was made by
    this engine (its ``index.json`` names this engine's fingerprint); None otherwise."""
    if os.environ.get("LIT_COMPLIANCE_SHIPPED") == "off":
        return None
    names, _owner = _shipped_index(str(SHIPPED))
    return SHIPPED if names else None


@remembered(4)
def _shipped_index(folder: str) -> tuple[frozenset, int | None]:
    """The entry names a shipped folder's index lists and the owner its entries must have, if this
    engine made it and the folder is kept as the package's code is (a folder of the code's owner that
    group and others cannot write to; otherwise, say an installation made group-writable, no names:
    the math is computed). Read again after :func:`forget`, as a new process would."""
    try:
        st, owner = os.stat(folder), os.stat(__file__).st_uid
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != owner or st.st_mode & 0o022:
            return frozenset(), None
        index = json.loads((Path(folder) / "index.json").read_bytes())
    except (OSError, ValueError):
        return frozenset(), None
    if not isinstance(index, dict) or index.get("engine") != engine_fingerprint() \
            or not isinstance(index.get("entries"), list):
        return frozenset(), None
    return frozenset(n for n in index["entries"] if isinstance(n, str) and "/" not in n), owner


def _read_shipped(name: str) -> bytes | None:
    """A shipped entry's payload (read-only; the same checks as a user's entry, the owner being the
    package's own code's owner, as whoever installed the code installed the layer); None on a miss."""
    folder = shipped_folder()
    if folder is None:
        return None
    names, owner = _shipped_index(str(folder))
    return _read(folder / name, owner=owner, folder_checked=True) if name in names else None


class Bounded(OrderedDict):
    """A map of at most ``size`` entries, keyed by content; the least recently used goes first."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        _REMEMBERED.append(self)

    def __getitem__(self, key):
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)

    def cache_clear(self) -> None:
        self.clear()


def forget() -> None:
    """Clear every in-process memo (as a new process starts): the disk cache is then all that is kept."""
    for held in _REMEMBERED:
        held.cache_clear()


def named_arrays(names: tuple[str, ...]) -> tuple[Callable, Callable]:
    """The codec of a kind whose value is a dict of numpy arrays with exactly these names."""
    def encode(value: dict) -> dict:
        return {n: value[n] for n in names}

    def decode(stored: dict) -> dict:
        if set(stored) != set(names):
            raise KeyError("not the arrays this kind keeps")
        return {n: stored[n] for n in names}
    return encode, decode


def one_array(name: str) -> tuple[Callable, Callable]:
    """The codec of a kind whose value is one numpy array (kept under ``name``)."""
    encode, decode = named_arrays((name,))
    return (lambda array: encode({name: array})), (lambda stored: decode(stored)[name])


class Held:
    """A bounded map for read-only objects that are not hashed by content (a loaded ruleset, its
    document, a priced configuration's choices): keyed by the object itself together with content
    (``rest``, hashable). Each entry keeps its object, so no other object can take its identity while
    the entry lives; at most ``size`` entries, the least recently used going first (a :class:`Bounded`)."""

    def __init__(self, size: int):
        self._entries = Bounded(size)

    def get(self, obj: Any, rest: tuple = ()) -> Any | None:
        held = self._entries.get((id(obj), rest))
        return held[1] if held is not None and held[0] is obj else None

    def put(self, obj: Any, rest: tuple, value: T) -> T:
        self._entries[(id(obj), rest)] = (obj, value)
        return value


_REPRS = Held(4096)


def held_repr(obj: Any) -> str:
    """``repr(obj)`` of a read-only object (a typed paytable, ranking rules), made once per object: a
    cache key holds the text of what an answer is computed from, and a run keys the same paytable for
    each view and reading that prices it."""
    text = _REPRS.get(obj)
    if text is None:
        text = _REPRS.put(obj, (), repr(obj))
    return text
