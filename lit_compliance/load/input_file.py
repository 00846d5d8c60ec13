"""Reading a user's input file safely: a regular file only (never a directory, FIFO or device), at
most ``limit`` bytes, no NUL bytes, UTF-8 text (a byte-order mark allowed). The YAML loader and the
hold check's results reader both read their files through :func:`read_input`, each with its own
words for what the file should be."""
from __future__ import annotations

import codecs
import io
import os
import stat
from pathlib import Path
from typing import Callable


def _regular(path: Path, fail: Callable[[str], Exception], kind: str) -> None:
    """``fail(message)`` raised unless ``path`` names a regular file (checked again once opened)."""
    st = os.stat(path)
    if stat.S_ISDIR(st.st_mode):
        raise fail(f"is a directory, not a {kind}")
    if not stat.S_ISREG(st.st_mode):
        raise fail("is not a regular file (a device, pipe or socket); give a file")


def read_input(path: Path, fail: Callable[[str], Exception], *, kind: str, expected: str, limit: int,
               too_big: Callable[[int | None], str]) -> tuple[bytes, str]:
    """(the file's bytes without a byte-order mark, its text), or ``fail(message)`` raised.

    ``kind`` names the file in "is a directory, not a {kind}"; ``expected`` ends the NUL-byte message;
    ``too_big(size)`` words a file over ``limit`` (``size`` None where the file grew while read)."""
    try:
        _regular(path, fail, kind)
        with open(path, "rb") as handle:
            opened = os.fstat(handle.fileno())
            if not stat.S_ISREG(opened.st_mode):
                raise fail("is not a regular file")
            if opened.st_size > limit:
                raise fail(too_big(opened.st_size))
            raw = handle.read(limit + 1)  # a file still growing is read no further
    except FileNotFoundError:
        raise fail("file not found") from None
    except PermissionError:
        raise fail("permission denied") from None
    except OSError as exc:
        raise fail(f"cannot read file ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise fail(too_big(None))
    if b"\x00" in raw:
        raise fail(f"binary file (contains NUL bytes); expected {expected}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"not UTF-8 text (bad byte at offset {exc.start})") from None
    return (raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw), text


class _CheckedBytes(io.RawIOBase):
    """A regular file's bytes passed through as read, each piece checked on the way: at most
    ``limit`` bytes in all, no NUL byte, UTF-8 (checked by an incremental decoder, so a bad byte is
    placed exactly). Memory: one piece at a time."""

    def __init__(self, handle, fail, expected: str, limit: int, too_big):
        self._handle, self._fail, self._expected, self._limit, self._too_big = handle, fail, expected, limit, too_big
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._seen = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        piece = self._handle.read(len(buffer))
        n = len(piece)
        if self._seen + n > self._limit:
            raise self._fail(self._too_big(None))
        if b"\x00" in piece:
            raise self._fail(f"binary file (contains NUL bytes); expected {self._expected}")
        held = len(self._decoder.getstate()[0])       # bytes of a character split across pieces
        try:
            self._decoder.decode(piece, final=not n)
        except UnicodeDecodeError as exc:
            raise self._fail(f"not UTF-8 text (bad byte at offset {self._seen - held + exc.start})") from None
        buffer[:n] = piece
        self._seen += n
        return n

    def close(self) -> None:
        self._handle.close()
        super().close()


def open_input_text(path: Path, fail: Callable[[str], Exception], *, kind: str, expected: str, limit: int,
                    too_big: Callable[[int | None], str]) -> io.TextIOBase:
    """A user's input file as a text stream (``newline=""``: line ends as written, for :mod:`csv`),
    checked as :func:`read_input` checks a file, but piece by piece as it is read, never whole: a
    reader that goes row by row keeps one row in memory. A problem is ``fail(message)`` raised, at
    opening or while reading; a byte-order mark is dropped."""
    try:
        _regular(path, fail, kind)
        handle = open(path, "rb")
        opened = os.fstat(handle.fileno())
        if not stat.S_ISREG(opened.st_mode) or opened.st_size > limit:
            handle.close()
            raise fail("is not a regular file" if not stat.S_ISREG(opened.st_mode) else too_big(opened.st_size))
    except FileNotFoundError:
        raise fail("file not found") from None
    except PermissionError:
        raise fail("permission denied") from None
    except OSError as exc:
        raise fail(f"cannot read file ({exc.strerror or exc})") from None
    raw = _CheckedBytes(handle, fail, expected, limit, too_big)
    return io.TextIOWrapper(io.BufferedReader(raw, 1 << 16), encoding="utf-8-sig", newline="")
