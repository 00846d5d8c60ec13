"""New South Wales Let It Ride ruleset (rulesets/nsw/v1.yaml) checked against the source text.

The expected figures below are typed again from sources/nsw-let-it-ride-rules.txt, independently
of the YAML, as a double-entry check of the transcription. The scan is damaged: where the source
has lost a figure the expected value is None and the line must name the finding that says so.
"""
from __future__ import annotations

import re

import pytest
from helpers import (
    as_finding_list,
    assert_finding_recorded,
    assert_no_unexpected_findings,
    collapse_whitespace,
    irregularities,
    paytable,
    read_source,
    recorded_finding_ids,
    source_path,
    wager,
)

SOURCE = source_path("nsw-let-it-ride-rules.txt")


@pytest.fixture(scope="module")
def data(ruleset_data):
    return ruleset_data("nsw")


@pytest.fixture(scope="module")
def source_text():
    return read_source(SOURCE, strip=True)


# --------------------------------------------------------------------------------------------
# Paytable: NSW r 10.1 "Settlement Odds", typed from the source, best hand first.
# The source prints the rows lowest first:
#   A Pair of 10s or better | 1 to 1 ; Pair | to 1 ; 3 of a Kind | 3 to 1 ; Straight | to 1 ;
#   Flush | 8 to 1 ; House | to 1 ; 4 of a Kind | 50 to 1 ; Flush | to 1 ; Royal Flush | 1,000 to 1
# "Pair", "House" and the second "Flush" are damaged labels for Two Pair, Full House and Straight
# Flush; four odds figures are lost (None). (hand, kind, value, finding for a lost figure)
# --------------------------------------------------------------------------------------------
NSW_R10_1_SETTLEMENT_ODDS = [  # NSW r 10.1
    ("royal_flush", "to_one", 1000, None),
    ("straight_flush", "to_one", None, "nsw-r10-1-straight-flush-odds-missing"),
    ("four_of_a_kind", "to_one", 50, None),
    ("full_house", "to_one", None, "nsw-r10-1-full-house-odds-missing"),
    ("flush", "to_one", 8, None),
    ("straight", "to_one", None, "nsw-r10-1-straight-odds-missing"),
    ("three_of_a_kind", "to_one", 3, None),
    ("two_pair", "to_one", None, "nsw-r10-1-two-pair-odds-missing"),
    ("pair_tens_or_better", "to_one", 1, None),
]


def test_only_wager_is_base_per_r5_2_and_r10_1(data):
    """NSW r 5.2, r 10.1: the only wager is the three-part base wager; no side wager is offered."""
    assert [w["id"] for w in data["wagers"]] == ["base"]
    base = wager(data, "base")
    assert base["kind"] == "base"
    assert base["offered"] == "required"
    assert base["hand_basis"] == "player_and_community"
    assert base["stake"] is None


def test_settlement_odds_is_single_fixed_paytable_per_r10_1(data):
    """NSW r 10.1: 'paid at the odds listed below', one table, applied as written."""
    base = wager(data, "base")
    assert base["selection"]["rule"] == "fixed"
    assert "10.1" in base["selection"]["cite"]
    assert [t["id"] for t in base["paytables"]] == ["settlement-odds"]
    assert base["paytables"][0]["name"] == "Settlement Odds"


def test_settlement_odds_hands_in_order_best_first_per_r10_1(data):
    table = paytable(data, "base", "settlement-odds")
    assert [line["hand"] for line in table["lines"]] == [h for h, *_ in NSW_R10_1_SETTLEMENT_ODDS]


@pytest.mark.parametrize("hand,kind,value,finding", NSW_R10_1_SETTLEMENT_ODDS,
                         ids=[row[0] for row in NSW_R10_1_SETTLEMENT_ODDS])
def test_settlement_odds_line_per_r10_1(data, hand, kind, value, finding):
    table = paytable(data, "base", "settlement-odds")
    lines = [line for line in table["lines"] if line["hand"] == hand]
    assert len(lines) == 1
    line = lines[0]
    assert line["payout"]["kind"] == kind
    assert line["payout"]["value"] == value
    assert line["payout"].get("finding") == finding
    assert "suits" not in line
    assert "stake" not in line
    assert "10.1" in line["cite"]


def test_paytable_royal_flush_pays_1000_to_1_per_r10_1(data):
    line = paytable(data, "base", "settlement-odds")["lines"][0]
    assert (line["hand"], line["payout"]["kind"], line["payout"]["value"]) == ("royal_flush", "to_one", 1000)


def test_paytable_pair_of_10s_or_better_pays_1_to_1_per_r10_1(data):
    line = paytable(data, "base", "settlement-odds")["lines"][-1]
    assert (line["hand"], line["payout"]["kind"], line["payout"]["value"]) == ("pair_tens_or_better", "to_one", 1)


def test_paytable_lost_figures_are_null_with_findings_per_r10_1(data):
    table = paytable(data, "base", "settlement-odds")
    nulls = {line["hand"] for line in table["lines"] if line["payout"]["value"] is None}
    assert nulls == {"two_pair", "straight", "full_house", "straight_flush"}
    for line in table["lines"]:
        if line["payout"]["value"] is None:
            refs = as_finding_list(line["payout"]["finding"])
            assert refs and all(ref in recorded_finding_ids(data) for ref in refs)


def test_paytable_quotes_are_whole_rows_containing_the_figure_per_r10_1(data, source_text):
    for line in paytable(data, "base", "settlement-odds")["lines"]:
        quote = collapse_whitespace(line["quote"], strip=True)
        assert quote in source_text, quote
        assert quote.endswith("to 1 |")
        value = line["payout"]["value"]
        if value is not None:
            numbers = [float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", quote.split("|")[1])]
            assert value in numbers, (quote, value)
        else:
            # a lost figure: the odds cell is a bare "to 1"
            assert quote.split("|")[1].strip() == "to 1"


def test_payout_limit_applies_to_base_and_is_authority_approved_per_r10_2(data):
    limits = data["payout_limits"]
    assert len(limits) == 1
    assert limits[0]["applies_to"] == ["base"]
    assert limits[0]["set_by"] == "operator_with_regulator_approval"
    assert "10.2" in limits[0]["cite"]


# --------------------------------------------------------------------------------------------
# Procedure facts
# --------------------------------------------------------------------------------------------


def test_one_deck_of_52_without_jokers_per_r3_1(data):
    decks = data["cards"]["decks"]
    assert (decks["count"], decks["cards_per_deck"], decks["jokers"]) == (1, 52, False)
    assert "3.1" in decks["cite"]


def test_second_deck_only_with_shuffling_device_per_r3_2(data):
    second = data["cards"]["second_deck"]
    assert second["permitted"] is True
    assert second["requires"] == "automated_shuffler"
    assert any("3.2.2" in c["cite"] for c in second["conditions"])


def test_cutting_card_used_per_r3_1(data):
    assert data["cards"]["cover_card"]["value"] is True


def test_cut_by_dealer_without_stated_minimum_per_r4_2_and_r4_3(data):
    cut = data["cards"]["cut"]
    assert cut["min_cards"] is None
    assert "4.2" in cut["cite"]
    assert "dealer" in cut["who"].lower()


def test_no_card_change_interval_per_r3_6(data):
    changes = data["cards"]["card_change"]
    assert len(changes) == 1
    assert changes[0]["max_hours"] is None


def test_seven_playing_areas_per_r2_2_1(data):
    assert data["table"]["max_positions"]["value"] == 7


def test_one_hand_per_player_per_r5_5(data):
    multiple = data["table"]["multiple_positions"]
    assert multiple["allowed"] == "no"
    assert multiple["max_positions"] == 1


def test_bets_withdrawable_and_decision_points_per_r8_3_r8_4_r8_9(data):
    bets = {b["id"]: b for b in data["base_game"]["bets"]}
    assert (bets["bet1"]["label"], bets["bet1"]["withdrawable"], bets["bet1"]["decision_point"]) == (
        '"1"', True, "after_player_cards")
    assert (bets["bet2"]["label"], bets["bet2"]["withdrawable"], bets["bet2"]["decision_point"]) == (
        '"2"', True, "after_first_community_card")
    assert (bets["bet3"]["label"], bets["bet3"]["withdrawable"], bets["bet3"]["decision_point"]) == (
        '"$"', False, "none")


def test_three_equal_wagers_per_r5_2(data):
    assert data["base_game"]["equal_bets"]["value"] is True
    assert "5.2" in data["base_game"]["equal_bets"]["cite"]


def test_qualifying_hand_pair_of_10s_per_r9_1(data):
    assert data["base_game"]["qualifying_hand"]["hand"] == "pair_tens_or_better"
    assert "9.1" in data["base_game"]["qualifying_hand"]["cite"]


def test_decision_on_2_independent_of_1_per_r8_5(data):
    assert data["base_game"]["independent_decisions"]["value"] is True


def test_hand_ranking_order_per_r11_1(data):
    five = data["hand_rankings"]["five_card"]
    assert [c["hand"] for c in five["categories"]] == [
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "pair", "high_card"]
    assert five["ace_low_straight"]["value"] is True
    assert data["hand_rankings"]["three_card"] is None
    assert data["hand_rankings"]["six_card"] is None


def test_rank_order_and_equal_suits_per_r3_3(data):
    assert data["hand_rankings"]["rank_order"]["high_to_low"] == list("AKQJT98765432")
    assert data["hand_rankings"]["suits_equal"]["value"] is True


def test_card_shoe_plan_three_player_cards_then_two_community_per_r7_3(data):
    method = next(m for m in data["dealing_methods"] if m["id"] == "card_shoe")
    steps = [(s["to"], s["cards"]) for s in method["plan"]["steps"]]
    assert steps == [("each_player", 1)] * 3 + [("community", 1)] * 2
    assert method["plan"]["community_used"] == 2
    assert "community_discard" not in method["plan"]
    assert method["player_order"] == "clockwise_from_dealer_left"


def test_shuffler_plan_three_card_stacks_top_community_discarded_per_r7_4(data):
    method = next(m for m in data["dealing_methods"] if m["id"] == "shuffler_stacks")
    steps = [(s["to"], s["cards"], s.get("as_stack")) for s in method["plan"]["steps"]]
    assert steps == [("each_player", 3, True), ("community", 3, True)]
    discard = method["plan"]["community_discard"]
    assert (discard["cards"], discard["when"]) == (1, "at_deal")
    assert "7.4.3" in discard["cite"]
    assert method["plan"]["community_used"] == 2


def test_decision_order_1_then_card_then_2_then_card_per_r8(data):
    steps = [s["step"] for s in data["round_sequence"]]
    wanted = ["announce_no_more_bets", "deal", "decide_bet1", "reveal_community_card_1",
              "decide_bet2", "reveal_community_card_2", "collect_losing_wagers",
              "pay_winning_wagers", "collect_cards"]
    positions = [steps.index(s) for s in wanted]
    assert positions == sorted(positions)
    decide1 = next(s for s in data["round_sequence"] if s["step"] == "decide_bet1")
    assert decide1["order"] == "clockwise_from_dealer_left"


def test_minimum_raise_needs_20_minutes_notice_per_r6_3(data):
    rule = next(t for t in data["table_limits"] if t["rule"] == "minimum_raise_notice")
    assert rule["minutes"] == 20
    assert "6.3" in rule["cite"]


# --------------------------------------------------------------------------------------------
# Irregularities (event -> consequence kind)
# --------------------------------------------------------------------------------------------


def test_misdeal_before_handling_new_round_per_r12_1_and_r12_4(data):
    [irr] = irregularities(data, "misdeal_noticed_before_handling")
    assert irr["consequence"]["kind"] == "misdeal_new_round"


def test_community_card_exposed_during_deal_misdeal_but_after_handling_play_continues_per_r12_6(data):
    kinds = sorted(i["consequence"]["kind"] for i in irregularities(data, "community_card_exposed_early"))
    assert kinds == ["misdeal_new_round", "play_continues"]
    after = next(i for i in irregularities(data, "community_card_exposed_early")
                 if i["consequence"]["kind"] == "play_continues")
    assert "after" in after["condition"].lower()


def test_exposed_card_dealt_single_continues_two_or_more_misdeal_per_r12_3_and_r12_5(data):
    kinds = sorted(i["consequence"]["kind"] for i in irregularities(data, "exposed_card_dealt"))
    assert kinds == ["misdeal_new_round", "play_continues"]


def test_absent_player_cards_unviewed_hand_void_wager_returned_per_r12_12(data):
    [irr] = irregularities(data, "player_absent_cards_unviewed")
    assert irr["consequence"]["kind"] == "hand_void_wager_returned"


def test_absent_player_cards_viewed_treated_as_let_it_ride_per_r12_13(data):
    [irr] = irregularities(data, "player_absent_cards_viewed")
    assert irr["consequence"]["kind"] == "treated_as_let_it_ride"


def test_hand_to_empty_position_counted_and_discarded_per_r12_8(data):
    [irr] = irregularities(data, "cards_to_empty_position")
    assert irr["consequence"]["kind"] == "cards_counted_and_discarded"


def test_noncompliant_wager_before_handling_correct_or_fold_per_r12_9(data):
    [irr] = irregularities(data, "wager_noncompliant_before_handling")
    assert irr["consequence"]["kind"] == "correct_or_fold"


def test_shuffler_jam_reshuffle_and_unusable_device_round_void_per_r13(data):
    [jam] = irregularities(data, "shuffler_malfunction")
    [dead] = irregularities(data, "device_unusable")
    assert jam["consequence"]["kind"] == "reshuffle"
    assert dead["consequence"]["kind"] == "round_void"


def test_truncated_r12_7_consequence_is_flagged(data):
    wrong = [i for i in irregularities(data, "wrong_card_count") if "12.7" in i["cite"]]
    assert len(wrong) == 1
    assert "nsw-r12-7-truncated" in as_finding_list(wrong[0]["finding"])


def test_irregularity_quotes_occur_in_source(data, source_text):
    for irr in data["irregularities"]:
        quote = irr.get("quote")
        for piece in [quote] if isinstance(quote, str) else quote or []:
            assert collapse_whitespace(piece, strip=True) in source_text, irr["id"]


# --------------------------------------------------------------------------------------------
# Findings
# --------------------------------------------------------------------------------------------

EXPECTED_FINDINGS = {
    "nsw-replacement-characters": "garbled_text",
    "nsw-r11-1-10-five-odd-cards-overlaps-straight": "wording_conflict",
    "nsw-act-sections-outside-text": "dangling_reference",
    "nsw-r8-11-winning-hand-tuck-unclear": "ambiguous",
    "nsw-tuck-vs-full-view": "contradiction",
    "nsw-r12-6-exception-outside-its-rule": "ambiguous",
    "nsw-no-title-or-commencement": "silent",
    "nsw-r1-1-act-label-lost": "missing_text",
    "nsw-r1-1-authority-label-lost": "missing_text",
    "nsw-r1-1-promotional-token-label-truncated": "garbled_text",
    "nsw-r1-1-casino-supervisor-label-truncated": "garbled_text",
    "nsw-r1-1-dealer-label-lost": "missing_text",
    "nsw-r1-1-hand-label-lost": "missing_text",
    "nsw-r1-1-inspector-label-lost": "missing_text",
    "nsw-r1-1-shuffling-device-label-truncated": "garbled_text",
    "nsw-r1-1-void-label-lost": "missing_text",
    "nsw-diagram-a-missing": "missing_text",
    "nsw-r2-2-layout-list-garbled": "garbled_text",
    "nsw-r2-3-2-discard-rack-truncated": "missing_text",
    "nsw-r3-4-truncated": "missing_text",
    "nsw-r3-6-unnumbered": "dangling_reference",
    "nsw-r3-6-truncated": "missing_text",
    "nsw-r3-6-cut-conflicts-with-r4-4": "wording_conflict",
    "nsw-card-change-interval-not-stated": "silent",
    "nsw-r4-1-shuffle-occasions-joined-by-or": "ambiguous",
    "nsw-cut-minimum-not-stated": "silent",
    "nsw-r5-3-truncated": "missing_text",
    "nsw-wager-correction-conflicts-with-r5-4": "wording_conflict",
    "nsw-r7-2-2-truncated": "missing_text",
    "nsw-r7-3-2-deal-sequence-ambiguous": "ambiguous",
    "nsw-r7-3-3-truncated": "missing_text",
    "nsw-r7-4-community-cards-placement-unstated": "silent",
    "nsw-stub-not-addressed": "silent",
    "nsw-r8-3-unnumbered": "numbering_error",
    "nsw-r8-3-2-truncated": "missing_text",
    "nsw-r8-4-unnumbered": "numbering_error",
    "nsw-settlement-direction-not-stated": "silent",
    "nsw-r10-1-two-pair-label-damaged": "garbled_text",
    "nsw-r10-1-two-pair-odds-missing": "missing_figure",
    "nsw-r10-1-straight-odds-missing": "missing_figure",
    "nsw-r10-1-full-house-label-damaged": "garbled_text",
    "nsw-r10-1-full-house-odds-missing": "missing_figure",
    "nsw-r10-1-straight-flush-label-damaged": "garbled_text",
    "nsw-r10-1-straight-flush-odds-missing": "missing_figure",
    "nsw-r10-1-pair-of-10s-or-better-label": "ambiguous",
    "nsw-r11-1-4-truncated": "missing_text",
    "nsw-wraparound-straight-not-stated": "silent",
    "nsw-ace-low-straight-flush-unclear": "ambiguous",
    "nsw-r12-2-dealers-hand-undefined": "ambiguous",
    "nsw-r12-6-unnumbered": "numbering_error",
    "nsw-r12-6-exposed-after-handling-effect-unstated": "silent",
    "nsw-r12-7-truncated": "missing_text",
    "nsw-r13-2-void-round-wagers-silent": "silent",
    "nsw-r12-9-unnumbered": "numbering_error",
    "nsw-r12-9-lead-in-truncated": "missing_text",
    "nsw-r12-10-unnumbered": "numbering_error",
    "nsw-r14-4-unnumbered": "numbering_error",
    "nsw-r14-12-unnumbered": "numbering_error",
}


@pytest.mark.parametrize("finding_id,kind", sorted(EXPECTED_FINDINGS.items()))
def test_finding_recorded(data, finding_id, kind):
    assert_finding_recorded(data, finding_id, kind)


def test_no_unexpected_findings(data):
    assert_no_unexpected_findings(data, EXPECTED_FINDINGS)


def test_every_lost_rule_number_has_a_finding():
    """3.6, 8.3, 8.4, 12.6, 12.9, 12.10, 14.4 and 14.12 are referred to but printed without number."""
    for number in ("3-6", "8-3", "8-4", "12-6", "12-9", "12-10", "14-4", "14-12"):
        assert f"nsw-r{number}-unnumbered" in EXPECTED_FINDINGS


def test_lost_rule_numbers_really_are_absent_from_source(source_text):
    for number in ("3.6", "8.3", "8.4", "12.6", "12.9", "12.10", "14.4", "14.12"):
        # each appears only as a reference ("rule 3.6", "rules 8.3") or as a sub-item prefix, never as a heading
        assert not re.search(rf"(?<![\d.]){re.escape(number)} [A-Z]", source_text), number


# "Every finding reference names an existing finding" is checked for every jurisdiction in
# test_common.py.


def test_null_flags_carry_assumption_and_finding(data):
    flag = data["hand_rankings"]["five_card"]["wraparound_straight"]
    assert flag["value"] is None
    assert flag["assumed"] is False
    assert flag["finding"] == "nsw-wraparound-straight-not-stated"


def test_source_hash_matches_bundled_text(data):
    import hashlib

    assert data["source"]["file"] == "nsw-let-it-ride-rules.txt"
    assert data["source"]["sha256"] == hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def test_jurisdiction_and_version(data):
    assert data["jurisdiction"]["id"] == "nsw"
    assert data["jurisdiction"]["name"] == "New South Wales"
    assert data["jurisdiction"]["regulator"] == "New South Wales Casino Control Authority"
    assert data["jurisdiction"]["currency"] == "AUD"
    assert data["version"]["id"] == "v1"
    assert data["version"]["effective_date"] == "not stated in source"


def test_r13_2_voids_the_round_without_saying_what_happens_to_the_wagers(data, source_text):
    """r 13.2.1 "that round of play shall be declared void"; r 12.4 and r 12.12 say what wagers do, r 13.2 does not."""
    start = source_text.index("13.2 Where it becomes")
    clause = source_text[start:source_text.index("14. General")]
    assert "declared void" in clause and "wager" not in clause
    (entry,) = [i for i in data["irregularities"] if i["id"] == "shuffler-unusable-mid-round"]
    assert entry["consequence"]["wagers"] == "not_stated"
    assert "nsw-r13-2-void-round-wagers-silent" in as_finding_list(entry["finding"])


def test_r12_9_finding_no_longer_says_r12_9_ignores_table_limits(data, source_text):
    """r 12.9.1: "correct the wager ... within the stated table minimums and maximums"; r 6.2 refers to 12.9."""
    assert "minimums and maximums" in source_text[source_text.index("12.9.1"):source_text.index("12.9.2")]
    (finding,) = [f for f in data["findings"] if f["id"] == "nsw-r12-9-unnumbered"]
    assert "not of off-limit wagers" not in finding["problem"] and "minimums and maximums" in finding["problem"]
