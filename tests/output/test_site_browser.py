"""The generated site in a real browser: headless Chromium loads every page.

Needs Chromium (``apt-get install chromium``); without it these tests skip, saying why. One
Chromium run loads every page (each in a frame of a harness page outside the site, file URLs
sharing an origin so the harness can read them) and reports, per page, its text length, whether
its stylesheet loaded, and every link whose page or anchor is missing; console messages are read
from Chromium's log. Then one page of each kind is screenshot at desktop (1280 px) and phone
(390 px) width into ``$LIT_COMPLIANCE_ARTIFACTS`` (else a temporary folder): CI keeps them. The
default run shoots one kind; the others are marked ``slow`` (``.ci/run`` runs them).
"""
from __future__ import annotations

import json
import os
import re
import struct
import subprocess
from pathlib import Path

import pytest

import browser as pdf  # tests/browser.py: headless Chromium, for the tests where a browser is the point

from site_html import broken_links, parse_site

pytestmark = pytest.mark.skipif(pdf.chromium_path() is None,
                                reason="Chromium is not installed (apt-get install chromium); the site browser test cannot run")

TIMEOUT = 600  # a hang guard only: loading every page takes seconds, more on a busy machine

HARNESS_SCRIPT = """
<script>
window.addEventListener("load", () => {
  const docs = new Map();
  for (const f of document.querySelectorAll("iframe")) docs.set(f.getAttribute("src"), f.contentDocument);
  const bare = (u) => u.split("#")[0];
  const out = {};
  for (const [src, d] of docs) {
    const report = {text: d && d.body ? d.body.innerText.length : -1, sheets: 0, rules: 0, broken: []};
    if (d) {
      for (const s of d.styleSheets) { report.sheets++; try { report.rules += s.cssRules.length; } catch (e) { report.rules = -1; } }
      for (const a of d.querySelectorAll("a[href], link[href]")) {
        const url = a.href;
        if (!url.startsWith("file:")) { report.broken.push("not a file link: " + url); continue; }
        const target = bare(url);
        const doc = docs.get(target);
        if (a.tagName === "LINK") continue;
        if (!doc) { report.broken.push("no page: " + url); continue; }
        const frag = decodeURIComponent(url.split("#")[1] || "");
        if (frag && !doc.getElementById(frag)) report.broken.push("no anchor: " + url);
      }
    }
    out[src] = report;
  }
  const pre = document.createElement("pre");
  pre.id = "site-report";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def _chromium(args: list[str], profile: Path) -> subprocess.CompletedProcess:
    exe = pdf.chromium_path()
    return subprocess.run([exe, *pdf.chromium_flags(str(profile)), *args], capture_output=True,
                          timeout=TIMEOUT, stdin=subprocess.DEVNULL)


def _console_lines(stderr: bytes) -> list[str]:
    return [line for line in stderr.decode("utf-8", "replace").splitlines() if ":CONSOLE" in line]


def test_every_page_loads_with_its_links_anchors_and_styles_and_no_console_message(built_site, tmp_path):
    pages = sorted(built_site.rglob("*.html"))
    harness = tmp_path / "harness.html"
    frames = "".join(f'<iframe src="{p.as_uri()}"></iframe>' for p in pages)
    harness.write_text(f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>harness</title></head>"
                       f"<body>{frames}{HARNESS_SCRIPT}</body></html>", encoding="utf-8")
    result = _chromium(["--allow-file-access-from-files", "--enable-logging=stderr", "--v=0",
                        "--virtual-time-budget=20000", "--dump-dom", harness.as_uri()], tmp_path / "profile")
    assert result.returncode == 0, result.stderr[-2000:]
    found = re.search(r'<pre id="site-report">(.*?)</pre>', result.stdout.decode("utf-8"), re.S)
    assert found, "the harness did not report (did a page fail to load?)"
    report = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<")
                        .replace("&gt;", ">"))
    assert sorted(report) == sorted(p.as_uri() for p in pages)
    for url, page in report.items():
        assert page["text"] > 200, url
        assert page["sheets"] >= 1 and page["rules"] > 0, f"{url}: stylesheet missing or not loaded"
        assert page["broken"] == [], url
    assert _console_lines(result.stderr) == []
    assert broken_links(built_site, parse_site(built_site)) == []


def test_the_console_check_would_see_an_error(tmp_path):
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html lang="en"><body><p>x</p><script>console.error("site-check")</script>'
                    "</body></html>")
    result = _chromium(["--enable-logging=stderr", "--v=0", "--dump-dom", page.as_uri()], tmp_path / "profile")
    assert any("site-check" in line for line in _console_lines(result.stderr))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


KINDS = {
    "home": "index.html",
    "ruleset": "{md}index.html",
    "par": "{md}par.html",
    "source": "{md}source.html",
    "timeline": "south-dakota/index.html",
    "diff": "drafts/maryland-draft-amendment.html",
    "topic": "compare/base-paytables.html",
}
# Two Chromium runs a kind: the default run shoots a ruleset's page; the other kinds are marked slow
# (`-m slow`; `.ci/run` runs them, so CI keeps every screenshot).
SHOT_KINDS = [pytest.param(kind, marks=() if kind == "ruleset" else pytest.mark.slow) for kind in KINDS]


@pytest.mark.parametrize("kind", SHOT_KINDS)
def test_screenshots_of_each_kind_of_page_at_desktop_and_phone_width(built_site, catalogue, tmp_path, kind):
    from lit_compliance.report.references import page

    folder = Path(os.environ.get("LIT_COMPLIANCE_ARTIFACTS") or tmp_path / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    rel = KINDS[kind].format(md=page(catalogue.latest("maryland")))
    for label, width in (("desktop", 1280), ("phone", 390)):
        shot = folder / f"site-{kind}-{label}.png"
        if shot.exists():
            shot.unlink()
        result = _chromium([f"--window-size={width},900", f"--screenshot={shot}",
                            (built_site / rel).as_uri()], tmp_path / "profile")
        assert result.returncode == 0, result.stderr[-2000:]
        data = shot.read_bytes()
        assert len(data) > 5000, shot
        assert _png_size(data)[0] == width, shot
