"""A period played at several stakes is judged on the mixture of its levels' totals
(:mod:`lit_compliance.gamemath.period_mixture`). However many sums its levels' rare awards make, the
mixture stays within its budgets: past them a level is put densely on the common lattice, and the
mixture says so (its lattice, and the most that adds to the variance, which holds against its own
variance), with bands that agree with the mixture listed in full to within that lattice."""
from __future__ import annotations

import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from lit_compliance.gamemath import period_mixture
from lit_compliance.gamemath.period import one_round
from lit_compliance.gamemath.period_mixture import Mixture
from lit_compliance.gamemath.period_total import SHIFT_BUDGET, lattice_step
from lit_compliance.table.theory import load_theory, sheet
from mixtures import held_variance

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"


def _levels(wager: str, stakes_rounds, perturb: float = 0.0) -> list:
    theory = load_theory(MD)
    out = []
    for stake, rounds in stakes_rounds:
        values, probs = one_round(sheet(theory, wager, None, stake).body)
        out.append((values * (1 + perturb), probs, rounds, stake))
    return out


def _sums(mix) -> int:
    return sum(len(pc.shifts) for pc in mix.pieces)


def test_money_awards_at_stakes_that_do_not_divide_them_mix_on_the_stakes_own_lattice():
    """The five-card bonus pays money amounts; at $18 and $20 a unit they are fractions of a unit
    (1/18, 1/20), and the mixture is on the dollar: nothing coarser said, no variance added."""
    levels = _levels("five-card-bonus", ((18.0, 828), (20.0, 735)))
    for values, _p, _n, stake in levels:
        assert lattice_step(values) * stake == pytest.approx(round(lattice_step(values) * stake, 2), abs=1e-9)
    mix = Mixture(levels)
    assert mix.coarser_lattice is None and mix.variance_added_at_most is None and mix.dense_levels == 0
    assert held_variance(mix) / mix.var - 1 == pytest.approx(0.0, abs=1e-8)


def test_sums_past_the_budget_put_a_level_densely_on_a_coarser_lattice_that_is_said_and_bounds_theheld_variance(
        monkeypatch):
    levels = _levels("five-card-bonus", ((1.37, 300), (2.11, 300)))
    mix = Mixture(levels)
    assert mix.dense_levels >= 1 and _sums(mix) <= SHIFT_BUDGET
    assert mix.coarser_lattice == mix.h
    added = held_variance(mix) / mix.var - 1
    assert -1e-7 <= added <= mix.variance_added_at_most < 1e-4

    for budget in ("SHIFT_BUDGET", "POINT_BUDGET", "MIX_POINTS", "MIX_COMBOS"):   # the same mixture listed in full
        monkeypatch.setattr(period_mixture, budget, 1 << 40)
    listed = Mixture(levels)
    assert listed.dense_levels == 0 and _sums(listed) > SHIFT_BUDGET
    assert listed.h < mix.h
    near = 2 * mix.h / mix.sd                                        # two steps of the coarser lattice, in z
    for level, (low, high) in mix.edges().items():
        want = listed.edges()[level]
        assert abs(low - want[0]) <= near and abs(high - want[1]) <= near
    for z in (-3.0, -1.0, 0.5, 2.0):
        total = mix.mean + z * mix.sd
        # the chance beyond a total moves at most by what lies within two steps of it
        assert mix.p_value(total) == pytest.approx(listed.p_value(total), rel=0.01, abs=1e-9)


def test_four_stakes_whose_awards_are_all_taken_apart_stay_within_memory():
    """Four levels of a six-card bonus whose values sit on no lattice coarser than 1e-4 (each level
    then takes 23 pieces of up to 920 sums apart) once made 575 million sums and ran out of memory
    (7.8 GB); now a few levels go dense and it fits in well under 200 MB."""
    levels = _levels("six-card-bonus", ((5.0, 50), (7.0, 50), (11.0, 50), (13.0, 50)), perturb=np.sqrt(2) * 1e-9)
    assert all(lattice_step(v) == 1e-4 for v, *_ in levels)
    tracemalloc.start()
    try:
        mix = Mixture(levels)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 * 2 ** 20
    assert mix.dense_levels >= 1 and _sums(mix) <= SHIFT_BUDGET
    assert mix.coarser_lattice is not None
    assert -1e-7 <= held_variance(mix) / mix.var - 1 <= mix.variance_added_at_most
    low, high = mix.edges()["99.9"]
    assert low < 0 < high


def test_combinations_are_those_of_itertools_product_whose_chance_reaches_the_prune():
    rng = np.random.default_rng(3)
    import itertools
    for _ in range(200):
        weights = [list(rng.choice([1.0, 0.3, 1e-3, 1e-6, 1e-9, 1e-13], size=int(rng.integers(1, 4))))
                   for _ in range(int(rng.integers(1, 6)))]
        want = [c for c in itertools.product(*(range(len(w)) for w in weights))
                if float(np.prod([weights[i][j] for i, j in enumerate(c)])) >= period_mixture.MIX_PRUNE]
        got = [c for c in period_mixture._combos(weights)
               if float(np.prod([weights[i][j] for i, j in enumerate(c)])) >= period_mixture.MIX_PRUNE]
        assert got == want
