"""Game math, checked against published figures and against independent slow derivations."""
from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from lit_compliance.poker.cards import parse_cards
import dataclasses

from lit_compliance.gamemath import analyse, paytable_result, price_paytable
from lit_compliance.gamemath.record import Holding, HoldingGroupKind, HoldingKind, Status
from lit_compliance.model import Payout, PayoutKind, model_of
from lit_compliance.gamemath.base import analyse_base, multipliers
from lit_compliance.gamemath.findings import math_findings
from lit_compliance.gamemath.tables import full_base_tables
from lit_compliance.poker.hands import CATEGORIES_5, STANDARD, evaluate3, evaluate5
from lit_compliance.poker.vectorised import colex_index, colex_sets

STANDARD_M = np.array([-1, -1, 1, 2, 3, 5, 8, 11, 50, 200, 1000])


@pytest.fixture(scope="module")
def standard():
    return analyse_base(STANDARD_M, STANDARD)


def test_standard_table_house_edge_is_the_published_3_51_percent(standard):
    # Published (Wizard of Odds, Let It Ride, 1000/200/50/11/8/5/3/2/1): house edge 3.51%,
    # element of risk 2.86%.
    assert round(float(standard.house_edge) * 100, 2) == 3.51
    assert round(float(standard.element_of_risk) * 100, 2) == 2.86


def test_standard_table_strategy_matches_the_published_strategy(standard):
    # Bet 1: ride any paying pair or trips and three to a royal; pull unsuited non-pairs.
    assert Holding(HoldingKind.PAIR, (10,)) in standard.ride3 and Holding(HoldingKind.PAIR, (9,)) not in standard.ride3
    assert {Holding(HoldingKind.RANKS, ranks, True) for ranks in ((14, 13, 12), (12, 11, 10), (11, 10, 9))} \
        <= set(standard.ride3)
    assert not any(h.kind is HoldingKind.RANKS and not h.suited for h in standard.ride3)
    # Bet 2: every four-flush rides; four to an outside straight with a ten or better rides;
    # 5-4-3-2 has expectation exactly 0 and is counted as pulled.
    flush = standard.ride4[HoldingGroupKind.FOUR_FLUSH]
    assert flush["riding"] == flush["of"] == 4 * comb(13, 4) - 0 and flush["of"] == 2860
    other = standard.ride4[HoldingGroupKind.OTHER]["holdings"]
    assert {Holding(HoldingKind.RANKS, (13, 12, 11, 10)), Holding(HoldingKind.RANKS, (10, 9, 8, 7))} <= set(other)
    assert Holding(HoldingKind.RANKS, (5, 4, 3, 2)) not in other


def test_outcome_probabilities_sum_to_one_and_match_the_five_card_distribution(standard):
    assert sum(standard.outcomes.values()) == 1
    royal = sum(p for (cat, _), p in standard.outcomes.items() if cat == "royal_flush")
    assert royal == Fraction(4, comb(52, 5))


def _slow_expectation(cards: list[int], m: np.ndarray) -> int:
    """Sum of m over every completion of a 3- or 4-card holding, by the scalar evaluator."""
    rest = [c for c in range(52) if c not in cards]
    need = 5 - len(cards)
    total = 0
    if need == 1:
        for x in rest:
            total += m[CATEGORIES_5.index(evaluate5(cards + [x]).category)]
    else:
        for i, x in enumerate(rest):
            for y in rest[i + 1:]:
                total += m[CATEGORIES_5.index(evaluate5(cards + [x, y]).category)]
    return int(total)


@pytest.mark.parametrize("paytable", ["b", "c"])
def test_maryland_base_paytables_strategy_agrees_with_slow_enumeration(catalogue, paytable):
    """Maryland .12A(2)-(3): the engine's per-holding expectations, re-derived card by card."""
    rs = catalogue.latest("maryland")
    table = model_of(rs).wager("base").paytable(paytable)
    m, missing = multipliers(table)
    assert not missing
    t = full_base_tables(STANDARD)
    rng = random.Random(7)
    threes = [sorted(rng.sample(range(52), 3)) for _ in range(6)] + [sorted(parse_cards("Qh Jd Ts")),
                                                                     sorted(parse_cards("Ah Kh Qh"))]
    for cards in threes:
        idx = int(colex_index(np.array([cards]))[0])
        assert int(t.counts3[idx].astype(np.int64) @ m) == _slow_expectation(cards, m)
    for _ in range(40):
        cards = sorted(rng.sample(range(52), 4))
        idx = int(colex_index(np.array([cards]))[0])
        assert int(t.counts4[idx].astype(np.int64) @ m) == _slow_expectation(cards, m)


def test_paytable_c_rides_unsuited_queen_jack_ten_but_the_standard_table_does_not(catalogue):
    """Strategy depends on the table: derived per paytable (COMAR 36.05.18.12A(3) vs (1))."""
    rs = catalogue.latest("maryland")
    tables = {t.id: t for t in model_of(rs).wager("base").paytables}
    qjt = sorted(parse_cards("Qh Jd Ts"))
    assert _slow_expectation(qjt, multipliers(tables["c"])[0]) > 0
    assert _slow_expectation(qjt, multipliers(tables["a"])[0]) < 0
    qjt_unsuited = Holding(HoldingKind.RANKS, (12, 11, 10), False)
    assert qjt_unsuited in paytable_result(rs, "base", "c").base.bet1
    assert qjt_unsuited not in paytable_result(rs, "base", "a").base.bet1


def test_three_card_bonus_return_equals_direct_enumeration(catalogue):
    """COMAR 36.05.18.12C(1): 40/30/6/4/1 to 1, priced over all 22,100 three-card hands."""
    rs = catalogue.latest("maryland")
    table = next(t for t in rs.wager("three-card-bonus")["paytables"] if t["id"] == "a")
    pays = {ln["hand"]: ln["payout"]["value"] for ln in table["lines"]}
    back = Fraction(0)
    for row in colex_sets(52, 3):
        hand = evaluate3([int(c) for c in row])
        for name in ("straight_flush", "three_of_a_kind", "straight", "flush", "pair"):
            if name in hand.tags and name in pays:
                back += pays[name] + 1
                break
    expected = back / comb(52, 3)
    got = paytable_result(rs, "three-card-bonus", "a")
    assert got.return_to_player == expected


def test_tribal_bonus_return_from_combinatorial_counts(catalogue):
    """Section 12 $1 bonus (minimum amounts): return derived from textbook hand counts."""
    counts = {
        "royal_flush": 4, "straight_flush": 4 * 10 - 4, "four_of_a_kind": 13 * 48,
        "full_house": 13 * comb(4, 3) * 12 * comb(4, 2), "flush": 4 * comb(13, 5) - 40,
        "straight": 10 * 4 ** 5 - 40, "three_of_a_kind": 13 * 4 * comb(12, 2) * 16,
    }
    rs = catalogue.latest("tribal")
    table = rs.wager("five-card-bonus")["paytables"][0]
    amounts = {ln["hand"]: ln["payout"]["value"] for ln in table["lines"]}
    expected = sum(Fraction(counts[h]) * amounts[h] for h in counts) / comb(52, 5) / 1  # $1 stake
    got = paytable_result(rs, "five-card-bonus", table["id"])
    assert got.status is Status.EXACT
    assert got.return_to_player == expected


def test_progressive_break_even_meter_from_probabilities(catalogue):
    """COMAR 36.05.18.12E(1): royal 100% and straight flush 10% of meter, others 'for 1'."""
    rs = catalogue.latest("maryland")
    table = next(t for t in rs.wager("progressive")["paytables"] if t["id"] == "a")
    p = {"royal_flush": Fraction(4, comb(52, 5)), "straight_flush": Fraction(36, comb(52, 5)),
         "four_of_a_kind": Fraction(624, comb(52, 5)), "full_house": Fraction(3744, comb(52, 5)),
         "flush": Fraction(5108, comb(52, 5)), "straight": Fraction(10200, comb(52, 5)),
         "three_of_a_kind": Fraction(54912, comb(52, 5))}
    fixed = sum(p[ln["hand"]] * Fraction(str(ln["payout"]["value"])) for ln in table["lines"]
                if ln["payout"]["kind"] == "for_one")
    per_meter = sum(p[ln["hand"]] * Fraction(str(ln["payout"]["value"])) / 100 for ln in table["lines"]
                    if ln["payout"]["kind"] == "percent_of_meter")
    got = paytable_result(rs, "progressive", "a")
    assert got.status is Status.FUNCTION_OF_METER
    assert float(got.side.meter.break_even) == pytest.approx(float((1 - fixed) / per_meter), rel=1e-12)


def test_every_paytable_in_the_catalogue_has_an_analysis(catalogue):
    for jid in catalogue.jurisdictions:
        rs = catalogue.latest(jid)
        results = analyse(rs)
        expected = sum(max(1, len(w["paytables"])) for w in rs.wagers)
        assert len(results) == expected
        for r in results:
            assert isinstance(r.status, Status)
            if r.status is not Status.INCOMPLETE:
                assert r.return_to_player is not None or r.status is Status.FUNCTION_OF_METER


def test_math_findings_flag_returns_over_100_out_of_order_pairs_and_missing_figures(catalogue):
    sd = catalogue.latest("south-dakota")
    ids = {f["id"] for f in math_findings(sd, analyse(sd))}
    assert "math-three-card-bonus-b-return-over-100" in ids       # pair 25 to 1
    assert "math-three-card-bonus-b-pair-over-straight" in ids
    assert "math-three-card-bonus-a-return-over-100" not in ids    # pair 1 to 1 is a normal table
    assert "math-five-card-bonus-a-missing-figures" in ids         # blank two-pairs cell
    nsw = catalogue.latest("nsw")
    nsw_ids = {f["id"] for f in math_findings(nsw, analyse(nsw))}
    assert {i for i in nsw_ids if "-under-" not in i} == {"math-base-settlement-odds-missing-figures"}
    # under the reading that pays the four lost rows at the "or better" 1 to 1, a flush (8 to 1)
    # pays more than the full house above it
    assert ("math-base-settlement-odds-flush-over-full_house-under-nsw-r10-1-pair-of-10s-or-better-label-"
            "or-better-covers-lost-rows") in nsw_ids


def test_results_are_cached_by_content(tmp_path, monkeypatch, catalogue):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path))
    rs = catalogue.latest("maryland")
    wager = model_of(rs).wager("three-card-bonus")
    table = wager.paytables[0]
    # priced records only: the tables they are priced over are cached too (once per process: whether
    # this test builds them depends on what ran before it in the same worker)
    priced = lambda: sorted(f for f in tmp_path.iterdir() if f.name.startswith("priced-"))  # noqa: E731
    first = price_paytable(wager, table, STANDARD)
    assert len(priced()) == 1
    assert price_paytable(wager, table, STANDARD) == first
    assert len(priced()) == 1
    top = dataclasses.replace(table.lines[0], payout=Payout(PayoutKind.TO_ONE, Fraction(50)))
    changed = dataclasses.replace(table, lines=(top,) + table.lines[1:])
    second = price_paytable(wager, changed, STANDARD)
    assert second.return_to_player > first.return_to_player
    assert len(priced()) == 2


def test_analysis_output_is_byte_identical_cold_and_warm(tmp_path, monkeypatch):
    import subprocess
    import sys

    env = dict(__import__("os").environ, LIT_COMPLIANCE_CACHE=str(tmp_path))
    run = lambda: subprocess.run([sys.executable, "-m", "lit_compliance", "analyze", "tribal", "--format", "json"],
                                 env=env, capture_output=True, check=True).stdout
    cold, warm = run(), run()
    assert any(tmp_path.iterdir())
    assert cold == warm
