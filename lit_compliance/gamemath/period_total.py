"""The exact distribution of the total of n rounds of one distribution, as a mixture of pieces.

:mod:`.period` reads every band and tail from here. A total is a list of :class:`Piece`: each the
total of some rounds of the ordinary outcomes on a fine lattice (its CDF, by the fast Fourier
transform), shifted by sums of rare large outcomes with their chances. Where the finest lattice fits
the window the total needs, one piece. Where a few rare, very large outcomes (a six-card bonus paying
200,000 units, a progressive's jackpot) would make the window too wide for it, those outcomes are
taken apart: for each number k of them in the n rounds (binomial), the ordinary outcomes' total of
n - k rounds, shifted by each way the k rare outcomes add up.

The window is the narrowest of 2^16, 2^17, ... up to 2^20 points (half of :data:`WIDE_POINTS`) that
holds the total on the fine lattice with at most :data:`RARE_EXPECTED` rare outcomes expected apart.
Only where none does is the total put on a coarser lattice, each value's chance split between its two
neighbours (the mean exact, the variance a little larger); no bundled table or example reaches that.
(It once began at 2^16 points: a long period's total, a PAR sheet's band at 100,000 rounds, was
coarsened with the variance 0.3-2.7% too large.)

How those ways are added up is a matter of cost, not of the answer. Each rare outcome is first its
own point and the sums are listed one by one (:func:`rare_step`). Where that list would grow past
:data:`POINT_BUDGET` pairs (a player's whole round at a half-dollar stake has hundreds of rare
outcomes of distinct sizes, whose sums run to millions), the next wider window is tried (fewer
outcomes are then taken apart); where the list never fits, the rare outcomes of the narrowest window
that holds the rest are grouped by size
(:func:`groups`: outcomes closer together than the ordinary total's window), each group's outcomes
kept as one dense shape on the fine lattice; a piece is then the ordinary total convolved with the
shape of the groups drawn, shifted by the groups' least sizes. Every way holds the same distribution on
the same lattice: a band's edges are the same lattice points whichever is taken, and a tail read far out
(to 1e-8, where a lattice point holds less than the transform's rounding) at most one point apart
(``tests/gamemath/test_period_total.py`` holds them to it).
"""
from __future__ import annotations

from math import gcd, lgamma, log, log1p, sqrt

import numpy as np

MAX_POINTS = 1 << 17
TAIL_SDS = 10
RARE_EXPECTED = 5.0      # at most this many rare outcomes expected in the rounds, to treat them apart
RARE_PRUNE = 1e-16       # a way the rare outcomes add up with less chance than this is left out
SHAPE_TRIM = 1e-20       # a group shape's far ends holding less than this in all are left out
#: The most (sum, outcome) pairs one round of listing the rare outcomes' sums one by one may make;
#: past it they are grouped by size (:func:`groups`).
POINT_BUDGET = 1 << 22
#: Where that happens, the window the ordinary outcomes' total takes is doubled (fewer outcomes are then
#: taken apart), up to half of this many points of the fine lattice.
WIDE_POINTS = 1 << 21


def lattice_step(values: np.ndarray) -> float:
    """The coarsest step every value is a whole multiple of (to 1e-6), at least 1e-4."""
    scaled = np.round(values * 10_000).astype(np.int64)
    if np.any(np.abs(values * 10_000 - scaled) > 1e-3):
        return 1e-4
    g = 0
    for v in scaled.tolist():
        g = gcd(g, abs(v))
    return max(g, 1) / 10_000


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
    """One part of the total's distribution: the total of some rounds of the ordinary outcomes (and
    of the dense shapes of any groups of rare outcomes drawn), on the lattice ``start + i * h`` (its
    CDF ``cdf``), shifted by each of ``shifts`` (sums of rare large outcomes) with the matching
    ``weights``."""

    __slots__ = ("weights", "shifts", "start", "h", "cdf", "_padded")

    def __init__(self, weights, shifts, start, h, cdf):
        self.weights = np.asarray(weights, dtype=float)
        self.shifts = np.asarray(shifts, dtype=float)
        self.start, self.h, self.cdf = start, h, cdf
        self._padded = None

    @property
    def padded(self) -> np.ndarray:
        """The CDF with 0 before its first point and 1 after its last: ``padded[i + 1]`` is P(total
        <= point i) for any i, once i is clipped to [-1, len(cdf)]."""
        if self._padded is None:
            self._padded = np.concatenate(([0.0], self.cdf, [1.0]))
        return self._padded


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


def convolved(values, probs, n: int, h0: float, limit: int = MAX_POINTS // 2) -> tuple[float, float, np.ndarray]:
    """(first point, step, CDF) of the total of n rounds of one distribution, on the finest lattice
    (``h0``, every value a whole multiple of it) where its window fits ``limit`` points, else on a
    coarser one with each value's probability split between its two neighbours (mean exact)."""
    mean = float(values @ probs)
    low_room, high_room = (room + h0 for room in _room(values, probs, n))
    h = h0
    if (low_room + high_room) / h > limit:
        h = (low_room + high_room) / limit
    idx, p = on_lattice(values, probs, h)
    size = 1 << int(np.ceil(np.log2((low_room + high_room) / h + 4)))
    start = int(np.floor((n * mean - low_room) / h))
    one = np.zeros(size)
    np.add.at(one, np.mod(idx, size), p)
    total = np.fft.irfft(np.fft.rfft(one) ** n, size) if n else np.eye(1, size)[0]
    pmf = np.clip(np.roll(total, -(start % size)), 0.0, None)
    pmf /= pmf.sum()
    return start * h, h, np.cumsum(pmf)


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
    """Listing the rare outcomes' sums one by one would pass :data:`POINT_BUDGET`."""


def total_pieces(values: np.ndarray, probs: np.ndarray, n: int) -> list[Piece]:
    """The total of n rounds as a mixture of pieces (see the module's text). The coarse lattice the
    rare pieces avoid smeared the common outcomes and widened the bands (at 2,000 rounds the six-card
    bonus's 95% band held 98.5% of honest periods). What the pieces leave out (ways with less chance
    than :data:`RARE_PRUNE`, counts k beyond the binomial's tail, a group shape's ends below
    :data:`SHAPE_TRIM`) is below 1e-12 in all, far below the smallest tail tabulated (1e-8)."""
    h0 = lattice_step(values)
    apart = None            # the outcomes apart and the window, where they fit but their sums were too many
    limit = MAX_POINTS // 2
    while limit <= WIDE_POINTS // 2:     # the narrowest window that holds the total on the fine lattice
        rare = _rare(values, probs, n, h0, limit)
        if rare is not None and not len(rare):
            start, h, got = convolved(values, probs, n, h0, limit)
            return [Piece([1.0], [0.0], start, h, got)]
        if rare is not None:
            try:
                return _taken_apart(values, probs, n, h0, rare, limit, POINT_BUDGET)
            except _TooMany:
                apart = apart or (rare, limit)
        limit *= 2
    if apart is not None:                # too many sums in every window: grouped by size
        return _taken_apart(values, probs, n, h0, *apart, None)
    start, h, got = convolved(values, probs, n, h0, WIDE_POINTS // 2)    # no window holds it: coarser
    return [Piece([1.0], [0.0], start, h, got)]


def _rare(values, probs, n: int, h0: float, limit: int) -> np.ndarray | None:
    """The outcomes to take apart so that the rest's total of n rounds fits ``limit`` points of the
    fine lattice: the fewest of those farthest from the mean, expected at most :data:`RARE_EXPECTED`
    times in the rounds (indexes, in order; none where all fit). None where the rest would still not
    fit."""
    order = np.argsort(-np.abs(values - float(values @ probs)), kind="stable")

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
                 budget: int | None) -> list[Piece]:
    """The pieces with the outcomes ``rare`` taken apart, the rest's total in ``limit`` points; their
    sums listed one by one within ``budget`` pairs (else :class:`_TooMany`), or, with no budget,
    grouped by size (:func:`groups`)."""
    small = np.setdiff1d(np.arange(len(values)), rare)
    p_rare = float(probs[rare].sum())
    apart = _Apart(values[small], probs[small] / float(probs[small].sum()), n, p_rare, h0, limit)
    steps = np.round(values[rare] / h0).astype(np.int64)
    q = probs[rare] / p_rare
    if budget is not None:
        return apart.pieces(steps, q, [], budget)
    point_steps, point_q, wide = groups(steps, q, int(_window(values[small], probs[small], n, h0)))
    return apart.pieces(point_steps, point_q, wide, None)


class RareGroup:
    """Rare outcomes close together in size, drawn as one: ``share`` of the rare outcomes' chance,
    at ``anchor`` (in lattice steps) plus an offset distributed as ``shape`` (summing to 1)."""

    __slots__ = ("anchor", "shape", "share")

    def __init__(self, anchor: int, shape: np.ndarray, share: float):
        self.anchor, self.shape, self.share = anchor, shape, share


def groups(steps: np.ndarray, q: np.ndarray, gap: int) -> tuple[np.ndarray, np.ndarray, list[RareGroup]]:
    """The rare outcomes (sizes in lattice steps, chances q) split where two sizes in order lie more
    than ``gap`` steps apart, and where a group would be wider than half of :data:`MAX_POINTS`, at its
    widest gaps: (the sizes and chances of groups of one size, the wider groups)."""
    order = np.argsort(steps, kind="stable")
    s, p = steps[order], q[order]
    cuts = [0, *(np.flatnonzero(np.diff(s) > gap) + 1).tolist(), len(s)]
    spans = [(a, b) for a, b in zip(cuts, cuts[1:])]
    narrow: list[tuple[int, float]] = []
    wide: list[RareGroup] = []
    while spans:
        a, b = spans.pop(0)
        width = int(s[b - 1] - s[a])
        if width > MAX_POINTS // 2:
            cut = a + 1 + int(np.argmax(np.diff(s[a:b])))   # the widest gap inside
            spans[:0] = [(a, cut), (cut, b)]
        elif width == 0:
            narrow.append((int(s[a]), float(p[a:b].sum())))
        else:
            shape = np.bincount(s[a:b] - s[a], weights=p[a:b], minlength=width + 1)
            share = float(p[a:b].sum())
            wide.append(RareGroup(int(s[a]), shape / share, share))
    return (np.array([x for x, _ in narrow], dtype=np.int64), np.array([c for _, c in narrow]), wide)


def _convolve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The distribution of the sum of two independent lattice distributions (by FFT when long)."""
    if min(len(a), len(b)) <= 64:
        return np.convolve(a, b)
    length = len(a) + len(b) - 1
    size = 1 << int(np.ceil(np.log2(length)))
    out = np.fft.irfft(np.fft.rfft(a, size) * np.fft.rfft(b, size), size)[:length]
    return np.clip(out, 0.0, None)


def _trimmed(shape: np.ndarray) -> tuple[int, np.ndarray]:
    """(offset, shape) with the far ends holding less than :data:`SHAPE_TRIM` in all left out."""
    total = np.cumsum(shape)
    first = int(np.searchsorted(total, SHAPE_TRIM / 2, side="right"))
    last = len(shape) - int(np.searchsorted(np.cumsum(shape[::-1]), SHAPE_TRIM / 2, side="right"))
    return first, shape[first:max(last, first + 1)]


class _Apart:
    """The pieces of a total with its rare outcomes taken apart: the ordinary outcomes (``small``,
    chances summing to 1), the rounds, the rare outcomes' chance per round and the fine step."""

    def __init__(self, small_v, small_p, n: int, p_rare: float, h0: float, limit: int):
        self.small_v, self.small_p, self.n, self.p_rare, self.h0 = small_v, small_p, n, p_rare, h0
        self.limit = limit

    def weight(self, k: int) -> float:
        return float(np.exp(_log_binomial(self.n, k, self.p_rare))) if k <= self.n else 0.0

    def pieces(self, steps, q, wide: list[RareGroup], budget: int | None) -> list[Piece]:
        """For each k, each way of drawing k rare outcomes: the outcomes of one size are listed by
        their sums (``steps``, chances ``q``); the ``wide`` groups drawn are counted (the state's key)
        and enter as their shapes' convolution. Raises :class:`_TooMany` past ``budget`` pairs."""
        n, h0 = self.n, self.h0
        out: list[Piece] = []
        shapes: dict[tuple, tuple[int, np.ndarray]] = {(0,) * len(wide): (0, np.ones(1))}
        state = {(0,) * len(wide): (np.zeros(1, dtype=np.int64), np.ones(1))}
        k, covered = 0, 0.0
        while k <= n and 1.0 - covered > 1e-13:
            w_k = self.weight(k)
            covered += w_k
            if w_k > RARE_PRUNE:
                start, h, ordinary = convolved(self.small_v, self.small_p, n - k, h0, self.limit)
                for key, (totals, chances) in state.items():
                    offset, shape = _shape(shapes, key, wide)
                    got = ordinary if len(shape) == 1 else _with_shape(ordinary, shape)
                    out.append(Piece(w_k * chances, (totals + offset).astype(float) * h0, start, h, got))
            w_next = self.weight(k + 1)
            state = _next_state(state, steps, q, wide, w_next, budget)
            k += 1
            if not state:
                break
        return out


def _shape(shapes: dict, key: tuple, wide: list[RareGroup]) -> tuple[int, np.ndarray]:
    """The distribution of the summed offsets of the wide groups counted in ``key``: (its first point,
    in lattice steps past the groups' anchors, the shape), each made from the one with a group fewer."""
    if key not in shapes:
        j = next(i for i, c in enumerate(key) if c)
        offset, before = _shape(shapes, key[:j] + (key[j] - 1,) + key[j + 1:], wide)
        more, shape = _trimmed(_convolve(before, wide[j].shape))
        shapes[key] = (offset + more, shape)
    return shapes[key]


def _with_shape(ordinary_cdf: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """The CDF of the ordinary total plus an independent offset distributed as ``shape``."""
    pmf = _convolve(np.diff(ordinary_cdf, prepend=0.0), shape)
    pmf /= pmf.sum()
    return np.cumsum(pmf)


def _next_state(state: dict, steps, q, wide: list[RareGroup], w_next: float, budget: int | None) -> dict:
    """The ways of drawing one more rare outcome: for each count of wide groups drawn (the key), the
    sums of the outcomes of one size and their chances, pruned below :data:`RARE_PRUNE`."""
    parts: dict[tuple, list] = {}
    for key, (totals, chances) in state.items():
        if len(steps):
            if budget is not None and len(totals) * len(steps) > budget:
                raise _TooMany
            parts.setdefault(key, []).append(rare_step(totals, chances, steps, q))
        for j, g in enumerate(wide):
            more = key[:j] + (key[j] + 1,) + key[j + 1:]
            parts.setdefault(more, []).append((totals + g.anchor, chances * g.share))
    out = {}
    for key, got in parts.items():
        totals, chances = got[0] if len(got) == 1 else _added(got)
        keep = chances * w_next > RARE_PRUNE
        if np.any(keep):
            out[key] = (totals[keep], chances[keep])
    return out


def _added(parts: list) -> tuple[np.ndarray, np.ndarray]:
    """Several lists of (sum, chance) as one, the chances of equal sums added (in order of first sight)."""
    flat_t = np.concatenate([t for t, _ in parts])
    flat_c = np.concatenate([c for _, c in parts])
    sums, first, inverse = np.unique(flat_t, return_index=True, return_inverse=True)
    added = np.bincount(inverse.ravel(), weights=flat_c, minlength=len(sums))
    order = np.argsort(first, kind="stable")
    return sums[order], added[order]


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
