"""The model: one meaning for every rule, checked against the schema and against arithmetic by hand."""
from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from lit_compliance.load.catalogue import Catalogue
from lit_compliance.load.validation import schema
from lit_compliance.model import as_printed
from lit_compliance.model.enums import HandCategory
from lit_compliance.model import (FindingKind, HandBasis, Payout, PayoutKind, SelectionRule, VoidWagers,
                                  WagerKind, exact, model_of)
from lit_compliance.poker.hands import evaluate5
from lit_compliance.poker.cards import parse_cards

PACKAGE = Path(__file__).resolve().parents[2] / "lit_compliance"


# --- the enums are the schema's ------------------------------------------------------------------


def _enum(path: list[str]) -> list[str]:
    node = schema("ruleset")
    for key in path:
        node = node[key]
    return list(node["enum"])  # the shared schema is read-only: arrays are tuples


@pytest.mark.parametrize("enum, path", [
    (PayoutKind, ["$defs", "payout", "properties", "kind"]),
    (HandBasis, ["$defs", "hand_basis"]),
    (WagerKind, ["$defs", "wager", "properties", "kind"]),
    (SelectionRule, ["$defs", "wager", "properties", "selection", "properties", "rule"]),
    (FindingKind, ["properties", "findings", "items", "properties", "kind"]),
    (VoidWagers, ["properties", "irregularities", "items", "properties", "consequence", "properties", "wagers"]),
    (HandCategory, ["$defs", "hand"]),
])
def test_model_enums_are_exactly_the_schema_enums(enum, path):
    assert [member.value for member in enum] == _enum(path)


# --- what a payout pays ----------------------------------------------------------------------------


def test_to_one_returns_the_stake_and_the_odds():
    assert Payout(PayoutKind.TO_ONE, Fraction(5)).returns(Fraction(10)) == 60
    assert Payout(PayoutKind.TO_ONE, Fraction(5)).net(Fraction(10)) == 50


def test_for_one_returns_the_odds_times_the_stake_in_all():
    assert Payout(PayoutKind.FOR_ONE, Fraction(300)).returns(Fraction(2)) == 600
    assert Payout(PayoutKind.FOR_ONE, Fraction(300)).net_odds == 299


def test_fixed_amount_is_the_whole_sum_whatever_the_stake():
    p = Payout(PayoutKind.FIXED_AMOUNT, Fraction(25))
    assert p.returns(Fraction(5)) == p.returns(None) == 25
    assert p.per_unit(Fraction(5)) == 5 and p.net_per_unit(Fraction(5)) == 4
    assert p.per_unit(None) is None      # per unit needs a stake


def test_percent_of_meter_is_paid_from_the_meter():
    p = Payout(PayoutKind.PERCENT_OF_METER, Fraction(10))
    assert p.returns(Fraction(1), Fraction(12345)) == Fraction(12345, 10)
    assert p.returns(Fraction(1)) is None and p.meter_share == Fraction(1, 10)


def test_not_offered_pays_nothing_and_a_missing_figure_cannot_be_stated():
    assert Payout(PayoutKind.NOT_OFFERED, None).returns(Fraction(5)) == 0
    missing = Payout(PayoutKind.TO_ONE, None)
    assert missing.missing and missing.returns(Fraction(5)) is None and missing.per_unit() is None


def test_to_and_for_restate_each_other():
    assert Payout(PayoutKind.FOR_ONE, Fraction(300)).equivalent(PayoutKind.TO_ONE).value == 299
    assert Payout(PayoutKind.TO_ONE, Fraction(1000)).equivalent(PayoutKind.FOR_ONE).value == 1001
    with pytest.raises(ValueError):
        Payout(PayoutKind.FIXED_AMOUNT, Fraction(5)).equivalent(PayoutKind.TO_ONE)


def test_money_is_exact_from_the_decimal_spelling():
    assert exact(0.1) == Fraction(1, 10) and exact(2.5) == Fraction(5, 2) and exact(7) == 7


# --- which line pays -------------------------------------------------------------------------------


def test_a_paytable_pays_the_first_line_the_hand_satisfies(catalogue):
    table = model_of(catalogue.latest("maryland")).wager("base").paytable("a")
    royal = evaluate5(parse_cards("As Ks Qs Js Ts"))
    assert table.line_for(royal).hand == "royal_flush"           # not its implied straight flush
    low_pair = evaluate5(parse_cards("2s 2d 7c 9h Kd"))
    assert table.line_for(low_pair) is None                      # a pair below tens loses


def test_suited_lines_match_only_their_suits(catalogue):
    table = model_of(catalogue.latest("maryland")).wager("progressive").paytable("c")
    from lit_compliance.poker.hands import evaluate3

    spades, hearts = evaluate3(parse_cards("As Ks Qs")), evaluate3(parse_cards("Ah Kh Qh"))
    assert table.line_for(spades).suits == ("spades",)
    assert "spades" not in table.line_for(hearts).suits


def test_a_stake_comes_from_the_line_then_the_paytable_then_the_wager(catalogue):
    model = model_of(catalogue.latest("tribal"))
    wager = model.wager("five-card-bonus")
    table = wager.paytables[0]
    assert wager.stake_for(table) == (table.stake or wager.stake)
    assert table.line_stake(table.lines[0], wager.stake) == (table.lines[0].stake or table.stake or wager.stake)


# --- no payout arithmetic or line matching outside the model --------------------------------------

KIND_LITERALS = {"to_one", "for_one", "fixed_amount", "percent_of_meter"}


def test_no_module_outside_the_model_does_payout_arithmetic_on_kind_names():
    """A comparison with a paying kind's name (``kind == "to_one"``) is payout meaning: the model's.

    Validation (checking the data before there is a model) and the vocabulary (saying a kind in
    words, ``model/vocabulary.py``) are the two places allowed to name kinds."""
    allowed = {"model", "load/validation.py", "sign/placard.py", "operator/checks", "table/configured.py"}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if any(rel == a or rel.startswith(a + "/") for a in allowed):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                names = {c.value for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)}
                if names & KIND_LITERALS:
                    offenders.append(f"{rel}:{node.lineno}")
    assert not offenders, offenders


# --- the cache knows the engine ------------------------------------------------------------------


def test_a_changed_engine_file_changes_every_cache_key(tmp_path, monkeypatch):
    import shutil

    from lit_compliance import cache

    copy = tmp_path / "lit_compliance"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_PACKAGE", copy)
    monkeypatch.setattr(cache, "_FINGERPRINT", None)
    before_fp, before = cache.engine_fingerprint(), cache.key_digest(["paytable", "x"])
    target = copy / "gamemath" / "side.py"
    target.write_text(target.read_text() + "\n# a changed engine\n")
    monkeypatch.setattr(cache, "_FINGERPRINT", None)
    assert cache.engine_fingerprint() != before_fp
    assert cache.key_digest(["paytable", "x"]) != before


def test_tests_never_use_the_users_cache():
    import os

    from lit_compliance import cache

    home = Path.home() / ".cache" / "lit-compliance"
    assert cache.directory() is None or cache.directory().resolve() != home.resolve()
    assert os.environ["LIT_COMPLIANCE_CACHE"]


@pytest.mark.parametrize("rs", list(Catalogue.bundled().all_versions()), ids=lambda rs: rs.ref)
def test_a_wager_record_carries_every_fact_the_views_print_of_it(rs):
    """The flags, the meter's words and the envy text are on the record, as the document states them."""
    for w, d in zip(as_printed(rs).wagers, rs.data["wagers"]):
        for flag, key in ((w.independent, "independent"), (w.returnable, "returnable")):
            said = d.get(key)
            assert (flag.value, flag.assumed, flag.text, flag.cite) == \
                (said.get("value"), said.get("assumed"), said.get("text"), said["cite"]) if said else flag is None
        meter, envy = d.get("meter"), d.get("envy")
        assert (w.meter.paid_amount, w.meter.reset_rule) == (meter.get("paid_amount"), meter.get("reset_rule")) \
            if meter else w.meter is None
        assert w.envy.text == envy.get("text") if envy else w.envy is None
        assert w.stake_as_written == (str(d["stake"]["amount"]) if (d.get("stake") or {}).get("amount") is not None
                                      else None)


# --- every typed fact knows its place in the file, looked up only when asked for -------------------------


def test_findings_readings_and_paytables_know_the_line_they_stand_on_in_the_ruleset_file(catalogue):
    import re

    rs = catalogue.get("maryland")
    model = model_of(rs)
    lines = Path(rs.path).read_text(encoding="utf-8").splitlines()

    def line_of(pattern: str, after: int = 0) -> int:
        return next(i + 1 for i, text in enumerate(lines) if i + 1 > after and re.search(pattern, text))

    findings_start = line_of(r"^findings:")
    for finding in model.findings[:5] + model.findings[-3:]:
        assert finding.source.line == line_of(rf"^\s*- id: {re.escape(finding.id)}\s*$", findings_start), finding.id
    reading = model.open_findings[0].readings[0]
    assert reading.source.line == line_of(rf"- id: {re.escape(reading.id)}\b",
                                          model.open_findings[0].source.line)
    wager = as_printed(rs).wagers[0]     # as printed: the wagers are the file's own (no reading changed them)
    assert wager.source.line == line_of(rf"^\s*- id: {re.escape(wager.id)}\s*$")
    assert str(wager.source) == f"{wager.source.file}:{wager.source.line}"


def test_building_a_model_reads_no_positions_until_one_is_asked_for(catalogue, monkeypatch):
    from lit_compliance.load import catalogue as catalogue_module
    from lit_compliance.model import ruleset as ruleset_module

    rs = catalogue_module.load_ruleset(catalogue.get("nsw").path)   # a fresh load (positions not yet read)
    asked = []
    document = rs.document
    real = document.locate
    monkeypatch.setattr(document, "locate", lambda path: asked.append(path) or real(path))
    model = ruleset_module.model_of(rs)
    assert model.findings and not asked
    assert model.findings[0].source.line > 1 and asked == [("findings", 0)]
