"""Tribal gaming code, Section 12 (Let It Ride Poker Rules): the ruleset checked against the source.

The expected tables below were typed independently from sources/tribal-section-12.txt (a
double-entry transcription check). Citations use the printed labels; the second "(e)" heading
(Payout Odds) is referred to in the text as (l), the second "(g)" (Automated Dealing Shoe) as (j).
"""
from __future__ import annotations

import pytest
from helpers import (
    as_finding_list,
    as_rows,
    assert_finding_recorded,
    assert_no_unexpected_findings,
    collapse_whitespace,
    figure_in,
    irregularity,
    method,
    read_source,
    source_path,
    wager,
)

SOURCE = source_path("tribal-section-12.txt")

# Section 12(e)(2) [Payout Odds; printed (e), referred to as (l)] - "no less than the following odds"
BASE_PAYOUT_ODDS = [
    ("royal_flush", "to_one", 1000),        # Royal Flush 1,000 to 1
    ("straight_flush", "to_one", 200),      # Straight Flush 200 to 1
    ("four_of_a_kind", "to_one", 50),       # Four-of-a-kind 50 to 1
    ("full_house", "to_one", 11),           # Full House 11 to 1
    ("flush", "to_one", 8),                 # Flush 8 to 1
    ("straight", "to_one", 5),              # Straight 5 to 1
    ("three_of_a_kind", "to_one", 3),       # Three-of-a-kind 3 to 1
    ("two_pair", "to_one", 2),              # Two Pair 2 to 1
    ("pair_tens_or_better", "to_one", 1),   # Pair of Tens, Jacks, Queens, Kings or Aces 1 to 1
]

# Section 12(e)(4) [Payout Odds; printed (e), referred to as (l)] - "no less than the following
# monetary amounts" on the $1.00 bonus wager of Section 12(g)(2) [Optional Bonus Wager]
BONUS_PAYOUT = [
    ("royal_flush", "fixed_amount", 25000),   # Royal Flush $25,000
    ("straight_flush", "fixed_amount", 2500),  # Straight Flush $ 2,500
    ("four_of_a_kind", "fixed_amount", 400),   # Four-of-a-kind $ 400
    ("full_house", "fixed_amount", 200),       # Full House $ 200
    ("flush", "fixed_amount", 50),             # Flush $ 50
    ("straight", "fixed_amount", 25),          # Straight $ 25
    ("three_of_a_kind", "fixed_amount", 5),    # Three-of-a-kind $ 5
]
BONUS_STAKE = 1  # "placing a $1.00 gaming chip", Section 12(g)(2) [Optional Bonus Wager]

EXPECTED_FINDINGS = {
    "duplicate-g-heading-automated-shoe": "numbering_error",
    "duplicate-e-heading-payout-odds": "numbering_error",
    "hand-dealing-numbering-gap": "numbering_error",
    "automated-shoe-delivery-missing": "missing_text",
    "automated-shoe-stub-from-manual-shoe": "wording_conflict",
    "opening-two-decks-b-below": "dangling_reference",
    "player-may-not-touch-own-cards": "wording_conflict",
    "payout-limit-tribe-amount-unstated": "missing_figure",
    "payout-limit-hand-vs-round": "ambiguous",
    "void-hands-wagers-silent": "silent",
    "bonus-payout-stake-return-unclear": "ambiguous",
    "bonus-losing-wager-rule": "ambiguous",
    "bonus-device-count-mismatch-silent": "silent",
    "max-positions-unstated": "silent",
    "no-display-or-table-limit-rules": "silent",
    "external-references-not-bundled": "dangling_reference",
    "deck-composition-implied": "silent",
    "community-card-definition-vs-burn": "wording_conflict",
    "stub-count-wording": "ambiguous",
    "remain-seated-no-consequence": "silent",
    "minor-typos": "garbled_text",
    "losing-bonus-cards-collected-before-win-paid": "contradiction",
    "undefined-terms": "missing_text",
}


@pytest.fixture(scope="module")
def data(ruleset_data):
    return ruleset_data("tribal")


@pytest.fixture(scope="module")
def source_text():
    return read_source(SOURCE)


def only_paytable(data, wager_id):
    tables = wager(data, wager_id)["paytables"]
    assert len(tables) == 1, f"{wager_id}: the source gives exactly one table, ruleset has {len(tables)}"
    return tables[0]


# --- identity -----------------------------------------------------------------------------------


def test_jurisdiction_and_version_identity(data):
    assert data["jurisdiction"]["id"] == "tribal"
    assert data["jurisdiction"]["name"] == "Tribal gaming code (Section 12)"
    assert data["jurisdiction"]["currency"] == "USD"
    assert data["version"]["id"] == "v1"
    assert data["version"]["effective_date"] == "not stated in source"
    assert data["version"]["supersedes"] is None
    assert data["source"]["file"] == "tribal-section-12.txt"


def test_wagers_offered_are_base_and_five_card_bonus_per_12f4_and_12g1(data):
    assert [w["id"] for w in data["wagers"]] == ["base", "five-card-bonus"]
    assert wager(data, "base")["kind"] == "base"
    assert wager(data, "base")["offered"] == "required"
    bonus = wager(data, "five-card-bonus")
    assert bonus["kind"] == "five_card_bonus"
    assert bonus["offered"] == "optional"
    assert bonus["requires_wagers"] == ["base"]


# --- base payout odds, Section 12(e)(2) [Payout Odds; printed (e), referred to as (l)] -----------


def test_base_payout_odds_table_matches_source_line_for_line_per_12l2(data):
    table = only_paytable(data, "base")
    assert as_rows(table["lines"]) == BASE_PAYOUT_ODDS


@pytest.mark.parametrize("hand,kind,value", BASE_PAYOUT_ODDS, ids=[h for h, _, _ in BASE_PAYOUT_ODDS])
def test_base_payout_odds_each_hand_per_12l2(data, hand, kind, value):
    lines = {ln["hand"]: ln for ln in only_paytable(data, "base")["lines"]}
    assert lines[hand]["payout"] == {"kind": kind, "value": value}


def test_base_royal_flush_pays_1000_to_1_per_12l2(data):
    first = only_paytable(data, "base")["lines"][0]
    assert (first["hand"], first["payout"]["kind"], first["payout"]["value"]) == ("royal_flush", "to_one", 1000)


def test_base_pair_of_tens_or_better_pays_1_to_1_per_12l2(data):
    last = only_paytable(data, "base")["lines"][-1]
    assert (last["hand"], last["payout"]["kind"], last["payout"]["value"]) == ("pair_tens_or_better", "to_one", 1)


def test_base_payout_odds_have_no_suits_and_no_fixed_stake_per_12l2(data):
    base = wager(data, "base")
    table = only_paytable(data, "base")
    assert base["stake"] is None
    assert table.get("stake") is None
    for line in table["lines"]:
        assert "suits" not in line
        assert "stake" not in line


def test_base_payout_odds_are_a_minimum_per_12l2_no_less_than(data):
    assert wager(data, "base")["selection"]["rule"] == "minimum"


def test_base_hand_is_three_player_cards_and_two_community_per_12a1ii(data):
    assert wager(data, "base")["hand_basis"] == "player_and_community"


# --- bonus payout, Section 12(e)(4) [Payout Odds; printed (e), referred to as (l)] ---------------


def test_bonus_payout_table_matches_source_line_for_line_per_12l4(data):
    table = only_paytable(data, "five-card-bonus")
    assert as_rows(table["lines"]) == BONUS_PAYOUT


@pytest.mark.parametrize("hand,kind,value", BONUS_PAYOUT, ids=[h for h, _, _ in BONUS_PAYOUT])
def test_bonus_payout_each_hand_per_12l4(data, hand, kind, value):
    lines = {ln["hand"]: ln for ln in only_paytable(data, "five-card-bonus")["lines"]}
    assert lines[hand]["payout"] == {"kind": kind, "value": value}


def test_bonus_royal_flush_pays_25000_dollars_per_12l4(data):
    first = only_paytable(data, "five-card-bonus")["lines"][0]
    assert (first["hand"], first["payout"]["value"]) == ("royal_flush", 25000)


def test_bonus_stake_is_one_dollar_chip_per_12g2(data):
    bonus = wager(data, "five-card-bonus")
    assert bonus["stake"]["amount"] == BONUS_STAKE
    assert only_paytable(data, "five-card-bonus")["stake"] == BONUS_STAKE
    for line in only_paytable(data, "five-card-bonus")["lines"]:
        assert "suits" not in line
        assert line.get("stake", BONUS_STAKE) == BONUS_STAKE


def test_bonus_wins_on_three_of_a_kind_or_better_per_12g1(data):
    bonus = wager(data, "five-card-bonus")
    assert bonus["wins_on"]["hand"] == "three_of_a_kind"
    hands = [ln["hand"] for ln in only_paytable(data, "five-card-bonus")["lines"]]
    assert "two_pair" not in hands and "pair_tens_or_better" not in hands and "pair" not in hands


def test_bonus_is_minimum_and_independent_per_12l4_and_12g4(data):
    bonus = wager(data, "five-card-bonus")
    assert bonus["selection"]["rule"] == "minimum"
    assert bonus["independent"]["value"] is True
    assert bonus["hand_basis"] == "player_and_community"


def test_every_paytable_quote_occurs_in_source_and_holds_its_figure(data, source_text):
    for w in data["wagers"]:
        for table in w["paytables"]:
            for line in table["lines"]:
                quote = collapse_whitespace(line["quote"])
                assert quote in source_text, quote
                assert figure_in(quote, line["payout"]["value"]), (quote, line["payout"]["value"])


# --- procedure facts ------------------------------------------------------------------------------


def test_one_52_card_deck_with_cover_card_per_12b1_and_12h5i(data):
    assert data["cards"]["decks"]["count"] == 1
    assert data["cards"]["decks"]["cards_per_deck"] == 52
    assert data["cards"]["cover_card"]["value"] is True


def test_second_deck_only_with_automated_shuffler_five_conditions_per_12b2(data):
    second = data["cards"]["second_deck"]
    assert second["permitted"] is True
    assert second["requires"] == "automated_shuffler"
    assert len(second["conditions"]) == 5


def test_cut_takes_at_least_10_cards_recut_by_supervisor_per_12e3iB_and_12e4(data):
    cut = data["cards"]["cut"]
    assert cut["min_cards"] == 10
    assert "supervisor" in cut["recut_by"].lower()
    assert "manual" in cut["required_when"].lower()


def test_cards_changed_every_8_hours_from_shoe_and_4_hours_from_hand_per_12d5(data):
    hours = {c["dealt_from"]: c["max_hours"] for c in data["cards"]["card_change"]}
    assert hours == {"shoe": 8, "hand": 4}


def test_dealing_methods_manual_shoe_hand_and_automated_shoe_per_12h_12i_12j(data):
    assert [m["id"] for m in data["dealing_methods"]] == ["manual_shoe", "hand", "automated_shoe"]


@pytest.mark.parametrize("method_id", ["manual_shoe", "hand"])
def test_one_card_at_a_time_three_rounds_to_players_and_community_per_12h3_and_12i4(data, method_id):
    plan = method(data, method_id)["plan"]
    steps = [(s["to"], s["cards"]) for s in plan["steps"]]
    assert steps == [("each_player", 1), ("community", 1)] * 3
    assert plan["community_used"] == 2
    assert method(data, method_id)["player_order"] == "clockwise_from_dealer_left"


def test_automated_shoe_stacks_of_three_per_12j1_with_missing_delivery_finding(data):
    plan = method(data, "automated_shoe")["plan"]
    assert all(s["cards"] == 3 and s.get("as_stack") is True for s in plan["steps"])
    assert sum(s["cards"] for s in plan["steps"] if s["to"] == "community") == 3
    assert "automated-shoe-delivery-missing" in as_finding_list(plan["finding"])
    assert "player_order" not in method(data, "automated_shoe")


@pytest.mark.parametrize("method_id", ["manual_shoe", "hand", "automated_shoe"])
def test_one_community_card_burned_after_bet1_decision_per_12k3(data, method_id):
    discard = method(data, method_id)["plan"]["community_discard"]
    assert discard["cards"] == 1
    assert discard["when"] == "after_bet1_decision"


@pytest.mark.parametrize("method_id", ["manual_shoe", "hand", "automated_shoe"])
def test_stub_counted_every_five_rounds_unless_counting_shuffler_per_12h5_12h6(data, method_id):
    stub = method(data, method_id)["stub"]
    assert stub["count_every_rounds"] == 5
    assert stub["count_exempt_with_counting_shuffler"] is True
    assert stub["to_discard_unexposed"] is True


def test_hand_dealing_requires_automated_shuffler_per_12i2i(data):
    texts = " ".join(r["text"].lower() for r in method(data, "hand")["requires"])
    assert "automated shuffling device" in texts


def test_three_equal_bets_first_two_withdrawable_per_12f4(data):
    bets = {b["id"]: b for b in data["base_game"]["bets"]}
    assert data["base_game"]["equal_bets"]["value"] is True
    assert bets["bet1"]["withdrawable"] and bets["bet1"]["decision_point"] == "after_player_cards"
    assert bets["bet2"]["withdrawable"] and bets["bet2"]["decision_point"] == "after_first_community_card"
    assert not bets["bet3"]["withdrawable"] and bets["bet3"]["decision_point"] == "none"
    assert data["base_game"]["independent_decisions"]["value"] is True


def test_losing_below_pair_of_tens_per_12k8(data):
    assert data["base_game"]["qualifying_hand"]["hand"] == "pair_tens_or_better"
    assert wager(data, "base")["wins_on"]["hand"] == "pair_tens_or_better"


def test_round_order_bet1_burn_reveal_bet2_reveal_show_collect_pay_per_12k(data):
    steps = [s["step"] for s in data["round_sequence"]]
    order = ["announce_no_more_bets", "collect_side_wagers", "deal", "examine_cards", "decide_bet1",
             "burn_community_card", "reveal_community_card_1", "decide_bet2", "reveal_community_card_2",
             "reveal_player_hands", "collect_losing_wagers", "pay_winning_wagers", "collect_cards"]
    positions = [steps.index(s) for s in order]
    assert positions == sorted(positions)


def test_decisions_clockwise_reveal_and_pay_counterclockwise_per_12k2_12k5_12k7_12k9i(data):
    by_step = {s["step"]: s for s in data["round_sequence"]}
    assert by_step["decide_bet1"]["order"] == "clockwise_from_dealer_left"
    assert by_step["decide_bet2"]["order"] == "clockwise_from_dealer_left"
    assert by_step["reveal_player_hands"]["order"] == "counterclockwise_from_dealer_right"
    assert by_step["pay_winning_wagers"]["order"] == "counterclockwise_from_dealer_right"
    assert by_step["collect_side_wagers"]["wager"] == "five-card-bonus"


def test_two_adjacent_positions_at_casino_discretion_per_12f5(data):
    mp = data["table"]["multiple_positions"]
    assert (mp["allowed"], mp["max_positions"], mp["adjacent_only"]) == ("operator_discretion", 2, True)


def test_payout_limit_applies_to_base_not_bonus_per_12l3(data):
    (limit,) = data["payout_limits"]
    assert limit["applies_to"] == ["base"]
    assert limit["excludes"] == ["five-card-bonus"]
    assert limit["floor"]["kind"] == "max_base_win_at_table_minimum"
    assert "tribe" in limit["floor"]["or_amount_set_by"].lower()
    assert limit["set_by"] == "tribe_or_operator"


def test_odds_stated_with_to_or_win_never_for_per_12l1(data):
    (rule,) = [s for s in data["signage"] if s["rule"] == "odds_wording"]
    assert sorted(rule["allowed_words"]) == ["to", "win"]
    assert rule["forbidden_words"] == ["for"]


def test_five_card_ranking_ace_low_no_wraparound_suits_equal_per_12c(data):
    hr = data["hand_rankings"]
    assert [c["hand"] for c in hr["five_card"]["categories"]] == [
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "pair"]
    assert hr["five_card"]["ace_low_straight"]["value"] is True
    assert hr["five_card"]["wraparound_straight"]["value"] is False
    assert hr["suits_equal"]["value"] is True
    assert hr["three_card"] is None and hr["six_card"] is None
    assert hr["rank_order"]["high_to_low"][0] == "A" and hr["rank_order"]["high_to_low"][-1] == "2"


# --- irregularities, Section 12(m), (h)(5)-(6), (e)(4) ---------------------------------------------


@pytest.mark.parametrize("event,kind", [
    ("card_face_up_in_deck", "card_not_used"),                 # Section 12(m)(1)
    ("multiple_cards_face_up_in_deck", "all_hands_void_reshuffle"),  # Section 12(m)(1)
    ("card_drawn_in_error_unexposed", "use_as_next_card"),     # Section 12(m)(2)
    ("wrong_card_count", "all_hands_void_reshuffle"),          # Section 12(m)(3)
    ("shuffler_malfunction", "reshuffle"),                     # Section 12(m)(4)
    ("dealing_shoe_malfunction", "round_void"),                # Section 12(m)(5)
    ("device_unusable", "device_removed"),                     # Section 12(m)(6)
    ("stub_count_wrong_misdealt", "all_hands_void_reshuffle"), # Section 12(h)(5)(ii)
    ("stub_count_wrong_not_misdealt", "all_hands_void_deck_removed"),         # Section 12(h)(5)(ii)
    ("shuffler_count_wrong", "deck_removed"),                  # Section 12(h)(6)
    ("improper_cut", "recut"),                                 # Section 12(e)(4) [Shuffle and Cut]
])
def test_irregularity_event_has_source_consequence_per_12m(data, event, kind):
    assert irregularity(data, event)["consequence"]["kind"] == kind


def test_irregularity_quotes_occur_in_source_per_12m(data, source_text):
    for item in data["irregularities"]:
        quotes = item.get("quote") or []
        for quote in [quotes] if isinstance(quotes, str) else quotes:
            assert collapse_whitespace(quote) in source_text, quote


# --- findings ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("finding_id,kind", sorted(EXPECTED_FINDINGS.items()))
def test_finding_recorded(data, finding_id, kind):
    assert_finding_recorded(data, finding_id, kind)


def test_no_unexpected_findings(data):
    assert_no_unexpected_findings(data, EXPECTED_FINDINGS)


# "Every finding reference names an existing finding" is checked for every jurisdiction in
# test_common.py.


def test_missing_payout_limit_figure_is_pointed_at_its_finding_per_12l3(data):
    (limit,) = data["payout_limits"]
    assert "payout-limit-tribe-amount-unstated" in as_finding_list(limit["finding"])
    assert data["table"]["max_positions"]["value"] is None
    assert "max-positions-unstated" in as_finding_list(data["table"]["max_positions"]["finding"])
