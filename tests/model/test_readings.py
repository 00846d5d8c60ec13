"""Readings: where a source leaves a rule open, each reading's figures, derived here independently.

Every expected figure is computed in the test from the ruleset's printed numbers and a direct count
(full enumeration of three-card hands, textbook five-card counts), never copied from output.
"""
from __future__ import annotations

import textwrap
from fractions import Fraction
from math import comb

import pytest

from lit_compliance.gamemath import paytable_result
from lit_compliance.gamemath.record import Status
from lit_compliance.report.priced_json import alternative_json
from lit_compliance.model import ReadingError, model_of
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


def _lines(ruleset, wager: str, table: str) -> dict:
    w = next(w for w in ruleset.data["wagers"] if w["id"] == wager)
    t = next(t for t in w["paytables"] if t["id"] == table)
    return {ln["hand"]: ln["payout"] for ln in t["lines"]}


def _alternative(result, finding: str, reading: str) -> dict:
    """The figures under another reading, as the outputs state them (floats)."""
    (alt,) = [a for a in result.alternatives if (a.reading.finding, a.reading.reading) == (finding, reading)]
    return alternative_json(alt)


def _applied(result) -> set:
    return {(r.finding, r.reading) for r in result.readings}


# --- South Dakota three card bonus: "--" for the mini royal on Alternatives A-C ----------------------


def _three_card_return(pays: dict, suited_akq_pays_as: str | None) -> Fraction:
    """Return per unit over all 22,100 three-card hands; ``pays`` maps hand -> to-1 odds."""
    back = Fraction(0)
    for row in colex_sets(52, 3):
        hand = evaluate3([int(c) for c in row])
        if hand.category == "mini_royal":
            name = suited_akq_pays_as
        else:
            name = next((h for h in ("straight_flush", "three_of_a_kind", "straight", "flush", "pair")
                         if h in hand.tags and h in pays), None)
        if name is not None:
            back += pays[name] + 1
    return back / comb(52, 3)


@pytest.fixture(scope="module")
def south_dakota(catalogue):
    return catalogue.latest("south-dakota")


def test_sd_dashed_mini_royal_falls_through_to_the_straight_flush_by_default(south_dakota):
    printed = _lines(south_dakota, "three-card-bonus", "a")
    pays = {h: Fraction(p["value"]) for h, p in printed.items() if p["kind"] == "to_one"}
    got = paytable_result(south_dakota, "three-card-bonus", "a")
    assert ("sd-three-card-mini-royal-dashes", "falls-through") in _applied(got)
    assert got.return_to_player == _three_card_return(pays, "straight_flush")


def test_sd_dashed_mini_royal_pays_nothing_under_the_literal_reading(south_dakota):
    printed = _lines(south_dakota, "three-card-bonus", "a")
    assert printed["mini_royal"]["kind"] == "not_offered"
    pays = {h: Fraction(p["value"]) for h, p in printed.items() if p["kind"] == "to_one"}
    alt = _alternative(paytable_result(south_dakota, "three-card-bonus", "a"),
                       "sd-three-card-mini-royal-dashes", "pays-nothing")
    expected = _three_card_return(pays, None)
    assert alt["return_to_player"] == pytest.approx(float(expected), abs=1e-15)
    # the literal reading costs the player exactly the straight flush pay on the 4 suited A-K-Q hands
    assert _three_card_return(pays, "straight_flush") - expected == Fraction(4, comb(52, 3)) * (pays["straight_flush"] + 1)


# --- South Dakota five card bonus: "to 1" on a wager collected before the deal ----------------------


def _five_card_return(printed: dict, per_unit) -> Fraction | None:
    if any(p["value"] is None for p in printed.values()):
        return None
    return sum(Fraction(FIVE[h], N5) * per_unit(Fraction(p["value"])) for h, p in printed.items())


def test_sd_bonus_pays_to_one_as_printed_by_default(south_dakota):
    printed = _lines(south_dakota, "five-card-bonus", "b")
    got = paytable_result(south_dakota, "five-card-bonus", "b")
    assert ("sd-side-bets-collected-before-deal", "to-one-as-printed") in _applied(got)
    assert got.return_to_player == _five_card_return(printed, lambda x: x + 1)


def test_sd_bonus_keeps_the_collected_stake_under_the_stake_kept_reading(south_dakota):
    printed = _lines(south_dakota, "five-card-bonus", "b")
    alt = _alternative(paytable_result(south_dakota, "five-card-bonus", "b"),
                       "sd-side-bets-collected-before-deal", "stake-kept")
    assert alt["return_to_player"] == pytest.approx(float(_five_card_return(printed, lambda x: x)), abs=1e-15)
    # the difference is the stake returned on every winning hand
    assert float(_five_card_return(printed, lambda x: x + 1) - _five_card_return(printed, lambda x: x)) == \
        pytest.approx(sum(FIVE[h] for h in printed) / N5, abs=1e-15)


# --- Maryland five card bonus: .11E(1) "two pair or better" against the pair-of-tens lines --------------


@pytest.fixture(scope="module")
def maryland(catalogue):
    return catalogue.latest("maryland")


def test_md_five_card_bonus_pays_the_printed_pair_line_by_default(maryland):
    printed = _lines(maryland, "five-card-bonus", "a")
    got = paytable_result(maryland, "five-card-bonus", "a")
    assert ("md-five-card-bonus-two-pair-vs-pair", "paytable-as-printed") in _applied(got)
    # fixed amounts, priced at a $1 wager: the amount is the whole sum returned
    assert got.return_to_player == _five_card_return(printed, lambda x: x)


def test_md_five_card_bonus_wins_only_on_two_pair_under_11e1(maryland):
    printed = _lines(maryland, "five-card-bonus", "a")
    without_pair = {h: p for h, p in printed.items() if h != "pair_tens_or_better"}
    alt = _alternative(paytable_result(maryland, "five-card-bonus", "a"),
                       "md-five-card-bonus-two-pair-vs-pair", "two-pair-or-better")
    assert alt["return_to_player"] == pytest.approx(float(_five_card_return(without_pair, lambda x: x)), abs=1e-15)
    assert alt["hit_frequency"] == pytest.approx(sum(FIVE[h] for h in without_pair) / N5, abs=1e-15)


def test_md_paytable_g_without_a_two_pair_figure_is_incomplete_by_default(maryland):
    printed = _lines(maryland, "five-card-bonus", "g")
    assert "two_pair" not in printed
    got = paytable_result(maryland, "five-card-bonus", "g")
    assert ("md-five-card-bonus-g-no-two-pair", "figure-missing") in _applied(got)
    assert got.status is Status.INCOMPLETE and got.house_edge is None
    model = model_of(maryland)
    assert [ln.hand for ln in model.wager("five-card-bonus").paytable("g").missing] == ["two_pair"]


def test_md_paytable_g_two_pair_loses_under_the_literal_reading(maryland):
    printed = _lines(maryland, "five-card-bonus", "g")
    alt = _alternative(paytable_result(maryland, "five-card-bonus", "g"),
                       "md-five-card-bonus-g-no-two-pair", "two-pair-loses")
    assert alt["return_to_player"] == pytest.approx(float(_five_card_return(printed, lambda x: x)), abs=1e-15)


# --- Maryland progressive B: "For a Ace, King, Queen" with no suit ----------------------------------


def _three_card_hits(pays_on) -> Fraction:
    hits = sum(1 for row in colex_sets(52, 3) if pays_on(evaluate3([int(c) for c in row])))
    return Fraction(hits, comb(52, 3))


def test_md_progressive_b_pays_the_meter_on_any_ace_king_queen_as_printed(maryland):
    got = paytable_result(maryland, "progressive", "b")
    assert ("md-progressive-b-akq-suit-missing", "as-printed") in _applied(got)
    hands = set(_lines(maryland, "progressive", "b"))
    expected = _three_card_hits(lambda h: bool(h.tags & hands))
    assert got.hit_frequency == pytest.approx(float(expected), abs=1e-15)
    # every A-K-Q (64 of them) takes the whole meter
    assert got.side.meter.per_meter_dollar == pytest.approx(64 / comb(52, 3), rel=1e-12)


def test_md_progressive_b_pays_the_meter_only_on_spades_under_the_of_spades_reading(maryland):
    model = model_of(maryland, {"md-progressive-b-akq-suit-missing": "of-spades"})
    first = model.wager("progressive").paytable("b").lines[0]
    assert (first.hand, first.suits, first.payout.meter_share) == ("mini_royal", ("spades",), 1)
    alt = _alternative(paytable_result(maryland, "progressive", "b"), "md-progressive-b-akq-suit-missing", "of-spades")
    hands = set(_lines(maryland, "progressive", "b")) - {"ace_king_queen"}
    expected = _three_card_hits(lambda h: bool(h.tags & hands))
    assert alt["hit_frequency"] == pytest.approx(float(expected), abs=1e-15)


# --- The base game's zero-expectation holdings -----------------------------------------------------


def test_zero_expectation_bets_ridden_give_the_published_element_of_risk(catalogue):
    """Published (Wizard of Odds, Let It Ride): 2.8453% element of risk, 1.232084 average bets."""
    got = paytable_result(catalogue.latest("tribal"), "base", "payout-odds")
    assert ("analysis-zero-expectation", "pulled") in _applied(got)
    ridden = _alternative(got, "analysis-zero-expectation", "ridden")
    assert round(ridden["element_of_risk"] * 100, 4) == 2.8453
    assert round(ridden["average_bets"], 6) == 1.232084
    assert ridden["house_edge"] == float(got.house_edge)        # riding a zero-expectation bet costs nothing
    assert float(got.average_bets) < ridden["average_bets"]


# --- Void hands: the texts that never say what happens to the wagers --------------------------------

TRIBAL_VOID = """
    jurisdiction: tribal
    community: [2c, 7d]
    irregularities: [{irregularity: multiple_cards_face_up_in_deck}]
    players:
      - {seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {bet1: pull, bet2: pull}}
    """


def _tribal_void(readings: str = "") -> dict:
    from lit_compliance.load.catalogue import Catalogue

    methods = [m["id"] for m in Catalogue.bundled().latest("tribal").data["dealing_methods"]]
    text = textwrap.dedent(TRIBAL_VOID) + f"dealing_method: {methods[0]}\n" + readings
    return settlement_view(settle(load_round_text(text, "round.yaml")))


def test_tribal_void_hand_returns_every_wager_by_default():
    v = _tribal_void()
    rows = v["results"][0]["wagers"]
    assert rows and all(r["outcome"] == "returned" and r["returned"] == r["stake"] for r in rows)
    assert ("void-hands-wagers-silent", "returned") in {(g["finding"], g["reading"]) for g in v["readings"]}


def test_tribal_void_hand_leaves_the_wagers_unsettled_under_the_literal_reading():
    v = _tribal_void("readings: {void-hands-wagers-silent: not-settled}\n")
    rows = v["results"][0]["wagers"]
    assert rows and all(r["outcome"] == "unsettleable" and r["returned"] is None for r in rows)
    assert any("do not say what happens to the wagers" in n for r in rows for n in r["notes"])


# --- NSW r 12.7: "shall be declared" and the text stops -----------------------------------------------

NSW_SHORT_HAND = """
    jurisdiction: nsw
    community: [2c, 7d]
    irregularities: [{irregularity: player-hand-wrong-count, seat: 1}]
    players:
      - {seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {bet1: pull, bet2: pull}}
      - {seat: 2, cards: [Qs, Qd, 9c], bet: 5, decisions: {bet1: ride, bet2: ride}}
    """


def test_nsw_r12_7_voids_only_the_short_hand_by_default():
    v = settlement_view(settle(load_round_text(textwrap.dedent(NSW_SHORT_HAND), "round.yaml")))
    by_seat = {p["seat"]: p for p in v["results"]}
    assert by_seat[1]["status"] == "hand_void" and by_seat[2]["status"] == "played"
    assert ("nsw-r12-7-truncated", "void-and-returned") in {(g["finding"], g["reading"]) for g in v["readings"]}


def test_nsw_r12_7_is_a_misdeal_for_everyone_under_the_misdeal_reading():
    text = textwrap.dedent(NSW_SHORT_HAND) + "readings: {nsw-r12-7-truncated: misdeal}\n"
    v = settlement_view(settle(load_round_text(text, "round.yaml")))
    assert v["void"] and {p["status"] for p in v["results"]} == {"round_void"}
    assert all(r["outcome"] == "returned" for p in v["results"] for r in p["wagers"])


# --- The model of readings itself ------------------------------------------------------------------


def test_every_open_finding_has_exactly_one_default_reading(catalogue):
    for jid in catalogue.jurisdictions:
        model = model_of(catalogue.latest(jid))
        for finding in model.open_findings:
            assert sum(r.default for r in finding.readings) == 1, finding.id
        assert {r.finding for r in model.applied} == {f.id for f in model.open_findings}
        assert not model.nondefault


def test_an_unknown_reading_is_refused_with_the_known_ones(catalogue):
    with pytest.raises(ReadingError, match="falls-through, pays-nothing"):
        model_of(catalogue.latest("south-dakota"), {"sd-three-card-mini-royal-dashes": "maybe"})
    with pytest.raises(ReadingError, match="no open finding"):
        model_of(catalogue.latest("south-dakota"), {"sd-no-such-finding": "x"})


def test_a_round_file_naming_an_unknown_reading_is_a_located_error():
    from lit_compliance.load.strict_yaml import InputError

    text = textwrap.dedent(NSW_SHORT_HAND) + "readings: {nsw-r12-7-truncated: perhaps}\n"
    with pytest.raises(InputError) as info:
        load_round_text(text, "round.yaml")
    problems = [str(p) for p in info.value.problems]
    assert any(p.startswith("round.yaml:") and "perhaps" in p and "readings" in p for p in problems), problems


# --- Math findings: what the readings expose ---------------------------------------------------------


def _math_ids(ruleset) -> set:
    from lit_compliance.gamemath import analyse
    from lit_compliance.gamemath.findings import math_findings

    return {f["id"] for f in math_findings(ruleset, analyse(ruleset))}


def test_a_line_every_hand_of_which_an_earlier_line_takes_can_never_pay(maryland):
    """MD progressive B as printed: line (a) takes every A-K-Q, so line (b)'s suited A-K-Q never pays."""
    lines = [ln for w in maryland.data["wagers"] if w["id"] == "progressive"
             for t in w["paytables"] if t["id"] == "b" for ln in t["lines"]]
    assert lines[0]["hand"] == "ace_king_queen" and "suits" not in lines[0]
    assert lines[1]["hand"] == "mini_royal" and lines[1]["suits"]
    assert "math-progressive-b-mini_royal-never-pays" in _math_ids(maryland)


def test_the_literal_dash_reading_is_flagged_as_a_hand_that_loses_while_a_weaker_one_wins(south_dakota):
    ids = _math_ids(south_dakota)
    assert "math-three-card-bonus-a-mini_royal-loses-under-sd-three-card-mini-royal-dashes-pays-nothing" in ids
    assert "math-three-card-bonus-a-mini_royal-loses" not in ids          # the default reading pays it


def test_a_meter_payout_below_a_commoner_hand_at_the_least_meter_is_flagged(maryland):
    wager = next(w for w in maryland.data["wagers"] if w["id"] == "progressive")
    table = next(t for t in wager["paytables"] if t["id"] == "a")
    pays = {ln["hand"]: ln["payout"] for ln in table["lines"]}
    least = Fraction(wager["meter"]["reset_minimum"])
    sf = pays["straight_flush"]
    assert sf["kind"] == "percent_of_meter"
    sf_at_least = least * Fraction(sf["value"]) / 100
    quads = pays["four_of_a_kind"]
    quads_back = Fraction(quads["value"]) if quads["kind"] == "for_one" else Fraction(quads["value"]) + 1
    flagged = "math-progressive-a-four_of_a_kind-over-straight_flush" in _math_ids(maryland)
    assert flagged == (sf_at_least < quads_back)


def test_applying_any_reading_copies_only_what_it_changes_and_never_touches_the_document():
    """apply_changes copies on write: the result equals applying the changes to a deep copy, and
    the ruleset it came from is byte-for-byte what it was, for every reading in the catalogue."""
    import copy
    import json

    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.model.readings import apply_changes, expand, resolve
    from lit_compliance.model.ruleset import parse_readings

    def reference(data, readings):
        out = copy.deepcopy(data)
        for reading in readings:
            for change in reading.changes:
                paths = expand(out, change.path)
                if change.op == "remove":
                    paths = list(reversed(paths))
                for path in paths:
                    container, key = resolve(out, path, create=change.op == "set")
                    if change.op == "remove":
                        del container[key]
                    elif change.op == "add":
                        container[key].append(copy.deepcopy(change.value))
                    else:
                        container[key] = copy.deepcopy(change.value)
        return out

    cat = Catalogue.bundled()
    checked = 0
    for jurisdiction in cat.jurisdictions:
        rs = cat.latest(jurisdiction)
        before = json.dumps(rs.data, sort_keys=True, default=str)
        findings = parse_readings(rs.data)
        for finding in findings:
            for reading in finding.readings:
                if not reading.changes:
                    continue
                got = apply_changes(rs.data, [reading])
                assert json.dumps(got, sort_keys=True, default=str) == json.dumps(
                    reference(rs.data, [reading]), sort_keys=True, default=str), (finding.id, reading.id)
                checked += 1
        every = [r for f in findings for r in f.readings if r.changes and not r.default]
        assert json.dumps(apply_changes(rs.data, every), sort_keys=True, default=str) == json.dumps(
            reference(rs.data, every), sort_keys=True, default=str)
        assert json.dumps(rs.data, sort_keys=True, default=str) == before, jurisdiction
    assert checked >= 10


def test_every_model_of_a_ruleset_shares_its_findings_read_once_and_equal_to_a_fresh_reading(catalogue):
    """The findings are read once per ruleset (model.ruleset.findings_of): the model as printed and
    the model under each alternative reading hold the very same findings, equal to reading them anew."""
    from lit_compliance.model.ruleset import as_printed, parse_readings

    for jurisdiction in catalogue.jurisdictions:
        rs = catalogue.latest(jurisdiction)
        model = model_of(rs)
        fresh = parse_readings(rs.data, rs.document)
        assert model.findings == fresh and repr(model.findings) == repr(fresh)
        assert as_printed(rs).findings is model.findings
        for finding in model.open_findings:
            for reading in finding.readings:
                other = model.under(reading)
                assert other.findings is model.findings
                assert reading in other.applied


def test_a_models_paytables_are_typed_from_its_document_and_those_no_reading_changed_are_shared(catalogue):
    """Under each reading, every paytable of the model is the one its document's mapping types to
    (typed afresh here), and a paytable whose mapping the reading left alone is the very object the
    other models under other readings hold (typed once, model.ruleset._shared_paytable)."""
    from lit_compliance.model import Paytable

    shared = 0
    for jurisdiction in catalogue.jurisdictions:
        rs = catalogue.latest(jurisdiction)
        model = model_of(rs)
        seen: dict = {}
        for finding in model.open_findings:
            for reading in finding.readings:
                if reading in model.applied:   # the model itself, its paytables located in its file
                    continue
                other = model.under(reading)
                for i, (w, wager) in enumerate(zip(other.sections["wagers"], other.wagers)):
                    for j, (t, table) in enumerate(zip(w["paytables"], wager.paytables)):
                        fresh = Paytable.from_data(t, w)
                        assert table == fresh and repr(table) == repr(fresh)
                        # the same mapping at the same place, located in the file or not (a model of the
                        # ruleset's own document, where the reading changes nothing, says where its lines are)
                        place = (id(t), i, j, table.source is None)
                        if place in seen and seen[place][0] is t:
                            assert seen[place][1] is table
                            shared += 1
                        seen[place] = (t, table)
    assert shared > 50
