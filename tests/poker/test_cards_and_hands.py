"""Cards and hand evaluation, checked against counts worked out by combinatorics in this file.

* parsing: common notation in, clear errors for bad or repeated cards;
* five cards: all 2,598,960 hands categorised by the vectorised evaluator, and a seeded sample of
  20,000 hands through the scalar evaluator compared with the vectorised one;
* three cards: all 22,100 hands through the scalar evaluator;
* six cards: the best five of all 20,358,520 six-card sets, against an independent count over rank
  patterns and suit assignments.
"""
from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from math import comb, prod

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.poker.cards import CardError, card, card_name, names, parse_card, parse_cards
from lit_compliance.cli import main
from lit_compliance.poker.hands import CATEGORIES_5, CODE_5, HandRules, evaluate3, evaluate5, evaluate6
from lit_compliance.poker.vectorised import best_of_six_counts, categorise5, table5

# --- parsing ------------------------------------------------------------------------------------


def test_common_notation_parses_ten_as_10_or_T_and_any_case_or_suit_symbol():
    assert parse_cards("As Kd 10h Tc") == [card(14, 3), card(13, 1), card(10, 2), card(10, 0)]
    assert parse_card("ah") == parse_card("A♥") == card(14, 2)
    assert names(parse_cards(["2c", "qS", "J♦"])) == "2c Qs Jd"
    assert parse_cards("As, Kd") == parse_cards("As Kd")


@pytest.mark.parametrize("text, message", [
    ("As Kd 10h Th", "card Th appears more than once"),
    ("As 1h", "'1h' is not a card (use rank 2-10/T/J/Q/K/A and suit c/d/h/s, e.g. 'As', '10h')"),
    ("As Kx", "'Kx' is not a card (use rank 2-10/T/J/Q/K/A and suit c/d/h/s, e.g. 'As', '10h')"),
    ("11s", "'11s' is not a card (use rank 2-10/T/J/Q/K/A and suit c/d/h/s, e.g. 'As', '10h')"),
])
def test_bad_or_repeated_cards_are_rejected_with_a_clear_message(text, message):
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert str(info.value) == message


def test_a_wrong_number_of_cards_is_rejected_when_a_count_is_required():
    with pytest.raises(CardError, match="expected 3 cards, got 2"):
        parse_cards("As Kd", count=3)


def test_every_card_round_trips_through_its_name():
    assert sorted(parse_card(card_name(c)) for c in range(52)) == list(range(52))


# --- five cards ---------------------------------------------------------------------------------


def five_card_formulas() -> dict[str, int]:
    """Textbook counts of five-card poker hands, with pairs split at tens."""
    straights = 10                                   # A-5 up to 10-A, ace low allowed
    high_pairs = 5                                   # tens, jacks, queens, kings, aces
    pair_shape = comb(4, 2) * comb(12, 3) * 4 ** 3   # one pair rank fixed
    return {
        "royal_flush": 4,
        "straight_flush": straights * 4 - 4,
        "four_of_a_kind": 13 * 48,
        "full_house": 13 * comb(4, 3) * 12 * comb(4, 2),
        "flush": 4 * comb(13, 5) - straights * 4,
        "straight": straights * 4 ** 5 - straights * 4,
        "three_of_a_kind": 13 * comb(4, 3) * comb(12, 2) * 4 ** 2,
        "two_pair": comb(13, 2) * comb(4, 2) ** 2 * 11 * 4,
        "pair_tens_or_better": high_pairs * pair_shape,
        "pair": (13 - high_pairs) * pair_shape,
        "high_card": (comb(13, 5) - straights) * (4 ** 5 - 4),
    }


def test_all_2598960_five_card_hands_fall_in_the_textbook_categories():
    expected = five_card_formulas()
    assert sum(expected.values()) == comb(52, 5)
    counts = np.bincount(table5(), minlength=len(CATEGORIES_5))
    assert {name: int(counts[CODE_5[name]]) for name in CATEGORIES_5} == expected


def test_scalar_five_card_evaluator_agrees_with_the_vectorised_one_on_a_seeded_sample():
    rng = np.random.default_rng(20240501)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :5].astype(np.uint8)
    vectorised = categorise5(hands)
    scalar = np.array([CODE_5[evaluate5([int(c) for c in row]).category] for row in hands])
    assert (scalar == vectorised).all()
    assert len(set(scalar.tolist())) >= 8   # the sample reaches most categories, so it can disagree


def test_five_card_keys_order_hands_by_rank_then_kickers():
    def key(text):
        return evaluate5(parse_cards(text)).key

    assert key("As Ad Kc Kd 2h") > key("As Ad Qc Qd Kh")          # aces up beats aces and queens
    assert key("5c 4d 3h 2s Ac") < key("6c 5d 4h 3s 2c")          # the wheel is the lowest straight
    assert key("Tc Td 9h 4s 2c") > key("Th Ts 9d 3s 2d")          # same pair, better kicker
    assert evaluate5(parse_cards("Tc Td 9h 4s 2c")).category == "pair_tens_or_better"
    assert evaluate5(parse_cards("9c 9d Th 4s 2c")).category == "pair"


def test_a_ruleset_without_ace_low_straights_does_not_count_the_wheel():
    rules = HandRules(ace_low_straight_5=False)
    assert evaluate5(parse_cards("Ac 2d 3h 4s 5c"), rules).category == "high_card"
    assert evaluate5(parse_cards("Ac 2d 3h 4s 5c")).category == "straight"


# --- three cards --------------------------------------------------------------------------------


def three_card_formulas() -> dict[str, int]:
    runs = 12                                         # A-2-3 up to Q-K-A
    return {
        "mini_royal": 4,
        "straight_flush": runs * 4 - 4,
        "three_of_a_kind": 13 * comb(4, 3),
        "straight": runs * (4 ** 3 - 4),
        "flush": 4 * comb(13, 3) - runs * 4,
        "pair": 13 * comb(4, 2) * 48,
        "high_card": (comb(13, 3) - runs) * (4 ** 3 - 4),
    }


def test_all_22100_three_card_hands_fall_in_the_three_card_categories():
    expected = three_card_formulas()
    assert sum(expected.values()) == comb(52, 3)
    counts = Counter()
    ace_king_queen = 0
    for cards in combinations(range(52), 3):
        hand = evaluate3(cards)
        counts[hand.category] += 1
        ace_king_queen += hand.satisfies("ace_king_queen")
    assert dict(counts) == expected
    assert ace_king_queen == 4 ** 3                   # A, K and Q in any suits


# --- six cards ----------------------------------------------------------------------------------


def _straight_top(ranks: set[int]) -> int | None:
    """Top rank of the best five-card straight in a set of ranks 2..14 (ace also low)."""
    present = ranks | ({1} if 14 in ranks else set())
    tops = [top for top in range(5, 15) if all(r in present for r in range(top - 4, top + 1))]
    return max(tops) if tops else None


def _by_ranks(counts: dict[int, int]) -> str:
    """Best five-card category of six cards whose suits make no flush."""
    shape = sorted(counts.values(), reverse=True)
    pairs = [r for r, n in counts.items() if n == 2]
    if shape[0] == 4:
        return "four_of_a_kind"
    if shape[0] == 3 and shape[1] >= 2:
        return "full_house"
    if _straight_top(set(counts)):
        return "straight"
    if shape[0] == 3:
        return "three_of_a_kind"
    if len(pairs) >= 2:
        return "two_pair"
    if pairs:
        return "pair_tens_or_better" if pairs[0] >= 10 else "pair"
    return "high_card"


def _suited(ranks: set[int]) -> str:
    top = _straight_top(ranks)
    if top is None:
        return "flush"
    return "royal_flush" if top == 14 else "straight_flush"


def six_card_formulas() -> dict[str, int]:
    """Best-five counts over all six-card sets, by rank pattern and suit assignment.

    For each multiset of six ranks (at most four of a rank) the suit assignments number
    prod C(4, n_r). Only rank patterns with five or six distinct ranks can hold a flush: six
    distinct ranks have 4 all-suited assignments and 6 x 4 x 3 with exactly five suited; five
    distinct ranks (one pair) have 4 x 3 assignments with five suited (one card of the pair in the
    flush suit). Every other assignment is settled by the ranks alone.
    """
    out = Counter()

    def patterns(rank: int, left: int, acc: dict):
        if left == 0:
            yield dict(acc)
            return
        if rank > 14:
            return
        for n in range(min(4, left), -1, -1):
            if n:
                acc[rank] = n
            yield from patterns(rank + 1, left - n, acc)
            acc.pop(rank, None)

    for counts in patterns(2, 6, {}):
        total = prod(comb(4, n) for n in counts.values())
        distinct = set(counts)
        flushes = 0
        if len(distinct) == 6:
            out[_suited(distinct)] += 4
            for five in combinations(sorted(distinct), 5):
                out[_suited(set(five))] += 4 * 3
            flushes = 4 + 6 * 4 * 3
        elif len(distinct) == 5:
            out[_suited(distinct)] += 4 * 3
            flushes = 4 * 3
        out[_by_ranks(counts)] += total - flushes
    return dict(out)


def test_best_five_of_all_20358520_six_card_sets_matches_the_rank_pattern_count():
    expected = six_card_formulas()
    assert sum(expected.values()) == comb(52, 6)
    counts, super_royals = best_of_six_counts()
    assert {name: int(counts[CODE_5[name]]) for name in CATEGORIES_5} == expected
    assert super_royals == 4
    assert expected["royal_flush"] == 4 * 47          # a royal plus any sixth card


def test_six_card_evaluation_finds_the_super_royal_and_the_best_five():
    assert evaluate6(parse_cards("Ah Kh Qh Jh Th 9h")).category == "super_royal"
    best = evaluate6(parse_cards("Ah Kh Qh Jh Th 9c"))
    assert best.category == "royal_flush" and best.suit == "hearts"
    assert evaluate6(parse_cards("2c 2d 2h 5s 5c 9d")).category == "full_house"


# --- the evaluate command -----------------------------------------------------------------------


def test_evaluate_command_rejects_the_repeated_card_in_the_issue_example():
    result = CliRunner().invoke(main, ["evaluate", "As", "Kd", "10h", "Th"])
    assert result.exit_code == 2
    assert result.output == "error: card Th appears more than once\n"


def test_evaluate_command_needs_three_five_or_six_cards():
    result = CliRunner().invoke(main, ["evaluate", "As", "Kd"])
    assert result.exit_code == 2
    assert result.output == "error: a hand has 3, 5 or 6 cards; got 2 (As Kd)\n"


def test_evaluate_command_lists_the_first_paytable_line_each_table_pays():
    result = CliRunner().invoke(main, ["evaluate", "9h", "8h", "7h", "6h", "5h", "--jurisdiction", "tribal",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["category"] == "straight_flush" and data["suit"] == "hearts"
    lines = {(t["wager"], t["paytable"]): t["line"]["odds"] for t in data["paytables"]}
    assert lines == {("base", "payout-odds"): "200 to 1", ("five-card-bonus", "bonus-payout"): "$2,500"}


def test_evaluate_command_text_names_the_hand_and_its_tags():
    result = CliRunner().invoke(main, ["evaluate", "Ah", "Kh", "Qh"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "Ah Kh Qh: Mini-royal (hearts)"
    assert "Ace, King, Queen" in result.output
