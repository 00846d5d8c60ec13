"""Clauses: the clause list is parsed from each bundled source and every citation names a clause
(provisions, quotes and coverage: tests/load/test_provisions.py and tests/load/test_provision_coverage.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from bundled import JURISDICTIONS
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.clauses import CiteError, Resolver, Style, clauses, resolve_cite, source_text
from lit_compliance.load.facts import facts

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*/*.yaml"))


def _rs(jurisdiction: str):
    return Catalogue.bundled().latest(jurisdiction)


def _ids(rs) -> dict:
    return {c.id: c for c in clauses(rs)}


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_numbered_clause_starts_on_a_line_that_prints_its_label(path):
    rs = load_ruleset(path)
    lines = source_text(rs).split("\n")
    units = {u["label"] for u in rs.data["source"]["clauses"].get("units", [])}
    found = clauses(rs)
    assert len(found) > 40
    for c in found[1:]:
        if c.label in units:
            continue
        assert c.label in lines[c.line - 1] or c.label in lines[c.line - 1].replace(" ", ""), (c.id, c.line)


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_siblings_run_in_order_except_where_the_text_repeats_a_label(path):
    """A misparse (a list item taken for a section, or the reverse) breaks the order of labels
    under one parent; the only exceptions are labels the text itself repeats or skips back to."""
    rs = load_ruleset(path)
    levels = rs.data["source"]["clauses"]["levels"]
    styles = [Style.parse(lv["marker"]) for lv in levels]
    kids: dict = {}
    for c in clauses(rs)[1:]:
        kids.setdefault(c.parent, []).append(c)
    disorder = []
    for parent, children in kids.items():
        keys = []
        for c in children:
            style = next((s for s in styles if re.fullmatch(s.label_pattern, c.label)), None)
            if style is None or "#" in c.id:
                continue
            keys.append((style.kind, style.order(c.label), c.id))
        for (k1, o1, a), (k2, o2, b) in zip(keys, keys[1:]):
            if k1 == k2 and o2 <= o1:
                disorder.append((a, b))
    # Tribal prints (g) and (e) a second time after (i) and (k) (findings duplicate-*-heading-*):
    # those carry "#2" and are skipped above; nothing else may run backwards.
    assert disorder == []


def test_south_dakota_roman_items_and_the_three_tables_of_subdivision_9():
    ids = _ids(_rs("south-dakota"))
    assert [i for i in ids if i.startswith("(10)(a)(")] == [f"(10)(a)({r})" for r in
                                                          ("i", "ii", "iii", "iv", "v", "vi", "vii")]
    assert ids["(10)(a)(vii)"].text.startswith("After the dealer reconciles all action")
    # three tables each lettered from (a): basic game, bonus bet, three card bonus
    assert "Royal flush" in ids["(9)(a)"].text and "500 to 1" in ids["(9)(a)"].text
    assert "10000 to 1" in ids["(9)(a)#2"].text
    assert "Mini Royal" in ids["(9)(a)#3"].text
    assert ids["Source note"].text.startswith("Source: 23 SDR 227")
    assert "Source: 23 SDR" not in ids["(13)"].text


def test_tribal_i_is_a_subsection_after_h_and_an_item_under_h5():
    ids = _ids(_rs("tribal"))
    assert ids["(i)"].parent == "" and ids["(i)"].text.startswith("Procedures for Dealing the Cards from the Hand")
    assert ids["(h)(5)(i)"].parent == "(h)(5)"
    assert ids["(e)#2"].text.startswith("Payout Odds")
    assert ids["(g)#2(1)"].text.startswith("Notwithstanding any other provision of Section 15")


def test_nsw_unnumbered_paragraphs_take_the_numbers_the_rules_give_them():
    ids = _ids(_rs("nsw"))
    assert ids["r 12.9"].text.startswith("If, prior to a player handling")
    assert ids["r 12.9.1"].parent == "r 12.9" and ids["r 12.9.2"].parent == "r 12.9"
    assert ids["r 12.10"].text.startswith("If, subsequent to a player handling")
    assert ids["r 2.4"].text.startswith("The table shall have a drop box")  # run into r 2.3.2's line


def test_massachusetts_sections_6a_6b_and_the_unbracketed_item_of_12h():
    ids = _ids(_rs("massachusetts"))
    assert ids["§6a"].text.strip().startswith("Let it Ride bonus wager")
    assert ids["§6b(c)"].parent == "§6b"
    assert ids["§12(h)a"].parent == "§12(h)"


def test_maryland_a_wrapped_regulation_reference_is_not_a_regulation():
    ids = _ids(_rs("maryland"))
    assert [i for i in ids if re.fullmatch(r"\.\d\d", i)] == [f".{n:02d}" for n in range(1, 14)]
    assert ".11 of this chapter." in ids[".07E(2)"].text


@pytest.mark.parametrize("cite, expected", [
    ("ARSD 20:18:16:15.03(1)-(3)", ["(1)", "(2)", "(3)"]),
    ("ARSD 20:18:16:15.03(10)(a)(i), (10)(a)(ii)", ["(10)(a)(i)", "(10)(a)(ii)"]),
    ("ARSD 20:18:16:15.03(10)(b)(ii), (iii)", ["(10)(b)(ii)", "(10)(b)(iii)"]),
    ("ARSD 20:18:16:15.03(9)(c) [bonus bet]", ["(9)(c)#2"]),
    ("ARSD 20:18:16:15.03(9)(c) [three card bonus]", ["(9)(c)#3"]),
    ("ARSD 20:18:16:15.03 [Source note]", ["Source note"]),
    ("ARSD 20:18:16:15.03", [""]),
])
def test_south_dakota_citations_name_clauses(cite, expected):
    assert [c.id for c in resolve_cite(_rs("south-dakota"), cite)] == expected


@pytest.mark.parametrize("jurisdiction, cite, expected", [
    ("maryland", "COMAR 36.05.18.12H-J; .01B(2)", [".01B(2)", ".12H", ".12I", ".12J"]),
    ("maryland", "COMAR 36.05.18.06D(1), (3); .06A", [".06A", ".06D(1)", ".06D(3)"]),
    ("tribal", "Section 12(e)(2) [Payout Odds; printed (e), referred to as (l)]", ["(e)#2(2)"]),
    ("tribal", "Section 12(e)(2) [Shuffle and Cut]", ["(e)(2)"]),
    ("tribal", "Section 12(h)(5)(ii), (i)(1)", ["(h)(5)(ii)", "(i)(1)"]),
    ("massachusetts", "MGC LIR §11(b) (referring to §11(c))", ["§11(b)"]),
    ("nsw", "NSW r 12.9 [unnumbered paragraph after r 12.8], r 12.9.1", ["r 12.9", "r 12.9.1"]),
])
def test_citations_across_numbering_styles(jurisdiction, cite, expected):
    assert [c.id for c in resolve_cite(_rs(jurisdiction), cite)] == expected


@pytest.mark.parametrize("jurisdiction, cite, message", [
    ("south-dakota", "ARSD 20:18:16:15.03(14)", "(14) names no clause"),
    ("tribal", "Section 12(e)(2)", "printed more than once"),
    ("maryland", "COMAR 36.05.18.07E(3)-.08A", "names no clause"),
])
def test_a_citation_that_names_no_clause_or_an_ambiguous_one_is_refused(jurisdiction, cite, message):
    with pytest.raises(CiteError, match=re.escape(message)):
        Resolver(_rs(jurisdiction)).resolve(cite)


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_citation_in_the_catalogue_names_a_clause(path):
    rs = load_ruleset(path)
    resolver = Resolver(rs)
    for fact in facts(rs):
        assert resolver.resolve(fact.cite), fact.id
    for finding in rs.findings:
        assert resolver.resolve(finding["cite"]), finding["id"]


def _edited_copy(tmp_path: Path, ruleset: str, old: str, new: str) -> Path:
    """A copy of a bundled ruleset (same folder and file name) with ``old`` replaced once by ``new``."""
    text = (ROOT / "rulesets" / ruleset).read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / ruleset
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def test_a_citation_naming_no_clause_fails_validation_with_file_line_and_field(tmp_path):
    target = _edited_copy(tmp_path, "south-dakota/2017-04-17.yaml", "cite: ARSD 20:18:16:15.03(11)",
                          "cite: ARSD 20:18:16:15.03(31)")
    bad = target.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(target)])
    assert result.exit_code == 1
    line = bad[:bad.index("ARSD 20:18:16:15.03(31)")].count("\n") + 1
    assert f"2017-04-17.yaml:{line}:" in result.output and "(31) names no clause" in result.output
    assert "Traceback" not in result.output


def test_a_unit_the_text_does_not_have_is_a_validation_problem(tmp_path):
    target = _edited_copy(tmp_path, "nsw/v1.yaml", 'starts: "Complainants in all unresolved disputes"',
                          'starts: "Complainants nowhere"')
    result = CliRunner().invoke(main, ["validate", str(target)])
    assert result.exit_code == 1 and "no line of the source starts with these words" in result.output


hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CITE_BITS = st.sampled_from(["(", ")", "[", "]", ";", ",", "-", " ", "§", "r ", ".", "0", "1", "12", "a", "i", "A",
                             "(a)", "(10)", "(iv)", ".06D", "r 12.9", "§6a", '"', "COMAR 36.05.18", "Section 12", "\u2013"])


@settings(max_examples=300, deadline=None)
@given(jurisdiction=st.sampled_from(JURISDICTIONS),
       bits=st.lists(CITE_BITS, max_size=40))
def test_any_citation_text_resolves_or_is_refused_with_a_cite_error(jurisdiction, bits):
    resolver = Resolver(_rs(jurisdiction))
    try:
        found = resolver.resolve("".join(bits))
    except CiteError as exc:
        assert str(exc)
    else:
        assert all(c.id in resolver.by_id for c in found)


@pytest.mark.parametrize("hostile", [
    "(" * 200_000, "(a " * 70_000, ";" * 200_000 + "[", "[" + ";" * 200_000, "(1)" * 60_000, "r 1." * 50_000,
    "(a)-" * 50_000, "§" * 200_000,
])
def test_a_huge_hostile_citation_is_handled_in_linear_time(hostile):
    import time

    resolver = Resolver(_rs("tribal"))
    start = time.process_time()  # CPU time: another job on the machine does not stretch it
    try:
        resolver.resolve(hostile)
    except CiteError:
        pass
    assert time.process_time() - start < 20  # a hang guard, not a benchmark: quadratic would take hours


def test_coverage_of_a_ruleset_whose_source_is_not_bundled_says_so_and_fails(tmp_path):
    target = _edited_copy(tmp_path, "maryland/v1.yaml", "file: maryland-comar-36.05.18.txt", "file: elsewhere.txt")
    result = CliRunner().invoke(main, ["validate", "--coverage", str(target)])
    assert result.exit_code == 1, result.output
    assert "no provision list: its source text elsewhere.txt is not bundled" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
