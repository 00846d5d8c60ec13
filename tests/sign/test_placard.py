"""`lit-compliance placard`: the view, the HTML and SVG renderings, escaping, determinism, atomic output."""
from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from markupsafe import escape
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue
from lit_compliance.model import Payout, model_of
from lit_compliance.sign.placard import Wording, placard_view, say_payout
from lit_compliance.sign.svg import svg_view
from lit_compliance.output.render import render
from lit_compliance.table.config import digest, load_config, load_config_text, ruleset_for
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def view_of(name: str) -> dict:
    config = load_config(EXAMPLES / f"{name}.yaml")
    return placard_view(ruleset_for(config), config)


def schedule_rows(view: dict) -> list[tuple[str, ...]]:
    """Every line of the payout schedule the placard must show: (hand, payout, ...)."""
    rows = []
    for wager in view["wagers"]:
        for table in wager["tables"]:
            rows += [(r["hand"], r["pays"]) for r in table["rows"]]
        for grid in (wager["matrix"], wager["envy"]):
            if grid:
                rows += [(r["hand"], *r["cells"]) for r in grid["rows"]]
    return rows


def svg_texts(svg: str) -> list[str]:
    """The text of every ``text`` element of an SVG, its lines joined, white space collapsed."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg.encode("utf-8"))
    return [" ".join("".join(t.itertext()).split()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize("name", COMPLIANT)
def test_html_placard_has_every_schedule_line_casino_limits_and_digest(name):
    view = view_of(name)
    html = render("placard.html.j2", v=view)
    for row in schedule_rows(view):
        assert f'<th scope="row">{escape(row[0])}</th>' in html
        assert all(str(escape(c)) in text_of(html) for c in row[1:]), row
    assert f'<p class="casino">{escape(view["casino"])}</p>' in html
    assert f"lit-compliance verify {name}.yaml {view['digest']}" in html and f"ruleset {view['ruleset_ref']}" in html
    assert "@page { size:" in html and "print" in html


@pytest.mark.parametrize("name", COMPLIANT)
def test_svg_placard_is_one_sheet_with_every_schedule_line(name):
    view = view_of(name)
    svg = render("placard.svg.j2", v=view, s=svg_view(view))
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    width, height = view["size"]["width_in"], view["size"]["height_in"]
    assert f'width="{width}in" height="{height}in"' in svg
    texts = svg_texts(svg)
    for row in schedule_rows(view):
        for cell in row:
            assert any(t == cell or t.startswith(cell) for t in texts), cell
    layout = svg_view(view)
    assert all(0 < t["y"] < layout["height"] - layout["margin"] for t in layout["texts"])
    assert view["digest"] in svg


def test_maryland_placard_states_the_chosen_paytables_exactly():
    view = view_of("maryland")
    base = view["wagers"][0]
    assert base["title"] == "Let It Ride" and base["stake"] == "3 equal bets"
    assert [(r["hand"], r["pays"]) for r in base["tables"][0]["rows"]][:3] == [
        ("Royal flush", "1,000 to 1"), ("Straight flush", "200 to 1"), ("Four of a kind", "50 to 1")]
    progressive = [w for w in view["wagers"] if w["id"] == "progressive"][0]
    assert progressive["envy"]["columns"] == ["$1 wager", "$5 wager"]
    assert progressive["envy"]["rows"][0] == {"hand": "Royal flush", "cells": ["$1,000", "$5,000"]}
    assert progressive["meter"] == "Meter resets to $10,000"
    assert view["payout_limit"] == {"amount": "$100,000", "scope": "Applies to all wagers."}
    assert view["limits"] == ["Minimum $10 \u00b7 Maximum $500 on each of the 3 Let It Ride bets"]


def test_for_odds_are_restated_with_to_where_the_jurisdiction_forbids_for():
    view = view_of("massachusetts")
    progressive = [w for w in view["wagers"] if w["id"] == "progressive"][0]
    pays = {r["hand"]: (r["pays"], r["mark"]) for r in progressive["tables"][0]["rows"]}
    assert pays["Four of a kind"] == ("299 to 1", "")
    assert pays["Three of a kind"] == ("8 to 1", "")
    assert pays["Royal flush"] == ("100% of meter", "")
    assert not any(" for " in row[1] for row in schedule_rows(view))
    # the sign tells players how "to 1" pays; the regulation's own wording is for check, not the sign
    assert any(n["text"].startswith("\u201cto 1\u201d") for n in view["notes"])
    assert not [n for n in view["notes"] if "prints them as" in n["text"]]
    (note,) = [r for r in view["record"] if "prints them as" in r]
    assert "MGC LIR \u00a711(a)" in note
    assert "Four of a kind 300 for 1 (the sign: 299 to 1)" in note and "Three of a kind 9 for 1 (the sign: 8 to 1)" in note
    checked = CliRunner().invoke(main, ["check", str(EXAMPLES / "massachusetts.yaml")])
    assert note in checked.output


def test_for_odds_stay_as_printed_where_no_rule_forbids_for():
    view = view_of("maryland")
    progressive = [w for w in view["wagers"] if w["id"] == "progressive"][0]
    pays = {r["hand"]: r["pays"] for r in progressive["tables"][0]["rows"]}
    assert pays["Four of a kind"] == "300 for 1"
    assert not [r for r in view["record"] if "prints them as" in r]      # no restated odds


def test_the_placard_leaves_the_reading_it_follows_to_check():
    """Maryland five-card bonus: the paytables' pair line against .11E(1) (md-five-card-bonus-two-pair-vs-pair):
    the sign prints the figures the reading gives; which reading, and why, is check's to say."""
    view = view_of("maryland")
    model = model_of(Catalogue.bundled().get("maryland"))
    (reading,) = [r for r in model.finding("md-five-card-bonus-two-pair-vs-pair").readings if r.id == "paytable-as-printed"]
    assert not [n for n in view["notes"] if reading.meaning in n["text"] or "reading" in n["text"]]
    checked = CliRunner().invoke(main, ["check", str(EXAMPLES / "maryland.yaml")])
    assert f"md-five-card-bonus-two-pair-vs-pair/paytable-as-printed" in checked.output and reading.meaning in checked.output


def test_say_payout_converts_both_ways_only_when_one_word_is_forbidden():
    no_for = Wording(frozenset({"for"}), ("R 1",))
    no_to = Wording(frozenset({"to"}), ("R 2",))
    assert say_payout(Payout.from_data({"kind": "for_one", "value": 50}), no_for, "$") == ("49 to 1", "50 for 1")
    assert say_payout(Payout.from_data({"kind": "to_one", "value": 49}), no_to, "$") == ("50 for 1", "49 to 1")
    assert say_payout(Payout.from_data({"kind": "to_one", "value": 49}), no_for, "$") == ("49 to 1", None)
    assert say_payout(Payout.from_data({"kind": "fixed_amount", "value": 2500}), no_for, "$") == ("$2,500", None)
    assert say_payout(Payout.from_data({"kind": "to_one", "value": None, "finding": "f"}), no_for, "$") == ("not stated", None)


def test_missing_figures_are_marked_and_explained_not_invented():
    """The NSW rules without the house's figures (a configuration check refuses; the view still marks them)."""
    view = view_of("noncompliant-nsw")
    rows = {r["hand"]: (r["pays"], r["mark"]) for r in view["wagers"][0]["tables"][0]["rows"]}
    assert rows["Straight flush"] == ("not stated", "*")
    assert rows["Royal flush"][0] == "1,000 to 1" and "*" not in rows["Royal flush"][1]
    assert any(n["text"].startswith("* No figure is posted for Straight flush") for n in view["notes"])
    assert any("missing from the published rules (NSW r 10.1)" in r for r in view["record"])


def test_figures_the_house_supplies_are_marked_as_set_by_the_house():
    view = view_of("nsw")
    rows = {r["hand"]: (r["pays"], r["mark"]) for r in view["wagers"][0]["tables"][0]["rows"]}
    config = load_config(EXAMPLES / "nsw.yaml")
    for figure in config.data["wagers"][0]["supplied_figures"]:
        from lit_compliance.model.vocabulary import hand_name, odds

        pays, mark = rows[hand_name(figure["hand"])]
        assert pays == odds(figure["payout"]) and "\u2021" in mark
    assert any(n["text"] == "\u2021 The house sets this figure." for n in view["notes"])
    assert any("the figure the house pays, which needs the regulator's approval" in r for r in view["record"])


def test_cover_all_tables_by_player_count_form_one_grid():
    view = view_of("massachusetts")
    cover = [w for w in view["wagers"] if w["id"] == "cover-all"][0]
    assert cover["matrix"]["columns"] == ["1", "2", "3", "4", "5", "6", "7"]
    assert cover["matrix"]["rows"][0] == {"hand": "Royal flush", "cells": [
        "500 to 1", "300 to 1", "250 to 1", "200 to 1", "150 to 1", "100 to 1", "90 to 1"]}
    assert cover["wide"] is True


def test_combined_limit_rule_changes_how_the_limits_are_stated():
    view = view_of("south-dakota")
    assert view["limits"] == ["Table limit $100: a player's wagers together, side wagers included, may not exceed it",
                              "Let It Ride bets $5 to $25 each"]


HOSTILE = "<script>alert(1)</script> {{ 7*7 }} & \"Sons\""


@pytest.mark.parametrize("fmt", ["html", "svg"])
def test_casino_name_is_printed_as_text_not_markup(tmp_path, fmt):
    text = (EXAMPLES / "tribal.yaml").read_text().replace("casino: Red Cedar Tribal Casino",
                                                          "casino: '" + HOSTILE.replace("'", "''") + "'")
    config = tmp_path / "hostile.yaml"
    config.write_text(text)
    result = run("placard", config, "--format", fmt)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} &amp; &#34;Sons&#34;" in out
    assert "49" not in text_of(out).replace("7*7", "")


def test_undefined_template_variables_are_errors():
    view = dict(view_of("tribal"))
    del view["digest"]
    with pytest.raises(jinja2.UndefinedError):
        render("placard.html.j2", v=view)


@pytest.mark.parametrize("fmt", ["html", "svg"])
def test_identical_inputs_give_byte_identical_files(tmp_path, fmt):
    a, b = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
    assert run("placard", EXAMPLES / "maryland.yaml", "--format", fmt, "--output", a).exit_code == 0
    assert run("placard", EXAMPLES / "maryland.yaml", "--format", fmt, "--output", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes() and len(a.read_bytes()) > 1000


def test_noncompliant_config_gets_no_placard(tmp_path):
    out = tmp_path / "p.html"
    result = run("placard", EXAMPLES / "noncompliant-maryland.yaml", "--output", out)
    assert result.exit_code == 1
    assert "does not comply with maryland@v1; no placard written" in result.output
    assert "error [too-many-seats]" in result.output
    assert not out.exists()


def test_failed_render_leaves_no_partial_file_and_keeps_the_old_one(tmp_path, monkeypatch):
    out = tmp_path / "p.html"
    out.write_text("old placard\n")

    def broken(template, **context):
        raise jinja2.UndefinedError("simulated failure")

    import lit_compliance.cli.operator as ops
    monkeypatch.setattr(ops, "render", broken)
    result = run("placard", EXAMPLES / "tribal.yaml", "--output", out)
    assert result.exit_code != 0
    assert out.read_text() == "old placard\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.html"]


def test_write_is_atomic_even_when_writing_fails_midway(tmp_path, monkeypatch):
    out = tmp_path / "p.svg"
    out.write_text("old\n")

    class Boom(Exception):
        pass

    from lit_compliance.output import files as files_module

    real_fdopen = files_module.os.fdopen

    def failing_fdopen(fd, mode):
        handle = real_fdopen(fd, mode)

        class Half:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                handle.close()
                return False

            def write(self, data):
                handle.write(data[:10])
                raise Boom()
        return Half()

    monkeypatch.setattr(files_module.os, "fdopen", failing_fdopen)
    with pytest.raises(Boom):
        files_module.write_output(out, "new content that is long enough")
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.svg"]


def test_pdf_needs_no_browser(tmp_path, monkeypatch):
    """No browser anywhere (none on PATH, a missing one named): the PDF is typeset all the same."""
    monkeypatch.setenv("LIT_COMPLIANCE_CHROMIUM", str(tmp_path / "no-such-browser"))
    monkeypatch.setenv("PATH", str(tmp_path))
    out = tmp_path / "p.pdf"
    result = run("placard", EXAMPLES / "tribal.yaml", "--format", "pdf", "--output", out)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]
    import pypdf  # the test extras' PDF reader

    config = load_config(EXAMPLES / "tribal.yaml")
    pages = pypdf.PdfReader(out).pages
    assert len(pages) == 1 and digest(ruleset_for(config), config) in pages[0].extract_text()


def test_placard_digest_matches_the_inputs():
    config = load_config(EXAMPLES / "tribal.yaml")
    rs = ruleset_for(config)
    html = run("placard", EXAMPLES / "tribal.yaml").output
    assert f'<meta name="lit-compliance-digest" content="{digest(rs, config)}">' in html
    other = load_config_text((EXAMPLES / "tribal.yaml").read_text().replace("Red Cedar", "Blue Cedar"), "x.yaml")
    assert digest(rs, other) not in html


def test_sign_size_sets_the_page(tmp_path):
    view = view_of("nsw")
    assert view["size"] == {"name": "a4", "css": "A4", "width_in": 8.27, "height_in": 11.69}
    assert "@page { size: A4; margin: 0; }" in render("placard.html.j2", v=view)


def test_the_sign_carries_a_qr_code_with_the_ruleset_and_digest_in_every_format(tmp_path):
    import xml.etree.ElementTree as ET

    config = load_config(EXAMPLES / "tribal.yaml")
    rs = ruleset_for(config)
    sign_digest = digest(rs, config)
    view = placard_view(rs, config)
    assert view["qr"]["text"].startswith(f"lit-compliance verify tribal.yaml {sign_digest} --parts rules=")
    svg = tmp_path / "p.svg"
    html = tmp_path / "p.html"
    assert run("placard", EXAMPLES / "tribal.yaml", "--format", "svg", "-o", svg).exit_code == 0
    assert run("placard", EXAMPLES / "tribal.yaml", "--format", "html", "-o", html).exit_code == 0
    root = ET.parse(svg).getroot()
    assert len(list(root.iter("{http://www.w3.org/2000/svg}svg"))) == 2          # the sign and its QR code
    assert html.read_text().count("<svg") == 1 and sign_digest in html.read_text()


def test_verify_says_whether_a_printed_digest_matches_the_configuration(tmp_path):
    config = load_config(EXAMPLES / "tribal.yaml")
    sign_digest = digest(ruleset_for(config), config)
    ok = run("verify", EXAMPLES / "tribal.yaml", sign_digest.upper())
    assert ok.exit_code == 0 and "matches" in ok.output
    changed = tmp_path / "t.yaml"
    changed.write_text((EXAMPLES / "tribal.yaml").read_text().replace("casino: ", "casino: X", 1))
    bad = run("verify", changed, sign_digest)
    assert bad.exit_code == 1 and "does NOT match" in bad.output
    assert run("verify", tmp_path / "missing.yaml", sign_digest).exit_code == 2


def test_a_sign_s_layout_is_read_back_from_the_cache_with_the_same_bytes(tmp_path, monkeypatch):
    from lit_compliance.sign import layout as sign_layout

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(sign_layout, "_FITS", {})
    args = ["placard", str(ROOT / "examples" / "configs" / "massachusetts.yaml"), "--format", "svg", "-o", "-"]
    cold = CliRunner().invoke(main, args)
    assert cold.exit_code == 0, cold.output

    def no_fit(view):
        raise AssertionError("the sign was laid out again, not read from the cache")

    monkeypatch.setattr(sign_layout, "_FITS", {})   # a new process remembers nothing
    monkeypatch.setattr(sign_layout, "_fit_sheet", no_fit)
    warm = CliRunner().invoke(main, args)
    assert warm.exit_code == 0, warm.output
    assert warm.output == cold.output
