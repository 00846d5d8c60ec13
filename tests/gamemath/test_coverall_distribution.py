"""Cover All: exact for 1 to 3 players (every deal counted) and for 4 players from three of a kind up
(every deal in which all four seats reach a paying category counted), control-variate simulation for
5 to 7 within +-0.02 points at 95%; the shipped data against independent checks.

The slow rebuild (the exact counts for 1 to 3 players, about a minute of one core; the four-seat
counts, several minutes) is marked ``slow``: ``python -m pytest -m slow`` runs it."""
from __future__ import annotations

import importlib.util
import itertools
import json
import random
from fractions import Fraction
from math import comb, sqrt
from pathlib import Path

import numpy as np
import pytest

from lit_compliance.model.vocabulary import priced_note, words
from lit_compliance.gamemath import analyse, paytable_result
from lit_compliance.gamemath.coverall import highest_hand, shipped_distribution
from lit_compliance.gamemath.record import Method
from lit_compliance.gamemath.coverall_exact import (disjoint_quadruples, disjoint_tuples, exact_four_seat_tail,
                                                    exact_highest, four_seat_counts)
from lit_compliance.gamemath.tables import five_card_counts
from lit_compliance.model import model_of
from lit_compliance.poker.hands import CATEGORIES_5

ROOT = Path(__file__).resolve().parents[2]


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


def _brute4(family):
    sets = [frozenset(t) for t in family]
    count = 0
    for a in sets:
        after_a = [b for b in sets if not a & b]
        for b in after_a:
            after_b = [c for c in after_a if not c & b]
            for c in after_b:
                count += sum(1 for d in after_b if not d & c)
    return count


def test_disjoint_quadruple_counts_equal_brute_force_on_random_families():
    rng = random.Random(20261126)
    for _ in range(12):
        n = rng.randint(12, 14)
        density = rng.random() * 0.25
        family = [t for t in itertools.combinations(range(n), 3) if rng.random() < density]
        assert disjoint_quadruples(np.array(family, dtype=np.int64).reshape(-1, 3), n) == _brute4(family)


def test_four_seat_counts_equal_every_deal_of_a_small_deck_counted():
    """Twelve cards, four seats of three, random categories: the deals whose highest category is at
    least c, and those in which every seat's is, against listing every deal."""
    rng = random.Random(7)
    n = 12
    triples = np.array(list(itertools.combinations(range(n), 3)), dtype=np.int64)
    cats = np.array([rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in triples], dtype=np.int64)
    category = {frozenset(t): int(c) for t, c in zip(triples.tolist(), cats)}
    apart = {a: [b for b in category if not a & b] for a in category}
    deck = frozenset(range(n))
    deals = np.array([[category[a], category[b], category[c], category[deck - a - b - c]]   # the fourth seat: the rest
                      for a in category for b in apart[a] for c in apart[b] if not c & a])
    for threshold in (1, 2, 3):
        at_least, all_seats = four_seat_counts(cats, triples, threshold, n)
        assert at_least == int((deals.max(axis=1) >= threshold).sum()) > 0
        assert all_seats == int((deals.min(axis=1) >= threshold).sum())


def test_four_player_tail_agrees_with_the_exact_one_to_three_player_counts(massachusetts):
    """Two independent counts: the shipped four-seat tail (M_1..M_4 of each paying family) and the
    one-, two- and three-player distributions (counted by other means). By inclusion and exclusion the
    four-player chance of reaching c is sum over s = 1..3 of (-1)^(s+1) C(4, s) P(s given seats all
    reach c), less P(all four reach c); the s-seat chances follow from the s-player distributions."""
    shipped = shipped_distribution(massachusetts.hand_rules)
    tail = shipped["tail"][4]
    assert tail["from"] == CATEGORIES_5.index("three_of_a_kind")

    def reach(players, c):        # P(the highest of ``players`` hands is at least c)
        counts, total = shipped["exact"][players]
        return Fraction(sum(counts[c:]), total)

    for i, c in enumerate(range(tail["from"], len(CATEGORIES_5))):
        all_reach = {s: sum((-1) ** (t + 1) * comb(s, t) * reach(t, c) for t in range(1, s + 1)) for s in (1, 2, 3)}
        four = sum((-1) ** (s + 1) * comb(4, s) * all_reach[s] for s in (1, 2, 3)) - Fraction(tail["all_seats"][i], tail["total"])
        assert four == Fraction(tail["at_least"][i], tail["total"]), CATEGORIES_5[c]
    assert tail["all_seats"][0] > 0       # four seats can all reach three of a kind: the term is not vacuous


def test_four_player_tail_from_a_full_house_up_recomputed(massachusetts):
    """The cheap part of the four-seat count, recomputed from nothing over every community pair."""
    tail = shipped_distribution(massachusetts.hand_rules)["tail"][4]
    low = CATEGORIES_5.index("full_house")
    got = exact_four_seat_tail(massachusetts.hand_rules, low)
    skip = low - tail["from"]
    assert got["total"] == tail["total"]
    assert got["at_least"] == tail["at_least"][skip:] and got["all_seats"] == tail["all_seats"][skip:]


def test_four_players_are_exact_for_a_paytable_paying_three_of_a_kind_and_better(massachusetts):
    tail = shipped_distribution(massachusetts.hand_rules)["tail"][4]
    four = paytable_result(massachusetts, "cover-all", "players-4")
    assert four.status == "exact" and four.cover_all.interval is None
    assert four.cover_all.method is Method.TAIL_ALIKE and four.cover_all.exact_from == CATEGORIES_5[tail["from"]]
    assert f"every deal counted for {words(CATEGORIES_5[tail['from']])} and better" in priced_note(four)
    assert four.cover_all.exact_return.denominator > 1
    assert four.hit_frequency == float(Fraction(tail["at_least"][0], tail["total"]))
    dist = highest_hand(4, massachusetts.hand_rules)
    # the categories below the tail stay simulated: the distribution as a whole is not exact
    assert dist.exact is None and dist.rounds and dist.tail is not None
    assert dist.exact_pairs([Fraction(0), Fraction(2)] + [Fraction(0)] * (len(CATEGORIES_5) - 2)) is None


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
    assert two.status == "exact" and two.cover_all.exact_return
    # by enumeration of every two-player deal (issue 22): 9.629480%
    assert f"{float(two.house_edge):.6%}" == "9.629480%"


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
    assert {r.cover_all.players for r in simulated} == {5, 6, 7}
    for r in simulated:
        low, high = r.cover_all.interval
        assert (high - low) / 2 <= 0.0002, (r.paytable_id, low, high)
        assert low <= r.return_to_player <= high


def test_the_rebuild_script_refuses_an_interval_wider_than_its_limit(massachusetts, monkeypatch):
    tool = _tool()
    data = json.loads((ROOT / "lit_compliance" / "gamemath" / "data" / "coverall_highest.json").read_text())
    assert tool.too_wide(data) == []
    monkeypatch.setattr(tool, "LIMIT", 1e-9)
    wide = tool.too_wide(data)
    assert len(wide) == 3 and all("players-4" not in w for w in wide)   # 5 to 7 simulated; 4 exact
    del data["simulated"]["7"]
    assert "no paytable checks 7 players" in tool.too_wide(data)


@pytest.mark.slow  # the exact rebuild takes about a minute of one core
def test_rebuilding_the_exact_counts_gives_the_shipped_ones(massachusetts):
    shipped = shipped_distribution(massachusetts.hand_rules)["exact"]
    for players, got in exact_highest(massachusetts.hand_rules).items():
        assert (got["counts"], got["total"]) == shipped[players]
    assert Fraction(shipped[2][0][0], shipped[2][1]) > 0


@pytest.mark.slow  # the four-seat count takes several minutes of one core
def test_rebuilding_the_four_player_tail_gives_the_shipped_one(massachusetts):
    tail = shipped_distribution(massachusetts.hand_rules)["tail"][4]
    got = exact_four_seat_tail(massachusetts.hand_rules, tail["from"])
    assert {k: got[k] for k in ("from", "at_least", "all_seats", "total")} == tail


def test_five_to_seven_player_intervals_hold_the_exact_bounds_of_the_return(massachusetts):
    """An independent check of the simulated intervals' honesty. With the exact one-, two-, three- and
    four-seat chances of reaching c, the Bonferroni inequalities bound the k-player chance of
    reaching c: S1 - S2 + S3 - S4 <= P <= S1 - S2 + S3 - S4 + S5, where S_s = C(k, s) P(s given seats
    all reach c) and S5 <= C(k, 5) P(four given seats all reach c). Each simulated 95% interval of the
    return must meet the exact range those bounds give."""
    shipped = shipped_distribution(massachusetts.hand_rules)
    tail = shipped["tail"][4]

    def reach(players, c):
        counts, total = shipped["exact"][players]
        return Fraction(sum(counts[c:]), total)

    results = {r.cover_all.players: r for r in analyse(massachusetts, "cover-all")}
    for k in (5, 6, 7):
        result = results[k]
        assert result.status == "simulated"
        table = next(t for t in massachusetts.wager("cover-all").paytables if t.players == k)
        value = {line.hand: line.payout.per_unit(Fraction(1)) for line in table.lines}
        worth = [Fraction(0)] * tail["from"] + [value[name] for name in CATEGORIES_5[tail["from"]:]]
        low = high = Fraction(0)
        for i, c in enumerate(range(tail["from"], len(CATEGORIES_5))):
            all_reach = {s: sum((-1) ** (t + 1) * comb(s, t) * reach(t, c) for t in range(1, s + 1)) for s in (1, 2, 3)}
            four = Fraction(tail["all_seats"][i], tail["total"])
            at_least = sum((-1) ** (s + 1) * comb(k, s) * all_reach[s] for s in (1, 2, 3)) - comb(k, 4) * four
            step = worth[c] - worth[c - 1]
            assert step >= 0
            low += step * at_least
            high += step * (at_least + comb(k, 5) * four)
        first, last = result.cover_all.interval
        assert first <= float(high) and float(low) <= last, (k, first, last, float(low), float(high))


def test_the_control_variate_regression_is_the_exact_pseudo_inverse_solution():
    """The regression solves the controls' singular covariance exactly, so every machine prints the same
    figures: on random singular covariance matrices the solution solves the system exactly, has no part
    in the null space (the least-norm one, as the pseudo-inverse gives), and agrees with numpy's pinv."""
    from lit_compliance.gamemath.coverall import _min_norm_solution

    rng = random.Random(20261126)
    for _ in range(20):
        n, rank, k = rng.randint(3, 8), None, rng.randint(1, 3)
        rank = rng.randint(1, n)
        basis = [[rng.randint(-5, 5) for _ in range(rank)] for _ in range(n)]   # n x rank: M = B B' has that rank
        m = [[sum(a * b for a, b in zip(basis[i], basis[j])) for j in range(n)] for i in range(n)]
        w = [[rng.randint(-4, 4) for _ in range(k)] for _ in range(rank)]
        rhs = [[sum(basis[i][t] * w[t][c] for t in range(rank)) for c in range(k)] for i in range(n)]   # in M's range
        x = _min_norm_solution(m, rhs)
        assert all(sum(m[i][j] * x[j][c] for j in range(n)) == rhs[i][c] for i in range(n) for c in range(k))
        expected = np.linalg.pinv(np.array(m, dtype=float)) @ np.array(rhs, dtype=float)
        assert np.allclose(np.array([[float(v) for v in row] for row in x]), expected, atol=1e-8)
        # least norm: x lies in M's range, so it is orthogonal to every vector M sends to zero
        for null in itertools.product(range(-2, 3), repeat=n):
            if any(null) and all(sum(m[i][j] * null[j] for j in range(n)) == 0 for i in range(n)):
                assert all(sum(null[i] * x[i][c] for i in range(n)) == 0 for c in range(k))
                break


def test_simulated_cover_all_figures_do_not_depend_on_the_machine_s_floating_point(massachusetts):
    """The 5- to 7-player estimate is computed in exact arithmetic from the shipped whole-number sums: it
    equals the least-squares regression, done again here as the normal equations in fractions."""
    shipped = shipped_distribution(massachusetts.hand_rules)
    players = 5
    dist = highest_hand(players, massachusetts.hand_rules)
    sums, cross = shipped["simulated"][players]
    n5, n = len(CATEGORIES_5), len(sums)
    rounds = shipped["rounds"]
    s = [int(v) for v in sums]
    m = [[rounds * int(cross[i][j]) - s[i] * s[j] for j in range(n)] for i in range(n)]
    from lit_compliance.gamemath.coverall import _min_norm_solution, control_means
    beta = _min_norm_solution([row[n5:] for row in m[n5:]], [row[:n5] for row in m[n5:]])
    means = control_means(players, shipped["exact"])
    for y in range(n5 - 1):   # the last categories below the exact tail, where there is one, are lumped
        tail = shipped["tail"].get(players)
        if tail and y >= tail["from"] - 1:
            break
        estimate = Fraction(s[y], rounds) - sum((beta[i][y] * (Fraction(s[n5 + i], rounds) - means[i])
                                                 for i in range(n - n5)), Fraction(0))
        assert dist.probabilities[y] == float(estimate)


def test_the_shipped_regression_is_the_regression_of_the_shipped_sums_solved_again(massachusetts):
    """``data/coverall_regression.json`` spares each run the exact solve: it must be exactly what solving
    the shipped sums gives now, for every simulated player count."""
    from lit_compliance.gamemath.coverall import cv_distribution, shipped_regression

    rules = massachusetts.hand_rules
    shipped, solved = shipped_distribution(rules), shipped_regression(rules)
    assert solved is not None and sorted(solved) == sorted(shipped["simulated"]) == [4, 5, 6, 7]
    for players, (sums, cross) in shipped["simulated"].items():
        assert solved[players] == cv_distribution(players, shipped["rounds"], sums, cross, shipped["exact"])


def test_a_regression_solved_for_other_data_is_not_used(massachusetts, tmp_path, monkeypatch):
    from lit_compliance.gamemath import coverall

    rules = massachusetts.hand_rules
    with_file = coverall.from_shipped(5, shipped_distribution(rules), coverall.shipped_regression(rules)[5])
    stale = json.loads((ROOT / "lit_compliance" / "gamemath" / "data" / "coverall_regression.json").read_text())
    stale["players"]["5"]["estimate"][0] = "1/2"          # a figure that is not the regression's
    planted = tmp_path / "coverall_regression.json"
    planted.write_text(json.dumps(stale))
    monkeypatch.setattr(coverall, "_REGRESSION", planted)
    coverall.shipped_regression.cache_clear()
    coverall.shipped_highest.cache_clear()
    try:
        assert coverall.shipped_regression(rules)[5][0][0] == Fraction(1, 2)   # read as written while it matches
        stale["distribution_sha256"] = "0" * 64                                 # solved for other data: ignored
        planted.write_text(json.dumps(stale))
        coverall.shipped_regression.cache_clear()
        assert coverall.shipped_regression(rules) is None
        assert highest_hand(5, rules).probabilities == with_file.probabilities   # solved again, the same
    finally:
        coverall.shipped_regression.cache_clear()
        coverall.shipped_highest.cache_clear()
