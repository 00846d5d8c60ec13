"""Maryland (COMAR 36.05.18): every reading of every finding does what its `meaning` says.

For each reading the wager is priced (gamemath) or a round settled (play) under it, and the result
is checked against a figure derived here from the ruleset's printed numbers and a direct count
(textbook five-card counts, a full enumeration of the 22,100 three-card hands), never copied from
output. The default reading's figures are also checked against those the catalogue prints
(`analyze --format json`).
"""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from math import comb

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.report.priced_json import alternative_json
from lit_compliance.gamemath import paytable_result
from lit_compliance.load.strict_yaml import InputError
from lit_compliance.model import model_of
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view
from lit_compliance.poker.hands import evaluate3
from lit_compliance.poker.vectorised import colex_sets

# Five-card hand counts (textbook): category -> number of the 2,598,960 hands.
FIVE = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
    "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
    "pair_tens_or_better": 5 * 6 * comb(12, 3) * 4 ** 3,   # pairs of tens, jacks, queens, kings, aces
}
N5 = comb(52, 5)
N3 = comb(52, 3)


@pytest.fixture(scope="module")
def maryland(catalogue):
    return catalogue.latest("maryland")


def _lines(ruleset, wager: str, table: str) -> dict:
    w = next(w for w in ruleset.data["wagers"] if w["id"] == wager)
    t = next(t for t in w["paytables"] if t["id"] == table)
    return {ln["hand"]: ln["payout"] for ln in t["lines"]}


def _alternative(result, finding: str, reading: str) -> dict:
    (alt,) = [a for a in result.alternatives if (a.reading.finding, a.reading.reading) == (finding, reading)]
    return alternative_json(alt)


def _applied(result) -> set:
    return {(r.finding, r.reading) for r in result.readings}


def _fixed_return(printed: dict) -> Fraction:
    """Return per $1 of a fixed-amount five-card table: the amount is the whole sum paid back."""
    return sum(Fraction(FIVE[h], N5) * Fraction(p["value"]) for h, p in printed.items())


def _analyze(wager: str, table: str) -> dict:
    out = CliRunner().invoke(main, ["analyze", "maryland", "--wager", wager, "--paytable", table,
                                    "--format", "json"])
    assert out.exit_code == 0, out.output
    (result,) = json.loads(out.output)["results"]
    return result


def _settle(text: str, readings: str = "") -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text) + readings, "round.yaml")))


def _side(v: dict, seat: int, wager: str) -> dict:
    """The player's own row for a side wager (not an envy bonus paid on another seat's hand)."""
    (player,) = [p for p in v["results"] if p["seat"] == seat]
    (row,) = [r for r in player["wagers"] if r["wager"] == wager and r["trigger_seat"] is None]
    return row


def _chosen(v: dict) -> set:
    return {(g["finding"], g["reading"]) for g in v["readings"]}


# --- md-five-card-bonus-two-pair-vs-pair: .11E(1) "two pair or better" against the pair lines -----

PAIR_TABLES = ("a", "b", "d")


@pytest.mark.parametrize("table", PAIR_TABLES)
def test_five_card_bonus_pair_line_pays_as_printed_by_default_per_12B(maryland, table):
    printed = _lines(maryland, "five-card-bonus", table)
    assert "pair_tens_or_better" in printed
    got = paytable_result(maryland, "five-card-bonus", table)
    assert ("md-five-card-bonus-two-pair-vs-pair", "paytable-as-printed") in _applied(got)
    assert got.return_to_player == _fixed_return(printed)
    assert got.hit_frequency == pytest.approx(sum(FIVE[h] for h in printed) / N5, abs=1e-15)
    printed_json = _analyze("five-card-bonus", table)      # the figure the catalogue prints
    assert Fraction(printed_json["exact"]["return_to_player"]) == _fixed_return(printed)


@pytest.mark.parametrize("table", PAIR_TABLES)
def test_five_card_bonus_pair_line_never_pays_under_11E1_two_pair_or_better(maryland, table):
    printed = _lines(maryland, "five-card-bonus", table)
    alt = _alternative(paytable_result(maryland, "five-card-bonus", table),
                       "md-five-card-bonus-two-pair-vs-pair", "two-pair-or-better")
    without_pair = {h: p for h, p in printed.items() if h != "pair_tens_or_better"}
    assert alt["return_to_player"] == pytest.approx(float(_fixed_return(without_pair)), abs=1e-15)
    # exactly the pair line's hands stop winning
    assert alt["hit_frequency"] == pytest.approx(sum(FIVE[h] for h in without_pair) / N5, abs=1e-15)
    lost = _fixed_return(printed) - _fixed_return(without_pair)
    assert lost == Fraction(FIVE["pair_tens_or_better"], N5) * printed["pair_tens_or_better"]["value"]


@pytest.mark.parametrize("table", ("c", "e", "f", "g"))
def test_five_card_bonus_tables_without_a_pair_line_are_not_changed_by_the_pair_reading(maryland, table):
    got = paytable_result(maryland, "five-card-bonus", table)
    assert "md-five-card-bonus-two-pair-vs-pair" not in {a.reading.finding for a in got.alternatives}


FIVE_CARD_PAIR_ROUND = """
    jurisdiction: maryland
    version: v1
    dealing_method: manual_shoe
    paytables: {base: a, five-card-bonus: a}
    six_card_bonus_cards: [2s, 3d, 4c]
    community: [Jd, 8c]
    players:
      - seat: 1
        cards: [Jh, 6s, 5d]          # a pair of jacks, no more
        bet: 5
        decisions: {bet1: pull, bet2: pull}
        side_wagers: {five-card-bonus: 1}
    """


def test_five_card_bonus_pair_of_jacks_wins_the_printed_2_dollars_by_default(maryland):
    v = _settle(FIVE_CARD_PAIR_ROUND)
    row = _side(v, 1, "five-card-bonus")
    payout = _lines(maryland, "five-card-bonus", "a")["pair_tens_or_better"]["value"]
    assert row["outcome"] == "win" and Fraction(row["returned"]) == payout
    assert ("md-five-card-bonus-two-pair-vs-pair", "paytable-as-printed") in _chosen(v)


def test_five_card_bonus_pair_of_jacks_loses_under_two_pair_or_better():
    v = _settle(FIVE_CARD_PAIR_ROUND, "readings: {md-five-card-bonus-two-pair-vs-pair: two-pair-or-better}\n")
    row = _side(v, 1, "five-card-bonus")
    assert row["outcome"] == "lose" and Fraction(row["returned"]) == 0
    assert ("md-five-card-bonus-two-pair-vs-pair", "two-pair-or-better") in _chosen(v)


# --- md-five-card-bonus-g-no-two-pair: Paytable G has no two pair line ---------------------------


def test_paytable_g_cannot_be_priced_while_the_two_pair_figure_is_missing_by_default(maryland):
    printed = _lines(maryland, "five-card-bonus", "g")
    assert "two_pair" not in printed
    got = paytable_result(maryland, "five-card-bonus", "g")
    assert ("md-five-card-bonus-g-no-two-pair", "figure-missing") in _applied(got)
    assert got.status == "incomplete" and got.house_edge is None and got.return_to_player is None
    assert _analyze("five-card-bonus", "g")["house_edge"] is None
    model = model_of(maryland)
    assert [ln.hand for ln in model.wager("five-card-bonus").paytable("g").missing] == ["two_pair"]


def test_paytable_g_two_pair_loses_under_the_literal_reading(maryland):
    printed = _lines(maryland, "five-card-bonus", "g")
    alt = _alternative(paytable_result(maryland, "five-card-bonus", "g"),
                       "md-five-card-bonus-g-no-two-pair", "two-pair-loses")
    assert alt["return_to_player"] == pytest.approx(float(_fixed_return(printed)), abs=1e-15)
    assert alt["hit_frequency"] == pytest.approx(sum(FIVE[h] for h in printed) / N5, abs=1e-15)


TWO_PAIR_ON_G = """
    jurisdiction: maryland
    version: v1
    dealing_method: manual_shoe
    paytables: {base: a, five-card-bonus: g}
    six_card_bonus_cards: [2s, 3d, 4c]
    community: [Jd, 8c]
    players:
      - seat: 1
        cards: [Jh, 8s, 5d]          # jacks and eights
        bet: 5
        decisions: {bet1: ride, bet2: ride}
        side_wagers: {five-card-bonus: 1}
    """


def test_two_pair_on_paytable_g_is_not_settled_without_a_figure_by_default():
    row = _side(_settle(TWO_PAIR_ON_G), 1, "five-card-bonus")
    assert row["outcome"] != "win" and row["returned"] is None


def test_two_pair_on_paytable_g_loses_under_the_literal_reading():
    v = _settle(TWO_PAIR_ON_G, "readings: {md-five-card-bonus-g-no-two-pair: two-pair-loses}\n")
    row = _side(v, 1, "five-card-bonus")
    assert row["outcome"] == "lose" and Fraction(row["returned"]) == 0


# --- md-progressive-b-akq-suit-missing: "For a Ace, King, Queen" with no suit --------------------


def _three_card_hits(pays_on) -> Fraction:
    return Fraction(sum(1 for row in colex_sets(52, 3) if pays_on(evaluate3([int(c) for c in row]))), N3)


def test_progressive_b_pays_the_meter_on_every_ace_king_queen_as_printed(maryland):
    got = paytable_result(maryland, "progressive", "b")
    assert ("md-progressive-b-akq-suit-missing", "as-printed") in _applied(got)
    # 4 x 4 x 4 = 64 A-K-Q holdings, every one of them takes the whole meter
    assert got.side.meter.per_meter_dollar == pytest.approx(64 / N3, rel=1e-12)
    hands = set(_lines(maryland, "progressive", "b"))
    assert got.hit_frequency == pytest.approx(float(_three_card_hits(lambda h: bool(h.tags & hands))), abs=1e-15)
    assert _analyze("progressive", "b")["details"]["rtp_per_meter_dollar"] == pytest.approx(64 / N3, rel=1e-12)


def test_progressive_b_pays_the_meter_only_on_spades_under_the_of_spades_reading(maryland):
    alt = _alternative(paytable_result(maryland, "progressive", "b"), "md-progressive-b-akq-suit-missing", "of-spades")
    model = model_of(maryland, {"md-progressive-b-akq-suit-missing": "of-spades"})
    first = model.wager("progressive").paytable("b").lines[0]
    assert (first.hand, first.suits, first.payout.meter_share) == ("mini_royal", ("spades",), 1)
    # unsuited A-K-Q no longer wins a line of its own: the hit set loses nothing that a straight
    # does not catch, and the meter is taken by 1 of the 22,100 holdings instead of 64
    hands = set(_lines(maryland, "progressive", "b")) - {"ace_king_queen"}
    assert alt["hit_frequency"] == pytest.approx(float(_three_card_hits(lambda h: bool(h.tags & hands))), abs=1e-15)


def _progressive_b_round(cards: str, readings: str = "") -> dict:
    text = f"""
        jurisdiction: maryland
        version: v1
        dealing_method: manual_shoe
        paytables: {{base: a, progressive: b}}
        meter: {{amount: 20000, reset: 1000}}
        six_card_bonus_cards: [2s, 3d, 4c]
        community: [9c, 8d]
        players:
          - seat: 1
            cards: {cards}
            bet: 5
            decisions: {{bet1: pull, bet2: pull}}
            side_wagers: {{progressive: 1}}
        """
    return _side(_settle(text, readings), 1, "progressive")


OF_SPADES = "readings: {md-progressive-b-akq-suit-missing: of-spades}\n"


def test_progressive_b_unsuited_ace_king_queen_takes_the_meter_as_printed(maryland):
    row = _progressive_b_round("[Ac, Kd, Qs]")
    assert row["line"]["hand"] == "ace_king_queen" and Fraction(row["returned"]) == 20000


def test_progressive_b_unsuited_ace_king_queen_is_only_a_straight_under_of_spades(maryland):
    row = _progressive_b_round("[Ac, Kd, Qs]", OF_SPADES)
    straight = _lines(maryland, "progressive", "b")["straight"]
    assert straight["kind"] == "for_one"
    assert row["line"]["hand"] == "straight" and Fraction(row["returned"]) == straight["value"]


def test_progressive_b_line_b_pays_a_suited_hearts_ace_king_queen_only_under_of_spades(maryland):
    as_printed = _progressive_b_round("[Ah, Kh, Qh]")
    assert as_printed["line"]["hand"] == "ace_king_queen" and Fraction(as_printed["returned"]) == 20000
    of_spades = _progressive_b_round("[Ah, Kh, Qh]", OF_SPADES)
    line_b = _lines(maryland, "progressive", "b")["mini_royal"]
    assert of_spades["line"]["suits"] == ["hearts", "diamonds", "clubs"]
    assert Fraction(of_spades["returned"]) == line_b["value"]     # 500 for 1 on a $1 wager


def test_progressive_b_spades_ace_king_queen_takes_the_meter_under_both_readings():
    assert Fraction(_progressive_b_round("[As, Ks, Qs]")["returned"]) == 20000
    assert Fraction(_progressive_b_round("[As, Ks, Qs]", OF_SPADES)["returned"]) == 20000


# --- md-six-card-requires-optional-wagers: .07E(5) "after ... § E(1), E(3), and E(4)" --------------

SIX_CARD_ALONE = """
    jurisdiction: maryland
    version: v1
    dealing_method: manual_shoe
    paytables: {base: a, six-card-bonus: a}
    six_card_bonus_cards: [As, 4c, 2d]
    community: [9h, 8h]
    players:
      - seat: 1
        cards: [Ac, Ad, 3c]          # three aces with the six-card bonus cards
        bet: 5
        decisions: {bet1: ride, bet2: ride}
        side_wagers: {six-card-bonus: 2}
    """


def test_six_card_bonus_without_the_five_and_three_card_bonus_is_refused_as_printed():
    with pytest.raises(InputError) as info:
        load_round_text(textwrap.dedent(SIX_CARD_ALONE), "round.yaml")
    problems = " ".join(str(p) for p in info.value.problems)
    assert "requires the five-card-bonus wager" in problems and "requires the three-card-bonus wager" in problems
    assert "07E(5)" in problems


def test_six_card_bonus_needs_only_the_three_base_wagers_under_base_wagers_only(maryland):
    v = _settle(SIX_CARD_ALONE, "readings: {md-six-card-requires-optional-wagers: base-wagers-only}\n")
    row = _side(v, 1, "six-card-bonus")
    three = _lines(maryland, "six-card-bonus", "a")["three_of_a_kind"]
    assert three["kind"] == "to_one"
    assert row["outcome"] == "win" and Fraction(row["net"]) == 2 * three["value"]
    assert ("md-six-card-requires-optional-wagers", "base-wagers-only") in _chosen(v)
    model = model_of(maryland, {"md-six-card-requires-optional-wagers": "base-wagers-only"})
    assert model.wager("six-card-bonus").requires == ("base",)
    assert model_of(maryland).wager("six-card-bonus").requires == ("base", "five-card-bonus", "three-card-bonus")


# --- md-envy-multiple-hands-silent: one Envy Bonus per qualifying hand, or one a round ---------------

TWO_STRAIGHT_FLUSHES = """
    jurisdiction: maryland
    version: v1
    dealing_method: manual_shoe
    paytables: {base: a, progressive: a}
    meter: {amount: 20000, reset: 1000}
    six_card_bonus_cards: [As, 4c, 2d]
    community: [9h, 8h]
    players:
      - seat: 1
        cards: [2c, 3d, 4s]          # nothing; the only progressive wager at the table
        bet: 5
        decisions: {bet1: pull, bet2: pull}
        side_wagers: {progressive: 1}
      - seat: 2
        cards: [7h, 6h, 5h]          # 9-high straight flush
        bet: 5
        decisions: {bet1: ride, bet2: ride}
      - seat: 3
        cards: [Qh, Jh, Th]          # queen-high straight flush
        bet: 5
        decisions: {bet1: ride, bet2: ride}
    """


def _envy_rows(v: dict, seat: int) -> list:
    (player,) = [p for p in v["results"] if p["seat"] == seat]
    return [r for r in player["wagers"] if r["bet"] == "envy" and r["returned"] is not None and Fraction(r["returned"]) > 0]


def _envy_line(maryland, table: str, hand: str, suit: str | None = None) -> Fraction:
    w = next(w for w in maryland.data["wagers"] if w["id"] == "progressive")
    t = next(t for t in w["paytables"] if t["id"] == table)
    (line,) = [ln for ln in t["envy_lines"] if ln["hand"] == hand and ln["stake"] == 1
               and (suit is None or suit in ln.get("suits", ()))]
    return Fraction(line["payout"]["value"])


def test_envy_bonus_is_paid_for_each_other_qualifying_hand_by_default(maryland):
    v = _settle(TWO_STRAIGHT_FLUSHES)
    rows = _envy_rows(v, 1)
    assert sorted(r["trigger_seat"] for r in rows) == [2, 3]
    assert sum(Fraction(r["returned"]) for r in rows) == 2 * _envy_line(maryland, "a", "straight_flush")
    assert ("md-envy-multiple-hands-silent", "per-qualifying-hand") in _chosen(v)


def test_envy_bonus_is_paid_once_a_round_under_one_per_round(maryland):
    v = _settle(TWO_STRAIGHT_FLUSHES, "readings: {md-envy-multiple-hands-silent: one-per-round}\n")
    rows = _envy_rows(v, 1)
    assert len(rows) == 1 and Fraction(rows[0]["returned"]) == _envy_line(maryland, "a", "straight_flush")
    assert ("md-envy-multiple-hands-silent", "one-per-round") in _chosen(v)


# --- md-envy-qualifying-hand-vs-akq: the B and C envy tables pay on an Ace, King, Queen --------------

ENVY_ON_AKQ = """
    jurisdiction: maryland
    version: v1
    dealing_method: manual_shoe
    paytables: {base: a, progressive: b}
    meter: {amount: 20000, reset: 1000}
    six_card_bonus_cards: [2s, 3d, 4c]
    community: [9c, 8d]
    players:
      - seat: 1
        cards: [2c, 5d, 7s]          # nothing
        bet: 5
        decisions: {bet1: pull, bet2: pull}
        side_wagers: {progressive: 1}
      - seat: 2
        cards: [Ah, Kh, Qh]          # Ace, King, Queen of hearts
        bet: 5
        decisions: {bet1: pull, bet2: pull}
    """


def test_envy_bonus_is_paid_on_another_players_ace_king_queen_under_the_printed_tables(maryland):
    v = _settle(ENVY_ON_AKQ)
    (row,) = _envy_rows(v, 1)
    assert row["trigger_seat"] == 2 and Fraction(row["returned"]) == _envy_line(maryland, "b", "mini_royal", "hearts")


def test_no_envy_bonus_on_an_ace_king_queen_when_the_definition_governs(maryland):
    v = _settle(ENVY_ON_AKQ, "readings: {md-envy-qualifying-hand-vs-akq: definition-governs}\n")
    assert _envy_rows(v, 1) == []
    model = model_of(maryland, {"md-envy-qualifying-hand-vs-akq": "definition-governs"})
    assert model.wager("progressive").paytable("b").envy_lines == ()
    assert model.wager("progressive").paytable("c").envy_lines == ()
    assert len(model.wager("progressive").paytable("a").envy_lines) == 4   # Paytable A keeps its envy table


# --- every reading of every Maryland finding is exercised above ----------------------------------

TESTED = {
    "md-five-card-bonus-two-pair-vs-pair": {"paytable-as-printed", "two-pair-or-better"},
    "md-five-card-bonus-g-no-two-pair": {"figure-missing", "two-pair-loses"},
    "md-progressive-b-akq-suit-missing": {"as-printed", "of-spades"},
    "md-six-card-requires-optional-wagers": {"as-printed", "base-wagers-only"},
    "md-envy-multiple-hands-silent": {"per-qualifying-hand", "one-per-round"},
    "md-envy-qualifying-hand-vs-akq": {"tables-as-printed", "definition-governs"},
}


def test_every_reading_of_every_maryland_finding_has_a_test_here(maryland):
    offered = {f["id"]: {r["id"] for r in f["readings"]} for f in maryland.data["findings"] if f.get("readings")}
    assert offered == TESTED
