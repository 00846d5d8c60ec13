"""Cover All: the highest five-card hand among all players at the table.

With one player this is exact (the five-card distribution). For the standard hand rankings the
package ships (``data/coverall_highest.json``, rebuilt by ``tools/build_coverall_distribution.py``)
the exact distribution for 1 to 3 players (every deal counted, :mod:`.coverall_exact`) and, for 4
to 7, one seeded simulation of seven-seat deals with control variates: the highest hands of every
one, two and three seats have exact distributions, and regressing on them leaves only the rare
deals where four seats reach a category together as noise. For four players those deals are counted
exactly for three of a kind and better (the categories Cover All pays), so a paytable that pays
nothing below them is priced exactly; the categories below stay simulated. Other rankings are
simulated here with a fixed seed. Every simulated figure is reported with its 95% confidence
interval.

Assumptions the text leaves open (recorded in each result's note): every player in the round
counts and holds a hand; the dealer holds no hand of their own; the stake is one unit.
"""
from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from math import comb, sqrt
from pathlib import Path

import numpy as np

from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from ..poker.vectorised import colex_index, table5
from ..model import Paytable
from .moments import moments
from .record import Method
from .tables import Atom, five_card_counts
from .. import cache
from ..records import record

SEED = 20261121
SIMULATED_ROUNDS = 200_000


@record(frozen=False)
class HighestHand:
    probabilities: list[float]   # by five-card category code
    rounds: int                  # 0 when exact
    exact: list[Fraction] | None
    residual: list[list[Fraction]] | None = None   # control-variate residual covariance per round (simulated only)
    method: Method = Method.EXACT        # EXACT, SIMULATED (control variates), SIMULATED_PLAIN or TAIL_EXACT
    tail: list[Fraction] | None = None   # exact chances of the categories tail_from and better, where only they are
    tail_from: int = 0

    def exact_pairs(self, values, paid=None) -> list[tuple[Fraction, object]] | None:
        """(probability, value) pairs, exact, for a paytable whose value by category is ``values``
        (and which pays the categories ``paid``): for an exact distribution every category; for an
        exact tail the tail's categories and one lump for those below, when the paytable treats them
        all alike; else None."""
        if self.exact is not None:
            return list(zip(self.exact, values))
        low = self.tail_from
        if self.tail is None or len(set(values[:low])) > 1 or (paid is not None and len(set(paid[:low])) > 1):
            return None
        return [(1 - sum(self.tail), values[0])] + list(zip(self.tail, values[self.tail_from:]))

    def fractions(self) -> list[Fraction]:
        """The chance of each category as a fraction: exact where known, else the estimate's."""
        if self.exact is not None:
            return list(self.exact)
        out = [Fraction(p).limit_denominator(10 ** 12) for p in self.probabilities]
        if self.tail is not None:
            out[self.tail_from:] = self.tail
        return out

    def half_width(self, values) -> float:
        """Half the 95% interval of the expected value of ``values`` (by category); 0 when exact.
        With an exact tail, the estimate's only random part is the chance of reaching the category
        just below the tail, split among the categories below: the tail's values count as that one's."""
        if not self.rounds:
            return 0.0
        v = np.array([float(x) for x in values])
        if self.tail is not None:
            v[self.tail_from:] = v[self.tail_from - 1]
        if self.residual is not None:
            w = [Fraction(x) for x in v.tolist()]
            variance = float(sum((w[i] * r * w[j] for i, row in enumerate(self.residual) for j, r in enumerate(row)),
                                 Fraction(0)))
        else:
            p = np.array(self.probabilities)
            variance = float((p * v * v).sum() - (p * v).sum() ** 2)
        return 1.96 * sqrt(max(variance, 0.0) / self.rounds)


    def normal_error(self, values) -> float:
        """How far the coverage of :meth:`half_width`'s interval (the normal curve's, 1.96 standard
        errors of the mean of the simulated deals) can lie from 95%: the Berry-Esseen bound
        0.4748 x E|X - mu|^3 / (sigma^3 sqrt(N)) over the N deals (X the value of one deal's category,
        the exact tail counted as :meth:`half_width` counts it); 0 when exact."""
        if not self.rounds:
            return 0.0
        v = np.array([float(x) for x in values])
        if self.tail is not None:
            v[self.tail_from:] = v[self.tail_from - 1]
        p = np.array(self.probabilities, dtype=float)
        p = p / p.sum()
        mu = float(p @ v)
        sigma = sqrt(max(float(p @ (v - mu) ** 2), 0.0))
        if sigma == 0:
            return 0.0
        return float(min(1.0, 0.4748 * float(p @ np.abs(v - mu) ** 3) / (sigma ** 3 * sqrt(self.rounds))))


_SHIPPED = Path(__file__).resolve().parent / "data" / "coverall_highest.json"
_REGRESSION = Path(__file__).resolve().parent / "data" / "coverall_regression.json"


@cache.remembered(4)
def shipped_distribution(rules: HandRules) -> dict | None:
    """The shipped data for ``rules`` (see ``tools/build_coverall_distribution.py``): {"exact":
    {players: (counts, total)}, "tail": {players: {"from", "at_least", "all_seats", "total"}},
    "rounds", "seed", "simulated": {players: (sums, cross-products)}}; or None."""
    try:
        data = json.loads(_SHIPPED.read_text())
    except (OSError, ValueError):
        return None
    if data.get("rules") != repr(rules) or data.get("categories") != list(CATEGORIES_5):
        return None
    return parse_distribution(data)


def parse_distribution(data: dict) -> dict | None:
    """The shipped file's contents as :func:`shipped_distribution` gives them; None if malformed."""
    try:
        return {"rounds": int(data["rounds"]), "seed": int(data["seed"]),
                "exact": {int(k): ([int(c) for c in v["counts"]], int(v["total"])) for k, v in data["exact"].items()},
                "tail": {int(k): {"from": int(v["from"]), "at_least": [int(c) for c in v["at_least"]],
                                  "all_seats": [int(c) for c in v["all_seats"]], "total": int(v["total"])}
                         for k, v in data.get("exact_tail", {}).items()},
                "simulated": {int(k): (np.array(v["sum"], dtype=np.int64), np.array(v["cross"], dtype=np.int64))
                              for k, v in data["simulated"].items()}}
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def control_means(players: int, exact: dict) -> list[Fraction]:
    """The exact means of the 30 controls for ``players`` seats: for s = 1, 2, 3 seats and c = 1..10,
    C(players, s) times the chance that the highest of s players' hands is at least c."""
    out: list[Fraction] = []
    for s in (1, 2, 3):
        counts, total = exact[s]
        at_least, running = [], 0
        for c in reversed(counts):
            running += int(c)
            at_least.append(Fraction(running, total))
        at_least.reverse()
        out.extend(comb(players, s) * a for a in at_least[1:])
    return out


def tail_fractions(tail: dict) -> list[Fraction]:
    """The exact chance of each category from the tail's threshold up, from its "at least" counts."""
    at_least = [Fraction(c, tail["total"]) for c in tail["at_least"]] + [Fraction(0)]
    return [at_least[i] - at_least[i + 1] for i in range(len(tail["at_least"]))]


def _solve_exact(m: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """X with M X = rhs for a small invertible ``m``, by Gauss-Jordan elimination over fractions."""
    n = len(m)
    rows = [list(m[i]) + list(rhs[i]) for i in range(n)]
    for col in range(n):
        pick = next(i for i in range(col, n) if rows[i][col] != 0)
        rows[col], rows[pick] = rows[pick], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for i in range(n):
            if i != col and rows[i][col] != 0:
                f = rows[i][col]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[col])]
    return [row[n:] for row in rows]


def _min_norm_solution(m: list[list[int]], rhs: list[list[int]]) -> list[list[Fraction]]:
    """X with M X = rhs of least norm (X = M^+ rhs), exactly, for a symmetric whole-number ``m`` whose
    range holds ``rhs`` (a covariance matrix and cross-covariances with it): one solution by
    fraction-free Gauss-Jordan elimination (every entry stays a whole number), then its part in M's
    null space taken away."""
    n, k = len(m), len(rhs[0])
    rows = [list(m[i]) + list(rhs[i]) for i in range(n)]
    previous, r, pivots = 1, 0, []
    for col in range(n):
        pick = next((i for i in range(r, n) if rows[i][col]), None)
        if pick is None:
            continue
        rows[r], rows[pick] = rows[pick], rows[r]
        lead_row, lead = rows[r], rows[r][col]
        for i in range(n):
            if i != r:
                f = rows[i][col]
                rows[i] = [(lead * a - f * b) // previous for a, b in zip(rows[i], lead_row)]   # exact (Bareiss)
        previous = lead
        pivots.append(col)
        r += 1
    solution = [[Fraction(0)] * k for _ in range(n)]
    for i, col in enumerate(pivots):
        solution[col] = [Fraction(x, rows[i][col]) for x in rows[i][n:]]
    free = [c for c in range(n) if c not in pivots]
    if not free:
        return solution
    # a basis of the null space, one vector per free column, then X - N (N'N)^-1 N'X
    null = []
    for f in free:
        v = [Fraction(0)] * n
        v[f] = Fraction(1)
        for i, col in enumerate(pivots):
            v[col] = Fraction(-rows[i][f], rows[i][col])
        null.append(v)
    gram = [[sum((a * b for a, b in zip(u, w)), Fraction(0)) for w in null] for u in null]
    projected = [[sum((u[i] * solution[i][j] for i in range(n) if u[i]), Fraction(0)) for j in range(k)] for u in null]
    coef = _solve_exact(gram, projected)
    for a, u in enumerate(null):
        for i in range(n):
            if u[i]:
                solution[i] = [x - u[i] * c for x, c in zip(solution[i], coef[a])]
    return solution


def cv_distribution(players: int, rounds: int, sums, cross, exact: dict) -> tuple[list[Fraction], list[list[Fraction]]]:
    """The control-variate (regression) estimate of the highest hand's distribution among
    ``players`` seats, and the covariance of its residuals per round (so the variance of a paytable's
    estimated return with values v is v' R v / rounds). Each category's indicator is regressed on the
    controls, so for any paytable the estimate is the regression estimate of its own payout.

    Computed exactly from the shipped whole-number sums and cross-products (the regression uses the
    pseudo-inverse of the controls' covariance, which is singular: some controls never occur, some
    are tied to others), so every machine gets the same figures to the last bit."""
    n5 = len(CATEGORIES_5)
    s = [int(x) for x in sums]
    n = len(s)
    # rounds^2 times the covariance, in whole numbers
    m = [[rounds * int(cross[i][j]) - s[i] * s[j] for j in range(n)] for i in range(n)]
    beta_t = _min_norm_solution([row[n5:] for row in m[n5:]], [row[:n5] for row in m[n5:]])   # controls x categories
    means = control_means(players, exact)
    gap = [Fraction(s[n5 + i], rounds) - means[i] for i in range(n - n5)]
    estimate = [Fraction(s[y], rounds) - sum((beta_t[i][y] * gap[i] for i in range(n - n5)), Fraction(0))
                for y in range(n5)]
    scale = rounds * rounds
    residual = [[(m[y][z] - sum((beta_t[i][y] * m[n5 + i][z] for i in range(n - n5)), Fraction(0))) / scale
                 for z in range(n5)] for y in range(n5)]
    return estimate, residual


def highest_hand(players: int, rules: HandRules, rounds: int = SIMULATED_ROUNDS, seed: int = SEED) -> HighestHand:
    """The distribution of the highest category among ``players`` hands (exact for one player)."""
    shipped = shipped_distribution(rules) if rounds == SIMULATED_ROUNDS and seed == SEED else None
    if shipped and players in shipped["exact"]:
        counts, total = shipped["exact"][players]
        exact = [Fraction(c, total) for c in counts]
        return HighestHand([float(p) for p in exact], 0, exact)
    if shipped and players in shipped["simulated"] and all(s in shipped["exact"] for s in (1, 2, 3)):
        return shipped_highest(players, rules)
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
    return HighestHand([int(c) / rounds for c in best_counts], rounds, None, None, Method.SIMULATED_PLAIN)


@cache.remembered(4)
def shipped_regression(rules: HandRules) -> dict | None:
    """{players: (estimate, residual)}: :func:`cv_distribution` solved ahead for the shipped data of
    ``rules`` (``data/coverall_regression.json``, written with it by
    ``tools/build_coverall_distribution.py``; a test solves it again and compares), exact fractions; None
    where the file is absent, damaged, or was solved for other data than the shipped distribution."""
    try:
        data = json.loads(_REGRESSION.read_text())
        if data.get("distribution_sha256") != hashlib.sha256(_SHIPPED.read_bytes()).hexdigest() \
                or data.get("rules") != repr(rules):
            return None
        return {int(k): ([Fraction(x) for x in v["estimate"]], [[Fraction(x) for x in row] for row in v["residual"]])
                for k, v in data["players"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError):
        return None


@cache.remembered(16)
def shipped_highest(players: int, rules: HandRules) -> HighestHand:
    """:func:`from_shipped` for the shipped data of ``rules``, once per process, with the regression
    solved ahead where it ships (callers only read the result)."""
    solved = shipped_regression(rules) or {}
    return from_shipped(players, shipped_distribution(rules), solved.get(players))


def from_shipped(players: int, shipped: dict, solved: tuple | None = None) -> HighestHand:
    """The simulated distribution for ``players`` seats from the shipped data; where the data has an
    exact tail for that count, the tail's categories are exact and the one just below it takes the
    estimated chance of reaching it less the tail's exact total (so the chances still sum to 1)."""
    sums, cross = shipped["simulated"][players]
    tail = shipped["tail"].get(players)
    estimate, residual = solved or cv_distribution(players, shipped["rounds"], sums, cross, shipped["exact"])
    if tail is None:
        return HighestHand([float(p) for p in estimate], shipped["rounds"], None, residual, Method.SIMULATED)
    low = tail["from"]
    exact_tail = tail_fractions(tail)
    below = float(sum(estimate[low - 1:]) - sum(exact_tail))
    probabilities = [float(p) for p in estimate[:low - 1]] + [below] + [float(p) for p in exact_tail]
    return HighestHand(probabilities, shipped["rounds"], None, residual, Method.TAIL_EXACT, exact_tail, low)


def price_cover_all(table: Paytable, players: int, rules: HandRules) -> dict:
    """Return per unit, hit frequency and (when simulated) a 95% interval for the return; how the
    chances were had (``method``, a :class:`~.record.Method`, with ``exact_from``, the category from
    which they are exact where only those are)."""
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
    pairs = dist.exact_pairs(values, [bool(x) for x in paid])
    if dist.exact is not None:
        return {"rtp": rtp, "hit": hit, "interval": None, "rounds": 0, "missing": missing,
                "method": Method.EXACT, "exact_from": None,
                "exact_rtp": sum((p * v for p, v in pairs), Fraction(0))}
    if pairs is not None:
        # the paytable treats every category below the exact tail alike, so their sum, exact, is all it needs
        exact_hit = (pairs[0][0] if paid[0] else Fraction(0)) + sum(
            (p for p, ok in zip(dist.tail, paid[dist.tail_from:]) if ok), Fraction(0))
        exact_rtp = sum((p * v for p, v in pairs), Fraction(0))
        return {"rtp": float(exact_rtp), "hit": float(exact_hit), "interval": None, "rounds": 0,
                "missing": missing, "exact_rtp": exact_rtp, "method": Method.TAIL_ALIKE,
                "exact_from": CATEGORIES_5[dist.tail_from]}
    half = dist.half_width(values)
    return {"rtp": rtp, "hit": hit, "interval": (rtp - half, rtp + half), "rounds": dist.rounds,
            "missing": missing, "method": dist.method, "exact_rtp": None,
            "exact_from": CATEGORIES_5[dist.tail_from] if dist.tail is not None else None}


def cover_all_moments(table: Paytable, players: int, rules: HandRules):
    """The moments of Cover All's net result per unit staked with ``players`` players: exact for
    one player, from the shipped simulation's frequencies (as fractions) for more."""

    dist = highest_hand(players, rules)
    values = []
    for name in CATEGORIES_5:
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        values.append(Fraction(0) if line is None or not line.payout.offered else line.payout.per_unit(Fraction(1)))
    pairs = dist.exact_pairs(values) or list(zip(dist.fractions(), values))
    return moments([(p, v - 1) for p, v in pairs])
