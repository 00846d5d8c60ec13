"""Shared enumeration tables, computed once per set of ranking rules and cached on disk.

Every paytable of every wager is priced from these few tables, so analysing the whole catalogue
enumerates the deck once (per distinct ranking rule), not once per paytable.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from pathlib import Path

from ..poker.cards import SUITS
from ..poker.hands import CATEGORIES_3, CATEGORIES_5, CODE_3, IMPLIED, HandRules
from .. import cache


class _Numpy:
    """numpy, imported on first use: a warm run reads the small tables it needs from the cache as
    JSON and never imports numpy (nor the vectorised evaluators, imported where they are used)."""

    def __getattr__(self, name: str):
        import numpy

        globals()["np"] = numpy
        return getattr(numpy, name)


np = _Numpy()

N5 = len(CATEGORIES_5)
FLUSHY_5 = {"flush", "straight_flush", "royal_flush"}
FLUSHY_3 = ("flush", "straight_flush", "mini_royal")


@dataclass(frozen=True)
class Atom:
    """A class of equally paid outcomes: the hand names it satisfies, its suit, how many sets."""

    tags: frozenset
    suit: str | None
    count: int


def _split_suits(category: str, count: int) -> list[Atom]:
    """Atoms for a five-card category; flush-type hands split evenly by suit (suits are symmetric)."""
    tags = frozenset({category} | IMPLIED.get(category, set()))
    if category in FLUSHY_5:
        return [Atom(tags, suit, count // 4) for suit in SUITS]
    return [Atom(tags, None, count)]


@lru_cache(maxsize=8)
def five_card_counts(rules: HandRules) -> np.ndarray:
    key = ("five-counts", rules)
    counts = cache.load_array(key)
    if counts is None:
        from ..poker.vectorised import table5

        counts = np.bincount(table5(rules), minlength=N5).astype(np.int64)
        cache.save_array(key, counts)
    return counts


def _category_counts(key: tuple, compute) -> list[int]:
    """Counts per five-card category, kept in the cache as JSON (no numpy needed to read them)."""
    stored = cache.load_json(key)
    if isinstance(stored, list) and len(stored) == N5 and all(type(n) is int and n >= 0 for n in stored):
        return stored
    counts = [int(n) for n in compute()]
    cache.save_json(key, counts)
    return counts


@lru_cache(maxsize=8)
def five_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    counts = _category_counts(("five-count-list", rules), lambda: five_card_counts(rules))
    return tuple(a for i, name in enumerate(CATEGORIES_5) for a in _split_suits(name, counts[i]))


@lru_cache(maxsize=8)
def three_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """All 22,100 three-card sets, by the exact tag set and suit the scalar evaluator gives (a test
    checks the tally against :func:`evaluate3`, set by set, under every three-card ranking option)."""
    key = ("three-atoms", rules)
    stored = cache.load_json(key)
    if isinstance(stored, list):
        try:
            return tuple(Atom(frozenset(tags), suit, int(n)) for tags, suit, n in stored)
        except (TypeError, ValueError):
            pass
    atoms = _count_three_card_atoms(rules)
    cache.save_json(key, [[sorted(a.tags), a.suit, a.count] for a in atoms])
    return atoms


def _count_three_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """Tally all 22,100 sets at once: category (vectorised), ace-king-queen, and the suit where the
    category is flush-type; the tags are those :func:`evaluate3` gives for the category."""
    from ..poker.vectorised import categorise3, colex_sets

    sets = colex_sets(52, 3)
    codes = categorise3(sets, rules).astype(np.int64)
    ranks = np.sort(sets // 4, axis=1)
    akq = (ranks[:, 0] == 10) & (ranks[:, 1] == 11) & (ranks[:, 2] == 12)
    suited = np.isin(codes, [CODE_3[c] for c in FLUSHY_3])
    suit = np.where(suited, sets[:, 0] % 4, len(SUITS)).astype(np.int64)
    keys, counts = np.unique((codes * 2 + akq) * (len(SUITS) + 1) + suit, return_counts=True)
    tally: dict = {}
    for key, n in zip(keys.tolist(), counts.tolist()):
        rest, s = divmod(key, len(SUITS) + 1)
        code, with_akq = divmod(rest, 2)
        category = CATEGORIES_3[code]
        tags = frozenset({category} | IMPLIED.get(category, set()) | ({"ace_king_queen"} if with_akq else set()))
        tally[(tags, SUITS[s] if s < len(SUITS) else None)] = n
    return tuple(Atom(tags, suit, n) for (tags, suit), n in sorted(tally.items(), key=lambda kv: (sorted(kv[0][0]), kv[0][1] or "")))


@lru_cache(maxsize=8)
def six_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    def compute():
        shipped = shipped_six_card_counts(rules)
        if shipped is not None:
            return shipped
        from ..poker.vectorised import best_of_six_counts

        return best_of_six_counts(rules)[0]

    counts = list(_category_counts(("six-count-list", rules), compute))
    counts[CATEGORIES_5.index("royal_flush")] -= 4  # the 4 Super Royals' best five is a royal flush
    atoms = [Atom(frozenset({"super_royal"}), suit, 1) for suit in SUITS]
    atoms += [a for i, name in enumerate(CATEGORIES_5) for a in _split_suits(name, int(counts[i]))]
    return tuple(atoms)


_SIX_SHIPPED = Path(__file__).resolve().parent / "data" / "six_card_counts.json"


def shipped_six_card_counts(rules: HandRules) -> list[int] | None:
    """The six-card counts shipped with the package for these rules (rebuilt by
    ``tools/build_six_card_counts.py``; a test recomputes each), or None."""
    try:
        data = json.loads(_SIX_SHIPPED.read_text(encoding="utf-8"))
        if data["categories"] != list(CATEGORIES_5):
            return None
        counts = data["counts"].get(f"ace_low_straight_5={rules.ace_low_straight_5},wraparound_5={rules.wraparound_5}")
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if isinstance(counts, list) and len(counts) == N5 and all(type(n) is int and n >= 0 for n in counts):
        return counts
    return None


@dataclass(frozen=True)
class BaseTables:
    """What the base-game strategy needs, for every partial holding.

    counts4[i, c]: over the 48 unseen cards, how many complete the 4-card set with colex index i
    into five-card category c. counts3[j, c]: the same over the 1,176 pairs completing 3-card set j.
    sub3_of4[i, k]: colex index of the 3-card subset of 4-card set i without its k-th card.
    """

    counts4: np.ndarray
    counts3: np.ndarray
    sub3_of4: np.ndarray


def _counts4(categories: np.ndarray) -> np.ndarray:
    """(C(52, 4), N5): for each 4-card set, how many of the 48 cards complete it into each category.

    Every five-card set adds one to (each of its 4-card subsets, its category). In colex order the
    five-card sets with top card x are the 4-card sets G below x plus x: without x a set is G (its
    row in the block); without one of G's cards it is a 4-card set holding x, all of which lie in
    the C(x, 3) rows from C(x, 4), so each block counts into a small range that stays in cache.
    """
    n4 = comb(52, 4)
    from ..poker.vectorised import colex_drop_one

    sub3 = colex_drop_one(51, 4)  # for each 4-card set below the top card, its 3-card subsets
    rows = np.concatenate([np.arange(comb(x, 4), dtype=np.int32) for x in range(4, 52)])
    counts = np.bincount(rows * np.int32(N5) + categories, minlength=n4 * N5)
    start = 0
    for x in range(4, 52):
        m, width = comb(x, 4), comb(x, 3)
        local = (sub3[:, :m] * np.int32(N5) + categories[start:start + m]).ravel()
        counts[m * N5:(m + width) * N5] += np.bincount(local, minlength=width * N5)
        start += m
    return counts.reshape(n4, N5)


def _counts3(counts4: np.ndarray) -> np.ndarray:
    """(C(52, 3), N5): for each 3-card set, its completing pairs by category.

    Each 4-card set passes its counts to its four 3-card subsets, block by block as in
    :func:`_counts4` (the weights are small whole numbers, so bincount's float64 sums are exact);
    every completing pair is reached through either of its two cards, hence the halving.
    """
    n3 = comb(52, 3)
    from ..poker.vectorised import colex_drop_one

    sub2 = colex_drop_one(51, 3)
    cells = np.arange(N5, dtype=np.int32)
    counts = np.zeros((n3, N5), dtype=np.int64)
    start = 0
    for y in range(3, 52):
        m, width = comb(y, 3), comb(y, 2)
        block = counts4[start:start + m]
        counts[:m] += block  # without the top card y: the 3-card set below it
        local = (sub2[:, :m, None] * np.int32(N5) + cells).ravel()
        weights = np.broadcast_to(block, (3, m, N5)).ravel()
        counts[m:m + width] += np.bincount(local, weights=weights, minlength=width * N5).astype(np.int64) \
            .reshape(width, N5)
        start += m
    return counts // 2


@lru_cache(maxsize=8)
def base_tables(rules: HandRules) -> BaseTables:
    key = ("base", rules)
    cached = cache.load_arrays(key, ("counts4", "counts3", "sub3_of4"))
    if cached is not None:
        return BaseTables(*cached)
    from ..poker.vectorised import colex_drop_one, table5

    categories = table5(rules)
    counts4 = _counts4(categories)
    counts3 = _counts3(counts4)
    sub3_of4 = np.ascontiguousarray(colex_drop_one(52, 4).T)
    result = BaseTables(counts4.astype(np.int32), counts3.astype(np.int32), sub3_of4.astype(np.int32))
    cache.save_arrays(key, {"counts4": result.counts4, "counts3": result.counts3, "sub3_of4": result.sub3_of4})
    return result
