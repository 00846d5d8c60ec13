"""Replace a file atomically: readers see the old file or the whole new one, never a part."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

from .signals import deferred


def replace_file(path: Path, data: bytes, mode: int | None = None, durable: bool = False,
                 committed: Callable[[], None] | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``.

    ``mode`` sets the new file's permissions (the temporary file starts owner-only); ``durable``
    flushes it to disk first. On any failure the temporary file is removed and OSError raised. The
    rename and ``committed()`` (a note that the file is in place) are one step that a signal cannot
    split (:func:`lit_compliance.signals.deferred`).
    """
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=str(folder), prefix=f".{path.name[:100]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        with deferred():
            os.replace(tmp, path)
            if committed is not None:
                committed()
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
