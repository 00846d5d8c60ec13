"""Massachusetts (MGC Let It Ride Poker rules): the ruleset checked against the source text.

The expected paytables below are typed independently from
sources/massachusetts-let-it-ride-poker.txt (a double-entry transcription check); the citation is
given beside each table. Sections 11(b) (base paytable), 11(c) (payout limitation), 11(d) (let it
ride bonus schedule) and 11(e) (three card bonus tables) are not printed in the source, so those
wagers must carry no paytable and point at a finding instead.
"""
from __future__ import annotations

import re

import pytest
from helpers import (
    as_finding_list,
    as_rows,
    assert_finding_recorded,
    assert_no_unexpected_findings,
    collapse_whitespace,
    irregularity,
    method,
    paytable,
    read_source,
    source_path,
    wager,
)

SOURCE = source_path("massachusetts-let-it-ride-poker.txt")

J = "massachusetts"


@pytest.fixture(scope="module")
def data(ruleset_data):
    return ruleset_data(J)


@pytest.fixture(scope="module")
def source_text():
    return read_source(SOURCE)


# ---------------------------------------------------------------------------------------------
# Expected paytables, typed from the source.

# MGC LIR §12(k), "Below is the matrix for 1-7 players:" - Cover All, "N to 1", by players.
COVER_ALL_HANDS = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
                   "straight", "three_of_a_kind"]
COVER_ALL_MATRIX_12K = {
    #    RF   SF   4K   FH  FL  ST  3K
    7: [90, 40, 20, 10, 7, 4, 3],
    6: [100, 50, 30, 15, 10, 5, 3],
    5: [150, 60, 35, 17, 11, 6, 4],
    4: [200, 70, 40, 20, 15, 8, 5],
    3: [250, 80, 50, 25, 20, 10, 7],
    2: [300, 100, 80, 40, 30, 15, 11],
    1: [500, 200, 150, 100, 70, 30, 20],
}

# MGC LIR §12(f), "Below is the payable for seven players:" - a separate seven-player table.
COVER_ALL_SEVEN_12F = [
    ("royal_flush", 90),
    ("straight_flush", 40),
    ("four_of_a_kind", 20),
    ("full_house", 10),
    ("flush", 7),
    ("straight", 4),
    ("three_of_a_kind", 3),
]

# MGC LIR §13 Table 1 (printed after §13(d)) - progressive, $1 wager (§13(b)).
PROGRESSIVE_TABLE_1 = [
    ("royal_flush", "percent_of_meter", 100),
    ("straight_flush", "percent_of_meter", 10),
    ("four_of_a_kind", "for_one", 300),
    ("full_house", "for_one", 50),
    ("flush", "for_one", 40),
    ("straight", "for_one", 30),
    ("three_of_a_kind", "for_one", 9),
]
# MGC LIR §13(d) and Table 1 "Envy" column.
PROGRESSIVE_ENVY = [
    ("royal_flush", "fixed_amount", 1000),
    ("straight_flush", "fixed_amount", 300),
]


# ---------------------------------------------------------------------------------------------
# Wagers offered


def test_wagers_offered_are_exactly_those_in_sections_6_6a_6b_12_13(data):
    assert [w["id"] for w in data["wagers"]] == [
        "base", "five-card-bonus", "three-card-bonus", "cover-all", "progressive"]
    kinds = {w["id"]: w["kind"] for w in data["wagers"]}
    assert kinds == {"base": "base", "five-card-bonus": "five_card_bonus",
                     "three-card-bonus": "three_card_bonus", "cover-all": "cover_all",
                     "progressive": "progressive"}


def test_base_paytable_absent_per_11b_with_finding(data):
    base = wager(data, "base")
    assert base["paytables"] == []
    assert base["finding"] == "ma-11b-base-paytable-missing"
    assert base["selection"]["rule"] == "minimum"  # "at no less than the following odds"
    assert base["offered"] == "required"
    assert base["hand_basis"] == "player_and_community"


def test_let_it_ride_bonus_schedule_11d_absent_per_6a_c(data):
    bonus = wager(data, "five-card-bonus")
    assert bonus["paytables"] == []
    assert bonus["finding"] == "ma-11d-bonus-schedule-missing"
    assert bonus["name"] == "Let it ride bonus wager"


def test_let_it_ride_bonus_is_1_dollar_chip_and_wins_on_trips_per_6a(data):
    bonus = wager(data, "five-card-bonus")
    assert bonus["stake"]["amount"] == 1.00
    assert bonus["wins_on"]["hand"] == "three_of_a_kind"
    assert bonus["offered"] == "optional"
    assert bonus["independent"]["value"] is True


def test_three_card_bonus_tables_11e_absent_per_6b_c(data):
    bonus = wager(data, "three-card-bonus")
    assert bonus["paytables"] == []
    assert "ma-11e-three-card-tables-missing" in as_finding_list(bonus["finding"])
    assert bonus["selection"]["rule"] == "choose_one"  # "pre-selected by the gaming licensee"
    assert bonus["hand_basis"] == "player_three"
    assert bonus["wins_on"]["hand"] == "pair"
    assert bonus["stake"] is None


def test_payout_limitation_11c_absent(data):
    assert data["payout_limits"] == []
    assert "ma-11c-payout-limitation-missing" in {f["id"] for f in data["findings"]}


# ---------------------------------------------------------------------------------------------
# Cover All (§12)


@pytest.mark.parametrize("players", [7, 6, 5, 4, 3, 2, 1])
def test_cover_all_matrix_12k_column_matches_source(data, players):
    tables = [t for t in wager(data, "cover-all")["paytables"] if t.get("players") == players]
    assert len(tables) == 1, f"exactly one Cover All paytable for {players} players"
    table = tables[0]
    expected = [(hand, "to_one", value)
                for hand, value in zip(COVER_ALL_HANDS, COVER_ALL_MATRIX_12K[players])]
    assert as_rows(table["lines"]) == expected
    assert table.get("hand_basis", "table_highest") == "table_highest"
    assert table["id"] == f"players-{players}"
    for line in table["lines"]:
        assert "suits" not in line
        assert "stake" not in line


def test_cover_all_has_one_paytable_per_player_count_1_to_7_per_12k(data):
    cover = wager(data, "cover-all")
    assert sorted(t["players"] for t in cover["paytables"]) == [1, 2, 3, 4, 5, 6, 7]
    assert cover["selection"]["rule"] == "fixed"
    assert cover["hand_basis"] == "table_highest"
    assert cover["stake"] is None


def test_cover_all_seven_player_table_12f_agrees_with_matrix_12k(data):
    # The separate §12(f) table, typed on its own, against the matrix column and the ruleset.
    assert [v for _, v in COVER_ALL_SEVEN_12F] == COVER_ALL_MATRIX_12K[7]
    table = paytable(data, "cover-all", "players-7")
    assert [(l["hand"], l["payout"]["value"]) for l in table["lines"]] == COVER_ALL_SEVEN_12F


def test_cover_all_wins_on_three_of_a_kind_or_better_per_12b(data):
    assert wager(data, "cover-all")["wins_on"]["hand"] == "three_of_a_kind"


def test_cover_all_settled_after_all_player_bets_per_12j(data):
    steps = [s["step"] for s in data["round_sequence"]]
    assert steps.index("settle_cover_all") > steps.index("pay_winning_wagers")
    final = max(i for i, s in enumerate(data["round_sequence"]) if s["step"] == "collect_cards" and not s.get("wager"))
    assert steps.index("settle_cover_all") < final  # before §10(h)'s collection of every card
    # §12(i)'s removal of earlier exposed hands happens while the player bets are settled, before it
    tracking = [i for i, s in enumerate(data["round_sequence"]) if s["step"] == "collect_cards" and s.get("wager")]
    assert tracking and all(steps.index("pay_winning_wagers") < i < steps.index("settle_cover_all") for i in tracking)


# ---------------------------------------------------------------------------------------------
# Progressive (§13)


def test_progressive_table_1_matches_source_per_13c(data):
    table = paytable(data, "progressive", "table-1")
    assert as_rows(table["lines"]) == PROGRESSIVE_TABLE_1
    assert table["name"] == "Table 1"


def test_progressive_envy_column_matches_source_per_13d(data):
    table = paytable(data, "progressive", "table-1")
    assert as_rows(table["envy_lines"]) == PROGRESSIVE_ENVY
    for line in table["envy_lines"]:
        assert line["stake"] == 1


def test_progressive_is_a_1_dollar_wager_per_13b(data):
    prog = wager(data, "progressive")
    assert prog["stake"]["amount"] == 1
    assert paytable(data, "progressive", "table-1")["stake"] == 1
    assert prog["hand_basis"] == "player_and_community"  # §13(c): three cards + two community


def test_progressive_envy_pays_on_other_players_royal_or_straight_flush_per_13d(data):
    envy = wager(data, "progressive")["envy"]
    assert envy["qualifying_hands"] == ["royal_flush", "straight_flush"]
    assert envy["own_hand_pays"] is False
    assert envy["requires_wager"] is True


def test_progressive_for_1_lines_point_at_for_wording_finding_per_11a(data):
    for line in paytable(data, "progressive", "table-1")["lines"]:
        if line["payout"]["kind"] == "for_one":
            assert line["payout"]["finding"] == "ma-progressive-for-odds-wording"


# ---------------------------------------------------------------------------------------------
# Quotes


def _figure_in(quote: str, value) -> bool:
    number = int(value) if float(value).is_integer() else value
    return bool(re.search(rf"(?<![\d,]){re.escape(f'{number:,}')}(?![\d,])", quote)
                or re.search(rf"(?<![\d,]){re.escape(str(number))}(?![\d,])", quote))


def test_every_paytable_quote_is_verbatim_and_contains_its_figure(data, source_text):
    checked = 0
    for w in data["wagers"]:
        for table in w["paytables"]:
            for line in table["lines"] + table.get("envy_lines", []):
                quote = collapse_whitespace(line["quote"])
                assert quote in source_text, quote
                assert _figure_in(quote, line["payout"]["value"]), (quote, line["payout"])
                checked += 1
    assert checked == 7 * 7 + 7 + 2


def test_every_irregularity_quote_is_verbatim(data, source_text):
    for item in data["irregularities"]:
        quotes = item.get("quote") or []
        for quote in [quotes] if isinstance(quotes, str) else quotes:
            assert collapse_whitespace(quote) in source_text, item["id"]


# ---------------------------------------------------------------------------------------------
# Cards, table and dealing procedure


def test_one_deck_of_52_with_cover_card_per_2a_and_7e1(data):
    decks = data["cards"]["decks"]
    assert decks["count"] == 1
    assert decks["cards_per_deck"] == 52
    assert data["cards"]["cover_card"]["value"] is True


def test_second_deck_only_with_automated_shuffler_and_five_conditions_per_2b(data):
    second = data["cards"]["second_deck"]
    assert second["permitted"] is True
    assert second["requires"] == "automated_shuffler"
    assert len(second["conditions"]) == 5


def test_cut_takes_at_least_10_cards_recut_by_supervisor_per_5c1ii_and_5d(data):
    cut = data["cards"]["cut"]
    assert cut["min_cards"] == 10
    assert "supervisor" in cut["recut_by"]


def test_no_card_change_interval_in_source(data):
    assert data["cards"]["card_change"] == []


def test_two_adjacent_positions_at_licensee_discretion_per_6e(data):
    mp = data["table"]["multiple_positions"]
    assert mp["allowed"] == "operator_discretion"
    assert mp["max_positions"] == 2
    assert mp["adjacent_only"] is True


def test_max_positions_not_stated(data):
    assert data["table"]["max_positions"]["value"] is None
    assert data["table"]["max_positions"]["finding"] == "ma-max-positions-silent"


def test_three_equal_bets_and_bet3_not_withdrawable_per_6d(data):
    bets = {b["id"]: b for b in data["base_game"]["bets"]}
    assert data["base_game"]["equal_bets"]["value"] is True
    assert bets["bet1"]["withdrawable"] is True
    assert bets["bet1"]["decision_point"] == "after_player_cards"
    assert bets["bet2"]["withdrawable"] is True
    assert bets["bet2"]["decision_point"] == "after_first_community_card"
    assert bets["bet3"]["withdrawable"] is False


def test_qualifying_hand_pair_of_tens_per_10g2(data):
    assert data["base_game"]["qualifying_hand"]["hand"] == "pair_tens_or_better"
    assert wager(data, "base")["wins_on"]["hand"] == "pair_tens_or_better"


def test_bet2_decision_independent_of_bet1_per_10e(data):
    assert data["base_game"]["independent_decisions"]["value"] is True


@pytest.mark.parametrize("method_id,section", [("manual_shoe", "7(c)"), ("hand", "8(c)")])
def test_card_by_card_deal_three_each_and_three_community_per_7c_8c(data, method_id, section):
    plan = method(data, method_id)["plan"]
    assert [(s["to"], s["cards"]) for s in plan["steps"]] == [
        ("each_player", 1), ("community", 1)] * 3, section
    assert plan["community_used"] == 2
    assert plan["community_discard"]["cards"] == 1
    assert plan["community_discard"]["when"] == "after_bet1_decision"
    assert method(data, method_id)["player_order"] == "clockwise_from_dealer_left"


def test_automated_shoe_deals_stacks_of_three_per_9c(data):
    plan = method(data, "automated_shoe")["plan"]
    assert [(s["to"], s["cards"], s.get("as_stack")) for s in plan["steps"]] == [
        ("each_player", 3, True), ("community", 3, True)]
    assert plan["community_used"] == 2
    assert plan["community_discard"]["when"] == "after_bet1_decision"


def test_only_the_three_dealing_methods_of_7_8_9(data):
    assert [m["id"] for m in data["dealing_methods"]] == ["manual_shoe", "hand", "automated_shoe"]


def test_hand_dealing_requires_automated_shuffler_per_8b1(data):
    texts = " ".join(r["text"] for r in method(data, "hand")["requires"])
    assert "automated shuffling device" in texts


@pytest.mark.parametrize("method_id", ["manual_shoe", "hand", "automated_shoe"])
def test_stub_counted_every_five_rounds_unless_counting_shuffler_per_7e_7f(data, method_id):
    stub = method(data, method_id)["stub"]
    assert stub["count_every_rounds"] == 5
    assert stub["count_exempt_with_counting_shuffler"] is True
    assert stub["to_discard_unexposed"] is True


def test_round_sequence_decisions_and_reveals_in_order_per_10(data):
    steps = [s["step"] for s in data["round_sequence"]]
    order = ["announce_no_more_bets", "deal", "decide_bet1", "burn_community_card",
             "reveal_community_card_1", "decide_bet2", "reveal_community_card_2",
             "reveal_player_hands", "collect_losing_wagers", "pay_winning_wagers", "collect_cards"]
    positions = [steps.index(s) for s in order]
    assert positions == sorted(positions)


def test_decisions_clockwise_settlement_counterclockwise_per_10b_10e_10g(data):
    by_step = {s["step"]: s for s in data["round_sequence"]}
    assert by_step["decide_bet1"]["order"] == "clockwise_from_dealer_left"
    assert by_step["decide_bet2"]["order"] == "clockwise_from_dealer_left"
    assert by_step["reveal_player_hands"]["order"] == "counterclockwise_from_dealer_right"


def test_bonus_wagers_collected_before_deal_per_7b(data):
    steps = [s["step"] for s in data["round_sequence"]]
    collect = next(s for s in data["round_sequence"] if s["step"] == "collect_side_wagers")
    assert collect["wager"] == "five-card-bonus"
    assert steps.index("collect_side_wagers") < steps.index("deal")


def test_odds_stated_with_to_or_win_never_for_per_11a(data):
    rule = next(s for s in data["signage"] if s["rule"] == "odds_wording")
    assert set(rule["allowed_words"]) == {"to", "win"}
    assert rule["forbidden_words"] == ["for"]


# ---------------------------------------------------------------------------------------------
# Hand rankings


def test_five_card_ranking_per_3b(data):
    five = data["hand_rankings"]["five_card"]
    assert [c["hand"] for c in five["categories"]] == [
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "pair"]
    assert five["ace_low_straight"]["value"] is True
    assert five["wraparound_straight"]["value"] is False


def test_three_card_list_kept_in_printed_order_per_3c(data):
    three = data["hand_rankings"]["three_card"]
    # §3(c)(1)-(6) as printed: flush above straight, three-of-a-kind below straight.
    assert [c["hand"] for c in three["categories"]] == [
        "mini_royal", "straight_flush", "flush", "straight", "three_of_a_kind", "pair"]
    assert three["ace_with_king_and_two"]["value"] is False


def test_three_card_a23_straight_unresolved_per_3c4(data):
    flag = data["hand_rankings"]["three_card"]["ace_low_straight"]
    assert flag["value"] is None
    assert flag["assumed"] is True
    assert flag["finding"] == "ma-three-card-ace-low-straight-silent"


def test_no_six_card_ranking(data):
    assert data["hand_rankings"]["six_card"] is None


def test_rank_order_and_suits_equal_per_3a(data):
    assert data["hand_rankings"]["rank_order"]["high_to_low"] == list("AKQJT98765432")
    assert data["hand_rankings"]["suits_equal"]["value"] is True


# ---------------------------------------------------------------------------------------------
# Irregularities


@pytest.mark.parametrize("event,kind,cite", [
    ("card_face_up_in_deck", "card_not_used", "§14(a)"),
    ("multiple_cards_face_up_in_deck", "all_hands_void_reshuffle", "§14(a)"),
    ("card_drawn_in_error_unexposed", "use_as_next_card", "§14(b)"),
    ("wrong_card_count", "all_hands_void_reshuffle", "§14(c)"),
    ("shuffler_malfunction", "reshuffle", "§14(d)"),
    ("dealing_shoe_malfunction", "round_void", "§14(e)"),
    ("device_unusable", "device_removed", "§14(f)"),
    ("stub_count_wrong_misdealt", "all_hands_void_reshuffle", "§7(e)(2)"),
    ("stub_count_wrong_not_misdealt", "all_hands_void_deck_removed", "§7(e)(2)"),
    ("shuffler_count_wrong", "deck_removed", "§7(f)"),
    ("improper_cut", "recut", "§5(d)"),
])
def test_irregularity_consequence_matches_source(data, event, kind, cite):
    item = irregularity(data, event)
    assert item["consequence"]["kind"] == kind
    assert cite in item["cite"]


def test_no_irregularity_beyond_those_the_source_names(data):
    assert len(data["irregularities"]) == 11


# ---------------------------------------------------------------------------------------------
# Findings

EXPECTED_FINDINGS = {
    "ma-11b-base-paytable-missing": "missing_text",
    "ma-external-references-not-bundled": "dangling_reference",
    "ma-minor-typos": "garbled_text",
    "ma-11c-payout-limitation-missing": "dangling_reference",
    "ma-11d-bonus-schedule-missing": "dangling_reference",
    "ma-11e-three-card-tables-missing": "dangling_reference",
    "ma-three-card-ranking-order": "implausible_value",
    "ma-three-card-ace-low-straight-silent": "silent",
    "ma-progressive-for-odds-wording": "wording_conflict",
    "ma-progressive-house-odds-wording": "wording_conflict",
    "ma-progressive-table-1-unlabelled": "ambiguous",
    "ma-progressive-meter-silent": "silent",
    "ma-envy-bonus-silent": "silent",
    "ma-cover-all-dealer-hand": "contradiction",
    "ma-cover-all-player-count-basis": "ambiguous",
    "ma-cover-all-vendor-device": "ambiguous",
    "ma-cover-all-exposure-threshold": "contradiction",
    "ma-cover-all-settlement-order": "contradiction",
    "ma-cover-all-removal-before-settled": "contradiction",
    "ma-undefined-terms": "missing_text",
    "ma-12h-numbering": "numbering_error",
    "ma-12f-payable-typo": "garbled_text",
    "ma-escaped-dollar-signs": "garbled_text",
    "ma-player-touch-cards-wording": "wording_conflict",
    "ma-stub-count-misdeal-wording": "ambiguous",
    "ma-void-hands-wagers-silent": "silent",
    "ma-deck-jokers-unstated": "silent",
    "ma-burn-card-side-ambiguous": "ambiguous",
    "ma-card-change-interval-silent": "silent",
    "ma-max-positions-silent": "silent",
    "ma-table-limits-silent": "silent",
    "ma-community-card-exposure-silent": "silent",
    "ma-side-wager-handling-silent": "silent",
    "ma-no-citation-or-date": "silent",
}


@pytest.mark.parametrize("finding_id,kind", sorted(EXPECTED_FINDINGS.items()))
def test_finding_recorded(data, finding_id, kind):
    assert_finding_recorded(data, finding_id, kind)


def test_no_unexpected_findings(data):
    assert_no_unexpected_findings(data, EXPECTED_FINDINGS)


# "Every finding reference names an existing finding" is checked for every jurisdiction in
# test_common.py.


def test_source_hash_matches_bundled_text(data):
    import hashlib

    assert data["source"]["file"] == SOURCE.name
    assert data["source"]["sha256"] == hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def test_void_hands_leave_the_wagers_unstated_and_the_readings_decide(data, source_text):
    """§14(a), (c), (e), §7(e)(2): hands are "void", but no word says the wagers are returned."""
    assert "shall be void" in source_text and "return" not in source_text.lower()
    voids = [i for i in data["irregularities"] if "void" in i["consequence"]["kind"]]
    assert voids and all(i["consequence"]["wagers"] == "not_stated" for i in voids)
    assert all("ma-void-hands-wagers-silent" in as_finding_list(i["finding"]) for i in voids)
    (finding,) = [f for f in data["findings"] if f["id"] == "ma-void-hands-wagers-silent"]
    assert [r["id"] for r in finding["readings"] if r["default"]] == ["returned"]


def test_deck_jokers_are_not_stated_so_not_recorded(data, source_text):
    """MGC LIR §2(a): "one deck of cards" meeting 205 CMR 146.48 (not bundled); no word on jokers."""
    assert "joker" not in source_text.lower()
    decks = data["cards"]["decks"]
    assert "jokers" not in decks and "ma-deck-jokers-unstated" in as_finding_list(decks["finding"])


def test_the_burned_card_is_the_one_to_the_dealers_left_not_said_to_be_the_first_dealt(data, source_text):
    """§10(c) "the community card that is to his or her left"; §7(c)(4) "to the right of the first card"."""
    assert "the community card that is to his or her left" in source_text
    assert "to the right of the first card dealt to this area" in source_text
    for method in data["dealing_methods"]:
        discard = method["plan"].get("community_discard")
        if discard:   # "the first dealt" is never stated as a fact, only as one reading
            assert "dealer's left" in discard["which"]
            assert "first dealt" not in discard["which"] or "ma-burn-card-side-ambiguous" in discard["which"]
