"""The closed vocabularies of a ruleset, as enums.

Each enum mirrors one ``enum`` of ``schema/ruleset.schema.json``; a test checks they agree, so the
schema stays the one definition of what a ruleset may say. An enum's value is the ruleset's own
spelling, so the YAML and JSON forms are the data as written.
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


class HandCategory(str, Enum):
    """A paytable hand: a category of five-, three- or six-card hand, or a hand a paytable names that
    is no category of its own (an ace-king-queen). The value is the rulesets' spelling; each member
    carries the name people read (:func:`~lit_compliance.model.vocabulary.hand_name` says it).

    Members compare, hash, print and ``repr`` as their value, so a member and the ruleset's string
    are one key, and a digest or cache key made from hands is the same whichever it holds:

    >>> HandCategory.ROYAL_FLUSH == "royal_flush", HandCategory("pair").display
    (True, 'Pair')
    >>> f"{HandCategory.MINI_ROYAL}", {"mini_royal": 1}[HandCategory.MINI_ROYAL], [HandCategory.PAIR]
    ('mini_royal', 1, ['pair'])
    """

    display: str

    def __new__(cls, value: str, display: str) -> "HandCategory":
        member = str.__new__(cls, value)
        member._value_ = value
        member.display = display
        return member

    __str__ = str.__str__
    __format__ = str.__format__
    __repr__ = str.__repr__

    SUPER_ROYAL = "super_royal", "Super Royal"
    """Six suited cards A-K-Q-J-10-9 (six-card hands only)."""
    ROYAL_FLUSH = "royal_flush", "Royal flush"
    """A-K-Q-J-10 of one suit."""
    MINI_ROYAL = "mini_royal", "Mini-royal"
    """A-K-Q of one suit (three-card hands)."""
    ACE_KING_QUEEN = "ace_king_queen", "Ace, King, Queen"
    """An ace, a king and a queen of any suits (three-card hands; a tag, never a category)."""
    STRAIGHT_FLUSH = "straight_flush", "Straight flush"
    """A straight all of one suit."""
    FOUR_OF_A_KIND = "four_of_a_kind", "Four of a kind"
    """Four cards of one rank."""
    FULL_HOUSE = "full_house", "Full house"
    """Three cards of one rank and two of another."""
    FLUSH = "flush", "Flush"
    """Every card of one suit."""
    STRAIGHT = "straight", "Straight"
    """Cards of consecutive ranks (which ends count is the ruleset's hand rules)."""
    THREE_OF_A_KIND = "three_of_a_kind", "Three of a kind"
    """Three cards of one rank."""
    TWO_PAIR = "two_pair", "Two pair"
    """Two pairs of different ranks."""
    PAIR_TENS_OR_BETTER = "pair_tens_or_better", "Pair of tens or better"
    """A pair of tens, jacks, queens, kings or aces (five cards: the least paying hand)."""
    PAIR = "pair", "Pair"
    """Two cards of one rank (five cards: a pair below tens)."""
    HIGH_CARD = "high_card", "High card"
    """None of the above."""
