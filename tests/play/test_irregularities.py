"""Irregularities: the consequence and citation a ruleset gives for an event, or 'not addressed'."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model.round_vocabulary import EVENT_DESCRIPTIONS
from lit_compliance.play.irregularities import (HAND_RIDES, HAND_VOID, ROUND_VOID, UnknownEvent,
                                           consequence, events, normalise_event)
from lit_compliance.load.validation import schema


def test_community_card_exposed_early_voids_the_round_in_maryland(catalogue):
    found = consequence(catalogue.get("maryland"), "community_card_exposed_early")
    assert found["kind"] == "all_hands_void_reshuffle"
    assert found["cite"] == "COMAR 36.05.18.13E"
    assert found["effect"] == "round_void"
    assert found["cases"] == []


def test_an_event_the_ruleset_does_not_address_gives_none(catalogue):
    assert consequence(catalogue.get("tribal"), "community_card_exposed_early") is None
    assert consequence(catalogue.get("south-dakota"), "shuffler_malfunction") is None


def test_an_event_with_several_circumstances_gives_every_case(catalogue):
    found = consequence(catalogue.get("nsw"), "community-card-exposed-early")
    assert found["kind"] == "depends"
    assert [(c["id"], c["kind"]) for c in found["cases"]] == [
        ("community-card-exposed-during-deal", "misdeal_new_round"),
        ("community-card-exposed-after-handling", "play_continues")]


def test_shuffler_jam_means_reshuffle_with_each_jurisdictions_citation(catalogue):
    cites = {j: (consequence(catalogue.latest(j), "shuffler_malfunction") or {}).get("cite")
             for j in catalogue.jurisdictions}
    assert cites == {"maryland": "COMAR 36.05.18.13F", "massachusetts": "MGC LIR §14(d)", "nsw": "NSW r 13.1",
                     "south-dakota": None, "tribal": "Section 12(m)(4)"}


def test_event_names_accept_hyphens_and_reject_unknown_events():
    assert normalise_event("Wrong-Card-Count") == "wrong_card_count"
    with pytest.raises(UnknownEvent, match="unknown irregularity event 'dealer_sneezed'"):
        normalise_event("dealer_sneezed")


def test_every_schema_event_has_a_description_and_settlement_kinds_are_real_consequences():
    assert set(EVENT_DESCRIPTIONS) == set(events())
    kinds = set(schema("ruleset")["$defs"]["consequence"]["enum"])
    assert ROUND_VOID | HAND_VOID | HAND_RIDES <= kinds


def test_irregularity_command_for_all_jurisdictions_says_not_addressed_where_silent():
    result = CliRunner().invoke(main, ["irregularity", "all", "community_card_exposed_early"])
    assert result.exit_code == 0
    blocks = result.output.split("\n\n")
    by_name = {b.splitlines()[0]: b for b in blocks[1:]}
    assert by_name["Tribal gaming code (Section 12) (tribal@v1):"].splitlines()[1] == "  not addressed by this ruleset"
    assert "[COMAR 36.05.18.13E]" in by_name["Maryland (maryland@v1):"]
    assert "Settlement: the round is void: every wager is returned" in by_name["Maryland (maryland@v1):"]


def test_irregularity_command_exits_1_when_the_ruleset_is_silent():
    result = CliRunner().invoke(main, ["irregularity", "tribal", "fraud", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["answers"] == [{"ruleset": "tribal@v1", "jurisdiction": "Tribal gaming code (Section 12)",
                                "addressed": False, "consequence": None}]


def test_irregularity_command_json_gives_kind_text_and_cite():
    result = CliRunner().invoke(main, ["irregularity", "nsw", "player_absent_cards_viewed", "--format", "json"])
    assert result.exit_code == 0
    found = json.loads(result.output)["answers"][0]["consequence"]
    assert (found["kind"], found["cite"], found["effect"]) == ("treated_as_let_it_ride", "NSW r 12.13", "hand_rides")


def test_irregularity_list_shows_each_jurisdictions_consequence_kinds():
    result = CliRunner().invoke(main, ["irregularity", "--list", "all"])
    assert result.exit_code == 0
    rows = {line.split()[0]: line for line in result.output.splitlines()[1:-1]}
    assert set(rows) == {event.replace("_", "-") for event in events()}  # as the command takes them
    assert "deck removed" in rows["shuffler-count-wrong"]
    plain = CliRunner().invoke(main, ["irregularity", "--list"])
    assert plain.output.splitlines()[0].split(None, 1) == ["card-face-up-in-deck", EVENT_DESCRIPTIONS["card_face_up_in_deck"]]


def test_irregularity_command_errors_are_clean():
    unknown = CliRunner().invoke(main, ["irregularity", "tribal", "bogus"])
    assert unknown.exit_code == 2 and unknown.output.startswith("error: unknown irregularity event 'bogus'")
    missing = CliRunner().invoke(main, ["irregularity", "tribal"])
    assert missing.exit_code == 2
    assert missing.output == "error: give JURISDICTION and EVENT (or --list); JURISDICTION may be 'all'\n"
    nowhere = CliRunner().invoke(main, ["irregularity", "nevada", "fraud"])
    assert nowhere.exit_code == 2 and "unknown jurisdiction 'nevada'" in nowhere.output
