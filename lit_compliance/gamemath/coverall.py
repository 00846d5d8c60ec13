"""Cover All: the highest five-card hand among all players at the table.

With one player this is exact (the five-card distribution). For the standard hand rankings the
package ships (``data/coverall_highest.json``, rebuilt by ``tools/build_coverall_distribution.py``)
the exact distribution for 1 to 3 players (every deal counted, :mod:`.coverall_exact`) and, for 4
to 7, one seeded simulation of seven-seat deals with control variates: the highest hands of every
one, two and three seats have exact distributions, and regressing on them leaves only the rare
deals where four seats reach a category together as noise. Other rankings are simulated here with a
fixed seed. Every simulated figure is reported with its 95% confidence interval.

Assumptions the text leaves open (recorded in each result's note): every player in the round
counts and holds a hand; the dealer holds no hand of their own; the stake is one unit.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from math import comb, sqrt
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
    residual: np.ndarray | None = None   # control-variate residual covariance per round (simulated only)
    method: str = "exact"

    def half_width(self, values) -> float:
        """Half the 95% interval of the expected value of ``values`` (by category); 0 when exact."""
        if not self.rounds:
            return 0.0
        v = np.array([float(x) for x in values])
        if self.residual is not None:
            variance = float(v @ self.residual @ v)
        else:
            p = np.array(self.probabilities)
            variance = float((p * v * v).sum() - (p * v).sum() ** 2)
        return 1.96 * sqrt(max(variance, 0.0) / self.rounds)


_SHIPPED = Path(__file__).resolve().parent / "data" / "coverall_highest.json"


@lru_cache(maxsize=4)
def shipped_distribution(rules: HandRules) -> dict | None:
    """The shipped data for ``rules`` (see ``tools/build_coverall_distribution.py``): {"exact":
    {players: (counts, total)}, "rounds", "seed", "simulated": {players: (sums, cross-products)}};
    or None."""
    try:
        data = json.loads(_SHIPPED.read_text())
    except (OSError, ValueError):
        return None
    if data.get("rules") != repr(rules) or data.get("categories") != list(CATEGORIES_5):
        return None
    try:
        return {"rounds": int(data["rounds"]), "seed": int(data["seed"]),
                "exact": {int(k): ([int(c) for c in v["counts"]], int(v["total"])) for k, v in data["exact"].items()},
                "simulated": {int(k): (np.array(v["sum"], dtype=np.int64), np.array(v["cross"], dtype=np.int64))
                              for k, v in data["simulated"].items()}}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def control_means(players: int, exact: dict) -> np.ndarray:
    """The exact means of the 30 controls for ``players`` seats: for s = 1, 2, 3 seats and c = 1..10,
    C(players, s) times the chance that the highest of s players' hands is at least c."""
    out = []
    for s in (1, 2, 3):
        counts, total = exact[s]
        tail = np.cumsum(np.array(counts[::-1], dtype=np.float64))[::-1] / total
        out.extend(comb(players, s) * tail[1:])
    return np.array(out)


def cv_distribution(players: int, rounds: int, sums: np.ndarray, cross: np.ndarray,
                    exact: dict) -> tuple[np.ndarray, np.ndarray]:
    """The control-variate (regression) estimate of the highest hand's distribution among
    ``players`` seats, and the covariance of its residuals per round (so the variance of a paytable's
    estimated return with values v is v' R v / rounds). Each category's indicator is regressed on the
    controls, so for any paytable the estimate is the regression estimate of its own payout."""
    n5 = len(CATEGORIES_5)
    mean = sums / rounds
    cov = cross / rounds - np.outer(mean, mean)
    c_yy, c_yx, c_xx = cov[:n5, :n5], cov[:n5, n5:], cov[n5:, n5:]
    beta = c_yx @ np.linalg.pinv(c_xx)
    estimate = mean[:n5] - beta @ (mean[n5:] - control_means(players, exact))
    residual = c_yy - beta @ c_yx.T
    return estimate, residual


def highest_hand(players: int, rules: HandRules, rounds: int = ROUNDS, seed: int = SEED) -> HighestHand:
    """The distribution of the highest category among ``players`` hands (exact for one player)."""
    shipped = shipped_distribution(rules) if rounds == ROUNDS and seed == SEED else None
    if shipped and players in shipped["exact"]:
        counts, total = shipped["exact"][players]
        exact = [Fraction(c, total) for c in counts]
        return HighestHand([float(p) for p in exact], 0, exact)
    if shipped and players in shipped["simulated"] and all(s in shipped["exact"] for s in (1, 2, 3)):
        sums, cross = shipped["simulated"][players]
        estimate, residual = cv_distribution(players, shipped["rounds"], sums, cross, shipped["exact"])
        return HighestHand([float(p) for p in estimate], shipped["rounds"], None, residual,
                           f"simulated, {shipped['rounds']:,} rounds with control variates")
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
    return HighestHand([int(c) / rounds for c in best_counts], rounds, None, None, f"simulated, {rounds:,} rounds")


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
        half = dist.half_width(values)
        interval = (rtp - half, rtp + half)
    return {"rtp": rtp, "hit": hit, "interval": interval, "rounds": dist.rounds, "missing": missing,
            "method": dist.method,
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
