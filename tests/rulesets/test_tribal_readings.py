"""Tribal Section 12: every reading of every finding prices or settles the way its meaning says.

Expected figures are worked out here from the amounts printed in sources/tribal-section-12.txt
((l)(4), printed "(e)(4)") and textbook five-card counts, never copied from the program's output.
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
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view

N5 = comb(52, 5)
# Five-card hands out of the 2,598,960 (textbook counts), for the hands the bonus table lists.
FIVE = {"royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744,
        "flush": 5108, "straight": 10200, "three_of_a_kind": 54912}
# Section 12(e)(4) [Payout Odds; printed (e), referred to as (l)]: "no less than the following
# monetary amounts" on the $1.00 chip of (g)(2).
BONUS = {"royal_flush": 25000, "straight_flush": 2500, "four_of_a_kind": 400, "full_house": 200,
         "flush": 50, "straight": 25, "three_of_a_kind": 5}
STAKE_FINDING = "bonus-payout-stake-return-unclear"
VOID_FINDING = "void-hands-wagers-silent"


@pytest.fixture(scope="module")
def tribal(catalogue):
    return catalogue.latest("tribal")


def _bonus_return(extra: int) -> Fraction:
    """Return per $1.00 bonus wager when a win hands back the printed amount plus ``extra``."""
    return sum(Fraction(FIVE[h], N5) * (BONUS[h] + extra) for h in BONUS)


def _analyze_bonus() -> dict:
    out = CliRunner().invoke(main, ["analyze", "tribal", "--wager", "five-card-bonus", "--format", "json"])
    assert out.exit_code == 0, out.output
    (result,) = json.loads(out.output)["results"]
    return result


def test_bonus_amounts_in_the_ruleset_are_the_printed_ones(tribal):
    bonus = next(w for w in tribal.data["wagers"] if w["id"] == "five-card-bonus")
    (table,) = bonus["paytables"]
    assert {ln["hand"]: (ln["payout"]["kind"], ln["payout"]["value"]) for ln in table["lines"]} == \
        {h: ("fixed_amount", a) for h, a in BONUS.items()}


def test_bonus_pays_the_printed_amount_in_all_by_default(tribal):
    got = paytable_result(tribal, "five-card-bonus", "bonus-payout")
    assert (STAKE_FINDING, "amount-in-all") in {(r.finding, r.reading) for r in got.readings}
    assert got.return_to_player == _bonus_return(0)
    # and the catalogue prints that figure
    printed = _analyze_bonus()
    assert Fraction(printed["exact"]["return_to_player"]) == _bonus_return(0)
    assert [r["reading"] for r in printed["readings"] if r["finding"] == STAKE_FINDING] == ["amount-in-all"]


def test_bonus_returns_the_chip_as_well_under_the_amount_plus_stake_reading(tribal):
    got = paytable_result(tribal, "five-card-bonus", "bonus-payout")
    (alt,) = [alternative_json(a) for a in got.alternatives
              if (a.reading.finding, a.reading.reading) == (STAKE_FINDING, "amount-plus-stake")]
    assert alt["return_to_player"] == pytest.approx(float(_bonus_return(1)), abs=1e-15)
    # the difference is exactly the $1.00 chip on every winning hand (three of a kind or better)
    hit = Fraction(sum(FIVE.values()), N5)
    assert _bonus_return(1) - _bonus_return(0) == hit
    assert alt["hit_frequency"] == pytest.approx(float(hit), abs=1e-15)


BONUS_ROUND = """
    jurisdiction: tribal
    dealing_method: manual_shoe
    community: [Qh, 4d]
    players:
      - {seat: 1, cards: [Qs, Qd, 8c], bet: 5, decisions: {bet1: ride, bet2: ride},
         side_wagers: {five-card-bonus: 1}}
    """


def _settled(text: str, readings: str = "") -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text) + readings, "round.yaml")))


def _rows(v: dict, wager: str) -> list[dict]:
    return [r for r in v["results"][0]["wagers"] if r["wager"] == wager]


@pytest.mark.parametrize("reading,returned", [("amount-in-all", BONUS["three_of_a_kind"]),
                                              ("amount-plus-stake", BONUS["three_of_a_kind"] + 1)])
def test_three_of_a_kind_bonus_is_settled_as_each_reading_says(reading, returned):
    v = _settled(BONUS_ROUND, f"readings: {{{STAKE_FINDING}: {reading}}}\n")
    (bonus,) = _rows(v, "five-card-bonus")
    assert bonus["outcome"] == "win"
    assert Fraction(bonus["stake"]) == 1 and Fraction(bonus["returned"]) == returned
    # the base bets do not depend on the reading: three of a kind pays 3 to 1 on each $5 bet
    for row in _rows(v, "base"):
        assert row["outcome"] == "win" and Fraction(row["returned"]) == 5 + 3 * 5
    assert (STAKE_FINDING, reading) in {(g["finding"], g["reading"]) for g in v["readings"]}


# --- void hands: (h)(5)(ii), (m)(1), (m)(3), (m)(5) say "void" and nothing about the wagers -------

VOID_ROUND = """
    jurisdiction: tribal
    dealing_method: {method}
    community: [2c, 7d]
    irregularities: [{{irregularity: {event}}}]
    players:
      - {{seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {{bet1: ride, bet2: pull}},
         side_wagers: {{five-card-bonus: 1}}}}
    """
VOID_EVENTS = [  # every irregularity whose consequence is written with wagers: not_stated
    ("multiple_cards_face_up_in_deck", "manual_shoe"),   # Section 12(m)(1)
    ("wrong_card_count", "manual_shoe"),                 # Section 12(m)(3)
    ("dealing_shoe_malfunction", "automated_shoe"),      # Section 12(m)(5)
    ("stub_count_wrong_misdealt", "manual_shoe"),        # Section 12(h)(5)(ii)
    ("stub_count_wrong_not_misdealt", "manual_shoe"),    # Section 12(h)(5)(ii)
]


def test_every_silent_void_of_the_ruleset_is_under_test(tribal):
    silent = {i["event"] for i in tribal.data["irregularities"] if i["consequence"].get("wagers") == "not_stated"}
    assert silent == {e for e, _ in VOID_EVENTS}


@pytest.mark.parametrize("event,method", VOID_EVENTS, ids=[e for e, _ in VOID_EVENTS])
def test_void_hand_returns_every_wager_by_default(event, method):
    v = _settled(VOID_ROUND.format(event=event, method=method))
    rows = v["results"][0]["wagers"]
    assert {r["wager"] for r in rows} == {"base", "five-card-bonus"}
    assert all(r["outcome"] == "returned" and Fraction(r["returned"]) == Fraction(r["stake"]) for r in rows)
    assert (VOID_FINDING, "returned") in {(g["finding"], g["reading"]) for g in v["readings"]}


@pytest.mark.parametrize("event,method", VOID_EVENTS, ids=[e for e, _ in VOID_EVENTS])
def test_void_hand_leaves_every_wager_unsettled_under_the_literal_reading(event, method):
    v = _settled(VOID_ROUND.format(event=event, method=method), f"readings: {{{VOID_FINDING}: not-settled}}\n")
    rows = v["results"][0]["wagers"]
    assert rows and all(r["outcome"] == "unsettleable" and r["returned"] is None for r in rows)
    assert (VOID_FINDING, "not-settled") in {(g["finding"], g["reading"]) for g in v["readings"]}
