"""The PAR sheet and the rules summary as filed: typeset by Typst and read back page by page with
pypdf (no browser, no poppler).

Every page must carry the document's furniture (the ruleset, the wager and paytables on it, the
readings, the digest, "page N of M"); page 1 holds the contents, with page numbers; no page ends on a
heading or a table's header row; the Maryland PAR sheet fits in 18 pages.
"""
from __future__ import annotations

import html as html_lib
import io
import json
import re

import pypdf
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main

pytestmark = pytest.mark.xdist_group("documents_pdf")  # one worker prints each document once (`--dist loadgroup`)

MAX_PAR_PAGES = 18


def _flat(text: str) -> str:
    return " ".join(text.split())


HEAD_POINTS = 0.7 * 72   # the PAR sheet's top margin, where its running head is set


def _lines(page: pypdf.PageObject, top: float | None = None) -> list[str]:
    """A page's lines of text, top down (runs on one baseline joined); with ``top``, only those whose
    baseline lies within that many points of the page's top."""
    height = float(page.mediabox.height)
    runs: dict[float, list[tuple[float, str]]] = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            y = round(height - (cm[5] + tm[5]), 1)
            runs.setdefault(y, []).append((cm[4] + tm[4], text.strip()))
    page.extract_text(visitor_text=visit)
    out = []
    for y in sorted(runs):
        if top is None or y <= top:
            out.append(" ".join(t for _, t in sorted(runs[y])))
    return out


def _pages(path, layout: bool = False, crop: tuple[int, int] | None = None) -> list[str]:
    """The text of every page, a line per baseline; with ``crop`` (top, height in points) only that
    band of each page (from the page's top)."""
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return ["\n".join(_lines(p, crop[0] + crop[1] if crop else None)) for p in reader.pages]


def _body_lines(page: str, digest: str) -> list[str]:
    """A page's lines above its running foot (the foot starts with the digest)."""
    lines = page.splitlines()
    foot = max(i for i, line in enumerate(lines) if f"digest {digest}" in line)
    return [_flat(line) for line in lines[:foot] if line.strip()]


def _headings_and_table_heads(html: str) -> set[str]:
    """Every heading (h1-h4, and a paytable's lead line in the summary) and every table header row."""
    def text(fragment: str) -> str:
        return _flat(html_lib.unescape(re.sub(r"<[^>]+>", " ", fragment)))
    found = {text(m) for m in re.findall(r"<h[1-4][^>]*>(.*?)</h[1-4]>", html, re.S)}
    found |= {text(m) for m in re.findall(r'<p class="lead">(.*?)</p>', html, re.S)}
    found |= {text(m) for m in re.findall(r"<thead>(.*?)</thead>", html, re.S)}
    return {f for f in found if f}


def _assert_no_page_ends_on_a_heading(layout_pages: list[str], digest: str, html: str) -> None:
    heads = _headings_and_table_heads(html)
    for n, page in enumerate(layout_pages[:-1], 1):
        body = _body_lines(page, digest)
        assert body, f"page {n} is empty"
        last = body[-1]
        # A line of a two-column block holds both columns' text: it ends on a heading when either does.
        orphan = [h for h in heads if last == h or last.endswith(" " + h) or (len(last) > 10 and h.startswith(last))]
        assert not orphan, f"page {n} ends on a heading or a table's header row: {last!r}"


# --- the PAR sheet ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def par_maryland(tmp_path_factory):
    runner = CliRunner()
    data = json.loads(runner.invoke(main, ["par", "maryland", "--format", "json"]).output)
    html = runner.invoke(main, ["par", "maryland", "--format", "html"]).output
    target = tmp_path_factory.mktemp("par") / "par.pdf"
    out = runner.invoke(main, ["par", "maryland", "--format", "pdf", "--output", str(target)])
    assert out.exit_code == 0, out.output
    return {"data": data, "html": html, "pages": _pages(target), "layout": _pages(target, layout=True),
            "heads": _pages(target, crop=(0, int(HEAD_POINTS)))}


def test_par_sheet_of_every_maryland_wager_fits_in_17_pages(par_maryland):
    assert 1 < len(par_maryland["pages"]) <= MAX_PAR_PAGES


def test_par_sheet_every_page_carries_ruleset_readings_digest_and_page_n_of_m(par_maryland):
    title = par_maryland["data"]["title"]
    pages = par_maryland["pages"]
    for n, page in enumerate(pages, 1):
        flat = _flat(page)
        assert f"PAR sheet · {title['jurisdiction']} · ruleset {title['ruleset']} (version {title['version']})" in flat, n
        assert f"digest {title['digest']}" in flat, n
        assert "readings applied:" in flat, n
        assert f"page {n} of {len(pages)}" in flat, n


def _named(header: str, wager: str, paytable_id: str | None) -> bool:
    """Whether the running head names this wager and paytable ('W: paytables A, B and C; ...')."""
    for part in header.split("; "):
        if part.startswith(f"{wager}: ") or f" {wager}: " in part:
            said = part.split(f"{wager}: ", 1)[1]
            if paytable_id is None:
                return True
            letters = re.sub(r"^paytables? ", "", said).replace(" and ", ", ").split(", ")
            return paytable_id.lower() in [x.lower() for x in letters]
    return False


def test_par_sheet_every_page_names_the_wager_and_paytable_it_shows_and_their_readings(par_maryland):
    """Each page's head names the wager and paytable of every section on it (the one running on from
    the page before and each that starts there); its foot, the readings those figures apply."""
    pages = par_maryland["pages"]
    digest = par_maryland["data"]["title"]["digest"]
    sections = [(w["name"], s["paytable_id"], s["paytable_name"], s["readings"])
                for w in par_maryland["data"]["wagers"] for s in w["sections"]]
    k = 0          # next section whose heading is still to come
    current = None  # the section running at the top of the page
    for n, (page, head) in enumerate(zip(pages, par_maryland["heads"]), 1):
        header = _flat(head)
        assert header.startswith("PAR sheet · "), (n, header)
        skip = len([line for line in head.splitlines() if line.strip()])
        body = "\n".join([line for line in page.splitlines() if line.strip()][skip:])
        on_page = []
        first_line = next((_flat(line) for line in body.splitlines() if line.strip()), "")
        while k < len(sections):
            wager, pid, pname, _ = sections[k]
            heading = f"{wager}: {pname}" + (f" ({pid})" if pid else "")
            if heading not in _flat(body):
                break
            if not on_page and current is not None and not first_line.startswith(heading):
                on_page.append(current)
            on_page.append(sections[k])
            current = sections[k]
            k += 1
        if not on_page and current is not None:
            on_page.append(current)
        if n == 1:
            assert "contents" in header, header
        if not on_page and current is None:  # the front matter (contents, method, readings) runs on
            assert "contents, method and readings" in header, (n, header)
            continue
        assert on_page, f"page {n}: no section"
        # the foot's readings may break over lines (at a hyphen too), beside "page N of M": compare without either
        foot = re.sub(r"[\s-]+", "", re.sub(r"page \d+ of \d+", "", page[page.rindex(f"digest {digest}"):]))
        for wager, pid, _, readings in on_page:
            assert _named(header, wager, pid), (n, header, wager, pid)
            for r in readings:
                assert re.sub("-", "", f"{r['finding']}/{r['reading']}") in foot, (n, r)
    assert k == len(sections), f"section {sections[k][:3]} not found"


def test_par_sheet_opens_with_contents_listing_every_wager_and_paytable(par_maryland):
    first = _flat(par_maryland["pages"][0])
    assert "Contents" in first
    for w in par_maryland["data"]["wagers"]:
        assert w["name"] in first
        for s in w["sections"]:
            edge = f"{s['totals']['house_edge'] * 100:.4f}%" if s.get("totals") else "house edge not stated"
            assert f"{s['paytable_name']}: house edge {edge}" in first or \
                   f"{s['paytable_name']}: {edge}" in first, (w["name"], s["paytable_name"])


def test_par_sheet_no_page_ends_on_a_heading_or_table_header(par_maryland):
    digest = par_maryland["data"]["title"]["digest"]
    _assert_no_page_ends_on_a_heading(par_maryland["layout"], digest, par_maryland["html"])


# --- the rules summary -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def summary_maryland(tmp_path_factory):
    runner = CliRunner()
    html = runner.invoke(main, ["summary", "maryland", "--format", "html"]).output
    target = tmp_path_factory.mktemp("summary") / "summary.pdf"
    out = runner.invoke(main, ["summary", "maryland", "--format", "pdf", "--output", str(target)])
    assert out.exit_code == 0, out.output
    digest = re.search(r'content: "digest ([0-9a-f]{12})"', html).group(1)  # as the HTML states it
    return {"html": html, "digest": digest, "pages": _pages(target), "layout": _pages(target, layout=True)}


def test_summary_every_page_carries_ruleset_effective_date_digest_and_page_n_of_m(summary_maryland, catalogue):
    rs = catalogue.get("maryland")
    pages = summary_maryland["pages"]
    assert len(pages) > 1
    for n, page in enumerate(pages, 1):
        flat = _flat(page)
        assert f"Let It Ride rules summary · {rs.name} · ruleset {rs.ref}" in flat, n
        assert "rules effective" in flat, n
        assert f"digest {summary_maryland['digest']}" in flat, n
        assert f"page {n} of {len(pages)}" in flat, n


def test_summary_opens_with_contents(summary_maryland):
    first = _flat(summary_maryland["pages"][0])
    assert "Contents" in first
    for part in ("How the game is played", "Wagers and paytables", "Procedures", "Irregularities",
                 "Notes: findings in the source"):
        assert part in first, part


def test_summary_no_page_ends_on_a_heading_or_table_header(summary_maryland):
    _assert_no_page_ends_on_a_heading(summary_maryland["layout"], summary_maryland["digest"], summary_maryland["html"])


def test_the_orphan_check_catches_a_heading_or_table_header_at_a_page_foot():
    html = "<h3>Pay lines</h3><table><thead><tr><th>Hand</th><th>Pays</th><th>Cite</th></tr></thead></table>"
    foot = "digest 0123456789ab          page 1 of 2"
    for last in ("Pay lines", "Hand        Pays     Cite"):
        with pytest.raises(AssertionError, match="ends on a heading"):
            _assert_no_page_ends_on_a_heading([f"text\n{last}\n{foot}", "more"], "0123456789ab", html)
    _assert_no_page_ends_on_a_heading([f"Pay lines\nRoyal flush 500 to 1\n{foot}", "more"], "0123456789ab", html)
