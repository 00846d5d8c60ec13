"""The hand rankings as a ruleset prints them: card ranks, whether suits rank equally, and for
five-, three- and six-card hands the categories from highest to lowest and the straight rules.

:func:`hand_rankings_of` reads them once from a ruleset document; ``model.hand_rankings`` gives them
under the model's readings (the engine's choices are :class:`~lit_compliance.model.HandRules`).
Each part keeps its citation and the findings about it.
"""
from __future__ import annotations

from typing import Mapping

from .base_game import Flag
from .provenance import finding_id_tuple
from ..records import record


@record
class Category:
    """A hand category as the source lists it (``hand``), with the source's own words for it."""

    hand: str
    text: str | None
    cite: str
    findings: tuple[str, ...] = ()


@record
class Ranking:
    """The categories of one hand size, highest first, and its straight rules."""

    categories: tuple[Category, ...]
    ace_low_straight: Flag
    wraparound_straight: Flag | None
    ace_with_king_and_two: Flag | None
    cite: str
    findings: tuple[str, ...] = ()


@record
class RankOrder:
    """Card ranks, high to low (``A``, ``K``... ``2``)."""

    high_to_low: tuple[str, ...]
    cite: str
    findings: tuple[str, ...] = ()


@record
class HandRankings:
    """The hand rankings: rank order, suits, and the rankings of five-, three- and six-card hands
    (None where the ruleset has no such hands)."""

    rank_order: RankOrder
    suits_equal: Flag
    five_card: Ranking
    three_card: Ranking | None
    six_card: Ranking | None


def _flag(data: Mapping | None) -> Flag | None:
    return None if not data else Flag.from_data(data)


def _ranking(r: Mapping | None) -> Ranking | None:
    if not r:
        return None
    return Ranking(tuple(Category(c["hand"], c.get("text"), c["cite"], finding_id_tuple(c.get("finding")))
                         for c in r["categories"]),
                   Flag.from_data(r["ace_low_straight"]), _flag(r.get("wraparound_straight")),
                   _flag(r.get("ace_with_king_and_two")), r["cite"], finding_id_tuple(r.get("finding")))


def hand_rankings_of(data: Mapping) -> HandRankings:
    """The hand rankings of a ruleset document (validated)."""
    hr = data["hand_rankings"]
    ro = hr["rank_order"]
    return HandRankings(RankOrder(tuple(ro["high_to_low"]), ro["cite"], finding_id_tuple(ro.get("finding"))),
                        Flag.from_data(hr["suits_equal"]), _ranking(hr["five_card"]),
                        _ranking(hr["three_card"]), _ranking(hr["six_card"]))
