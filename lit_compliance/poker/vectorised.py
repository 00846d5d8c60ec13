"""Whole-deck work with numpy: every k-card set, categorised in bulk, indexed by colex rank.

The five-card categories are the codes of :data:`lit_compliance.hands.CATEGORIES_5`; three-card
ones those of :data:`lit_compliance.hands.CATEGORIES_3`. A k-card set's *colex index* is
``sum(C(c_i, i + 1))`` over its sorted cards, a dense index 0..C(52, k)-1.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from .hands import CODE_3, CODE_5, HandRules, STANDARD

_BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


_BINOM32 = np.ascontiguousarray(_BINOM.astype(np.int32))


@lru_cache(maxsize=8)
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
    out[pair] = CODE_5["pair"]
    out[pair & (pair_rank >= 8)] = CODE_5["pair_tens_or_better"]
    out[two_pair] = CODE_5["two_pair"]
    out[trips] = CODE_5["three_of_a_kind"]
    out[straight] = CODE_5["straight"]
    out[flush] = CODE_5["flush"]
    out[full] = CODE_5["full_house"]
    out[quads] = CODE_5["four_of_a_kind"]
    sf = flush & straight
    out[sf] = CODE_5["straight_flush"]
    out[sf & (ranks[:, 0] == 8)] = CODE_5["royal_flush"]
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
    out[n_eq == 1] = CODE_3["pair"]
    out[flush] = CODE_3["flush"]
    out[straight] = CODE_3["straight"]
    out[n_eq == 2] = CODE_3["three_of_a_kind"]
    sf = flush & straight
    out[sf] = CODE_3["straight_flush"]
    out[sf & (ranks[:, 0] == 10)] = CODE_3["mini_royal"]
    return out


@lru_cache(maxsize=4)
def table5(rules: HandRules = STANDARD) -> np.ndarray:
    """Category code of every five-card set, indexed by colex index (2,598,960 entries)."""
    table = categorise5(colex_sets(52, 5), rules)
    table.setflags(write=False)
    return table


def best_of_six_counts(rules: HandRules = STANDARD) -> tuple[np.ndarray, int]:
    """Counts of the best five-card category over all 20,358,520 six-card sets.

    Returns (counts by five-card category code, number of Super Royals). A Super Royal
    (A-K-Q-J-10-9 suited) is also counted in its best-five category, a royal flush; a paytable that
    pays the Super Royal first moves those 4 sets out of the royal flush count.

    In colex order a six-card set is a five-card set F plus a card x above all of F. Its five-card
    subsets are F itself (colex index = F's row) and each 4-card subset S of F plus x (index
    colex(S) + C(x, 5)), so one table of 4-card-subset indexes serves every x.
    """
    lookup = table5(rules)
    sub4 = np.ascontiguousarray(drop_one_indices(colex_sets(51, 5)).T, dtype=np.int32)  # (5, N)
    counts = np.zeros(len(CODE_5), dtype=np.int64)
    scratch = np.empty(sub4.shape[1], dtype=np.int32)
    for top in range(5, 52):
        n = comb(top, 5)
        best = lookup[:n].copy()
        for column in sub4:
            np.add(column[:n], np.int32(n), out=scratch[:n])
            np.maximum(best, lookup[scratch[:n]], out=best)
        counts += np.bincount(best, minlength=len(CODE_5))
    return counts, 4
