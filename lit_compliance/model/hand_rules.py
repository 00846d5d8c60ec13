"""The ranking rules a ruleset chooses for hands (ace-low and wraparound straights), read from its
``hand_rankings`` section; the hand evaluator (:mod:`lit_compliance.poker.hands`) follows them."""
from __future__ import annotations
from ..records import record



@record
class HandRules:
    """The ranking choices a ruleset makes (or, where silent, the reading it assumes)."""

    ace_low_straight_5: bool = True
    wraparound_5: bool = False
    ace_low_straight_3: bool = True
    ace_king_two_3: bool = False

    @classmethod
    def from_ruleset(cls, data: dict) -> "HandRules":
        """The ranking rules a ruleset document states (its assumed reading where it is silent)."""
        ranking = data["hand_rankings"]

        def flag(section: dict | None, name: str, default: bool) -> bool:
            if not section or name not in section:
                return default
            fact = section[name]
            return fact["value"] if fact["value"] is not None else fact["assumed"]

        five, three = ranking["five_card"], ranking.get("three_card")
        return cls(
            ace_low_straight_5=flag(five, "ace_low_straight", True),
            wraparound_5=flag(five, "wraparound_straight", False),
            ace_low_straight_3=flag(three, "ace_low_straight", True),
            ace_king_two_3=flag(three, "ace_with_king_and_two", False),
        )


STANDARD = HandRules()
