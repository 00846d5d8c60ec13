"""Replace a file atomically: readers see the old file or the whole new one, never a part."""
from __future__ import annotations

import os
import shutil
import re
import stat
import tempfile
from pathlib import Path
from typing import Callable

from .signals import deferred


def replace_file(path: Path, data: bytes, mode: int | None = None, durable: bool = False,
                 committed: Callable[[], None] | None = None, sweep: bool = False) -> None:
    """Write ``data`` to a temporary file beside ``path`` and rename it over ``path``.

    ``mode`` sets the new file's permissions (the temporary file starts owner-only); ``durable``
    flushes it to disk first. On any failure the temporary file is removed and OSError raised. The
    rename and ``committed()`` (a note that the file is in place) are one step that a signal cannot
    split (:func:`lit_compliance.signals.deferred`).

    The temporary file is named ``.NAME.PID.XXXXXXXX.tmp`` (PID this process's). A process killed
    outright (``kill -9``: nothing runs to clean up) between making it and the rename leaves it behind;
    with ``sweep``, each such file left for ``path`` by a process that no longer runs is removed first.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if sweep:
        sweep_dead_temporaries(folder, path.name[:100])
    fd, tmp = tempfile.mkstemp(dir=str(folder), prefix=f".{path.name[:100]}.{os.getpid()}.", suffix=".tmp")
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


def sweep_dead_temporaries(folder: Path, name: str) -> None:
    """Remove the temporary files ``.NAME.PID.*.tmp`` in ``folder`` that a process killed outright left."""
    sweep_dead(folder, re.compile(rf"\.{re.escape(name)}\.([0-9]+)\.[A-Za-z0-9_]+\.tmp"), folders=False)


def sweep_dead(parent: Path | str, pattern: re.Pattern, folders: bool) -> None:
    """Remove what a run killed outright (``kill -9``) left in ``parent``: entries named by ``pattern``
    (its first group the run's process id) after a process that no longer runs, owned by this user,
    and regular files (or, with ``folders``, folders)."""
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if not found or int(found.group(1)) == os.getpid() or alive(int(found.group(1))):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (stat.S_ISDIR if folders else stat.S_ISREG)(st.st_mode) and (
                    not hasattr(os, "geteuid") or st.st_uid == os.geteuid()):
                shutil.rmtree(entry.path, ignore_errors=True) if folders else os.unlink(entry.path)
        except OSError:
            continue


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (or cannot be told: then what it left is left alone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
