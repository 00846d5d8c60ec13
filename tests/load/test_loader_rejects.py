"""Bad input gets one clear message naming file, line and field, and exit status 1 from validate.

One negative fixture per failure mode lives in tests/fixtures/invalid/; each test below states
the exact message its fixture must produce.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.cli import main
from lit_compliance.load.strict_yaml import InputError, load_yaml_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

# fixture name -> (line, column, path, message)
EXPECTED = {
    "duplicate_key": (10, 3, "version.change_note", "duplicate key 'change_note' (first defined on line 9)"),
    "wrong_type": (15, 11, "cards.decks.count", "expected integer, got str 'one'"),
    "unknown_key": (17, 48, "cards.second_deck.colour", "unknown field 'colour' (allowed here: cite, conditions, finding, permitted, quote, requires)"),
    "bad_date": (7, 3, "version.effective_date", "'2020-02-30' is not a valid date (use YYYY-MM-DD)"),
    "missing_citation": (72, 13, "wagers[0].paytables[0].lines[5]", "missing required field 'cite'"),
    "yes_is_not_boolean": (16, 16, "cards.cover_card.value", "expected boolean or null, got str 'yes'"),
    "octal_looking_number": (15, 21, "cards.decks.cards_per_deck", "expected integer, got str '052'"),
    "impossible_paytable_hand": (67, 14, "wagers[0].paytables[0].lines[0].hand",
                                 "a 'mini_royal' cannot occur on hand basis 'player_and_community'; this line could never pay"),
    "negative_payout": (68, 59, "wagers[0].paytables[0].lines[1].payout.value", "-200 is less than the minimum of 0"),
    "missing_figure_without_finding": (70, 32, "wagers[0].paytables[0].lines[3].payout", "missing required field 'finding'"),
    "unknown_finding_reference": (42, 56, "hand_rankings.five_card.wraparound_straight.finding",
                                  "names finding 'no-such-finding', which is not in findings"),
    "merge_key": (82, 5, "dealing_methods[0]", "merge keys ('<<') are not allowed"),
    "python_tag": (57, 11, "wagers[0].name", "explicit tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    "syntax_error": (16, 3, "(top)", "YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping)"),
    "two_documents": (102, 1, "(top)", "more than one YAML document; a ruleset is one document"),
    "undefined_wager_reference": (77, 34, "payout_limits[0].applies_to[1]", "names wager 'progressive', which this ruleset does not offer"),
    "empty": (0, 0, "(top)", "file is empty (no YAML document)"),
    "top_level_list": (1, 1, "(top)", "the top level must be a mapping, got list"),
    "binary": (0, 0, "(top)", "binary file (contains NUL bytes); expected UTF-8 YAML text"),
    "not_utf8": (0, 0, "(top)", "not UTF-8 text (bad byte at offset 17)"),
    "alias_bomb": (2, 5, "a2[5][4]", "more than 64 alias uses; refusing to expand"),
    "too_deep": (2, 44, None, "nested deeper than 40 levels"),
    "reading_two_defaults": (106, 5, "findings[0].readings", "finding open-rule needs exactly one default reading, has 2"),
    "reading_bad_path": (117, 13, "findings[0].readings[1].changes[0]",
                         "wagers/base/paytables/no-such-table/lines/royal_flush: wagers/base/paytables: no item 'no-such-table'"),
    "fractional_base_odds": (66, 56, "wagers[0].paytables[0].lines[0].payout.value",
                             "1000.5 to 1: base game odds are whole numbers (the strategy is exact on them)"),
    "huge_base_odds": (66, 63, "wagers[0].paytables[0].lines[0].payout.value",
                       "1000000000000000000000000000000 is out of range (numbers must be finite and below "
                       "1,000,000,000,000,000)"),
    "infinite_odds": (66, 63, "wagers[0].paytables[0].lines[0].payout.value",
                      "1e400 is out of range (numbers must be finite and below 1,000,000,000,000,000)"),
    "control_character": (66, 83, None, "character U+001B is not allowed in YAML text"),
    "void_wagers_unstated": (95, 5, "irregularities[0].consequence",
                             "consequence kind all_hands_void_reshuffle voids hands, so it must say what happens to the "
                             "wagers (wagers: returned | not_stated)"),
}


def test_every_invalid_fixture_has_an_expected_message():
    on_disk = {p.stem for p in (FIXTURES / "invalid").glob("*.yaml")}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_invalid_fixture_gives_exactly_one_located_message(name):
    line, column, path, message = EXPECTED[name]
    with pytest.raises(InputError) as info:
        load_ruleset(FIXTURES / "invalid" / f"{name}.yaml")
    problems = info.value.problems
    assert len(problems) == 1, [str(p) for p in problems]
    (problem,) = problems
    assert (problem.line, problem.column, problem.message) == (line, column, message)
    if path is not None:
        assert (problem.path or "(top)") == path
    assert problem.file.endswith(f"{name}.yaml")


@pytest.mark.parametrize("name", ["duplicate_key", "binary", "alias_bomb", "syntax_error"])
def test_validate_command_exits_1_with_message_and_no_traceback(name):
    result = CliRunner().invoke(main, ["validate", str(FIXTURES / "invalid" / f"{name}.yaml")])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert EXPECTED[name][3] in result.output


def test_missing_file_is_a_clean_error():
    result = CliRunner().invoke(main, ["validate", "no/such/ruleset.yaml"])
    assert result.exit_code == 1
    assert result.output.strip() == "error: no/such/ruleset.yaml: file not found"


def test_all_problems_in_a_file_are_reported_at_once(tmp_path):
    text = (FIXTURES / "valid" / "minimal.yaml").read_text()
    text = text.replace("decks: {count: 1,", "decks: {count: one,").replace(
        'cover_card: {value: true,', 'cover_card: {value: yes,')
    bad = tmp_path / "two_errors.yaml"
    bad.write_text(text)
    with pytest.raises(InputError) as info:
        load_ruleset(bad)
    assert [p.path for p in info.value.problems] == ["cards.decks.count", "cards.cover_card.value"]


def test_yaml_1_1_surprises_are_not_applied():
    doc = load_yaml_text("a: no\nb: 2017-04-17\nc: 010\nd: on\ne: true\nf: 1.5\ng: ~\n", "t.yaml")
    assert doc.data == {"a": "no", "b": "2017-04-17", "c": "010", "d": "on", "e": True, "f": 1.5, "g": None}


def test_minimal_fixture_is_valid():
    rs = load_ruleset(FIXTURES / "valid" / "minimal.yaml")
    assert rs.ref == "testland@v1"


def test_a_file_over_the_size_cap_is_refused_without_being_parsed(tmp_path):
    from lit_compliance.load.strict_yaml import MAX_FILE_BYTES

    big = tmp_path / "huge.yaml"
    big.write_text("a: " + "x" * MAX_FILE_BYTES + "\n")
    with pytest.raises(InputError) as info:
        load_ruleset(big)
    (problem,) = info.value.problems
    assert problem.message == f"file is {MAX_FILE_BYTES + 4} bytes; the limit is {MAX_FILE_BYTES}"


def test_a_directory_given_as_a_ruleset_is_a_clean_error(tmp_path):
    with pytest.raises(InputError) as info:
        load_ruleset(tmp_path)
    assert info.value.problems[0].message == "is a directory, not a YAML file"
