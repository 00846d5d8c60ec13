"""A band's edges are the same lattice points whether or not the tail table is searched for beside
them (gamemath/period.py, ``_quantiles(..., tails=False)``): the bands ``hold`` and a table's player
bands read are searched for alone, which is cheaper, and must not move."""
from __future__ import annotations

import numpy as np
import pytest

from lit_compliance.gamemath import period, period_total


def _distributions():
    rng = np.random.default_rng(29)
    out = []
    for _ in range(12):   # small lattices of whole and half units, some skewed
        size = int(rng.integers(2, 9))
        values = np.unique(rng.integers(-3, 60, size) / rng.choice([1, 2, 4])).astype(float)
        probs = rng.random(len(values)) ** 3 + 1e-6
        out.append((values, probs / probs.sum()))
    # the pieces path: a rare, very large payout taken apart from the ordinary outcomes
    out.append((np.array([-1.0, 1.0, 5.0, 200_000.0]), np.array([0.80, 0.15, 0.05 - 5e-8, 5e-8])))
    # a base-game-like round: -3..+3 units with a long, thin upper tail
    out.append((np.array([-3.0, -2.0, -1.0, 1.0, 2.0, 3.0, 300.0, 3000.0]),
                np.array([0.4, 0.2, 0.1, 0.15, 0.1, 0.04999, 1e-5 - 1e-7, 1e-7])))
    return out


@pytest.mark.parametrize("n", [1, 7, 60, 600, 6000])
def test_band_edges_do_not_depend_on_the_tails_searched_beside_them(n):
    for values, probs in _distributions():
        levels = ("90", "95", "99")
        with_tails, (low, high) = period._quantiles(values, probs, n, levels)
        alone, (no_low, no_high) = period._quantiles(values, probs, n, levels, tails=False)
        assert len(low) == len(high) == len(period.TAILS) and no_low == no_high == []
        assert alone == with_tails, (values.tolist(), n)


def test_total_bands_hold_their_level_from_the_exact_distribution():
    """Each band read alone still holds at least its level of the exact total."""
    for values, probs in _distributions()[:6]:
        for n in (10, 400):
            (lo, hi), = period.total_bands(values, probs, [n])
            pieces = period_total.total_pieces(values, probs, n)
            total = sum(float(pc.weights.sum()) for pc in pieces)
            inside = period_total.cdf(pieces, np.array([hi]))[0] - period_total.cdf(pieces, np.array([lo]))[0]
            assert inside / total >= 0.95 - 1e-9
