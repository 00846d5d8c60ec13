"""Hand evaluation: five-card, three-card and best-five-of-six, per a ruleset's ranking rules.

Hands are :class:`~lit_compliance.model.enums.HandCategory` members (the rulesets' spelling, with the
name people read). An evaluation gives the hand's category, the set of paytable hand names it satisfies (its
``tags``: a royal flush is also a straight flush, a mini-royal is also a three-card straight
flush and an ace-king-queen, a pair of tens or better is also a pair), the flush suit where there
is one, and a key that orders hands fully (Cover All pays the highest hand at the table).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

from ..model.enums import HandCategory
from ..model.hand_rules import STANDARD, HandRules
from .cards import SUITS, rank_of, suit_of
from ..records import record

_H = HandCategory   # short, for the tables below

# Five-card categories, weakest first; the index is the category code used everywhere.
CATEGORIES_5 = (_H.HIGH_CARD, _H.PAIR, _H.PAIR_TENS_OR_BETTER, _H.TWO_PAIR, _H.THREE_OF_A_KIND, _H.STRAIGHT,
                _H.FLUSH, _H.FULL_HOUSE, _H.FOUR_OF_A_KIND, _H.STRAIGHT_FLUSH, _H.ROYAL_FLUSH)
CODE_5 = {name: i for i, name in enumerate(CATEGORIES_5)}
CATEGORIES_3 = (_H.HIGH_CARD, _H.PAIR, _H.FLUSH, _H.STRAIGHT, _H.THREE_OF_A_KIND, _H.STRAIGHT_FLUSH, _H.MINI_ROYAL)
CODE_3 = {name: i for i, name in enumerate(CATEGORIES_3)}

# The paytable hands a category also is (a royal flush is a straight flush too).
IMPLIED = {
    _H.ROYAL_FLUSH: {_H.STRAIGHT_FLUSH},
    _H.PAIR_TENS_OR_BETTER: {_H.PAIR},
    _H.MINI_ROYAL: {_H.STRAIGHT_FLUSH},
    _H.SUPER_ROYAL: set(),
}


@record
class Hand:
    category: HandCategory
    tags: frozenset   # of HandCategory
    suit: str | None
    key: tuple  # compares hands of the same size: higher is better
    cards: tuple

    def satisfies(self, hand: str, suits: Sequence[str] | None = None) -> bool:
        """Whether the hand satisfies a paytable hand name (its category or one of its tags), and suit if named."""
        if hand not in self.tags:
            return False
        return not suits or (self.suit is not None and self.suit in suits)


def _straight_top(ranks: list[int], size: int, ace_low: bool, wrap: bool, ace_king_two: bool) -> int | None:
    """The top rank of a straight made by ``ranks`` (all distinct), or None."""
    rs = sorted(ranks)
    if rs[-1] - rs[0] == size - 1:
        return rs[-1]
    low = [r if r != 14 else 1 for r in rs]
    if ace_low and 14 in rs and max(low) - min(low) == size - 1:
        return max(low)
    if wrap or (size == 3 and ace_king_two):
        values = {r - 2 for r in rs}  # 0..12, cyclic
        for start in range(13):
            if {(start + i) % 13 for i in range(size)} == values:
                if size == 3 and not wrap and values != {11, 12, 0}:
                    continue
                return 100 + start  # a wrap-around straight; ranks below every ordinary straight
    return None


def evaluate5(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """A five-card hand's category, tags, flush suit and ordering key under the ranking rules."""
    if len(cards) != 5:
        raise ValueError(f"a five-card hand needs 5 cards, got {len(cards)}")
    ranks = [rank_of(c) for c in cards]
    suits = {suit_of(c) for c in cards}
    counts = Counter(ranks)
    # ranks ordered by (count, rank), for tie-breaks
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len(suits) == 1
    top = _straight_top(ranks, 5, rules.ace_low_straight_5, rules.wraparound_5, False) if len(counts) == 5 else None
    if top is not None and top >= 100:
        top = top - 100 - 13  # wrap-around straights sort below the wheel
    suit = SUITS[next(iter(suits))] if flush else None
    if flush and top is not None:
        category = _H.ROYAL_FLUSH if top == 14 else _H.STRAIGHT_FLUSH
        key = (9, top)
    elif shape[0] == 4:
        category, key = _H.FOUR_OF_A_KIND, (8, *order)
    elif shape == [3, 2]:
        category, key = _H.FULL_HOUSE, (7, *order)
    elif flush:
        category, key = _H.FLUSH, (6, *sorted(ranks, reverse=True))
    elif top is not None:
        category, key = _H.STRAIGHT, (5, top)
    elif shape[0] == 3:
        category, key = _H.THREE_OF_A_KIND, (4, *order)
    elif shape == [2, 2, 1]:
        category, key = _H.TWO_PAIR, (3, *order)
    elif shape[0] == 2:
        category = _H.PAIR_TENS_OR_BETTER if order[0] >= 10 else _H.PAIR
        key = (2, *order)
    else:
        category, key = _H.HIGH_CARD, (1, *sorted(ranks, reverse=True))
    tags = {category} | IMPLIED.get(category, set())
    return Hand(category, frozenset(tags), suit, key, tuple(cards))


def evaluate3(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """A three-card hand's category, tags, flush suit and ordering key under the ranking rules."""
    if len(cards) != 3:
        raise ValueError(f"a three-card hand needs 3 cards, got {len(cards)}")
    ranks = [rank_of(c) for c in cards]
    suits = {suit_of(c) for c in cards}
    counts = Counter(ranks)
    flush = len(suits) == 1
    top = (_straight_top(ranks, 3, rules.ace_low_straight_3, False, rules.ace_king_two_3)
           if len(counts) == 3 else None)
    suit = SUITS[next(iter(suits))] if flush else None
    if flush and top is not None:
        category = _H.MINI_ROYAL if sorted(ranks) == [12, 13, 14] else _H.STRAIGHT_FLUSH
    elif len(counts) == 1:
        category = _H.THREE_OF_A_KIND
    elif top is not None:
        category = _H.STRAIGHT
    elif flush:
        category = _H.FLUSH
    elif len(counts) == 2:
        category = _H.PAIR
    else:
        category = _H.HIGH_CARD
    tags = {category} | IMPLIED.get(category, set())
    if sorted(ranks) == [12, 13, 14]:
        tags.add(_H.ACE_KING_QUEEN)
    key = (CODE_3[category], *sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    return Hand(category, frozenset(tags), suit, key, tuple(cards))


def evaluate6(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """The best five-card hand of six cards; six suited cards A-K-Q-J-10-9 are a Super Royal."""
    if len(cards) != 6:
        raise ValueError(f"a six-card hand needs 6 cards, got {len(cards)}")
    suits = {suit_of(c) for c in cards}
    if len(suits) == 1 and sorted(rank_of(c) for c in cards) == [9, 10, 11, 12, 13, 14]:
        return Hand(_H.SUPER_ROYAL, frozenset({_H.SUPER_ROYAL}), SUITS[suits.pop()], (10,), tuple(cards))
    best = max((evaluate5(five, rules) for five in combinations(cards, 5)), key=lambda h: h.key)
    return Hand(best.category, best.tags, best.suit, best.key, tuple(cards))


def evaluate(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """Evaluate three, five or six cards."""
    return {3: evaluate3, 5: evaluate5, 6: evaluate6}[len(cards)](cards, rules) if len(cards) in (3, 5, 6) \
        else _wrong_size(len(cards))


def _wrong_size(n: int) -> Hand:
    raise ValueError(f"hands have 3, 5 or 6 cards, got {n}")
