"""The table a ruleset describes: how many player positions, whether one player may take several,
what the layout must show and what equipment the table has.

:func:`table_of` reads it once from a ruleset document; ``model.table`` gives it under the model's
readings. Each part keeps its citation and the findings about it.
"""
from __future__ import annotations

from typing import Mapping

from .provenance import finding_id_tuple
from .sections import Rule
from ..records import record


@record
class Count:
    """A number the source states (None where it states none), with its citation."""

    value: int | None
    cite: str
    findings: tuple[str, ...] = ()


@record
class MultiplePositions:
    """Whether one player may wager on several positions (``allowed``: yes, no, operator_discretion...),
    on how many at most, and whether they must be adjacent."""

    allowed: str
    max_positions: int | None
    adjacent_only: bool | None
    cite: str
    findings: tuple[str, ...] = ()


@record
class Table:
    """The table: positions, one player on several, layout requirements, equipment."""

    max_positions: Count
    multiple_positions: MultiplePositions
    layout_requirements: tuple[Rule, ...]
    equipment: tuple[Rule, ...]


def table_of(data: Mapping) -> Table:
    """The table section of a ruleset document (validated).

    >>> t = table_of({"table": {"max_positions": {"value": 7, "cite": "r 2"}, "layout_requirements": [],
    ...                         "equipment": [], "multiple_positions": {"allowed": "no", "max_positions": 1,
    ...                                                                 "cite": "r 5"}}})
    >>> (t.max_positions.value, t.multiple_positions.allowed, t.multiple_positions.adjacent_only)
    (7, 'no', None)
    """
    t = data["table"]
    mp, count = t["multiple_positions"], t["max_positions"]
    return Table(
        max_positions=Count(count.get("value"), count["cite"], finding_id_tuple(count.get("finding"))),
        multiple_positions=MultiplePositions(mp["allowed"], mp.get("max_positions"), mp.get("adjacent_only"),
                                             mp["cite"], finding_id_tuple(mp.get("finding"))),
        layout_requirements=tuple(Rule.from_data(r) for r in t.get("layout_requirements") or ()),
        equipment=tuple(Rule.from_data(r) for r in t.get("equipment") or ()))
