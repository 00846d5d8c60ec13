"""South Dakota, ARSD 20:18:16:15.03 (as amended through 43 SDR 131, effective April 17, 2017).

Double-entry check: the expected paytables below are typed again, independently of the ruleset,
from sources/south-dakota-arsd-20-18-16-15.03.txt, with the citation beside each table. Blank
cells are None; "--" cells are ("not_offered", None).
"""
from __future__ import annotations

import hashlib
import re

import pytest
from helpers import (
    as_finding_list,
    as_rows,
    assert_finding_recorded,
    assert_no_unexpected_findings,
    collapse_whitespace,
    paytable,
    read_source,
    source_path,
    wager,
)

SOURCE = source_path("south-dakota-arsd-20-18-16-15.03.txt")
JURISDICTION = "south-dakota"


@pytest.fixture(scope="module")
def data(ruleset_data):
    return ruleset_data(JURISDICTION)


@pytest.fixture(scope="module")
def source_text():
    return read_source(SOURCE)


def to1(x):
    return ("to_one", x)


def for1(x):
    return ("for_one", x)


NO = ("not_offered", None)

# --- ARSD 20:18:16:15.03(9) "Basic Game Payout Odds", Alternative A | Alternative B ----------
BASIC_HANDS = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
               "straight", "three_of_a_kind", "two_pair", "pair_tens_or_better"]
BASIC = {  # (9)(a)-(i) [basic game]
    "a": [to1(500), to1(100), to1(25), to1(15), to1(10), to1(5), to1(3), to1(2), to1(1)],
    "b": [to1(200), to1(100), to1(40), to1(15), to1(9), to1(5), to1(3), to1(2), to1(1)],
}

# --- ARSD 20:18:16:15.03(9) bonus bet schedule, Alternatives A-D ------------------------------
BONUS_HANDS = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
               "straight", "three_of_a_kind", "two_pair"]
BONUS = {  # (9)(a)-(h) [bonus bet]; (h) two pairs: blank, 4 to 1, blank, 5 to 1.
    "a": [to1(10000), to1(2000), to1(400), to1(200), to1(50), to1(25), to1(5), to1(None)],
    "b": [to1(5000), to1(2000), to1(100), to1(75), to1(50), to1(25), to1(8), to1(4)],
    "c": [to1(5000), to1(1000), to1(200), to1(150), to1(75), to1(25), to1(10), to1(None)],
    "d": [to1(5000), to1(1000), to1(100), to1(75), to1(50), to1(25), to1(8), to1(5)],
}

# --- ARSD 20:18:16:15.03(9) three card bonus schedule, Alternatives A-F -----------------------
THREE_HANDS = ["mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair"]
THREE = {  # (9)(a)-(f) [three card bonus]; (f) pair: 1, 25, 25, 25, blank, blank.
    "a": [NO, to1(40), to1(30), to1(6), to1(4), to1(1)],
    "b": [NO, to1(40), to1(30), to1(5), to1(4), to1(25)],
    "c": [NO, to1(40), to1(30), to1(6), to1(3), to1(25)],
    "d": [to1(50), to1(40), to1(30), to1(6), to1(4), to1(25)],
    "e": [to1(50), to1(40), to1(30), to1(5), to1(4), to1(None)],
    "f": [to1(50), to1(40), to1(30), to1(6), to1(3), to1(None)],
}

# --- ARSD 20:18:16:15.03(10) Progressive Payment Schedule: LIRP-1 | PMG-01 ($1) | PMG-02 ($5) --
PROG_HANDS = ["royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
              "straight", "three_of_a_kind"]
PROG_PAYS = [("percent_of_meter", 100), ("percent_of_meter", 10), for1(300), for1(50),
             for1(40), for1(30), for1(9)]
PROG = {  # id: (stake, pays, envy [royal, straight flush])
    "lirp-1": (None, PROG_PAYS, [("fixed_amount", 1000), ("fixed_amount", 300)]),
    "pmg-01": (1, PROG_PAYS, [("fixed_amount", 1000), ("fixed_amount", 300)]),
    "pmg-02": (5, PROG_PAYS, [("fixed_amount", 5000), ("fixed_amount", 1500)]),
}


def expected_rows(hands, cells):
    assert len(hands) == len(cells)
    return [(h, k, v) for h, (k, v) in zip(hands, cells)]


# ============================================================ paytables (double entry)


@pytest.mark.parametrize("table_id", sorted(BASIC))
def test_basic_game_alternatives_match_source_per_9_basic_game(data, table_id):
    """ARSD 20:18:16:15.03(9)(a)-(i) [basic game]: every line, in order."""
    table = paytable(data, "base", table_id)
    assert as_rows(table["lines"]) == expected_rows(BASIC_HANDS, BASIC[table_id])
    assert table["name"] == f"Alternative {table_id.upper()}"


def test_basic_game_has_exactly_alternatives_a_and_b_per_9(data):
    assert [t["id"] for t in wager(data, "base")["paytables"]] == ["a", "b"]


def test_basic_game_alternative_a_royal_flush_pays_500_to_1_per_9a(data):
    line = paytable(data, "base", "a")["lines"][0]
    assert (line["hand"], line["payout"]) == ("royal_flush", {"kind": "to_one", "value": 500})


@pytest.mark.parametrize("table_id", sorted(BONUS))
def test_bonus_bet_alternatives_match_source_per_9_bonus_bet(data, table_id):
    """ARSD 20:18:16:15.03(9)(a)-(h) [bonus bet]: every line, in order."""
    table = paytable(data, "five-card-bonus", table_id)
    assert as_rows(table["lines"]) == expected_rows(BONUS_HANDS, BONUS[table_id])
    assert table["name"] == f"Alternative {table_id.upper()}"


def test_bonus_bet_has_alternatives_a_to_d_per_9(data):
    assert [t["id"] for t in wager(data, "five-card-bonus")["paytables"]] == ["a", "b", "c", "d"]


def test_bonus_two_pairs_lines_point_at_blank_cells_finding_per_9h(data):
    for table in wager(data, "five-card-bonus")["paytables"]:
        line = table["lines"][-1]
        assert line["hand"] == "two_pair"
        assert line["payout"].get("finding") == "sd-bonus-two-pairs-cells-blank"


@pytest.mark.parametrize("table_id", sorted(THREE))
def test_three_card_bonus_alternatives_match_source_per_9_three_card(data, table_id):
    """ARSD 20:18:16:15.03(9)(a)-(f) [three card bonus]: every line, in order."""
    table = paytable(data, "three-card-bonus", table_id)
    assert as_rows(table["lines"]) == expected_rows(THREE_HANDS, THREE[table_id])
    assert table["name"] == f"Alternative {table_id.upper()}"


def test_three_card_bonus_has_alternatives_a_to_f_per_9(data):
    ids = [t["id"] for t in wager(data, "three-card-bonus")["paytables"]]
    assert ids == ["a", "b", "c", "d", "e", "f"]


def test_three_card_pair_25_to_1_in_b_to_d_flagged_implausible_per_9f(data):
    for table_id in ("b", "c", "d"):
        pair = paytable(data, "three-card-bonus", table_id)["lines"][-1]
        assert pair["payout"] == {"kind": "to_one", "value": 25, "finding": "sd-three-card-pair-25-to-1"}


def test_three_card_pair_blank_in_e_and_f_per_9f(data):
    for table_id in ("e", "f"):
        pair = paytable(data, "three-card-bonus", table_id)["lines"][-1]
        assert pair["payout"]["value"] is None
        assert pair["payout"]["finding"] == "sd-three-card-pair-e-f-blank"


@pytest.mark.parametrize("table_id", sorted(PROG))
def test_progressive_schedule_matches_source_per_10(data, table_id):
    """ARSD 20:18:16:15.03(10) Progressive Payment Schedule: pays, envy and wager amount."""
    stake, pays, envy = PROG[table_id]
    table = paytable(data, "progressive", table_id)
    assert table["name"] == table_id.upper()
    assert table.get("stake") == stake
    assert as_rows(table["lines"]) == expected_rows(PROG_HANDS, pays)
    assert as_rows(table["envy_lines"]) == expected_rows(["royal_flush", "straight_flush"], envy)


def test_progressive_has_schedules_lirp1_pmg01_pmg02_per_10(data):
    ids = [t["id"] for t in wager(data, "progressive")["paytables"]]
    assert ids == ["lirp-1", "pmg-01", "pmg-02"]


def test_progressive_lirp1_envy_points_at_missing_wager_amount_per_10(data):
    for line in paytable(data, "progressive", "lirp-1")["envy_lines"]:
        assert line["payout"]["finding"] == "sd-lirp-1-wager-amount-missing"


def test_no_line_in_any_paytable_is_restricted_to_suits(data):
    """No South Dakota schedule pays by suit."""
    for w in data["wagers"]:
        for table in w["paytables"]:
            for line in table["lines"] + table.get("envy_lines", []):
                assert "suits" not in line, (w["id"], table["id"], line["hand"])


def test_only_sd_wagers_offered(data):
    assert [w["id"] for w in data["wagers"]] == ["base", "five-card-bonus", "three-card-bonus", "progressive"]


def test_wager_stakes_per_9_and_10(data):
    """No wager has a single fixed stake; PMG-01 and PMG-02 carry $1 and $5 (checked above)."""
    for w in data["wagers"]:
        assert w.get("stake") is None, w["id"]


def test_hand_basis_per_7(data):
    """(7): the base and bonus use the five-card hand; the 3 card bonus the player's three cards."""
    assert wager(data, "base")["hand_basis"] == "player_and_community"
    assert wager(data, "five-card-bonus")["hand_basis"] == "player_and_community"
    assert wager(data, "three-card-bonus")["hand_basis"] == "player_three"
    assert wager(data, "progressive")["hand_basis"] == "player_and_community"


def test_selection_rules(data):
    rules = {w["id"]: w["selection"]["rule"] for w in data["wagers"]}
    assert rules == {"base": "choose_one", "five-card-bonus": "choose_one",
                     "three-card-bonus": "choose_one", "progressive": "choose_one"}


def test_every_quote_occurs_in_source_and_contains_its_figure(data, source_text):
    count = 0
    for w in data["wagers"]:
        for table in w["paytables"]:
            for line in table["lines"] + table.get("envy_lines", []):
                quote = collapse_whitespace(line["quote"])
                assert quote in source_text, quote
                value = line["payout"]["value"]
                if value is not None:
                    figures = {f.replace(",", "") for f in re.findall(r"\d[\d,]*", quote)}
                    assert str(int(value)) in figures, (w["id"], table["id"], line["hand"], quote)
                count += 1
    assert count == 113


# ============================================================ procedure facts


def test_single_deck_per_1(data):
    assert data["cards"]["decks"]["count"] == 1
    assert data["cards"]["second_deck"]["permitted"] is False


def test_cut_has_no_stated_minimum_per_4(data):
    cut = data["cards"]["cut"]
    assert cut is not None and cut["min_cards"] is None


def test_no_card_change_interval_stated(data):
    assert data["cards"]["card_change"] == []


def test_one_hand_per_player_per_shuffle_per_1(data):
    mp = data["table"]["multiple_positions"]
    assert mp["allowed"] == "no" and mp["max_positions"] == 1


def test_three_equal_bets_first_two_withdrawable_per_2_5_6(data):
    bets = {b["id"]: (b["withdrawable"], b["decision_point"]) for b in data["base_game"]["bets"]}
    assert bets == {"bet1": (True, "after_player_cards"),
                    "bet2": (True, "after_first_community_card"),
                    "bet3": (False, "none")}
    assert data["base_game"]["equal_bets"]["value"] is True


def test_qualifying_hand_pair_of_tens_per_7(data):
    assert data["base_game"]["qualifying_hand"]["hand"] == "pair_tens_or_better"


def test_hand_dealt_plan_three_to_each_player_two_to_dealer_per_4(data):
    method = next(m for m in data["dealing_methods"] if m["id"] == "hand")
    steps = method["plan"]["steps"]
    assert sum(s["cards"] for s in steps if s["to"] == "each_player") == 3
    assert sum(s["cards"] for s in steps if s["to"] == "community") == 2
    # one at a time; the dealer gets no card in the third rotation
    assert all(s["cards"] == 1 for s in steps)
    assert [s["to"] for s in steps][-1] == "each_player"
    assert method["plan"]["community_used"] == 2
    assert "community_discard" not in method["plan"]


def test_shuffler_plan_three_card_groups_bottom_card_discarded_per_4(data):
    method = next(m for m in data["dealing_methods"] if m["id"] == "shuffler_stacks")
    steps = method["plan"]["steps"]
    assert [(s["to"], s["cards"]) for s in steps] == [("each_player", 3), ("community", 3)]
    assert method["plan"]["community_used"] == 2
    discard = method["plan"]["community_discard"]
    assert discard["cards"] == 1 and discard["when"] == "at_deal"
    assert method["player_order"] == "clockwise_from_dealer_left"


def test_stub_goes_to_discard_rack_unexposed_per_4(data):
    for method in data["dealing_methods"]:
        assert method["stub"]["to_discard_unexposed"] is True


def test_decision_order_and_reveals_per_5_to_8(data):
    steps = [s["step"] for s in data["round_sequence"]]
    order = ["decide_bet1", "reveal_community_card_1", "decide_bet2", "reveal_community_card_2",
             "reveal_player_hands", "settle_base_wagers"]
    positions = [steps.index(s) for s in order]
    assert positions == sorted(positions)
    decisions = [s for s in data["round_sequence"] if s["step"] in ("decide_bet1", "decide_bet2")]
    assert {s["order"] for s in decisions} == {"clockwise_from_dealer_left"}


def test_settlement_order_base_bonus_three_card_progressive_counterclockwise_per_8(data):
    settle = [s for s in data["round_sequence"] if s["step"] in ("settle_base_wagers", "settle_side_wager")]
    assert [s.get("wager") for s in settle] == ["base", "five-card-bonus", "three-card-bonus", "progressive"]
    assert {s["order"] for s in settle} == {"counterclockwise_from_dealer_right"}


def test_envy_paid_at_end_of_round_after_settlement_per_10b_iii(data):
    steps = [s["step"] for s in data["round_sequence"]]
    assert steps.index("pay_envy_bonuses") > steps.index("settle_side_wager")


def test_envy_rules_per_10b(data):
    envy = wager(data, "progressive")["envy"]
    assert envy["qualifying_hands"] == ["royal_flush", "straight_flush"]
    assert envy["own_hand_pays"] is False
    assert envy["requires_wager"] is True
    assert envy["per_qualifying_hand"] is True
    assert envy["scales_with_stake"] is True


def test_progressive_wager_not_returnable_per_10(data):
    assert wager(data, "progressive")["returnable"]["value"] is False


def test_combined_wagers_within_table_limit_per_13(data):
    limit = next(t for t in data["table_limits"] if t["rule"] == "combined_wagers_within_table_limit")
    assert set(limit["wagers"]) == {"base", "five-card-bonus", "three-card-bonus", "progressive"}
    assert limit["cite"] == "ARSD 20:18:16:15.03(13)"


def test_table_stakes_rule_excluded_not_for_progressive_per_12(data):
    rule = next(t for t in data["table_limits"] if t["rule"] == "table_stakes_rule_excluded")
    assert set(rule["wagers"]) == {"base", "five-card-bonus", "three-card-bonus"}


def test_no_payout_limit_stated(data):
    assert data["payout_limits"] == []


def test_hand_rankings_not_defined_use_assumed_flags_per_9(data):
    hr = data["hand_rankings"]
    for flag in (hr["suits_equal"], hr["five_card"]["ace_low_straight"], hr["five_card"]["wraparound_straight"],
                 hr["three_card"]["ace_low_straight"]):
        assert flag["value"] is None and "assumed" in flag and flag["finding"]
    assert hr["five_card"]["ace_low_straight"]["assumed"] is True
    assert hr["three_card"]["ace_low_straight"]["assumed"] is True
    assert hr["five_card"]["wraparound_straight"]["assumed"] is False
    assert hr["six_card"] is None


def test_source_note_history_and_effective_date(data):
    assert data["version"]["effective_date"] == "2017-04-17"
    assert data["version"]["supersedes"] is None
    history = [(h["citation"], h["effective_date"]) for h in data["source"]["history"]]
    assert history == [
        ("23 SDR 227", "1997-07-01"), ("28 SDR 154", "2002-04-17"), ("29 SDR 107", "2003-02-02"),
        ("32 SDR 128", "2006-01-30"), ("37 SDR 131", "2011-01-10"), ("38 SDR 213", "2012-06-18"),
        ("41 SDR 187", "2015-05-13"), ("43 SDR 131", "2017-04-17"),
    ]


def test_source_sha256_matches_bundled_text(data):
    assert data["source"]["file"] == SOURCE.name
    assert data["source"]["sha256"] == hashlib.sha256(SOURCE.read_bytes()).hexdigest()


# ============================================================ irregularities
# ARSD 20:18:16:15.03 contains no irregularity provisions at all. The four checks below pin
# that down: nothing may be recorded as an irregularity rule, and the two error situations the
# text does address (an accidental keypad press, several meter-paid winners at once) stay in
# other_rules, since no schema event fits them.


def test_no_irregularity_rules_recorded_source_has_none(data):
    assert data["irregularities"] == []


def test_no_irregularities_is_a_silent_finding(data):
    finding = next(f for f in data["findings"] if f["id"] == "sd-no-irregularity-rules")
    assert finding["kind"] == "silent"


def test_accidental_progressive_key_press_pressed_again_per_10a_iii(data):
    rule = next(r for r in data["other_rules"] if r["id"] == "progressive-key-in-winner")
    assert rule["cite"] == "ARSD 20:18:16:15.03(10)(a)(iii)"
    assert "again" in rule["text"]


def test_multiple_meter_winners_left_to_house_procedures_per_10a_v(data):
    rule = next(r for r in data["other_rules"] if r["id"] == "multiple-meter-winners-house-procedures")
    assert rule["cite"] == "ARSD 20:18:16:15.03(10)(a)(v)"
    assert rule["topic"] == "supervision"


# ============================================================ findings

EXPECTED_FINDINGS = {
    "sd-designed-for-designated": "garbled_text",
    "sd-deck-composition-unstated": "silent",
    "sd-cover-card-silent": "silent",
    "sd-cut-procedure-missing": "missing_text",
    "sd-card-inspection-and-change-silent": "silent",
    "sd-max-positions-silent": "silent",
    "sd-five-card-rankings-undefined": "silent",
    "sd-three-card-rankings-undefined": "silent",
    "sd-mini-royal-undefined": "silent",
    "sd-subdivision-9-duplicate-labels": "numbering_error",
    "sd-alternative-selection-unstated": "silent",
    "sd-bonus-two-pairs-cells-blank": "missing_figure",
    "sd-three-card-mini-royal-dashes": "ambiguous",
    "sd-three-card-pair-25-to-1": "implausible_value",
    "sd-three-card-pair-e-f-blank": "missing_figure",
    "sd-lirp-1-wager-amount-missing": "missing_figure",
    "sd-progressive-for-one-undefined": "ambiguous",
    "sd-progressive-not-returned-ambiguous": "ambiguous",
    "sd-progressive-meter-figures-unstated": "missing_figure",
    "sd-progressive-win-condition-incomplete": "wording_conflict",
    "sd-envy-trigger-without-wager-ambiguous": "ambiguous",
    "sd-multiple-envy-ambiguous": "ambiguous",
    "sd-multiple-progressive-winners-house-procedures": "silent",
    "sd-keypad-keyboard": "wording_conflict",
    "sd-list-connectives-misplaced": "garbled_text",
    "sd-progressive-schedule-choice-unstated": "silent",
    "sd-bonus-bet-term-ambiguous": "wording_conflict",
    "sd-side-bets-collected-before-deal": "ambiguous",
    "sd-bonus-and-progressive-combination-unclear": "ambiguous",
    "sd-table-stakes-exclusion-omits-progressive": "ambiguous",
    "sd-combined-limit-wording-ambiguous": "ambiguous",
    "sd-tip-wager-settlement-ambiguous": "ambiguous",
    "sd-hand-deal-start-unstated": "silent",
    "sd-losing-hand-cards-collection-silent": "silent",
    "sd-no-payout-limit": "silent",
    "sd-no-irregularity-rules": "silent",
    "sd-opening-sentence-omits-three-card-bonus": "wording_conflict",
    "sd-no-more-bets-sentence-run-on": "garbled_text",
}


@pytest.mark.parametrize("finding_id", sorted(EXPECTED_FINDINGS))
def test_finding_recorded_with_kind(data, finding_id):
    assert_finding_recorded(data, finding_id, EXPECTED_FINDINGS[finding_id])


def test_no_unexpected_findings(data):
    assert_no_unexpected_findings(data, EXPECTED_FINDINGS)


# "Every finding reference names an existing finding" is checked for every jurisdiction in
# test_common.py.


def test_null_figures_all_point_at_findings(data):
    for w in data["wagers"]:
        for table in w["paytables"]:
            for line in table["lines"] + table.get("envy_lines", []):
                p = line["payout"]
                if p["value"] is None and p["kind"] != "not_offered":
                    assert p.get("finding"), (w["id"], table["id"], line["hand"])


def test_list_connectives_finding_names_only_the_real_defects(data, source_text):
    """(10)(a)(vi) ends "; and;" (a stray ";"); (12) ends "; and" before the last subdivision (13): correct."""
    assert "counter-clockwise fashion; and;" in source_text
    assert "3 card bonus optional side bet; and" in source_text
    (finding,) = [f for f in data["findings"] if f["id"] == "sd-list-connectives-misplaced"]
    assert "(12)" not in finding["cite"] and "is correct" in finding["problem"]
    limits = {r["id"]: r for r in data["table_limits"]}
    assert "sd-list-connectives-misplaced" not in as_finding_list(limits["combined-within-table-limit"].get("finding"))


def test_the_blank_wager_amount_cell_is_below_lirp_1_and_the_reading_is_one_of_two(data, source_text):
    """(10) Progressive Payment Schedule: header LIRP-1 / PMG-01 / PMG-02, then a blank, "$1 ...", "$5 ..."."""
    header = source_text[source_text.index("LIRP-1"):source_text.index("$5 Wager amount")]
    assert header.index("PMG-02") < header.index("$1 Wager amount")
    (finding,) = [f for f in data["findings"] if f["id"] == "sd-lirp-1-wager-amount-missing"]
    assert "below LIRP-1" in finding["problem"] and "one reading" in finding["problem"]


def test_no_choice_among_the_progressive_schedules_is_stated(data, source_text):
    """(10): "paid according to the following payment schedule" (one schedule); no word on choosing."""
    start = source_text.index("If the let it ride progressive bet is offered")
    clause = source_text[start:source_text.index("After paying all winning wagers", start)]
    assert "the following payment schedule" in clause and "choose" not in clause and "select" not in clause
    (finding,) = [f for f in data["findings"] if f["id"] == "sd-progressive-schedule-choice-unstated"]
    assert [(r["id"], r["default"]) for r in finding["readings"]] == [("operator-chooses", True), ("by-wager-amount", False)]
