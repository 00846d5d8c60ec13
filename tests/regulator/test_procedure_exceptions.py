"""The procedure checker's third class (exceptions against their rules), and a conflict of each of
the three classes planted into a copy of a ruleset and reported with file, line, both citations and
a non-zero exit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.model.sections import Situation
from lit_compliance.regulator.exception_scope import beyond, exception_conflicts, swallows
from lit_compliance.regulator.procedure import conflicts, state_conflicts

ROOT = Path(__file__).resolve().parents[2]


def test_an_exception_inside_its_rule_is_no_conflict_and_one_outside_or_equal_is():
    rule = Situation.from_data({"subject": ["stub_to_discard"], "dealing": ["manual_shoe"]})
    inside = Situation.from_data({"subject": ["stub_to_discard"], "dealing": ["manual_shoe"], "when": ["count_due"]})
    assert beyond(inside, rule) == () and not swallows(inside, rule)
    wider = Situation.from_data({"subject": ["stub_to_discard", "dispensing_order"]})  # and any dealing method
    assert beyond(wider, rule) == (("subject", ("dispensing_order",)), ("dealing", ()))
    same = Situation.from_data({"subject": ["stub_to_discard"], "dealing": ["manual_shoe"]})
    assert beyond(same, rule) == () and swallows(same, rule)


def test_every_exception_conflict_in_the_bundled_rulesets_is_recorded_and_computed_from_the_data():
    cat = Catalogue.bundled()
    seen = {}
    for rs in cat.all_versions():
        data_exceptions = {x["id"]: x for x in rs.data.get("exceptions") or ()}
        for c in exception_conflicts(rs):
            assert c.recorded_by or c.reason, (rs.ref, c.exception.id)
            x = data_exceptions[c.exception.id]
            for dim, values in c.outside:  # what lies outside is what the data's exception has and its rule lacks
                assert set(values) == set(x["covers"].get(dim, ())) - set(x["rule"]["covers"][dim])
            seen[(rs.jurisdiction, c.exception.id)] = (c.kind, c.recorded_by)
    assert seen[("maryland", "reshuffling-shoe-community-stack")] == ("outside", ("md-auto-shoe-10h-xref",))
    assert seen[("maryland", "manual-shoe-stub-self")] == ("whole", ("md-manual-shoe-stub-self-reference",))
    assert seen[("nsw", "community-card-exposed-after-handling")] == (
        "outside", ("nsw-r12-6-exception-outside-its-rule",))
    # every bundled ruleset that writes exceptions has them as data (South Dakota's only one, (12), excepts
    # a section that is not bundled)
    assert {rs.jurisdiction for rs in cat.all_versions() if rs.data.get("exceptions")} == {
        "maryland", "tribal", "massachusetts", "nsw"}


def _line_of(text: str, needle: str) -> int:
    (i,) = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == needle]
    return i


def test_a_conflict_of_each_class_planted_into_a_copy_is_reported_with_file_line_and_both_citations(tmp_path):
    path = ROOT / "rulesets" / "tribal" / "v1.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    seq = data["round_sequence"]
    # class 1: the cards collected before the winning wagers are paid, which needs the hand
    collect = seq.pop(next(i for i, s in enumerate(seq) if s["step"] == "collect_cards"))
    seq.insert(next(i for i, s in enumerate(seq) if s["step"] == "pay_winning_wagers"), collect)
    next(s for s in seq if s["step"] == "pay_winning_wagers").pop("finding")  # no finding of its own records it
    # class 2: a signal that covers the cards the player keeps in full view
    next(s for s in seq if s["step"] == "decide_bet2")["may_leave_cards"] = {"cards": "player", "state": "covered"}
    # class 3: the re-cut exception widened to the shuffle, which its rule (the cut) does not cover
    recut = next(x for x in data["exceptions"] if x["id"] == "recut")
    recut["covers"]["subject"] = ["cut", "shuffle"]
    folder = tmp_path / "tribal"
    folder.mkdir()
    target = folder / "v1.yaml"
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000)
    target.write_text(text, encoding="utf-8")

    rs = load_ruleset(target)
    assert [(c.step.name, c.cause.name) for c in conflicts(rs) if not c.recorded_by] == [
        ("pay_winning_wagers", "collect_cards")]
    assert [(c.step.name, c.rule) for c in state_conflicts(rs) if not c.recorded_by] == [
        ("decide_bet2", "cards-in-full-view")]
    assert [(c.exception.id, c.outside) for c in exception_conflicts(rs)
            if not c.recorded_by] == [("recut", (("subject", ("shuffle",)),))]

    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("conflict: ")]
    assert len(lines) == 3
    pay = next(s for s in seq if s["step"] == "pay_winning_wagers")
    bet2 = next(s for s in seq if s["step"] == "decide_bet2")
    rule = next(r for r in data["other_rules"] if r["id"] == "cards-in-full-view")
    expected = [
        (_line_of(text, "- step: pay_winning_wagers"), pay["cite"], collect["cite"]),
        (_line_of(text, "- step: decide_bet2"), bet2["cite"], rule["cite"]),
        (_line_of(text, "- id: recut"), recut["cite"], recut["rule"]["cite"]),
    ]
    for line, (number, cite, other_cite) in zip(sorted(lines, key=lambda s: int(s.split(":")[2])), sorted(expected)):
        assert line.startswith(f"conflict: {target}:{number}: ")
        assert cite in line and other_cite in line

    result = CliRunner().invoke(main, ["validate", "--procedure", "--format", "json", str(target)])
    assert result.exit_code == 1
    rows = [r for r in json.loads(result.output)["procedure_conflicts"] if not r["recorded_by"] and not r["reason"]]
    assert sorted(r["class"] for r in rows) == ["card_state", "exception", "needs"]
    (row,) = [r for r in rows if r["class"] == "exception"]
    assert (row["exception"], row["cite"], row["cause_cite"]) == ("recut", recut["cite"], recut["rule"]["cite"])


@pytest.mark.parametrize("reason", ["planted: the supervisor's re-cut may include a fresh shuffle"])
def test_an_exception_conflict_with_a_recorded_reason_passes(tmp_path, reason):
    path = ROOT / "rulesets" / "tribal" / "v1.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    recut = next(x for x in data["exceptions"] if x["id"] == "recut")
    recut["covers"]["subject"] = ["cut", "shuffle"]
    recut["not_a_conflict"] = reason
    folder = tmp_path / "tribal"
    folder.mkdir()
    target = folder / "v1.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 0, result.output
    assert f"no defect: {target}:" in result.output and f"reason: {reason}" in result.output


def test_the_procedure_is_played_for_every_dealing_method_and_player_count():
    from lit_compliance.regulator.deal_check import deal_conflicts, plays
    from lit_compliance.regulator.procedure import table_positions

    for rs in Catalogue.bundled().all_versions():
        methods = [m["id"] for m in rs.data["dealing_methods"]]
        assert plays(rs) == [(m, n) for m in methods for n in range(1, table_positions(rs) + 1)]
        assert deal_conflicts(rs) == []  # every bundled method deals what the round's steps use


def test_a_dealing_method_that_deals_too_few_community_cards_is_reported(tmp_path):
    from lit_compliance.regulator.deal_check import deal_conflicts

    path = ROOT / "rulesets" / "nsw" / "v1.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    shoe = next(m for m in data["dealing_methods"] if m["id"] == "card_shoe")
    steps = shoe["plan"]["steps"]
    steps.pop(max(i for i, s in enumerate(steps) if s["to"] == "community"))  # planted: one community card lost
    shoe.pop("finding", None)
    shoe["plan"].pop("finding", None)  # and no finding of the method's records it
    turned = sum(1 for s in data["round_sequence"] if s["step"].startswith(("reveal_community", "burn_community")))
    folder = tmp_path / "nsw"
    folder.mkdir()
    target = folder / "v1.yaml"
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000)
    target.write_text(text, encoding="utf-8")
    found = deal_conflicts(load_ruleset(target))
    dealt = sum(s["cards"] for s in steps if s["to"] == "community")
    assert [(c.method, c.players) for c in found] == [("card_shoe", 1)]
    assert any(f"leaves {dealt} community card(s) face down, but the round's steps burn or turn {turned}" == c.says
               for c in found)
    result = CliRunner().invoke(main, ["validate", "--procedure", str(target)])
    assert result.exit_code == 1
    assert f"conflict: {target}:{_line_of(text, '- id: card_shoe')}: dealing method card_shoe" in result.output
