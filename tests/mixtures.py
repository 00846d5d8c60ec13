"""What a stakes mixture's pieces hold, measured independently of how the mixture says it was made:
the tests of its stated bound (``variance_added_at_most``) compare its own variance with this."""
from __future__ import annotations

import numpy as np


def held_variance(mix) -> float:
    """The variance of the total the mixture's pieces hold (each piece a lattice CDF, shifted by each of
    its sums with its weight), about the mixture's mean."""
    w_all = m1 = m2 = 0.0
    for pc in mix.pieces:
        pmf = np.diff(pc.cdf, prepend=0.0)
        x = pc.start + np.arange(len(pmf)) * pc.h - mix.mean
        a, b = float(pmf @ x), float(pmf @ (x * x))
        w_all += float(pc.weights.sum())
        m1 += float(pc.weights @ (a + pc.shifts))
        m2 += float(pc.weights @ (b + 2 * pc.shifts * a + pc.shifts ** 2))
    mean = m1 / w_all
    return m2 / w_all - mean * mean
