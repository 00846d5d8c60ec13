"""The sums of rare outcomes in the exact distribution of a period's total (gamemath/period_total.py):
the array version adds each sum's chances in the order, and so to the same bits, as adding them up
one by one in a dict (the way it was first written), and the bands built on them are unchanged."""
from __future__ import annotations

import numpy as np

from lit_compliance.gamemath import period, period_total


def _dict_steps(steps, q, w_next_of, rounds):
    """The sums after each round as a dict built one pair at a time (the reference), pruned as the engine prunes."""
    sums, out = {0: 1.0}, []
    for k in range(rounds):
        nxt: dict = {}
        for total, prob in sums.items():
            for step, qj in zip(steps, q):
                nxt[total + step] = nxt.get(total + step, 0.0) + prob * qj
        sums = {t: x for t, x in nxt.items() if x * w_next_of(k) > period_total.RARE_PRUNE}
        out.append(sums)
    return out


def test_rare_step_is_bit_for_bit_the_dict_sum():
    rng = np.random.default_rng(34)
    for size in (1, 2, 5, 9):
        steps = rng.integers(-50, 400, size).astype(np.int64)
        steps[-1] = steps[0]  # two rare outcomes of the same size: their chances are added
        q = rng.random(size)
        q /= q.sum()
        w = lambda k: 10.0 ** -(k + 2)  # noqa: E731 - chances fall as k grows, so some sums are pruned
        reference = _dict_steps(steps.tolist(), q.tolist(), w, 6)
        totals, chances = np.zeros(1, dtype=np.int64), np.ones(1)
        for k, want in enumerate(reference):
            totals, chances = period_total.rare_step(totals, chances, steps, q)
            keep = chances * w(k) > period_total.RARE_PRUNE
            totals, chances = totals[keep], chances[keep]
            assert totals.tolist() == list(want)                      # the same sums, in the same order
            assert chances.tobytes() == np.array(list(want.values())).tobytes()  # the same bits
        assert size == 1 or len(reference[-1]) < size ** 6  # the pruning was exercised


def test_bands_with_rare_large_outcomes_hold_their_level():
    """A wager paying 200,000 units one time in 20 million (the pieces path): the 95% band of the
    total of 10,000 rounds holds at least 95% of the exact distribution, from the pieces' own CDF."""
    values = np.array([-1.0, 1.0, 5.0, 200_000.0])
    probs = np.array([0.80, 0.15, 0.05 - 5e-8, 5e-8])
    pieces = period_total.total_pieces(values, probs, 10_000)
    assert len(pieces) > 1  # the rare outcome was taken apart
    (lo, hi), = period.total_bands(values, probs, [10_000])
    inside = period_total.cdf(pieces, np.array([hi]))[0] - period_total.cdf(pieces, np.array([lo]))[0]
    total = sum(float(pc.weights.sum()) for pc in pieces)
    assert inside / total >= 0.95 - 1e-9 and lo < 10_000 * float(values @ probs) < hi
