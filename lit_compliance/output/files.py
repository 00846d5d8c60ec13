"""Writing output files: every ``-o`` of every command goes through :func:`write_output`.

- Only a regular file (new or existing) is written: a directory, device, pipe or socket is refused,
  and so is a symbolic link (it could point anywhere, /dev/null included).
- Never over an input of the same command (``placard cfg.yaml -o cfg.yaml``).
- Written atomically: the content goes to a temporary file in the same folder, is flushed to disk,
  then renamed over the target, so a reader sees the old file or the whole new one, and a failed or
  interrupted write leaves no half-written file. A run killed outright (``kill -9``) while writing can
  leave only its temporary file (``.NAME.PID.*.tmp``, owner-only), which the next write of that file
  removes once the process is gone. PDFs are typeset in this process (Typst): no browser, no child
  process and no profile folder to leave behind.
- Permissions: a new file gets the user's umask (as any program's would); a replaced file keeps its
  mode.
"""
from __future__ import annotations

import shutil
import tempfile
import os
import stat
from pathlib import Path
from typing import Iterable

from ..atomic import replace_file, sweep_dead
from .. import signals
import re


class OutputError(Exception):
    """An output path that cannot or must not be written; the message names it."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _existing(path: Path, name: str, what: str) -> os.stat_result | None:
    """What is at ``path`` now (None if nothing), once its folder exists and it is no symbolic link."""
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"{name}: folder {parent} does not exist")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"{name}: cannot use it ({exc.strerror})") from None
    if stat.S_ISLNK(st.st_mode):
        raise OutputError(f"{name}: is a symbolic link; give the real {what} name")
    return st


def check_output_path(path: Path, inputs: Iterable[Path | str] = ()) -> None:
    """Raise OutputError unless ``path`` may be written (see the module docstring)."""
    name = str(path)
    if not path.name or len(path.name.encode()) > 255 or len(name.encode()) > 4000:
        raise OutputError(f"{name[:80]}{'...' if len(name) > 80 else ''}: not a usable file name (too long or empty)")
    st = _existing(path, name, "file")
    if st is not None:
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
        replace_file(path, data, mode, durable=True, committed=lambda: signals.written(str(path)), sweep=True)
    except OSError as exc:
        raise OutputError(f"{path}: cannot write ({exc.strerror or exc})") from None


SITE_MARKER = ".lit-compliance-site"


def _sweep_stale(parent: Path, name: str) -> None:
    """Remove what a site run killed outright left beside the site: its ``.NAME.PID.*.tmp`` and
    ``.NAME.PID.*.old`` folders."""
    sweep_dead(parent, re.compile(rf"\.{re.escape(name)}\.([0-9]+)\.[^/]+\.(?:tmp|old)"), folders=True)


def write_tree(folder: Path | str, files: dict[str, bytes | str], marker: str = SITE_MARKER) -> None:
    """Write a folder of files (a static site) as a whole; raise OutputError on failure.

    ``files`` maps '/'-separated relative paths to content; a path that is absolute or climbs out
    (``..``) is refused, so nothing is written outside ``folder``. The tree is built in a temporary
    folder beside ``folder`` (every file flushed to disk) and renamed into place, so a failed or
    interrupted run leaves no half-written site; a site written before is moved aside and removed
    once the new one is in place. ``folder`` may be new, an empty folder, or a folder this function wrote before (it holds
    ``marker``); anything else (a file, a symbolic link, a folder of other things) is refused.
    Folders get the umask's permissions from 0o777, files from 0o666.
    """
    folder, name, before = _tree_target(Path(folder), marker)
    checked = _tree_files(files)
    parent = folder.parent if str(folder.parent) else Path(".")
    mask = _umask()
    _sweep_stale(parent, folder.name[:100])
    try:
        tmp = _scratch_folder(parent, folder.name, ".tmp")
    except OSError as exc:
        raise OutputError(f"{name}: cannot write in {parent} ({exc.strerror or exc})") from None
    try:                             # from here on a failure or an interrupt removes the temporary tree
        _fill_tree(tmp, checked, marker, mask)
        if before is not None:       # a site replaced keeps its folder's mode
            os.chmod(tmp, stat.S_IMODE(before.st_mode))
        _swap_into_place(tmp, folder, name, replacing=before is not None)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise OutputError(f"{name}: cannot write ({exc.strerror or exc})") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _tree_target(folder: Path, marker: str) -> tuple[Path, str, os.stat_result | None]:
    """The folder to write (made absolute where its name is empty, '.' or '..'), its name as the
    messages give it, and what is there now (None if nothing): refused unless new, an empty folder
    or one holding ``marker``."""
    name = str(folder)
    if not folder.name or folder.name in (".", ".."):
        folder = Path(os.path.abspath(folder))
        name = str(folder)
    st = _existing(folder, name, "folder")
    if st is not None:
        if not stat.S_ISDIR(st.st_mode):
            raise OutputError(f"{name}: exists and is not a folder")
        try:
            entries = os.listdir(folder)
        except OSError as exc:
            raise OutputError(f"{name}: cannot read it ({exc.strerror})") from None
        if entries and marker not in entries:
            raise OutputError(f"{name}: is a folder of other files (not a site lit-compliance wrote); "
                              "give a new or empty folder")
    return folder, name, st


def _tree_files(files: dict[str, bytes | str]) -> dict[str, bytes]:
    """Each file's content as bytes, once every path is checked to stay inside the folder."""
    checked = {}
    for rel, content in files.items():
        parts = rel.split("/")
        if rel.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\\" in rel or "\0" in rel:
            raise OutputError(f"{rel}: not a path inside the output folder")
        checked[rel] = content.encode("utf-8") if isinstance(content, str) else content
    return checked


def _scratch_folder(parent: Path, name: str, suffix: str) -> Path:
    """A new folder beside the site, ``.NAME.PID.*`` + ``suffix`` (what :func:`_sweep_stale` clears
    once this process is gone)."""
    return Path(tempfile.mkdtemp(dir=str(parent), prefix=f".{name[:100]}.{os.getpid()}.", suffix=suffix))


def _fill_tree(tmp: Path, checked: dict[str, bytes], marker: str, mask: int) -> None:
    """Write every file, and the marker, into the temporary tree ``tmp``: each flushed to disk,
    folders at 0o777 and files at 0o666 less the umask ``mask``."""
    os.chmod(tmp, 0o777 & ~mask)
    for rel in sorted(checked):
        target = tmp.joinpath(*rel.split("/"))
        made = []
        for up in reversed(target.relative_to(tmp).parents):
            d = tmp / up
            if not d.is_dir():
                d.mkdir()
                made.append(d)
        for d in made:
            os.chmod(d, 0o777 & ~mask)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(checked[rel])
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(target, 0o666 & ~mask)
    (tmp / marker).write_bytes(b"written by lit-compliance site\n")
    os.chmod(tmp / marker, 0o666 & ~mask)


def _swap_into_place(tmp: Path, folder: Path, name: str, replacing: bool) -> None:
    """Rename the finished tree ``tmp`` to ``folder``, the site it replaces (``replacing``) moved
    aside first and removed after, all with signals held: no signal between taking the old site
    away and clearing it. A failed rename puts the old site back."""
    parent = folder.parent if str(folder.parent) else Path(".")
    with signals.deferred():
        old = None
        if replacing:
            old = _scratch_folder(parent, folder.name, ".old")
            os.rmdir(old)
            os.rename(folder, old)
        try:
            os.rename(tmp, folder)
        except BaseException:
            if old is not None:
                os.rename(old, folder)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        signals.written(name)
