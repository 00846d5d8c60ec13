"""Cover All: the highest five-card hand among all players at the table.

With one player this is exact (the five-card distribution). With more, the players share the
community cards and draw from one deck, so the highest hand is estimated by simulation with a
fixed seed, reported with a 95% confidence interval.

Assumptions the text leaves open (recorded in each result's note): every player in the round
counts and holds a hand; the dealer holds no hand of their own; the stake is one unit.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np

from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from ..poker.vectorised import colex_index, table5
from ..model import Paytable
from .tables import Atom, five_card_counts

SEED = 20261121
ROUNDS = 200_000


@dataclass
class HighestHand:
    probabilities: list[float]   # by five-card category code
    rounds: int                  # 0 when exact
    exact: list[Fraction] | None


def highest_hand(players: int, rules: HandRules, rounds: int = ROUNDS, seed: int = SEED) -> HighestHand:
    if players == 1:
        counts = five_card_counts(rules)
        total = int(counts.sum())
        exact = [Fraction(int(c), total) for c in counts]
        return HighestHand([float(p) for p in exact], 0, exact)
    lookup = table5(rules)
    rng = np.random.default_rng(seed + players)
    need = 2 + 3 * players
    best_counts = np.zeros(len(CATEGORIES_5), dtype=np.int64)
    chunk = 50_000
    for start in range(0, rounds, chunk):
        size = min(chunk, rounds - start)
        keys = rng.random((size, 52))
        chosen = np.argpartition(keys, need - 1, axis=1)[:, :need]        # a uniform random subset
        order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)  # in a uniform random order
        deals = np.take_along_axis(chosen, order, axis=1).astype(np.uint8)
        community = deals[:, :2]
        best = np.zeros(size, dtype=np.uint8)
        for p in range(players):
            hand = np.sort(np.hstack([deals[:, 2 + 3 * p: 5 + 3 * p], community]), axis=1)
            np.maximum(best, lookup[colex_index(hand)], out=best)
        best_counts += np.bincount(best, minlength=len(CATEGORIES_5))
    return HighestHand([int(c) / rounds for c in best_counts], rounds, None)


def price_cover_all(table: Paytable, players: int, rules: HandRules) -> dict:
    """Return per unit, hit frequency and (when simulated) a 95% interval for the return."""
    dist = highest_hand(players, rules)
    values: list[Fraction] = [Fraction(0)] * len(CATEGORIES_5)
    paid = np.zeros(len(CATEGORIES_5), dtype=bool)
    missing = []
    for code, name in enumerate(CATEGORIES_5):
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        if line is None or not line.payout.offered:
            continue
        paid[code] = True
        if line.payout.missing:
            missing.append(line.hand)
            continue
        values[code] = line.payout.per_unit(Fraction(1))   # Cover All is priced on a one-unit stake
    probs = np.array(dist.probabilities)
    as_float = np.array([float(v) for v in values])
    rtp = float((probs * as_float).sum())
    hit = float(probs[paid].sum())
    interval = None
    if dist.rounds:
        variance = float((probs * as_float ** 2).sum()) - rtp ** 2
        half = 1.96 * sqrt(max(variance, 0.0) / dist.rounds)
        interval = (rtp - half, rtp + half)
    return {"rtp": rtp, "hit": hit, "interval": interval, "rounds": dist.rounds, "missing": missing,
            "exact_rtp": None if dist.exact is None else sum(
                (p * v for p, v in zip(dist.exact, values)), Fraction(0))}
