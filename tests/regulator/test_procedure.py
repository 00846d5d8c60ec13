"""The round's procedure as data, played for every player count (issue 31, first part): a step
that needs a hand not yet turned or cards already removed is reported, and every such conflict in
the bundled rulesets is recorded by a finding citing the step that caused it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.regulator.procedure import conflicts, passes, procedure, table_positions

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*/*.yaml"))


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_conflict_in_the_bundled_rulesets_is_recorded_by_a_finding(path):
    rs = load_ruleset(path)
    found = conflicts(rs)
    assert [(c.step.name, c.what) for c in found if not c.recorded_by] == []
    findings = {f["id"]: f for f in rs.findings}
    for c in found:
        for fid in c.recorded_by:
            assert fid in findings and fid in c.step.findings


def test_the_procedure_keeps_the_source_order_and_groups_player_by_player_runs():
    rs = Catalogue.bundled().latest("maryland")
    steps = procedure(rs)
    assert [s.name for s in steps] == [s["step"] for s in rs.data["round_sequence"]]
    runs = passes(steps)
    assert sum(len(r) for r in runs) == len(steps)
    for run in runs:
        assert len(run) == 1 or all(s.scope == "player" for s in run)
    last = runs[-1]  # .11D-.11G: turn, settle, pay envy and remove the cards, one player at a time
    assert [s.name for s in last][0] == "reveal_player_hands" and last[-1].name == "collect_cards"


def test_maryland_envy_bonus_needs_hands_turned_later_and_cards_removed_earlier():
    rs = Catalogue.bundled().latest("maryland")
    found = {(c.step.name, c.cause.name if c.cause else None): c for c in conflicts(rs)}
    assert set(found) == {("pay_envy_bonuses", "reveal_player_hands"), ("pay_envy_bonuses", "collect_cards")}
    assert {c.players for c in found.values()} == {2}  # one player alone has no other hand to wait for
    assert conflicts(rs, max_players=1) == []
    assert found[("pay_envy_bonuses", "reveal_player_hands")].recorded_by == ("md-envy-paid-before-every-hand-turned",)
    assert found[("pay_envy_bonuses", "collect_cards")].recorded_by == ("md-cards-removed-player-by-player",)


def _copy(tmp_path: Path, path: Path, data: dict) -> Path:
    folder = tmp_path / path.parent.name
    folder.mkdir(exist_ok=True)
    target = folder / path.name
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return target


def test_a_step_that_needs_every_hand_placed_inside_the_per_player_pass_is_reported(tmp_path):
    path = ROOT / "rulesets" / "south-dakota" / "2017-04-17.yaml"
    assert conflicts(load_ruleset(path)) == []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    envy = next(i for i, s in enumerate(data["round_sequence"]) if s["step"] == "pay_envy_bonuses")
    data["round_sequence"][envy]["order"] = "counterclockwise_from_dealer_right"  # planted: per player
    target = _copy(tmp_path, path, data)
    (c,) = conflicts(load_ruleset(target))
    assert (c.step.name, c.cause.name, c.players, c.recorded_by) == ("pay_envy_bonuses", "reveal_player_hands", 2, ())
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 1
    assert f"conflict: {target}:" in result.output and "step pay_envy_bonuses" in result.output
    assert "needs another player's hand face up, not yet turned (reveal_player_hands;" in result.output


def test_cards_removed_player_by_player_before_a_table_step_that_needs_every_hand_is_reported(tmp_path):
    path = ROOT / "rulesets" / "south-dakota" / "2017-04-17.yaml"
    assert conflicts(load_ruleset(path)) == []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    seq = data["round_sequence"]
    collect = seq.pop(next(i for i, s in enumerate(seq) if s["step"] == "collect_cards"))
    collect["order"] = "per_player"  # planted: each player's cards removed after that player is paid
    seq.insert(next(i for i, s in enumerate(seq) if s["step"] == "pay_envy_bonuses"), collect)
    target = _copy(tmp_path, path, data)
    found = conflicts(load_ruleset(target))
    assert [(c.step.name, c.cause.name, c.players, c.what, c.recorded_by, c.reason) for c in found] == [
        ("pay_envy_bonuses", "collect_cards", 1, "a player's cards, removed by an earlier step", (), None)]
    result = CliRunner().invoke(main, ["validate", "--procedure", "--format", "json", str(target)])
    assert result.exit_code == 1
    (row,) = json.loads(result.output)["procedure_conflicts"]
    assert row["step"] == "pay_envy_bonuses" and row["cause"] == "collect_cards" and row["recorded_by"] == []
    # a recorded reason that the conflict is no defect of the source settles it without a finding
    envy = next(s for s in seq if s["step"] == "pay_envy_bonuses")
    envy["not_conflicts"] = [{"with": "collect_cards", "reason": "planted: the envy is paid on a record of the hands"}]
    target = _copy(tmp_path, path, data)
    (c,) = conflicts(load_ruleset(target))
    assert c.reason == "planted: the envy is paid on a record of the hands" and c.recorded_by == ()
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 0, result.output
    assert "no defect: " in result.output and "reason: planted: the envy is paid" in result.output


def test_the_player_counts_played_are_the_table_positions_the_ruleset_states():
    cat = Catalogue.bundled()
    assert table_positions(cat.latest("maryland")) == cat.latest("maryland").data["table"]["max_positions"]["value"]
    assert cat.latest("tribal").data["table"]["max_positions"]["value"] is None
    assert table_positions(cat.latest("tribal")) == 7


def test_validate_procedure_passes_on_the_bundled_catalogue():
    result = CliRunner().invoke(main, ["validate", "--procedure"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "recorded: rulesets/maryland/v1.yaml:" in result.output or "recorded: " in result.output


def test_maryland_cards_covered_or_removed_where_a_rule_keeps_them_in_view_or_face_up():
    from lit_compliance.regulator.procedure import state_conflicts

    rs = Catalogue.bundled().latest("maryland")
    found = {(c.step.name, c.rule): c for c in state_conflicts(rs)}
    assert set(found) == {("decide_bet1", "cards-in-view"), ("decide_bet2", "cards-in-view"),
                          ("collect_cards", "cards-face-up-until-settled")}
    assert found[("decide_bet1", "cards-in-view")].recorded_by == ("md-tuck-vs-full-view",)
    assert (found[("decide_bet1", "cards-in-view")].demanded, found[("decide_bet1", "cards-in-view")].left) == (
        "in_view", "covered")
    # .11F holds until the cards are collected, but .11G collects them player by player: from two players
    assert found[("collect_cards", "cards-face-up-until-settled")].players == 2
    assert found[("collect_cards", "cards-face-up-until-settled")].recorded_by == ("md-cards-removed-player-by-player",)


def test_a_rule_keeping_cards_in_view_and_a_step_that_may_cover_them_are_reported(tmp_path):
    from lit_compliance.regulator.procedure import state_conflicts

    path = ROOT / "rulesets" / "tribal" / "v1.yaml"
    assert [c for c in state_conflicts(load_ruleset(path)) if not c.recorded_by] == []
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    bet = next(s for s in data["round_sequence"] if s["step"] == "decide_bet1")
    bet["may_leave_cards"] = {"cards": "player", "state": "covered"}  # planted: a signal under the chips
    target = _copy(tmp_path, path, data)
    (c,) = [c for c in state_conflicts(load_ruleset(target)) if not c.recorded_by]
    assert (c.step.name, c.rule, c.demanded, c.left, c.players, c.recorded_by) == (
        "decide_bet1", "cards-in-full-view", "in_view", "covered", 1, ())
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 1
    assert "step decide_bet1" in result.output and "other rule cards-in-full-view" in result.output
    rule = next(r for r in data["other_rules"] if r["id"] == "cards-in-full-view")
    rule["cards_must_be"]["until"] = "deal"  # a demand that has ended by then is no conflict
    assert [c for c in state_conflicts(load_ruleset(_copy(tmp_path, path, data))) if not c.recorded_by] == []


from lit_compliance.regulator.exception_scope import EXCEPTION_RECORDING_KINDS as EXCEPTION_KINDS  # noqa: E402
from lit_compliance.regulator.procedure import RECORDING_KINDS  # noqa: E402

JURISDICTIONS = sorted({rs.jurisdiction for rs in Catalogue.bundled().all_versions()})


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_validate_procedure_passes_for_every_bundled_ruleset(jurisdiction):
    """Every ruleset of the catalogue: its procedure played, every conflict recorded (0 unrecorded)."""
    for rs in Catalogue.bundled().all_versions():
        if rs.jurisdiction != jurisdiction:
            continue
        result = CliRunner().invoke(main, ["validate", "--procedure", "--format", "json", str(rs.path)])
        assert result.exit_code == 0, result.output[-2000:]
        rows = json.loads(result.output)["procedure_conflicts"]
        assert [r for r in rows if not r["recorded_by"] and not r["reason"]] == []
        findings = {f["id"]: f for f in rs.findings}
        for row in rows:  # a recording finding quotes the source and names both sides' clauses
            for fid in row["recorded_by"]:
                kinds = EXCEPTION_KINDS if row["class"] == "exception" else RECORDING_KINDS
                assert findings[fid]["quote"] and findings[fid]["kind"] in kinds


@pytest.mark.parametrize("jurisdiction, step, rule, finding", [
    ("tribal", "collect_losing_wagers", "winning-hands-stay-face-up", "losing-bonus-cards-collected-before-win-paid"),
    ("massachusetts", "collect_cards", "hands-face-up-until-settled", "ma-cover-all-removal-before-settled"),
    ("nsw", "decide_bet1", "cards-kept-in-view", "nsw-tuck-vs-full-view"),
    ("nsw", "decide_bet2", "cards-kept-in-view", "nsw-tuck-vs-full-view"),
])
def test_card_state_conflicts_found_in_the_other_rulesets(jurisdiction, step, rule, finding):
    from lit_compliance.regulator.procedure import state_conflicts

    rs = Catalogue.bundled().latest(jurisdiction)
    found = {(c.step.name, c.rule): c for c in state_conflicts(rs)}
    assert finding in found[(step, rule)].recorded_by


def test_a_table_of_more_positions_than_any_seats_is_refused_not_played_out(tmp_path):
    """The player counts played are the positions the ruleset states, so a mutated ruleset stating
    2^31 of them once kept ``validate --procedure`` playing for hours (the long fuzz run's seventh
    run). No table seats more than 100: a larger figure is refused by the schema, naming the file,
    line and field; 100 itself is played out, every conflict at the smallest count it occurs, as at
    seven (the bundled Maryland ruleset's figure)."""
    path = ROOT / "rulesets" / "maryland" / "v1.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    seven = [(c.step.name, c.cause.name if c.cause else None, c.players, c.what) for c in conflicts(load_ruleset(path))]
    assert seven and data["table"]["max_positions"]["value"] == 7
    data["table"]["max_positions"]["value"] = 2 ** 31
    target = _copy(tmp_path, path, data)
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 1
    assert f"error: {target}:" in result.output
    assert "table.max_positions.value: 2147483648 is greater than the maximum of 100" in result.output
    data["table"]["max_positions"]["value"] = 100
    target = _copy(tmp_path, path, data)
    hundred = conflicts(load_ruleset(target))
    assert [(c.step.name, c.cause.name if c.cause else None, c.players, c.what) for c in hundred] == seven
    result = CliRunner().invoke(main, ["validate", "--procedure", "--gaps", "--format", "json", str(target)])
    assert result.exit_code in (0, 1) and json.loads(result.output)["procedure_conflicts"]
