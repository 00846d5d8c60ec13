"""Cover All: exact for 1 to 3 players (every deal counted), control-variate simulation for 4 to 7
within +-0.02 points at 95%; the shipped data against independent checks.

The slow rebuild (the exact counts for 1 to 3 players, about a minute of one core) is marked ``slow``:
``python -m pytest -m slow`` runs it."""
from __future__ import annotations

import importlib.util
import itertools
import random
from fractions import Fraction
from math import sqrt
from pathlib import Path

import numpy as np
import pytest

from lit_compliance.gamemath import analyse, paytable_result
from lit_compliance.gamemath.coverall import highest_hand, shipped_distribution
from lit_compliance.gamemath.coverall_exact import disjoint_tuples, exact_highest
from lit_compliance.gamemath.tables import five_card_counts
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


def _brute(family):
    sets = [frozenset(t) for t in family]
    m2 = sum(1 for a in sets for b in sets if not a & b)
    m3 = sum(1 for a in sets for b in sets if not a & b for c in sets if not c & a and not c & b)
    return len(sets), m2, m3


def test_disjoint_tuple_counts_equal_brute_force_on_random_families():
    rng = random.Random(20261125)
    for _ in range(25):
        n = rng.randint(6, 11)
        density = rng.random()
        family = [t for t in itertools.combinations(range(n), 3) if rng.random() < density]
        assert disjoint_tuples(np.array(family, dtype=np.int64).reshape(-1, 3), n) == _brute(family)


def test_one_player_exact_counts_are_the_five_card_counts(massachusetts):
    counts, total = shipped_distribution(massachusetts.hand_rules)["exact"][1]
    five = [int(c) for c in five_card_counts(massachusetts.hand_rules)]
    # each five-card hand is dealt as 10 ways of choosing which two of its cards are the community cards
    assert counts == [10 * c for c in five] and total == 10 * sum(five)


def test_two_and_three_players_are_exact_and_two_players_match_enumeration(massachusetts):
    for players in (2, 3):
        dist = highest_hand(players, massachusetts.hand_rules)
        assert dist.rounds == 0 and dist.exact is not None and sum(dist.exact) == 1
    two = paytable_result(massachusetts, "cover-all", "players-2")
    assert two.status == "exact" and two.exact["return_to_player"]
    # by enumeration of every two-player deal (issue 22): 9.629480%
    assert f"{two.house_edge:.6%}" == "9.629480%"


def test_the_shipped_distributions_match_an_independent_simulation(massachusetts):
    rules = massachusetts.hand_rules
    small_rounds = 200_000
    tool = _tool()
    cats = tool.deal_categories(np.random.default_rng(7777), small_rounds, tool.table5(rules))
    for players in range(2, 8):
        got = np.bincount(cats[:, :players].max(axis=1), minlength=len(CATEGORIES_5)) / small_rounds
        dist = highest_hand(players, rules)
        for code, name in enumerate(CATEGORIES_5):
            p = dist.probabilities[code]
            se = sqrt(max(p * (1 - p), 1e-12) / small_rounds)
            assert abs(p - got[code]) <= 5 * se + 1e-6, (players, name, p, got[code])


def test_more_players_never_make_the_highest_hand_lower(massachusetts):
    """Adding a seat can only raise the table's highest hand: the distributions are ordered."""
    rules = massachusetts.hand_rules
    for players in range(1, 7):
        low, high = highest_hand(players, rules).probabilities, highest_hand(players + 1, rules).probabilities
        for cut in range(1, len(CATEGORIES_5)):
            assert sum(high[cut:]) >= sum(low[cut:])


def test_every_simulated_cover_all_figure_is_within_two_hundredths_of_a_point_at_95_percent(massachusetts):
    results = {r.paytable_id: r for r in analyse(massachusetts, "cover-all")}
    simulated = [r for r in results.values() if r.status == "simulated"]
    assert {r.details["players"] for r in simulated} == {4, 5, 6, 7}
    for r in simulated:
        low, high = r.details["interval"]
        assert (high - low) / 2 <= 0.0002, (r.paytable_id, low, high)
        assert low <= r.return_to_player <= high


@pytest.mark.slow  # the exact rebuild takes about a minute of one core
def test_rebuilding_the_exact_counts_gives_the_shipped_ones(massachusetts):
    shipped = shipped_distribution(massachusetts.hand_rules)["exact"]
    for players, got in exact_highest(massachusetts.hand_rules).items():
        assert (got["counts"], got["total"]) == shipped[players]
    assert Fraction(shipped[2][0][0], shipped[2][1]) > 0
