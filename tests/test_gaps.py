"""The gap check (issue 31): a requirement's content words must be carried by the value or typed
fields of the fact that claims it. Omissions of three kinds are planted into a copy of a bundled
ruleset (a fact that quotes the requirement and drops it from its value) and each is reported with
the file, the fact's line and the missing word; a why_not in source.clauses.claims answers for one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.load.claims import claims
from lit_compliance.load.facts import facts
from lit_compliance.load.gaps import ContentWord, carried, carried_stems, content_words, gaps

ROOT = Path(__file__).resolve().parent.parent
MARYLAND = ROOT / "rulesets" / "maryland" / "v1.yaml"


def _find(node, pred, path=()):
    """The path of the first mapping under ``node`` for which ``pred`` holds."""
    if isinstance(node, dict):
        if pred(node):
            return path
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return None
    for key, value in items:
        found = _find(value, pred, path + (key,))
        if found is not None:
            return found
    return None


def _at(data, path):
    for step in path:
        data = data[step]
    return data


def _quoting(rs, words: str) -> list:
    """The requirements whose text holds ``words``."""
    return [c for c in claims(rs) if words in c.requirement.text]


# (what the source says, a fact that quotes it, how the plant drops it from the fact's value, the word and its class)
PLANTS = {
    "a quality a thing must have": (
        "The cards in each deck must be of the same design",
        lambda n: n.get("id") == "same-design",
        lambda n: n.update(text="The cards in each deck are of one design."),
        ("same", "quality")),
    "a prohibition on what someone may do next": (
        "and the player shall not touch the cards again.",
        lambda n: n.get("step") == "examine_cards",
        lambda n: n.update(text=n["text"].replace(" and does not touch them again", "")),
        ("not", "prohibition")),
    "a designation the operator must make in a named document": (
        "Made according to one of the payouts for Envy Bonus Qualifying Hands that was designated by the facility",
        lambda n: "qualifying_hands" in n and "envy" not in n,
        lambda n: n.update(text=n["text"].replace(
            ", made according to one of the payouts for Envy Bonus Qualifying Hands the facility operator "
            "designated in its Rules Submission (.12H(2))", "")),
        ("Submission", "document")),
}


@pytest.mark.parametrize("kind", list(PLANTS))
def test_an_omission_planted_into_a_fact_is_reported_with_file_line_and_word(tmp_path, kind):
    says, which, plant, (word, word_kind) = PLANTS[kind]
    bundled = load_ruleset(MARYLAND)
    (claimed,) = _quoting(bundled, says)
    rid = claimed.requirement.id
    assert rid not in {g.requirement for g in gaps(bundled)}  # the bundled fact carries it
    assert (word, word_kind) in {(w.word, w.kind) for w in content_words(claimed.requirement.text)}

    data = yaml.safe_load(MARYLAND.read_text(encoding="utf-8"))
    path = _find(data, which)
    node = _at(data, path)
    before = json.dumps(node, sort_keys=True)
    plant(node)
    assert json.dumps(node, sort_keys=True) != before  # the plant changed the value, not the quote
    (tmp_path / "maryland").mkdir()
    copy = tmp_path / "maryland" / "v1.yaml"
    copy.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    planted = load_ruleset(copy)
    fact = next(f for f in facts(planted) if f.path == path)

    found = [g for g in gaps(planted) if g.requirement == rid]
    assert len(found) == 1 and fact.id in found[0].claimed_by
    assert (word, word_kind) in {(w.word, w.kind) for w in found[0].missing}

    result = CliRunner().invoke(main, ["validate", "--gaps", str(copy)])
    assert result.exit_code == 1
    line = next(l for l in result.output.splitlines() if f"requirement {rid} " in l)
    assert line.startswith(f"gap: {copy}:{fact.line}: requirement {rid} claimed by ")
    assert f'{word_kind} "{word}"' in line

    data.setdefault("source", {}).setdefault("clauses", {})["claims"] = [
        {"requirement": rid, "fact": fact.id, "why_not": "Planted: the test says why."}]
    copy.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert rid not in {g.requirement for g in gaps(load_ruleset(copy))}


def test_content_words_leave_out_references_names_and_conditions():
    words = {(w.word, w.kind) for w in content_words(
        "Except as provided in Regulation .11 of this chapter, a wager may not be made, increased or "
        "withdrawn after the dealer has announced “no more bets.”")}
    assert ("not", "prohibition") in words and not any(k == "figure" for _, k in words)
    assert not any(k == "prohibition" for _, k in {(w.word, w.kind) for w in content_words(
        "If an automated card shuffling device is not being used, count the stub.")})
    assert {(w.word, w.kind) for w in content_words("A player shall place a Six Card Bonus Wager.")} == {
        ("player", "actor"), ("place", "action")}
    (ten,) = [w for w in content_words("the dealer shall place the cover card at least ten cards in from the top")
              if w.kind == "figure"]
    assert ten.word == "ten" and carried(ten, carried_stems(["min_cards", "10"]))
    assert not carried(ten, carried_stems(["min_cards", "1"]))


def test_validate_gaps_names_every_gap_in_json_and_exits_1_only_when_any(tmp_path):
    result = CliRunner().invoke(main, ["validate", "--gaps", "--format", "json", str(MARYLAND)])
    rows = json.loads(result.output)["gaps"]
    assert [r["requirement"] for r in rows] == [g.requirement for g in gaps(load_ruleset(MARYLAND))]
    assert result.exit_code == (1 if rows else 0)
    for r in rows:
        assert r["path"] and r["line"] > 0 and r["missing"]


def test_content_words_skip_what_the_sentence_does_not_require_here():
    """A phrase set off by commas after a modal is not the action; a possessive is not who acts; a figure
    in a relative clause that ends at a cross-reference is the referenced rule's; a naming or permitting
    verb leaves the meaning to its object."""
    def kinds(text):
        return {(w.word, w.kind) for w in content_words(text)}

    assert kinds("The dealer shall, beginning with the player farthest to the dealer's left and moving "
                 "clockwise around the table, ask each player if he or she wishes to withdraw.") == {
        ("dealer", "actor"), ("ask", "action")}
    assert kinds("One card face down to each player who has placed three wagers in accordance with Section 6;") == set()
    assert ("three", "figure") in kinds("After three cards have been dealt to each player, the dealer shall remove the stub.")
    assert kinds("To qualify as a winning hand, a player's hand must contain a pair of tens or better.") == set()
    assert kinds("The wagers shall be identified as bet number 1, bet number 2 and bet number 3.") == set()
    assert kinds("A casino may, in its discretion, permit a player to place wagers at two betting positions") == {
        ("casino", "actor"), ("two", "figure")}


def test_stems_match_forms_compounds_and_rank_symbols():
    assert carried(ContentWord("losing", "quality"), carried_stems(["Any wager below tens loses."]))
    assert carried(ContentWord("dealt", "action"), carried_stems(["deal to each player"]))
    assert carried(ContentWord("paid", "action"), carried_stems(["payout: 5"]))
    assert carried(ContentWord("pay", "action"), carried_stems(["paytables"]))
    assert carried(ContentWord("ace", "quality"), carried_stems(["A", "K"]))
    assert not carried(ContentWord("ace", "quality"), carried_stems(["A card is dealt"]))
    assert not carried(ContentWord("paid", "action"), carried_stems(["collected"]))
