"""Helpers shared by the per-jurisdiction ruleset tests in tests/rulesets/.

Each test_<jurisdiction>.py checks one bundled ruleset (the plain data returned by the
`ruleset_data` fixture in tests/conftest.py) against the source text it was transcribed from.
The lookups below assert uniqueness as they go, so a duplicated wager, paytable or dealing
method fails the test that looks it up rather than silently picking the first match.

The test modules import this one as a top-level module (``from helpers import ...``): pytest's
default import mode puts this folder, which has no ``__init__.py``, on ``sys.path``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Union

#: The bundled source texts, ``<repo>/sources``.
SOURCES_DIR = Path(__file__).resolve().parents[2] / "sources"

#: Where a value sits in the ruleset data: the keys and list indexes leading to it.
DataPath = tuple[Union[str, int], ...]


# --- source text ---------------------------------------------------------------------------------


def source_path(file_name: str) -> Path:
    """The path of a bundled source text, given its file name under ``sources/``."""
    return SOURCES_DIR / file_name


def collapse_whitespace(text: str, *, strip: bool = False) -> str:
    """Fold every run of white space (line breaks included) to one space.

    With ``strip`` the result also loses any leading or trailing space.
    """
    collapsed = re.sub(r"\s+", " ", text)
    return collapsed.strip() if strip else collapsed


def read_source(path: Path, *, strip: bool = False) -> str:
    """A source text read as UTF-8 with its white space collapsed (see `collapse_whitespace`).

    Quotes in a ruleset are compared against this, after collapsing them the same way.
    """
    return collapse_whitespace(path.read_text(encoding="utf-8"), strip=strip)


# --- lookups -------------------------------------------------------------------------------------


def find_one(items: Iterable[Mapping[str, Any]], key: str, value: Any, what: str) -> Any:
    """The one item whose ``key`` equals ``value``; fails unless there is exactly one.

    ``what`` names the kind of item in the failure message (e.g. "wager").
    """
    matches = [item for item in items if item[key] == value]
    assert len(matches) == 1, f"{what} {value!r} appears {len(matches)} times, expected exactly once"
    return matches[0]


def wager(data: Mapping[str, Any], wager_id: str) -> dict[str, Any]:
    """The wager with id ``wager_id``; fails unless the ruleset has exactly one."""
    return find_one(data["wagers"], "id", wager_id, "wager")


def paytable(data: Mapping[str, Any], wager_id: str, table_id: str) -> dict[str, Any]:
    """Paytable ``table_id`` of wager ``wager_id``; fails unless each is there exactly once."""
    return find_one(wager(data, wager_id)["paytables"], "id", table_id, f"paytable of {wager_id!r}")


def method(data: Mapping[str, Any], method_id: str) -> dict[str, Any]:
    """The dealing method with id ``method_id``; fails unless the ruleset has exactly one."""
    return find_one(data["dealing_methods"], "id", method_id, "dealing method")


def irregularities(data: Mapping[str, Any], event: str) -> list[dict[str, Any]]:
    """Every irregularity rule for ``event`` (there may be none, one or several)."""
    return [item for item in data["irregularities"] if item["event"] == event]


def irregularity(data: Mapping[str, Any], event: str) -> dict[str, Any]:
    """The irregularity rule for ``event``; fails unless the ruleset has exactly one."""
    return find_one(data["irregularities"], "event", event, "irregularity for event")


# --- paytable lines ------------------------------------------------------------------------------


def suits_of(line: Mapping[str, Any]) -> tuple[str, ...] | None:
    """A paytable line's suit restriction, sorted, or None when it pays in any suit."""
    return tuple(sorted(line["suits"])) if "suits" in line else None


def as_rows(lines: Iterable[Mapping[str, Any]], *, suits: bool = False) -> list[tuple[Any, ...]]:
    """Paytable lines as ``(hand, payout kind, payout value)`` rows, in order.

    With ``suits`` each row is ``(hand, suits_of(line), payout kind, payout value)``.
    """
    if suits:
        return [(ln["hand"], suits_of(ln), ln["payout"]["kind"], ln["payout"]["value"]) for ln in lines]
    return [(ln["hand"], ln["payout"]["kind"], ln["payout"]["value"]) for ln in lines]


def figures(quote: str) -> set[int]:
    """The whole numbers printed in a quote, thousands separators removed ("1,000" -> 1000)."""
    return {int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", quote)}


def figure_in(quote: str, value: float) -> bool:
    """Whether ``value``, as a whole number, is one of the numbers printed in ``quote``."""
    return int(value) in figures(quote)


# --- findings ------------------------------------------------------------------------------------


def as_finding_list(value: str | Iterable[str]) -> list[str]:
    """A `finding` value is one finding id or a list of ids; always return a list."""
    return [value] if isinstance(value, str) else list(value)


def recorded_finding_ids(data: Mapping[str, Any]) -> set[str]:
    """The ids of the findings the ruleset records."""
    return {f["id"] for f in data["findings"]}


def finding_refs(node: Any, path: DataPath = ()) -> Iterator[tuple[DataPath, str]]:
    """Every finding id referred to by a `finding` key anywhere below ``node``.

    Yields ``(path, finding id)``; the path ends with the `finding` key, and with the index in
    the list when the value is a list of ids.
    """
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "finding":
                for i, ref in enumerate(as_finding_list(value)):
                    yield path + (key,) + (() if isinstance(value, str) else (i,)), ref
            else:
                yield from finding_refs(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from finding_refs(value, path + (i,))


def assert_finding_recorded(data: Mapping[str, Any], finding_id: str, kind: str) -> None:
    """Finding ``finding_id`` is recorded exactly once, with kind ``kind``."""
    found = find_one(data["findings"], "id", finding_id, "finding")
    assert found["kind"] == kind, (finding_id, found["kind"], kind)


def assert_no_unexpected_findings(data: Mapping[str, Any], expected: Iterable[str]) -> None:
    """The recorded finding ids are exactly ``expected``: none missing, extra or repeated."""
    assert sorted(f["id"] for f in data["findings"]) == sorted(expected)
