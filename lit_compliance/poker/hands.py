"""Hand evaluation: five-card, three-card and best-five-of-six, per a ruleset's ranking rules.

An evaluation gives the hand's category, the set of paytable hand names it satisfies (its
``tags``: a royal flush is also a straight flush, a mini-royal is also a three-card straight
flush and an ace-king-queen, a pair of tens or better is also a pair), the flush suit where there
is one, and a key that orders hands fully (Cover All pays the highest hand at the table).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from ..model.hand_rules import STANDARD, HandRules
from .cards import SUITS, rank_of, suit_of

# Five-card categories, weakest first; the index is the category code used everywhere.
CATEGORIES_5 = ("high_card", "pair", "pair_tens_or_better", "two_pair", "three_of_a_kind", "straight",
                "flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush")
CODE_5 = {name: i for i, name in enumerate(CATEGORIES_5)}
CATEGORIES_3 = ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush", "mini_royal")
CODE_3 = {name: i for i, name in enumerate(CATEGORIES_3)}

IMPLIED = {
    "royal_flush": {"straight_flush"},
    "pair_tens_or_better": {"pair"},
    "mini_royal": {"straight_flush"},
    "super_royal": set(),
}


@dataclass(frozen=True)
class Hand:
    category: str
    tags: frozenset
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
        category = "royal_flush" if top == 14 else "straight_flush"
        key = (9, top)
    elif shape[0] == 4:
        category, key = "four_of_a_kind", (8, *order)
    elif shape == [3, 2]:
        category, key = "full_house", (7, *order)
    elif flush:
        category, key = "flush", (6, *sorted(ranks, reverse=True))
    elif top is not None:
        category, key = "straight", (5, top)
    elif shape[0] == 3:
        category, key = "three_of_a_kind", (4, *order)
    elif shape == [2, 2, 1]:
        category, key = "two_pair", (3, *order)
    elif shape[0] == 2:
        category = "pair_tens_or_better" if order[0] >= 10 else "pair"
        key = (2, *order)
    else:
        category, key = "high_card", (1, *sorted(ranks, reverse=True))
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
        category = "mini_royal" if sorted(ranks) == [12, 13, 14] else "straight_flush"
    elif len(counts) == 1:
        category = "three_of_a_kind"
    elif top is not None:
        category = "straight"
    elif flush:
        category = "flush"
    elif len(counts) == 2:
        category = "pair"
    else:
        category = "high_card"
    tags = {category} | IMPLIED.get(category, set())
    if sorted(ranks) == [12, 13, 14]:
        tags.add("ace_king_queen")
    key = (CODE_3[category], *sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    return Hand(category, frozenset(tags), suit, key, tuple(cards))


def evaluate6(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """The best five-card hand of six cards; six suited cards A-K-Q-J-10-9 are a Super Royal."""
    if len(cards) != 6:
        raise ValueError(f"a six-card hand needs 6 cards, got {len(cards)}")
    suits = {suit_of(c) for c in cards}
    if len(suits) == 1 and sorted(rank_of(c) for c in cards) == [9, 10, 11, 12, 13, 14]:
        return Hand("super_royal", frozenset({"super_royal"}), SUITS[suits.pop()], (10,), tuple(cards))
    best = max((evaluate5(five, rules) for five in combinations(cards, 5)), key=lambda h: h.key)
    return Hand(best.category, best.tags, best.suit, best.key, tuple(cards))


def evaluate(cards: Sequence[int], rules: HandRules = STANDARD) -> Hand:
    """Evaluate three, five or six cards."""
    return {3: evaluate3, 5: evaluate5, 6: evaluate6}[len(cards)](cards, rules) if len(cards) in (3, 5, 6) \
        else _wrong_size(len(cards))


def _wrong_size(n: int) -> Hand:
    raise ValueError(f"hands have 3, 5 or 6 cards, got {n}")
