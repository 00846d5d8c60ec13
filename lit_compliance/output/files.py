"""Writing output files: every ``-o`` of every command goes through :func:`write_output`.

- Only a regular file (new or existing) is written: a directory, device, pipe or socket is refused,
  and so is a symbolic link (it could point anywhere, /dev/null included).
- Never over an input of the same command (``placard cfg.yaml -o cfg.yaml``).
- Written atomically: the content goes to a temporary file in the same folder, is flushed to disk,
  then renamed over the target, so a reader sees the old file or the whole new one, and a failed or
  interrupted write leaves no half-written file.
- Permissions: a new file gets the user's umask (as any program's would); a replaced file keeps its
  mode.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Iterable

from ..atomic import replace_file


class OutputError(Exception):
    """An output path that cannot or must not be written; the message names it."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_output_path(path: Path, inputs: Iterable[Path | str] = ()) -> None:
    """Raise OutputError unless ``path`` may be written (see the module docstring)."""
    name = str(path)
    if not path.name or len(path.name.encode()) > 255 or len(name.encode()) > 4000:
        raise OutputError(f"{name[:80]}{'...' if len(name) > 80 else ''}: not a usable file name (too long or empty)")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"{name}: folder {parent} does not exist")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(f"{name}: cannot use it ({exc.strerror})") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise OutputError(f"{name}: is a symbolic link; give the real file name")
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(f"{name}: is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(f"{name}: is not a regular file (a device, pipe or socket); not replaced")
        for source in inputs:
            try:
                if os.path.samefile(path, source):
                    raise OutputError(f"{name}: is an input of this command; choose another output file")
            except OSError:
                continue


def write_output(path: Path | str, content: str | bytes, inputs: Iterable[Path | str] = ()) -> None:
    """Write ``content`` to ``path`` safely (see the module docstring); raise OutputError on failure."""
    path = Path(path)
    check_output_path(path, inputs)
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    try:
        replace_file(path, data, mode, durable=True)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None
