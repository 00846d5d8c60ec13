"""The base-game strategy in rule form is the exact optimal decision, holding by holding.

For every base paytable of the catalogue the rules the engine derives (:mod:`lit_compliance.gamemath.
strategy`) are applied to every one of the 22,100 three-card and 270,725 four-card holdings and must
give the exact decision: ride where the expectation of the bet is positive, optional where it is
exactly zero, pull where it is negative. The expectation of a holding is its suit class's (the
classes are checked against the full tables in ``test_fast_tables.py``).
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

from lit_compliance.gamemath import paytable_result
from lit_compliance.report.priced_json import priced_json
from lit_compliance.gamemath.base import multipliers, not_whole_odds
from lit_compliance.gamemath.strategy import decide, family, high_cards, matches, rank_word
from lit_compliance.gamemath.tables import base_classes, suit_classes
from lit_compliance.model import model_of
from lit_compliance.poker.vectorised import colex_sets


def _base_paytables(catalogue):
    """(ruleset, model, wager, paytable) for every base paytable of every ruleset that is priced exactly."""
    out = []
    for ruleset in catalogue.all_versions():
        model = model_of(ruleset)
        for wager in model.wagers:
            if not wager.is_base:
                continue
            for table in wager.paytables:
                if not_whole_odds(table) or multipliers(table)[1]:
                    continue
                out.append((ruleset, model, wager, table))
    return out


@pytest.fixture(scope="module")
def holdings():
    """For k = 3 and 4: every holding's suit class, and its (family, high cards, rank word) as an
    index into the distinct features (the rules are applied once per distinct feature)."""
    out = {}
    for k in (3, 4):
        sets = colex_sets(52, k)
        _, class_of = suit_classes(k)
        features: dict = {}
        index = np.empty(len(sets), dtype=np.int32)
        for i, cards in enumerate(sets.tolist()):
            key = (family(cards), high_cards(cards), rank_word(cards))
            index[i] = features.setdefault(key, len(features))
        out[k] = (class_of, index, list(features))
    return out


def _rule_decisions(rules, features, k) -> np.ndarray:
    code = {"pull": -1, "optional": 0, "ride": 1}
    return np.array([code[decide(rules, fam, high, word, k)] for fam, high, word in features], dtype=np.int8)


def test_the_catalogue_has_base_paytables_to_check(catalogue):
    assert len(_base_paytables(catalogue)) >= 6


def test_strategy_rules_give_the_exact_decision_on_every_holding_of_every_base_paytable(catalogue, holdings):
    checked = defaultdict(int)
    for ruleset, model, wager, table in _base_paytables(catalogue):
        m, _ = multipliers(table)
        t = base_classes(model.hand_rules)
        exact = {3: np.sign(t.counts3.astype(np.int64) @ m), 4: np.sign(t.counts4.astype(np.int64) @ m)}
        rules = priced_json(paytable_result(model, wager.id, table.id))["details"]["strategy_rules"]
        for k, bet in ((3, "bet1"), (4, "bet2")):
            class_of, index, features = holdings[k]
            by_rules = _rule_decisions(rules[bet], features, k)[index]
            by_exact = exact[k][class_of]
            wrong = np.flatnonzero(by_rules != by_exact)
            assert wrong.size == 0, (f"{ruleset.ref}/{table.id} {bet}: {wrong.size} holdings decided wrongly, "
                                     f"e.g. {features[index[wrong[0]]]}")
            checked[k] += len(index)
    assert checked[3] % 22_100 == 0 and checked[4] % 270_725 == 0 and checked[3] // 22_100 >= 6


def test_rules_match_a_dealt_holding_as_they_match_its_features():
    rules = [{"decision": "ride", "family": "sf_row", "high": [0, 3], "excluding": ["A-2-3", "2-3-4"],
              "including": [], "text": ""}]
    # 2c 3c 4c (cards 0, 4, 8) is excluded; 3c 4c 5c rides; A-2-3 suited is excluded; unsuited 3-4-5 pulls
    assert matches(rules, [0, 4, 8]) == "pull"
    assert matches(rules, [4, 8, 12]) == "ride"
    assert matches(rules, [48, 0, 4]) == "pull"
    assert matches(rules, [4, 9, 12]) == "pull"


def test_standard_paytable_rules_are_the_published_let_it_ride_strategy(catalogue):
    # Published strategy for 1000/200/50/11/8/5/3/2/1 (Wizard of Odds, Let It Ride): bet 1 rides
    # any paying hand, three to a royal flush, three suited in a row except A-2-3 and 2-3-4, three to
    # a straight flush with one gap and a high card, with two gaps and two high cards; bet 2 rides any
    # paying hand, four to a flush, four to an outside straight with a high card; four to an outside
    # straight with no high cards and four to an inside straight with four high cards are break-even.
    model = model_of(catalogue.get("maryland"))
    rules = priced_json(paytable_result(model, "base", "a"))["details"]["strategy_rules"]
    bet1 = rules["bet1_text"]
    assert "any paying hand" in bet1 and "three to a royal flush" in bet1
    assert "three suited in a row except A-2-3 and 2-3-4" in bet1
    assert "three suited with one gap with at least one high card" in bet1
    assert "three suited with two gaps with two high cards" in bet1
    bet2 = rules["bet2_text"]
    ride, optional = bet2.split("Optional")
    assert "four to a flush" in ride and "four to an outside straight with at least one high card" in ride
    assert "four to an outside straight with no high cards" in optional
    assert "four to an inside straight with four high cards" in optional
    assert len(rules["bet1"]) <= 12 and len(rules["bet2"]) <= 12
