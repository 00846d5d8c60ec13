"""The exact distribution of the total of n rounds of one distribution, as a mixture of pieces.

:mod:`.period` reads every band and tail from here. A total is a list of :class:`Piece`: each the
total of some rounds of the ordinary outcomes on a fine lattice (its CDF, by the fast Fourier
transform), shifted by sums of rare large outcomes with their chances. Where the finest lattice fits
the window the total needs, one piece. Where a few rare, very large outcomes (a six-card bonus paying
200,000 units, a progressive's jackpot) would make the window too wide for it, those outcomes are
taken apart: for each number k of them in the n rounds (binomial), the ordinary outcomes' total of
n - k rounds, shifted by each way the k rare outcomes add up.

The window is the narrowest of 2^16, 2^17, ... up to 2^20 points (half of :data:`WIDE_POINTS`) that
holds the ordinary outcomes' total on the fine lattice, with at most :data:`RARE_EXPECTED` rare
outcomes expected apart, and in which the rare outcomes' sums can be listed one by one
(:func:`rare_step`) within :data:`PREFER_POINTS` pairs a step and :data:`PREFER_SHIFTS` sums in all
(in the widest, :data:`POINT_BUDGET` and :data:`SHIFT_BUDGET`): a player's whole round at a
half-dollar stake has hundreds of rare outcomes of distinct sizes, whose sums run to millions in the
narrowest window (43 s and 3.6 GB once), and a wider window's few more points to transform cost less
than a long listing. The ordinary outcomes' totals of n, n - 1, ... rounds the pieces need come from
one transform (:func:`convolved`). Every such window gives the same distribution on the same lattice, so
a band's edges are the same lattice points whichever holds it, and a tail read far out (to 1e-8,
where a lattice point holds less than the transform's rounding) at most one point apart
(``tests/gamemath/test_period_total.py`` holds them to it).

Where no window does, the total is put on a lattice a little coarser than its own, each value's
chance split between its two neighbours (the mean exact, the variance larger by at most a quarter of
the step squared a round): in the widest window, with half, a quarter, ... of the rare outcomes apart
until their sums can be listed (the step is then set by the ordinary outcomes alone: 1/400 of the
round's SD for a quarter-dollar table's player over 60,000 rounds), else with none apart. No bundled
PAR sheet, hold check or example table's player reaches it. (The window once stopped at 2^16 points,
and a long period's total, a PAR sheet's band at 100,000 rounds, was put on a lattice coarse enough to
add 0.3-2.7% to its variance.)
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd, lgamma, log, log1p, sqrt

import numpy as np

MAX_POINTS = 1 << 17
TAIL_SDS = 10
RARE_EXPECTED = 5.0      # at most this many rare outcomes expected in the rounds, to treat them apart
RARE_PRUNE = 1e-16       # a way the rare outcomes add up with less chance than this is left out
#: The most (sum, outcome) pairs one round of listing the rare outcomes' sums one by one may make;
#: past it a wider window is tried (:func:`total_pieces`).
POINT_BUDGET = 1 << 22
#: The most sums of rare outcomes the pieces may hold in all (each is a pass of every band edge's
#: search): past it, too, a wider window is tried (140,891 sums cost 2.5 s of search where the next
#: window's 502 cost 0.01 s).
SHIFT_BUDGET = 1 << 16
#: Where that happens, the window the ordinary outcomes' total takes is doubled (fewer outcomes are then
#: taken apart), up to half of this many points of the fine lattice.
WIDE_POINTS = 1 << 21
#: In every window but the widest, the listing gives way sooner, at this many pairs a step or this many
#: sums in all: past them a wider window, with fewer outcomes apart, costs less (a few more points to
#: transform for each piece, against a listing's millions of pairs and each sum's pass of every edge's
#: search; the Maryland example's player over 60,000 rounds: 57,296 sums listed in 0.38 s in the
#: narrower window, 1,637 in 0.15 s in the widest, the same band). The widest keeps the budgets above,
#: so no total that could be listed there is put on a coarser lattice for it.
PREFER_POINTS = 1 << 20
PREFER_SHIFTS = 1 << 14


def lattice_step(values: np.ndarray) -> float:
    """The coarsest step every value is a whole multiple of, at least 1e-4 (:func:`lattice`)."""
    return lattice(values)[0]


def lattice(values: np.ndarray) -> tuple[float, bool]:
    """The coarsest step every value is a whole multiple of, at least 1e-4, and whether they are: on
    the grid of 1e-4 (to 1e-3 of it), their greatest common divisor there; off it, as fractions
    (:func:`_fraction_step`: a wager paying money amounts, priced a unit at a stake that does not
    divide them, pays 1,000 / 7 units at $7); (1e-4, False) where neither is found: the values are
    then split onto that grid, which adds to a total's variance and is said as a coarser lattice."""
    scaled = np.round(values * 10_000).astype(np.int64)
    if np.any(np.abs(values * 10_000 - scaled) > 1e-3):
        step = _fraction_step(values)
        return (step, True) if step is not None else (1e-4, False)
    g = 0
    for v in scaled.tolist():
        g = gcd(g, abs(v))
    return max(g, 1) / 10_000, True


#: The largest denominator :func:`_fraction_step` reads a value with, and lets the step's have.
MAX_DENOMINATOR = 1_000_000


def _fraction_step(values: np.ndarray) -> float | None:
    """The greatest common divisor of the values read as fractions of denominator at most
    :data:`MAX_DENOMINATOR` (money over a stake in cents: 99,999,300 / 700), where each value is its
    fraction to 1e-12 of itself, every value a whole multiple of the step to 1e-6 of it, and the step
    at least 1e-4; else None."""
    num, den = 0, 1
    for v in np.unique(values).tolist():
        f = Fraction(v).limit_denominator(MAX_DENOMINATOR)
        if abs(float(f) - v) > 1e-12 * max(1.0, abs(v)):
            return None
        common = den * f.denominator // gcd(den, f.denominator)
        if common > MAX_DENOMINATOR:
            return None
        num, den = gcd(num * (common // den), abs(f.numerator) * (common // f.denominator)), common
    step = num / den
    if not step >= 1e-4:
        return None
    multiples = values / step
    return step if float(np.abs(multiples - np.round(multiples)).max()) < 1e-6 else None


def coarsened_step(own: float, at_least: float) -> float:
    """The step of a lattice coarser than the values' own (``own``) that is at least ``at_least``: that,
    but never less than twice ``own``. A step a hair above the own one ($1.0003 for a dollar) splits every
    value as a step of $2 would, and a report's four decimals print it as the own step ($1.0000)."""
    return max(at_least, 2 * own)


def on_lattice(values, probs, h):
    """Indexes and probabilities on the lattice of step h; a value between two points is split
    between them so that the mean stays exact."""
    pos = values / h
    lo = np.floor(pos)
    frac = pos - lo
    idx = np.concatenate([lo, lo + 1]).astype(np.int64)
    p = np.concatenate([probs * (1 - frac), probs * frac])
    keep = p > 0
    return idx[keep], p[keep]


class Piece:
    """One part of the total's distribution: the total of some rounds of the ordinary outcomes, on
    the lattice ``start + i * h`` (its
    CDF ``cdf``), shifted by each of ``shifts`` (sums of rare large outcomes) with the matching
    ``weights``."""

    __slots__ = ("weights", "shifts", "start", "h", "cdf", "_padded")

    def __init__(self, weights, shifts, start, h, cdf):
        self.weights = np.asarray(weights, dtype=float)
        self.shifts = np.asarray(shifts, dtype=float)
        self.start, self.h, self.cdf = start, h, cdf
        self._padded = _padding_of(cdf)

    @property
    def padded(self) -> np.ndarray:
        """The CDF with 0 before its first point and 1 after its last: ``padded[i + 1]`` is P(total
        <= point i) for any i, once i is clipped to [-1, len(cdf)]."""
        if self._padded is None:
            self._padded = np.concatenate(([0.0], self.cdf, [1.0]))
        return self._padded


def _padding_of(cdf: np.ndarray) -> np.ndarray | None:
    """The padded array ``cdf`` is the view ``[1:-1]`` of (:func:`padded_cdf`), else None."""
    base = cdf.base if isinstance(cdf, np.ndarray) else None
    if (isinstance(base, np.ndarray) and base.ndim == 1 and cdf.ndim == 1 and base.size == cdf.size + 2
            and base.dtype == cdf.dtype and base.strides == cdf.strides
            and _address(cdf) == _address(base) + base.itemsize):
        return base
    return None


def _address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def cdf(pieces: list[Piece], t: np.ndarray) -> np.ndarray:
    """P(total <= t) for each t (unnormalised: the pieces' weights sum to 1 less what was pruned)."""
    out = np.zeros(t.shape)
    for pc in pieces:
        x = np.subtract(t[None, :], pc.shifts[:, None])
        x -= pc.start
        x /= pc.h
        x += 1e-9
        np.floor(x, out=x)
        i = x.astype(np.int64)           # the point at or below each t, less each shift
        i += 1
        np.clip(i, 0, len(pc.cdf) + 1, out=i)
        out += pc.weights @ pc.padded[i]   # 0 below the first point, 1 past the last
    return out


def convolved(values, probs, rounds, h0: float, limit: int = MAX_POINTS // 2) -> dict[int, tuple[float, float, np.ndarray]]:
    """For each number of rounds m in ``rounds``: (first point, step, CDF) of the total of m rounds of
    one distribution, on the finest lattice (``h0``, every value a whole multiple of it) where the
    window of the most rounds fits ``limit`` points, else on a coarser one with each value's
    probability split between its two neighbours (mean exact). One window and one transform serve
    every m: the m-th power of the transform is made by squaring, and each next m's from the last
    one's by multiplying (the k-th piece of a total with k rare outcomes taken apart is n - k rounds,
    so these are n, n - 1, ...: one power, then one product each)."""
    mean = float(values @ probs)
    most = max(rounds)
    low_room, high_room = (room + h0 for room in _room(values, probs, most))
    h = h0
    if (low_room + high_room) / h > limit:
        h = coarsened_step(h0, (low_room + high_room) / limit)
    idx, p = on_lattice(values, probs, h)
    size = _transform_size((low_room + high_room) / h)
    one = np.zeros(size)
    np.add.at(one, np.mod(idx, size), p)
    spectrum = np.fft.rfft(one)
    out: dict[int, tuple[float, float, np.ndarray]] = {}
    power, at = None, 0
    for m in sorted(set(rounds)):
        power = _power(spectrum, m) if power is None else power * _power(spectrum, m - at)
        at = m
        low = _room(values, probs, m)[0] + h0
        start = int(np.floor((m * mean - low) / h))
        out[m] = (start * h, h, padded_cdf(np.fft.irfft(power, size), start % size)[1:-1])
    return out


def padded_cdf(pmf: np.ndarray, turn: int = 0) -> np.ndarray:
    """The CDF of ``pmf`` (turned left by ``turn`` points, as ``np.roll(pmf, -turn)``; negative values,
    a transform's rounding, made 0; normalised) with 0 before its first point and 1 after its last
    (:attr:`Piece.padded`), made in one array: a piece reads its CDF as the view ``[1:-1]`` of it."""
    size = len(pmf)
    padded = np.empty(size + 2)
    padded[0], padded[-1] = 0.0, 1.0
    body = padded[1:-1]
    body[:size - turn] = pmf[turn:]
    body[size - turn:] = pmf[:turn]
    np.clip(body, 0.0, None, out=body)
    body /= body.sum()
    np.cumsum(body, out=body)
    return padded


#: Below this, a frequency's power is left 0: its ``m``-th power would be under 1e-300, which adds
#: less than 1e-300 times the window to any point the transform gives back, where the transform's own
#: rounding is some 1e-17 of the largest point (so the points come back the same:
#: ``tests/gamemath/test_period_total.py``); and squaring on through numbers too small for the
#: machine's ordinary floats (subnormal) costs up to a hundred times an ordinary product, over most of a
#: long period's spectrum.
TINY_POWER = 1e-300


def _transform_size(points: float) -> int:
    """The points :func:`convolved` transforms for a window of ``points`` lattice points: the power of two
    that holds them and four more."""
    return 1 << int(np.ceil(np.log2(points + 4)))


def _power(spectrum: np.ndarray, m: int) -> np.ndarray:
    """``spectrum ** m`` by repeated squaring (a few products of the whole array; numpy's ``**`` calls
    the complex power point by point, three times as dear): relative error of order m times the
    machine's epsilon either way. Made only at the frequencies whose power is at least
    :data:`TINY_POWER` (the same products there, bit for bit), 0 elsewhere: 762 of the 524,289 of
    the Maryland example's player over 60,000 rounds."""
    if m > 1:
        live = (spectrum.real ** 2 + spectrum.imag ** 2) >= TINY_POWER ** (2 / m)
        if not live.all():
            out = np.zeros_like(spectrum)
            out[live] = _squared_on(spectrum[live], m)
            return out
    return _squared_on(spectrum, m)


def _squared_on(spectrum: np.ndarray, m: int) -> np.ndarray:
    out = np.ones_like(spectrum)
    base = spectrum
    while m:
        if m & 1:
            out = out * base
        m >>= 1
        if m:
            base = base * base
    return out


def _room(values, probs, n: int) -> tuple[float, float]:
    """How far below and above its mean the total of n rounds is tabulated: TAIL_SDS SDs and four
    of the widest outcomes, but never past the least or most the total can be."""
    mean = float(values @ probs)
    spread = sqrt(max(float((values - mean) ** 2 @ probs), 0.0)) * sqrt(n)
    low = min(TAIL_SDS * spread + 4 * max(0.0, mean - values.min()), n * (mean - values.min()))
    high = min(TAIL_SDS * spread + 4 * max(0.0, values.max() - mean), n * (values.max() - mean))
    return low, high


def _window(values, probs, n: int, h0: float) -> float:
    """How many lattice points of step ``h0`` the total of n rounds needs (see :func:`convolved`)."""
    return sum(_room(values, probs, n)) / h0


def _log_binomial(n: int, k: int, p: float) -> float:
    return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) + k * log(p) + (n - k) * log1p(-p)


class _TooMany(Exception):
    """Listing the rare outcomes' sums one by one would pass :data:`POINT_BUDGET` or :data:`SHIFT_BUDGET`."""


def total_pieces(values: np.ndarray, probs: np.ndarray, n: int, cheapest: bool = False) -> list[Piece]:
    """The total of n rounds as a mixture of pieces (see the module's text). The coarse lattice the
    rare pieces avoid smeared the common outcomes and widened the bands (at 2,000 rounds the six-card
    bonus's 95% band held 98.5% of honest periods). What the pieces leave out (ways with less chance
    than :data:`RARE_PRUNE`, and counts k beyond the binomial's tail) is below 1e-12 in all, far below
    the smallest tail tabulated (1e-8).

    Of the windows that hold it, the narrowest is tried first; with ``cheapest``, the one that costs
    least to transform (:func:`_cost`). Every window gives the same distribution on the same lattice, so
    a band's edges are the same lattice points either way (``tests/gamemath/test_period_total.py``);
    a tail read far out (1e-7, 1e-8), where a point holds less than the transform's rounding, may land
    one point apart, so a caller that reads only bands (a table's player bands) asks for the cheapest,
    and the tail tables keep the narrowest's figures."""
    h0 = lattice_step(values)
    order = _farthest_first(values, probs)
    rare, limit, ways = None, MAX_POINTS // 2, []
    while limit <= WIDE_POINTS // 2:     # each window that holds the total on the fine lattice
        rare = _rare(values, probs, n, h0, limit, order)
        if rare is not None:
            ways.append((_cost(values, probs, n, h0, rare) if cheapest else 0, limit, rare))
        limit *= 2
    for _cost_, limit, apart in sorted(ways, key=lambda way: way[:2]) if cheapest else ways:
        if not len(apart):
            return [Piece([1.0], [0.0], *convolved(values, probs, [n], h0, limit)[n])]
        budget = (POINT_BUDGET, SHIFT_BUDGET) if limit == WIDE_POINTS // 2 else (PREFER_POINTS, PREFER_SHIFTS)
        try:
            return _taken_apart(values, probs, n, h0, apart, limit, budget)
        except _TooMany:
            pass
    limit = WIDE_POINTS // 2             # no window holds it, or the sums are too many to list in each
    r = len(rare) if rare is not None else 0   # the widest window's: fewer apart, the rest a little coarser
    while r > 1:
        r //= 2
        try:
            return _taken_apart(values, probs, n, h0, np.sort(order[:r]), limit, (POINT_BUDGET, SHIFT_BUDGET))
        except _TooMany:
            pass
    return [Piece([1.0], [0.0], *convolved(values, probs, [n], h0, limit)[n])]


def _cost(values, probs, n: int, h0: float, rare: np.ndarray) -> int:
    """What holding the total with the outcomes ``rare`` taken apart costs, in points transformed: the
    ordinary outcomes' window (the power of two :func:`convolved` takes) once forward and once back for
    each number k of rare outcomes a piece is made for (:meth:`_Apart.listed`'s k). A wider window with
    fewer outcomes apart can cost less than a narrow one with many pieces (a Massachusetts player over
    60,000 rounds: one piece of 2^20 points, not eight of 2^19)."""
    ordinary = np.ones(len(values), dtype=bool)
    ordinary[rare] = False
    small_v, small_p = values[ordinary], probs[ordinary] / float(probs[ordinary].sum())
    size = _transform_size(_window(small_v, small_p, n, h0) + 2)   # as convolved's, a step of room either side
    if not len(rare):
        return 2 * size
    apart = _Apart(small_v, small_p, n, float(probs[rare].sum()), h0, 0)
    k, covered, pieces = 0, 0.0, 0
    while k <= n and 1.0 - covered > 1e-13:
        w_k = apart.weight(k)
        covered += w_k
        pieces += w_k > RARE_PRUNE
        k += 1
    return (1 + pieces) * size


def _farthest_first(values, probs) -> np.ndarray:
    """The outcomes' indexes, the farthest from the mean first (the order they are taken apart in)."""
    return np.argsort(-np.abs(values - float(values @ probs)), kind="stable")


def _rare(values, probs, n: int, h0: float, limit: int, order: np.ndarray | None = None) -> np.ndarray | None:
    """The outcomes to take apart so that the rest's total of n rounds fits ``limit`` points of the
    fine lattice: the fewest of those farthest from the mean, expected at most :data:`RARE_EXPECTED`
    times in the rounds (indexes, in order; none where all fit). None where the rest would still not
    fit. ``order``: :func:`_farthest_first`, where the caller has it."""
    order = _farthest_first(values, probs) if order is None else order

    def too_wide(r: int) -> bool:
        keep = np.sort(order[r:])
        return _window(values[keep], probs[keep], n, h0) > limit

    rare = 0
    while too_wide(rare):
        if rare + 1 >= len(values) or n * float(probs[order[:rare + 1]].sum()) > RARE_EXPECTED:
            break
        rare += 1
    if too_wide(rare):
        return None
    return np.sort(order[:rare])


def _taken_apart(values, probs, n: int, h0: float, rare: np.ndarray, limit: int,
                 budget: tuple[int, int]) -> list[Piece]:
    """The pieces with the outcomes ``rare`` taken apart, the rest's total in ``limit`` points (on a
    coarser lattice where it does not fit), their sums listed within ``budget`` (pairs a step, sums in
    all; else :class:`_TooMany`)."""
    ordinary = np.ones(len(values), dtype=bool)
    ordinary[rare] = False
    small = np.flatnonzero(ordinary)     # (not np.setdiff1d: its np.unique imports numpy.ma, 8 ms cold)
    p_rare = float(probs[rare].sum())
    apart = _Apart(values[small], probs[small] / float(probs[small].sum()), n, p_rare, h0, limit)
    return apart.pieces(np.round(values[rare] / h0).astype(np.int64), probs[rare] / p_rare, budget)


class _Apart:
    """The pieces of a total with its rare outcomes taken apart: the ordinary outcomes (``small``,
    chances summing to 1), the rounds, the rare outcomes' chance per round and the fine step."""

    def __init__(self, small_v, small_p, n: int, p_rare: float, h0: float, limit: int):
        self.small_v, self.small_p, self.n, self.p_rare, self.h0 = small_v, small_p, n, p_rare, h0
        self.limit = limit

    def weight(self, k: int) -> float:
        return float(np.exp(_log_binomial(self.n, k, self.p_rare))) if k <= self.n else 0.0

    def pieces(self, steps, q, budget: tuple[int, int]) -> list[Piece]:
        """For each k, the ordinary outcomes' total of n - k rounds shifted by each sum of k rare outcomes
        (``steps`` in lattice steps, chances ``q``). The sums are listed first (:meth:`listed`), so a
        window whose list passes a budget costs no convolution."""
        listed = self.listed(steps, q, budget)
        ordinary = convolved(self.small_v, self.small_p, [self.n - k for k, *_ in listed], self.h0, self.limit)
        return [Piece(w_k * chances, totals.astype(float) * self.h0, *ordinary[self.n - k])
                for k, w_k, totals, chances in listed]

    def listed(self, steps, q, budget: tuple[int, int]) -> list[tuple[int, float, np.ndarray, np.ndarray]]:
        """(k, its binomial chance, the sums of k rare outcomes, their chances) for each k worth a
        piece, listed one by one and pruned below :data:`RARE_PRUNE`. Raises :class:`_TooMany` where a
        step would make more pairs, or the pieces would hold more sums, than ``budget`` allows."""
        out = []
        totals, chances = np.zeros(1, dtype=np.int64), np.ones(1)
        k, covered, held = 0, 0.0, 0
        while k <= self.n and 1.0 - covered > 1e-13:
            w_k = self.weight(k)
            covered += w_k
            if w_k > RARE_PRUNE:
                held += len(totals)
                if held > budget[1]:
                    raise _TooMany
                out.append((k, w_k, totals, chances))
            w_next = self.weight(k + 1)
            if len(totals) * len(steps) > budget[0]:
                raise _TooMany
            goes_on = k + 1 <= self.n and 1.0 - covered > 1e-13 and w_next > RARE_PRUNE
            if goes_on and surely_more(totals, chances, steps, q, w_next, budget[1] - held):
                raise _TooMany   # what the step would raise on next, known from a part of it
            totals, chances = rare_step(totals, chances, steps, q)
            keep = chances * w_next > RARE_PRUNE
            totals, chances = totals[keep], chances[keep]
            k += 1
            if not len(totals):
                break
        return out


def surely_more(totals: np.ndarray, chances: np.ndarray, steps: np.ndarray, q: np.ndarray, w_next: float,
                room: int) -> bool:
    """Whether one more rare outcome would surely make more than ``room`` sums worth keeping, read
    from a part of the step: a pair whose own chance times ``w_next`` passes :data:`RARE_PRUNE` keeps
    its sum, whatever else adds to it, so the distinct sums of such pairs, among the pairs of the likeliest
    totals (a sixteenth of them, an eighth, a quarter: while that part is small beside the whole step), are
    no more than the step keeps. A listing that gives way so learns it from a part of the step it would
    give way after (the Maryland example's player: three steps of 0.3 to 0.7 million pairs, made in
    full before, are each given up after a tenth or a fifth of them)."""
    if len(totals) * len(steps) <= 8 * (room + 1):
        return False
    likeliest = np.argsort(-chances, kind="stable")
    rows = len(totals) // 16
    while rows and rows <= len(totals) // 4:
        pick = likeliest[:rows]
        flat_t = (totals[pick, None] + steps[None, :]).ravel()
        flat_c = (chances[pick, None] * q[None, :]).ravel()
        sure = flat_t[flat_c * w_next > RARE_PRUNE]
        if len(sure) <= room:
            return False
        if len(np.unique(sure)) > room:
            return True
        rows *= 2
    return False


def rare_step(totals: np.ndarray, chances: np.ndarray, steps: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sums of one more rare outcome: each total plus each step, with chance times q, the
    chances of equal sums added up. Bit for bit what adding them up one by one in a dict gives
    (each sum first seen where its first pair falls, pairs taken total by total, step by step):
    ``np.bincount`` adds each sum's terms in that same order, from zero. Where the sums span no more
    than twice as many whole steps as there are pairs (the usual case), each sum is its own slot in
    a dense array (no sort); else they are sorted out by ``np.unique``."""
    flat_t = (totals[:, None] + steps[None, :]).ravel()
    flat_c = (chances[:, None] * q[None, :]).ravel()
    size = len(flat_t)
    least = int(flat_t.min()) if size else 0
    span = int(flat_t.max()) - least + 1 if size else 0
    if span > 2 * size:
        sums, first, inverse = np.unique(flat_t, return_index=True, return_inverse=True)
        added = np.bincount(inverse.ravel(), weights=flat_c, minlength=len(sums))
        order = np.argsort(first, kind="stable")
        return sums[order], added[order]
    flat_t -= least                      # each sum's slot
    added = np.bincount(flat_t, weights=flat_c, minlength=span)
    first = np.full(span, size, dtype=np.int64)
    np.minimum.at(first, flat_t, np.arange(size, dtype=np.int64))   # where each sum is first seen
    seen = np.flatnonzero(first < size)
    at = seen[np.argsort(first[seen])]
    return at + least, added[at]
