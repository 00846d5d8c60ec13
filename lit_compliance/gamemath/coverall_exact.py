"""The highest hand among 1 to 3 Cover All players, exactly, by counting disjoint holdings.

The players share the two community cards and each holds three of the other 50. For a fixed pair of
community cards and a threshold category ``c``, let F be the three-card holdings whose hand (with the
community cards) is at most ``c``. The highest hand among k players is at most ``c`` exactly when
every player's holding is in F, so the number of such deals is M_k(F), the number of ordered k-tuples
of pairwise disjoint members of F. :func:`disjoint_tuples` counts M_1, M_2 and M_3 by inclusion and
exclusion over the cards two holdings share, from the degrees of F (how many members hold a card, a
pair of cards) in a few array operations, never listing the tuples (a test checks it against brute
force on small families). Community pairs alike but for a renaming of suits give the same counts,
so 169 pairs stand for all 1,326.

Four players: for the paying categories (three of a kind and better) the family G of holdings that
reach the threshold is small (a few hundred of the 19,600 holdings), so M_4(G), the deals where all
four seats reach it, is counted exactly as the sum over members A of M_3 of the members disjoint from
A (:func:`disjoint_quadruples`); with M_1..M_3 of G, inclusion and exclusion over the seats then gives
the four-player chance of each paying category exactly (:func:`exact_four_seat_tail`). Below the
threshold the families are too large for that on one machine, so those categories stay simulated.

Rebuilt by ``tools/build_coverall_distribution.py`` into ``data/coverall_highest.json``; a test
recomputes the two-player figures and one community pair's four-seat counts.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from ..poker.hands import CATEGORIES_5, HandRules
from ..poker.vectorised import colex_index, table5


def disjoint_tuples(members: np.ndarray, n: int) -> tuple[int, int, int]:
    """(M_1, M_2, M_3) for the family of three-element subsets ``members`` (rows of three distinct
    vertices below ``n``): how many ordered 1-, 2- and 3-tuples of pairwise disjoint members."""
    members = np.asarray(members, dtype=np.int64)
    size = len(members)
    if size == 0:
        return 0, 0, 0
    a, b, c = members[:, 0], members[:, 1], members[:, 2]
    ind = np.zeros((n, n, n), dtype=np.int64)        # the family as a symmetric indicator tensor
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        ind[x, y, z] = 1
    d2 = ind.sum(axis=2)                               # members holding both x and y
    d1 = d2.sum(axis=1) // 2                           # members holding x
    s1 = d1[a] + d1[b] + d1[c]
    s2 = d2[a, b] + d2[a, c] + d2[b, c]
    n_disjoint = size - (s1 - s2 + 1)                  # members disjoint from each member
    m2 = int(n_disjoint.sum())
    # d1_A(y): members holding y and disjoint from A, for y outside A (rows: members A)
    d1_a = d1[None, :] - d2[a] - d2[b] - d2[c] + ind[a, b] + ind[a, c] + ind[b, c]
    outside = np.ones((size, n), dtype=bool)
    rows = np.arange(size)
    outside[rows, a] = outside[rows, b] = outside[rows, c] = False
    d1_a = np.where(outside, d1_a, 0)
    cross = int(((d2[a] + d2[b] + d2[c]) * d1_a).sum())
    mixed = int(((ind[a, b] + ind[a, c] + ind[b, c]) * d1_a).sum())
    m3 = (size * m2 - 2 * int((s1 * n_disjoint).sum()) + 2 * int((s2 * n_disjoint).sum())
          + cross - 2 * m2 - 2 * mixed)
    return size, m2, m3


def community_classes() -> list[tuple[tuple[int, int], int]]:
    """A community pair of each suit class (cards 0..51: rank ``c // 4``, suit ``c % 4``) and how
    many of the 1,326 pairs it stands for."""
    out = []
    for r in range(13):
        out.append(((4 * r, 4 * r + 1), 6))                   # a pair: any two of four suits
    for r1, r2 in combinations(range(13), 2):
        out.append(((4 * r1, 4 * r2), 4))                     # suited
        out.append(((4 * r1, 4 * r2 + 1), 12))                # two suits
    return out


def exact_highest(rules: HandRules, players=(1, 2, 3)) -> dict[int, dict]:
    """For each player count: {"counts": deals by highest category, "total": all deals}, exactly.
    A deal is the community pair and each player's three cards in seat order."""
    lookup = table5(rules)
    n5 = len(CATEGORIES_5)
    cum = {k: np.zeros(n5, dtype=object) for k in players}     # deals with highest at most c
    triples = np.array(list(combinations(range(50), 3)), dtype=np.int64)
    for (x, y), weight in community_classes():
        rest = np.array([card for card in range(52) if card not in (x, y)], dtype=np.int64)
        hands = np.sort(np.hstack([rest[triples], np.tile([x, y], (len(triples), 1))]), axis=1)
        cats = lookup[colex_index(hands)]
        for c in range(n5):
            got = disjoint_tuples(triples[cats <= c], 50)
            for k in players:
                cum[k][c] += weight * got[k - 1]
    out = {}
    for k in players:
        total = comb(52, 2) * _ordered_disjoint(50, k)
        counts = [int(cum[k][0])] + [int(cum[k][c] - cum[k][c - 1]) for c in range(1, n5)]
        assert int(cum[k][-1]) == total and sum(counts) == total
        out[k] = {"counts": counts, "total": total}
    return out


def _ordered_disjoint(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= comb(n - 3 * i, 3)
    return out


def disjoint_quadruples(members: np.ndarray, n: int) -> int:
    """M_4 for the family of three-element subsets ``members``: how many ordered 4-tuples of
    pairwise disjoint members, as the sum over each member A of M_3 of the members disjoint from A."""
    members = np.asarray(members, dtype=np.int64).reshape(-1, 3)
    one = np.uint64(1)
    masks = np.zeros(len(members), dtype=np.uint64)
    for column in range(3):
        masks |= one << members[:, column].astype(np.uint64)
    return sum(disjoint_tuples(members[(masks & mask) == 0], n)[2] for mask in masks)


def four_seat_counts(cats: np.ndarray, triples: np.ndarray, threshold: int, n: int = 50) -> tuple[int, int]:
    """For one community pair (``cats``: the category of each holding in ``triples``, every
    three-card subset of the ``n`` cards left): the deals to four seats in which the highest hand is
    at least ``threshold``, and those in which every seat's hand is."""
    family = triples[cats >= threshold]
    m = (*disjoint_tuples(family, n), disjoint_quadruples(family, n))
    at_least = sum((-1) ** (s + 1) * comb(4, s) * m[s - 1] * _ordered_disjoint(n - 3 * s, 4 - s)
                   for s in range(1, 5))
    return at_least, m[3]


def exact_four_seat_tail(rules: HandRules, low: int, pairs=None) -> dict:
    """Four players, exactly, for the categories ``low`` and better: {"from": low, "at_least":
    deals whose highest hand is at least c, "all_seats": deals in which every seat's hand is at
    least c (c = low..10), "total": all deals}. ``pairs`` limits the count to some community
    classes (a test's cheap part); their weights still apply."""
    lookup = table5(rules)
    n5 = len(CATEGORIES_5)
    at_least = [0] * (n5 - low)
    all_seats = [0] * (n5 - low)
    triples = np.array(list(combinations(range(50), 3)), dtype=np.int64)
    for (x, y), weight in community_classes():
        if pairs is not None and (x, y) not in pairs:
            continue
        rest = np.array([card for card in range(52) if card not in (x, y)], dtype=np.int64)
        hands = np.sort(np.hstack([rest[triples], np.tile([x, y], (len(triples), 1))]), axis=1)
        cats = lookup[colex_index(hands)]
        for i, c in enumerate(range(low, n5)):
            got = four_seat_counts(cats, triples, c)
            at_least[i] += weight * got[0]
            all_seats[i] += weight * got[1]
    return {"from": low, "at_least": at_least, "all_seats": all_seats,
            "total": comb(52, 2) * _ordered_disjoint(50, 4)}
