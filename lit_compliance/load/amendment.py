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
``source`` block of its own. A problem in a changed part is located in the amendment file (the
change's value); the schema is ``schema/amendment.schema.json``.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from .. import cache
from .paths import step_name
from .verdict import validated_key
from .strict_yaml import Document, InputError, Problem, format_path
from ..suggest import unknown

KEY = "amends"
OPS = ("set", "add", "remove")


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


def resolve(data: Any, text: str, *, new_key_ok: bool = False) -> tuple:
    """The data path (keys and list indexes) that the dotted fact id ``text`` names in ``data``."""
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
            names = _names(node)
            if part not in names:
                raise PathError(f"{where} has " + unknown("item", part, names, label="items"))
            index = names.index(part)
            path, node = path + (index,), node[index]
        else:
            raise PathError(f"{where} is a single value; {part!r} cannot be inside it")
    return path


def _get(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


@dataclass
class AmendedDocument(Document):
    """The applied ruleset's data, located: a changed part in the amendment file, the rest in the
    base ruleset's file."""

    amendment: Document | None = None
    base: Document | None = None
    origins: tuple = ()  # (applied path, path of the change's value in the amendment)

    def _origin(self, path: tuple) -> tuple[Document, tuple] | None:
        best = None
        for target, source in self.origins:
            if path[:len(target)] == target and (best is None or len(target) > len(best[0])):
                best = (target, source)
        if best is None:
            return None
        return self.amendment, best[1] + tuple(path[len(best[0]):])

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
    located problem for every change whose path names nothing."""
    data = copy.deepcopy(base_data)
    origins: list[tuple[tuple, tuple]] = []
    problems: list[Problem] = []
    for i, change in enumerate(doc.data["changes"]):
        op = next(o for o in OPS if o in change)
        where = ("changes", i, op)
        try:
            path = resolve(data, change[op], new_key_ok=(op == "set"))
            if op == "add":
                target = _get(data, path)
                if not isinstance(target, list):
                    raise PathError(f"{change[op]} is not a list; add appends to a list (use set)")
                value = copy.deepcopy(change["value"])
                name = step_name(value, len(target))
                if isinstance(value, dict) and name in _names(target) and not name.isdigit():
                    raise PathError(f"{change[op]} already has an item {name!r}; use set to change it")
                target.append(value)
                origins.append((path + (len(target) - 1,), ("changes", i, "value")))
            elif op == "set":
                parent = _get(data, path[:-1])
                parent[path[-1]] = copy.deepcopy(change["value"])
                origins.append((path, ("changes", i, "value")))
            else:
                parent = _get(data, path[:-1])
                del parent[path[-1]]
        except PathError as exc:
            problems.append(doc.problem(where, str(exc)))
    return data, origins, problems


class BaseNotFound(LookupError):
    """The version an amendment names is not in the catalogue (the message says why)."""


def amended(doc: Document, resolve_base: Callable[[str], Any]) -> AmendedDocument:
    """The ruleset data that ``doc`` (a draft amendment) makes of the version it amends, located and
    validated; raise InputError with every problem, located in the amendment file (or the base's,
    for its parts). ``resolve_base`` gives the catalogued ruleset for ``amends`` (BaseNotFound if
    there is none)."""
    from .validation import schema_problems, validate_document  # lazy: only a draft amendment is checked here

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
    if cache.load_json(key) is not True:   # the verdict, like a ruleset's, is kept for the same content
        problems = validate_document(applied)
        if problems:
            raise InputError(problems)
        cache.save_json(key, True)
    return applied
