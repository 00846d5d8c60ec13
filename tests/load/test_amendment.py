"""Draft amendments written as their changes: applied to the version they amend, validated like any
ruleset, accepted wherever a ruleset is, with every problem located in the amendment file."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.amendment import PathError, fact_path
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.facts import facts
from lit_compliance.load.strict_yaml import InputError

ROOT = Path(__file__).resolve().parents[2]
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
    path = fact_path(base, "wagers.three-card-bonus.paytables.b.lines.straight_flush")
    node = base
    for step in path:
        node = node[step]
    assert node["hand"] == "straight_flush" and node["payout"]["value"] == 40
    with pytest.raises(PathError, match="has no item 'z' \\(items: a, b, c\\)"):
        fact_path(base, "wagers.three-card-bonus.paytables.z")


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


# --- issue 35: what an amendment may change, and what it costs -------------------------------------

HEAD = DRAFT.read_text(encoding="utf-8").split("\nchanges:")[0] + "\nchanges:\n"


def _definitions(count: int, start: int = 0) -> str:
    return "".join(f"  - add: definitions\n    value:\n      term: Term {k}\n      meaning: Meaning {k}.\n"
                   f"      quote: 'Term {k} means a thing.'\n      cite: COMAR 36.05.18.01B(1)\n"
                   for k in range(start, start + count))


@pytest.mark.parametrize("change, field", [
    ("  - set: jurisdiction.id\n    value: tribal\n", "jurisdiction.id"),
    ("  - set: jurisdiction\n    value: {id: tribal, name: Tribal}\n", "jurisdiction"),
    ("  - remove: source\n", "source"),
    ("  - set: source\n    value: 3\n", "source"),
    ("  - remove: source.sha256\n", "source.sha256"),
    ("  - set: version.id\n    value: v9\n", "version.id"),
    ("  - set: schema_version\n    value: 2\n", "schema_version"),
])
def test_an_amendment_cannot_change_the_rulesets_identity_or_source(tmp_path, change, field):
    """Setting the jurisdiction's id validated a Maryland draft as another jurisdiction's; removing or
    replacing the source block crashed the loader (issue 35). Each is refused where it is written."""
    draft = tmp_path / "draft.yaml"
    draft.write_text(HEAD + "  - set: jurisdiction.name\n    value: Maryland\n" + change, encoding="utf-8")
    line = HEAD.count("\n") + 3
    result = run("validate", draft)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert f"{draft}:{line}:" in result.output and f"changes[1]" in result.output
    assert f"{field}: an amendment cannot change this" in result.output
    assert result.output.count("error:") == 1


def test_more_changes_than_the_cap_are_refused_at_once(tmp_path):
    """8,000 adds took 73 s (quadratic); the cap refuses them before any is applied."""
    from lit_compliance.load.amendment import MAX_CHANGES

    draft = tmp_path / "big.yaml"
    draft.write_text(HEAD + _definitions(8_000), encoding="utf-8")
    result = run("validate", draft)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{draft}:{HEAD.count(chr(10))}:1: changes: 8,000 changes; a draft amendment makes at most " \
           f"{MAX_CHANGES:,}" in result.output


def test_applying_changes_is_linear_in_their_number(tmp_path, monkeypatch):
    """Items are named once per list, then kept up to date: the names worked out to apply n adds to one
    list grow as n (the list's own length plus one a change), not as n squared."""
    from lit_compliance.load import amendment
    from lit_compliance.load.amendment import MAX_CHANGES

    calls = [0]
    real = amendment.step_name

    def counted(*a):
        calls[0] += 1
        return real(*a)

    monkeypatch.setattr(amendment, "step_name", counted)
    base = len(Catalogue.bundled().get("maryland", "v1").data["definitions"])
    counts = {}
    for n in (100, MAX_CHANGES):
        draft = tmp_path / f"d{n}.yaml"
        draft.write_text(HEAD + _definitions(n), encoding="utf-8")
        calls[0] = 0
        result = run("validate", draft)
        assert result.exit_code == 0, result.output
        counts[n] = calls[0]
    assert counts[MAX_CHANGES] <= 3 * (base + MAX_CHANGES)          # quadratic: about 500,000
    assert counts[MAX_CHANGES] - counts[100] <= 3 * (MAX_CHANGES - 100)


def test_changes_that_rename_items_are_applied_as_one_at_a_time_would(tmp_path):
    """The kept names follow every change: a renamed, removed or replaced item is found (or not) by
    the name it has after the changes before it, as resolving each path afresh finds it."""
    import copy
    import random

    from lit_compliance.load.amendment import apply, _get
    from lit_compliance.load.strict_yaml import Document

    base = {"items": [{"id": f"i{k}"} for k in range(6)] + [{"x": 1}, {"x": 2}]}
    rng = random.Random(35)
    for trial in range(200):
        changes = []
        for _ in range(rng.randint(1, 8)):
            name = rng.choice([f"i{k}" for k in range(9)] + ["7", "8", "9", "i1~2"])
            changes.append(rng.choice([
                {"add": "items", "value": {"id": rng.choice(["i1", "i7", "i8"])}},
                {"add": "items", "value": {"x": 3}},
                {"remove": f"items.{name}"},
                {"set": f"items.{name}.id", "value": rng.choice(["i2", "i8", "z"])},
                {"set": f"items.{name}", "value": {"id": "i5"}},
                {"set": f"items.{name}.x", "value": 9},
            ]))
        doc = Document("d.yaml", {"changes": changes}, {})
        got, _, got_problems = apply(base, doc)
        # the reference: each change applied alone, names resolved afresh
        want, want_problems = copy.deepcopy(base), []
        for i, change in enumerate(changes):
            one = Document("d.yaml", {"changes": [change]}, {})
            want, _, found = apply(want, one)
            want_problems += [p.message for p in found]
        assert got == want, (trial, changes)
        assert [p.message for p in got_problems] == want_problems, (trial, changes)
