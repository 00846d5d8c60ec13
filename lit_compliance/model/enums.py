"""The closed vocabularies of a ruleset, as enums.

Each enum mirrors one ``enum`` of ``schema/ruleset.schema.json``; a test checks they agree, so the
schema stays the one definition of what a ruleset may say.
"""
from __future__ import annotations

from enum import Enum


class PayoutKind(str, Enum):
    """How a paytable figure is paid (see :class:`lit_compliance.model.payout.Payout`)."""

    TO_ONE = "to_one"
    FOR_ONE = "for_one"
    FIXED_AMOUNT = "fixed_amount"
    PERCENT_OF_METER = "percent_of_meter"
    NOT_OFFERED = "not_offered"


class HandBasis(str, Enum):
    """Which cards a wager is settled on."""

    PLAYER_AND_COMMUNITY = "player_and_community"
    PLAYER_THREE = "player_three"
    PLAYER_AND_BONUS_COMMUNITY = "player_and_bonus_community"
    TABLE_HIGHEST = "table_highest"

    @property
    def card_count(self) -> int:
        """How many cards make the hand: 3, 5, or 6 (best five of six)."""
        return {"player_three": 3, "player_and_bonus_community": 6}.get(self.value, 5)


class WagerKind(str, Enum):
    BASE = "base"
    FIVE_CARD_BONUS = "five_card_bonus"
    THREE_CARD_BONUS = "three_card_bonus"
    SIX_CARD_BONUS = "six_card_bonus"
    PROGRESSIVE = "progressive"
    COVER_ALL = "cover_all"


class SelectionRule(str, Enum):
    MINIMUM = "minimum"
    CHOOSE_ONE = "choose_one"
    FIXED = "fixed"


class FindingKind(str, Enum):
    MISSING_FIGURE = "missing_figure"
    MISSING_TEXT = "missing_text"
    GARBLED_TEXT = "garbled_text"
    CONTRADICTION = "contradiction"
    SILENT = "silent"
    DANGLING_REFERENCE = "dangling_reference"
    NUMBERING_ERROR = "numbering_error"
    WORDING_CONFLICT = "wording_conflict"
    AMBIGUOUS = "ambiguous"
    IMPLAUSIBLE_VALUE = "implausible_value"


class VoidWagers(str, Enum):
    """What a void hand or round does to the wagers on it."""

    RETURNED = "returned"
    NOT_STATED = "not_stated"
