"""A casino floor: one YAML document listing a casino's tables, each by its configuration file.

The floor file is read by the strict YAML loader and checked against ``schema/floor.schema.json``
as a table configuration is (:mod:`.table_config`). Each ``config`` path is relative to the floor
file's folder and confined to it (:mod:`lit_compliance.load.inner_paths`); each configuration is
loaded and validated by :func:`.table_config.load_config`. A table's id is the ``table`` its
configuration names, and no two tables on a floor may share one. Every problem (in the floor file
or in a configuration it lists) is located ``file:line:col: path: message`` and all are reported
at once (:class:`~lit_compliance.load.strict_yaml.InputError`).
"""
from __future__ import annotations

import os
from pathlib import Path

from ..load.inner_paths import inner_path
from ..load.kinds import wrong_kind
from ..load.strict_yaml import Document, InputError, Problem, load_yaml_file
from ..load.validation import schema_problems
from ..model.approvals import Approval, approval_problems, approvals_of
from ..suggest import did_you_mean
from ..table.config import TableConfig, load_config
from ..records import record

FLOOR_SCHEMA = "floor"


@record
class FloorTable:
    """One table of a floor: its id (the configuration's ``table``) and its loaded configuration."""

    id: str
    config: TableConfig
    entry: int          # its index under ``tables`` in the floor file


@record
class Floor:
    """A validated floor: its name, file and tables, in the order the file lists them."""

    name: str
    path: str
    tables: tuple[FloorTable, ...]
    approvals: tuple[Approval, ...] = ()   # approvals on record for its tables (each names those it is for, or none)


FLOOR_FIELDS = frozenset({"floor_version", "floor", "tables", "approvals"})


def looks_like_floor(doc: Document) -> bool:
    """Whether a loaded document is meant as a floor: a mapping with a floor's top-level field
    (``floor_version``, ``floor`` or ``tables``) and none of a table configuration's marks, so that
    a floor missing a field is told what a floor needs, not what a configuration does."""
    data = doc.data
    return isinstance(data, dict) and bool(FLOOR_FIELDS & set(data)) and not {"config_version", "casino"} & set(data)


def _display(floor_file: str, name: str) -> str:
    """How a listed configuration is named in messages: beside the floor file, as the user would type it."""
    folder = os.path.dirname(floor_file)
    return os.path.join(folder, name) if folder else name


def floor_problems(doc: Document) -> list[Problem]:
    """Every schema problem of a floor document (its configurations are not read here)."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), f"the top level must be a mapping, got {type(doc.data).__name__}")]
    mistaken = wrong_kind(doc.data, ("floor",))
    if mistaken:
        return [doc.problem((), mistaken)]
    problems = schema_problems(doc, FLOOR_SCHEMA)
    return problems or approval_problems(doc.data.get("approvals") or [], ("approvals",), doc.problem)


def floor_of(doc: Document, folder: Path) -> Floor:
    """The floor in ``doc`` (read from a file in ``folder``), every configuration loaded; raise
    InputError listing every problem in the floor file and in the configurations it lists."""
    problems = floor_problems(doc)
    if problems:
        raise InputError(problems)
    found: list[Problem] = []
    tables: list[FloorTable] = []
    seen: dict[str, tuple[int, str]] = {}
    for i, entry in enumerate(doc.data["tables"]):
        where = ("tables", i, "config")
        name = entry["config"]
        path, refused = inner_path(folder, name)
        if refused:
            found.append(doc.problem(where, f"{name!r} {refused}"))
            continue
        if not path.is_file():
            why = "is a folder, not a configuration file" if path.is_dir() else "no such file"
            found.append(doc.problem(where, f"{name!r}: {why} (paths are relative to the floor file's folder)"))
            continue
        try:
            config = load_config(path, _display(doc.file, name))
        except InputError as exc:
            found.extend(exc.problems)
            continue
        table_id = config.settings.table
        if table_id is None:
            found.append(doc.problem(where, f"{name!r} names no table: a table on a floor needs a `table:` id in "
                                            "its configuration"))
            continue
        table_id = str(table_id)
        if table_id in seen:
            first, first_name = seen[table_id]
            found.append(doc.problem(where, f"table id {table_id!r} ({name}) is also the id of tables[{first}] "
                                            f"({first_name}); table ids must be unique across the floor"))
            continue
        seen[table_id] = (i, name)
        tables.append(FloorTable(table_id, config, i))
    for i, approval in enumerate(doc.data.get("approvals") or []):
        for k, table_id in enumerate(approval.get("tables") or ()):
            if str(table_id) not in seen:
                found.append(doc.problem(("approvals", i, "tables", k),
                                         f"no table of this floor has the id {table_id!r}{did_you_mean(str(table_id), seen)}"))
    if found:
        raise InputError(found)
    return Floor(str(doc.data["floor"]), doc.file, tuple(tables),
                 approvals_of(doc.data.get("approvals") or [], doc.file, ("approvals",), doc.locate))


def load_floor(path: Path | str, display: str | None = None) -> Floor:
    """Load and validate a floor file and every configuration it lists."""
    doc = load_yaml_file(Path(path), display)
    return floor_of(doc, Path(path).parent)
