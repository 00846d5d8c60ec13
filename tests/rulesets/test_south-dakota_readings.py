"""South Dakota ARSD 20:18:16:15.03: every reading of every open finding, priced or settled.

Each test prices (gamemath) or settles (play) under one reading and checks the result moves the way
the reading's ``meaning`` says; the default's figures are checked against those the catalogue
prints (``analyze --format json``). Expected figures are derived here: three-card hands by a direct
enumeration of the 22,100 hands written in this file, five-card hands from textbook counts, and the
odds from the ruleset's printed lines (which test_south-dakota.py checks against the source).
"""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.report.priced_json import alternative_json
from lit_compliance.gamemath import paytable_result
from lit_compliance.model import model_of
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view

MINI_ROYAL = "sd-three-card-mini-royal-dashes"
STAKE_BACK = "sd-side-bets-collected-before-deal"
SCHEDULE = "sd-progressive-schedule-choice-unstated"

N3 = comb(52, 3)
N5 = comb(52, 5)
# Five-card hand counts (textbook): category -> number of the 2,598,960 hands.
FIVE = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
    "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
}


@pytest.fixture(scope="module")
def sd(catalogue):
    return catalogue.latest("south-dakota")


def printed(sd, wager: str, table: str) -> dict:
    w = next(w for w in sd.data["wagers"] if w["id"] == wager)
    t = next(t for t in w["paytables"] if t["id"] == table)
    return {ln["hand"]: ln["payout"] for ln in t["lines"]}


def analyzed(wager: str, table: str) -> dict:
    out = CliRunner().invoke(main, ["analyze", "south-dakota", "--wager", wager, "--paytable", table,
                                    "--format", "json"])
    assert out.exit_code == 0, out.output
    (row,) = json.loads(out.output)["results"]
    return row


def alternative(result, finding: str, reading: str) -> dict:
    (alt,) = [a for a in result.alternatives if (a.reading.finding, a.reading.reading) == (finding, reading)]
    return alternative_json(alt)


def applied(result) -> set:
    return {(r.finding, r.reading) for r in result.readings}


# --- an independent three-card count (ranks 2..14, suits 0..3) --------------------------------------


def _three_card_class(cards) -> str | None:
    ranks = sorted(r for r, _ in cards)
    suited = len({s for _, s in cards}) == 1
    run = ranks[2] - ranks[0] == 2 and len(set(ranks)) == 3 or ranks == [2, 3, 14]
    if suited and ranks == [12, 13, 14]:
        return "suited_akq"
    if suited and run:
        return "straight_flush"
    if len(set(ranks)) == 1:
        return "three_of_a_kind"
    if run:
        return "straight"
    if suited:
        return "flush"
    if len(set(ranks)) == 2:
        return "pair"
    return None


def _three_card_counts() -> dict:
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    counts: dict = {}
    for hand in combinations(deck, 3):
        name = _three_card_class(hand)
        counts[name] = counts.get(name, 0) + 1
    return counts


THREE = _three_card_counts()


def test_the_independent_three_card_count_is_the_textbook_one():
    assert sum(THREE.values()) == N3
    assert (THREE["suited_akq"], THREE["straight_flush"], THREE["three_of_a_kind"]) == (4, 44, 52)
    assert (THREE["straight"], THREE["flush"], THREE["pair"]) == (720, 1096, 3744)


def _three_card_return(pays: dict, suited_akq_as: str | None) -> Fraction:
    """Return per unit staked; ``pays`` maps hand -> "to 1" odds; a suited A-K-Q pays as ``suited_akq_as``."""
    back = Fraction(0)
    for name, n in THREE.items():
        line = suited_akq_as if name == "suited_akq" else name
        if line is not None and line in pays:
            back += n * (pays[line] + 1)
    return back / N3


def _to_one(lines: dict) -> dict:
    return {h: Fraction(p["value"]) for h, p in lines.items() if p["kind"] == "to_one"}


# --- sd-three-card-mini-royal-dashes: "--" on Alternatives A-C ----------------------------------------


@pytest.mark.parametrize("table", ["a", "b", "c"])
def test_sd_9_three_card_dashes_fall_through_to_the_straight_flush_by_default(sd, table):
    lines = printed(sd, "three-card-bonus", table)
    assert lines["mini_royal"]["kind"] == "not_offered"
    got = paytable_result(sd, "three-card-bonus", table)
    assert (MINI_ROYAL, "falls-through") in applied(got)
    expected = _three_card_return(_to_one(lines), "straight_flush")
    assert got.return_to_player == expected
    # the catalogue prints the default's figures
    row = analyzed("three-card-bonus", table)
    assert Fraction(row["exact"]["return_to_player"]) == expected
    assert row["hit_frequency"] == pytest.approx(sum(n for k, n in THREE.items() if k) / N3, abs=1e-15)


@pytest.mark.parametrize("table", ["a", "b", "c"])
def test_sd_9_three_card_dashes_pay_nothing_for_a_suited_ace_king_queen_under_the_literal_reading(sd, table):
    pays = _to_one(printed(sd, "three-card-bonus", table))
    alt = alternative(paytable_result(sd, "three-card-bonus", table), MINI_ROYAL, "pays-nothing")
    expected = _three_card_return(pays, None)
    assert alt["return_to_player"] == pytest.approx(float(expected), abs=1e-15)
    # exactly the straight flush pay on the four suited A-K-Q hands is lost, and those hands stop hitting
    assert _three_card_return(pays, "straight_flush") - expected == Fraction(4 * (pays["straight_flush"] + 1), N3)
    assert alt["hit_frequency"] == pytest.approx((sum(n for k, n in THREE.items() if k) - 4) / N3, abs=1e-15)


@pytest.mark.parametrize("table", ["d", "e", "f"])
def test_sd_9_three_card_mini_royal_lines_d_to_f_are_untouched_by_the_dash_readings(sd, table):
    got = paytable_result(sd, "three-card-bonus", table)
    assert not any(f == MINI_ROYAL for f, _ in applied(got))
    assert printed(sd, "three-card-bonus", table)["mini_royal"]["value"] == 50


SD_MINI_ROYAL_ROUND = """
    jurisdiction: south-dakota
    dealing_method: hand
    paytables: {base: a, three-card-bonus: a}
    community: [2c, 7d]
    players:
      - {seat: 1, cards: [Ah, Kh, Qh], bet: 5, decisions: {bet1: pull, bet2: pull},
         side_wagers: {three-card-bonus: 2}}
    """


def _settled(text: str) -> dict:
    return settlement_view(settle(load_round_text(textwrap.dedent(text), "round.yaml")))


def _row(v: dict, seat: int, wager: str, bet=None, envy: bool = False) -> dict:
    player = next(p for p in v["results"] if p["seat"] == seat)
    found = [r for r in player["wagers"] if r["wager"] == wager and r["bet"] == ("envy" if envy else bet)]
    assert len(found) == 1, found
    return found[0]


def test_sd_9_settling_a_suited_ace_king_queen_on_alternative_a_pays_40_to_1_by_default(sd):
    sf = printed(sd, "three-card-bonus", "a")["straight_flush"]["value"]
    row = _row(_settled(SD_MINI_ROYAL_ROUND), 1, "three-card-bonus")
    assert row["outcome"] == "win" and Fraction(row["returned"]) == 2 + 2 * sf
    assert (MINI_ROYAL, "falls-through") in {(g["finding"], g["reading"]) for g in row["readings"]}


def test_sd_9_settling_a_suited_ace_king_queen_on_alternative_a_loses_under_pays_nothing():
    text = textwrap.dedent(SD_MINI_ROYAL_ROUND) + f"readings: {{{MINI_ROYAL}: pays-nothing}}\n"
    row = _row(_settled(text), 1, "three-card-bonus")
    assert row["outcome"] == "lose" and Fraction(row["returned"]) == 0


# --- sd-side-bets-collected-before-deal: "to 1" on a bet already in the chip tray --------------------


def _five_card_return(lines: dict, per_unit) -> Fraction | None:
    if any(p["value"] is None for p in lines.values()):
        return None
    return sum(Fraction(FIVE[h], N5) * per_unit(Fraction(p["value"])) for h, p in lines.items())


@pytest.mark.parametrize("table", ["b", "d"])
def test_sd_9_bonus_pays_to_one_with_the_stake_back_by_default(sd, table):
    lines = printed(sd, "five-card-bonus", table)
    expected = _five_card_return(lines, lambda x: x + 1)
    got = paytable_result(sd, "five-card-bonus", table)
    assert (STAKE_BACK, "to-one-as-printed") in applied(got)
    assert got.return_to_player == expected
    assert Fraction(analyzed("five-card-bonus", table)["exact"]["return_to_player"]) == expected


@pytest.mark.parametrize("table", ["b", "d"])
def test_sd_9_bonus_keeps_the_collected_stake_under_stake_kept(sd, table):
    lines = printed(sd, "five-card-bonus", table)
    alt = alternative(paytable_result(sd, "five-card-bonus", table), STAKE_BACK, "stake-kept")
    expected = _five_card_return(lines, lambda x: x)
    assert alt["return_to_player"] == pytest.approx(float(expected), abs=1e-15)
    # one stake less on every winning hand
    assert _five_card_return(lines, lambda x: x + 1) - expected == Fraction(sum(FIVE[h] for h in lines), N5)


SD_BONUS_ROUND = """
    jurisdiction: south-dakota
    dealing_method: hand
    paytables: {base: a, five-card-bonus: b}
    community: [Qs, Js]
    players:
      - {seat: 1, cards: [As, Ks, Ts], bet: 5, decisions: {bet1: ride, bet2: ride},
         side_wagers: {five-card-bonus: 2}}
    """


def test_sd_9_settling_a_bonus_royal_returns_the_stake_with_the_to_one_pay_by_default(sd):
    royal = printed(sd, "five-card-bonus", "b")["royal_flush"]["value"]
    row = _row(_settled(SD_BONUS_ROUND), 1, "five-card-bonus")
    assert row["outcome"] == "win" and Fraction(row["returned"]) == 2 + 2 * royal


def test_sd_9_settling_a_bonus_royal_keeps_the_stake_under_stake_kept(sd):
    royal = printed(sd, "five-card-bonus", "b")["royal_flush"]["value"]
    row = _row(_settled(textwrap.dedent(SD_BONUS_ROUND) + f"readings: {{{STAKE_BACK}: stake-kept}}\n"), 1, "five-card-bonus")
    assert row["outcome"] == "win" and Fraction(row["returned"]) == 2 * royal
    assert Fraction(row["net"]) == 2 * royal - 2


# --- sd-progressive-schedule-choice-unstated: LIRP-1 / PMG-01 ($1) / PMG-02 ($5) ---------------------


def _envy(sd, table: str) -> dict:
    w = next(w for w in sd.data["wagers"] if w["id"] == "progressive")
    t = next(t for t in w["paytables"] if t["id"] == table)
    return {ln["hand"]: ln["payout"]["value"] for ln in t["envy_lines"]}


SD_PROGRESSIVE_ROUND = """
    jurisdiction: south-dakota
    dealing_method: hand
    {tables}
    meter: {{amount: 20000, reset: 1000}}
    community: [Qs, Js]
    players:
      - {{seat: 1, cards: [As, Ks, Ts], bet: 5, decisions: {{bet1: ride, bet2: ride}},
         side_wagers: {{progressive: {royal}}}}}
      - {{seat: 2, cards: [Qd, Qc, 4h], bet: 5, decisions: {{bet1: ride, bet2: ride}},
         side_wagers: {{progressive: {other}}}}}
    """


def _progressive_round(tables: str, royal: int, other: int, reading: str | None = None) -> dict:
    text = textwrap.dedent(SD_PROGRESSIVE_ROUND.format(tables=tables, royal=royal, other=other))
    if reading:
        text += f"readings: {{{SCHEDULE}: {reading}}}\n"
    return settlement_view(settle(load_round_text(text, "round.yaml")))


def test_sd_10_the_operator_chooses_one_progressive_column_by_default(sd):
    from lit_compliance.load.strict_yaml import InputError

    model = model_of(sd)
    assert [t.id for t in model.wager("progressive").paytables] == ["lirp-1", "pmg-01", "pmg-02"]
    with pytest.raises(InputError, match="name the operator's paytable for progressive"):
        _progressive_round("paytables: {base: a}", 1, 1)
    # the $5 column is chosen: its envy amount is paid on a $5 wager
    v = _progressive_round("paytables: {base: a, progressive: pmg-02}", 5, 5)
    envy = _row(v, 2, "progressive", envy=True)
    assert Fraction(envy["returned"]) == _envy(sd, "pmg-02")["royal_flush"] == 5000
    assert (SCHEDULE, "operator-chooses") in {(g["finding"], g["reading"]) for g in envy["readings"]}
    # a chosen $1 column takes only $1 wagers
    with pytest.raises(InputError, match="pmg-01 of progressive is for a \\$1 wager"):
        _progressive_round("paytables: {base: a, progressive: pmg-01}", 5, 5)


def test_sd_10_the_column_follows_the_wager_amount_under_by_wager_amount(sd):
    model = model_of(sd, {SCHEDULE: "by-wager-amount"})
    (table,) = model.wager("progressive").paytables          # one schedule, nothing for the operator to choose
    assert model.sections["wagers"][3]["selection"]["rule"] == "fixed"
    # no paytable is named: the amounts wagered pick the envy column
    v = _progressive_round("paytables: {base: a}", 1, 5, "by-wager-amount")
    five = _row(v, 2, "progressive", envy=True)
    assert Fraction(five["returned"]) == _envy(sd, "pmg-02")["royal_flush"]
    assert (SCHEDULE, "by-wager-amount") in {(g["finding"], g["reading"]) for g in five["readings"]}
    v = _progressive_round("paytables: {base: a}", 5, 1, "by-wager-amount")
    assert Fraction(_row(v, 2, "progressive", envy=True)["returned"]) == _envy(sd, "pmg-01")["royal_flush"]
    # the meter pay and the "for 1" pays are the same in every column
    assert Fraction(_row(v, 1, "progressive")["returned"]) == 20000
    assert Fraction(_row(v, 2, "progressive")["returned"]) == 9


def test_sd_10_a_straight_flush_envy_is_the_column_of_the_wager_amount_under_by_wager_amount(sd):
    text = textwrap.dedent("""
        jurisdiction: south-dakota
        dealing_method: hand
        paytables: {base: a}
        meter: {amount: 20000, reset: 1000}
        community: [9s, 8s]
        players:
          - {seat: 1, cards: [7s, 6s, 5s], bet: 5, decisions: {bet1: ride, bet2: ride}, side_wagers: {progressive: 1}}
          - {seat: 2, cards: [Qd, Qc, 4h], bet: 5, decisions: {bet1: ride, bet2: ride}, side_wagers: {progressive: 5}}
        """) + f"readings: {{{SCHEDULE}: by-wager-amount}}\n"
    v = settlement_view(settle(load_round_text(text, "round.yaml")))
    assert Fraction(_row(v, 2, "progressive", envy=True)["returned"]) == _envy(sd, "pmg-02")["straight_flush"] == 1500
    assert Fraction(_row(v, 1, "progressive")["returned"]) == 2000   # 10% of the meter


# --- sd-bonus-two-pairs-cells-blank: two figures for four columns ---------------------------------

TWO_PAIRS = "sd-bonus-two-pairs-cells-blank"


def test_sd_9h_two_pairs_figures_sit_under_b_and_d_by_default(sd):
    lines = {t: printed(sd, "five-card-bonus", t) for t in "abcd"}
    assert [lines[t]["two_pair"]["value"] for t in "abcd"] == [None, 4, None, 5]
    for t in "bd":
        got = paytable_result(sd, "five-card-bonus", t)
        assert (TWO_PAIRS, "by-position") in applied(got)
        assert got.return_to_player == _five_card_return(lines[t], lambda x: x + 1)
    for t in "ac":
        assert paytable_result(sd, "five-card-bonus", t).return_to_player is None


def test_sd_9h_two_pairs_figures_belong_to_a_and_b_under_first_two_columns(sd):
    printed_b = printed(sd, "five-card-bonus", "b")
    four, five = printed_b["two_pair"]["value"], printed(sd, "five-card-bonus", "d")["two_pair"]["value"]
    for table, two_pair in (("a", four), ("b", five)):
        lines = dict(printed(sd, "five-card-bonus", table))
        lines["two_pair"] = {"kind": "to_one", "value": two_pair}
        alt = alternative(paytable_result(sd, "five-card-bonus", table), TWO_PAIRS, "first-two-columns")
        assert alt["return_to_player"] == pytest.approx(float(_five_card_return(lines, lambda x: x + 1)), abs=1e-15)
    # B's two pairs now pays 5 to 1, not 4: the return rises by exactly one unit on every two pairs
    alt_b = alternative(paytable_result(sd, "five-card-bonus", "b"), TWO_PAIRS, "first-two-columns")
    default_b = paytable_result(sd, "five-card-bonus", "b").return_to_player
    assert alt_b["return_to_player"] - default_b == pytest.approx(FIVE["two_pair"] / N5, abs=1e-12)
    for table in "cd":
        alt = alternative(paytable_result(sd, "five-card-bonus", table), TWO_PAIRS, "first-two-columns")
        assert alt["return_to_player"] is None


# --- sd-progressive-for-one-undefined: "300 for 1" where every other table says "to 1" ------------

FOR_ONE = "sd-progressive-for-one-undefined"

SD_QUADS_ROUND = """
    jurisdiction: south-dakota
    dealing_method: hand
    paytables: {base: a, progressive: pmg-01}
    meter: {amount: 20000, reset: 1000}
    community: [Qs, Qh]
    players:
      - {seat: 1, cards: [Qd, Qc, 4h], bet: 5, decisions: {bet1: ride, bet2: ride}, side_wagers: {progressive: 1}}
    """


def _quads_line(sd) -> dict:
    w = next(w for w in sd.data["wagers"] if w["id"] == "progressive")
    t = next(t for t in w["paytables"] if t["id"] == "pmg-01")
    return next(ln["payout"] for ln in t["lines"] if ln["hand"] == "four_of_a_kind")


def test_sd_10_for_one_includes_the_wager_by_default(sd):
    quads = _quads_line(sd)
    assert quads["kind"] == "for_one"
    v = settlement_view(settle(load_round_text(textwrap.dedent(SD_QUADS_ROUND), "round.yaml")))
    row = _row(v, 1, "progressive")
    assert row["outcome"] == "win" and Fraction(row["returned"]) == quads["value"]
    assert (FOR_ONE, "stake-included") in {(g["finding"], g["reading"]) for g in row["readings"]}


def test_sd_10_for_one_pays_like_to_one_under_same_as_to_one(sd):
    quads = _quads_line(sd)
    text = textwrap.dedent(SD_QUADS_ROUND) + f"readings: {{{FOR_ONE}: same-as-to-one}}\n"
    row = _row(settlement_view(settle(load_round_text(text, "round.yaml"))), 1, "progressive")
    assert row["outcome"] == "win" and Fraction(row["returned"]) == quads["value"] + 1
    # the meter pays are untouched
    model = model_of(sd, {FOR_ONE: "same-as-to-one"})
    kinds = {ln.hand: ln.payout.kind.value for t in model.wager("progressive").paytables for ln in t.lines}
    assert kinds["royal_flush"] == kinds["straight_flush"] == "percent_of_meter"
    assert {kinds[h] for h in ("four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind")} == {"to_one"}
