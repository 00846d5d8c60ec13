"""The exact distribution of a period's total: the one kind of band every output prints.

The PAR sheet's bands of the hold and the hold check's verdicts are both read from here, on the same
handle (the amount placed; the base game: its three bets as placed), so a band filed with a PAR
sheet is exactly the band ``hold`` later judges a period by.

A Let It Ride wager's result per round is far from normal: a royal flush pays the three base bets
3,000 units at odds of 1 in 649,740, so the base game's skewness per round is about -320, and the
normal approximation puts a band's edges in the wrong place for any period a table plays (at 2,000
rounds, 2.2% of honest periods fall outside its 95% band, all of them below). So the edges are
taken from the exact distribution of the total of n rounds instead:

- the distribution of one round is the PAR sheet's (its rows: each line's probability and net pay;
  for the base game each final hand by the number of bets riding), read through
  :func:`lit_compliance.table.theory.sheet`;
- the n-round total's distribution is the n-th convolution power of it, by the fast Fourier
  transform on a window wide enough that the mass outside it is negligible, on the finest lattice
  every one-round value is a whole multiple of (a few rare, very large outcomes are taken apart, and
  the window widened up to 2^20 points, so that it fits: :mod:`.period_total`; only where no such
  window would hold it is each value's probability split between the two points of a coarser
  lattice around it, the mean exact);
- each band's edges are the quantiles at (1 - level)/2 and (1 + level)/2, said in standard
  deviations from the mean (z), so that they can be compared with a period's z directly;
- they are tabulated for 26 numbers of rounds from 10 to 1,000,000 (five a decade) and
  interpolated in log(rounds) between them.

The table depends only on the one-round distribution, so it is kept in the cache. Where a wager's
pay depends on the meter or on the stake, the table is made at the configured meter and stake (the
period's own mean and SD come from the exact figures at its meter and stake).
"""
from __future__ import annotations

import copy
import hashlib
import json
from statistics import NormalDist
from math import sqrt

import numpy as np

from .. import cache
from .par_record import split_variance_share
from .period_total import Piece, cdf, lattice, total_pieces

GRID = tuple(int(round(10 ** (k / 5))) for k in range(5, 31))   # 10 .. 1,000,000 rounds
EDGE_LEVELS = ("95", "99", "99.9")
#: Tail probabilities at which each side of the total's distribution is tabulated, for p-values:
#: 0.5 (the median) and 0.25, then four a decade from 0.1 down to 1e-8.
TAILS = (0.5, 0.25) + tuple(10 ** (-k / 4) for k in range(4, 33))
P_FLOOR = TAILS[-1]


def one_round(sheet) -> tuple[np.ndarray, np.ndarray] | None:
    """(house's net per round per unit, probability) from a PAR sheet's rows (a
    :class:`~.par_record.ParSheet` or its :class:`~.par_record.SheetBody`), or None."""
    body = getattr(sheet, "body", sheet)
    outcomes = body.round_outcomes() if body is not None else None
    if outcomes is None:
        return None
    values = [-units * float(net) for units, net, _ in outcomes]
    probs = [float(p) for _, _, p in outcomes]
    p = np.array(probs, dtype=float)
    return np.array(values, dtype=float), p / p.sum()


def edges_at(values: np.ndarray, probs: np.ndarray, n: int) -> dict:
    """{level: (z below which, z above which)} a total of n rounds lies outside the band."""
    return _quantiles(values, probs, n)[0]


def hold_bands(values: np.ndarray, probs: np.ndarray, rounds, levels, units: int) -> list[dict]:
    """For each number of rounds, the central band of the hold (the house's win over the amount
    placed) at each level (fractions, e.g. 0.95), from the exact distribution of the total of that
    many rounds; ``values`` are the house's net per round per unit, ``units`` the units a round places
    (3 for the base game). Each: {"rounds": n, "90%": [low, high], ...}."""
    return hold_bands_and_normal_share(values, probs, rounds, levels, units)[0]


_BANDS = cache.Bounded(256)     # hold_bands_and_normal_share's answers in this process, by their inputs


def hold_bands_and_normal_share(values: np.ndarray, probs: np.ndarray, rounds, levels, units: int,
                                normal_levels=()) -> tuple[list[dict], list[dict]]:
    """:func:`hold_bands`, and for each number of rounds n the error of the normal curve's band at each
    of ``normal_levels``: the exact share of honest totals within mean +- z x SD x sqrt(n) (z the normal
    quantile: the band a volatility index gives), where the normal curve says ``level``. Each: {"rounds":
    n, "90%": share, ...}. One exact distribution per n serves both. Worked out once per process for
    one distribution (paytables of several rulesets or readings often play alike: a cold ``par all``
    asks for 34, of which 31 differ)."""
    key = hashlib.sha256(values.tobytes() + b"|" + probs.tobytes() + b"|" + repr(
        (values.dtype.str, probs.dtype.str, tuple(rounds), tuple(levels), units, tuple(normal_levels))).encode()).digest()
    if key not in _BANDS:
        _BANDS[key] = _hold_bands_and_normal_share(values, probs, rounds, levels, units, normal_levels)
    return copy.deepcopy(_BANDS[key])


def _hold_bands_and_normal_share(values: np.ndarray, probs: np.ndarray, rounds, levels, units: int,
                                 normal_levels=()) -> tuple[list[dict], list[dict]]:
    names = tuple(f"{level * 100:g}" for level in levels)
    own = lattice(values)
    mean = float(values @ probs)
    sd = sqrt(max(float((values - mean) ** 2 @ probs), 0.0))
    out, shares = [], []
    for n in rounds:
        keep: list = []
        edges = _quantiles(values, probs, n, names, keep, tails=False)[0]
        row = {"rounds": n}
        for level, name in zip(levels, names):
            lo, hi = edges[name]
            row[f"{int(level * 100)}%"] = [(n * mean + lo * sd * sqrt(n)) / (units * n),
                                           (n * mean + hi * sd * sqrt(n)) / (units * n)]
        step = _coarser_step(own, keep[0]) if keep else None
        if step is not None:          # the total's last resort: said with the sheet's band
            row["lattice"] = step
        out.append(row)
        if normal_levels and keep:
            pieces = keep[0]
            total = float(sum(pc.weights.sum() for pc in pieces))
            share = {"rounds": n}
            for level in normal_levels:
                half = NormalDist().inv_cdf(0.5 + level / 2) * sd * sqrt(n)
                inside = cdf(pieces, np.array([n * mean + half]))[0] - cdf(pieces, np.array([n * mean - half - 1e-9]))[0]
                share[f"{int(level * 100)}%"] = float(inside / total)
            shares.append(share)
    return out, shares


def _coarser_step(own: tuple[float, bool], pieces: list[Piece]) -> float | None:
    """The step of the lattice the pieces of a total are on, where it is coarser than the values' own
    (``own``: their :func:`.period_total.lattice`; coarser: :mod:`.period_total`'s last resort) or the
    values are not whole multiples of it (no lattice found: each split onto the grid of 1e-4), else None."""
    step = max((pc.h for pc in pieces), default=0.0)
    return float(step) if step > own[0] * (1 + 1e-9) or not own[1] else None


def total_bands(values: np.ndarray, probs: np.ndarray, rounds, level: str = "95") -> list[tuple[float, float]]:
    """For each number of rounds n, the central ``level`` % band of the total of n rounds (in the
    units of ``values``), from the exact distribution of that total: half of the rest lies below
    its lower edge, half above its upper one."""
    return [(lo, hi) for lo, hi, _ in total_bands_and_lattices(values, probs, rounds, level)]


def total_bands_and_lattices(values: np.ndarray, probs: np.ndarray, rounds,
                             level: str = "95") -> list[tuple[float, float, float | None]]:
    """:func:`total_bands`, each with the step of the lattice its total was put on where that is
    coarser than the values' own (:mod:`.period_total`: a total no window can hold on its own
    lattice), else None."""
    mean = float(values @ probs)
    sd = sqrt(max(float((values - mean) ** 2 @ probs), 0.0))
    own = lattice(values)
    out = []
    for n in rounds:
        keep: list = []
        lo, hi = _quantiles(values, probs, n, (level,), keep, tails=False, cheapest=True)[0][level]
        out.append((n * mean + lo * sd * sqrt(n), n * mean + hi * sd * sqrt(n),
                    _coarser_step(own, keep[0]) if keep else None))
    return out


def _quantiles(values: np.ndarray, probs: np.ndarray, n: int, levels: tuple = EDGE_LEVELS,
               keep: list | None = None, tails: bool = True, cheapest: bool = False) -> tuple[dict, tuple[list, list]]:
    """:func:`edges_at` (at ``levels``, percentages as text), and the z of each tail probability in
    :data:`TAILS` on either side (the lower: the z at or below which the total lies with that
    probability; the upper: at or above). A caller that reads only the bands passes ``tails=False``:
    the tails are then not searched for (each search is a pass over the pieces for every target) and
    come back empty; each band edge is searched for alone, and is the same lattice point. With
    ``cheapest`` (a caller that reads the bands and nothing else of the pieces), they are the pieces of
    the window that costs least (:func:`.period_total.total_pieces`): the same band edges; a PAR sheet,
    which also reads the normal curve's share from the pieces, keeps the narrowest window's to the bit."""
    mean = float(values @ probs)
    sd = sqrt(max(float((values - mean) ** 2 @ probs), 0.0))
    if sd == 0:
        return {lv: (-np.inf, np.inf) for lv in levels}, ([-np.inf] * len(TAILS), [np.inf] * len(TAILS))
    spread = sd * sqrt(n)
    pieces = total_pieces(values, probs, n, cheapest=cheapest and not tails)
    if keep is not None:         # the caller reads the same distribution again
        keep.append(pieces)
    targets = [(1 - float(lv) / 100) / 2 for lv in levels] + (list(TAILS) if tails else [])
    low, high = _edges(pieces, np.array(targets), n * float(values.min()), n * float(values.max()), n * mean, spread)
    z_low = (low - n * mean) / spread
    z_high = (high - n * mean) / spread
    k = len(levels)
    out = {lv: (float(z_low[i]), float(z_high[i])) for i, lv in enumerate(levels)}
    return out, (z_low[k:].tolist(), z_high[k:].tolist())


#: Where the bisection of :func:`_edges` first looks, in SDs of the total from its mean: each edge's
#: search starts between the two of these around it (else between the least and the most total).
PROBES = tuple(sorted({sign * z for z in (0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 25,
                                          30, 40, 50, 65, 80, 100, 130, 160, 200, 260, 330, 420, 550, 700,
                                          900, 1200, 1600, 2000, 3000, 5000, 10000) for sign in (-1, 1)}))


def _edges(pieces: list[Piece], a: np.ndarray, least: float, most: float,
           center: float | None = None, scale: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each tail probability a: the lower edge (half a step below the first point where P(total
    <= t) exceeds a) and the upper edge (half a step below the first point t where P(total >= t) is
    at most a), by bisection over all the probabilities at once. Where the total's mean and SD are
    given (``center``, ``scale``), each search starts between the two :data:`PROBES` around its edge,
    all probed in one pass, not between the least and the most total: the same point is found (the
    first lattice point past the edge, to which the bisection's last quarter step is snapped) in
    fewer passes over the pieces."""
    h = min(pc.h for pc in pieces)
    total = float(sum(pc.weights.sum() for pc in pieces))
    probes = np.array([])
    if center is not None and scale:
        probes = center + scale * np.array(PROBES)
        probes = probes[(probes > least - 2 * h) & (probes < most + 2 * h)]
    if len(probes):
        at = cdf(pieces, np.concatenate([probes, probes - h / 2]))
        below, below_half = at[:len(probes)], at[len(probes):]
    bounds = {}

    def bracket(ok: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each target's first probe where ``ok`` holds (ok: targets x probes), and the probe before it."""
        lo = np.full(a.shape, least - 2 * h)
        hi = np.full(a.shape, most + 2 * h)
        if len(probes):
            j = np.argmax(ok, axis=1)
            found = ok[np.arange(len(a)), j]
            hi = np.where(found, probes[j], hi)
            lo = np.where(found, np.where(j > 0, probes[np.maximum(j - 1, 0)], lo), probes[-1])
        return lo, hi

    if len(probes):
        bounds["low"] = bracket(below[None, :] > (a * total)[:, None])
        bounds["high"] = bracket(total - below_half[None, :] <= (a * total)[:, None])

    def first(pred, side: str) -> np.ndarray:
        lo, hi = bounds.get(side) or (np.full(a.shape, least - 2 * h), np.full(a.shape, most + 2 * h))
        for _ in range(200):
            if np.all(hi - lo <= h / 4):
                break
            mid = (lo + hi) / 2
            ok = pred(mid)
            hi = np.where(ok, mid, hi)
            lo = np.where(ok, lo, mid)
        return hi

    x_low = first(lambda t: cdf(pieces, t) > a * total, "low")
    x_high = first(lambda t: total - cdf(pieces, t - h / 2) <= a * total, "high")
    at_least = float(cdf(pieces, np.array([least + h / 2]))[0])             # P(total is its least)
    at_most = total - float(cdf(pieces, np.array([most - h / 2]))[0])      # P(total is its most)
    # where the least (most) total itself is more likely than a, no result lies beyond the band on that
    # side: its edge is half a step beyond that total
    # x_low lies in [t, t + h/4) for the first point t with P(total <= t) > a: round down to t;
    # x_high in [t - h/2, t - h/4] for the first point t with P(total >= t) <= a: round up to t
    low = np.where(at_least > a * total, least - h / 2, _snap(pieces, x_low, np.floor) - h / 2)
    high = np.where(at_most > a * total, most + h / 2, _snap(pieces, x_high, np.ceil) - h / 2)
    return low, high


def _snap(pieces: list[Piece], t: np.ndarray, rounding) -> np.ndarray:
    """Each t moved to a lattice point of the finest piece: the one at or below it (``np.floor``) or
    at or above it (``np.ceil``)."""
    pc = min(pieces, key=lambda p: p.h)
    shift = float(pc.shifts[0])
    nudge = 1e-9 if rounding is np.floor else -1e-9
    return shift + pc.start + rounding((t - shift - pc.start) / pc.h + nudge) * pc.h


def _key(values, probs) -> str:
    text = json.dumps([np.round(values, 10).tolist(), np.round(probs, 15).tolist()])
    return hashlib.sha256(text.encode()).hexdigest()


def _finite(x: float, side: int) -> float:
    return x if np.isfinite(x) else side * 1e9


def _edge_table(values: np.ndarray, probs: np.ndarray) -> dict:
    """The band edges at every level and the tail table, at each point of :data:`GRID`, as JSON data."""
    table: dict = {lv: [[], []] for lv in EDGE_LEVELS}
    table["tails"] = [[], []]
    coarser = []
    own = lattice(values)
    for n in GRID:
        keep: list = []
        e, (low, high) = _quantiles(values, probs, n, keep=keep)
        for lv in EDGE_LEVELS:
            table[lv][0].append(_finite(e[lv][0], -1))
            table[lv][1].append(_finite(e[lv][1], 1))
        table["tails"][0].append([_finite(x, -1) for x in low])
        table["tails"][1].append([_finite(x, 1) for x in high])
        step = _coarser_step(own, keep[0]) if keep else None
        if step is not None:
            coarser.append([n, step])
    if coarser:        # grid points whose total is on a coarser lattice (period_total's last resort)
        table["lattices"] = coarser
    return table


def _edges_from_json(stored) -> dict:
    if not (isinstance(stored, dict) and set(stored) - {"lattices"} == set(EDGE_LEVELS) | {"tails"}):
        raise ValueError("not a table of band edges")
    for row in stored.get("lattices", ()):
        if not (isinstance(row, list) and len(row) == 2 and row[0] in GRID and isinstance(row[1], float) and row[1] > 0):
            raise ValueError("not a grid point's coarser lattice")
    return stored


HOLD_EDGES = cache.kind("hold-edges", cache.same, _edges_from_json,
                        "band edges in z for one one-round distribution at every grid point (:class:`Edges`)")


class Edges:
    """Band edges in z for any number of rounds, for one one-round distribution, and the p-value of
    any z (from the tail table: the z of each tail probability in :data:`TAILS`)."""

    def __init__(self, values: np.ndarray, probs: np.ndarray):
        inputs = {"distribution": _key(values, probs), "grid": repr(GRID), "tails": repr(TAILS)}
        stored = cache.memo(HOLD_EDGES, inputs, lambda: _edge_table(values, probs))
        self.table = {lv: (np.array(stored[lv][0]), np.array(stored[lv][1])) for lv in EDGE_LEVELS}
        self.tails = (np.array(stored["tails"][0]), np.array(stored["tails"][1]))   # [grid point, tail]
        self.x = np.log10(np.array(GRID, dtype=float))
        #: grid point -> (the coarser lattice its total was on, the most that adds to the variance)
        self.coarser: dict = {}
        if stored.get("lattices"):       # (none but where no window held a total: no work otherwise)
            var = max(float((values - float(values @ probs)) ** 2 @ probs), 0.0)
            self.coarser = {int(n): (float(step), split_variance_share(step, var)) for n, step in stored["lattices"]}

    def coarser_at(self, rounds: int) -> tuple[float, float] | None:
        """Where the band edges and p-values at ``rounds`` are read (interpolated) from a grid point whose
        total was on a lattice coarser than the outcomes' own: the coarsest such lattice and the most it
        adds to the variance (a share); else None."""
        if not self.coarser:
            return None
        x = np.log10(min(max(float(rounds), GRID[0]), GRID[-1]))
        i = int(np.searchsorted(self.x, x))          # the grid point at or after it (x is within the grid)
        used = (i,) if self.x[i] == x else (i - 1, i)  # np.interp reads that point, or the two around it
        got = [self.coarser[GRID[j]] for j in used if GRID[j] in self.coarser]
        return max(got) if got else None

    def p_values(self, z, rounds) -> np.ndarray:
        """The two-sided p-value of each z at its number of rounds: twice the probability, in the
        exact distribution of the period's total, of a result at least as far out on its side
        (at most 1; at least :data:`P_FLOOR`, the smallest tail tabulated, for a result beyond it).
        The tail is interpolated in log10 between the tabulated tail probabilities, and each
        tabulated z in log10(rounds) between the grid's numbers of rounds."""
        z = np.asarray(z, dtype=float)
        x = np.log10(np.clip(np.asarray(rounds, dtype=float), GRID[0], GRID[-1]))
        logs = np.log10(np.array(TAILS))
        out = np.ones(z.shape)
        for value in np.unique(x):
            at = x == value
            low = np.array([np.interp(value, self.x, self.tails[0][:, k]) for k in range(len(TAILS))])
            high = np.array([np.interp(value, self.x, self.tails[1][:, k]) for k in range(len(TAILS))])
            low = np.maximum.accumulate(low[::-1])[::-1]       # z rises with the tail probability below
            high = np.minimum.accumulate(high[::-1])[::-1]     # and falls with it above
            zs = z[at]
            below = zs <= low[0]
            # lower side: z from low[-1] (the most extreme) up to low[0] (the median)
            p_low = 10 ** np.interp(zs, low[::-1], logs[::-1], left=logs[-1], right=0.0)
            p_high = 10 ** np.interp(-zs, -high[::-1], logs[::-1], left=logs[-1], right=0.0)
            out[at] = np.minimum(1.0, 2 * np.where(below, p_low, p_high))
        return out

    def at(self, rounds) -> dict:
        """{level: (low z edges, high z edges)} for an array of round counts."""
        x = np.log10(np.clip(np.asarray(rounds, dtype=float), GRID[0], GRID[-1]))
        return {lv: (np.interp(x, self.x, lo), np.interp(x, self.x, hi)) for lv, (lo, hi) in self.table.items()}
