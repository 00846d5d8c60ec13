"""Massachusetts: every reading of every finding prices or settles the way its meaning says.

Expected figures are worked out here from the figures printed in
sources/massachusetts-let-it-ride-poker.txt (the §13 table) and textbook five-card counts, never
copied from the program's output.
"""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from math import comb

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath import paytable_result
from lit_compliance.model import model_of
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view

N5 = comb(52, 5)
FIVE = {"four_of_a_kind": 624, "full_house": 3744, "flush": 5108, "straight": 10200, "three_of_a_kind": 54912}
# §13 table ("Table 1"): "4 of a Kind 300 for 1", "Full House 50 for 1", "Flush 40 for 1",
# "Straight 30 for 1", "3 of a Kind 9 for 1" (the royal and straight flush pay shares of the meter).
FOR_ONE = {"four_of_a_kind": 300, "full_house": 50, "flush": 40, "straight": 30, "three_of_a_kind": 9}
ENVY_STRAIGHT_FLUSH = 300  # Envy column, "Straight Flush 10% \$300"
ODDS_FINDING = "ma-progressive-for-odds-wording"
ENVY_FINDING = "ma-envy-bonus-silent"
VOID_FINDING = "ma-void-hands-wagers-silent"


@pytest.fixture(scope="module")
def massachusetts(catalogue):
    return catalogue.latest("massachusetts")


def _fixed_return(extra: int) -> Fraction:
    """Return per $1 from the fixed lines when a win hands back X + ``extra`` per unit."""
    return sum(Fraction(FIVE[h], N5) * (x + extra) for h, x in FOR_ONE.items())


def test_progressive_fixed_lines_are_the_printed_for_one_figures(massachusetts):
    (table,) = next(w for w in massachusetts.data["wagers"] if w["id"] == "progressive")["paytables"]
    fixed = {ln["hand"]: (ln["payout"]["kind"], ln["payout"]["value"]) for ln in table["lines"]
             if ln["payout"]["kind"] != "percent_of_meter"}
    assert fixed == {h: ("for_one", x) for h, x in FOR_ONE.items()}


def test_progressive_pays_for_one_as_printed_by_default(massachusetts):
    got = paytable_result(massachusetts, "progressive", "table-1")
    assert (ODDS_FINDING, "for-one-as-printed") in {(r.finding, r.reading) for r in got.readings}
    assert got.side.meter.without_meter == pytest.approx(float(_fixed_return(0)), abs=1e-15)
    out = CliRunner().invoke(main, ["analyze", "massachusetts", "--wager", "progressive", "--format", "json"])
    assert out.exit_code == 0, out.output
    (printed,) = json.loads(out.output)["results"]
    assert printed["details"]["rtp_without_meter"] == pytest.approx(float(_fixed_return(0)), abs=1e-15)
    assert [a["reading"] for a in printed["alternatives"] if a["finding"] == ODDS_FINDING] == ["to-one"]


def test_progressive_pays_one_unit_more_per_win_under_the_to_one_reading(massachusetts):
    default = paytable_result(massachusetts, "progressive", "table-1")
    alt = paytable_result(model_of(massachusetts, {ODDS_FINDING: "to-one"}), "progressive", "table-1")
    assert (ODDS_FINDING, "to-one") in {(r.finding, r.reading) for r in alt.readings}
    assert alt.side.meter.without_meter == pytest.approx(float(_fixed_return(1)), abs=1e-15)
    # exactly the stake more on every fixed-line win; the meter lines are untouched
    assert _fixed_return(1) - _fixed_return(0) == Fraction(sum(FIVE.values()), N5)
    assert alt.side.meter.per_meter_dollar == default.side.meter.per_meter_dollar


def _settled(text: str, readings: str = "") -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text) + readings, "round.yaml")))


def _rows(v: dict, seat: int, wager: str) -> list[dict]:
    player = next(p for p in v["results"] if p["seat"] == seat)
    return [r for r in player["wagers"] if r["wager"] == wager]


FOUR_OF_A_KIND = """
    jurisdiction: massachusetts
    dealing_method: manual_shoe
    meter: {amount: 100000, reset: 10000}
    community: [9h, 9d]
    players:
      - {seat: 1, cards: [9s, 9c, 2d], bet: 5, decisions: {bet1: ride, bet2: ride}, side_wagers: {progressive: 1}}
    """


@pytest.mark.parametrize("reading,returned", [("for-one-as-printed", FOR_ONE["four_of_a_kind"]),
                                              ("to-one", FOR_ONE["four_of_a_kind"] + 1)])
def test_four_of_a_kind_progressive_is_settled_as_each_reading_says(reading, returned):
    v = _settled(FOUR_OF_A_KIND, f"readings: {{{ODDS_FINDING}: {reading}}}\n")
    (row,) = [r for r in _rows(v, 1, "progressive") if r["bet"] != "envy"]
    assert row["outcome"] == "win" and Fraction(row["stake"]) == 1 and Fraction(row["returned"]) == returned
    assert (ODDS_FINDING, reading) in {(g["finding"], g["reading"]) for g in v["readings"]}


TWO_STRAIGHT_FLUSHES = """
    jurisdiction: massachusetts
    dealing_method: manual_shoe
    meter: {amount: 100000, reset: 10000}
    community: [9h, 8h]
    players:
      - {seat: 1, cards: [2c, 3d, 4s], bet: 5, decisions: {bet1: pull, bet2: pull}, side_wagers: {progressive: 1}}
      - {seat: 2, cards: [7h, 6h, 5h], bet: 5, decisions: {bet1: ride, bet2: ride}}
      - {seat: 3, cards: [Th, Jh, Qh], bet: 5, decisions: {bet1: ride, bet2: ride}}
    """


def _envy(v: dict) -> list[dict]:
    return [r for r in _rows(v, 1, "progressive") if r["bet"] == "envy"]


def test_envy_is_paid_for_each_other_straight_flush_by_default():
    v = _settled(TWO_STRAIGHT_FLUSHES)
    rows = _envy(v)
    assert sorted(r["trigger_seat"] for r in rows) == [2, 3]
    assert all(Fraction(r["returned"]) == ENVY_STRAIGHT_FLUSH for r in rows)
    assert (ENVY_FINDING, "each-qualifying-hand") in {(g["finding"], g["reading"]) for g in v["readings"]}


def test_envy_is_paid_once_a_round_under_the_one_per_round_reading():
    v = _settled(TWO_STRAIGHT_FLUSHES, f"readings: {{{ENVY_FINDING}: one-per-round}}\n")
    (row,) = _envy(v)
    assert Fraction(row["returned"]) == ENVY_STRAIGHT_FLUSH
    assert (ENVY_FINDING, "one-per-round") in {(g["finding"], g["reading"]) for g in v["readings"]}


# --- void hands: §7(e)(2), §14(a), (c), (e) say "void" and nothing about the wagers ----------------

VOID_ROUND = """
    jurisdiction: massachusetts
    dealing_method: {method}
    meter: {{amount: 100000, reset: 10000}}
    community: [2c, 7d]
    irregularities: [{{irregularity: {event}}}]
    players:
      - {{seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {{bet1: ride, bet2: pull}},
         side_wagers: {{progressive: 1}}}}
    """
VOID_EVENTS = [
    ("multiple_cards_face_up_in_deck", "manual_shoe"),   # §14(a)
    ("wrong_card_count", "manual_shoe"),                 # §14(c)
    ("dealing_shoe_malfunction", "automated_shoe"),      # §14(e)
    ("stub_count_wrong_misdealt", "manual_shoe"),        # §7(e)(2)
    ("stub_count_wrong_not_misdealt", "manual_shoe"),    # §7(e)(2)
]


def test_every_silent_void_of_the_ruleset_is_under_test(massachusetts):
    silent = {i["event"] for i in massachusetts.data["irregularities"]
              if i["consequence"].get("wagers") == "not_stated"}
    assert silent == {e for e, _ in VOID_EVENTS}


@pytest.mark.parametrize("event,method", VOID_EVENTS, ids=[e for e, _ in VOID_EVENTS])
def test_void_hand_returns_every_wager_by_default(event, method):
    v = _settled(VOID_ROUND.format(event=event, method=method))
    rows = v["results"][0]["wagers"]
    assert {r["wager"] for r in rows} == {"base", "progressive"}
    assert all(r["outcome"] == "returned" and Fraction(r["returned"]) == Fraction(r["stake"]) for r in rows)
    assert (VOID_FINDING, "returned") in {(g["finding"], g["reading"]) for g in v["readings"]}


@pytest.mark.parametrize("event,method", VOID_EVENTS, ids=[e for e, _ in VOID_EVENTS])
def test_void_hand_leaves_every_wager_unsettled_under_the_literal_reading(event, method):
    v = _settled(VOID_ROUND.format(event=event, method=method), f"readings: {{{VOID_FINDING}: not-settled}}\n")
    rows = v["results"][0]["wagers"]
    assert rows and all(r["outcome"] == "unsettleable" and r["returned"] is None for r in rows)
    assert (VOID_FINDING, "not-settled") in {(g["finding"], g["reading"]) for g in v["readings"]}
