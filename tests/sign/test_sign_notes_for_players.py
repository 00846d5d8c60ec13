"""Every example sign's notes speak to players only (caps, stakes, who pays, when): no wording meant
for the regulator (the rules' gaps, readings, findings, what the operator chooses), and no note that
contradicts a figure the sign prints (a hand said to have no figure beside the figure shown for it,
a kind of odds explained that no schedule uses). What concerns the regulator is in ``check``."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from bundled import COMPLIANT
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.operator.checks import check
from lit_compliance.sign.placard import placard_view
from lit_compliance.table.config import load_config, ruleset_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "configs"

# Words a player does not need, and that belong to the regulator's account of the rules.
REGULATOR_WORDING = ("regulation", "regulator", "the rules are silent", "the rules are open", "finding", "reading",
                     "cannot be priced", "alternative schedules", "alternatives", "operator chooses", "the operator",
                     "published rules", "as printed", "the scan", "garble", "ambiguous", "not settled",
                     "prints them as", "requires;", "approved")
# What a note would say of a hand to deny it a figure.
DENIALS = ("no figure", "have no figure", "has no figure", "not stated", "missing", "cannot be", "never pays",
           "pays nothing", "not paid", "no payout")


def _signs():
    for path in sorted(EXAMPLES.glob("*.yaml")):
        config = load_config(path)
        rs = ruleset_for(config)
        if check(rs, config).compliant:     # a configuration that does not comply gets no sign
            yield pytest.param(path, id=path.stem)


SIGNS = list(_signs())


def test_every_compliant_example_has_a_sign_to_read():
    assert {p.values[0].stem for p in SIGNS} >= set(COMPLIANT)


@pytest.mark.parametrize("path", SIGNS)
def test_the_signs_notes_hold_no_wording_for_the_regulator(path):
    config = load_config(path)
    view = placard_view(ruleset_for(config), config, with_qr=False)
    assert view["notes"], "every sign explains how its figures are paid"
    for note in view["notes"]:
        said = [w for w in REGULATOR_WORDING if w in note["text"].lower()]
        assert not said, f"{path.name}: note {note['mark']} speaks to the regulator ({said}): {note['text']}"


@pytest.mark.parametrize("path", SIGNS)
def test_no_note_contradicts_a_figure_the_sign_prints(path):
    config = load_config(path)
    view = placard_view(ruleset_for(config), config, with_qr=False)
    printed: dict[str, list[str]] = {}
    for wager in view["wagers"]:
        for table in wager["tables"]:
            for row in table["rows"]:
                printed.setdefault(row["hand"].lower(), []).append(row["pays"])
        if wager["matrix"]:
            for row in wager["matrix"]["rows"]:
                printed.setdefault(row["hand"].lower(), []).extend(row["cells"])
    cells = [pays for figures in printed.values() for pays in figures]
    for note in view["notes"]:
        text = note["text"].lower()
        for hand, figures in printed.items():
            stated = [f for f in figures if f not in ("not stated", "\u2014")]
            if stated and re.search(rf"\b{re.escape(hand)}\b", text) and any(d in text for d in DENIALS):
                raise AssertionError(f"{path.name}: note {note['mark']} denies {hand} a figure the sign prints "
                                     f"({', '.join(stated)}): {note['text']}")
        # a note explaining a kind of figure is read beside a schedule that prints that kind
        for said, looks in (("\u201cto 1\u201d", " to 1"), ("\u201cfor 1\u201d", " for 1"),
                            ("\u201c% of meter\u201d", "% of meter"), ("an amount of money", "$")):
            if text.startswith(said.lower()):
                assert any(looks in c for c in cells), f"{path.name}: note {note['mark']} explains {said}, printed nowhere"


def test_the_nsw_sign_does_not_say_the_house_figures_are_missing_and_check_tells_the_regulator():
    path = EXAMPLES / "nsw.yaml"
    config = load_config(path)
    view = placard_view(ruleset_for(config), config, with_qr=False)
    supplied = [f["hand"] for f in config.data["wagers"][0]["supplied_figures"]]
    rows = {r["hand"]: r for t in view["wagers"][0]["tables"] for r in t["rows"]}
    from lit_compliance.model.vocabulary import hand_name
    assert all("\u2021" in rows[hand_name(h)]["mark"] and rows[hand_name(h)]["pays"].endswith("to 1") for h in supplied)
    assert not [n for n in view["notes"] if "no figure" in n["text"] or "cannot be priced" in n["text"]]
    out = CliRunner().invoke(main, ["check", str(path)]).output
    assert "give no figure for Straight flush, Full house, Straight, Two pair" in out       # the regulator's account
    assert "nsw-r10-1-pair-of-10s-or-better-label/own-rows" in out                           # the reading, in check
