"""A period played at several stakes: the exact distribution of its total (:class:`Mixture`).

The total is the sum over the stake levels of independent totals, each of the level's rounds of the
one-round distribution at that level (its meter and stake) and scaled by its stake. Each level's
total is :func:`.period_total.total_pieces` (its outcomes' own lattice, rare large awards taken
apart); the levels are convolved on one common lattice, the finest step every level's scaled step is
a whole multiple of, and every combination of the levels' pieces is kept but those with less chance
than :data:`MIX_PRUNE`, far below the smallest tail read (:data:`.period.P_FLOOR`).

Two things can make that too large to hold, and each is bounded and then said:

- the window: where the levels' totals would pass half of :data:`.period_total.MAX_POINTS` (65,536
  points) of the common lattice, the lattice is coarsened to fit, each point split between its two
  neighbours (the mean exact);
- the combinations: where the levels' pieces would make more than :data:`MIX_COMBOS` combinations,
  or one step of adding up a combination's sums would make more than
  :data:`.period_total.POINT_BUDGET` pairs, or the pieces would hold more than
  :data:`.period_total.SHIFT_BUDGET` sums in all (each a pass of every band edge's search), or the
  transforms more than :data:`MIX_POINTS` points, the level with the most sums is put densely on the
  common lattice (one piece: each of its sums placed on the lattice, split between two points where it
  falls between them) and the mixture is made again, until it fits (with every level dense it always
  does). Four levels of a six-card bonus whose rare awards were each taken apart once made 575 million
  sums and ran out of memory.

Where either happens, the mixture says so: ``coarser_lattice`` and ``variance_added_at_most``
(:meth:`Mixture._coarseness`).
"""
from __future__ import annotations

import itertools
from math import sqrt

import numpy as np

from .period import EDGE_LEVELS, P_FLOOR, _edges
from .period_total import (MAX_POINTS, POINT_BUDGET, RARE_PRUNE, SHIFT_BUDGET, Piece, cdf, lattice, on_lattice,
                           padded_cdf, total_pieces, coarsened_step)

MIX_PRUNE = 1e-14        # a combination of the levels' pieces with less chance than this is left out
#: The most combinations of the levels' pieces a mixture transforms (each one inverse transform).
MIX_COMBOS = 1 << 10
#: The most points the levels' pieces' transforms may hold in all (each piece one transform of the window).
MIX_POINTS = 1 << 22


class _TooMany(Exception):
    """The mixture would pass one of its budgets (see the module's text)."""


def _placed(pc: Piece, scale: float, h: float) -> tuple[int, np.ndarray]:
    """One piece's dense part, scaled by ``scale``, on the absolute lattice of step ``h`` (index of its
    first point, probabilities): a point between two lattice points is split between them so that the
    mean stays exact; a point on the lattice (to 1e-6 of a step) stays whole."""
    pmf = np.diff(pc.cdf, prepend=0.0)
    return _on_grid((pc.start + np.arange(len(pmf)) * pc.h) * scale / h, pmf)


def _on_grid(pos: np.ndarray, probs: np.ndarray) -> tuple[int, np.ndarray]:
    """Positions in steps of the lattice, with their chances, as (index of the first point, chances
    of each point from it): a position within 1e-6 of a point is that point; one between two is split
    between them, the mean exact."""
    near = np.round(pos)
    pos = np.where(np.abs(pos - near) < 1e-6, near, pos)
    idx, p = on_lattice(pos, probs, 1.0)
    first = int(idx.min())
    return first, np.bincount(idx - first, weights=p, minlength=int(idx.max()) - first + 1)


def _off_grid(pos: np.ndarray) -> bool:
    return bool(np.any(np.abs(pos - np.round(pos)) >= 1e-6))


def _sums(pieces: list[Piece]) -> int:
    return sum(len(pc.shifts) for pc in pieces)


def _dense_level(pieces: list[Piece], scale: float, h: float) -> tuple[tuple[int, np.ndarray], np.ndarray, np.ndarray, bool]:
    """A level's whole total as one piece on the common lattice of step ``h``: each piece's dense part
    placed (:func:`_placed`) and convolved with its sums placed likewise. ((first index, chances
    summing to 1), its weight, no sum, whether a sum fell between two points and was split)."""
    parts, split = [], False
    for pc in pieces:
        first, d = _placed(pc, scale, h)
        pos = pc.shifts * scale / h
        split = split or _off_grid(pos)
        at, sh = _on_grid(pos, pc.weights)
        size = 1 << int(np.ceil(np.log2(len(d) + len(sh))))
        both = np.fft.irfft(np.fft.rfft(d, size) * np.fft.rfft(sh, size), size)[:len(d) + len(sh) - 1]
        parts.append((first + at, np.clip(both, 0.0, None)))
    start = min(f for f, _c in parts)
    out = np.zeros(max(f + len(c) for f, c in parts) - start)
    for f, c in parts:
        out[f - start:f - start + len(c)] += c
    weight = float(sum(float(pc.weights.sum()) for pc in pieces))
    return (start, out / out.sum()), np.array([weight]), np.zeros(1), split


def _combos(weights: list[list[float]]) -> list[tuple[int, ...]]:
    """The combinations of one piece per level (in the order of ``itertools.product``) whose chance
    can reach :data:`MIX_PRUNE` (a partial product below it only falls: every weight is at most 1);
    :class:`_TooMany` past :data:`MIX_COMBOS`."""
    combos: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for level in weights:
        combos = [(c + (j,), w * wj) for c, w in combos for j, wj in enumerate(level)
                  if w * wj >= MIX_PRUNE * (1 - 1e-9)]
        if len(combos) > MIX_COMBOS:
            raise _TooMany
    return [c for c, _w in combos]


class Mixture:
    """The exact distribution of a period's total when its rounds were played at several stake levels
    (the module's text): its mean, SD, least and most, its pieces on the common lattice of step ``h``,
    and where that is not its outcomes' own, ``coarser_lattice`` and ``variance_added_at_most``.

    ``levels``: (house's net per round per unit, probabilities, rounds, stake) per level."""

    def __init__(self, levels: list[tuple[np.ndarray, np.ndarray, int, float]]):
        levels = [(v, p, int(n), float(s)) for v, p, n, s in levels if n > 0]
        self.mean = sum(s * n * float(v @ p) for v, p, n, s in levels)
        self.var = sum(s * s * n * max(float((v - v @ p) ** 2 @ p), 0.0) for v, p, n, s in levels)
        self.sd = sqrt(self.var)
        self.least = sum(s * n * float(v.min()) for v, p, n, s in levels)
        self.most = sum(s * n * float(v.max()) for v, p, n, s in levels)
        per_level = [(total_pieces(v, p, n), s) for v, p, n, s in levels]
        steps = np.array([pc.h * s for pieces, s in per_level for pc in pieces])
        own, exact = lattice(steps) if len(steps) else (1.0, True)
        dense: list[int] = []          # the levels put densely on the common lattice, in that order
        memo: dict = {}
        while True:
            h = _common_step(per_level, dense, own)
            try:
                self.pieces, split = _combined(per_level, dense, h, memo)
                break
            except _TooMany:
                dense.append(max((i for i in range(len(per_level)) if i not in dense),
                                 key=lambda i: (_sums(per_level[i][0]), len(per_level[i][0]), -i)))
        self.h = h
        self.dense_levels = len(dense)
        self._coarseness(levels, per_level, own if exact else 0.0, split)
        self.total = float(sum(pc.weights.sum() for pc in self.pieces))

    @property
    def nbytes(self) -> int:
        """The memory its pieces hold (what keeping it costs)."""
        return sum(pc.padded.nbytes + pc.weights.nbytes + pc.shifts.nbytes for pc in self.pieces)

    def _coarseness(self, levels: list, per_level: list, own: float, split: int) -> None:
        """Where the mixture is not on its outcomes' own lattice, say so: ``coarser_lattice``, the
        coarsest step in play (the common lattice where it was coarsened or a dense level's sums were
        split onto it, a level's own where :mod:`.period_total` put its total on a coarser one or its
        values are on none: ``own`` 0 where the levels' steps are on no common lattice), and
        ``variance_added_at_most``, the most that can add to the total's variance, as a share of it
        (each point split between its two neighbours keeps its mean and adds at most a quarter of the
        step squared: once per level on the common lattice, once more for each dense level whose sums
        were split, once a round on a level's own); both None where every lattice is the outcomes' own."""
        coarse, added = [], 0.0
        if self.h > own * (1 + 1e-9):
            coarse.append(self.h)
            added += len(per_level) * self.h * self.h / 4
        if split:
            coarse.append(self.h)
            added += split * self.h * self.h / 4
        for (v, _p, n, s), (pieces, _s) in zip(levels, per_level):
            step = max(pc.h for pc in pieces)
            step_own, whole = lattice(v)
            if step > step_own * (1 + 1e-9) or not whole:
                coarse.append(s * step)
                added += n * (s * step) ** 2 / 4
        self.coarser_lattice = max(coarse) if coarse else None
        self.variance_added_at_most = (added / self.var if self.var else 0.0) if coarse else None

    def edges(self, levels: tuple = EDGE_LEVELS) -> dict:
        """{level: (z below which, z above which)} the total lies outside the band (as :func:`.period.edges_at`)."""
        if self.sd == 0:
            return {lv: (-np.inf, np.inf) for lv in levels}
        memo = self.__dict__.setdefault("_edges", {})
        if levels not in memo:
            targets = np.array([(1 - float(lv) / 100) / 2 for lv in levels])
            low, high = _edges(self.pieces, targets, self.least, self.most, self.mean, self.sd)
            memo[levels] = {lv: (float((low[i] - self.mean) / self.sd), float((high[i] - self.mean) / self.sd))
                            for i, lv in enumerate(levels)}
        return dict(memo[levels])

    def p_value(self, total: float) -> float:
        """The two-sided p-value of a total: twice the chance of a total at least as far out on its side
        (at most 1; at least twice :data:`.period.P_FLOOR`, as :meth:`.period.Edges.p_values`)."""
        if self.sd == 0:
            return 1.0
        below = float(cdf(self.pieces, np.array([total + self.h * 1e-6]))[0]) / self.total
        above = 1.0 - float(cdf(self.pieces, np.array([total - self.h * 1e-6]))[0]) / self.total
        return float(min(1.0, max(2 * P_FLOOR, 2 * min(below, above))))


def _common_step(per_level: list, dense: list[int], own: float) -> float:
    """The common lattice's step: the levels' own (``own``), coarsened (to at least twice it:
    :func:`.period_total.coarsened_step`) where the window the levels' totals take (a dense level's
    whole span, sums included; another's widest dense part) would pass half of :data:`MAX_POINTS` points."""
    span = 0.0
    for i, (pieces, s) in enumerate(per_level):
        if i in dense:
            low = min(pc.start + float(pc.shifts.min()) for pc in pieces)
            high = max(pc.start + (len(pc.cdf) + 1) * pc.h + float(pc.shifts.max()) for pc in pieces)
            span += (high - low) * s
        else:
            span += max((len(pc.cdf) + 1) * pc.h for pc in pieces) * s
    return coarsened_step(own, span / (MAX_POINTS / 2)) if span / own > MAX_POINTS / 2 else own


def _combined(per_level: list, dense: list[int], h: float, memo: dict) -> tuple[list[Piece], int]:
    """The mixture's pieces on the lattice of step ``h``, the levels in ``dense`` each one dense piece;
    and how many dense levels had a sum split between two points. :class:`_TooMany` past a budget
    (never with every level dense), as soon as it is known. ``memo``: pieces already placed on a
    lattice, by (level, piece, step), kept from one try to the next."""
    bounded = len(dense) < len(per_level)
    weights = [[float(sum(pc.weights.sum() for pc in pieces))] if i in dense else
               [float(pc.weights.sum()) for pc in pieces] for i, (pieces, _s) in enumerate(per_level)]
    combos = _combos(weights) if bounded else list(itertools.product(*(range(len(w)) for w in weights)))
    placed, split = [], 0
    for i, (pieces, s) in enumerate(per_level):
        if i in dense:
            key = (i, None, h)
            if key not in memo:
                memo[key] = _dense_level(pieces, s, h)
            *one, off = memo[key]
            placed.append([tuple(one)])
            split += off
        else:
            level = []
            for j, pc in enumerate(pieces):
                if (i, j, h) not in memo:
                    memo[(i, j, h)] = _placed(pc, s, h)
                level.append((memo[(i, j, h)], pc.weights, pc.shifts * s))
            placed.append(level)
    size = 1 << int(np.ceil(np.log2(sum(max(len(d) for (_f, d), _w, _s in lv) for lv in placed) + 4)))
    if bounded and sum(len(lv) for lv in placed) * size > MIX_POINTS:
        raise _TooMany
    spectra = [[np.fft.rfft(d, size) for (_f, d), _w, _s in lv] for lv in placed]
    out: list[Piece] = []
    held = 0
    for combo in combos:
        weight = float(np.prod([placed[i][j][1].sum() for i, j in enumerate(combo)]))
        if weight < MIX_PRUNE:
            continue
        weights_, shifts = np.ones(1), np.zeros(1)
        for i, j in enumerate(combo):
            _first, w, sh = placed[i][j]
            if bounded and len(weights_) * len(w) > POINT_BUDGET:
                raise _TooMany
            weights_ = np.outer(weights_, w).ravel()
            shifts = np.add.outer(shifts, sh).ravel()
            keep = weights_ > RARE_PRUNE
            weights_, shifts = weights_[keep], shifts[keep]
        held += len(shifts)
        if bounded and held > SHIFT_BUDGET:
            raise _TooMany
        spectrum = np.prod([spectra[i][j] for i, j in enumerate(combo)], axis=0)
        length = sum(len(placed[i][j][0][1]) for i, j in enumerate(combo)) - len(combo) + 1
        first = sum(placed[i][j][0][0] for i, j in enumerate(combo))
        out.append(_piece(weights_, shifts, first * h, h, np.fft.irfft(spectrum, size)[:length]))
    return out, split


def _piece(weights: np.ndarray, shifts: np.ndarray, start: float, h: float, pmf: np.ndarray) -> Piece:
    """A piece of the mixture (``pmf`` as the transform gives it: :func:`.period_total.padded_cdf` makes
    a rounding's negative values 0 and normalises it) whose CDF is a view into the padded CDF the piece reads it through
    (:func:`.period_total.padded_cdf`), made at once: one array, not two (a mixture is kept)."""
    return Piece(weights, shifts, start, h, padded_cdf(pmf)[1:-1])
