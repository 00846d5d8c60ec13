"""Dealing plans built from the rulesets' dealing methods, and dealt rounds checked against them."""
from __future__ import annotations

import json

import pytest
from bundled import JURISDICTIONS
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model import model_of
from lit_compliance.play.dealing import DealingError, build_plan, check_deal, methods


def test_tribal_manual_shoe_alternates_players_and_community_and_burns_one_community_card(catalogue):
    plan = build_plan(catalogue.get("tribal"), "manual_shoe", 3)
    # Section 12(h)(3)(i)-(vi): a card to each player, one to the community area, three times over.
    assert [(c.position, c.label) for c in plan.order] == [
        (1, "seat 1"), (2, "seat 2"), (3, "seat 3"), (4, "community area"),
        (5, "seat 1"), (6, "seat 2"), (7, "seat 3"), (8, "community area"),
        (9, "seat 1"), (10, "seat 2"), (11, "seat 3"), (12, "community area")]
    assert plan.cards_per_player == 3
    assert (plan.community_dealt, plan.community_used, plan.discarded) == (3, 2, 1)
    assert plan.community_discard.when == "after_bet1_decision"
    assert plan.community_discard.cite == "Section 12(k)(3)"
    assert (plan.total_dealt, plan.stub) == (3 * 3 + 3, 52 - 12)


def test_maryland_deals_the_six_card_bonus_box_first_for_a_full_table(catalogue):
    rs = catalogue.get("maryland")
    plan = build_plan(rs, "manual_shoe")            # the table size, 7 positions (.02A(1))
    assert plan.players == 7
    assert [c.area for c in plan.order[:3]] == ["six_card_bonus_box"] * 3
    assert plan.six_card_bonus_box == 3 and plan.community_dealt == plan.community_used == 2
    assert plan.stub == 52 - (3 + 7 * 3 + 2)


def test_stacked_methods_give_each_player_three_consecutive_cards(catalogue):
    plan = build_plan(catalogue.get("maryland"), "automated_shoe", 2)
    # .10B: the bonus box stack, the two community cards, then a stack of three to each player.
    assert [(c.label, c.stack) for c in plan.order] == (
        [("six-card bonus box", True)] * 3 + [("community area", True)] * 2
        + [("seat 1", True)] * 3 + [("seat 2", True)] * 3)


def test_south_dakota_stacks_discard_a_community_card_at_the_deal(catalogue):
    plan = build_plan(catalogue.get("south-dakota"), "shuffler_stacks", 4)
    assert (plan.community_dealt, plan.community_used) == (3, 2)
    assert plan.community_discard.when == "at_deal"
    assert plan.stub == 52 - 4 * 3 - 3


def test_every_permitted_method_gives_each_player_three_cards_and_two_community_cards_in_play(catalogue):
    for jid in catalogue.jurisdictions:
        rs = catalogue.latest(jid)
        for mid in methods(rs):
            for players in (1, 7):
                plan = build_plan(rs, mid, players)
                assert plan.cards_per_player == 3, (jid, mid)
                assert plan.community_used == 2, (jid, mid)
                assert plan.community_dealt - plan.community_used == plan.discarded - plan.burned_at_deal, (jid, mid)
                assert all(plan.count("player", seat) == 3 for seat in range(1, players + 1)), (jid, mid)


def test_unknown_method_and_too_many_players_are_refused(catalogue):
    with pytest.raises(DealingError, match=r"nsw@v1 has no dealing method 'hand' \(methods: card_shoe, shuffler_stacks\)"):
        build_plan(catalogue.get("nsw"), "hand", 2)
    with pytest.raises(DealingError, match=r"at most 7 player positions \[NSW r 2.2.1\]; got 8"):
        build_plan(catalogue.get("nsw"), None, 8)
    with pytest.raises(DealingError, match="17 players need 54 cards under manual_shoe, more than the 52 in the deck"):
        build_plan(catalogue.get("tribal"), "manual_shoe", 17)


def test_check_deal_reports_each_wrong_count_with_the_rulesets_misdeal_consequence(catalogue):
    rs = catalogue.get("tribal")
    assert check_deal(rs, "manual_shoe", {"players": [3, 3, 3], "community": 3}) == []
    found = check_deal(rs, "manual_shoe", {"players": [3, 4, 3], "community": 2})
    assert [(f["area"], f["expected"], f["got"]) for f in found] == [("seat 2", 3, 4), ("community", 3, 2)]
    assert found[0]["consequence"]["kind"] == "all_hands_void_reshuffle"
    assert found[0]["consequence"]["cite"] == "Section 12(m)(3)"


def test_check_deal_offers_every_case_where_the_ruleset_distinguishes_them(catalogue):
    found = check_deal(catalogue.get("nsw"), "card_shoe", {"players": {1: 3, 2: 2}})
    assert found[0]["consequence"]["kind"] == "depends"
    assert [c["id"] for c in found[0]["consequence"]["cases"]] == ["dealer-hand-wrong-count", "player-hand-wrong-count"]


def test_check_deal_says_when_the_ruleset_does_not_address_a_wrong_count(catalogue):
    found = check_deal(catalogue.get("south-dakota"), "hand", {"players": [3], "community_in_play": 1})
    assert found[0]["consequence"] is None
    assert found[0]["message"] == ("community in play has 1 card; the hand plan gives 2: a wrong card count, "
                                   "which this ruleset does not address")


def test_deal_plan_command_json_gives_order_counts_and_stub(catalogue):
    result = CliRunner().invoke(main, ["deal-plan", "tribal", "--method", "automated_shoe", "--players", "2",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (plan,) = data["plans"]
    assert plan["areas"] == {"each_player": 3, "community_dealt": 3, "community_used": 2,
                             "six_card_bonus_box": 0, "burned_at_deal": 0}
    assert [s["positions"] for s in plan["steps"]] == ["1-6", "7-9"]
    assert plan["stub"] == 43
    assert plan["player_order"] is None and "no player order" in plan["player_order_note"]


def test_deal_plan_command_text_and_errors():
    text = CliRunner().invoke(main, ["deal-plan", "massachusetts", "--method", "manual_shoe"])
    assert text.exit_code == 0
    assert "Note: the ruleset states no table size; 7 players assumed (use --players)" in text.output
    assert "card 8: 1 card to the community area [MGC LIR §7(c)(2)]" in text.output
    bad = CliRunner().invoke(main, ["deal-plan", "nsw", "--players", "8"])
    assert bad.exit_code == 2
    assert bad.output == "error: nsw@v1 allows at most 7 player positions [NSW r 2.2.1]; got 8\n"


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_deal_plan_json_gives_requirements_and_stub_rules_as_typed_facts(catalogue, jurisdiction):
    """Every requirement and stub rule comes with its citation and its findings as a list of ids, and the
    stub rules with every field, whatever the ruleset file spells out (a finding as one id or a list)."""
    result = CliRunner().invoke(main, ["deal-plan", jurisdiction, "--format", "json"])
    assert result.exit_code == 0, result.output
    plans = json.loads(result.output)["plans"]
    printed = {m.id: m for m in model_of(catalogue.get(jurisdiction)).dealing_methods}
    for plan in plans:
        method = printed[plan["method"]]
        assert [(r["text"], r["cite"], tuple(r["findings"])) for r in plan["requires"]] == [
            (r.text, r.cite, r.findings) for r in method.requires]
        assert all(isinstance(r["findings"], list) for r in plan["requires"])
        if method.stub is None:
            assert plan["stub_rules"] is None
        else:
            assert set(plan["stub_rules"]) == {"to_discard_unexposed", "count_every_rounds",
                                               "count_exempt_with_counting_shuffler", "cite", "findings", "text"}
            assert plan["stub_rules"]["text"] == method.stub.text
            assert plan["stub_rules"]["findings"] == list(method.stub.findings)
        assert "quote" not in json.dumps(plan)


def test_deal_plan_prints_each_stub_in_the_ruleset_s_words(catalogue):
    """A stub's `text` (who removes, counts and places it) is printed under its typed rules."""
    for jurisdiction in catalogue.jurisdictions:
        methods = [m for m in model_of(catalogue.get(jurisdiction)).dealing_methods if m.stub and m.stub.text]
        if not methods:
            continue
        result = CliRunner().invoke(main, ["deal-plan", jurisdiction])
        assert result.exit_code == 0, result.output
        flat = " ".join(result.output.split())
        for m in methods:
            assert m.stub.text in flat
