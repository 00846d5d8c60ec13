"""Hand-built rounds settled in every jurisdiction; each expected amount is worked out here from
the rule it comes from (the odds, amounts and citations are those of the bundled sources).

Payout semantics under test: "X to 1" returns the stake plus X times it; "X for 1" returns X times
the stake in all; a fixed amount is paid in all (the stake was collected); a percentage of the
meter is paid in all and taken off the meter.
"""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import money, settle, settlement_view

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rounds"


def settled(text: str) -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text), "round.yaml")))


ANY = object()


def rows(v: dict, seat: int, wager: str, bet=ANY) -> list[dict]:
    """A player's rows for a wager; ``bet`` None picks the wager itself (not its envy rows)."""
    player = next(p for p in v["results"] if p["seat"] == seat)
    return [r for r in player["wagers"] if r["wager"] == wager and (bet is ANY or r["bet"] == bet)]


def one(v: dict, seat: int, wager: str, bet: str | None = None) -> dict:
    found = rows(v, seat, wager, bet)
    assert len(found) == 1, found
    return found[0]


def amount(text: str | None) -> Fraction:
    assert text is not None
    return Fraction(text)


def assert_paid(row: dict, outcome: str, returned, stake) -> None:
    assert row["outcome"] == outcome
    assert amount(row["stake"]) == stake
    assert amount(row["returned"]) == returned
    assert amount(row["net"]) == Fraction(returned) - Fraction(stake)


# --- Tribal (Section 12) ------------------------------------------------------------------------

TRIBAL_PAYOUT = "Section 12(e)(2) [Payout Odds; printed (e), referred to as (l)]"
TRIBAL_BONUS = "Section 12(e)(4) [Payout Odds; printed (e), referred to as (l)]"


def test_tribal_full_house_pays_11_to_1_on_each_riding_bet_and_200_dollars_on_the_bonus():
    v = settled("""
        jurisdiction: tribal
        dealing_method: manual_shoe
        community: [Kh, 8d]
        players:
          - {seat: 1, cards: [Ks, Kd, 8c], bet: 10, decisions: {bet1: ride, bet2: ride},
             side_wagers: {five-card-bonus: 1}}
          - {seat: 2, cards: [2c, 5d, 9s], bet: 5, decisions: {bet1: pull, bet2: ride},
             side_wagers: {five-card-bonus: 1}}
          - {seat: 3, cards: [Tc, Td, 3s], bet: 5, decisions: {bet1: ride, bet2: pull}}
        """)
    for bet in ("bet1", "bet2", "bet3"):
        row = one(v, 1, "base", bet)
        assert_paid(row, "win", 10 + 11 * 10, 10)          # Full House 11 to 1
        assert row["cite"] == TRIBAL_PAYOUT and row["line"]["hand"] == "full_house"
    bonus = one(v, 1, "five-card-bonus")
    assert_paid(bonus, "win", 200, 1)                       # Full House $200 on the $1.00 wager
    assert bonus["cite"] == TRIBAL_BONUS
    # Seat 2: king high loses; bet 1 was withdrawn and comes back.
    assert_paid(one(v, 2, "base", "bet1"), "withdrawn", 5, 5)
    assert_paid(one(v, 2, "base", "bet2"), "lose", 0, 5)
    assert_paid(one(v, 2, "base", "bet3"), "lose", 0, 5)
    assert_paid(one(v, 2, "five-card-bonus"), "lose", 0, 1)
    # Seat 3: a pair of tens is the least winning hand, 1 to 1.
    assert_paid(one(v, 3, "base", "bet1"), "win", 10, 5)
    assert_paid(one(v, 3, "base", "bet2"), "withdrawn", 5, 5)
    assert_paid(one(v, 3, "base", "bet3"), "win", 10, 5)
    assert amount(v["results"][0]["net"]) == 3 * 110 + 199


def test_tribal_payout_limit_caps_the_base_bets_but_not_the_excluded_bonus_wager():
    v = settled("""
        jurisdiction: tribal
        payout_limit: 5000
        community: [Qs, Js]
        players:
          - {seat: 1, cards: [As, Ks, Ts], bet: 25, decisions: {bet1: ride, bet2: ride},
             side_wagers: {five-card-bonus: 1}}
        """)
    # Royal flush 1,000 to 1 on three $25 bets would win 75,000; the single-hand maximum of 5,000
    # (Section 12(l)(3)) applies to the base wagers only, taken in bet order.
    bet1, bet2, bet3 = (one(v, 1, "base", b) for b in ("bet1", "bet2", "bet3"))
    assert_paid(bet1, "win", 25 + 5000, 25)
    assert_paid(bet2, "win", 25, 25)
    assert_paid(bet3, "win", 25, 25)
    assert any("payout limit single-hand-maximum" in n for n in bet2["notes"])
    # The bonus wager is excluded from the limit: Royal Flush $25,000 in full.
    bonus = one(v, 1, "five-card-bonus")
    assert_paid(bonus, "win", 25000, 1)
    assert any("not subject to payout limit" in n for n in bonus["notes"])


def test_tribal_round_with_several_cards_face_up_is_void_and_returns_every_wager():
    v = settled("""
        jurisdiction: tribal
        irregularities: [multiple_cards_face_up_in_deck]
        community: [Qs]
        players:
          - {seat: 1, cards: [As, Ks, Ts], bet: 10, side_wagers: {five-card-bonus: 1}}
          - {seat: 2, cards: [2c, 5d], bet: 5}
        """)
    assert v["void"] is True
    assert v["irregularities"][0]["id"] == "several-cards-face-up"
    assert v["irregularities"][0]["cite"] == "Section 12(m)(1)"
    for p in v["results"]:
        assert p["status"] == "round_void"
        for r in p["wagers"]:
            assert r["outcome"] == "returned" and r["returned"] == r["stake"] and amount(r["net"]) == 0
            assert r["cite"] == "Section 12(m)(1)"
    assert amount(v["totals"]["staked"]) == amount(v["totals"]["returned"]) == 3 * 10 + 1 + 3 * 5


def test_tribal_stub_count_wrong_without_misdeal_voids_the_round():
    """Section 12(h)(5)(ii): not misdealt but the count is wrong: all hands void, deck removed."""
    v = settled("""
        jurisdiction: tribal
        irregularities: [stub_count_wrong_not_misdealt]
        community: [Qs, 9h]
        players:
          - {seat: 1, cards: [As, Ks, Ts], bet: 10}
        """)
    assert v["void"] is True
    assert v["irregularities"][0]["cite"] == "Section 12(h)(5)(ii)"
    for r in v["results"][0]["wagers"]:
        assert r["outcome"] == "returned" and amount(r["net"]) == 0


# --- Maryland (COMAR 36.05.18) ------------------------------------------------------------------


MARYLAND_ENVY = """
    jurisdiction: maryland
    dealing_method: manual_shoe
    paytables: {base: a, five-card-bonus: a, three-card-bonus: a, six-card-bonus: a, progressive: a}
    meter: {amount: 20000, reset: 1000}
    six_card_bonus_cards: [As, 4c, 2d]
    community: [9h, 8h]
    players:
      - {seat: 1, cards: [7h, 6h, 5h], bet: 10, decisions: {bet1: ride, bet2: ride},
         side_wagers: {three-card-bonus: 5, progressive: 1}}
      - {seat: 2, cards: [Qh, Jh, Th], bet: 10, decisions: {bet1: ride, bet2: pull},
         side_wagers: {progressive: 5}}
      - {seat: 3, cards: [Ac, Ad, 3c], bet: 5, decisions: {bet1: pull, bet2: ride},
         side_wagers: {five-card-bonus: 1, three-card-bonus: 1, six-card-bonus: 2, progressive: 1}}
    """


def test_maryland_base_and_three_five_six_card_bonuses_pay_paytable_a():
    v = settled(MARYLAND_ENVY)
    # Base Paytable A: straight flush 200 to 1 (.12A(1)(b)); pair of tens or better 1 to 1.
    assert_paid(one(v, 1, "base", "bet1"), "win", 10 + 200 * 10, 10)
    assert one(v, 1, "base", "bet1")["cite"] == "COMAR 36.05.18.12A(1)(b)"
    assert_paid(one(v, 3, "base", "bet1"), "withdrawn", 5, 5)
    assert_paid(one(v, 3, "base", "bet2"), "win", 10, 5)
    # Three Card Bonus Paytable A: straight flush 40 to 1; pair 1 to 1 (.12C(1)).
    assert_paid(one(v, 1, "three-card-bonus"), "win", 5 + 40 * 5, 5)
    assert_paid(one(v, 3, "three-card-bonus"), "win", 1 + 1, 1)
    # Five Card Bonus Paytable A: pair of tens or better $2 (.12B(1)), paid in all on the $1.
    assert_paid(one(v, 3, "five-card-bonus"), "win", 2, 1)
    # Six Card Bonus Paytable A on Ac Ad 3c + As 4c 2d: three aces, 5 to 1 (.12D(1)).
    six = one(v, 3, "six-card-bonus")
    assert six["hand"]["category"] == "three_of_a_kind"
    assert_paid(six, "win", 2 + 5 * 2, 2)


def test_maryland_progressive_pays_percent_of_the_meter_as_it_stands_when_each_winner_is_paid():
    v = settled(MARYLAND_ENVY)
    # Straight flush: 10% of the meter (.12E(1)(b)). Winners are paid counterclockwise from the
    # dealer's right (.11D(3)): seat 2 first (10% of 20,000), then seat 1 (10% of 18,000).
    assert v["payment_order"] == [3, 2, 1]
    assert_paid(one(v, 2, "progressive"), "win", 2000, 5)
    assert_paid(one(v, 1, "progressive"), "win", 1800, 1)
    assert amount(v["meter"]["after"]) == 20000 - 2000 - 1800
    assert [m["seat"] for m in v["meter"]["payments"]] == [2, 1]


def test_maryland_envy_pays_once_per_other_qualifying_hand_never_for_ones_own():
    v = settled(MARYLAND_ENVY)
    envy = lambda seat: [r for r in rows(v, seat, "progressive") if r["bet"] == "envy"]  # noqa: E731
    # Seat 3 ($1 wager) sees two other straight flushes: $300 each (.12I(1)(b)).
    third = envy(3)
    assert sorted(r["trigger_seat"] for r in third) == [1, 2]
    assert [amount(r["returned"]) for r in third] == [300, 300]
    # Seat 1 ($1) is paid for seat 2's hand only; seat 2 ($5) for seat 1's, at the $5 amount
    # (.12J(1)(b): $1,500).
    assert [(r["trigger_seat"], amount(r["returned"])) for r in envy(1)] == [(2, 300)]
    assert [(r["trigger_seat"], amount(r["returned"])) for r in envy(2)] == [(1, 1500)]
    assert envy(2)[0]["cite"] == "COMAR 36.05.18.12J(1)(b)"
    # The $1 progressive wager on a pair loses, envy aside.
    assert_paid(one(v, 3, "progressive"), "lose", 0, 1)


# A straight flush at seat 1 and a $2 progressive wager at seat 2: between the $1 and $5 envy tables.
ENVY_AT_A_2_DOLLAR_WAGER = """
        jurisdiction: maryland
        paytables: {base: a, progressive: a}
        meter: {amount: 5000}
        six_card_bonus_cards: [2s, 3s, 4d]
        community: [9h, 8h]
        players:
          - {seat: 1, cards: [7h, 6h, 5h], bet: 10, decisions: {bet1: ride, bet2: ride}}
          - {seat: 2, cards: [Ac, Kd, 3c], bet: 10, decisions: {bet1: pull, bet2: pull},
             side_wagers: {progressive: 2}}
        """


def test_maryland_envy_scales_with_a_wager_between_the_listed_stakes():
    v = settled(ENVY_AT_A_2_DOLLAR_WAGER)
    # envy.scales_with_stake: a $2 wager gets twice the $1 amount for a straight flush (2 x $300).
    envy = [r for r in rows(v, 2, "progressive") if r["bet"] == "envy"]
    assert [amount(r["returned"]) for r in envy] == [600]
    # No reset in the round file: the ruleset's least reset amount ($1,000, .12F) is used.
    assert any("1,000" in n for n in v["notes"])


def test_maryland_payout_limit_covers_base_and_side_wagers_together():
    v = settled("""
        jurisdiction: maryland
        dealing_method: automated_shoe
        paytables: {base: a, three-card-bonus: a}
        payout_limit: 10000
        six_card_bonus_cards: [2s, 3s, 4d]
        community: [9h, 8h]
        players:
          - {seat: 1, cards: [7h, 6h, 5h], bet: 20, decisions: {bet1: ride, bet2: ride},
             side_wagers: {three-card-bonus: 5}}
        """)
    # Uncapped: 3 x 200 x $20 = 12,000 base plus 40 x $5 = 200 three-card bonus. The operator's
    # limit (.02B(10)) covers every wager of the hand: 10,000 in all.
    wins = [amount(r["net"]) for r in v["results"][0]["wagers"]]
    assert wins == [4000, 4000, 2000, 0]
    assert amount(v["results"][0]["net"]) == 10000


# --- Massachusetts (MGC LIR) --------------------------------------------------------------------


MASSACHUSETTS = """
    jurisdiction: massachusetts
    dealing_method: manual_shoe
    meter: {amount: 15000, reset: 1000}
    community: [Kh, 8d]
    players:
      - {seat: 1, cards: [Ks, Kd, 8c], bet: 10, decisions: {bet1: ride, bet2: ride},
         side_wagers: {cover-all: 5, progressive: 1}}
      - {seat: 2, cards: [2c, 5d, 9s], bet: 10, decisions: {bet1: pull, bet2: pull},
         side_wagers: {cover-all: 5, five-card-bonus: 1, three-card-bonus: 2}}
      - {seat: 3, cards: [4h, 4s, 7c], bet: 10, decisions: {bet1: ride, bet2: pull},
         side_wagers: {cover-all: 5, progressive: 1, three-card-bonus: 2}}
    """


def test_massachusetts_cover_all_pays_the_table_highest_hand_at_the_three_player_odds():
    v = settled(MASSACHUSETTS)
    # Highest hand at the table: seat 1's full house. Three players: full house 25 to 1 (§12(k)).
    assert v["table_highest"]["seat"] == 1
    for seat in (1, 2, 3):
        row = one(v, seat, "cover-all")
        assert row["paytable"] == "players-3"
        assert_paid(row, "win", 5 + 25 * 5, 5)
        assert row["cite"] == "MGC LIR §12(k)"


def test_massachusetts_progressive_pays_for_one_and_base_without_paytable_is_unsettleable():
    v = settled(MASSACHUSETTS)
    # Table 1: full house 50 for 1 -- $50 in all on the $1 wager (§13).
    assert_paid(one(v, 1, "progressive"), "win", 50, 1)
    assert_paid(one(v, 3, "progressive"), "lose", 0, 1)
    # §11(b) announces the base paytable but prints none: a qualifying hand cannot be settled...
    base = one(v, 1, "base", "bet1")
    assert base["outcome"] == "unsettleable" and base["returned"] is None
    assert "ma-11b-base-paytable-missing" in base["findings"]
    # ... while a hand below a pair of tens loses (§10(g)(2)).
    assert_paid(one(v, 2, "base", "bet3"), "lose", 0, 10)
    assert one(v, 2, "base", "bet3")["cite"] == "MGC LIR §10(g)(2)"
    assert_paid(one(v, 3, "base", "bet1"), "lose", 0, 10)
    # Seat 1's three base bets and seat 3's three card bonus (below) cannot be settled.
    assert v["totals"]["unsettleable"] == 4


def test_massachusetts_bonus_wagers_without_schedules_lose_below_their_least_hand():
    v = settled(MASSACHUSETTS)
    # Bonus wager: least winning hand three of a kind (§6a(a)); three card bonus: a pair (§6b(a)).
    assert_paid(one(v, 2, "five-card-bonus"), "lose", 0, 1)
    assert_paid(one(v, 2, "three-card-bonus"), "lose", 0, 2)
    # Seat 3 holds a pair in its three cards: a winner, but §11(e) prints no table.
    three = one(v, 3, "three-card-bonus")
    assert three["outcome"] == "unsettleable"
    assert "ma-11e-three-card-tables-missing" in three["findings"]


# --- New South Wales ----------------------------------------------------------------------------


def test_nsw_three_of_a_kind_pays_3_to_1_and_a_straight_is_unsettleable():
    v = settled("""
        jurisdiction: nsw
        community: [Th, 7d]
        players:
          - {seat: 1, cards: [Tc, Ts, 2d], bet: 10, decisions: {bet1: ride, bet2: ride}}
          - {seat: 2, cards: [Kd, Qd, 3c], bet: 10, decisions: {bet1: pull, bet2: pull}}
          - {seat: 3, cards: [9c, 8s, 6c], bet: 10, decisions: {bet1: ride, bet2: pull}}
        """)
    assert v["dealing_method"] == "card_shoe"
    for bet in ("bet1", "bet2", "bet3"):
        assert_paid(one(v, 1, "base", bet), "win", 10 + 3 * 10, 10)   # three of a kind 3 to 1 (r 10.1)
    assert_paid(one(v, 2, "base", "bet3"), "lose", 0, 10)
    straight = one(v, 3, "base", "bet1")
    assert straight["outcome"] == "unsettleable"
    assert straight["findings"] == ["nsw-r10-1-straight-odds-missing"]
    assert_paid(one(v, 3, "base", "bet2"), "withdrawn", 10, 10)


def test_nsw_absent_players_void_one_hand_or_let_it_ride():
    v = settled("""
        jurisdiction: nsw
        irregularities:
          - {irregularity: player_absent_cards_unviewed, seat: 2}
          - {irregularity: absent-player-cards-viewed, seat: 3}
        community: [Th, 7d]
        players:
          - {seat: 1, cards: [Tc, Ts, 2d], bet: 10, decisions: {bet1: ride, bet2: ride}}
          - {seat: 2, cards: [Kd, Qd, 3c], bet: 25}
          - {seat: 3, cards: [Jc, Js, 2c], bet: 10, decisions: {bet1: pull, bet2: pull}}
        """)
    assert v["void"] is False
    # r 12.12: the hand becomes void and the wager is returned.
    assert all(r["outcome"] == "returned" and r["returned"] == "25.00" for r in rows(v, 2, "base"))
    # r 12.13: the absent player's bets are treated as let it ride: pair of jacks 1 to 1 on all three.
    assert [amount(r["net"]) for r in rows(v, 3, "base")] == [10, 10, 10]


# --- South Dakota -------------------------------------------------------------------------------


SOUTH_DAKOTA = """
    jurisdiction: south-dakota
    dealing_method: hand
    paytables: {base: a, five-card-bonus: b, three-card-bonus: a, progressive: pmg-01}
    meter: {amount: 50000, reset: 5000}
    community: [Qs, Js]
    players:
      - {seat: 1, cards: [As, Ks, Ts], bet: 5, decisions: {bet1: ride, bet2: ride},
         side_wagers: {three-card-bonus: 5, progressive: 1}}
      - {seat: 2, cards: [Qd, Qc, 4c], bet: 5, decisions: {bet1: ride, bet2: ride},
         side_wagers: {five-card-bonus: 5, progressive: 1}}
      - {seat: 3, cards: [Ah, Kh, Qh], bet: 5, decisions: {bet1: ride, bet2: ride},
         side_wagers: {three-card-bonus: 1, progressive: 1}}
    """


def test_south_dakota_royal_flush_takes_the_meter_and_resets_it():
    v = settled(SOUTH_DAKOTA)
    # Basic game alternative A: royal flush 500 to 1.
    assert_paid(one(v, 1, "base", "bet3"), "win", 5 + 500 * 5, 5)
    # PMG-01: royal flush 100% of the meter; the meter falls to 0 and is reset to 5,000.
    assert_paid(one(v, 1, "progressive"), "win", 50000, 1)
    assert v["meter"]["payments"][0]["reset"] is True
    assert amount(v["meter"]["after"]) == 5000


def test_south_dakota_side_wagers_and_envy():
    v = settled(SOUTH_DAKOTA)
    # Bonus bet alternative B: three of a kind 8 to 1.
    assert_paid(one(v, 2, "five-card-bonus"), "win", 5 + 8 * 5, 5)
    # PMG-01: three of a kind 9 for 1, $9 in all on the $1 wager.
    assert_paid(one(v, 2, "progressive"), "win", 9, 1)
    # Envy for seat 1's royal flush: $1,000 on the $1 wager, to seats 2 and 3 (not seat 1).
    envy = {s: [r for r in rows(v, s, "progressive") if r["bet"] == "envy"] for s in (1, 2, 3)}
    assert envy[1] == []
    assert [amount(r["returned"]) for r in envy[2]] == [1000]
    assert [amount(r["returned"]) for r in envy[3]] == [1000]
    # Three card bonus alternative A: A-K-Q suited flush 4 to 1 for seat 1 (As Ks Ts is a flush).
    assert_paid(one(v, 1, "three-card-bonus"), "win", 5 + 4 * 5, 5)


def _sd_straight_flush_odds() -> Fraction:
    """Alternative A's three-card straight flush figure, read from the ruleset (not typed here)."""
    from lit_compliance.load.catalogue import Catalogue

    wager = next(w for w in Catalogue.bundled().latest("south-dakota").data["wagers"] if w["id"] == "three-card-bonus")
    table = next(t for t in wager["paytables"] if t["id"] == "a")
    line = next(ln for ln in table["lines"] if ln["hand"] == "straight_flush")
    assert line["payout"]["kind"] == "to_one"
    return Fraction(line["payout"]["value"])


def test_south_dakota_dashed_mini_royal_falls_through_to_the_straight_flush_by_default():
    """Reading sd-three-card-mini-royal-dashes/falls-through: a suited A-K-Q on Alternative A is a straight flush."""
    v = settled(SOUTH_DAKOTA)
    row = one(v, 3, "three-card-bonus")
    assert row["line"]["hand"] == "straight_flush"
    assert_paid(row, "win", 1 + _sd_straight_flush_odds(), 1)
    assert {"finding": "sd-three-card-mini-royal-dashes", "reading": "falls-through"} in [
        {k: g[k] for k in ("finding", "reading")} for g in row["readings"]]
    assert ("sd-three-card-mini-royal-dashes", "falls-through") in {(g["finding"], g["reading"]) for g in v["readings"]}


def test_south_dakota_dashed_mini_royal_pays_nothing_under_the_literal_reading():
    """Reading sd-three-card-mini-royal-dashes/pays-nothing, chosen in the round file."""
    v = settled(SOUTH_DAKOTA.rstrip() + "\n    readings: {sd-three-card-mini-royal-dashes: pays-nothing}\n")
    row = one(v, 3, "three-card-bonus")
    assert row["line"]["hand"] == "mini_royal" and row["line"]["payout"]["kind"] == "not_offered"
    assert_paid(row, "lose", 0, 1)
    assert row["findings"] == ["sd-three-card-mini-royal-dashes"]
    # the chosen reading, and the default one of the other finding that concerns these paytables
    assert [g["reading"] for g in row["readings"]] == ["pays-nothing", "three-card-bonus-not-collected"]


def test_south_dakota_blank_two_pair_cell_makes_the_bonus_unsettleable():
    v = settled("""
        jurisdiction: south-dakota
        paytables: {base: b, five-card-bonus: a}
        community: [Qs, 4d]
        players:
          - {seat: 1, cards: [Qd, 4c, 9s], bet: 5, decisions: {bet1: ride, bet2: ride},
             side_wagers: {five-card-bonus: 5}}
        """)
    # Basic game alternative B: two pair 2 to 1.
    assert_paid(one(v, 1, "base", "bet1"), "win", 5 + 2 * 5, 5)
    bonus = one(v, 1, "five-card-bonus")
    assert bonus["outcome"] == "unsettleable"
    assert bonus["findings"] == ["sd-bonus-two-pairs-cells-blank"]


# --- output and CLI -----------------------------------------------------------------------------


def test_money_is_exact_and_printed_half_up_to_the_cent():
    assert money(Fraction(1, 3)) == "0.33"
    assert money(Fraction(1, 200)) == "0.01"
    assert money(Fraction(-5)) == "-5.00"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.*")), ids=lambda p: p.name)
def test_every_example_round_settles_from_the_command_line(path):
    result = CliRunner().invoke(main, ["settle", str(path), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.output)
    assert result.exit_code == (1 if data["totals"]["unsettleable"] else 0)
    text = CliRunner().invoke(main, ["settle", str(path)])
    assert text.exit_code == result.exit_code
    assert f"({data['ruleset']})" in text.output


def test_settle_output_is_byte_identical_across_runs():
    path = str(EXAMPLES / "maryland-progressive-envy.yaml")
    first = CliRunner().invoke(main, ["settle", path, "--format", "json"]).output
    second = CliRunner().invoke(main, ["settle", path, "--format", "json"]).output
    assert first == second


def test_every_jurisdiction_has_an_example_round(catalogue):
    covered = set()
    for path in EXAMPLES.glob("*.*"):
        data = json.loads(CliRunner().invoke(main, ["settle", str(path), "--format", "json"]).output)
        covered.add(data["ruleset"].split("@")[0])
    assert covered == set(catalogue.jurisdictions)


# --- behaviour follows the ruleset's data, not the jurisdiction -----------------------------------


def _variant(catalogue, jid: str, change) -> "Catalogue":
    """A catalogue holding a copy of ``jid``'s ruleset with ``change`` applied to its data."""
    import copy

    from lit_compliance.load.catalogue import Catalogue, Ruleset

    rs = catalogue.latest(jid)
    data = copy.deepcopy(rs.data)
    change(data)
    return Catalogue([Ruleset(data, rs.path, rs.document)])


def _settled_with(cat, text: str) -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text), "round.yaml", catalogue=cat)))


def test_envy_once_per_round_and_for_own_hand_when_the_ruleset_says_so(catalogue):
    def change(data):
        envy = next(w for w in data["wagers"] if w["id"] == "progressive")["envy"]
        envy["per_qualifying_hand"] = False
        envy["own_hand_pays"] = True

    v = _settled_with(_variant(catalogue, "maryland", change), MARYLAND_ENVY)
    envy = [r for r in rows(v, 1, "progressive") if r["bet"] == "envy"]
    # Seat 1's own straight flush now counts, but only one envy bonus is paid in the round.
    assert len(envy) == 1 and amount(envy[0]["returned"]) == 300


def test_envy_without_scaling_cannot_be_settled_for_an_unlisted_stake(catalogue):
    def change(data):
        next(w for w in data["wagers"] if w["id"] == "progressive")["envy"]["scales_with_stake"] = False

    v = _settled_with(_variant(catalogue, "maryland", change), ENVY_AT_A_2_DOLLAR_WAGER)
    (envy,) = [r for r in rows(v, 2, "progressive") if r["bet"] == "envy"]
    assert envy["outcome"] == "unsettleable" and envy["returned"] is None


def test_irregularity_the_ruleset_does_not_address_is_reported_and_the_round_settled_as_dealt():
    v = settled("""
        jurisdiction: tribal
        irregularities: [community_card_exposed_early]
        community: [Kh, Qh]
        players:
          - {seat: 1, cards: [Kc, 2c, 3c], bet: 10, decisions: {bet1: ride, bet2: ride}}
        """)
    assert v["void"] is False
    assert v["irregularities"][0]["text"] == "not addressed by this ruleset"
    assert [amount(r["net"]) for r in rows(v, 1, "base")] == [10, 10, 10]   # pair of kings, 1 to 1
