"""Bad round files get clear, located messages (file:line:col: path: message) and never a traceback.

Each case states the exact message it must produce.
"""
from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.play.irregularities import events
from lit_compliance.play.round_file import load_round_text
from lit_compliance.load.strict_yaml import InputError

TRIBAL_HEAD = """\
jurisdiction: tribal
community: [Kh, Qh]
players:
"""
RIDE = "decisions: {bet1: ride, bet2: ride}"


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as info:
        load_round_text(textwrap.dedent(text), "round.yaml")
    return [str(p) for p in info.value.problems]


CASES = {
    "unknown_card": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, Zz, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:4:27: players[0].cards[1]: 'Zz' is not a card (use rank 2-10/T/J/Q/K/A and suit c/d/h/s, "
         "e.g. 'As', '10h')"]),
    "duplicate_card_across_areas": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n"
                      f"  - {{seat: 2, cards: 4d Kh 5s, bet: 10, {RIDE}}}\n",
        ["round.yaml:5:15: players[1].cards: card Kh is dealt more than once (also at community[0])"]),
    "wrong_card_count_names_the_misdeal_consequence": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c, 4c], bet: 10, {RIDE}}}\n",
        ["round.yaml:4:15: players[0].cards: seat 1 has 4 cards; the manual_shoe plan gives 3: a misdeal (all "
         "hands are void and the cards are reshuffled. What happens to the wagers is not stated "
         "[Section 12(m)(3)]); if this is what was dealt, list the irregularity under irregularities to settle "
         "the round"]),
    "wrong_community_count": (
        "jurisdiction: maryland\npaytables: {base: a}\nsix_card_bonus_cards: [2s, 3s, 4d]\n"
        "community: [Kh, Qh, Jh]\nplayers:\n" f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:4:1: community: the community (cards in play) has 3 cards; the manual_shoe plan gives 2: "
         "a misdeal (all hands are void; the dealer returns all wagers to the players and reshuffles the cards "
         "[COMAR 36.05.18.13D]); "
         "if this is what was dealt, list the irregularity under irregularities to settle the round"]),
    "wager_not_offered": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{three-card-bonus: 5}}}}\n",
        ["round.yaml:4:96: players[0].side_wagers.three-card-bonus: tribal@v1 offers no side wager "
         "'three-card-bonus'; did you mean 'five-card-bonus'? (side wagers: five-card-bonus)"]),
    "paytable_not_in_ruleset": (
        "jurisdiction: maryland\npaytables: {base: z}\nsix_card_bonus_cards: [2s, 3s, 4d]\ncommunity: [Kh, Qh]\n"
        "players:\n" f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:13: paytables.base: base in maryland@v1 has no paytable 'z' (paytables: a, b, c)"]),
    "paytable_for_a_wager_without_paytables": (
        "jurisdiction: massachusetts\npaytables: {base: table-1}\ncommunity: [Kh, Qh]\n"
        "players:\n" f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:13: paytables.base: base has no paytable in massachusetts@v1 (finding "
         "ma-11b-base-paytable-missing); remove this entry"]),
    "operator_paytable_not_named": (
        "jurisdiction: maryland\nsix_card_bonus_cards: [2s, 3s, 4d]\ncommunity: [Kh, Qh]\n"
        "players:\n" f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:1:1: (top): name the operator's paytable for base under paytables (one of: a, b, c) "
         "[COMAR 36.05.18.12A]"]),
    "fixed_stake_broken": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{five-card-bonus: 5}}}}\n",
        ["round.yaml:4:96: players[0].side_wagers.five-card-bonus: five-card-bonus is a $1 wager "
         "[Section 12(g)(2) [Optional Bonus Wager]]; got $5"]),
    "missing_decision": (
        TRIBAL_HEAD + "  - {seat: 1, cards: [Ah, 2c, 3c], bet: 10, decisions: {bet1: ride}}\n",
        ["round.yaml:4:45: players[0].decisions: missing decision for bet2 (ride or pull): the player may "
         "withdraw it [Section 12(f)(4); Section 12(k)(5)]"]),
    "bet3_cannot_be_pulled": (
        TRIBAL_HEAD + "  - {seat: 1, cards: [Ah, 2c, 3c], bet: 10, decisions: {bet1: ride, bet2: ride, bet3: pull}}\n",
        ["round.yaml:4:81: players[0].decisions.bet3: bet3 cannot be withdrawn [Section 12(f)(4)]"]),
    "six_card_bonus_requires_the_other_bonuses": (
        "jurisdiction: maryland\npaytables: {base: a, six-card-bonus: a, five-card-bonus: a}\n"
        "six_card_bonus_cards: [2s, 3s, 4d]\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{six-card-bonus: 5, five-card-bonus: 1}}}}\n",
        ["round.yaml:6:96: players[0].side_wagers.six-card-bonus: six-card-bonus requires the three-card-bonus "
         "wager as well [COMAR 36.05.18.07E(5); .11E(3); .12D]"]),
    "six_card_box_missing": (
        "jurisdiction: maryland\npaytables: {base: a}\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:1:1: six_card_bonus_cards: six_card_bonus_cards is required: the manual_shoe plan deals 3 "
         "cards to the six-card bonus box [COMAR 36.05.18.08D(2)]"]),
    "meter_missing": (
        "jurisdiction: south-dakota\npaytables: {base: a, progressive: pmg-01}\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{progressive: 1}}}}\n",
        ["round.yaml:1:1: (top): meter is required: progressive pays a percentage of the progressive meter "
         "(give meter: {amount: ..., reset: ...})"]),
    "meter_reset_below_the_ruleset_minimum": (
        "jurisdiction: maryland\npaytables: {base: a, progressive: a}\nmeter: {amount: 5000, reset: 500}\n"
        "six_card_bonus_cards: [2s, 3s, 4d]\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{progressive: 1}}}}\n",
        ["round.yaml:3:23: meter.reset: $500 is below the least reset amount, $1,000 [COMAR 36.05.18.12F-G]"]),
    "ambiguous_event_needs_the_irregularity_id": (
        "jurisdiction: nsw\nirregularities: [wrong_card_count]\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:18: irregularities[0]: nsw@v1 gives event wrong_card_count several consequences; name "
         "the one that applies by its id: dealer-hand-wrong-count (The wrong number of cards is dealt to \"the "
         "dealer's hand\" (read as the community cards).); player-hand-wrong-count (A player's hand has too "
         "few or too many cards.)"]),
    "hand_void_without_seat": (
        "jurisdiction: nsw\nirregularities: [player_absent_cards_unviewed]\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:18: irregularities[0]: irregularity absent-player-cards-unviewed (hand_void_wager_returned) "
         "concerns one player's hand: give the seat ({irregularity: player_absent_cards_unviewed, seat: N})"]),
    "unknown_irregularity": (
        "jurisdiction: tribal\nirregularities: [dealer-sneezed]\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:18: irregularities[0]: no irregularity or event 'dealer-sneezed' (irregularities of "
         "tribal@v1, then events: card-face-up-in-deck, several-cards-face-up, card-drawn-in-error, "
         "incorrect-number-of-cards, shuffler-malfunction, dealing-shoe-malfunction, "
         "device-removed-before-other-method, stub-count-wrong-misdealt, stub-count-wrong-not-misdealt, "
         "shuffler-count-wrong, improper-cut, " + ", ".join(events()) + ")"]),
    "unknown_jurisdiction": (
        "jurisdiction: nevada\ncommunity: [Kh, Qh]\nplayers:\n  - {seat: 1, cards: [Ah, 2c, 3c], bet: 10}\n",
        ["round.yaml:1:1: jurisdiction: unknown jurisdiction 'nevada' (known: maryland, massachusetts, nsw, "
         "south-dakota, tribal)"]),
    "unknown_field": (
        TRIBAL_HEAD + "  - {seat: 1, cards: [Ah, 2c, 3c], bet: 10, decision: {bet1: ride, bet2: ride}}\n",
        ["round.yaml:4:45: players[0].decision: unknown field 'decision'; did you mean 'decisions'? "
         "(allowed here: bet, bets, cards, "
         "decisions, name, seat, side_wagers)"]),
    "negative_bet": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: -10, {RIDE}}}\n",
        ["round.yaml:4:36: players[0].bet: -10 is less than the minimum of 0.01"]),
    "cards_not_a_list": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: 5, bet: 10, {RIDE}}}\n",
        ["round.yaml:4:15: players[0].cards: expected string or array, got int 5"]),
    "duplicate_seat": (
        TRIBAL_HEAD + f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n"
                      f"  - {{seat: 1, cards: [Ad, 2d, 3d], bet: 10, {RIDE}}}\n",
        ["round.yaml:5:6: players[1].seat: seat 1 is also players[0]"]),
    "payout_limit_the_ruleset_does_not_have": (
        "jurisdiction: massachusetts\npayout_limit: 100\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}}}\n",
        ["round.yaml:2:1: payout_limit: massachusetts@v1 has no payout limit rule to apply this amount to"]),
    "too_many_players": (
        "jurisdiction: nsw\ncommunity: [Kh, Qh]\nplayers:\n" + "".join(
            f"  - {{seat: {i}, cards: [{r}c, {r}d, {r}s], bet: 10, {RIDE}}}\n" for i, r in zip(range(1, 9), "23456789")),
        ["round.yaml:3:1: players: nsw@v1 allows at most 7 player positions [NSW r 2.2.1]; got 8"]),
    "cover_all_table_for_another_player_count": (
        "jurisdiction: massachusetts\npaytables: {cover-all: players-5}\ncommunity: [Kh, Qh]\nplayers:\n"
        f"  - {{seat: 1, cards: [Ah, 2c, 3c], bet: 10, {RIDE}, side_wagers: {{cover-all: 5}}}}\n",
        ["round.yaml:2:13: paytables.cover-all: cover-all pays by the number of players: this round has 1, so its "
         "paytable is players-1, not players-5"]),
    "yaml_syntax_error": (
        "jurisdiction: tribal\ncommunity: [Kh, Qh\nplayers: []\n",
        ["round.yaml:3:8: (top): YAML syntax error: did not find expected ',' or ']' (while parsing a flow "
         "sequence)"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_round_file_gives_exact_located_message(name):
    text, expected = CASES[name]
    assert problems(text) == expected


def test_every_problem_in_a_round_file_is_reported_at_once():
    found = problems(TRIBAL_HEAD + "  - {seat: 1, cards: [Ah, Zz, Kh], bet: 10, side_wagers: {progressive: 1}}\n")
    assert [p.split(": ", 2)[1] for p in found] == [
        "players[0]", "players[0]", "players[0].cards[1]", "players[0].cards[2]", "players[0].side_wagers.progressive"]
    assert "missing decision for bet1" in found[0] and "missing decision for bet2" in found[1]


def test_declared_misdeal_lets_wrong_counts_through_and_voids_the_round():
    rnd = load_round_text(TRIBAL_HEAD + "  - {seat: 1, cards: [Ah, 2c, 3c, 4c], bet: 10}\n"
                          "irregularities: [wrong_card_count]\n", "round.yaml")
    assert rnd.void


def test_settle_command_reports_bad_round_file_without_traceback(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"jurisdiction": "tribal", "community": ["Kh", "Qh"], "players": [
        {"seat": 1, "cards": ["Ah", "Kh", "3c"], "bet": 10, "decisions": {"bet1": "ride", "bet2": "ride"}}]}))
    result = CliRunner().invoke(main, ["settle", str(path)])
    assert result.exit_code == 2
    assert result.output == (f"error: {path}:1:95: players[0].cards[1]: card Kh is dealt more than once "
                             f"(also at community[0])\n")
    assert "Traceback" not in result.output


def test_settle_command_on_a_missing_file_is_trouble_not_a_crash(tmp_path):
    result = CliRunner().invoke(main, ["settle", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.output == f"error: {tmp_path / 'nope.yaml'}: file not found\n"


def test_round_schema_is_a_valid_strict_2020_12_schema():
    import jsonschema

    from lit_compliance.load.resources import thawed
    from lit_compliance.load.validation import schema

    round_schema = schema("round")
    jsonschema.Draft202012Validator.check_schema(thawed(round_schema))  # its own copy: the shared one is read-only
    assert round_schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert round_schema["additionalProperties"] is False
    assert round_schema["properties"]["players"]["items"]["additionalProperties"] is False
