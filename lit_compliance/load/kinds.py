"""What kind of document a loaded file is, told by its top-level fields, so that a file given to
the wrong command is named as what it is ("this is a round file, not a table configuration")
rather than reported field by field."""
from __future__ import annotations

from typing import Any

from .strict_yaml import InputError, load_yaml_file

#: kind -> (the fields that mark it, the commands that take it)
DOCUMENT_KINDS: dict[str, tuple[frozenset, str]] = {
    "draft amendment": (frozenset({"amends", "changes"}), "show, diff, par, analyze or validate"),
    "ruleset": (frozenset({"schema_version", "hand_rankings", "wagers"}), "show, diff, par, analyze or validate"),
    "table configuration": (frozenset({"config_version", "casino"}), "check, placard, verify or par"),
    "round file": (frozenset({"community", "players"}), "settle"),
    "proposed paytable": (frozenset({"wager", "lines"}), "par --paytable-file"),
    "floor": (frozenset({"floor", "tables"}), "check"),
}


def document_kind(data: Any) -> str | None:
    """The kind of document ``data`` is by its top-level fields, or None when it is none of them."""
    if not isinstance(data, dict):
        return None
    for kind, (marks, _) in DOCUMENT_KINDS.items():
        if marks <= set(data):
            return kind
    return None


def wrong_kind(data: Any, expected: tuple[str, ...]) -> str | None:
    """A message when ``data`` is plainly another kind of document than ``expected``, else None."""
    kind = document_kind(data)
    if kind is None or kind in expected:
        return None
    return (f"this is a {kind}, not a {' or '.join(expected)}; a {kind} is for "
            f"lit-compliance {DOCUMENT_KINDS[kind][1]}")


def file_kind(path) -> str | None:
    """The kind of document a YAML or JSON file holds (as :func:`document_kind`), or None where it
    does not load or is of no known kind."""
    try:
        return document_kind(load_yaml_file(path).data)
    except InputError:
        return None
