"""Whole-deck work with numpy: every k-card set, categorised in bulk, indexed by colex rank.

The five-card categories are the codes of :data:`lit_compliance.hands.CATEGORIES_5`; three-card
ones those of :data:`lit_compliance.hands.CATEGORIES_3`. A k-card set's *colex index* is
``sum(C(c_i, i + 1))`` over its sorted cards, a dense index 0..C(52, k)-1.
"""
from __future__ import annotations

from math import comb

import numpy as np

from ..model.enums import HandCategory
from .hands import CODE_3, CODE_5, HandRules, STANDARD
from .. import cache

_BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


_BINOM32 = np.ascontiguousarray(_BINOM.astype(np.int32))


@cache.remembered(8)
def colex_sets(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), sorted ascending within a row, in colex order.

    Row i is the set whose colex index is i, and the sets of range(m) are the first C(m, k) rows,
    so the table for a smaller deck is a prefix of this one. Read-only; shape (C(n, k), k), uint8.
    """
    if k == 1:
        out = np.arange(n, dtype=np.uint8)[:, None]
    else:
        prev = colex_sets(n - 1, k - 1) if n - 1 >= k - 1 else np.zeros((0, k - 1), np.uint8)
        parts = []
        for top in range(k - 1, n):
            block = prev[: comb(top, k - 1)]
            parts.append(np.hstack([block, np.full((len(block), 1), top, dtype=np.uint8)]))
        out = np.concatenate(parts) if parts else np.zeros((0, k), np.uint8)
    out.setflags(write=False)
    return out


def colex_index(sets: np.ndarray) -> np.ndarray:
    """Colex index of each row of ascending cards."""
    sets = sets.astype(np.intp)
    out = np.zeros(len(sets), dtype=np.int64)
    for i in range(sets.shape[1]):
        out += _BINOM[sets[:, i], i + 1]
    return out


def drop_one_indices(sets: np.ndarray) -> np.ndarray:
    """For each ascending k-card row, the colex indexes of its k subsets of k-1 cards.

    Column j is the subset without the row's j-th card.
    """
    k = sets.shape[1]
    keep = [_BINOM32[:, i + 1][sets[:, i]] for i in range(k)]   # card i stays at position i
    shift = [_BINOM32[:, i][sets[:, i]] for i in range(k)]      # card i moves to position i-1
    out = np.empty((len(sets), k), dtype=np.int64)
    for j in range(k):
        total = np.zeros(len(sets), dtype=np.int32)
        for i in range(j):
            total += keep[i]
        for i in range(j + 1, k):
            total += shift[i]
        out[:, j] = total
    return out


def categorise5(cards: np.ndarray, rules: HandRules = STANDARD) -> np.ndarray:
    """Category code of each five-card row (any card order)."""
    if rules.wraparound_5:
        raise ValueError("the vectorised evaluator does not support wrap-around straights")
    ranks = np.sort(cards // 4, axis=1).astype(np.int8)  # 0 = deuce .. 12 = ace
    suits = cards % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    eq = ranks[:, 1:] == ranks[:, :-1]
    n_eq = eq.sum(axis=1)
    distinct = n_eq == 0
    straight = distinct & (ranks[:, 4] - ranks[:, 0] == 4)
    if rules.ace_low_straight_5:
        straight |= distinct & (ranks[:, 3] == 3) & (ranks[:, 4] == 12)
    quads = (eq[:, 0] & eq[:, 1] & eq[:, 2]) | (eq[:, 1] & eq[:, 2] & eq[:, 3])
    trips_run = (eq[:, 0] & eq[:, 1]) | (eq[:, 1] & eq[:, 2]) | (eq[:, 2] & eq[:, 3])
    full = (n_eq == 3) & ~quads
    trips = trips_run & (n_eq == 2)
    two_pair = (n_eq == 2) & ~trips_run
    pair = n_eq == 1
    pair_rank = np.where(eq, ranks[:, 1:], -1).max(axis=1)
    out = np.zeros(len(cards), dtype=np.uint8)
    out[pair] = CODE_5[HandCategory.PAIR]
    out[pair & (pair_rank >= 8)] = CODE_5[HandCategory.PAIR_TENS_OR_BETTER]
    out[two_pair] = CODE_5[HandCategory.TWO_PAIR]
    out[trips] = CODE_5[HandCategory.THREE_OF_A_KIND]
    out[straight] = CODE_5[HandCategory.STRAIGHT]
    out[flush] = CODE_5[HandCategory.FLUSH]
    out[full] = CODE_5[HandCategory.FULL_HOUSE]
    out[quads] = CODE_5[HandCategory.FOUR_OF_A_KIND]
    sf = flush & straight
    out[sf] = CODE_5[HandCategory.STRAIGHT_FLUSH]
    out[sf & (ranks[:, 0] == 8)] = CODE_5[HandCategory.ROYAL_FLUSH]
    return out


def categorise3(cards: np.ndarray, rules: HandRules = STANDARD) -> np.ndarray:
    """Three-card category code of each row; the ranking options come from ``rules``."""
    ranks = np.sort(cards // 4, axis=1).astype(np.int8)
    suits = cards % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    eq = ranks[:, 1:] == ranks[:, :-1]
    n_eq = eq.sum(axis=1)
    distinct = n_eq == 0
    straight = distinct & (ranks[:, 2] - ranks[:, 0] == 2)
    if rules.ace_low_straight_3:
        straight |= distinct & (ranks[:, 0] == 0) & (ranks[:, 1] == 1) & (ranks[:, 2] == 12)
    if rules.ace_king_two_3:
        straight |= distinct & (ranks[:, 0] == 0) & (ranks[:, 1] == 11) & (ranks[:, 2] == 12)
    out = np.zeros(len(cards), dtype=np.uint8)
    out[n_eq == 1] = CODE_3[HandCategory.PAIR]
    out[flush] = CODE_3[HandCategory.FLUSH]
    out[straight] = CODE_3[HandCategory.STRAIGHT]
    out[n_eq == 2] = CODE_3[HandCategory.THREE_OF_A_KIND]
    sf = flush & straight
    out[sf] = CODE_3[HandCategory.STRAIGHT_FLUSH]
    out[sf & (ranks[:, 0] == 10)] = CODE_3[HandCategory.MINI_ROYAL]
    return out


def colex_drop_one(n: int, k: int) -> np.ndarray:
    """:func:`drop_one_indices` of every k-subset of range(n), transposed: shape (k, C(n, k)), int32.

    Built block by block from the colex order, without evaluating a single set: the sets whose top
    card is t are the (k-1)-sets below t (rows 0..C(t, k-1)-1) plus t. Without t a set is its
    (k-1)-set, whose index is its row; without another card it is that (k-1)-set's subset plus t,
    whose index is the subset's plus C(t, k - 1).
    """
    total = comb(n, k)
    out = np.empty((k, total), dtype=np.int32)
    if k == 1:
        out[0] = 0
    elif total:
        prev = _small_drop_one(n - 1, k - 1) if k <= 5 else colex_drop_one(n - 1, k - 1)
        start = 0
        for top in range(k - 1, n):
            m = comb(top, k - 1)
            np.add(prev[:, :m], np.int32(m), out=out[: k - 1, start:start + m])
            out[k - 1, start:start + m] = np.arange(m, dtype=np.int32)
            start += m
    return out


def _kept(build):
    """``build(n, k)`` remembered for small sets, read-only (the blocks of larger builds reuse it)."""
    @cache.remembered(16)
    def kept(n: int, k: int) -> np.ndarray:
        out = build(n, k)
        out.setflags(write=False)
        return out
    return kept


_small_drop_one = _kept(lambda n, k: colex_drop_one(n, k))


def suit_masks(cards: np.ndarray) -> np.ndarray:
    """The suit masks (4, N) of each row of cards, as :func:`categorise_masks` takes them."""
    cards = np.asarray(cards, dtype=np.intp)
    out = np.zeros((4, len(cards)), dtype=np.uint16)
    rows = np.arange(len(cards))
    for column in cards.T:
        np.bitwise_or.at(out, (column % 4, rows), (1 << (column // 4)).astype(np.uint16))
    return out


def colex_suit_masks(n: int, k: int) -> np.ndarray:
    """For every k-subset of range(n) in colex order, its ranks in each suit as 13-bit masks.

    Shape (4, C(n, k)), uint16; bit r of row s is set when the set holds the card of rank r
    (0 = deuce) in suit s. Built block by block like :func:`colex_drop_one`.
    """
    if k == 0:
        return np.zeros((4, 1), dtype=np.uint16)
    prev = _small_suit_masks(n - 1, k - 1) if k <= 4 else colex_suit_masks(n - 1, k - 1)
    out = np.empty((4, comb(n, k)), dtype=np.uint16)
    start = 0
    for top in range(k - 1, n):
        m = comb(top, k - 1)
        block = out[:, start:start + m]
        block[...] = prev[:, :m]
        block[top % 4] |= np.uint16(1 << (top // 4))
        start += m
    return out


_small_suit_masks = _kept(lambda n, k: colex_suit_masks(n, k))


@cache.remembered(8)
def _mask_tables(rules: HandRules) -> tuple[np.ndarray, ...]:
    """Lookup tables over 13-bit rank masks for :func:`categorise_masks`."""
    masks = np.arange(1 << 13)
    bits = np.zeros(1 << 13, dtype=np.int64)
    for r in range(13):
        bits += masks >> r & 1
    run = np.zeros(1 << 13, dtype=bool)           # five ranks in a row
    for low in range(9):
        run |= (masks >> low & 0b11111) == 0b11111
    if rules.ace_low_straight_5:
        run |= (masks & 0b1000000001111) == 0b1000000001111   # the wheel, A-2-3-4-5
    royal = (masks & 0b1111100000000) == 0b1111100000000      # T-J-Q-K-A
    straight = np.where(run, CODE_5[HandCategory.STRAIGHT], 0).astype(np.uint8)
    # one suit's ranks: five or more of them are a flush, a straight flush or a royal flush
    flush = np.where(bits < 5, 0, np.where(royal, CODE_5[HandCategory.ROYAL_FLUSH],
                                           np.where(run, CODE_5[HandCategory.STRAIGHT_FLUSH],
                                                    CODE_5[HandCategory.FLUSH])))
    flush = flush.astype(np.uint8)
    # ranks held twice or more: none, one below tens, one tens or better, two or more (two pair)
    pairs = np.where(bits == 0, 0, np.where(bits >= 2, 3, np.where(masks >= 1 << 8, 2, 1))).astype(np.uint8)
    # that code plus 4 when a rank is held three times or more
    by_pairs = np.array([CODE_5[c] for c in (HandCategory.HIGH_CARD, HandCategory.PAIR, HandCategory.PAIR_TENS_OR_BETTER,
                                             HandCategory.TWO_PAIR)]
                        + [CODE_5[HandCategory.THREE_OF_A_KIND]] * 3 + [CODE_5[HandCategory.FULL_HOUSE]], dtype=np.uint8)
    return straight, flush, pairs, by_pairs


def categorise_masks(masks: np.ndarray, rules: HandRules = STANDARD) -> np.ndarray:
    """Best five-card category of each set of five or six cards given as suit masks (4, N).

    A rank held in two suits is a pair, in three trips, in four quads; the straights and the flush
    hands come from tables over the 8,192 rank masks. The best five of the set is the highest of
    the categories its ranks and its suits reach (it holds at most one five-card flush).
    """
    if rules.wraparound_5:
        raise ValueError("the vectorised evaluator does not support wrap-around straights")
    tables = _mask_tables(rules)
    out = np.empty(masks.shape[1], dtype=np.uint8)
    for start in range(0, masks.shape[1], _CHUNK):  # chunks: temporaries stay small and in cache
        out[start:start + _CHUNK] = _categorise_chunk(masks[:, start:start + _CHUNK], *tables)
    return out


_CHUNK = 1 << 16


def _categorise_chunk(masks, straight, flush, pairs, by_pairs) -> np.ndarray:
    a, b, c, d = masks
    ab, cd = a & b, c & d
    a_b, c_d = a | b, c | d
    held2 = ab | cd | (a_b & c_d)
    held3 = (ab & c_d) | (cd & a_b)
    key = np.take(pairs, held2)
    key |= (held3 != 0).view(np.uint8) << np.uint8(2)
    out = np.take(by_pairs, key)
    np.maximum(out, ((ab & cd) != 0).view(np.uint8) * np.uint8(CODE_5[HandCategory.FOUR_OF_A_KIND]), out=out)
    np.maximum(out, np.take(straight, a_b | c_d), out=out)
    for suit in masks:
        np.maximum(out, np.take(flush, suit), out=out)
    return out


@cache.remembered(4)
def table5(rules: HandRules = STANDARD) -> np.ndarray:
    """Category code of every five-card set, indexed by colex index (2,598,960 entries).

    Equal, set for set, to ``categorise5(colex_sets(52, 5), rules)`` (a test checks it), but built
    from the suit masks of the sets, which the colex order gives without sorting a hand.
    """
    table = categorise_masks(colex_suit_masks(52, 5), rules)
    table.setflags(write=False)
    return table


def best_of_six_counts(rules: HandRules = STANDARD) -> tuple[np.ndarray, int]:
    """Counts of the best five-card category over all 20,358,520 six-card sets.

    Returns (counts by five-card category code, number of Super Royals). A Super Royal
    (A-K-Q-J-10-9 suited) is also counted in its best-five category, a royal flush; a paytable that
    pays the Super Royal first moves those 4 sets out of the royal flush count.

    In colex order the six-card sets whose top card is x are the five-card sets below x (the first
    C(x, 5) rows) plus x: block by block, their suit masks are those of the five-card sets with x's
    bit added, categorised a chunk at a time, so no table of 20 million sets is ever held.
    """
    if rules.wraparound_5:
        raise ValueError("the vectorised evaluator does not support wrap-around straights")
    masks5 = colex_suit_masks(51, 5)
    tables = _mask_tables(rules)
    counts = np.zeros(len(CODE_5), dtype=np.int64)
    for top in range(5, 52):
        n = comb(top, 5)
        bit, suit = np.uint16(1 << (top // 4)), top % 4
        for start in range(0, n, _CHUNK):
            block = masks5[:, start:min(n, start + _CHUNK)].copy()
            block[suit] |= bit
            counts += np.bincount(_categorise_chunk(block, *tables), minlength=len(CODE_5))
    return counts, 4
