"""Cover All: the highest five-card hand among all players at the table.

With one player this is exact (the five-card distribution). With more, the players share the
community cards and draw from one deck, so the highest hand is estimated by simulation. For the
standard hand rankings the package ships one large seeded simulation of seven-seat deals
(``data/coverall_highest.json``, rebuilt by ``tools/build_coverall_distribution.py``): the first k
seats of a seven-seat deal are a valid k-seat deal, so it serves every player count and every
Cover All paytable. Other rankings are simulated here with a fixed seed. Every simulated figure is
reported with its 95% confidence interval.

Assumptions the text leaves open (recorded in each result's note): every player in the round
counts and holds a hand; the dealer holds no hand of their own; the stake is one unit.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from math import sqrt
from pathlib import Path

import numpy as np

from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from ..poker.vectorised import colex_index, table5
from ..model import Paytable
from .moments import moments
from .tables import Atom, five_card_counts

SEED = 20261121
ROUNDS = 200_000


@dataclass
class HighestHand:
    probabilities: list[float]   # by five-card category code
    rounds: int                  # 0 when exact
    exact: list[Fraction] | None


_SHIPPED = Path(__file__).resolve().parent / "data" / "coverall_highest.json"


@lru_cache(maxsize=4)
def shipped_distribution(rules: HandRules) -> dict | None:
    """The shipped simulation for ``rules``: {players: counts by category}, rounds and seed; or None."""
    try:
        data = json.loads(_SHIPPED.read_text())
    except (OSError, ValueError):
        return None
    if data.get("rules") != repr(rules) or data.get("categories") != list(CATEGORIES_5):
        return None
    return {"rounds": int(data["rounds"]), "seed": int(data["seed"]),
            "counts": {int(k): [int(c) for c in v] for k, v in data["counts"].items()}}


def highest_hand(players: int, rules: HandRules, rounds: int = ROUNDS, seed: int = SEED) -> HighestHand:
    """The distribution of the highest category among ``players`` hands (exact for one player)."""
    shipped = shipped_distribution(rules) if players > 1 and rounds == ROUNDS and seed == SEED else None
    if shipped and players in shipped["counts"]:
        counts = shipped["counts"][players]
        return HighestHand([c / shipped["rounds"] for c in counts], shipped["rounds"], None)
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


def cover_all_moments(table: Paytable, players: int, rules: HandRules):
    """The moments of Cover All's net result per unit staked with ``players`` players: exact for
    one player, from the shipped simulation's frequencies (as fractions) for more."""

    dist = highest_hand(players, rules)
    probs = dist.exact or [Fraction(p).limit_denominator(10 ** 12) for p in dist.probabilities]
    pairs = []
    for code, name in enumerate(CATEGORIES_5):
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        value = Fraction(0) if line is None or not line.payout.offered else line.payout.per_unit(Fraction(1))
        pairs.append((probs[code], value - 1))
    return moments(pairs)
