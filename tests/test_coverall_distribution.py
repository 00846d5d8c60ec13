"""Cover All: the shipped highest-hand distribution against an independent smaller simulation, and
the precision every Cover All figure reaches with it (issue 10: within +-0.1 point at 95%)."""
from __future__ import annotations

import importlib.util
from math import sqrt
from pathlib import Path

import pytest

from lit_compliance.gamemath import analyse
from lit_compliance.gamemath.coverall import highest_hand, shipped_distribution
from lit_compliance.model import model_of
from lit_compliance.poker.hands import CATEGORIES_5

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("build", ROOT / "tools" / "build_coverall_distribution.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def massachusetts(catalogue):
    return model_of(catalogue.latest("massachusetts"))


def test_the_shipped_distribution_matches_an_independent_simulation(massachusetts):
    shipped = shipped_distribution(massachusetts.hand_rules)
    assert shipped is not None and shipped["rounds"] >= 10_000_000
    small_rounds = 200_000
    small = _tool().simulate(small_rounds, seed=shipped["seed"] + 7777, rules=massachusetts.hand_rules)
    for players in range(2, 8):
        big = shipped["counts"][players]
        assert sum(big) == shipped["rounds"]
        for code, name in enumerate(CATEGORIES_5):
            p = big[code] / shipped["rounds"]
            q = small[players][code] / small_rounds
            se = sqrt(p * (1 - p) / small_rounds + p * (1 - p) / shipped["rounds"])
            assert abs(p - q) <= 5 * se + 1e-9, (players, name, p, q)


def test_more_players_never_make_the_highest_hand_lower(massachusetts):
    """Adding a seat can only raise the table's highest hand: the distributions are ordered."""
    shipped = shipped_distribution(massachusetts.hand_rules)
    for players in range(2, 7):
        low, high = shipped["counts"][players], shipped["counts"][players + 1]
        for cut in range(len(CATEGORIES_5)):
            assert sum(high[cut:]) >= sum(low[cut:])


def test_every_cover_all_figure_is_within_a_tenth_of_a_point_at_95_percent(massachusetts):
    results = [r for r in analyse(massachusetts, "cover-all") if r.status == "simulated"]
    assert results
    for r in results:
        low, high = r.details["interval"]
        assert (high - low) / 2 <= 0.001, (r.paytable_id, low, high)


def test_one_player_is_exact_and_needs_no_simulation(massachusetts):
    dist = highest_hand(1, massachusetts.hand_rules)
    assert dist.rounds == 0 and dist.exact is not None and sum(dist.exact) == 1
