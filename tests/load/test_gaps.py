"""The gap check (issue 31): a requirement's content words must be carried by the value or typed
fields of the fact that claims it. Omissions of three kinds are planted into a copy of a bundled
ruleset (a fact that quotes the requirement and drops it from its value) and each is reported with
the file, the fact's line and the missing word; a why_not in source.clauses.claims answers for one."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from bundled import JURISDICTIONS
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.load.claims import claims
from lit_compliance.load.facts import facts
from lit_compliance.load.gaps import ContentWord, _fact_texts, carried, carried_stems, content_words, gaps, stem

ROOT = Path(__file__).resolve().parents[2]
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
    assert kinds("Any automated dealing shoe shall be removed from a gaming table before any other method of "
                 "dealing may be utilized at that table.") == {("removed", "action")}
    assert kinds("A facility operator shall specify the number of boxes on which a player may place a wager.") == {
        ("operator", "actor"), ("specify", "action")}


def test_stems_match_forms_compounds_and_rank_symbols():
    assert carried(ContentWord("losing", "quality"), carried_stems(["Any wager below tens loses."]))
    assert carried(ContentWord("dealt", "action"), carried_stems(["deal to each player"]))
    assert carried(ContentWord("paid", "action"), carried_stems(["payout: 5"]))
    assert carried(ContentWord("pay", "action"), carried_stems(["paytables"]))
    assert carried(ContentWord("ace", "quality"), carried_stems(["A", "K"]))
    assert not carried(ContentWord("ace", "quality"), carried_stems(["A card is dealt"]))
    assert not carried(ContentWord("paid", "action"), carried_stems(["collected"]))
    assert carried(ContentWord("casino", "actor"), carried_stems(["allowed: operator_discretion"]))
    assert carried(ContentWord("asks", "action"), carried_stems(["the dealer asks"])) and stem("less") == "less"


PLANTED_KINDS = ("quality", "prohibition", "document")


def _strings(node, path=()):
    """(path, string) of every string value under ``node`` the gap check reads (not quote, cite, finding, id)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k not in ("quote", "cite", "finding", "id"):
                yield from _strings(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _strings(v, path + (i,))
    elif isinstance(node, str):
        yield path, node


def _without(text: str, word) -> str:
    """``text`` without each word that carries ``word`` (for a prohibition: every word of negation)."""
    return " ".join(t for t in text.split()
                    if not carried(word, carried_stems([t.strip(".,;:()\"'")])) or not t.strip(".,;:()\"'"))


def _plant(data, rs, kind: str, taken: set):
    """Drop, from the value of a fact that alone claims a requirement, the word of ``kind`` the requirement
    holds; returns (requirement id, fact path, word) or None where no fact of the ruleset carries one."""
    by_id = {f.id: f for f in facts(rs)}
    for c in claims(rs):
        carriers = [x for x in c.claims if x.kind == "fact"]
        if len(carriers) != 1 or any(x.why_not for x in c.claims) or carriers[0].by in taken:
            continue
        fact = by_id[carriers[0].by]
        node = _at(data, fact.path)
        for word in (w for w in content_words(c.requirement.text) if w.kind == kind):
            edits = [(p, _without(s, word)) for p, s in _strings(node) if _without(s, word) != s]
            if not edits or any(not new.strip() for _, new in edits):
                continue
            trial = json.loads(json.dumps(node))
            for p, new in edits:
                parent = _at(trial, p[:-1])
                parent[p[-1]] = new
            last = fact.path[-1] if isinstance(fact.path[-1], str) else None
            if carried(word, carried_stems(_fact_texts(trial, last))):
                continue  # a key or a flag still carries it: not a plant in the value
            for p, new in edits:
                _at(node, p[:-1])[p[-1]] = new
            taken.add(fact.id)
            return c.requirement.id, fact.path, word
    return None


def test_an_omission_of_each_kind_planted_into_every_bundled_ruleset_is_reported(tmp_path, catalogue):
    """For every bundled ruleset (the catalogue's, not a typed list), a fact that alone claims a
    requirement holding a quality, a prohibition or a document has that word dropped from its value in
    a copy; each plant is reported with the file, the fact's line and the word, and validate exits 1."""
    planted_kinds = set()
    for jurisdiction in catalogue.jurisdictions:
        bundled = catalogue.latest(jurisdiction)
        source = Path(bundled.path)
        data = yaml.safe_load(source.read_text(encoding="utf-8"))
        taken: set = set()
        plants = {kind: _plant(data, bundled, kind, taken) for kind in PLANTED_KINDS}
        plants = {k: v for k, v in plants.items() if v}
        if not plants:
            continue  # no fact alone carries such a word in its value (South Dakota's one prohibition is a flag)
        (tmp_path / jurisdiction).mkdir()
        copy = tmp_path / jurisdiction / source.name
        copy.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        planted = load_ruleset(copy)
        found = {g.requirement: g for g in gaps(planted)}
        result = CliRunner().invoke(main, ["validate", "--gaps", str(copy)])
        assert result.exit_code == 1, result.output
        for kind, (rid, path, word) in plants.items():
            fact = next(f for f in facts(planted) if f.path == path)
            assert rid in found and fact.id in found[rid].claimed_by, (jurisdiction, kind, rid)
            assert (word.word, kind) in {(w.word, w.kind) for w in found[rid].missing}
            line = next(l for l in result.output.splitlines() if f"requirement {rid} " in l)
            assert line.startswith(f"gap: {copy}:{fact.line}: requirement {rid} claimed by ")
            assert f'{kind} "{word.word}"' in line
            planted_kinds.add(kind)
    assert planted_kinds == set(PLANTED_KINDS)


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_every_requirement_of_every_bundled_ruleset_is_claimed_and_carried(catalogue, jurisdiction):
    for rs in catalogue.versions(jurisdiction):
        claimed = claims(rs)
        assert claimed, rs.path
        assert [c.requirement.id for c in claimed if c.status == "unclaimed"] == []
        assert [(g.requirement, [w.word for w in g.missing]) for g in gaps(rs, claimed)] == []


def test_validate_gaps_passes_on_the_bundled_catalogue(catalogue):
    result = CliRunner().invoke(main, ["validate", "--gaps"])
    assert result.exit_code == 0, result.output
    assert f"0 gap(s) in {len(catalogue.all_versions())} ruleset(s)" in result.output
