"""NSW Let It Ride rules: every reading of every open finding, settled or priced.

Each test settles (play) or prices (gamemath) under one reading and checks the result moves the way
the reading's ``meaning`` says; the default's figures are checked against what the catalogue prints
(``analyze --format json``). Expected figures come from the ruleset's printed odds and textbook
five-card counts, never from the program's output.
"""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from math import comb

import pytest
from click.testing import CliRunner

from lit_compliance.model.vocabulary import hand_name
from lit_compliance.cli import main
from lit_compliance.report.priced_json import alternative_json
from lit_compliance.gamemath import paytable_result
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view

SHORT_HAND = "nsw-r12-7-truncated"
VOID_ROUND = "nsw-r13-2-void-round-wagers-silent"
OR_BETTER = "nsw-r10-1-pair-of-10s-or-better-label"
LOST = ("two_pair", "straight", "full_house", "straight_flush")

N5 = comb(52, 5)
# Five-card hand counts (textbook): category -> number of the 2,598,960 hands.
FIVE = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
    "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
    "pair_tens_or_better": 5 * comb(4, 2) * comb(12, 3) * 4 ** 3,   # a pair of tens, jacks, queens, kings or aces
}


@pytest.fixture(scope="module")
def nsw(catalogue):
    return catalogue.latest("nsw")


def _settled(text: str, reading: str | None = None) -> dict:
    text = textwrap.dedent(text)
    if reading:
        text += f"readings: {{{reading}}}\n"
    return settlement_view(settle(load_round_text(text, "round.yaml")))


def _seat(v: dict, seat: int) -> dict:
    return next(p for p in v["results"] if p["seat"] == seat)


def _applied(v: dict) -> set:
    return {(g["finding"], g["reading"]) for g in v["readings"]}


def _printed(nsw) -> dict:
    (table,) = next(w for w in nsw.data["wagers"] if w["id"] == "base")["paytables"]
    return {ln["hand"]: ln["payout"] for ln in table["lines"]}


# --- r 12.7: "A player's hand containing too few cards or too many cards shall be declared" ---------

SHORT_HAND_ROUND = """
    jurisdiction: nsw
    community: [2c, 7d]
    irregularities: [{irregularity: player-hand-wrong-count, seat: 1}]
    players:
      - {seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {bet1: ride, bet2: ride}}
      - {seat: 2, cards: [Qs, Qd, 9c], bet: 5, decisions: {bet1: ride, bet2: ride}}
    """


def _seat_two_paid_as_dealt(v: dict, nsw) -> None:
    """Seat 2 holds queens: each of the three bets is paid at the pair of 10s or better odds."""
    pays = _printed(nsw)["pair_tens_or_better"]["value"]
    two = _seat(v, 2)
    assert two["status"] == "played"
    assert [(r["outcome"], Fraction(r["returned"])) for r in two["wagers"]] == [("win", 5 + 5 * pays)] * 3


def test_nsw_r12_7_by_default_only_the_short_hand_is_void_and_its_wagers_returned(nsw):
    v = _settled(SHORT_HAND_ROUND)
    assert (SHORT_HAND, "void-and-returned") in _applied(v)
    one = _seat(v, 1)
    assert one["status"] == "hand_void"
    assert [(r["outcome"], Fraction(r["returned"])) for r in one["wagers"]] == [("returned", 5)] * 3
    _seat_two_paid_as_dealt(v, nsw)


def test_nsw_r12_7_misdeal_reading_voids_every_hand(nsw):
    v = _settled(SHORT_HAND_ROUND, f"{SHORT_HAND}: misdeal")
    assert (SHORT_HAND, "misdeal") in _applied(v)
    assert v["void"] and {p["status"] for p in v["results"]} == {"round_void"}
    assert all(r["outcome"] == "returned" and Fraction(r["returned"]) == 5
               for p in v["results"] for r in p["wagers"])


def test_nsw_r12_7_dead_hand_reading_loses_the_short_hands_wagers_only(nsw):
    v = _settled(SHORT_HAND_ROUND, f"{SHORT_HAND}: dead-wagers-lost")
    assert (SHORT_HAND, "dead-wagers-lost") in _applied(v)
    one = _seat(v, 1)
    assert one["status"] == "hand_dead"
    assert [(r["outcome"], Fraction(r["returned"]), Fraction(r["net"])) for r in one["wagers"]] == [("lose", 0, -5)] * 3
    assert not v["void"]
    _seat_two_paid_as_dealt(v, nsw)


def test_nsw_r12_7_dead_hand_needs_no_decisions_and_is_named_in_the_text_output(tmp_path):
    round_file = tmp_path / "round.yaml"
    round_file.write_text(textwrap.dedent("""
        jurisdiction: nsw
        community: [2c, 7d]
        irregularities: [{irregularity: player-hand-wrong-count, seat: 1}]
        readings: {nsw-r12-7-truncated: dead-wagers-lost}
        players:
          - {seat: 1, cards: [As, Kd], bet: 5}
          - {seat: 2, cards: [Qs, Qd, 9c], bet: 5, decisions: {bet1: ride, bet2: ride}}
        """))
    out = CliRunner().invoke(main, ["settle", str(round_file)])
    assert out.exit_code == 0, out.output
    assert "HAND DEAD" in out.output and "that player's wagers lose" in out.output


# --- r 13.2.1: "that round of play shall be declared void" ------------------------------------------

VOID_ROUND_FILE = """
    jurisdiction: nsw
    dealing_method: shuffler_stacks
    community: [2c, 7d]
    irregularities: [{irregularity: shuffler-unusable-mid-round}]
    players:
      - {seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {bet1: ride, bet2: ride}}
    """


def test_nsw_r13_2_void_round_returns_every_wager_by_default():
    v = _settled(VOID_ROUND_FILE)
    assert (VOID_ROUND, "returned") in _applied(v)
    rows = _seat(v, 1)["wagers"]
    assert rows and all(r["outcome"] == "returned" and Fraction(r["returned"]) == 5 for r in rows)


def test_nsw_r13_2_void_round_leaves_the_wagers_unsettled_under_not_settled():
    v = _settled(VOID_ROUND_FILE, f"{VOID_ROUND}: not-settled")
    assert (VOID_ROUND, "not-settled") in _applied(v)
    rows = _seat(v, 1)["wagers"]
    assert rows and all(r["outcome"] == "unsettleable" and r["returned"] is None for r in rows)


# --- r 10.1: "A Pair of 10s or better | 1 to 1" above rows whose odds were lost ---------------------

TWO_PAIR_ROUND = """
    jurisdiction: nsw
    community: [Kc, 7d]
    players:
      - {seat: 1, cards: [Ks, 7h, 9h], bet: 5, decisions: {bet1: ride, bet2: pull}}
    """


def test_nsw_r10_1_own_rows_leave_the_lost_odds_unpriced_by_default(nsw):
    printed = _printed(nsw)
    assert [h for h in LOST if printed[h]["value"] is None] == list(LOST)
    got = paytable_result(nsw, "base", "settlement-odds")
    assert (OR_BETTER, "own-rows") in {(r.finding, r.reading) for r in got.readings}
    assert got.return_to_player is None
    out = CliRunner().invoke(main, ["analyze", "nsw", "--wager", "base", "--format", "json", "--no-strategy"])
    (row,) = json.loads(out.output)["results"]
    assert row["status"] == "incomplete" and row["return_to_player"] is None
    assert all(hand_name(h) in row["note"] for h in LOST)  # each lost hand named in the note
    # a two pair cannot be settled: its odds are lost
    rows = _seat(_settled(TWO_PAIR_ROUND), 1)["wagers"]
    assert [r["outcome"] for r in rows] == ["unsettleable", "withdrawn", "unsettleable"]


def test_nsw_r10_1_or_better_reading_pays_the_lost_rows_at_1_to_1(nsw):
    printed = _printed(nsw)
    even = printed["pair_tens_or_better"]["value"]
    rows = _seat(_settled(TWO_PAIR_ROUND, f"{OR_BETTER}: or-better-covers-lost-rows"), 1)["wagers"]
    assert [(r["outcome"], Fraction(r["returned"])) for r in rows] == \
        [("win", 5 + 5 * even), ("withdrawn", 5), ("win", 5 + 5 * even)]


def test_nsw_r10_1_or_better_reading_prices_the_game(nsw):
    printed = _printed(nsw)
    pays = {h: Fraction(even if (even := printed[h]["value"]) is not None else printed["pair_tens_or_better"]["value"])
            for h in printed}
    (alt,) = [alternative_json(a) for a in paytable_result(nsw, "base", "settlement-odds").alternatives
              if (a.reading.finding, a.reading.reading) == (OR_BETTER, "or-better-covers-lost-rows")]
    assert alt["status"] == "exact"
    # every hand of a pair of 10s or better now pays: the hit frequency is the textbook share
    assert alt["hit_frequency"] == pytest.approx(sum(FIVE.values()) / N5, abs=1e-15)
    # bounds from the printed odds: the third bet always rides (expectation e5 per unit); an optimal
    # player's first two bets do no worse than riding or pulling them, and no better than perfect
    # knowledge of the final hand
    win = sum(Fraction(FIVE[h], N5) * pays[h] for h in FIVE)
    e5 = win - (1 - Fraction(sum(FIVE.values()), N5))
    edge = Fraction(alt["house_edge"])
    assert -(e5 + 2 * win) - Fraction(1, 10**12) <= edge <= -(e5 + 2 * max(e5, Fraction(0))) + Fraction(1, 10**12)
