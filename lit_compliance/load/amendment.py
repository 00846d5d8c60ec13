"""Draft amendments written as their changes (a delta), applied to the ruleset they amend.

A draft amendment names the catalogued version it amends (``amends: maryland@v1``), its own version
block (id, effective date, change note, citation) and lists only its changes, each addressed by a
fact id (a ruleset path with list items named by their ``id``, ``term``, ``hand`` or ``method``, as
:mod:`lit_compliance.load.facts` names them and the site anchors them):

- ``set: PATH`` with ``value``: the node at PATH is replaced (or, in a mapping, the key is added);
- ``add: PATH`` with ``value``: value is appended to the list at PATH;
- ``remove: PATH``: the node at PATH is removed.

The result is the base with the changes applied, ``version.supersedes`` set to the base's version;
it is validated like any ruleset. The draft's own text is not bundled, so the base's
``source.clauses`` is dropped (clause coverage does not apply to a draft) unless the draft gives a
``source`` block of its own. A change may not touch the ruleset's identity or its source block
(:func:`protected`), and a file makes at most :data:`MAX_CHANGES` changes. A problem in a changed
part is located in the amendment file (the change's value); the schema is
``schema/amendment.schema.json``.
"""
from __future__ import annotations

import copy
from dataclasses import field
from typing import Any, Callable

from . import prebuilt
from .paths import NAME_KEYS, step_name
from .verdict import VALIDATED, amendment_key, valid_once, validated_key
from .strict_yaml import Document, InputError, Problem, format_path
from ..suggest import unknown
from ..records import record

KEY = "amends"
OPS = ("set", "add", "remove")
MAX_CHANGES = 1_000   # a draft amendment's changes at most (the schema's maxItems says the same to an editor)


def is_amendment(data: Any) -> bool:
    """Whether a loaded document is a draft amendment rather than a whole ruleset."""
    return isinstance(data, dict) and KEY in data


class PathError(ValueError):
    """A change's path that names nothing in the base ruleset."""


def _names(items: list) -> list[str]:
    """The id component of each list item, a repeated one with ``~2``, ``~3`` (as fact ids have)."""
    out, seen = [], {}
    for index, item in enumerate(items):
        name = step_name(item, index)
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}~{seen[name]}")
    return out


class _Names:
    """The names of a list's items (as :func:`_names` gives them), each list's worked out once and
    kept up to date as items are appended: finding an item by name, or checking a new one's, is a
    dictionary look-up, so applying n changes to one list costs n, not n squared. A removal or a
    replaced item renames by position, so that list's names are worked out again when next asked."""

    def __init__(self):
        self._lists: dict[int, tuple[list, dict, dict]] = {}   # id(list) -> (the list, name -> index, counts)

    def of(self, items: list) -> tuple[dict, dict]:
        kept = self._lists.get(id(items))
        if kept is None or kept[0] is not items:
            index, counts = {}, {}
            for i, item in enumerate(items):
                self._note(index, counts, item, i)
            kept = self._lists[id(items)] = (items, index, counts)
        return kept[1], kept[2]

    @staticmethod
    def _note(index: dict, counts: dict, item: Any, i: int) -> None:
        name = step_name(item, i)
        counts[name] = counts.get(name, 0) + 1
        index[name if counts[name] == 1 else f"{name}~{counts[name]}"] = i

    def appended(self, items: list) -> None:
        kept = self._lists.get(id(items))
        if kept is not None and kept[0] is items:
            self._note(kept[1], kept[2], items[-1], len(items) - 1)

    def changed(self, items: Any) -> None:
        self._lists.pop(id(items), None)


def fact_path(data: Any, text: str, *, new_key_ok: bool = False, names: _Names | None = None) -> tuple:
    """The data path (keys and list indexes) that the dotted fact id ``text`` names in ``data``."""
    names = names or _Names()
    parts = text.split(".")
    node, path = data, ()
    for i, part in enumerate(parts):
        where = ".".join(parts[:i]) or "the ruleset"
        if isinstance(node, dict):
            if part not in node:
                if new_key_ok and i == len(parts) - 1:
                    return path + (part,)
                raise PathError(f"{where} has " + unknown("field", part, list(map(str, node)), label="fields"))
            path, node = path + (part,), node[part]
        elif isinstance(node, list):
            index = names.of(node)[0].get(part)
            if index is None:
                raise PathError(f"{where} has " + unknown("item", part, list(names.of(node)[0]), label="items"))
            path, node = path + (index,), node[index]
        else:
            raise PathError(f"{where} is a single value; {part!r} cannot be inside it")
    return path


def protected(text: str) -> str | None:
    """Why a change may not touch the path ``text``, or None. An amendment changes rules, not what the
    ruleset is: its identity (the format, the jurisdiction's id, the version: the amendment's own
    ``version`` block gives that) and its ``source`` block (the text the ruleset was checked against;
    an amendment whose draft text is bundled gives its own top-level ``source`` block)."""
    parts = text.split(".")
    if parts[0] == "schema_version":
        return "the ruleset's format (schema_version) is its base's"
    if parts[0] == "jurisdiction" and (len(parts) == 1 or parts[1] == "id"):
        return ("the jurisdiction's id is the ruleset's identity: an amendment is of the jurisdiction it amends "
                "(named by 'amends')")
    if parts[0] == "version":
        return "the version block is the amendment's own 'version:', not a change"
    if parts[0] == "source":
        return ("the source block names the text the ruleset was checked against; a draft whose text is bundled "
                "gives its own top-level 'source:' block")
    return None


def _get(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


@record(frozen=False)
class AmendedDocument(Document):
    """The applied ruleset's data, located: a changed part in the amendment file, the rest in the
    base ruleset's file."""

    amendment: Document | None = None
    base: Document | None = None
    origins: tuple = ()  # (applied path, path of the change's value in the amendment)
    _targets: dict | None = field(default=None, compare=False, repr=False)

    def _origin(self, path: tuple) -> tuple[Document, tuple] | None:
        """The amendment's place for ``path``: the change whose target is its longest prefix (looked up
        prefix by prefix: the cost is the path's depth, not the number of changes)."""
        if self._targets is None:
            self._targets = {}
            for target, source in self.origins:
                self._targets.setdefault(target, source)
        for n in range(len(path), -1, -1):
            source = self._targets.get(path[:n])
            if source is not None:
                return self.amendment, source + tuple(path[n:])
        return None

    def locate(self, path: tuple) -> tuple[int, int]:
        path = tuple(path)
        origin = self._origin(path)
        if origin is not None:
            return origin[0].locate(origin[1])
        if path[:1] == ("version",):
            return self.amendment.locate(path)
        return self.base.locate(path)

    def problem(self, path: tuple, message: str) -> Problem:
        path = tuple(path)
        origin = self._origin(path)
        if origin is not None or path[:1] == ("version",):
            line, col = self.locate(path)
            return Problem(self.amendment.file, line, col, format_path(path), message)
        line, col = self.base.locate(path)
        return Problem(self.base.file, line, col, format_path(path),
                       f"{message} (in the base ruleset, as amended by {self.amendment.file})")


def apply(base_data: dict, doc: Document) -> tuple[dict, list[tuple[tuple, tuple]], list[Problem]]:
    """The base's data with the amendment's changes applied, the origin of each changed part, and a
    located problem for every change whose path names nothing or may not be changed (:func:`protected`).
    Each change costs the depth of its path and the size of its value (list items are found through
    :class:`_Names`); the number of changes is capped by :data:`MAX_CHANGES` before this is called."""
    data = copy.deepcopy(base_data)
    origins: list[tuple[tuple, tuple]] = []
    problems: list[Problem] = []
    names = _Names()
    for i, change in enumerate(doc.data["changes"]):
        op = next(o for o in OPS if o in change)
        where = ("changes", i, op)
        try:
            why = protected(change[op])
            if why:
                raise PathError(f"{change[op]}: an amendment cannot change this ({why})")
            path = fact_path(data, change[op], new_key_ok=(op == "set"), names=names)
            if op == "add":
                target = _get(data, path)
                if not isinstance(target, list):
                    raise PathError(f"{change[op]} is not a list; add appends to a list (use set)")
                value = copy.deepcopy(change["value"])
                name = step_name(value, len(target))
                if isinstance(value, dict) and name in names.of(target)[0] and not name.isdigit():
                    raise PathError(f"{change[op]} already has an item {name!r}; use set to change it")
                target.append(value)
                names.appended(target)
                origins.append((path + (len(target) - 1,), ("changes", i, "value")))
            elif op == "set":
                parent = _get(data, path[:-1])
                _renames(data, path, parent, names)
                parent[path[-1]] = copy.deepcopy(change["value"])
                origins.append((path, ("changes", i, "value")))
            else:
                parent = _get(data, path[:-1])
                _renames(data, path, parent, names)
                del parent[path[-1]]
        except PathError as exc:
            problems.append(doc.problem(where, str(exc)))
    return data, origins, problems


def _renames(data: Any, path: tuple, parent: Any, names: _Names) -> None:
    """Forget the names of the list whose items' names a set or remove at ``path`` may change: the
    list itself (an item replaced or removed), or the list holding the item whose name key it is."""
    if isinstance(parent, list):
        names.changed(parent)
    elif len(path) >= 2 and isinstance(path[-2], int) and path[-1] in NAME_KEYS:
        names.changed(_get(data, path[:-2]))


class BaseNotFound(LookupError):
    """The version an amendment names is not in the catalogue (the message says why)."""


def amended(doc: Document, resolve_base: Callable[[str], Any]) -> AmendedDocument:
    """The ruleset data that ``doc`` (a draft amendment) makes of the version it amends, located and
    validated; raise InputError with every problem, located in the amendment file (or the base's,
    for its parts). ``resolve_base`` gives the catalogued ruleset for ``amends`` (BaseNotFound if
    there is none)."""
    from .validation import schema_problems, validate_document  # lazy: only a draft amendment is checked here

    changes = doc.data.get("changes") if isinstance(doc.data, dict) else None
    if isinstance(changes, list) and len(changes) > MAX_CHANGES:
        raise InputError([doc.problem(("changes",), f"{len(changes):,} changes; a draft amendment makes at most "
                                                    f"{MAX_CHANGES:,} (a larger revision is a new ruleset version)")])
    if not (doc.text_digest and prebuilt.validated(amendment_key(doc))):  # a bundled draft: checked at build
        problems = schema_problems(doc, "amendment")
        if problems:
            raise InputError(problems)
    try:
        base = resolve_base(doc.data[KEY])
    except BaseNotFound as exc:
        raise InputError([doc.problem((KEY,), str(exc))]) from None
    data, origins, problems = apply(base.data, doc)
    if problems:
        raise InputError(problems)
    data["version"] = {**doc.data["version"], "supersedes": base.version}
    data["version"] = {key: data["version"][key] for key in
                       ("id", "effective_date", "supersedes", "change_note", "cite")}
    if "source" in doc.data:
        data["source"] = copy.deepcopy(doc.data["source"])
        origins.append((("source",), ("source",)))
    else:
        data["source"] = {k: v for k, v in data["source"].items() if k != "clauses"}
    applied = AmendedDocument(doc.file, data, {}, amendment=doc, base=base.document, origins=tuple(origins))
    key = validated_key(applied)
    if not prebuilt.validated(key):  # a bundled draft's: found valid when the wheel was built
        valid_once(VALIDATED, {"key": key}, lambda: validate_document(applied))   # kept, like a ruleset's
    return applied
