"""Maryland, COMAR 36.05.18 (Let It Ride Poker Rules): the ruleset checked against the source.

The expected tables below were typed independently from sources/maryland-comar-36.05.18.txt (a
double-entry transcription check), each with its citation beside it. Rows are
(hand, suits or None, payout kind, value) in the order the source lists them.
"""
from __future__ import annotations

import re

import pytest
from helpers import (
    as_finding_list,
    as_rows,
    collapse_whitespace,
    figures,
    find_one,
    method,
    paytable,
    read_source,
    source_path,
    suits_of,
    wager,
)

SOURCE = source_path("maryland-comar-36.05.18.txt")

HDC = ("clubs", "diamonds", "hearts")   # "hearts, diamonds, or clubs" / "Diamonds, Hearts or Clubs"
HSC = ("clubs", "hearts", "spades")     # "hearts, spades or clubs"
D = ("diamonds",)
S = ("spades",)

# ---------------------------------------------------------------------------------------------
# COMAR 36.05.18.12A: base Let It Ride Poker Wagers, "at the odds in one of the following
# paytables selected by the facility operator".
BASE = {
    # .12A(1) Paytable A
    "a": [("royal_flush", None, "to_one", 1000),       # (a) 1,000 to 1
          ("straight_flush", None, "to_one", 200),     # (b) 200 to 1
          ("four_of_a_kind", None, "to_one", 50),      # (c) 50 to 1
          ("full_house", None, "to_one", 11),          # (d) 11 to 1
          ("flush", None, "to_one", 8),                # (e) "shall is" 8 to 1
          ("straight", None, "to_one", 5),             # (f) 5 to 1
          ("three_of_a_kind", None, "to_one", 3),      # (g) 3 to 1
          ("two_pair", None, "to_one", 2),             # (h) 2 to 1
          ("pair_tens_or_better", None, "to_one", 1)],  # (i) tens or better 1 to 1
    # .12A(2) Paytable B
    "b": [("royal_flush", None, "to_one", 500),
          ("straight_flush", None, "to_one", 100),
          ("four_of_a_kind", None, "to_one", 25),
          ("full_house", None, "to_one", 15),
          ("flush", None, "to_one", 10),
          ("straight", None, "to_one", 5),
          ("three_of_a_kind", None, "to_one", 3),
          ("two_pair", None, "to_one", 2),
          ("pair_tens_or_better", None, "to_one", 1)],
    # .12A(3) Paytable C
    "c": [("royal_flush", None, "to_one", 100),
          ("straight_flush", None, "to_one", 50),
          ("four_of_a_kind", None, "to_one", 30),
          ("full_house", None, "to_one", 15),
          ("flush", None, "to_one", 9),
          ("straight", None, "to_one", 6),
          ("three_of_a_kind", None, "to_one", 3),
          ("two_pair", None, "to_one", 2),
          ("pair_tens_or_better", None, "to_one", 1)],
}

# COMAR 36.05.18.12B: Five Card Bonus Wager, "at the amounts" (dollars; stake not stated).
FIVE_CARD = {
    # .12B(1) Paytable A
    "a": [("royal_flush", None, "fixed_amount", 20000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 150), ("full_house", None, "fixed_amount", 75),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 4), ("two_pair", None, "fixed_amount", 3),
          ("pair_tens_or_better", None, "fixed_amount", 2)],
    # .12B(2) Paytable B
    "b": [("royal_flush", None, "fixed_amount", 20000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 200), ("full_house", None, "fixed_amount", 75),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 5), ("two_pair", None, "fixed_amount", 4),
          ("pair_tens_or_better", None, "fixed_amount", 1)],
    # .12B(3) Paytable C (no pair line)
    "c": [("royal_flush", None, "fixed_amount", 20000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 100), ("full_house", None, "fixed_amount", 75),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 9), ("two_pair", None, "fixed_amount", 6)],
    # .12B(4) Paytable D
    "d": [("royal_flush", None, "fixed_amount", 10000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 200), ("full_house", None, "fixed_amount", 75),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 5), ("two_pair", None, "fixed_amount", 4),
          ("pair_tens_or_better", None, "fixed_amount", 1)],
    # .12B(5) Paytable E (no pair line)
    "e": [("royal_flush", None, "fixed_amount", 10000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 200), ("full_house", None, "fixed_amount", 100),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 10), ("two_pair", None, "fixed_amount", 6)],
    # .12B(6) Paytable F (no pair line)
    "f": [("royal_flush", None, "fixed_amount", 10000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 100), ("full_house", None, "fixed_amount", 75),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 9), ("two_pair", None, "fixed_amount", 6)],
    # .12B(7) Paytable G (no two pair, no pair line)
    "g": [("royal_flush", None, "fixed_amount", 20000), ("straight_flush", None, "fixed_amount", 2000),
          ("four_of_a_kind", None, "fixed_amount", 300), ("full_house", None, "fixed_amount", 150),
          ("flush", None, "fixed_amount", 50), ("straight", None, "fixed_amount", 25),
          ("three_of_a_kind", None, "fixed_amount", 5)],
}

# COMAR 36.05.18.12C: Three Card Bonus Wager (odds, "to 1"), on the player's three cards.
THREE_CARD = {
    # .12C(1) Paytable A
    "a": [("straight_flush", None, "to_one", 40), ("three_of_a_kind", None, "to_one", 30),
          ("straight", None, "to_one", 6), ("flush", None, "to_one", 4), ("pair", None, "to_one", 1)],
    # .12C(2) Paytable B
    "b": [("straight_flush", None, "to_one", 40), ("three_of_a_kind", None, "to_one", 30),
          ("straight", None, "to_one", 5), ("flush", None, "to_one", 4), ("pair", None, "to_one", 1)],
    # .12C(3) Paytable C
    "c": [("straight_flush", None, "to_one", 40), ("three_of_a_kind", None, "to_one", 30),
          ("straight", None, "to_one", 6), ("flush", None, "to_one", 3), ("pair", None, "to_one", 1)],
}

# COMAR 36.05.18.12D: Six Card Bonus Wager, Super Royal by suit in dollars, the rest odds.
SIX_CARD = {
    # .12D(1) Paytable A
    "a": [("super_royal", D, "fixed_amount", 1000000),     # (a) Super Royal of diamonds $1,000,000
          ("super_royal", HSC, "fixed_amount", 100000),    # (b) hearts, spades or clubs $100,000
          ("royal_flush", None, "to_one", 1000),           # (c) 5-Card Royal flush 1,000 to 1
          ("straight_flush", None, "to_one", 200),         # (d) 5- Card Straight flush 200 to 1
          ("four_of_a_kind", None, "to_one", 50),          # (e)
          ("full_house", None, "to_one", 20),              # (f)
          ("flush", None, "to_one", 15),                   # (g)
          ("straight", None, "to_one", 10),                # (h)
          ("three_of_a_kind", None, "to_one", 5)],         # (i)
    # .12D(2) Paytable B
    "b": [("super_royal", D, "fixed_amount", 100000),      # (a) Super Royal of diamonds $100,000
          ("super_royal", HSC, "fixed_amount", 100000),    # (b) hearts, spades or clubs $100,000
          ("royal_flush", None, "to_one", 1000),
          ("straight_flush", None, "to_one", 200),
          ("four_of_a_kind", None, "to_one", 50),
          ("full_house", None, "to_one", 20),
          ("flush", None, "to_one", 15),
          ("straight", None, "to_one", 10),
          ("three_of_a_kind", None, "to_one", 5)],
}

# COMAR 36.05.18.12E: Progressive Payout Wager.
PROGRESSIVE = {
    # .12E(1) Paytable A, five-card hand
    "a": [("royal_flush", None, "percent_of_meter", 100),   # (a) 100 percent of meter
          ("straight_flush", None, "percent_of_meter", 10),  # (b) 10 percent of meter
          ("four_of_a_kind", None, "for_one", 300),          # (c) 300 for 1
          ("full_house", None, "for_one", 50),               # (d) 50 for 1
          ("flush", None, "for_one", 40),                    # (e) 40 for 1
          ("straight", None, "for_one", 30),                 # (f) 30 for 1
          ("three_of_a_kind", None, "for_one", 9)],          # (g) 9 for 1
    # .12E(2) Paytable B, player's three cards only; (a) has no suit; lettering jumps (d) -> (g)
    "b": [("ace_king_queen", None, "percent_of_meter", 100),  # (a) "Ace, King, Queen" 100 percent
          ("mini_royal", HDC, "for_one", 500),                # (b) of hearts, diamonds, or clubs
          ("straight_flush", None, "for_one", 70),            # (c)
          ("three_of_a_kind", None, "for_one", 60),           # (d)
          ("straight", None, "for_one", 6)],                  # (g)
    # .12E(3) Paytable C, player's three cards only
    "c": [("mini_royal", S, "percent_of_meter", 100),         # (a) of spades, 100 percent
          ("mini_royal", HDC, "for_one", 500),                # (b)
          ("straight_flush", None, "for_one", 100),           # (c)
          ("three_of_a_kind", None, "for_one", 90)],          # (d)
}

# COMAR 36.05.18.12I ($1 Progressive Payout Wager) and .12J ($5): Envy Bonus, by paytable.
# Rows are (hand, suits, stake, dollars).
ENVY = {
    "a": [("royal_flush", None, 1, 1000),      # .12I(1)(a)
          ("straight_flush", None, 1, 300),    # .12I(1)(b)
          ("royal_flush", None, 5, 5000),      # .12J(1)(a)
          ("straight_flush", None, 5, 1500)],  # .12J(1)(b)
    "b": [("mini_royal", S, 1, 100),           # .12I(2)(a)
          ("mini_royal", HDC, 1, 25),          # .12I(2)(b)
          ("mini_royal", S, 5, 500),           # .12J(2)(a)
          ("mini_royal", HDC, 5, 125)],        # .12J(2)(b)
    "c": [("mini_royal", S, 1, 100),           # .12I(3)(a)
          ("mini_royal", HDC, 1, 25),          # .12I(3)(b)
          ("mini_royal", S, 5, 500),           # .12J(3)(a)
          ("mini_royal", HDC, 5, 125)],        # .12J(3)(b)
}

ALL_TABLES = {
    ("base", "12A"): BASE,
    ("five-card-bonus", "12B"): FIVE_CARD,
    ("three-card-bonus", "12C"): THREE_CARD,
    ("six-card-bonus", "12D"): SIX_CARD,
    ("progressive", "12E"): PROGRESSIVE,
}
PAYTABLE_NAMES = {"a": "Paytable A", "b": "Paytable B", "c": "Paytable C", "d": "Paytable D",
                  "e": "Paytable E", "f": "Paytable F", "g": "Paytable G"}

EXPECTED_FINDINGS = {
    "md-let-it-ride-def-xref": "dangling_reference",
    "md-progressive-hand-xref-06e": "dangling_reference",
    "md-progressive-five-vs-three-card": "contradiction",
    "md-envy-qualifying-hand-vs-akq": "contradiction",
    "md-envy-wager-amounts-silent": "missing_figure",
    "md-envy-multiple-hands-silent": "silent",
    "md-progressive-wager-name-variant": "wording_conflict",
    "md-payout-limit-dangling": "dangling_reference",
    "md-tip-box-self-reference": "dangling_reference",
    "md-layout-designed-for": "garbled_text",
    "md-six-card-box-not-in-layout": "silent",
    "md-adjacent-boxes-garbled": "garbled_text",
    "md-idle-table-spread-face-down": "wording_conflict",
    "md-shuffle-occasions-or": "ambiguous",
    "md-05i-exempts-count-rule": "ambiguous",
    "md-three-card-ace-low": "wording_conflict",
    "md-six-card-rankings-super-royal": "wording_conflict",
    "md-six-card-hand-undefined": "silent",
    "md-six-card-win-condition-circular": "missing_text",
    "md-six-card-requires-optional-wagers": "wording_conflict",
    "md-six-card-fixed-amounts-stake-unstated": "missing_figure",
    "md-six-card-paytable-singular": "wording_conflict",
    "md-six-card-box-dealt-unconditionally": "ambiguous",
    "md-six-card-box-reveal-silent": "silent",
    "md-five-card-bonus-stake-unstated": "missing_figure",
    "md-five-card-bonus-two-pair-vs-pair": "contradiction",
    "md-five-card-bonus-g-no-two-pair": "contradiction",
    "md-five-card-bonus-pair-of-two-tens": "garbled_text",
    "md-base-flush-shall-is": "garbled_text",
    "md-base-pair-jack-singular": "garbled_text",
    "md-three-card-amounts-vs-odds": "wording_conflict",
    "md-progressive-b-akq-suit-missing": "missing_text",
    "md-progressive-b-lettering-skip": "numbering_error",
    "md-progressive-meter-amount-vs-percent": "contradiction",
    "md-manual-shoe-placed-garbled": "garbled_text",
    "md-manual-shoe-stub-self-reference": "dangling_reference",
    "md-stub-count-exemption-ambiguous": "ambiguous",
    "md-stub-count-52-cards-ambiguous": "ambiguous",
    "md-misdeal-dealer-has-garbled": "garbled_text",
    "md-auto-shoe-misdeal-and-vs-or": "wording_conflict",
    "md-hand-deal-stub-manual-shoe": "garbled_text",
    "md-hand-deal-stub-xref": "dangling_reference",
    "md-auto-shoe-dealer-subject-missing": "garbled_text",
    "md-auto-shoe-stub-each-stack": "ambiguous",
    "md-auto-shoe-10h-xref": "dangling_reference",
    "md-auto-shoe-three-card-community-stack": "ambiguous",
    "md-misdeal-remedies-differ": "contradiction",
    "md-decision-bet-two-before-face-down": "contradiction",
    "md-no-touch-vs-tuck": "contradiction",
    "md-bet2-tuck-signal-both": "contradiction",
    "md-side-wager-collection-silent": "silent",
    "md-table-limits-silent": "silent",
    "md-envy-paid-before-every-hand-turned": "contradiction",
    "md-cards-removed-player-by-player": "contradiction",
    "md-tuck-vs-full-view": "contradiction",
    "md-lammer-replacement-garbled": "garbled_text",
    "md-drop-box-external-reference": "dangling_reference",
    "md-idle-table-this-section": "dangling_reference",
    "md-undefined-terms": "missing_text",
    "md-six-card-b-diamonds-same-amount": "implausible_value",
}


# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def data(ruleset_data):
    return ruleset_data("maryland")


@pytest.fixture(scope="module")
def source_text():
    return read_source(SOURCE)


def irregularity(data, irregularity_id):
    """Maryland's irregularity rules are looked up by their id (several share an event)."""
    return find_one(data["irregularities"], "id", irregularity_id, "irregularity")


def _line_params():
    for (wager_id, section), tables in ALL_TABLES.items():
        for table_id, rows in tables.items():
            for i, row in enumerate(rows):
                yield pytest.param(wager_id, table_id, i, row,
                                   id=f"{section}-{table_id}-{i}-{row[0]}-{row[3]}-{row[2]}")


# --- identity ---------------------------------------------------------------------------------

def test_jurisdiction_and_version_per_comar_36_05_18(data):
    assert data["jurisdiction"]["id"] == "maryland"
    assert data["jurisdiction"]["name"] == "Maryland"
    assert data["jurisdiction"]["regulator"] == "Maryland Lottery and Gaming Control Commission"
    assert data["jurisdiction"]["currency"] == "USD"
    assert data["version"]["id"] == "v1"
    assert data["version"]["effective_date"] == "not stated in source"
    assert data["source"]["file"] == "maryland-comar-36.05.18.txt"


def test_offered_wagers_are_the_five_the_source_names_per_07E(data):
    assert [w["id"] for w in data["wagers"]] == [
        "base", "five-card-bonus", "three-card-bonus", "six-card-bonus", "progressive"]
    assert wager(data, "base")["offered"] == "required"
    for wid in ("five-card-bonus", "three-card-bonus", "six-card-bonus", "progressive"):
        assert wager(data, wid)["offered"] == "optional", wid


# --- paytables: double entry ------------------------------------------------------------------

@pytest.mark.parametrize("wager_id,section", list(ALL_TABLES))
def test_each_wager_offers_exactly_the_paytables_of_its_section(data, wager_id, section):
    expected = ALL_TABLES[(wager_id, section)]
    tables = wager(data, wager_id)["paytables"]
    assert [t["id"] for t in tables] == list(expected)
    for t in tables:
        assert t["name"] == PAYTABLE_NAMES[t["id"]]
        assert f".{section}(" in t["cite"], (wager_id, t["id"], t["cite"])


@pytest.mark.parametrize("wager_id,section", list(ALL_TABLES))
def test_each_paytable_matches_the_source_line_for_line_in_order(data, wager_id, section):
    for table_id, rows in ALL_TABLES[(wager_id, section)].items():
        assert as_rows(paytable(data, wager_id, table_id)["lines"], suits=True) == rows, (wager_id, table_id)


@pytest.mark.parametrize("wager_id,table_id,index,row", list(_line_params()))
def test_paytable_line_figure_and_citation(data, wager_id, table_id, index, row):
    line = paytable(data, wager_id, table_id)["lines"][index]
    hand, suits, kind, value = row
    assert (line["hand"], suits_of(line), line["payout"]["kind"], line["payout"]["value"]) == row
    # every line is cited to its own item of its own paytable
    assert re.search(r"\.12[A-E]\(\d\)\([a-i]\)", line["cite"]), line["cite"]
    assert value in figures(line["quote"]), (line["quote"], value)


def test_paytable_a_royal_flush_pays_1000_to_1_per_12A1a(data):
    line = paytable(data, "base", "a")["lines"][0]
    assert (line["hand"], line["payout"]) == ("royal_flush", {"kind": "to_one", "value": 1000})
    assert line["cite"] == "COMAR 36.05.18.12A(1)(a)"


@pytest.mark.parametrize("table_id", list(ENVY))
def test_envy_bonus_by_paytable_for_1_and_5_dollar_wagers_per_12I_12J(data, table_id):
    table = paytable(data, "progressive", table_id)
    got = [(ln["hand"], suits_of(ln), ln.get("stake"), ln["payout"]["value"]) for ln in table["envy_lines"]]
    assert got == ENVY[table_id]
    for ln in table["envy_lines"]:
        assert ln["payout"]["kind"] == "fixed_amount"
        assert re.search(r"\.12[IJ]\(\d\)\([ab]\)", ln["cite"]), ln["cite"]
        assert ln["payout"]["value"] in figures(ln["quote"])
        section = "I" if ln["stake"] == 1 else "J"
        assert f".12{section}(" in ln["cite"], (ln["stake"], ln["cite"])


def test_every_quote_occurs_verbatim_in_the_source(data, source_text):
    quotes = []

    def walk(node):
        if isinstance(node, dict):
            if "quote" in node:
                quote = node["quote"]
                quotes.extend(quote if isinstance(quote, list) else [quote])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data)
    paytable_lines = sum(len(rows) for tables in ALL_TABLES.values() for rows in tables.values())
    envy_lines = sum(len(rows) for rows in ENVY.values())
    assert len(quotes) >= paytable_lines + envy_lines  # every line carries a quote
    for q in quotes:
        assert collapse_whitespace(q) in source_text, q


def test_stakes_are_unstated_for_fixed_amount_wagers_per_07E_12B_12D(data):
    # .07E(3), (5), (6): "by placing a value chip"; no wager amount anywhere.
    for wid in ("base", "five-card-bonus", "three-card-bonus", "six-card-bonus", "progressive"):
        assert wager(data, wid)["stake"] is None, wid
    for wid in ("five-card-bonus", "six-card-bonus", "progressive"):
        for t in wager(data, wid)["paytables"]:
            assert t.get("stake") is None, (wid, t["id"])
            for ln in t["lines"]:
                assert "stake" not in ln, (wid, t["id"], ln["hand"])
    assert wager(data, "five-card-bonus")["finding"] == "md-five-card-bonus-stake-unstated"


def test_every_wager_is_choose_one_per_12A_to_12E(data):
    for wid, section in (("base", "12A"), ("five-card-bonus", "12B"), ("three-card-bonus", "12C"),
                         ("six-card-bonus", "12D"), ("progressive", "12E")):
        sel = wager(data, wid)["selection"]
        assert sel["rule"] == "choose_one", wid
        assert sel["cite"].endswith(section), (wid, sel["cite"])


def test_hand_bases_per_12C_12D_12E(data):
    assert wager(data, "base")["hand_basis"] == "player_and_community"
    assert wager(data, "five-card-bonus")["hand_basis"] == "player_and_community"   # .11E(1)
    assert wager(data, "three-card-bonus")["hand_basis"] == "player_three"          # .11E(2)
    assert wager(data, "six-card-bonus")["hand_basis"] == "player_and_bonus_community"
    assert wager(data, "progressive")["hand_basis"] == "player_and_community"       # .12E intro
    assert paytable(data, "progressive", "a").get("hand_basis", "player_and_community") == "player_and_community"
    assert paytable(data, "progressive", "b")["hand_basis"] == "player_three"       # .12E(2)
    assert paytable(data, "progressive", "c")["hand_basis"] == "player_three"       # .12E(3)


def test_least_winning_hands_as_11E_states_them(data):
    assert wager(data, "base")["wins_on"]["hand"] == "pair_tens_or_better"          # .12A(1)(i)
    assert wager(data, "five-card-bonus")["wins_on"]["hand"] == "two_pair"          # .11E(1)
    assert wager(data, "three-card-bonus")["wins_on"]["hand"] == "pair"             # .11E(2)
    assert wager(data, "progressive")["wins_on"]["hand"] == "three_of_a_kind"       # .11E(4)
    assert "wins_on" not in wager(data, "six-card-bonus")                           # .11E(3) states none


def test_side_wager_prerequisites_per_07E(data):
    assert wager(data, "five-card-bonus")["requires_wagers"] == ["base"]            # .07E(3)
    assert wager(data, "three-card-bonus")["requires_wagers"] == ["base"]           # .07E(4)
    assert wager(data, "progressive")["requires_wagers"] == ["base"]                # .07E(6)(a)
    # .07E(5) as printed: "required under § E(1), E(3), and E(4)"
    assert wager(data, "six-card-bonus")["requires_wagers"] == ["base", "five-card-bonus", "three-card-bonus"]


def test_progressive_meter_reset_at_least_1000_per_12F(data):
    meter = wager(data, "progressive")["meter"]
    assert meter["reset_minimum"] == 1000
    assert meter["rate_set_by"] == "operator"


def test_envy_qualifying_hands_and_holder_per_01B2_01B3(data):
    envy = wager(data, "progressive")["envy"]
    assert envy["qualifying_hands"] == ["royal_flush", "straight_flush"]   # "a straight flush or higher"
    assert envy["own_hand_pays"] is False                                  # "another player"
    assert envy["requires_wager"] is True                                  # "who places a Progressive Wager"


# --- procedure facts --------------------------------------------------------------------------

def test_one_deck_of_52_with_a_cover_card_per_03A(data):
    assert data["cards"]["decks"]["count"] == 1
    assert data["cards"]["decks"]["cards_per_deck"] == 52
    assert data["cards"]["cover_card"]["value"] is True


def test_second_deck_only_with_automated_shuffler_and_five_conditions_per_03B(data):
    second = data["cards"]["second_deck"]
    assert second["permitted"] is True
    assert second["requires"] == "automated_shuffler"
    assert [c["cite"] for c in second["conditions"]] == [f"COMAR 36.05.18.03B({i})" for i in range(1, 6)]


def test_cut_cover_card_at_least_ten_cards_in_per_05F(data):
    cut = data["cards"]["cut"]
    assert cut["min_cards"] == 10
    assert cut["cite"].startswith("COMAR 36.05.18.05F")


def test_cards_changed_every_4_hours_by_hand_and_8_from_shoe_per_03C(data):
    hours = {c["dealt_from"]: c["max_hours"] for c in data["cards"]["card_change"]}
    assert hours == {"hand": 4, "shoe": 8}


def test_no_more_than_seven_positions_per_02A1(data):
    assert data["table"]["max_positions"]["value"] == 7


def test_rank_order_and_ace_rules_per_06A_06B(data):
    hr = data["hand_rankings"]
    assert hr["rank_order"]["high_to_low"] == ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert hr["suits_equal"]["value"] is True
    assert hr["five_card"]["ace_low_straight"]["value"] is True       # .06A(1)
    assert hr["five_card"]["wraparound_straight"]["value"] is False   # .06A(2)
    assert [c["hand"] for c in hr["five_card"]["categories"]] == [
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
        "three_of_a_kind", "two_pair", "pair_tens_or_better"]          # .06C(1)-(9)
    assert [c["hand"] for c in hr["three_card"]["categories"]] == [
        "straight_flush", "three_of_a_kind", "straight", "flush", "pair"]  # .06D(1)-(5)
    assert hr["three_card"]["ace_low_straight"]["value"] is True      # .06D(3) "including an ace, 2 and 3"
    assert hr["six_card"]["categories"][0]["hand"] == "super_royal"    # .06E(8)


def test_three_base_bets_bet1_and_bet2_withdrawable_per_07E(data):
    bets = {b["id"]: b for b in data["base_game"]["bets"]}
    assert data["base_game"]["equal_bets"]["value"] is True            # .07E(1) "three equal"
    assert bets["bet1"]["withdrawable"] and bets["bet2"]["withdrawable"]
    assert bets["bet3"]["withdrawable"] is False
    assert bets["bet1"]["decision_point"] == "after_player_cards"      # .11B
    assert bets["bet2"]["decision_point"] == "after_first_community_card"  # .11C
    assert data["base_game"]["qualifying_hand"]["hand"] == "pair_tens_or_better"


def plan_rows(m):
    return [(s["to"], s["cards"]) for s in m["plan"]["steps"]]


def test_manual_shoe_deal_box_then_alternating_cards_per_08D(data):
    m = method(data, "manual_shoe")
    assert plan_rows(m) == [("six_card_bonus_box", 3), ("each_player", 1), ("community", 1),
                            ("each_player", 1), ("community", 1), ("each_player", 1)]
    assert m["plan"]["community_used"] == 2
    assert "community_discard" not in m["plan"]                        # no burn card
    assert m["player_order"] == "clockwise_from_dealer_left"
    assert m["stub"]["count_every_rounds"] == 5                        # .08D(5)


def test_hand_deal_same_order_as_manual_shoe_per_09B_09C(data):
    assert plan_rows(method(data, "hand")) == plan_rows(method(data, "manual_shoe"))
    assert method(data, "hand")["stub"]["count_every_rounds"] == 5     # .09E


def test_automated_shoe_stacks_of_three_two_three_per_10B(data):
    m = method(data, "automated_shoe")
    assert plan_rows(m) == [("six_card_bonus_box", 3), ("community", 2), ("each_player", 3)]
    assert all(s.get("as_stack") for s in m["plan"]["steps"])
    assert m["plan"]["community_used"] == 2


def test_reshuffling_shoe_three_card_community_stack_one_discarded_per_10H(data):
    m = method(data, "shuffler_stacks")
    assert ("community", 3) in plan_rows(m)
    assert m["plan"]["community_used"] == 2
    assert m["plan"]["community_discard"]["cards"] == 1
    assert "md-auto-shoe-three-card-community-stack" in as_finding_list(m["plan"]["finding"])


def test_decision_and_settlement_order_per_11B_to_11E(data):
    seq = [(s["step"], s.get("order")) for s in data["round_sequence"]]
    steps = [s for s, _ in seq]
    idx = {name: steps.index(name) for name in (
        "decide_bet1", "reveal_community_card_1", "decide_bet2", "reveal_community_card_2",
        "reveal_player_hands", "settle_base_wagers", "settle_side_wager")}
    assert idx["decide_bet1"] < idx["reveal_community_card_1"] < idx["decide_bet2"] \
        < idx["reveal_community_card_2"] < idx["reveal_player_hands"] < idx["settle_base_wagers"] \
        < idx["settle_side_wager"]
    order = dict(seq)
    assert order["decide_bet1"] == "clockwise_from_dealer_left"          # .11B
    assert order["decide_bet2"] == "clockwise_from_dealer_left"          # .11C
    assert order["reveal_player_hands"] == "counterclockwise_from_dealer_right"  # .11D
    assert "burn_community_card" not in steps
    side = [s["wager"] for s in data["round_sequence"] if s["step"] == "settle_side_wager"]
    assert side == ["five-card-bonus", "three-card-bonus", "six-card-bonus", "progressive"]  # .11E(1)-(4)


def test_five_card_bonus_and_progressive_collected_before_deal_per_08C(data):
    steps = [(s["step"], s.get("wager")) for s in data["round_sequence"]]
    deal = steps.index(("deal", None))
    assert steps.index(("collect_side_wagers", "five-card-bonus")) < deal
    assert steps.index(("collect_side_wagers", "progressive")) < deal


def test_payout_limit_operator_set_and_dangling_per_02B10(data):
    (limit,) = data["payout_limits"]
    assert limit["set_by"] == "operator"
    assert limit["floor"]["kind"] == "none_stated"
    assert "md-payout-limit-dangling" in as_finding_list(limit["finding"])


def test_multiple_positions_adjacent_operator_specified_per_07F(data):
    mp = data["table"]["multiple_positions"]
    assert (mp["allowed"], mp["adjacent_only"], mp["max_positions"]) == ("operator_specified", True, None)


# --- irregularities ---------------------------------------------------------------------------

@pytest.mark.parametrize("event,kind,cite", [
    ("card_face_up_in_deck", "card_not_used", "COMAR 36.05.18.13A"),
    ("multiple_cards_face_up_in_deck", "all_hands_void_reshuffle", "COMAR 36.05.18.13B"),
    ("card_drawn_in_error_unexposed", "use_as_next_card", "COMAR 36.05.18.13C"),
    ("wrong_card_count", "all_hands_void_reshuffle", "COMAR 36.05.18.13D"),
    ("community_card_exposed_early", "all_hands_void_reshuffle", "COMAR 36.05.18.13E"),
    ("shuffler_malfunction", "reshuffle", "COMAR 36.05.18.13F"),
    ("dealing_shoe_malfunction", "round_void", "COMAR 36.05.18.13G"),
    ("device_unusable", "device_covered_or_marked", "COMAR 36.05.18.13H"),
    ("shuffler_count_wrong", "deck_removed", "COMAR 36.05.18.05E"),
    ("improper_cut", "recut", "COMAR 36.05.18.05G"),
    ("player_leaves_table", "wagers_abandoned_may_lose", "COMAR 36.05.18.07B(2)"),
])
def test_single_irregularity_event_to_consequence(data, event, kind, cite):
    matches = [i for i in data["irregularities"] if i["event"] == event]
    assert len(matches) == 1, event
    assert matches[0]["consequence"]["kind"] == kind
    assert matches[0]["cite"] == cite


@pytest.mark.parametrize("section, method", [("08F", "manual-shoe"), ("09H", "hand-deal"), ("10G", "auto-shoe")])
def test_stub_count_wrong_per_section(data, section, method):
    misdealt = irregularity(data, f"{method}-stub-wrong-misdealt")
    not_misdealt = irregularity(data, f"{method}-stub-wrong-not-misdealt")
    # the misdeal case cites the section's lead (the dealer determines whether misdealt) and its (1)
    assert misdealt["cite"] == f"COMAR 36.05.18.{section}; .{section}(1)"
    assert not_misdealt["cite"] == f"COMAR 36.05.18.{section}(2)"
    assert (misdealt["event"], misdealt["consequence"]["kind"]) == ("stub_count_wrong_misdealt", "void_and_wagers_returned")
    assert (not_misdealt["event"], not_misdealt["consequence"]["kind"]) == ("stub_count_wrong_not_misdealt", "all_hands_void_deck_removed")


def test_automated_shoe_misdeal_keeps_printed_and_per_10G1(data, source_text):
    item = irregularity(data, "auto-shoe-stub-wrong-misdealt")
    assert any("community cards and a player has more or less than 3 cards" in piece for piece in item["quote"])
    assert "md-auto-shoe-misdeal-and-vs-or" in as_finding_list(item["finding"])


# --- findings ---------------------------------------------------------------------------------


def test_every_expected_finding_is_recorded_with_its_kind(data):
    recorded = {f["id"]: f["kind"] for f in data["findings"]}
    assert recorded == EXPECTED_FINDINGS


def test_finding_ids_are_unique(data):
    ids = [f["id"] for f in data["findings"]]
    assert len(ids) == len(set(ids))


# "Every finding reference names an existing finding" (at least 25 references here) is checked
# for every jurisdiction in test_common.py.


@pytest.mark.parametrize("wager_id,table_id,hand,finding", [
    ("base", "a", "flush", "md-base-flush-shall-is"),                          # .12A(1)(e)
    ("base", "b", "flush", "md-base-flush-shall-is"),                          # .12A(2)(e)
    ("five-card-bonus", "a", "pair_tens_or_better", "md-five-card-bonus-two-pair-vs-pair"),  # .12B(1)(i)
    ("five-card-bonus", "b", "pair_tens_or_better", "md-five-card-bonus-two-pair-vs-pair"),  # .12B(2)(i)
    ("five-card-bonus", "d", "pair_tens_or_better", "md-five-card-bonus-two-pair-vs-pair"),  # .12B(4)(i)
    ("five-card-bonus", "g", "three_of_a_kind", "md-five-card-bonus-g-no-two-pair"),          # .12B(7)(g)
    ("progressive", "b", "ace_king_queen", "md-progressive-b-akq-suit-missing"),             # .12E(2)(a)
    ("progressive", "b", "straight", "md-progressive-b-lettering-skip"),                     # .12E(2)(g)
    ("progressive", "a", "straight_flush", "md-progressive-meter-amount-vs-percent"),        # .12E(1)(b)
])
def test_defective_paytable_lines_point_at_their_finding(data, wager_id, table_id, hand, finding):
    (line,) = [ln for ln in paytable(data, wager_id, table_id)["lines"] if ln["hand"] == hand]
    assert line["payout"].get("finding") == finding


def test_super_royal_lines_point_at_stake_finding_per_12D(data):
    for table_id in ("a", "b"):
        for ln in paytable(data, "six-card-bonus", table_id)["lines"]:
            if ln["hand"] == "super_royal":
                assert ln["payout"]["finding"] == "md-six-card-fixed-amounts-stake-unstated"


def test_findings_cite_maryland_sections(data):
    for f in data["findings"]:
        assert f["cite"].startswith("COMAR 36.05.18"), f["id"]
