"""The base game: the three bets (which may be taken back, and when), the rule that they are equal,
the least hand that wins them, and whether the two decisions are independent.

:func:`base_game_of` reads it once from a ruleset document; ``model.base_game`` gives it under the
model's readings. Each part keeps its citation and the findings about it.
"""
from __future__ import annotations

from typing import Any, Mapping

from .provenance import finding_id_tuple
from ..records import record


@record
class Flag:
    """A yes/no fact as a ruleset states it: its value (None where the source does not state it),
    the value it is read as where it is not stated, a sentence saying it, and its citation."""

    value: Any
    cite: str
    text: str | None = None
    assumed: Any = None
    findings: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, data: Mapping) -> "Flag":
        """The flag an ``{value, text, assumed, cite, finding}`` item states."""
        return cls(data.get("value"), data["cite"], data.get("text"), data.get("assumed"),
                   finding_id_tuple(data.get("finding")))

    @property
    def stated(self) -> bool:
        """Whether the source states the value."""
        return self.value is not None


@record
class Bet:
    """One of the three base bets: its label, whether it may be taken back and at which decision."""

    id: str
    label: str
    withdrawable: bool
    decision_point: str
    cite: str
    findings: tuple[str, ...] = ()

    @property
    def number(self) -> str:
        """The bet's number as its id ends (``bet2`` -> ``2``)."""
        return self.id[-1]


@record
class QualifyingHand:
    """The least hand that wins the base bets."""

    hand: str
    cite: str
    findings: tuple[str, ...] = ()


@record
class BaseGame:
    """The base game's bets and rules."""

    bets: tuple[Bet, ...]
    equal_bets: Flag
    qualifying_hand: QualifyingHand
    independent_decisions: Flag


def base_game_of(data: Mapping) -> BaseGame:
    """The base game of a ruleset document (validated).

    >>> bg = base_game_of({"base_game": {
    ...     "bets": [{"id": "bet1", "label": "Bet 1", "withdrawable": True, "decision_point": "after_player_cards",
    ...               "cite": "r 1"}],
    ...     "equal_bets": {"value": True, "cite": "r 2"},
    ...     "qualifying_hand": {"hand": "pair_tens_or_better", "cite": "r 3"},
    ...     "independent_decisions": {"value": None, "assumed": True, "cite": "r 4"}}})
    >>> (bg.bets[0].number, bg.qualifying_hand.hand, bg.independent_decisions.stated)
    ('1', 'pair_tens_or_better', False)
    """
    bg = data["base_game"]
    q = bg["qualifying_hand"]
    return BaseGame(
        bets=tuple(Bet(b["id"], b["label"], bool(b["withdrawable"]), b["decision_point"], b["cite"],
                       finding_id_tuple(b.get("finding"))) for b in bg["bets"]),
        equal_bets=Flag.from_data(bg["equal_bets"]),
        qualifying_hand=QualifyingHand(q["hand"], q["cite"], finding_id_tuple(q.get("finding"))),
        independent_decisions=Flag.from_data(bg["independent_decisions"]))
