"""The regulator diff: edited copies of one ruleset, every pair of bundled jurisdictions, the CLI.

Edited copies are made in tmp_path by reading a ruleset with the project's strict loader, changing
the data and writing it back with PyYAML (which quotes anything that could be misread), so each
test states exactly one edit and asserts exactly the changes found.
"""
from __future__ import annotations

import copy
import itertools
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.cli import main
from lit_compliance.regulator.diff import diff_rulesets
from lit_compliance.regulator.diff_view import diff_view, edge_text
from lit_compliance.load.resources import data_dir
from lit_compliance.load.strict_yaml import load_yaml_file
from bundled import JURISDICTIONS

ROOT = Path(__file__).resolve().parents[2]
MINIMAL = ROOT / "tests" / "fixtures" / "valid" / "minimal.yaml"
# The minimal fixture's base paytable is 1000/200/50/11/8/5/3/2/1: 3.5057% under optimal strategy.
MINIMAL_BASE_EDGE = 0.0350567919


def _data(path: Path) -> dict:
    return copy.deepcopy(load_yaml_file(path).data)


def _maryland() -> dict:
    return _data(data_dir("rulesets") / "maryland" / "v1.yaml")


def _write(folder: Path, name: str, data: dict) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
    return path


def _pair(tmp_path: Path, old: dict, new: dict):
    return load_ruleset(_write(tmp_path, "old.yaml", old)), load_ruleset(_write(tmp_path, "new.yaml", new))


def _substantive(result):
    return [c for c in result.changes if c.kind != "recited"]


def _three_card_bonus() -> dict:
    return {
        "id": "three-card-bonus", "kind": "three_card_bonus", "name": "Three Card Bonus", "offered": "optional",
        "hand_basis": "player_three", "selection": {"rule": "fixed", "cite": "T 11"}, "cite": "T 11",
        "paytables": [{"id": "a", "name": "Paytable A", "cite": "T 11(1)", "lines": [
            {"hand": hand, "payout": {"kind": "to_one", "value": value}, "cite": f"T 11(1)({sub})"}
            for hand, value, sub in [("straight_flush", 40, "a"), ("three_of_a_kind", 30, "b"),
                                     ("straight", 6, "c"), ("flush", 3, "d"), ("pair", 1, "e")]]}],
    }


# ---------------------------------------------------------------------------------------------
# Edited copies of one ruleset


def test_identical_copies_have_no_changes_at_all(tmp_path):
    data = _maryland()
    old, new = _pair(tmp_path, data, copy.deepcopy(data))
    result = diff_rulesets(old, new)
    assert result.changes == ()
    assert not result.differs(include_citations=True)


def test_changed_odds_line_is_one_change_with_citations_and_house_edges(tmp_path):
    old_data = _data(MINIMAL)
    new_data = copy.deepcopy(old_data)
    new_data["wagers"][0]["paytables"][0]["lines"][3]["payout"]["value"] = 10  # full house 11 -> 10
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert len(result.changes) == 1
    change = result.changes[0]
    assert change.area == "wagers"
    assert change.kind == "changed"
    assert change.path == ("Base game", "Paytable A", "Full house")
    assert change.path_label == "Base game, Paytable A, Full house"
    assert change.old == {"kind": "to_one", "value": 11}
    assert change.new == {"kind": "to_one", "value": 10}
    assert (change.old_text, change.new_text) == ("11 to 1", "10 to 1")
    assert (change.old_cite, change.new_cite) == ("T 7(1)(d)", "T 7(1)(d)")
    assert change.house_edge_old == pytest.approx(MINIMAL_BASE_EDGE, abs=1e-9)
    assert change.house_edge_new > change.house_edge_old  # paying less on a full house costs the player
    assert (change.edge_status_old, change.edge_status_new) == ("exact", "exact")
    assert result.differs()


def test_added_alternative_is_reported_with_its_lines_and_house_edge(tmp_path):
    old_data = _data(MINIMAL)
    new_data = copy.deepcopy(old_data)
    alt = copy.deepcopy(new_data["wagers"][0]["paytables"][0])
    alt.update(id="b", name="Paytable B", cite="T 7(2)")
    alt["lines"][0]["payout"]["value"] = 500
    for line in alt["lines"]:
        line["cite"] = line["cite"].replace("7(1)", "7(2)")
    new_data["wagers"][0]["paytables"].append(alt)
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert len(result.changes) == 1
    change = result.changes[0]
    assert (change.kind, change.path) == ("added", ("Base game", "Paytable B"))
    assert change.old is None and change.new["id"] == "b"
    assert change.new_cite == "T 7(2)" and change.old_cite is None
    assert change.details_new[0] == "Royal flush: 500 to 1 [T 7(2)(a)]"
    assert len(change.details_new) == 9
    assert change.house_edge_old is None
    assert change.house_edge_new is not None and change.house_edge_new > MINIMAL_BASE_EDGE - 1e-9
    assert change.edge_status_new == "exact"


def test_removed_wager_is_one_removal_naming_its_paytables(tmp_path):
    new_data = _data(MINIMAL)
    old_data = copy.deepcopy(new_data)
    old_data["wagers"].append(_three_card_bonus())
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert len(result.changes) == 1
    change = result.changes[0]
    assert (change.kind, change.path) == ("removed", ("Three-card bonus",))
    assert change.old_cite == "T 11" and change.new_cite is None
    assert change.details_old == ("Paytable A: Straight flush 40 to 1; Three of a kind 30 to 1; Straight 6 to 1; "
                                  "Flush 3 to 1; Pair 1 to 1",)


def test_reordered_lists_are_not_changes(tmp_path):
    old_data = _maryland()
    new_data = copy.deepcopy(old_data)
    for key in ("definitions", "irregularities", "other_rules", "signage", "findings", "wagers",
                "dealing_methods", "payout_limits", "table_limits"):
        new_data[key].reverse()
    new_data["cards"]["procedures"].reverse()
    new_data["table"]["equipment"].reverse()
    for wager in new_data["wagers"]:
        wager["paytables"].reverse()
    assert [i["id"] for i in new_data["irregularities"]] != [i["id"] for i in old_data["irregularities"]]
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert result.changes == ()


def test_reordered_round_sequence_is_a_change_because_order_is_its_meaning(tmp_path):
    old_data = _data(MINIMAL)
    old_data["round_sequence"] = [{"step": "deal", "cite": "T 9(1)"}, {"step": "decide_bet1", "cite": "T 9(2)"}]
    new_data = copy.deepcopy(old_data)
    new_data["round_sequence"].reverse()
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert [(c.kind, c.path, c.old_text, c.new_text) for c in result.changes] == [
        ("changed", ("order",), "Deal > Decide bet1", "Decide bet1 > Deal")]


def test_changed_citation_only_is_recited_and_not_a_difference(tmp_path):
    old_data = _maryland()
    new_data = copy.deepcopy(old_data)
    three = next(w for w in new_data["wagers"] if w["id"] == "three-card-bonus")
    table_b = next(t for t in three["paytables"] if t["id"] == "b")
    old_cite = table_b["lines"][2]["cite"]
    table_b["lines"][2]["cite"] = old_cite + " (renumbered)"
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert len(result.changes) == 1
    change = result.changes[0]
    assert change.kind == "recited" and change.low_importance
    assert change.path[:2] == ("Three-card bonus", "Paytable B")
    assert (change.old_cite, change.new_cite) == (old_cite, old_cite + " (renumbered)")
    assert change.house_edge_old is None  # nothing the player is paid has changed
    assert not result.differs()
    assert result.differs(include_citations=True)


def test_renamed_alternative_with_unchanged_lines_is_a_rename(tmp_path):
    old_data = _maryland()
    new_data = copy.deepcopy(old_data)
    base = new_data["wagers"][0]
    assert base["id"] == "base"
    table_c = next(t for t in base["paytables"] if t["id"] == "c")
    table_c.update(id="z", name="Paytable Z")
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert len(result.changes) == 1
    change = result.changes[0]
    assert change.kind == "renamed"
    assert change.path == ("Base game", "Paytable C / Paytable Z")
    assert change.old == {"id": "c", "name": "Paytable C"}
    assert change.new == {"id": "z", "name": "Paytable Z"}
    assert change.house_edge_old == change.house_edge_new is not None


def test_renamed_paytable_whose_lines_differ_only_in_order_is_still_matched(tmp_path):
    old_data = _data(MINIMAL)
    new_data = copy.deepcopy(old_data)
    table = new_data["wagers"][0]["paytables"][0]
    table.update(id="x", name="Paytable X")
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert [c.kind for c in result.changes] == ["renamed"]


def test_changed_irregularity_reports_the_consequence_with_both_citations(tmp_path):
    old_data = _maryland()
    new_data = copy.deepcopy(old_data)
    irr = next(i for i in new_data["irregularities"] if i["event"] == "community_card_exposed_early")
    irr["consequence"] = {"kind": "play_continues", "text": "The card is used as dealt and play continues."}
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    got = [(c.kind, c.path, c.old_text, c.new_text, c.old_cite, c.new_cite) for c in result.changes]
    assert got == [
        ("changed", ("Community card exposed early", "consequence", "kind"), "all hands void reshuffle",
         "play continues", "COMAR 36.05.18.13E", "COMAR 36.05.18.13E"),
        ("changed", ("Community card exposed early", "consequence", "wording"),
         "All hands are void, all wagers are returned and the cards reshuffled.",
         "The card is used as dealt and play continues.", "COMAR 36.05.18.13E", "COMAR 36.05.18.13E"),
    ]


def test_rewrapped_prose_is_not_a_change(tmp_path):
    old_data = _maryland()
    new_data = copy.deepcopy(old_data)
    rule = new_data["other_rules"][0]
    rule["text"] = "  " + rule["text"].replace(" ", "\n  ", 3) + " "
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert result.changes == ()


def test_a_yes_no_fact_read_from_silence_changes_to_a_stated_value(tmp_path):
    old_data = _data(MINIMAL)
    old_data["findings"] = [{"id": "t-silent", "kind": "silent", "cite": "T 5", "says": "Nothing.",
                             "problem": "Not stated.", "recorded_as": "Assumed false."}]
    old_data["hand_rankings"]["five_card"]["wraparound_straight"] = {
        "value": None, "assumed": False, "finding": "t-silent", "cite": "T 5"}
    new_data = copy.deepcopy(old_data)
    new_data["hand_rankings"]["five_card"]["wraparound_straight"] = {"value": False, "cite": "T 5(10)"}
    result = diff_rulesets(*_pair(tmp_path, old_data, new_data))
    assert [(c.kind, c.path, c.old_text, c.new_text, c.new_cite) for c in _substantive(result)] == [
        ("changed", ("five-card ranking", "wraparound straight"), "not stated (read as no)", "no", "T 5(10)")]


# ---------------------------------------------------------------------------------------------
# Every pair of bundled jurisdictions


@pytest.fixture(scope="module")
def bundled():
    return Catalogue.bundled()




@pytest.mark.parametrize("a,b", list(itertools.combinations(JURISDICTIONS, 2)))
def test_each_pair_of_jurisdictions_differs_symmetrically(bundled, a, b):
    forward = diff_rulesets(bundled.latest(a), bundled.latest(b))
    backward = diff_rulesets(bundled.latest(b), bundled.latest(a))
    assert forward.differs() and backward.differs()
    assert not forward.same_jurisdiction
    assert forward.counts()["added"] == backward.counts()["removed"]
    assert forward.counts()["removed"] == backward.counts()["added"]
    assert forward.counts()["changed"] == backward.counts()["changed"]
    assert not any(c.area == "findings" for c in forward.changes)
    for c in forward.changes:
        assert c.kind in ("added", "removed", "changed", "renamed", "recited")
        if c.kind != "added":
            assert c.old_cite, c
        if c.kind != "removed":
            assert c.new_cite, c


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_a_ruleset_compared_with_itself_has_no_changes(bundled, jurisdiction):
    rs = bundled.latest(jurisdiction)
    assert diff_rulesets(rs, rs).changes == ()


def _find(result, path, kind=None):
    found = [c for c in result.changes if c.path == path and (kind is None or c.kind == kind)]
    assert len(found) == 1, [(c.kind, c.path) for c in result.changes if c.path[:2] == path[:2]]
    return found[0]


def test_nsw_and_tribal_base_royal_flush_line_carries_both_citations(bundled):
    result = diff_rulesets(bundled.latest("nsw"), bundled.latest("tribal"))
    royal = _find(result, ("Base game", "Settlement Odds / Payout Odds", "Royal flush"))
    assert royal.kind == "recited"  # both pay 1,000 to 1; each source says so in its own place
    assert royal.old_cite == "NSW r 10.1"
    assert royal.new_cite == "Section 12(e)(2) [Payout Odds; printed (e), referred to as (l)]"
    assert royal.old == {"quote": "Royal Flush | 1,000 to 1 |"}
    assert royal.new == {"quote": "Royal Flush 1,000 to 1"}


def test_nsw_and_tribal_missing_nsw_figures_show_as_changes_with_house_edges(bundled):
    result = diff_rulesets(bundled.latest("nsw"), bundled.latest("tribal"))
    sf = _find(result, ("Base game", "Settlement Odds / Payout Odds", "Straight flush"))
    assert sf.kind == "changed"
    assert sf.old_text == "(figure missing in source)" and sf.new_text == "200 to 1"
    assert sf.old_cite == 'NSW r 10.1 [row printed "Flush", eighth row]'
    assert (sf.house_edge_old, sf.edge_status_old) == (None, "incomplete")
    assert sf.house_edge_new == pytest.approx(MINIMAL_BASE_EDGE, abs=1e-9)
    rename = _find(result, ("Base game", "Settlement Odds / Payout Odds"), "renamed")
    assert rename.old == {"id": "settlement-odds", "name": "Settlement Odds"}
    assert rename.new == {"id": "payout-odds", "name": "Payout Odds"}


def test_nsw_and_tribal_things_only_one_side_addresses(bundled):
    result = diff_rulesets(bundled.latest("nsw"), bundled.latest("tribal"))
    bonus = _find(result, ("Five-card bonus",))
    assert bonus.kind == "added" and bonus.new["kind"] == "five_card_bonus"
    fraud = _find(result, ("Fraud",))
    assert fraud.kind == "removed" and fraud.old_cite.startswith("NSW r 14.4.2")
    words = diff_view(result)
    entries = [e for a in words["areas"] for g in a["groups"] for e in g["entries"]]
    assert {"only in tribal", "only in nsw"} <= {e["word"] for e in entries}


def test_nsw_and_tribal_payout_limit_who_sets_it(bundled):
    result = diff_rulesets(bundled.latest("nsw"), bundled.latest("tribal"))
    set_by = [c for c in result.changes if c.area == "payout_limits" and c.path[-1] == "set by"]
    assert [(c.old_text, c.new_text, c.old_cite) for c in set_by] == [
        ("operator with regulator approval", "tribe or operator", "NSW r 10.2")]


def test_maryland_and_south_dakota_base_alternative_a_royal_flush(bundled):
    result = diff_rulesets(bundled.latest("maryland"), bundled.latest("south-dakota"))
    royal = _find(result, ("Base game", "Paytable A / Alternative A", "Royal flush"))
    assert (royal.kind, royal.old_text, royal.new_text) == ("changed", "1,000 to 1", "500 to 1")
    assert royal.old_cite == "COMAR 36.05.18.12A(1)(a)"
    assert royal.house_edge_old == pytest.approx(MINIMAL_BASE_EDGE, abs=1e-9)
    assert royal.house_edge_new < royal.house_edge_old


def test_massachusetts_cover_all_is_only_in_massachusetts(bundled):
    result = diff_rulesets(bundled.latest("massachusetts"), bundled.latest("tribal"))
    cover = _find(result, ("Cover all",))
    assert cover.kind == "removed"
    assert len(cover.details_old) == 7  # one matrix per number of players


def test_json_output_is_deterministic_and_complete(bundled):
    a = diff_rulesets(bundled.latest("maryland"), bundled.latest("tribal")).as_dict()
    b = diff_rulesets(bundled.latest("maryland"), bundled.latest("tribal")).as_dict()
    assert json.dumps(a) == json.dumps(b)
    assert a["old"]["ref"] == "maryland@v1" and a["new"]["ref"] == "tribal@v1"
    assert a["findings_compared"] is False
    assert a["differences"] == sum(1 for c in a["changes"] if c["kind"] != "recited")
    first = a["changes"][0]
    assert set(first) >= {"area", "path", "path_label", "kind", "old", "new", "old_cite", "new_cite",
                          "house_edge_old", "house_edge_new", "importance"}


def test_edge_text_says_what_kind_of_figure_it_is():
    assert edge_text(0.0350567919, "exact") == "3.51%"
    assert edge_text(0.0488, "function_of_wager") == "4.88% (depends on the wager size)"
    assert edge_text(None, "incomplete") == "not computable (figures missing)"
    assert edge_text(None, None) is None


# ---------------------------------------------------------------------------------------------
# The command


def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_cli_exit_status_is_one_when_rulesets_differ_and_zero_when_not(tmp_path):
    data = _data(MINIMAL)
    same = _write(tmp_path, "same.yaml", data)
    changed = copy.deepcopy(data)
    changed["base_game"]["qualifying_hand"]["hand"] = "pair"
    other = _write(tmp_path, "other.yaml", changed)
    result = _run("diff", str(same), str(same), "--no-house-edge")
    assert result.exit_code == 0
    assert "No differences in substance" in result.output
    result = _run("diff", str(same), str(other), "--no-house-edge")
    assert result.exit_code == 1
    assert "Pair of tens or better" in result.output and "Pair  [T 6]" in result.output


def test_cli_citation_only_change_exits_zero_unless_citations_are_asked_for(tmp_path):
    data = _data(MINIMAL)
    recited = copy.deepcopy(data)
    recited["base_game"]["qualifying_hand"]["cite"] = "T 6(1)"
    a, b = _write(tmp_path, "a.yaml", data), _write(tmp_path, "b.yaml", recited)
    quiet = _run("diff", str(a), str(b))
    assert quiet.exit_code == 0
    assert "1 citation-only change not shown" in quiet.output
    loud = _run("diff", str(a), str(b), "--citations")
    assert loud.exit_code == 1
    assert "recited  qualifying hand" in loud.output and "[T 6(1)]" in loud.output


def test_cli_trouble_exits_two_with_a_clear_message(tmp_path):
    result = CliRunner().invoke(main, ["diff", "nowhere", "tribal"])
    assert result.exit_code == 2
    assert "unknown jurisdiction 'nowhere'" in result.output
    result = CliRunner().invoke(main, ["diff", str(tmp_path / "missing.yaml"), "tribal"])
    assert result.exit_code == 2
    assert "missing.yaml: no such ruleset file" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\njurisdiction: [\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["diff", str(bad), "tribal"])
    assert result.exit_code == 2 and "bad.yaml:" in result.output
    assert "Traceback" not in result.output


def test_cli_output_file_is_written_whole_and_matches_stdout(tmp_path):
    out = tmp_path / "memo.md"
    to_file = _run("diff", "nsw", "tribal", "--format", "markdown", "--output", str(out))
    assert to_file.exit_code == 1 and to_file.output == ""
    to_stdout = _run("diff", "nsw", "tribal", "--format", "markdown")
    assert out.read_text(encoding="utf-8") == to_stdout.output
    assert to_stdout.output.startswith("# Differences: nsw@v1 → tribal@v1\n")
    assert "| changed | Straight flush | (figure missing in source)<br>*NSW r 10.1 \\[row printed" \
           in to_stdout.output
    assert [p.name for p in tmp_path.iterdir()] == ["memo.md"]


def test_cli_output_into_a_missing_folder_is_trouble_not_a_traceback(tmp_path):
    result = CliRunner().invoke(main, ["diff", "nsw", "tribal", "--output", str(tmp_path / "no" / "x.txt")])
    assert result.exit_code == 2
    assert "does not exist" in result.output and str(tmp_path / "no") in result.output


def test_cli_json_parses_and_html_escapes_names(tmp_path):
    data = _data(MINIMAL)
    evil = copy.deepcopy(data)
    evil["jurisdiction"]["name"] = "<script>alert(1)</script>"
    evil["wagers"][0]["paytables"][0]["lines"][0]["payout"]["value"] = 800
    a, b = _write(tmp_path, "a.yaml", data), _write(tmp_path, "b.yaml", evil)
    html = _run("diff", str(a), str(b), "--format", "html")
    assert html.exit_code == 1
    assert "<script>alert" not in html.output and "&lt;script&gt;alert(1)&lt;/script&gt;" in html.output
    assert "<td>1,000 to 1<div class=\"cite\">T 7(1)(a)</div>" in html.output
    parsed = json.loads(_run("diff", str(a), str(b), "--format", "json").output)
    assert [c["path_label"] for c in parsed["changes"]] == ["Base game, Paytable A, Royal flush"]
    assert parsed["changes"][0]["house_edge_new"] > MINIMAL_BASE_EDGE  # a smaller royal pays the player less


def test_cli_colour_only_when_asked_or_on_a_terminal():
    plain = _run("diff", "nsw", "tribal")
    assert "\x1b[" not in plain.output
    coloured = CliRunner().invoke(main, ["diff", "nsw", "tribal", "--color"], color=True)
    assert "\x1b[" in coloured.output
    markdown = CliRunner().invoke(main, ["diff", "nsw", "tribal", "--color", "--format", "markdown"], color=True)
    assert "\x1b[" not in markdown.output


def test_cli_text_output_is_identical_between_runs():
    assert _run("diff", "maryland", "south-dakota").output == _run("diff", "maryland", "south-dakota").output


# ---------------------------------------------------------------------------------------------
# The shipped example amendment


EXAMPLE = ROOT / "examples" / "maryland-draft-amendment.yaml"


def test_example_amendment_diff_finds_exactly_the_amendment(bundled):
    draft = load_ruleset(EXAMPLE)
    assert draft.version == "draft-1"
    assert draft.data["version"]["supersedes"] == "v1"
    result = diff_rulesets(bundled.get("maryland", "v1"), draft)
    got = [(c.kind, c.path_label, c.old_text, c.new_text) for c in _substantive(result)]
    assert got == [
        ("added", "Base game, Paytable D", None, "Paytable D (9 lines)"),
        ("changed", "Three-card bonus, Paytable B, Straight flush", "40 to 1", "50 to 1"),
        ("changed", "Community card exposed early, consequence, kind", "all hands void reshuffle",
         "card not used"),
        ("changed", "Community card exposed early, consequence, wording",
         "All hands are void, all wagers are returned and the cards reshuffled.",
         "The exposed card is placed in the discard rack and the next card in the deck takes its place; "
         "play continues."),
    ]
    straight_flush = _substantive(result)[1]
    assert straight_flush.house_edge_old == pytest.approx(0.0557466063, abs=1e-9)
    assert straight_flush.house_edge_new < straight_flush.house_edge_old  # pays the player more
    added = _substantive(result)[0]
    assert added.house_edge_new is not None and added.edge_status_new == "exact"
    assert result.recited == ()


def test_diff_references_name_facts_of_catalogued_rulesets_only():
    """Each change carries the site reference of the fact it is about, on each side that is in the
    catalogue (a draft has no page in the site, so no reference)."""
    import json as _json

    from click.testing import CliRunner as _Runner

    from lit_compliance.cli import main as _main
    from lit_compliance.load.catalogue import Catalogue as _Catalogue
    from lit_compliance.load.facts import facts as _facts

    cat = _Catalogue.bundled()
    ids = {f"{rs.jurisdiction}/{rs.version}/": {f.id for f in _facts(rs)}
           for j in cat.jurisdictions for rs in cat.versions(j)}
    out = _Runner().invoke(_main, ["diff", "nsw", "tribal", "--no-house-edge", "--format", "json"])
    changes = _json.loads(out.output)["changes"]
    refs = [c[f"{side}_reference"] for c in changes for side in ("old", "new") if c[f"{side}_reference"]]
    assert len(refs) > 100
    for ref in refs:
        page, _, anchor = ref.partition("#")
        assert anchor in ids[page], ref
    draft = _Runner().invoke(_main, ["diff", "maryland@v1", "examples/maryland-draft-amendment.yaml",
                                     "--no-house-edge", "--format", "json"])
    body = _json.loads(draft.output)
    assert body["new"]["catalogued"] is False and body["old"]["catalogued"] is True
    assert all(c["new_reference"] is None for c in body["changes"])
    assert any(c["old_reference"] == "maryland/v1/#wagers.three-card-bonus.paytables.b.lines.straight_flush"
               for c in body["changes"])
    text = _Runner().invoke(_main, ["diff", "maryland@v1", "examples/maryland-draft-amendment.yaml",
                                    "--no-house-edge", "--references"]).output
    assert "see maryland/v1/#wagers.three-card-bonus.paytables.b.lines.straight_flush" in text
