"""Hands as an enum that carries its display name: the schema's hands, the rulesets' spelling, the
names people read, and the engine's categories all come from :class:`HandCategory`."""
from __future__ import annotations

import json

import pytest

from lit_compliance.load.validation import schema
from lit_compliance.model import model_of
from lit_compliance.model.enums import HandCategory
from lit_compliance.model.vocabulary import HAND_NAMES, hand_name
from lit_compliance.poker.cards import parse_cards
from lit_compliance.poker.hands import CATEGORIES_3, CATEGORIES_5, IMPLIED, evaluate


def test_members_are_exactly_the_hands_the_schema_allows():
    assert [hand.value for hand in HandCategory] == list(schema("ruleset")["$defs"]["hand"]["enum"])


def test_every_hand_a_bundled_ruleset_names_is_a_member(catalogue):
    named = set()
    for rs in catalogue.all_versions():
        model = model_of(rs)
        for wager in model.wagers:
            for table in wager.paytables:
                named |= {line.hand for line in table.lines}
        rankings = model.hand_rankings
        for ranking in (rankings.five_card, rankings.three_card, rankings.six_card):
            named |= {c.hand for c in ranking.categories} if ranking else set()
    assert named, "the bundled rulesets name hands"
    assert named <= {hand.value for hand in HandCategory}
    assert all(isinstance(HandCategory(name), HandCategory) for name in named)


@pytest.mark.parametrize("hand", list(HandCategory))
def test_display_name_says_the_data_spelling_in_words(hand):
    """The name people read is the ruleset's spelling in words (an ``of`` may join them), and the
    vocabulary says a hand by it."""
    said = hand.display.lower().replace(",", "").replace("-", " ").split()
    spelled = hand.value.split("_")
    assert [w for w in said if w not in spelled] in ([], ["of"])
    assert [w for w in said if w in spelled] == spelled
    assert hand_name(hand.value) == hand_name(hand) == hand.display == HAND_NAMES[hand.value]
    assert hand.display[0].isupper()


def test_display_names_are_distinct():
    assert len({hand.display for hand in HandCategory}) == len(HandCategory)


def test_a_member_is_its_data_spelling_wherever_it_goes():
    hand = HandCategory.PAIR_TENS_OR_BETTER
    assert hand == "pair_tens_or_better" and hash(hand) == hash("pair_tens_or_better")
    assert f"{hand}" == str(hand) == "pair_tens_or_better" and repr([hand]) == "['pair_tens_or_better']"
    assert json.dumps({hand: [hand]}) == '{"pair_tens_or_better": ["pair_tens_or_better"]}'


def test_the_engine_keys_categories_by_member():
    assert all(isinstance(c, HandCategory) for c in CATEGORIES_5 + CATEGORIES_3)
    assert all(isinstance(c, HandCategory) for k, v in IMPLIED.items() for c in (k, *v))
    royal = evaluate(parse_cards("As Ks Qs Js Ts"))
    assert royal.category is HandCategory.ROYAL_FLUSH
    assert royal.tags == {HandCategory.ROYAL_FLUSH, HandCategory.STRAIGHT_FLUSH}
    mini = evaluate(parse_cards("Ah Kh Qh"))
    assert mini.category is HandCategory.MINI_ROYAL and HandCategory.ACE_KING_QUEEN in mini.tags
    assert evaluate(parse_cards("9d Ad Kd Qd Jd Td")).category is HandCategory.SUPER_ROYAL
