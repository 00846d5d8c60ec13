"""The joint distribution of one player's round (lit_compliance.gamemath.joint): every marginal is
the engine's own exact price, the wagers settled on the same cards are correlated as the deal makes
them, and a seeded simulation by the engine's own dealing and settlement agrees with it."""
from __future__ import annotations

from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest

from lit_compliance.gamemath.record import settings_json
from lit_compliance.gamemath import priced
from lit_compliance.gamemath.base import analyse_base, multipliers, not_whole_odds
from lit_compliance.gamemath.joint import (AXES, NotSettledOnTheHand, joint_moments, outcome_distribution,
                                           player_distribution, settled)
from lit_compliance.gamemath.joint_counts import BONUS, DEALS, _enumerate, joint_counts, shipped_counts
from lit_compliance.gamemath.tables import five_card_atoms, six_card_atoms, three_card_atoms
from lit_compliance.model import model_of
from lit_compliance.poker.hands import CATEGORIES_5


def _exact(x) -> Fraction | None:
    return None if x is None else Fraction(str(x))


def _side_wagers(model):
    """(wager, paytable, record, Settled) for every side paytable the engine prices with moments on
    one player's cards, at the settings its record holds at."""
    out = []
    for wager in model.wagers:
        if wager.is_base:
            continue
        for table in wager.paytables:
            record = priced(model, wager, table)
            if not record.moments or table.hand_basis.value not in AXES:
                continue
            st = settings_json(record.settings)
            out.append((wager, table, record, settled(wager, table, model.hand_rules, _exact(st.get("stake")),
                                                      _exact(st.get("meter")), Fraction(1))))
    return out


def _bases(model):
    out = []
    for table in model.wager("base").paytables:
        if not_whole_odds(table) or multipliers(table)[1]:
            continue
        out.append((table, priced(model, model.wager("base"), table),
                    settled(model.wager("base"), table, model.hand_rules, amount=Fraction(1))))
    return out


@pytest.mark.parametrize("jurisdiction", ["maryland", "south-dakota", "tribal"])
def test_every_marginal_is_the_engines_exact_price(catalogue, jurisdiction):
    """Each wager's mean and variance read off the joint table equal the priced record's exact
    moments, for every base paytable with every side paytable of the ruleset, as published
    (Massachusetts and New South Wales print no priced paytable of their own: their example tables'
    house paytables are held to the theory below)."""
    model = model_of(catalogue.latest(jurisdiction))
    sides = _side_wagers(model)
    bases = _bases(model)
    assert sides and bases
    for table, record, base in bases:
        jm = joint_moments([base] + [s for *_, s in sides], model.hand_rules)
        assert jm.mean[0] == record.moments.mean, table.id
        assert jm.variance(0) == record.moments.variance, table.id
        for i, (wager, side_table, side_record, _) in enumerate(sides, start=1):
            assert jm.mean[i] == side_record.moments.mean, (wager.id, side_table.id)
            assert jm.variance(i) == side_record.moments.variance, (wager.id, side_table.id)


@pytest.mark.parametrize("name", ["maryland", "massachusetts", "south-dakota", "tribal", "nsw"])
def test_every_configured_wager_is_the_theorys(catalogue, name):
    """For every example configuration, each wager settled on one player's deal has, per unit, the
    mean and standard deviation of the table's theory (the house paytable where the configuration
    gives one; the stake and meter it is priced at); Cover All is the one wager not settled there."""
    theory, wagers, left = _configured(catalogue, name)
    jm = joint_moments(wagers, theory.model.hand_rules)
    for i, w in enumerate(wagers):
        t = theory.wagers[w.wager_id]
        assert float(-jm.mean[i]) == pytest.approx(t.mean, rel=1e-12, abs=1e-15), w.wager_id
        assert jm.sd(i) == pytest.approx(t.sd, rel=1e-9), w.wager_id
    assert all(theory.wagers[wid].kind == "cover_all" for wid in left)


def test_base_outcomes_are_the_engines(catalogue):
    """The (final hand, bets riding) marginal is the base game's exact outcome table (:func:`analyse_base`,
    over suit classes of holdings) for every Maryland base paytable."""
    model = model_of(catalogue.latest("maryland"))
    for table in model.wager("base").paytables:
        m, _ = multipliers(table)
        jc = joint_counts(model.hand_rules, tuple(int(x) for x in m), True)
        by_category: dict = {}
        marginal = jc.marginal((0, 1))
        for i5, atom in enumerate(jc.five):
            code = max(CATEGORIES_5.index(n) for n in atom.tags if n in CATEGORIES_5)
            for bets in (1, 2, 3):
                key = (CATEGORIES_5[code], bets)
                by_category[key] = by_category.get(key, 0) + int(marginal[i5, bets])
        expected = analyse_base(m, model.hand_rules).outcomes
        got = {k: Fraction(v, jc.total) for k, v in by_category.items() if v}
        assert got == expected
        assert int(marginal[:, 0].sum()) == 0


def test_each_axis_counts_every_hand_alike(catalogue):
    """Over the deals, each axis's marginal is its hand classes' counts, each hand counted equally often."""
    model = model_of(catalogue.latest("maryland"))
    m, _ = multipliers(model.wager("base").paytable("a"))
    jc = joint_counts(model.hand_rules, tuple(int(x) for x in m), True)
    assert jc.total == comb(52, 3) * 49 * 48 * comb(47, 3)
    for axis, atoms, hands in ((0, five_card_atoms(model.hand_rules), comb(52, 5)),
                               (2, three_card_atoms(model.hand_rules), comb(52, 3)),
                               (3, six_card_atoms(model.hand_rules), comb(52, 6))):
        marginal = jc.marginal((axis,))
        assert [int(c) * hands for c in marginal] == [a.count * jc.total for a in atoms]


def test_derived_tables_are_the_enumerated_ones(catalogue):
    """A table read off a shipped one (no six-card axis; no base game) is the table enumerated afresh."""
    rules = model_of(catalogue.latest("maryland")).hand_rules
    fresh = _enumerate(rules, None, False)
    assert (joint_counts(rules, None, False).counts == fresh.counts).all()
    assert fresh.total == DEALS


def test_a_shipped_table_is_the_enumerated_one(catalogue):
    """One shipped table without the six-card axis, recomputed from nothing (every one, with the
    six-card axis, under -m slow)."""
    model = model_of(catalogue.latest("tribal"))
    m, _ = multipliers(model.wager("base").paytables[0])
    wins = tuple(int(x) for x in m)
    shipped = shipped_counts(model.hand_rules, wins, False)
    assert shipped is not None
    assert (shipped == _enumerate(model.hand_rules, wins, False).counts).all()


@pytest.mark.slow
def test_every_shipped_table_is_the_enumerated_one():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    from build_joint_counts import wanted

    for rules, wins, six in wanted():
        assert (shipped_counts(rules, wins, six) == _enumerate(rules, wins, six).counts).all(), (wins, six)
        assert int(shipped_counts(rules, wins, six).sum()) == DEALS * (BONUS if six else 1)


def _configured(catalogue, name: str):
    """An example table's wagers as its configuration sets them, each priced at the settings of the
    engine's record and staked its configured minimum; and the wagers not settled on one hand."""
    from lit_compliance.table.theory import load_theory, sheet

    theory = load_theory(_root() / "examples" / "configs" / f"{name}.yaml", catalogue)
    out, left = [], []
    for wid, w in theory.wagers.items():
        wager, table, _ = theory.choices[wid]
        if table is None or w.mean is None:
            left.append(wid)
            continue
        held = sheet(theory, wid).priced.held_at
        st = {"stake": None if held.stake is None else float(held.stake),
              "meter": None if held.meter is None else float(held.meter)}
        amount = Fraction(str(w.minimum if w.minimum is not None else w.stake))
        try:
            out.append(settled(wager, table, theory.model.hand_rules, _exact(st.get("stake")),
                               _exact(st.get("meter")), amount))
        except NotSettledOnTheHand:
            left.append(wid)
    return theory, out, left


def _maryland(catalogue):
    """The Maryland example table (base A at $10 a bet, Five Card Bonus B at $1, Three Card Bonus A at
    $1, Six Card Bonus A at $5, the progressive A at $1 with the meter at its $10,000 reset)."""
    theory, wagers, left = _configured(catalogue, "maryland")
    assert not left and len(wagers) == 5
    return theory, wagers


def _root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


def test_wagers_on_the_same_cards_are_correlated(catalogue):
    """Maryland as configured: the base game and the Five Card Bonus (the same five cards) are strongly
    correlated, the Three Card Bonus with both (the player's three cards are in the five), the Six Card
    Bonus with the Three Card Bonus (the same three cards); no pair is negatively correlated, so the
    player's SD with every covariance is above the SD the wagers would have were they independent."""
    theory, wagers = _maryland(catalogue)
    jm = joint_moments(wagers, theory.model.hand_rules)
    at = {w: i for i, w in enumerate(jm.wager_ids)}
    assert jm.covariance[at["base"]][at["five-card-bonus"]] > 0
    assert jm.correlation(at["base"], at["five-card-bonus"]) > 0.5
    assert jm.covariance[at["base"]][at["progressive"]] > 0
    assert jm.covariance[at["base"]][at["three-card-bonus"]] > 0
    assert jm.covariance[at["three-card-bonus"]][at["six-card-bonus"]] > 0
    assert all(c >= 0 for row in jm.covariance for c in row)
    assert jm.total_sd > jm.independent_sd
    same_hand = [w for w in wagers if w.wager_id != "six-card-bonus"]
    four = joint_moments(same_hand, theory.model.hand_rules)
    assert four.total_sd > 1.4 * four.independent_sd


def test_the_players_total_distribution_has_the_moments(catalogue):
    """The exact distribution of the player's total has the mean and variance the covariances give."""
    theory, wagers = _maryland(catalogue)
    jm = joint_moments(wagers, theory.model.hand_rules)
    dist = player_distribution(wagers, theory.model.hand_rules)
    assert sum(p for _, p in dist) == 1
    mean = sum(p * x for x, p in dist)
    assert mean == jm.total_mean
    assert sum(p * (x - mean) ** 2 for x, p in dist) == jm.total_variance
    assert [x for x, _ in dist] == sorted(x for x, _ in dist)


def test_the_players_total_is_each_deals_wagers_added_up_in_money(catalogue):
    """The player's total, added up by value in whole numbers, is the joint outcomes' distribution
    (each wager's value a fraction) with every outcome's values times their amounts summed: the same
    values and the same exact probabilities. The amounts here are not whole units, so the common
    denominator is the amounts' as well as the paytables'."""
    theory, wagers = _maryland(catalogue)
    for amounts in ([w.amount for w in wagers], [Fraction(7, 3) + k for k in range(len(wagers))]):
        staked = [type(w)(w.wager_id, w.axis, w.values, a, w.net_wins) for w, a in zip(wagers, amounts)]
        want: dict = {}
        for values, p in outcome_distribution(staked, theory.model.hand_rules).items():
            x = sum((a * v for a, v in zip(amounts, values)), Fraction(0))
            want[x] = want.get(x, 0) + p
        got = player_distribution(staked, theory.model.hand_rules)
        assert got == sorted(want.items())
        assert len(got) > 100 and all(isinstance(x, Fraction) and isinstance(p, Fraction) for x, p in got)


def test_cover_all_is_not_settled_on_one_hand(catalogue):
    model = model_of(catalogue.latest("massachusetts"))
    cover = next(w for w in model.wagers if any(t.hand_basis.value == "table_highest" for t in w.paytables))
    with pytest.raises(NotSettledOnTheHand, match="every player's hand"):
        settled(cover, cover.paytables[0], model.hand_rules)


def test_a_seeded_simulation_agrees(catalogue):
    """200,000 rounds dealt and settled by the simulator (its own dealing, evaluators and strategy
    lookups): every joint outcome of the five wagers with probability at least 0.2% is seen within 4.5
    binomial standard deviations of its exact probability (over at most ~60 such outcomes, an honest
    run fails with probability below 0.05%), and the chi-square over them and the rest lies below its
    99.9% point."""
    from lit_compliance.hold.simulate import Play, deal, play_rounds

    theory, wagers = _maryland(catalogue)
    plays = []
    for w in wagers:
        wager, table, _ = theory.choices[w.wager_id]
        st = theory.wagers[w.wager_id]
        meter = _exact(st.meter)
        plays.append(Play(wager, table, w.amount, meter))
    n = 200_000
    cards = deal(np.random.default_rng(20261128), n)
    won = play_rounds(plays, cards, theory.model.hand_rules).house_win
    keys, counts = np.unique(np.column_stack([won[w.wager_id] for w in wagers]), axis=0, return_counts=True)
    seen = {tuple(k): c for k, c in zip(keys.tolist(), counts.tolist())}
    exact = {}   # the house's win on each wager in cents, as the simulator counts it
    for values, p in outcome_distribution(wagers, theory.model.hand_rules).items():
        cents = tuple(-v * w.amount * 100 for v, w in zip(values, wagers))
        assert all(c.denominator == 1 for c in cents)
        exact[tuple(int(c) for c in cents)] = p
    assert set(seen) <= set(exact)
    common = {k: float(p) for k, p in exact.items() if p >= Fraction(1, 500)}
    assert 5 <= len(common) <= 60
    chi2 = 0.0
    for key, p in common.items():
        got = seen.get(key, 0)
        sd = sqrt(n * p * (1 - p))
        assert abs(got - n * p) <= 4.5 * sd, (key, got, n * p)
        chi2 += (got - n * p) ** 2 / (n * p)
    rest_p = 1 - sum(common.values())
    rest = n - sum(seen.get(k, 0) for k in common)
    chi2 += (rest - n * rest_p) ** 2 / (n * rest_p)
    df = len(common)
    # the chi-square's 99.9% point by the Wilson-Hilferty cube-root approximation
    point = df * (1 - 2 / (9 * df) + 3.090232 * sqrt(2 / (9 * df))) ** 3
    assert chi2 <= point, (chi2, point)


def test_the_whole_table_sd_is_the_joint_one(catalogue):
    """The Maryland example table's SD of one player's round, as check and par CONFIG print it, is the
    joint distribution's (every covariance counted), no longer the root of the summed variances
    (which it still states beside it, as the theory's SDs give it)."""
    from click.testing import CliRunner

    from lit_compliance.cli import main
    from lit_compliance.table.config import load_config, ruleset_for
    from lit_compliance.table.figures import table_figures

    path = _root() / "examples" / "configs" / "maryland.yaml"
    config = load_config(path)
    fig = table_figures(ruleset_for(config, catalogue), config)
    theory, wagers = _maryland(catalogue)
    jm = joint_moments(wagers, theory.model.hand_rules)
    assert fig.standard_deviation == pytest.approx(jm.total_sd, rel=1e-12)
    assert fig.standard_deviation_independent == pytest.approx(jm.independent_sd, rel=1e-9)
    assert fig.standard_deviation > fig.standard_deviation_independent * 1.03
    assert fig.standard_deviation < fig.standard_deviation_at_most
    assert fig.expected_win_per_round == pytest.approx(-float(jm.total_mean), rel=1e-12)
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert f"Standard deviation of one player's round: ${jm.total_sd:,.2f} (exact: the joint distribution" in text
    assert f"${jm.independent_sd:,.2f} were the wagers independent" in text


def test_a_wager_on_every_seats_hand_is_added_apart(catalogue):
    """Massachusetts: the base game and the progressive are counted jointly; Cover All, settled on every
    seat's hand, is added as independent of them, and the figure says so."""
    from lit_compliance.table.player_round import player_round
    from lit_compliance.table.config import load_config, ruleset_for
    from lit_compliance.table.figures import table_figures
    from lit_compliance.model.table_vocabulary import round_basis_text

    config = load_config(_root() / "examples" / "configs" / "massachusetts.yaml")
    fig = table_figures(ruleset_for(config, catalogue), config)
    theory, wagers, left = _configured(catalogue, "massachusetts")
    assert left == ["cover-all"]
    jm = joint_moments(wagers, theory.model.hand_rules)
    cover = next(r for r in fig.wagers if r.wager == "cover-all")
    assert fig.standard_deviation == pytest.approx(sqrt(float(jm.total_variance) + cover.standard_deviation ** 2),
                                                      rel=1e-12)
    assert fig.apart == ("cover-all",) and set(fig.joint) == {"base", "progressive"}
    assert "cover-all added as independent" in round_basis_text(fig.joint, fig.apart)
    from lit_compliance.table.theory import theory_of

    every_seat = theory_of(config, ruleset_for(config, catalogue), offered_only=True, every_seat=True)
    rounds = player_round(every_seat, {r.wager: r.stake for r in fig.wagers})
    values, probs = np.array(rounds.values), np.array(rounds.probabilities)
    assert float(values @ probs) == pytest.approx(fig.expected_win_per_round, rel=1e-9)
    assert sqrt(float(((values - values @ probs) ** 2) @ probs)) == pytest.approx(fig.standard_deviation, rel=1e-6)


@pytest.mark.slow
def test_the_six_card_hands_left_after_the_community_cards_are_counted_card_by_card():
    """The inclusion-exclusion the enumeration counts by, G3[P] - G4[P+a] - G4[P+b] + G5[P+a+b], is for
    a few deals the count, hand by hand with the scalar evaluator, of the six-card hands of P and
    every three of the 47 cards left (suits kept: a Super Royal and the flushes by suit)."""
    from itertools import combinations

    from lit_compliance.gamemath.joint_counts import _index, six_card_tables
    from lit_compliance.gamemath.tables import FLUSHY_5
    from lit_compliance.model.hand_rules import STANDARD
    from lit_compliance.poker.cards import card
    from lit_compliance.poker.hands import IMPLIED, evaluate6
    from lit_compliance.poker.vectorised import colex_index

    six = six_card_atoms(STANDARD)
    index = _index(six)
    g5, g4 = six_card_tables(STANDARD, six)
    rng = np.random.default_rng(7)
    deals = [([card(14, 3), card(13, 3), card(12, 3)], card(11, 3), card(10, 3)),
             ([card(9, 1), card(10, 1), card(2, 0)], card(9, 2), card(5, 1))]
    deals += [(list(d[:3]), int(d[3]), int(d[4])) for d in (rng.choice(52, 5, replace=False) for _ in range(2))]
    for p, a, b in deals:
        def at(cards):
            return int(colex_index(np.array([sorted(cards)]))[0])

        rest = [c for c in range(52) if c not in p]
        g3 = sum(g4[:, at(p + [c])].astype(np.int64) for c in rest) // 3
        formula = g3 - g4[:, at(p + [a])] - g4[:, at(p + [b])] + g5[:, at(p + [a, b])]
        direct = np.zeros(len(six), dtype=np.int64)
        for t in combinations([c for c in rest if c not in (a, b)], 3):
            hand = evaluate6(p + list(t))
            tags = hand.tags if hand.category == "super_royal" else \
                frozenset({hand.category} | IMPLIED.get(hand.category, set()))
            flushy = hand.category in FLUSHY_5 or hand.category == "super_royal"
            direct[index[(tags, hand.suit if flushy else None)]] += 1
        assert direct.sum() == BONUS
        assert formula.tolist() == direct.tolist(), (p, a, b)


def test_the_set_bits_table_counts_each_masks_bits():
    from lit_compliance.gamemath import joint_counts

    table = joint_counts._POPCOUNT
    assert table.dtype == np.uint8 and len(table) == 1 << 13
    assert [int(v) for v in table] == [bin(m).count("1") for m in range(1 << 13)]
