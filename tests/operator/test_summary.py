"""`lit-compliance summary` (rules summary) and `lit-compliance paytables` (alternatives with game math)."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from markupsafe import escape

from lit_compliance.cli import main
from lit_compliance.model.vocabulary import hand_name, odds as _odds
from lit_compliance.output.text_safety import markdown as markdown_escape
from bundled import JURISDICTIONS



def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("jid", JURISDICTIONS)
def test_markdown_summary_has_every_section_and_every_paytable_line_with_its_citation(jid, ruleset_data):
    data = ruleset_data(jid)
    result = run("summary", jid)
    assert result.exit_code == 0, result.output
    md = result.output
    for heading in ("## How the game is played", "### A round", "### Hand rankings", "## Wagers and paytables",
                    "## Limits", "## Procedures", "## Irregularities", "## Findings"):
        assert f"\n{heading}\n" in md, heading
    for wager in data["wagers"]:
        assert f"\n### {markdown_escape(wager['name'])}\n" in md
        for table in wager["paytables"]:
            for line in table["lines"]:
                row = (f"| {markdown_escape(hand_name(line['hand'], line.get('suits')))} | "
                       f"{markdown_escape(_odds(line['payout']))}")
                assert row in md and f"| {markdown_escape(line['cite'])} |" in md, row
    for irregularity in data["irregularities"]:
        assert markdown_escape(irregularity["consequence"]["text"]) in md
        assert f"[{markdown_escape(irregularity['cite'])}]" in md
    for finding in data["findings"]:
        assert f"- **{markdown_escape(finding['id'])}** (" in md


def test_markdown_tables_are_preceded_by_a_blank_line():
    md = run("summary", "maryland").output
    for match in re.finditer(r"\n\| Hand \| Pays \| Cite \|", md):
        assert md[match.start() - 1] == "\n", md[match.start() - 80:match.start() + 20]


def test_markdown_escapes_markup_in_rule_text():
    md = run("summary", "maryland").output
    assert "per\\_qualifying\\_hand records the usual reading" in md  # from the envy text
    assert markdown_escape("a | b *c* <x>") == "a \\| b \\*c\\* \\<x\\>"


def test_summary_cites_the_source_and_version():
    md = run("summary", "tribal").output
    assert md.startswith("# Let It Ride rules summary: Tribal gaming code (Section 12)\n")
    assert "- Ruleset: tribal@v1" in md
    assert "The base wager wins on Pair of tens or better [" in md


@pytest.mark.parametrize("jid", JURISDICTIONS)
def test_html_summary_is_escaped_print_ready_and_complete(jid, ruleset_data):
    data = ruleset_data(jid)
    result = run("summary", jid, "--format", "html")
    assert result.exit_code == 0
    html = result.output
    assert html.startswith("<!DOCTYPE html>") and "@page {" in html and "size: letter; margin:" in html
    for finding in data["findings"]:
        assert f'<dt id="finding-{finding["id"]}">' in html
    for wager in data["wagers"]:
        assert f">{escape(wager['name'])}</h3>" in html
    assert "<script" not in html


def test_summary_output_is_byte_identical_and_written_atomically(tmp_path):
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    assert run("summary", "south-dakota", "--output", a).exit_code == 0
    assert run("summary", "south-dakota", "--output", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md"]


def test_summary_for_unknown_jurisdiction_is_a_clean_error():
    result = run("summary", "atlantis")
    assert result.exit_code == 2 and "unknown jurisdiction 'atlantis'" in result.output


def test_summary_pdf_needs_an_output_file():
    result = run("summary", "tribal", "--format", "pdf")
    assert result.exit_code == 2 and "--format pdf needs --output FILE" in result.output


# --- paytables --------------------------------------------------------------------------------


def test_paytables_lists_every_alternative_with_house_edge_and_hit_frequency(ruleset_data):
    from lit_compliance.gamemath import paytable_result
    from lit_compliance.load.catalogue import Catalogue

    result = run("paytables", "maryland")
    assert result.exit_code == 0, result.output
    text = result.output
    rs = Catalogue.bundled().get("maryland")
    for wager in ruleset_data("maryland")["wagers"]:
        for table in wager["paytables"]:
            assert f"  {table['name']} ({table['id']})" in text
    base_a = paytable_result(rs, "base", "a")
    assert base_a.status == "exact" and 0.03 < base_a.house_edge < 0.04
    block = text[text.index("  Paytable A (a) [COMAR 36.05.18.12A(1)]"):]
    assert f"House edge:      {float(base_a.house_edge) * 100:.3f}%" in block.splitlines()[1]
    assert f"Hit frequency:   {float(base_a.hit_frequency) * 100:.2f}%" in block.splitlines()[3]
    assert "Element of risk:" in block.splitlines()[4]


def test_paytables_says_when_an_edge_cannot_be_stated():
    text = run("paytables", "nsw").output
    assert "House edge:      cannot be stated (figures missing in the source)" in text
    text = run("paytables", "massachusetts").output
    assert "(no paytable in the source) (-)" in text


def test_paytables_json_carries_the_game_math_results():
    data = json.loads(run("paytables", "tribal", "--format", "json").output)
    assert data["ref"] == "tribal@v1"
    base = [w for w in data["wagers"] if w["id"] == "base"][0]
    table = base["tables"][0]
    assert table["id"] == "payout-odds" and table["result"]["status"] == "exact"
    assert table["result"]["house_edge"] == pytest.approx(0.0350568, abs=1e-6)
    assert (table["lines"][0]["hand"], table["lines"][0]["pays"]) == ("Royal flush", "1,000 to 1")
    assert table["lines"][0]["cite"].startswith("Section 12(e)(2)")


def test_the_summary_lists_each_open_findings_readings_and_which_one_is_applied(catalogue):
    rs = catalogue.latest("south-dakota")
    from lit_compliance.operator.summary import summary_view

    view = summary_view(rs)
    (f,) = [f for f in view["findings"] if f["id"] == "sd-three-card-mini-royal-dashes"]
    assert [(r["id"], r["default"]) for r in f["readings"]] == [("falls-through", True), ("pays-nothing", False)]
