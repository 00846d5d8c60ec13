"""Provisions, quotes and provision-level coverage, on a small synthetic source
(tests/fixtures/provisions/testland.txt) and a ruleset built from tests/fixtures/valid/minimal.yaml.

The catalogue-wide checks (every bundled fact and finding quoted, every provision covered) are in
tests/load/test_provision_coverage.py."""
from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load import clause_parser as clauses_module
from lit_compliance.load import resources, validation
from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.load.provisions import provisions, source_index
from lit_compliance.load.quotes import coverage, quote_problems
from lit_compliance.regulator import coverage as coverage_view_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SOURCE = FIXTURES / "provisions" / "testland.txt"
LEVELS = [{"marker": "1.", "cited_as": "§1"}, {"marker": "(a)"}, {"marker": "(1)"}]


@pytest.fixture
def sources(monkeypatch):
    """The synthetic source served as a bundled one."""
    real = resources.data_dir

    def data_dir(name: str) -> Path:
        return SOURCE.parent if name == "sources" else real(name)

    for module in (clauses_module, validation, coverage_view_module):
        monkeypatch.setattr(module, "data_dir", data_dir)
    clauses_module._read.cache_clear()
    yield
    clauses_module._read.cache_clear()


def _walk(node, path=()):
    if isinstance(node, dict):
        if "cite" in node:
            yield path, node
        for key, value in node.items():
            if path == () and key == "findings":
                continue
            yield from _walk(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, path + (i,))


def _base() -> dict:
    """minimal.yaml with the synthetic source, every fact citing §1 and quoting its first sentence."""
    data = yaml.safe_load((FIXTURES / "valid" / "minimal.yaml").read_text(encoding="utf-8"))
    data["source"] = {"title": "Testland rules", "citation": "T", "file": SOURCE.name,
                      "sha256": hashlib.sha256(SOURCE.read_bytes()).hexdigest(),
                      "clauses": {"cite_prefix": "T", "levels": copy.deepcopy(LEVELS)}}
    for _, node in _walk(data):
        node["cite"] = "T §1"
        node["quote"] = "Testland rules apply."
    return data


def _at(data: dict, path: tuple) -> dict:
    for step in path:
        data = data[step]
    return data


def _write(tmp_path: Path, data: dict) -> Path:
    target = tmp_path / "testland.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return target


ROYAL = ("wagers", 0, "paytables", 0, "lines", 0)
FLUSH = ("wagers", 0, "paytables", 0, "lines", 4)
DEFINITION = ("definitions", 0)
DEALING = ("dealing_methods", 0)


def _mixed() -> dict:
    """One provision of each status, and a parent citation whose quote covers one subclause only."""
    data = _base()
    _at(data, DEFINITION).update(cite="T §1(a)", quote="place three equal wagers")
    _at(data, ROYAL).update(cite="T §2", quote="Royal flush\n   1,000 to 1")  # white space differs
    _at(data, FLUSH).update(cite="T §2", quote=["Flush", "8 to 1"])
    _at(data, DEALING).update(cite="T §1(b)", quote="deal three cards to each player")
    data["findings"] = [{"id": "two-pair-low", "kind": "ambiguous", "cite": "T §2", "quote": "Two pair | 2 to 1 |",
                         "says": "Two pair pays 2 to 1.", "problem": "Nothing.", "recorded_as": "The line."}]
    data["source"]["clauses"]["no_rule"] = {"§3": "A history note.", "(whole text)": "The title."}
    data["source"]["clauses"]["no_rule_text"] = [{"clause": "§1(b)", "quote": "The dealer shall:",
                                                  "reason": "A lead-in to (1) and (2)."}]
    return data


def test_a_clause_is_split_into_sentences_parts_list_items_and_table_rows(sources, tmp_path):
    rs = load_ruleset(_write(tmp_path, _base()))
    got = [(p.id, p.line, p.text) for p in provisions(rs)]
    assert got == [
        ("(whole text)/p1", 1, "Testland Let It Ride Rules"),
        ("§1/p1", 3, "General. Testland rules apply."),  # a heading of fewer than 3 words joins the next piece
        ("§1/p2", 4, "The game is played with one deck;"),  # ";" splits a sentence
        ("§1/p3", 4, "the deck shall be shuffled before each round"),  # ... and so does "and shall"
        ("§1/p4", 5, "and shall be cut once."),
        ("§1(a)/p1", 6, "A player shall place three equal wagers, as follows:"),
        ("§1(a)/p2", 7, "- one wager on each circle;"),  # list items
        ("§1(a)/p3", 8, "- no wager on a line."),
        ("§1(b)/p1", 9, "The dealer shall:"),
        ("§1(b)(1)/p1", 10, "deal three cards to each player; and"),  # a trailing "and" stays with its item
        ("§1(b)(2)/p1", 11, "deal two community cards."),
        ("§2/p1", 12, "Payouts The payouts are as follows, e.g. Royal flush pays the most:"),  # no break after e.g.
        ("§2/p2", 14, "Hand Pays Royal flush 1,000 to 1"),  # a table row (cells apart by tabs), its header joined
        ("§2/p3", 16, "Flush 8 to 1"),
        ("§2/p4", 17, "Wager | Odds | Straight | 5 to 1 |"),  # a "|" table's row ends at its figure
        ("§2/p5", 21, "Two pair | 2 to 1 |"),
        ("§3/p1", 23, "History Source: Testland Gazette 1, effective January 1, 2020."),
        # §4 "Headings" only introduces its subclauses: no provision; a short clause of its own is one
        ("§4(a)/p1", 26, "Short."),
    ]
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    for p in provisions(rs):  # each provision's first word is on the line it names
        assert p.text.split()[0].lstrip("-") in lines[p.line - 1] or p.text.split()[1] in lines[p.line - 1]


def test_provisions_are_computed_once_per_source_and_guidance(sources, tmp_path):
    first = load_ruleset(_write(tmp_path, _base()))
    second = load_ruleset(_write(tmp_path, _base()))
    assert source_index(first) is source_index(second)


def test_a_quote_matches_with_white_space_collapsed_with_or_without_markers(sources, tmp_path):
    index = source_index(load_ruleset(_write(tmp_path, _base())))
    assert index.locate("(1) deal three cards to each player; and (2) deal two", ["§1(b)"]) is not None
    assert index.locate("deal three cards to each player; and deal two", ["§1(b)"]) is not None
    at = index.own["§2"].index("Royal flush 1,000")
    assert index.locate("Royal flush   1,000\nto 1", ["§2"]) == [("§2", at, at + len("Royal flush 1,000 to 1"))]
    assert index.locate("deal two community cards", ["§1(a)"]) is None  # not in the clause cited
    assert index.locate("royal flush 1,000 to 1", ["§2"]) is None  # case counts


def test_validate_names_each_quote_piece_not_in_its_cited_clause_with_file_line_and_field(sources, tmp_path):
    data = _mixed()
    _at(data, DEFINITION)["quote"] = "Royal flush pays the most"
    _at(data, FLUSH)["quote"] = ["Flush", "9 to 1"]
    data["source"]["clauses"]["no_rule_text"] += [{"clause": "§9", "quote": "x", "reason": "r"},
                                                  {"clause": "§3", "quote": "Gazette 2", "reason": "r"}]
    target = _write(tmp_path, data)
    result = CliRunner().invoke(main, ["validate", str(target)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    text = target.read_text(encoding="utf-8")

    def line_of(words: str) -> int:
        return text[:text.index(words)].count("\n") + 1

    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 4, result.output
    assert re.search(rf"testland.yaml:{line_of('Royal flush pays the most')}:\d+: definitions\[0\]\.quote: "
                     r"'Royal flush pays the most' does not occur in §1\(a\) .*; it occurs in §2", result.output)
    assert re.search(rf"testland.yaml:{line_of('9 to 1')}:\d+: wagers\[0\]\.paytables\[0\]\.lines\[4\]\.quote\[1\]: "
                     r"'9 to 1' does not occur in §2", result.output)
    assert "source.clauses.no_rule_text[1].clause: '§9' names no clause of the source" in result.output
    assert "source.clauses.no_rule_text[2].quote: 'Gazette 2' does not occur in §3" in result.output


def test_each_provision_has_the_status_its_quotes_give_it(sources, tmp_path):
    rs = load_ruleset(_write(tmp_path, _mixed()))
    assert quote_problems(rs) == []
    status = {s.provision.id: s for s in coverage(rs).statuses}
    assert status["§1(a)/p1"].status == "transcribed" and status["§1(a)/p1"].facts == ("definitions.community-card",)
    assert status["§2/p2"].status == "transcribed" and status["§2/p2"].facts == ("wagers.base.paytables.a.lines.royal_flush",)
    assert status["§2/p3"].facts == ("wagers.base.paytables.a.lines.flush",)  # a list of pieces
    assert status["§2/p5"].status == "finding only" and status["§2/p5"].findings == ("two-pair-low",)
    assert status["§3/p1"].status == "no rule" and status["§3/p1"].no_rule == "A history note."
    assert status["(whole text)/p1"].no_rule == "The title."
    assert status["§1(b)/p1"].status == "no rule" and status["§1(b)/p1"].no_rule == "A lead-in to (1) and (2)."
    # a quote in a subclause of the clause cited covers that subclause's provision...
    assert status["§1(b)(1)/p1"].facts == ("dealing_methods.hand",)
    # ...and the citation of the parent covers nothing else
    assert status["§1(b)(2)/p1"].status == "uncovered"
    assert {p for p, s in status.items() if s.status == "uncovered"} == {
        "§1/p2", "§1/p3", "§1/p4", "§1(a)/p2", "§1(a)/p3", "§1(b)(2)/p1", "§2/p1", "§2/p4", "§4(a)/p1"}


def test_the_quoted_share_counts_the_words_inside_quotes(sources, tmp_path):
    rs = load_ruleset(_write(tmp_path, _mixed()))
    cov = coverage(rs)
    quoted_pieces = ["Testland rules apply.", "place three equal wagers", "Royal flush 1,000 to 1", "Flush", "8 to 1",
                     "deal three cards to each player", "Two pair | 2 to 1 |"]
    assert cov.quoted_words == sum(len(q.split()) for q in quoted_pieces)
    assert cov.words == sum(len(p.text.split()) for p in provisions(rs))
    marked = {s.provision.id: [s.provision.text[a:b] for a, b in s.marked] for s in cov.statuses if s.marked}
    assert marked["§2/p2"] == ["Royal flush 1,000 to 1"] and marked["§2/p3"] == ["Flush", "8 to 1"]
    assert marked["§1/p1"] == ["Testland rules apply."]


def test_validate_coverage_names_every_uncovered_provision_and_unquoted_fact_and_fails(sources, tmp_path):
    data = _mixed()
    del _at(data, ("cards", "cover_card"))["quote"]
    target = _write(tmp_path, data)
    result = CliRunner().invoke(main, ["validate", "--coverage", str(target)])
    assert result.exit_code == 1, result.output
    assert (f'testland.txt line 11: provision §1(b)(2)/p1 ("deal two community cards.") has no fact or finding '
            "quoting it" in result.output)
    assert 'line 17: provision §2/p4 ("Wager | Odds | Straight | 5 to 1 |")' in result.output
    assert re.search(r"unquoted: \S+testland.yaml:\d+: fact cards.cover_card \(T §1\) has no quote", result.output)
    out = json.loads(CliRunner().invoke(main, ["validate", "--coverage", "--format", "json", str(target)]).output)
    row = out["coverage"][0]
    assert row["provisions"] == 18 and row["counts"] == {"transcribed": 5, "finding only": 1, "no rule": 3,
                                                         "uncovered": 9}
    assert row["covered"] == 9 and [u["provision"] for u in row["uncovered"]][-1] == "§4(a)/p1"
    assert row["without_quote"] == [{"kind": "fact", "id": "cards.cover_card", "cite": "T §1",
                                     "line": row["without_quote"][0]["line"]}]
    assert row["quoted_share"] == round(row["quoted_words"] / row["words"], 4)
    assert set(row["statuses"][0]) == {"provision", "clause", "line", "text", "status", "facts", "findings", "no_rule",
                                       "words", "quoted_words"}


def test_validate_coverage_passes_when_every_provision_is_quoted_or_has_a_reason(sources, tmp_path):
    data = _mixed()
    _at(data, ("cards", "decks")).update(cite="T §1", quote="The game is played with one deck")
    _at(data, ("cards", "procedures")).append({"id": "shuffle", "text": "Shuffle and cut.", "cite": "T §1",
                                               "quote": "the deck shall be shuffled before each round and shall be cut once."})
    _at(data, ("base_game", "equal_bets")).update(cite="T §1(a)", quote=["one wager on each circle", "no wager on a line"])
    _at(data, DEALING)["quote"] = ["(1) deal three cards to each player; and", "(2) deal two community cards."]
    _at(data, ("wagers", 0, "paytables", 0, "lines", 5)).update(cite="T §2", quote="Straight | 5 to 1 |")
    _at(data, ("wagers", 0, "paytables", 0)).update(cite="T §2", quote="The payouts are as follows")
    data["source"]["clauses"]["no_rule"]["§4(a)"] = "A placeholder."
    target = _write(tmp_path, data)
    result = CliRunner().invoke(main, ["validate", "--coverage", str(target)])
    assert result.exit_code == 0, result.output
    assert "uncovered:" not in result.output and "unquoted:" not in result.output


def test_a_readings_quote_is_checked_against_its_own_cite_else_its_findings(sources, tmp_path):
    from lit_compliance.load.clauses import cite_problems

    rs = load_ruleset(_write(tmp_path, _mixed()))
    finding = rs.data["findings"][0]
    finding["readings"] = [{"id": "own", "cite": "T §1(a)", "quote": "three equal wagers"},
                           {"id": "inherited", "quote": "Two pair"},
                           {"id": "wrong", "quote": "Two pair"},
                           {"id": "astray", "cite": "T §7", "quote": "x"}]
    finding["readings"][2]["cite"] = "T §1"
    problems = dict(quote_problems(rs))
    assert list(problems) == [("findings", 0, "readings", 2, "quote")]
    assert "'Two pair' does not occur in §1" in problems[("findings", 0, "readings", 2, "quote")]
    assert [(path, message) for path, _, message in cite_problems(rs)] == [
        (("findings", 0, "readings", 3, "cite"), "§7 names no clause of the source")]
    status = {s.provision.id: s for s in coverage(rs).statuses}
    assert status["§1(a)/p1"].findings == ("two-pair-low",)  # a reading's quote counts for its finding


def test_a_quote_given_as_pieces_is_shown_as_one_text_with_the_gaps_marked():
    from lit_compliance.model.paytable import Line
    from lit_compliance.model.provenance import quote_text

    assert quote_text(["Flush", "8 to 1"]) == "Flush … 8 to 1" and quote_text("Flush 8 to 1") == "Flush 8 to 1"
    line = Line.from_data({"hand": "flush", "payout": {"kind": "to_one", "value": 8}, "quote": ["Flush", "8 to 1"],
                           "cite": "T §2"})
    assert line.quote == "Flush … 8 to 1"


def test_a_piece_a_quote_repeats_falls_on_the_next_occurrence_each_time(sources, tmp_path):
    data = _mixed()
    _at(data, DEALING).update(cite="T §1(b)(1)-(2)", quote=["each player", "deal", "deal"])
    rs = load_ruleset(_write(tmp_path, data))
    status = {s.provision.id: s for s in coverage(rs).statuses}
    assert status["§1(b)(1)/p1"].facts == status["§1(b)(2)/p1"].facts == ("dealing_methods.hand",)
    assert [status["§1(b)(1)/p1"].provision.text[a:b] for a, b in status["§1(b)(1)/p1"].marked] == ["deal", "each player"]
    _at(data, DEALING)["quote"] = ["deal"]
    rs = load_ruleset(_write(tmp_path, data))
    status = {s.provision.id: s for s in coverage(rs).statuses}
    assert status["§1(b)(1)/p1"].facts and status["§1(b)(2)/p1"].status == "uncovered"  # once: the first only
