"""The one vocabulary: the words of the engine's typed answers (strategy rules, hands) are made by
:mod:`lit_compliance.model.vocabulary`, from the engine's identifiers."""
from __future__ import annotations

from lit_compliance.gamemath.strategy import FAMILIES, PAYING
from lit_compliance.gamemath.strategy_rule import StrategyRule
from lit_compliance.model.vocabulary import (RANKS_LOW_TO_HIGH, STRATEGY_FAMILIES, strategy_rule_text,
                                             strategy_sentence)
from lit_compliance.poker.cards import RANK_LETTERS


def test_the_vocabulary_ranks_are_the_cards_ranks():
    assert RANKS_LOW_TO_HIGH == "".join(RANK_LETTERS[r] for r in sorted(RANK_LETTERS))


def test_every_family_the_engine_derives_has_words_for_its_bet():
    for cards, families in FAMILIES.items():
        assert set(STRATEGY_FAMILIES[cards]) == set(families) | {"paying"}
        assert set(PAYING[cards]) <= set(families)


def test_a_rule_is_said_from_its_fields():
    every = StrategyRule("ride", "sf_row", (0, 3), ("2-3-4", "A-2-3"), (), 3, 3)
    assert strategy_rule_text(every) == "three suited in a row except A-2-3 and 2-3-4"   # ace low leads
    some = StrategyRule("optional", "inside", (4, 4), (), (), 4, 4)
    assert strategy_rule_text(some) == "four to an inside straight with four high cards"
    only = StrategyRule("ride", "st_row", (1, 0), (), ("Q-K-A", "J-Q-K"), 3, 3)
    assert strategy_rule_text(only) == "three unsuited in a row: J-Q-K and Q-K-A only"
    assert strategy_sentence([every, some], 2) == (
        "Let bet 2 ride with: three suited in a row except A-2-3 and 2-3-4; otherwise pull it back. Optional "
        "(zero expectation: riding or pulling gives the same return; counted as pulled): four to an inside "
        "straight with four high cards.")
    assert strategy_sentence([], 1) == "Let bet 1 ride with: nothing; otherwise pull it back."
