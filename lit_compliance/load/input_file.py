"""Reading a user's input file safely: a regular file only (never a directory, FIFO or device), at
most ``limit`` bytes, no NUL bytes, UTF-8 text (a byte-order mark allowed). The YAML loader and the
hold check's results reader both read their files through :func:`read_input`, each with its own
words for what the file should be."""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable


def read_input(path: Path, fail: Callable[[str], Exception], *, kind: str, expected: str, limit: int,
               too_big: Callable[[int | None], str]) -> tuple[bytes, str]:
    """(the file's bytes without a byte-order mark, its text), or ``fail(message)`` raised.

    ``kind`` names the file in "is a directory, not a {kind}"; ``expected`` ends the NUL-byte message;
    ``too_big(size)`` words a file over ``limit`` (``size`` None where the file grew while read)."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise fail(f"is a directory, not a {kind}")
        if not stat.S_ISREG(st.st_mode):
            raise fail("is not a regular file (a device, pipe or socket); give a file")
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
