"""Placards at every sign size: the schedule fills the sheet, fits one page, reads in one order.

For each sign size (letter, A4, tabloid, A3) and each example configuration:

- the SVG, from its geometry: every line inside the view box, header + schedule + footer at least two
  thirds of the sheet's height, no text below the stated minimum (MIN_TYPE_PT, FINE_PRINT_PT);
- the HTML in headless Chromium (one run lays out every placard, each in its own frame): the same
  three checks on the laid-out DOM, and the digest on one line;
- the PDF Chromium prints: exactly one page, and the wagers in the same order as in the SVG and HTML.
  Printing is one Chromium run per placard: the default run prints PRINTED (every configuration once
  and every size at least once); the rest of the matrix is marked ``slow`` (``-m slow``).

The browser tests skip, saying why, without Chromium (and the PDF text check without pdftotext).
"""
from __future__ import annotations

import copy
import dataclasses
import html as htmllib
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.sign import layout as P
from lit_compliance.sign.placard import placard_view
from lit_compliance.sign.svg import svg_view
from lit_compliance.sign.layout import FINE_PRINT_PT, MIN_TYPE_PT, SIGN_SIZES
from lit_compliance.table.config import load_config, ruleset_for
import browser as pdf  # tests/browser.py: headless Chromium, for the tests where a browser is the point
from lit_compliance.sign.metrics import mono_width, text_width
from lit_compliance.output.render import render
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"
SIZES = list(SIGN_SIZES)
CASES = [(name, size) for size in SIZES for name in COMPLIANT]
# The prints in the default run: each configuration once, each size at least once (the diagonal).
PRINTED = [(name, SIZES[i % len(SIZES)]) for i, name in enumerate(COMPLIANT)]
PRINT_CASES = [pytest.param(name, size, id=f"{name}-{size}", marks=() if (name, size) in PRINTED else pytest.mark.slow)
               for name, size in CASES]
# The browser tests of this module share one layout run (`measured`) and each print (`printed`): with
# pyproject's `--dist loadgroup` they all run in one worker.
one_browser = pytest.mark.xdist_group("placard_sizes_browser")
FILL = 2 / 3
# A document's stamp as long as a preparer's name of 40 characters makes it: set under the sheet's face.
MADE = "lit-compliance 0.1.0 \u00b7 rules digest 0123456789ab \u00b7 made 2026-03-02 \u00b7 prepared by " + "P" * 40
SVG = "{http://www.w3.org/2000/svg}"
PX_TO_PT = 72 / 96

needs_chromium = pytest.mark.skipif(
    pdf.chromium_path() is None,
    reason="Chromium is not installed (apt-get install chromium); the browser placard tests cannot run")


@lru_cache(maxsize=None)
def view_at(name: str, size: str) -> dict:
    config = load_config(EXAMPLES / f"{name}.yaml")
    config = dataclasses.replace(config, data={**config.data, "sign_size": size})
    return placard_view(ruleset_for(config), config, made=MADE)


def titles(view: dict) -> list[str]:
    return [w["title"] for w in view["wagers"]]


def reading_order(headings: list[tuple[str, float, float]], panels: list[tuple[float, float, float, float]],
                  content_width: float) -> list[str]:
    """Headings (text, left, top) as a reader takes them: band by band (a panel as wide as the
    schedule starts a band), within a band column by column (left to right), each column top down."""
    wide_tops = [y for x, y, w, h in panels if w > 0.9 * content_width]

    def key(heading):
        _, x, y = heading
        return (sum(1 for top in wide_tops if top <= y + 1), round(x / 20), y)

    return [text for text, *_ in sorted(headings, key=key)]


# --- SVG geometry ------------------------------------------------------------------------------


def svg_lines(root: ET.Element) -> list[dict]:
    """Every line of text of an SVG: its box (left, top, right, bottom), size and class."""
    out = []
    for t in root.iter(SVG + "text"):
        cls = (t.get("class") or "").split()
        bold = bool({"strong", "title", "casino"} & set(cls))
        mono = "stamp" in cls
        x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        anchor = t.get("text-anchor", "start")
        lines = [[t.text or "", y, size]]
        for span in t:
            if span.get("x") is not None:                       # a new line of the same text
                lines.append([span.text or "", lines[-1][1] + float(span.get("dy")), size])
            else:                                               # a mark on the same line
                lines[-1][0] += span.text or ""
                out.append({"text": span.text, "size": float(span.get("font-size")), "cls": cls, "mark": True,
                            "box": (x, y - P.ASCENT * size, x, y)})
        for value, base, s in lines:
            width = mono_width(value, s) if mono else text_width(value, s, bold, upper="game" in cls,
                                                                  tracking=0.12 if "game" in cls else 0)
            left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
            out.append({"text": value, "size": s, "cls": cls, "mark": False,
                        "box": (left, base - P.ASCENT * s, left + width, base + P.DESCENT * s)})
    return out


def svg_measure(svg: str) -> dict:
    root = ET.fromstring(svg.encode("utf-8"))
    _, _, width, height = map(float, root.get("viewBox").split())
    lines = svg_lines(root)
    panels = [tuple(float(r.get(k)) for k in ("x", "y", "width", "height"))
              for r in root.iter(SVG + "rect") if r.get("class") == "panel"]
    (rule,) = [float(l.get("y1")) for l in root.iter(SVG + "line") if l.get("class") == "footer-rule"]
    qr = [el for el in root.iter(SVG + "svg") if el is not root][0]
    qr_bottom = float(qr.get("y")) + float(qr.get("height"))
    schedule_bottom = max(y + h for x, y, w, h in panels)
    header_top = min(l["box"][1] for l in lines)
    footer_bottom = max([qr_bottom] + [l["box"][3] for l in lines if l["box"][1] > rule and "made" not in l["cls"]])
    margin = min(x for x, *_ in panels)
    heads = [(l["text"], l["box"][0], l["box"][1]) for l in lines if "title" in l["cls"]]
    return {
        "width": width, "height": height, "lines": lines, "panels": panels,
        "fill": (schedule_bottom - header_top + footer_bottom - rule) / height,
        "gap_ok": schedule_bottom <= rule,
        "outside": [l["text"] for l in lines if not (-0.5 <= l["box"][0] and l["box"][2] <= width + 0.5
                                                      and -0.5 <= l["box"][1] and l["box"][3] <= height + 0.5)],
        "min_body": min(l["size"] for l in lines if not {"note", "stamp", "made"} & set(l["cls"])) * PX_TO_PT,
        "min_fine": min(l["size"] for l in lines) * PX_TO_PT,
        "order": reading_order(heads, panels, width - 2 * margin),
    }


def overlapping(panels: list[tuple]) -> list[tuple]:
    return [(a, b) for i, a in enumerate(panels) for b in panels[i + 1:]
            if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]]


def svg_of(view: dict) -> str:
    return render("placard.svg.j2", v=view, s=svg_view(view))


@pytest.mark.parametrize("name,size", CASES)
def test_svg_placard_fills_its_sheet_inside_the_view_box_at_legible_sizes(name, size):
    view = view_at(name, size)
    got = svg_measure(svg_of(view))
    assert (got["width"], got["height"]) == (round(view["size"]["width_in"] * 96), round(view["size"]["height_in"] * 96))
    assert got["outside"] == []
    assert got["gap_ok"] and overlapping(got["panels"]) == []
    assert got["fill"] >= FILL, f"{name} on {size}: content fills {got['fill']:.0%} of the sheet's height"
    assert got["min_body"] >= MIN_TYPE_PT[size] - 0.01
    assert got["min_fine"] >= FINE_PRINT_PT[size] - 0.01
    assert got["order"] == titles(view)
    stamp = view['verify']
    assert any(stamp in line["text"] for line in got["lines"] if "stamp" in line["cls"])  # one line
    assert [line["text"] for line in got["lines"] if "made" in line["cls"]] == [MADE]


def test_the_svg_checks_can_fail():
    """Type below the minimum, a sheet the content fills half of, text pushed off the sheet: caught."""
    view = view_at("tribal", "tabloid")
    svg = svg_of(view)
    shrunk = re.sub(r'font-size="([\d.]+)"', lambda m: f'font-size="{float(m.group(1)) / 2:g}"', svg)
    assert svg_measure(shrunk)["min_body"] < MIN_TYPE_PT["tabloid"]
    w, h = svg_measure(svg)["width"], svg_measure(svg)["height"]
    taller = svg.replace(f'viewBox="0 0 {w:g} {h:g}"', f'viewBox="0 0 {w:g} {2 * h:g}"', 1)
    assert svg_measure(taller)["fill"] < FILL
    pushed = re.sub(r'(<text x=")([\d.]+)(")', lambda m: f"{m.group(1)}{float(m.group(2)) + 400:g}\"", svg)
    assert svg_measure(pushed)["outside"]


@pytest.mark.parametrize("name", COMPLIANT)
def test_the_wagers_read_in_the_view_order_in_the_html_and_the_svg(name):
    """Document order in the HTML; reading order (columns, then full-width panels) in the SVG."""
    for size in SIZES:
        view = view_at(name, size)
        html = render("placard.html.j2", v=view)
        html_heads = [htmllib.unescape(t) for t in re.findall(r"<h2[^>]*><span>(.*?)</span>", html)]
        assert html_heads == titles(view)
        assert svg_measure(svg_of(view))["order"] == titles(view)


def test_full_width_grids_come_after_the_two_columns():
    view = view_at("massachusetts", "letter")
    assert titles(view) == ["Let It Ride", "Progressive", "Cover All"]
    assert [b["wide"] for b in view["layout"]["bands"]] == [None, 2]


def test_type_sizes_are_stated_in_help():
    out = CliRunner().invoke(main, ["placard", "--help"]).output
    for size in SIZES:
        assert f"{size} {MIN_TYPE_PT[size]:g} pt (fine print {FINE_PRINT_PT[size]:g} pt)" in " ".join(out.split())


def test_a_schedule_too_long_for_the_sheet_at_the_minimum_size_is_refused(tmp_path, monkeypatch):
    monkeypatch.setitem(P.MIN_TYPE_PT, "letter", 30.0)
    out = tmp_path / "p.html"
    result = CliRunner().invoke(main, ["placard", str(EXAMPLES / "maryland.yaml"), "-o", str(out)])
    assert result.exit_code == 1  # check (which placard runs first) reports it: the configuration must change
    assert "does not fit a letter sheet at the minimum type size (30 pt)" in result.output
    assert not out.exists()


# --- In the browser ------------------------------------------------------------------------------

# Runs in the outer page once every frame has loaded: measures each placard in its frame.
MEASURE = """
window.addEventListener('load', () => {
  const results = [];
  document.querySelectorAll('iframe').forEach(frame => {
    const d = frame.contentDocument, w = frame.contentWindow;
    const sheetEl = d.getElementById('placard');
    const sheet = sheetEl.getBoundingClientRect();
    const pad = parseFloat(w.getComputedStyle(sheetEl).paddingLeft);
    const rel = r => [r.left - sheet.left, r.top - sheet.top, r.width, r.height];
    const inside = r => r.top >= sheet.top - 0.5 && r.bottom <= sheet.bottom + 0.5 &&
                        r.left >= sheet.left - 0.5 && r.right <= sheet.right + 0.5;
    const outside = [], body = [], fine = [];
    const walk = d.createTreeWalker(sheetEl, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode, text = node.textContent.trim();
      if (!text) continue;
      const range = d.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (!inside(r)) outside.push(text);
      const pt = parseFloat(w.getComputedStyle(node.parentElement).fontSize) * 0.75;
      (node.parentElement.closest('footer') ? fine : body).push([pt, text.slice(0, 40)]);
    }
    const panels = Array.from(d.querySelectorAll('article.wager')).map(a => a.getBoundingClientRect());
    const header = d.querySelector('header').getBoundingClientRect();
    const footer = d.querySelector('footer').getBoundingClientRect();
    const smallest = list => list.reduce((a, b) => (b[0] < a[0] ? b : a), [1e9, '']);
    results.push({
      sheet: [sheet.width, sheet.height], content_width: sheet.width - 2 * pad,
      header_top: header.top - sheet.top, footer_top: footer.top - sheet.top, footer_height: footer.height,
      schedule_bottom: Math.max(...panels.map(r => r.bottom)) - sheet.top,
      panels: panels.map(rel), outside: outside, smallest_body: smallest(body), smallest_fine: smallest(fine),
      digest_lines: d.querySelector('footer .stamp .nowrap').getClientRects().length,
      heads: Array.from(d.querySelectorAll('article.wager h2 > span:first-child')).map(s => {
        const r = s.getBoundingClientRect(); return [s.textContent, r.left - sheet.left, r.top - sheet.top]; })});
  });
  const pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(results);
  document.body.appendChild(pre);
});
"""


def scaled(view: dict, factor: float) -> dict:
    """The view with every header and schedule type size (and its spacing) scaled: a broken layout."""
    view = copy.deepcopy(view)
    layout = view["layout"]
    for key in ("body", "title", "small", "casino", "game"):
        layout[key] = round(layout[key] * factor, 2)
    layout["box"] = {k: round(v * factor, 2) for k, v in layout["box"].items()}
    return view


def measure_in_browser(views: list[dict]) -> list[dict]:
    """Lay every placard out in one headless Chromium run, each in a frame of its own."""
    frames = "".join(
        f'<iframe style="width: {v["size"]["width_in"] + 1}in; height: {v["size"]["height_in"] + 1}in; border: 0" '
        f'srcdoc="{htmllib.escape(render("placard.html.j2", v=v), quote=True)}"></iframe>' for v in views)
    dom = pdf.dump_dom(f"<!DOCTYPE html><html><body>{frames}</body></html>", MEASURE)
    match = re.search(r'<pre id="measure">(.*?)</pre>', dom, re.S)
    assert match, "the measuring script did not run"
    return json.loads(htmllib.unescape(match.group(1)))


def html_fill(got: dict) -> float:
    content = got["schedule_bottom"] - got["header_top"] + got["footer_height"]
    return content / got["sheet"][1]


@pytest.fixture(scope="module")
def measured():
    views = [view_at(name, size) for name, size in CASES]
    broken = [scaled(view_at("maryland", "letter"), 1.5), scaled(view_at("tribal", "tabloid"), 0.5)]
    got = measure_in_browser(views + broken)
    return dict(zip(CASES + ["too-large", "too-small"], got))


@needs_chromium
@one_browser
@pytest.mark.parametrize("name,size", CASES)
def test_html_placard_in_the_browser_fills_one_sheet_at_legible_sizes(name, size, measured):
    view, got = view_at(name, size), measured[(name, size)]
    assert [round(x) for x in got["sheet"]] == [round(view["size"]["width_in"] * 96), round(view["size"]["height_in"] * 96)]
    assert got["outside"] == []                                   # nothing past the sheet: one page
    assert got["schedule_bottom"] <= got["footer_top"] + 0.5      # the schedule stops above the footer
    assert html_fill(got) >= FILL, f"{name} on {size}: content fills {html_fill(got):.0%} of the sheet's height"
    assert got["smallest_body"][0] >= MIN_TYPE_PT[size] - 0.01, got["smallest_body"]
    assert got["smallest_fine"][0] >= FINE_PRINT_PT[size] - 0.01, got["smallest_fine"]
    assert got["digest_lines"] == 1                               # the digest never splits
    assert reading_order([tuple(h) for h in got["heads"]], got["panels"], got["content_width"]) == titles(view)


@needs_chromium
@one_browser
def test_the_browser_checks_can_fail(measured):
    big, small = measured["too-large"], measured["too-small"]
    assert big["outside"] or big["schedule_bottom"] > big["footer_top"]
    assert html_fill(small) < FILL
    assert small["smallest_body"][0] < MIN_TYPE_PT["tabloid"]


@lru_cache(maxsize=None)
def printed(name: str, size: str) -> bytes:
    return pdf.html_to_pdf(render("placard.html.j2", v=view_at(name, size)))


@needs_chromium
@one_browser
@pytest.mark.parametrize("name,size", PRINT_CASES)
def test_printed_placard_is_one_page_at_every_size(name, size, tmp_path):
    data = printed(name, size)
    assert pdf.page_count(data) == 1
    if shutil.which("pdfinfo"):
        path = tmp_path / "p.pdf"
        path.write_bytes(data)
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"^Pages:\s+1$", info, re.M), info
        w, h = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M).groups())
        assert (round(w), round(h)) == (round(view_at(name, size)["size"]["width_in"] * 72),
                                        round(view_at(name, size)["size"]["height_in"] * 72))


@needs_chromium
@one_browser
@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="pdftotext (poppler-utils) is not installed; the PDF order check needs it")
@pytest.mark.parametrize("name,size", PRINT_CASES)
def test_pdf_text_has_the_wagers_in_the_same_order_as_svg_and_html(name, size, tmp_path):
    view = view_at(name, size)
    path = tmp_path / "p.pdf"
    path.write_bytes(printed(name, size))
    text = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, check=True, text=True).stdout
    flat = " ".join(text.split())
    found = {w["title"]: flat.find(" ".join(f"{w['title']} {w['stake']}".split())) for w in view["wagers"]}
    assert all(at >= 0 for at in found.values()), found
    pdf_order = sorted(found, key=found.get)
    assert pdf_order == titles(view) == svg_measure(svg_of(view))["order"]
