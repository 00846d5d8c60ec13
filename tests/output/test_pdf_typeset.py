"""PDFs typeset by Typst (no browser): read back with pypdf, page by page (text, positions, count).

Every document a user prints (sign, rules summary, PAR sheet, hold report) is made by
``lit_compliance.output.typeset``; these tests need nothing beyond the package and its test extras.
"""
from __future__ import annotations

import html
import io
import re
import shutil
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.output import typeset

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"

HOSTILE = ["#", "$", "[", "]", "\\", "@", "<", ">", "*", "_", "`", "#set page(width: 1pt)", "$x^2$", "*bold*",
           "_em_", "`raw`", "<label>", "@ref", "= Heading", "- item", "+ item", "/ term: x", "// comment",
           "/* open", "\\u{41}", "\\ ", "a\\", "#{1/0}", "#panic(\"x\")", "]#panic(\"x\")[", "\"quoted\" 'it'",
           "~ -- --- ...", "https://example.com/x", "x\ny\n\n= z", "a\r\nb", "tab\there", "\u202eevil",
           "#import \"/etc/passwd\"", "#read(\"/etc/passwd\")", "%", "&", "{", "}", "|", "^", "'", "'''"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _pages(data: bytes) -> list[str]:
    return [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages]


def _typeset_text(value: str) -> str:
    """``value`` printed through the escaping function and read back from the PDF."""
    data = typeset.typeset("#set page(width: 30cm, height: auto)\n#set text(font: \"DejaVu Sans\")\n"
                           "START " + typeset.markup(value) + " END\n")
    return _flat(_pages(data)[0])


@pytest.mark.parametrize("value", HOSTILE)
def test_markup_prints_a_hostile_string_as_its_own_text(value):
    expected = _flat(typeset.visible(value))
    assert _typeset_text(value) == _flat(f"START {expected} END")


@pytest.mark.parametrize("value", HOSTILE)
def test_string_literal_holds_a_hostile_string_exactly(value):
    data = typeset.typeset("#set page(width: 30cm, height: auto)\n#set text(font: \"DejaVu Sans\")\n"
                           "#let s = " + typeset.string(value) + "\n"
                           "#(\"START \" + s + \" END\")\n#s.len()\n")
    text = _flat(_pages(data)[0])
    shown = typeset.visible(value)
    # a tab prints as no space; the length (in bytes) shows the string is exact
    assert text == _flat(f"START {shown.replace(chr(9), '')} END {len(shown.encode('utf-8'))}")


def test_markup_escapes_every_ascii_punctuation_character_and_nothing_else():
    punctuation = "".join(chr(c) for c in range(33, 127) if not chr(c).isalnum())
    assert typeset.markup(punctuation) == "".join("\\" + c for c in punctuation)
    assert typeset.markup("Royal flush 1 000 à €") == "Royal flush 1 000 à €"
    assert typeset.markup("a\n\nb") == "a b"


def test_a_template_value_is_never_markup(monkeypatch):
    """The Typst environment's finalize makes every printed string literal (a template cannot forget)."""
    env = typeset.typst_environment()
    out = env.from_string("[{{ x }}] {{ n }} {{ b }} {{ none }}").render(x="#panic(1)", n=1.5, b=True, none=None)
    assert out == "[\\#panic\\(1\\)] 1.5 true none"


# --- the sign --------------------------------------------------------------------------------------


def _cli(*args: str):
    result = CliRunner().invoke(main, list(args))
    return result


@pytest.fixture(scope="module")
def sign_pdf(tmp_path_factory):
    target = tmp_path_factory.mktemp("sign") / "maryland.pdf"
    out = _cli("placard", str(CONFIGS / "maryland.yaml"), "--format", "pdf", "-o", str(target))
    assert out.exit_code == 0, out.output
    return target.read_bytes()


def _texts_at(data: bytes) -> list[tuple[str, float, float, float]]:
    """Every run of text on page 1: its text, left x and baseline y (points from the top), size."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    height = float(page.mediabox.height)
    out = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            out.append((text.strip(), cm[4] + tm[4], height - (cm[5] + tm[5]), size))
    page.extract_text(visitor_text=visit)
    return out


def _font_families(data: bytes) -> set[str]:
    """The family of every font a PDF uses, from each font's /BaseFont with the subset tag and the
    style dropped (``/ABCDEF+DejaVuSans-Bold`` -> ``DejaVuSans``), on every page and in every form
    the pages draw."""
    names: set[str] = set()

    def walk(resources, seen: set) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]))
        for form in (resources.get("/XObject") or {}).values():
            form = form.get_object()
            if id(form) not in seen:
                seen.add(id(form))
                walk(form.get("/Resources"), seen)

    for page in pypdf.PdfReader(io.BytesIO(data)).pages:
        walk(page.get("/Resources"), set())
    return {name.lstrip("/").split("+")[-1].split("-")[0] for name in names}


def _families(**where) -> set[str]:
    """Font families Typst finds (``typst.Fonts``), as a PDF names them (no spaces)."""
    import typst

    return {family.replace(" ", "") for family in typst.Fonts(**where).families()}


def test_a_pdf_is_set_in_the_bundled_fonts_never_the_machines(sign_pdf):
    """The fonts a PDF embeds are the package's (``fonts/``), or Typst's own where a template asks
    for one (its monospace, DejaVu Sans Mono: the sign's stamp line, ``raw`` text), never one
    installed on the machine: asked for a family the machine has and the package does not, Typst
    falls back to a bundled font, so a PDF is the same on every machine."""
    from lit_compliance.load.resources import data_dir

    bundled = _families(include_system_fonts=False, include_embedded_fonts=False, font_paths=[str(data_dir("fonts"))])
    typsts_own = _families(include_system_fonts=False, include_embedded_fonts=True)
    machines = _families(include_system_fonts=True, include_embedded_fonts=False) - bundled - typsts_own
    sign = _font_families(sign_pdf)
    assert bundled and bundled <= sign <= bundled | typsts_own
    wanted = sorted(machines)[0] if machines else "LiberationSans"   # a family only the machine may have
    data = typeset.typeset("#set page(width: 10cm, height: auto)\n#set text(font: " + typeset.string(wanted)
                           + ")\nHello 123\n")
    assert _flat(_pages(data)[0]) == "Hello 123"
    used = _font_families(data)
    assert used and used <= bundled | typsts_own and wanted not in used


def test_sign_pdf_is_one_page_of_the_sheet_size_with_every_line_of_the_schedule(sign_pdf):
    reader = pypdf.PdfReader(io.BytesIO(sign_pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (8.5 * 72, 11 * 72)
    svg = _cli("placard", str(CONFIGS / "maryland.yaml"), "--format", "svg").output
    words = [re.sub(r"<[^>]+>", "", m) for m in re.findall(r"<text [^>]*>(.*?)</text>", svg)]
    text = _flat(_pages(sign_pdf)[0]).replace(" ", "")
    for w in words:
        assert _flat(html.unescape(w)).replace(" ", "") in text, w


def test_sign_pdf_sets_every_line_where_and_as_large_as_the_svg_does(sign_pdf, catalogue):
    """The layout sign_layout computes, kept: each line anchored at its start has its left edge and
    baseline where the SVG puts it (96 user units to the inch), at the SVG's type size."""
    from lit_compliance.sign.placard import placard_view
    from lit_compliance.sign.svg import svg_view
    from lit_compliance.table.config import load_config, ruleset_for

    cfg = load_config(CONFIGS / "maryland.yaml")
    rs = ruleset_for(cfg, catalogue, None)
    s = svg_view(placard_view(rs, cfg))
    runs = _texts_at(sign_pdf)
    checked = 0
    for t in s["texts"]:
        if t["anchor"]:
            continue
        first = _flat(t["text"])
        x, y, size = t["x"] * 0.75, t["y"] * 0.75, t["size"] * 0.75
        near = [r for r in runs if r[0].startswith(first[:12]) and abs(r[1] - x) < 0.05 and abs(r[2] - y) < 0.05]
        assert near, (first, x, y, runs[:5])
        assert abs(near[0][3] - size) < 0.01, (first, near[0][3], size)
        checked += 1
    assert checked > 40


def test_sign_pdf_same_bytes_twice_and_no_date(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    outs = []
    for name in ("a.pdf", "b.pdf"):
        out = _cli("placard", str(CONFIGS / "nsw.yaml"), "--format", "pdf", "-o", str(tmp_path / name))
        assert out.exit_code == 0, out.output
        outs.append((tmp_path / name).read_bytes())
    assert outs[0] == outs[1]
    assert b"/CreationDate" not in outs[0] and b"/ModDate" not in outs[0]


def test_pdf_date_comes_from_source_date_epoch_and_a_dated_pdf_is_pdf_a(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    out = _cli("placard", str(CONFIGS / "nsw.yaml"), "--format", "pdf", "-o", str(tmp_path / "a.pdf"))
    assert out.exit_code == 0, out.output
    info = pypdf.PdfReader(tmp_path / "a.pdf").metadata
    assert info.creation_date.year == 2023 and info.creation_date.month == 11 and info.creation_date.day == 14
    meta = pypdf.PdfReader(tmp_path / "a.pdf").xmp_metadata   # dated, so PDF/A-2b (archival)
    xmp = meta.stream.get_data()
    assert b"<pdfaid:part>2</pdfaid:part>" in xmp and b"<pdfaid:conformance>B</pdfaid:conformance>" in xmp


def test_sign_pdf_prints_a_hostile_casino_name_as_text(tmp_path):
    text = (CONFIGS / "maryland.yaml").read_text(encoding="utf-8")
    hostile = '#panic("x") *b* $m$ [c] @r <l> \\\\ _e_'
    m = re.search(r"^casino:.*$", text, re.M)
    assert m, "the example names its casino"
    config = tmp_path / "maryland.yaml"
    config.write_text(text[:m.start()] + "casino: '" + hostile.replace("'", "''") + "'" + text[m.end():],
                      encoding="utf-8")
    out = _cli("placard", str(config), "--format", "pdf", "-o", str(tmp_path / "s.pdf"))
    assert out.exit_code == 0, out.output
    first = _pages((tmp_path / "s.pdf").read_bytes())[0]
    assert first.splitlines()[0] == hostile  # YAML single quotes keep the backslashes as written


def test_pdf_needs_no_browser(monkeypatch, tmp_path):
    """With no Chromium anywhere on PATH, every PDF is still made."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    out = _cli("placard", str(CONFIGS / "nsw.yaml"), "--format", "pdf", "-o", str(tmp_path / "s.pdf"))
    assert out.exit_code == 0, out.output
    assert shutil.which("chromium") is None
    assert len(_pages((tmp_path / "s.pdf").read_bytes())) == 1


def _sign_at(name: str, size: str, tmp_path) -> tuple[dict, bytes]:
    """The example's sign at ``size`` (its configuration with that sign_size), typeset by the command."""
    import dataclasses

    from lit_compliance.sign.placard import placard_view
    from lit_compliance.table.config import load_config, ruleset_for

    text = (CONFIGS / f"{name}.yaml").read_text(encoding="utf-8")
    text = re.sub(r"^sign_size:.*\n", "", text, flags=re.M) + f"sign_size: {size}\n"
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    out = _cli("placard", str(path), "--format", "pdf", "-o", str(tmp_path / "s.pdf"))
    assert out.exit_code == 0, out.output
    config = load_config(CONFIGS / f"{name}.yaml")
    config = dataclasses.replace(config, data={**config.data, "sign_size": size})
    return placard_view(ruleset_for(config), config), (tmp_path / "s.pdf").read_bytes()


@pytest.mark.parametrize("size", ["letter", "a4", "tabloid", "a3"])
def test_sign_pdf_at_every_size_is_one_sheet_of_that_size_laid_out_as_the_svg(size, tmp_path):
    from lit_compliance.sign.svg import svg_view

    view, data = _sign_at("tribal", size, tmp_path)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - view["size"]["width_in"] * 72) < 0.5
    assert abs(float(box.height) - view["size"]["height_in"] * 72) < 0.5
    runs = _texts_at(data)
    starts = [t for t in svg_view(view)["texts"] if not t["anchor"]]
    for t in starts:
        first = _flat(t["text"])[:12]
        assert any(r[0].startswith(first) and abs(r[1] - t["x"] * 0.75) < 0.05 and abs(r[2] - t["y"] * 0.75) < 0.05
                   and abs(r[3] - t["size"] * 0.75) < 0.01 for r in runs), (size, first)
    assert view["digest"] in _flat(_pages(data)[0])


# --- the rules summary and the hold report ---------------------------------------------------------


@pytest.fixture(scope="module")
def summary_pdf(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("summary") / "summary.pdf"
    result = _cli("summary", "tribal", "--format", "pdf", "--output", str(out))
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def test_summary_pdf_has_contents_with_page_numbers_and_version_date_digest_and_page_n_of_m(summary_pdf):
    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.operator.summary import rules_digest

    rs = Catalogue.bundled().latest("tribal")
    pages = _pages(summary_pdf)
    assert len(pages) > 1
    first = pages[0]
    assert "Contents" in first
    # each part of the contents names the page its heading is printed on
    for part in ("Wagers and paytables", "Procedures", "Irregularities", "Notes: findings in the source"):
        m = re.search(re.escape(part) + r"[ .]*?(\d+)\s*$", first, re.M)
        assert m, part
        page = int(m.group(1))
        body = pages[page - 1].splitlines()[1:]   # below the running head
        assert any(line.strip() == part for line in body), (part, page)
        assert not any(line.strip() == part for p in pages[:page - 1] for line in p.splitlines()[1:]
                       if p is not first), (part, "printed earlier")
    for n, text in enumerate(pages, 1):
        flat = _flat(text)
        assert f"ruleset {rs.ref}" in flat and f"digest {rules_digest(rs)}" in flat, n
        assert f"page {n} of {len(pages)}" in flat and "rules effective" in flat, n


HOLD_ARGS = [str(p) for p in sorted((ROOT / "examples" / "results").glob("*.csv"))] + [
    "--config", str(CONFIGS / "maryland.yaml"), "--config", str(CONFIGS / "tribal.yaml")]


def test_hold_report_pdf_has_every_table_its_flags_and_a_chart_for_every_judged_wager(tmp_path):
    out = tmp_path / "hold.pdf"
    result = _cli("hold", *HOLD_ARGS, "--format", "pdf", "-o", str(out))
    assert result.exit_code == 1, result.output          # the anomalous table raises the alarm
    data = json_report = _cli("hold", *HOLD_ARGS, "--format", "json")
    report = __import__("json").loads(data.output)
    pages = _pages(out.read_bytes())
    text = _flat(" ".join(pages))
    assert "ALARM RAISED" in text
    assert "Table 12: Red Cedar Tribal Casino" in text and "Table LIR-2" in text
    for n, page in enumerate(pages, 1):
        assert f"page {n} of {len(pages)}" in _flat(page)
    judged = [w for t in report["tables"] for w in t["wagers"] if w.get("cumulative", {}).get("z") is not None]
    assert judged and text.count("cumulative hold") >= len(judged)   # each funnel chart's title, read back
    assert json_report.exit_code == 1


def test_a_pdf_that_cannot_be_typeset_is_one_clear_error_that_replaces_nothing(tmp_path, monkeypatch):
    import typst

    def broken(*args, **kwargs):
        raise RuntimeError("error: unexpected \x1b[31m thing\nat line 3")
    monkeypatch.setattr(typst, "compile", broken)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    out = tmp_path / "s.pdf"
    out.write_bytes(b"the sign printed last week")
    result = _cli("placard", str(CONFIGS / "nsw.yaml"), "--format", "pdf", "-o", str(out))
    assert result.exit_code == 2, result.output
    assert "could not be typeset" in result.output and "Traceback" not in result.output
    assert "\x1b" not in result.output
    assert out.read_bytes() == b"the sign printed last week"


@pytest.mark.parametrize("args, part", [
    (["--paytable-file", str(ROOT / "examples" / "proposals" / "three-card-bonus.yaml")],
     "Where the proposed paytable is permitted"),
    ([str(CONFIGS / "maryland.yaml")], "The whole table as configured")])
def test_par_pdf_of_a_proposal_and_of_a_configured_table_holds_its_own_part(args, part, tmp_path):
    out = tmp_path / "par.pdf"
    result = _cli("par", *args, "--format", "pdf", "-o", str(out))
    assert result.exit_code == 0, result.output
    pages = _pages(out.read_bytes())
    text = _flat(" ".join(pages))
    assert part in text
    for n, page in enumerate(pages, 1):
        assert f"page {n} of {len(pages)}" in _flat(page)
