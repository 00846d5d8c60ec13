"""`compare TOPIC`: one fact from every jurisdiction, side by side, with citations."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.cli import main
from lit_compliance.regulator.compare import compare, topics
from bundled import JURISDICTIONS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "maryland-draft-amendment.yaml"


@pytest.fixture(scope="module")
def everyone():
    cat = Catalogue.bundled()
    return [cat.latest(j) for j in cat.jurisdictions]


def _row(result, label):
    rows = [cells for row_label, cells in result.rows if row_label == label]
    assert len(rows) == 1, [r for r, _ in result.rows]
    return {col.label: cell.entries for col, cell in zip(result.columns, rows[0])}


def test_topic_list_is_fixed_and_includes_the_issue_examples():
    names = list(topics())
    assert names[:3] == ["qualifying-hand", "payout-limit", "bets"]
    for name in ("community-card-exposed-early", "base-paytables", "three-card-bonus-paytables",
                 "cover-all-paytables", "wrong-card-count", "odds-wording"):
        assert name in names
    assert len(names) == len(set(names))


def test_qualifying_hand_side_by_side_with_each_citation(everyone):
    result = compare(topics()["qualifying-hand"], everyone)
    assert [c.label for c in result.columns] == list(JURISDICTIONS)
    least = _row(result, "Least hand that wins the base wagers")
    assert {j: e[0][0] for j, e in least.items()} == {j: "Pair of tens or better" for j in JURISDICTIONS}
    assert least["nsw"] == (("Pair of tens or better", "NSW r 9.1"),)
    assert least["south-dakota"] == (("Pair of tens or better", "ARSD 20:18:16:15.03(7)"),)


def test_payout_limit_rule_and_who_sets_it(everyone):
    result = compare(topics()["payout-limit"], everyone)
    set_by = _row(result, "Set by")
    assert set_by["nsw"] == (("operator with regulator approval", "NSW r 10.2"),)
    assert set_by["tribal"][0][0] == "tribe or operator"
    assert set_by["massachusetts"] == () and set_by["south-dakota"] == ()  # silent on a payout limit
    assert _row(result, "Excludes")["tribal"][0][0] == "five-card-bonus"


def test_community_card_exposed_early_shows_every_case(everyone):
    result = compare(topics()["community-card-exposed-early"], everyone)
    what = _row(result, "What happens")
    assert len(what["nsw"]) == 2
    assert what["nsw"][0][0].endswith("Then misdeal new round: It is a misdeal; all wagers are void and a new "
                                      "round is dealt.")
    assert what["nsw"][1][0].startswith("When a community card is exposed in error after the players")
    assert what["maryland"][0][1] == "COMAR 36.05.18.13E"
    assert what["tribal"] == ()


def test_base_paytables_line_up_by_hand_with_house_edges(everyone):
    result = compare(topics()["base-paytables"], everyone)
    labels = [c.label for c in result.columns]
    assert labels == ["maryland: Paytable A", "maryland: Paytable B", "maryland: Paytable C", "massachusetts",
                      "nsw: Settlement Odds", "south-dakota: Alternative A", "south-dakota: Alternative B",
                      "tribal: Payout Odds"]
    royal = _row(result, "Royal flush")
    assert royal["maryland: Paytable A"] == (("1,000 to 1", "COMAR 36.05.18.12A(1)(a)"),)
    assert royal["south-dakota: Alternative B"][0][0] == "200 to 1"
    assert royal["massachusetts"] == ()
    edge = _row(result, "House edge")
    assert edge["tribal: Payout Odds"] == (("3.51%", None),)
    assert edge["nsw: Settlement Odds"] == (("not computable (figures missing)", None),)
    row_labels = [label for label, _ in result.rows]
    assert row_labels.index("Royal flush") < row_labels.index("Straight flush") < row_labels.index("House edge")


def test_compare_takes_a_draft_file_alongside_a_jurisdiction():
    cat = Catalogue.bundled()
    result = compare(topics()["base-paytables"], [cat.get("maryland", "v1"), load_ruleset(EXAMPLE)])
    assert [c.ref for c in result.columns].count("maryland@draft-1") == 4
    assert _row(result, "Full house")["maryland: Paytable D"][0][0] == "12 to 1"


def test_cli_compare_list_and_formats(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(main, ["compare", "--list"])
    assert listed.exit_code == 0 and "  community-card-exposed-early  " in listed.output
    as_json = json.loads(runner.invoke(main, ["compare", "--list", "--format", "json"]).output)
    assert as_json[0] == {"name": "qualifying-hand", "title": "Qualifying hand",
                          "description": "The least hand that wins the base wagers."}
    text = runner.invoke(main, ["compare", "qualifying-hand"])
    assert text.exit_code == 0
    assert "  nsw:           Pair of tens or better  [NSW r 9.1]\n" in text.output
    md = runner.invoke(main, ["compare", "payout-limit", "--format", "markdown"]).output
    assert md.splitlines()[4] == "| | maryland | massachusetts | nsw | south-dakota | tribal | "
    assert "| **Set by** | operator *(COMAR 36.05.18.02B(10))* | — |" in md
    out = tmp_path / "edges.html"
    html = runner.invoke(main, ["compare", "base-paytables", "-j", "nsw", "-j", "tribal", "--format", "html",
                                "--output", str(out)])
    assert html.exit_code == 0 and html.output == ""
    page = out.read_text(encoding="utf-8")
    assert '<th title="tribal@v1">tribal: Payout Odds</th>' in page and "<td><p>3.51%</p></td>" in page
    data = json.loads(runner.invoke(main, ["compare", "base-paytables", "-j", "tribal", "--format", "json"]).output)
    assert data["rows"][-1] == {"label": "House edge", "cells": [{"entries": [{"text": "3.51%", "cite": None}]}]}


def test_cli_compare_trouble_exits_two():
    runner = CliRunner()
    unknown = runner.invoke(main, ["compare", "no-such-topic"])
    assert unknown.exit_code == 2 and "unknown topic 'no-such-topic'" in unknown.output
    missing = runner.invoke(main, ["compare"])
    assert missing.exit_code == 2 and "name a TOPIC" in missing.output
    bad_ref = runner.invoke(main, ["compare", "qualifying-hand", "-j", "atlantis"])
    assert bad_ref.exit_code == 2 and "unknown jurisdiction 'atlantis'" in bad_ref.output


def test_cli_compare_is_deterministic():
    runner = CliRunner()
    first = runner.invoke(main, ["compare", "three-card-bonus-paytables"]).output
    assert first == runner.invoke(main, ["compare", "three-card-bonus-paytables"]).output
