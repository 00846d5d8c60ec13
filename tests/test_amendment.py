"""Draft amendments written as their changes: applied to the version they amend, validated like any
ruleset, accepted wherever a ruleset is, with every problem located in the amendment file."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.amendment import resolve, PathError
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.facts import facts
from lit_compliance.load.strict_yaml import InputError

ROOT = Path(__file__).resolve().parent.parent
DRAFT = ROOT / "examples" / "maryland-draft-amendment.yaml"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_example_draft_is_written_as_its_changes_in_under_100_lines():
    text = DRAFT.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 100
    assert "amends: maryland@v1" in text


def test_an_amendment_is_its_base_with_only_its_changes_applied():
    base = Catalogue.bundled().get("maryland", "v1")
    draft = load_ruleset(DRAFT)
    assert draft.ref == "maryland@draft-1" and draft.data["version"]["supersedes"] == "v1"
    # Everything the draft does not name is the base's, unchanged.
    changed = {"version", "source", "wagers", "irregularities"}
    for key in set(base.data) - changed:
        assert draft.data[key] == base.data[key], key
    assert "clauses" not in draft.data["source"]  # the draft's own text is not bundled
    ids_base = {f.id for f in facts(base)}
    ids_draft = {f.id for f in facts(draft)}
    added = ids_draft - ids_base
    assert "wagers.base.paytables.d" in added and len(added) == 10       # the paytable and its 9 lines
    assert ids_base - ids_draft == set()


def test_a_change_path_is_a_fact_id():
    base = Catalogue.bundled().get("maryland", "v1").data
    path = resolve(base, "wagers.three-card-bonus.paytables.b.lines.straight_flush")
    node = base
    for step in path:
        node = node[step]
    assert node["hand"] == "straight_flush" and node["payout"]["value"] == 40
    with pytest.raises(PathError, match="has no item 'z' \\(items: a, b, c\\)"):
        resolve(base, "wagers.three-card-bonus.paytables.z")


@pytest.mark.parametrize("edit, where, message", [
    (("paytables.b.lines.straight_flush", "paytables.z.lines.straight_flush"), "changes[1].set",
     "has no item 'z'"),
    (("kind: card_not_used", "kind: card_not_usd"), "irregularities[4].consequence.kind", "is not one of"),
    (("amends: maryland@v1", "amends: maryland@v9"), "amends", "no version 'v9'"),
    (("  - set: wagers.three-card", "  - add: wagers.three-card"), "changes[1]", None),
])
def test_every_problem_of_an_amendment_is_located_in_it(tmp_path, edit, where, message):
    bad = tmp_path / "draft.yaml"
    text = DRAFT.read_text(encoding="utf-8")
    assert edit[0] in text
    bad.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_ruleset(bad)
    problems = caught.value.problems
    assert problems and all(p.file == str(bad) or p.file.endswith("draft.yaml") for p in problems)
    assert any(p.path.startswith(where) and (message is None or message in p.message) for p in problems), problems
    result = run("validate", bad)
    assert result.exit_code == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["show", DRAFT],
    ["analyze", DRAFT, "--wager", "three-card-bonus"],
    ["par", DRAFT, "--wager", "base", "--paytable", "d"],
    ["validate", DRAFT],
])
def test_commands_that_take_a_ruleset_take_an_amendment(args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "draft-1" in result.output or "valid" in result.output


def test_diff_of_the_draft_shows_its_three_changes_and_the_added_paytable():
    result = run("diff", "maryland@v1", DRAFT)
    assert result.exit_code == 1
    assert "4 differences: 1 added, 3 changed." in result.output
    assert "50 to 1" in result.output and "Paytable D" in result.output


def test_a_file_of_the_wrong_kind_is_named_as_such():
    result = run("check", ROOT / "examples" / "rounds" / "maryland-progressive-envy.yaml")
    assert result.exit_code == 2
    assert "this is a round file, not a table configuration" in result.output
    assert result.output.count("\n") == 1
    result = run("settle", ROOT / "examples" / "configs" / "maryland.yaml")
    assert result.exit_code == 2 and "this is a table configuration, not a round file" in result.output
