"""The hold report's HTML, loaded in headless Chromium (skips, saying why, without it)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
import browser as pdf  # tests/browser.py: headless Chromium, for the tests where a browser is the point

pytestmark = pytest.mark.skipif(pdf.chromium_path() is None,
                                reason="Chromium is not installed (apt-get install chromium)")

ROOT = Path(__file__).resolve().parents[2]
ARGS = [str(p) for p in sorted((ROOT / "examples" / "results").glob("*.csv"))] + [
    "--config", str(ROOT / "examples" / "configs" / "maryland.yaml"),
    "--config", str(ROOT / "examples" / "configs" / "tribal.yaml")]


def test_the_hold_report_loads_in_the_browser_with_a_funnel_chart_for_every_judged_wager(tmp_path):
    out = tmp_path / "hold.html"
    result = CliRunner().invoke(main, ["hold", *ARGS, "--format", "html", "-o", str(out)])
    assert result.exit_code == 1, result.output          # the anomalous table is outside its band
    html = out.read_text()
    script = ("document.body.setAttribute('data-charts', document.querySelectorAll('figure svg polyline').length);"
              "document.body.setAttribute('data-width', Math.round(document.querySelector('figure svg')"
              ".getBoundingClientRect().width));"
              "document.body.setAttribute('data-flags', document.querySelectorAll('#flags li.outside').length);")
    dom = pdf.dump_dom(html, script)
    charts = int(re.search(r'data-charts="(\d+)"', dom).group(1))
    assert charts == 6 * html.count("<figure>") and charts >= 6 * 6   # six lines a funnel, a funnel a wager
    assert int(re.search(r'data-width="(\d+)"', dom).group(1)) > 300
    assert int(re.search(r'data-flags="(\d+)"', dom).group(1)) >= 2
    assert "Table 12: Red Cedar Tribal Casino" in dom and "Table LIR-2" in dom
