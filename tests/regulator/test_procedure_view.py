"""The round's procedure shown: ``deal-plan`` prints each step with who acts, for whom, the cards'
states and the open wagers after it, and the ruleset's site page shows the same, with the conflicts
the procedure checker reports (issue 31)."""
from __future__ import annotations

import html
import json

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue
from lit_compliance.regulator.conflicts import conflict_rows
from lit_compliance.report.references import page

CAT = Catalogue.bundled()
JURISDICTIONS = sorted({rs.jurisdiction for rs in CAT.all_versions()})


def _plan(*args: str) -> dict:
    result = CliRunner().invoke(main, ["deal-plan", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_deal_plan_gives_every_step_of_the_round_in_order_with_its_states(jurisdiction):
    rs = CAT.latest(jurisdiction)
    data = _plan(jurisdiction, "--players", "3")
    proc = data["procedure"]
    seq = rs.data["round_sequence"]
    assert [(s["step"], s["wager"], s["cite"]) for s in proc["steps"]] == [
        (s["step"], s.get("wager"), s["cite"]) for s in seq]
    assert proc["players"] == 3 and proc["method"] == data["plans"][0]["method"]
    states = {s["step"]: s for s in proc["steps"]}
    assert states["deal"]["player_cards"].startswith("face down")
    assert states["reveal_player_hands"]["player_cards"].startswith("face up")
    # after the last community card is turned, as many lie face up as the dealing plan puts in play
    last_reveal = [s for s in proc["steps"] if s["step"].startswith("reveal_community_card")][-1]
    used = data["plans"][0]["areas"]["community_used"]
    assert last_reveal["community"].startswith(f"0 face down, {used} face up")
    # every wager placed is open after the wagers are placed; a step that may leave cards in a state says so
    placed = states["place_wagers"]["open_wagers"]
    assert {w.split(":")[0] for w in placed} >= {b["id"] for b in rs.data["base_game"]["bets"]}
    for step, raw in zip(proc["steps"], seq):
        if "may_leave_cards" in raw and raw["may_leave_cards"]["state"] == "covered":
            assert "may be left covered" in step["player_cards"]
        scope = step["scope"]
        assert scope == "the whole table at once" if raw.get("order") == "table" else scope != "the whole table at once"
    # a rule keeping the cards in view is shown while it holds, from the deal to its end
    for rule in rs.data["other_rules"]:
        demand = rule.get("cards_must_be")
        if demand and demand["state"] == "in_view" and demand.get("until"):
            shown = [s["step"] for s in proc["steps"] if any(rule["id"] in x for x in s["rules_keep_cards"])]
            assert shown and shown[0] == "deal" and demand["until"] not in shown


def test_deal_plan_text_prints_the_round_and_is_the_same_every_time():
    args = ["deal-plan", "maryland", "--method", "hand", "--players", "2"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0
    assert first.output == CliRunner().invoke(main, args).output
    text = first.output
    assert "The round, step by step (2 player(s), --method hand)" in text
    seq = CAT.latest("maryland").data["round_sequence"]
    for n, step in enumerate(seq, 1):
        assert f"  {n}. {step['step'].replace('_', ' ')}" in text
    assert "may be left covered (under chips)" in text


def test_the_ruleset_page_shows_the_round_and_the_checker_s_conflicts(built_site):
    for rs in CAT.all_versions():
        text = html.unescape((built_site / page(rs) / "index.html").read_text(encoding="utf-8"))
        assert 'id="round-procedure"' in text
        for step in rs.data["round_sequence"]:
            assert step["cite"] in text
        for row in conflict_rows([rs]):
            for fid in row["recorded_by"]:
                assert f'href="#findings.{fid}"' in text or f"finding {fid}" in text
        if not conflict_rows([rs]):
            assert "None: the steps, the states of cards the rules demand" in text
