"""Changes to a ruleset document: a path into it, and ``set``, ``remove`` or ``add`` at that path.

A reading of an open rule (:mod:`lit_compliance.model.readings`) is a list of such changes; the
loader checks every change names a place the document has (what validates must also model), and
the model applies them. Paths address the document by keys and, inside lists, by an item's ``id``
(wagers, paytables, irregularities), ``hand`` (paytable lines) or position (``#2``), and ``*`` for
every item: ``wagers/five-card-bonus/paytables/a/lines/pair_tens_or_better/payout``.
"""
from __future__ import annotations

import copy
from typing import Any, Iterable
from ..records import record


class ReadingError(ValueError):
    """A reading whose change names a path the document does not have."""


@record
class DocumentChange:
    """One edit to a ruleset document that a reading makes: ``set``, ``remove`` or ``add`` at a path."""

    op: str                 # "set", "remove" or "add"
    path: tuple[str, ...]
    value: Any = None

    @classmethod
    def from_data(cls, data: dict) -> "DocumentChange":
        if "remove" in data:
            return cls("remove", split_path(data["remove"]))
        if "add" in data:
            return cls("add", split_path(data["add"]), data.get("value"))
        return cls("set", split_path(data["set"]), data.get("value"))

    @property
    def text(self) -> str:
        return "/".join(self.path)


def split_path(text: str) -> tuple[str, ...]:
    """A change's path (``wagers/base/paytables/a``) as its steps."""
    return tuple(part for part in text.strip("/").split("/") if part)


_LIST_KEYS = ("id", "hand", "event", "term")


def _index(items: list, part: str, where: str) -> int:
    if part.startswith("#") and part[1:].isdigit():
        i = int(part[1:])
        if i < len(items):
            return i
    for key in _LIST_KEYS:
        for i, item in enumerate(items):
            if isinstance(item, dict) and item.get(key) == part:
                return i
    raise ReadingError(f"{where}: no item {part!r}")


def expand(data: Any, path: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The concrete paths a path with ``*`` steps names (each list item, or each mapping key)."""
    if "*" not in path:
        return [path]
    i = path.index("*")
    node = data
    for part in path[:i]:
        container, key = resolve_step(node, part, "/".join(path))
        node = container[key]
    if isinstance(node, list):
        keys = [f"#{k}" for k in range(len(node))]
    elif isinstance(node, dict):
        keys = list(node)
    else:
        raise ReadingError(f"{'/'.join(path[:i]) or '(document)'}: nothing to match '*' in")
    return [p for k in keys for p in expand(data, path[:i] + (k,) + path[i + 1:])]


def resolve_step(node: Any, part: str, where: str) -> tuple[Any, Any]:
    """One step into the document: the container and the key (or index) the step names."""
    if isinstance(node, dict):
        if part not in node:
            raise ReadingError(f"{where}: no key {part!r}")
        return node, part
    if isinstance(node, list):
        return node, _index(node, part, where)
    raise ReadingError(f"{where}: cannot go into a {type(node).__name__}")


def resolve(data: Any, path: tuple[str, ...], create: bool = True) -> tuple[Any, Any]:
    """The container holding ``path``'s last step and the key/index in it (raises ReadingError).

    With ``create``, the last step may be a mapping key the document does not have yet (a ``set``
    adds it)."""
    if not path:
        raise ReadingError("empty path")
    node = data
    for depth, part in enumerate(path):
        where = "/".join(path[:depth]) or "(document)"
        last = depth == len(path) - 1
        if last and create and isinstance(node, dict):
            return node, part
        container, key = resolve_step(node, part, where)
        if last:
            return container, key
        node = container[key]
    raise ReadingError("empty path")


def check_change(data: Any, change: DocumentChange) -> None:
    """Raise ReadingError where ``change`` names a place ``data`` does not have."""
    for path in expand(data, change.path):
        container, key = resolve(data, path, create=change.op == "set")
        if change.op == "add" and not isinstance(container[key], list):
            raise ReadingError(f"{'/'.join(path)}: add needs a list")


def apply_changes(data: dict, readings: Iterable) -> dict:
    """A copy of ``data`` with every reading's changes (each reading's ``changes``) applied, in order."""
    if not any(r.changes for r in readings):
        return data
    out = copy.copy(data)  # copy-on-write: only the containers on a changed path are copied
    for reading in readings:
        for change in reading.changes:
            paths = expand(out, change.path)
            if change.op == "remove":   # remove from the end so earlier positions stay valid
                paths = list(reversed(paths))
            for path in paths:
                _own(out, path if change.op == "add" else path[:-1])
                container, key = resolve(out, path, create=change.op == "set")
                if change.op == "remove":
                    del container[key]
                elif change.op == "add":
                    container[key].append(copy.deepcopy(change.value))
                else:
                    container[key] = copy.deepcopy(change.value)
    return out


def _own(root: dict, path) -> None:
    """Replace each container along ``path`` in ``root`` by a shallow copy, so a change made at the
    end of it leaves the document it came from untouched (the rest stays shared, read-only)."""
    node = root
    for part in path:
        try:
            container, key = resolve_step(node, part, "")
        except ReadingError:
            return
        child = container[key]
        if not isinstance(child, (dict, list)):
            return
        child = copy.copy(child)
        container[key] = child
        node = child
