"""Playing cards: parsing from common notation, and the integer encoding the engine uses.

A card is an ``int`` 0..51: ``(rank - 2) * 4 + suit``, ranks 2..14 (ace high), suits in the order
clubs, diamonds, hearts, spades.
"""
from __future__ import annotations

from typing import Iterable

SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = "cdhs"
RANK_LETTERS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T", 11: "J",
                12: "Q", 13: "K", 14: "A"}
# Every accepted spelling, listed: no case folding (Unicode folds "ſ" to "S" and "K" to "k").
_RANK_FROM = {v: k for k, v in RANK_LETTERS.items()} | {v.lower(): k for k, v in RANK_LETTERS.items()} | {"10": 10}
_SUIT_FROM = {"c": 0, "d": 1, "h": 2, "s": 3, "C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


class CardError(ValueError):
    """A card string that is not a card, or a card given twice."""


def card(rank: int, suit: int) -> int:
    """The card code (0-51) of a rank (2-14) and suit (0-3)."""
    return (rank - 2) * 4 + suit


def rank_of(c: int) -> int:
    """A card's rank, 2 to 14 (ace high)."""
    return c // 4 + 2


def suit_of(c: int) -> int:
    """A card's suit, 0 to 3."""
    return c % 4


def card_name(c: int) -> str:
    """A card as written: ``As``, ``Th``."""
    return RANK_LETTERS[rank_of(c)] + SUIT_LETTERS[suit_of(c)]


def parse_card(token: str) -> int:
    """The card a token names (``As``, ``10h``, ``Td``); CardError saying how to write one otherwise."""
    text = token.strip() if isinstance(token, str) else ""
    rank, suit = _RANK_FROM.get(text[:-1]), _SUIT_FROM.get(text[-1:])
    if rank is None or suit is None:
        shown = token if isinstance(token, str) and len(token) <= 20 else f"{str(token)[:20]}..."
        raise CardError(f"{shown!r} is not a card (use rank 2-10/T/J/Q/K/A and suit c/d/h/s, e.g. 'As', '10h')")
    return card(rank, suit)


def parse_cards(text: str | Iterable[str], *, count: int | None = None) -> list[int]:
    """Parse ``"As Kd 10h"`` (or a list of tokens) into cards; reject unknown and repeated cards."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(t) for t in tokens]
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise CardError(f"card {card_name(c)} appears more than once")
        seen.add(c)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}")
    return cards


def names(cards: Iterable[int]) -> str:
    """Cards as written, separated by spaces."""
    return " ".join(card_name(c) for c in cards)
