"""Paths read from inside a data file (a results file's ``config`` column): confined to that file's
folder. A name that is absolute (``/etc/passwd``, ``C:\\x``, ``\\\\server\\share``), that climbs out
with ``..``, or that leads outside the folder through a symbolic link is refused, with the reason, so
no data file can make the tool open (and quote in its messages) a file its author did not put beside
it. Sub-folders of the folder are inside it."""
from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath, PureWindowsPath

_DRIVE = re.compile(r"[A-Za-z]:")


def inner_path(folder: Path, name: str) -> tuple[Path | None, str | None]:
    """(``folder / name``, None) when ``name`` stays inside ``folder``; else (None, why not)."""
    if not name:
        return None, "is empty"
    if "\x00" in name:
        return None, "holds a NUL character"
    if name.startswith(("/", "\\", "~")) or _DRIVE.match(name) or PureWindowsPath(name).is_absolute():
        return None, ("is an absolute path: a path in a data file is relative to that file's folder and may "
                      "not leave it")
    if ".." in PurePosixPath(name.replace("\\", "/")).parts:
        return None, "climbs out of the file's folder with '..': a path in a data file may not leave its folder"
    path = folder / name
    try:
        inside = Path(os.path.realpath(path)).is_relative_to(Path(os.path.realpath(folder)))
    except (OSError, ValueError):
        inside = False
    if not inside:
        return None, ("leads outside the file's folder through a symbolic link: a path in a data file may not "
                      "leave its folder")
    return path, None
