"""The HTML placard in a real headless browser: printed to PDF it is one page with every schedule line.

Needs Chromium (Debian/Ubuntu package ``chromium``; `.ci/run` installs it). Without it these tests
skip, saying so. Text in the PDF is checked with ``pdftotext`` (poppler-utils) when installed;
the laid-out DOM is always checked: every schedule row must lie inside the printed sheet.
"""
from __future__ import annotations

import html as htmllib
import json
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

import browser as pdf  # tests/browser.py: headless Chromium, for the tests where a browser is the point
from lit_compliance.sign.placard import placard_view
from lit_compliance.output.render import render
from lit_compliance.table.config import load_config, ruleset_for
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"
# A document's stamp as long as a preparer's name of 40 characters makes it: set under the sheet's face.
MADE = "lit-compliance 0.1.0 \u00b7 rules digest 0123456789ab \u00b7 made 2026-03-02 \u00b7 prepared by " + "P" * 40

pytestmark = [
    pytest.mark.skipif(pdf.chromium_path() is None,
                       reason="Chromium is not installed (apt-get install chromium); the browser placard test cannot run"),
    # one worker runs this module (pyproject's `--dist loadgroup`), so each print below is made once
    pytest.mark.xdist_group("placard_browser"),
]

# Runs in the outer page once every frame has loaded: where is each placard's every schedule row relative
# to its printed sheet? (One Chromium run lays out every placard, each in a frame of its own.)
MEASURE = """
window.addEventListener('load', () => {
  const results = Array.from(document.querySelectorAll('iframe')).map(frame => {
    const d = frame.contentDocument;
    const sheet = d.getElementById('placard').getBoundingClientRect();
    const inside = r => r.top >= sheet.top - 0.5 && r.bottom <= sheet.bottom + 0.5 &&
                        r.left >= sheet.left - 0.5 && r.right <= sheet.right + 0.5 && r.height > 0;
    const rows = Array.from(d.querySelectorAll('tr.line')).map(tr => ({
      cells: Array.from(tr.children).map(c => c.innerText.replace(/\\s+/g, ' ').trim()),
      inside: inside(tr.getBoundingClientRect())}));
    return {rows: rows,
      footer: inside(d.querySelector('footer').getBoundingClientRect()),
      made: inside(d.querySelector('footer .made').getBoundingClientRect()),
      header: inside(d.querySelector('header').getBoundingClientRect()),
      sheet: [sheet.width, sheet.height]};
  });
  const pre = document.createElement('pre');
  pre.id = 'measure';
  pre.textContent = JSON.stringify(results);
  document.body.appendChild(pre);
});
"""


def placard_html(name: str) -> tuple[dict, str]:
    config = load_config(EXAMPLES / f"{name}.yaml")
    view = placard_view(ruleset_for(config), config, made=MADE)
    return view, render("placard.html.j2", v=view)


def expected_rows(view: dict) -> list[list[str]]:
    rows = []
    for wager in view["wagers"]:
        for table in wager["tables"]:
            rows += [[r["hand"], r["pays"] + r["mark"]] for r in table["rows"]]
        for grid in (wager["matrix"], wager["envy"]):
            if grid:
                rows += [[r["hand"], *r["cells"]] for r in grid["rows"]]
    return rows


def measure_all(views: list[dict]) -> list[dict]:
    """Lay every placard out in one headless Chromium run, each in a frame a little larger than its sheet."""
    frames = "".join(
        f'<iframe style="width: {v["size"]["width_in"] + 1}in; height: {v["size"]["height_in"] + 1}in; border: 0" '
        f'srcdoc="{htmllib.escape(render("placard.html.j2", v=v), quote=True)}"></iframe>' for v in views)
    dom = pdf.dump_dom(f"<!DOCTYPE html><html><body>{frames}</body></html>", MEASURE)
    match = re.search(r'<pre id="measure">(.*?)</pre>', dom, re.S)
    assert match, "the measuring script did not run"
    return json.loads(htmllib.unescape(match.group(1)))


def overfull(view: dict) -> dict:
    """The placard on a sheet too short for its schedule."""
    return dict(view, size=dict(view["size"], height_in=5.0, css="8.5in 5in"))


@pytest.fixture(scope="module")
def measured() -> dict:
    """Every example's placard and the overfull one, laid out in one Chromium run."""
    views = [placard_html(name)[0] for name in COMPLIANT]
    got = measure_all(views + [overfull(views[0])])
    return dict(zip([*COMPLIANT, "overfull"], got))


@lru_cache(maxsize=None)
def printed(name: str) -> bytes:
    """The example configuration's placard printed to PDF (once per name: several tests read it)."""
    return pdf.html_to_pdf(placard_html(name)[1])


@pytest.mark.parametrize("name", COMPLIANT)
def test_printed_placard_is_one_page(name):
    data = printed(name)
    assert data.startswith(b"%PDF-")
    assert pdf.page_count(data) == 1


@pytest.mark.parametrize("name", COMPLIANT)
def test_every_schedule_line_is_laid_out_inside_the_sheet(name, measured):
    view, _ = placard_html(name)
    got = measured[name]
    width_px, height_px = got["sheet"]
    assert round(width_px) == round(view["size"]["width_in"] * 96)
    assert round(height_px) == round(view["size"]["height_in"] * 96)
    assert [r["cells"] for r in got["rows"]] == expected_rows(view)
    outside = [r["cells"] for r in got["rows"] if not r["inside"]]
    assert outside == []
    assert got["header"] and got["footer"] and got["made"]


@pytest.mark.skipif(shutil.which("pdftotext") is None,
                    reason="pdftotext (poppler-utils) is not installed; the PDF text check needs it")
@pytest.mark.parametrize("name", COMPLIANT)
def test_pdf_text_has_every_schedule_line(name, tmp_path):
    view, _ = placard_html(name)
    path = tmp_path / "p.pdf"
    path.write_bytes(printed(name))
    text = subprocess.run(["pdftotext", "-raw", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout
    flat = " ".join(text.split())
    for row in expected_rows(view):
        line = " ".join(" ".join(row).split())  # the hand and its payouts, in order, as one run of text
        assert line in flat, line
    assert view["digest"] in flat and MADE in flat


def test_an_overfull_placard_is_caught(measured):
    """The fit check can fail: a sheet too small for the schedule puts rows outside it."""
    assert COMPLIANT[0] == "maryland"
    view = overfull(placard_html("maryland")[0])
    got = measured["overfull"]
    assert any(not r["inside"] for r in got["rows"])
    assert pdf.page_count(pdf.html_to_pdf(render("placard.html.j2", v=view))) > 1 or not got["footer"]
