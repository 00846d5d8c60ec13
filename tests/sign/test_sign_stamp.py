"""The sign carries the document's stamp printed on the sheet, in every format (HTML, SVG, PDF): the
tool and its version, the rules' digest, the date made and the preparer where given. It is set on
one line in the bottom margin, under the sign's face, so the face (and the rules' type) is laid out
exactly as without it; the sign's digest does not cover it (the same sign printed on another day
still verifies); the same SOURCE_DATE_EPOCH gives the same bytes.

The version is read from the installed distribution's metadata and the rules' digest from `par
--format json` (the PAR sheet's title block), not from the stamp's own code; the PDF is read back
with pypdf (no browser), the SVG by its geometry.
"""
from __future__ import annotations

import dataclasses
import html
import io
import json
import re
import xml.etree.ElementTree as ET
from importlib.metadata import version
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.output.render import render
from lit_compliance.sign.layout import ASCENT, DESCENT, FINE_PRINT_PT, SIGN_SIZES
from lit_compliance.sign.placard import placard_view
from lit_compliance.sign.svg import svg_view
from lit_compliance.table.config import load_config, ruleset_for
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"
EPOCH_2026_03_02 = "1772409600"   # 2026-03-02T00:00:00Z
TOOL = f"lit-compliance {version('lit-compliance')}"
PREPARER = "A. Inspector, Gaming Lab"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env or {})


@pytest.fixture(scope="module")
def rules_digest():
    result = run("par", "maryland", "--wager", "base", "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["title"]["digest"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _printed_text(fmt: str, data: bytes) -> str:
    """What the sheet prints, without the file's metadata: the HTML's body, the SVG's text elements,
    the PDF's page text read back by pypdf."""
    if fmt == "pdf":
        return _flat(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages))
    text = data.decode("utf-8")
    if fmt == "html":
        body = text[text.index("<body>"):]
        return _flat(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    root = ET.fromstring(data)
    return _flat(" ".join("".join(t.itertext()) for t in root.iter(SVG + "text")))


def _sign(tmp_path, fmt: str, name: str, *extra, env=None) -> bytes:
    target = tmp_path / f"{name}-{fmt}-{len(list(tmp_path.iterdir()))}.{fmt}"
    result = run("placard", CONFIGS / "maryland.yaml", "--format", fmt, "-o", target, *extra, env=env)
    assert result.exit_code == 0, result.output
    return target.read_bytes()


@pytest.mark.parametrize("fmt", ["html", "svg", "pdf"])
def test_every_sign_format_prints_the_stamp_and_is_reproducible(fmt, tmp_path, rules_digest):
    env = {"SOURCE_DATE_EPOCH": EPOCH_2026_03_02}
    first = _sign(tmp_path, fmt, "a", "--prepared-by", PREPARER, env=env)
    again = _sign(tmp_path, fmt, "b", "--prepared-by", PREPARER, env=env)
    assert first == again
    printed = _printed_text(fmt, first)
    for part in (TOOL, f"rules digest {rules_digest}", "made 2026-03-02", f"prepared by {PREPARER}"):
        assert part in printed, (fmt, part)
    other_day = _printed_text(fmt, _sign(tmp_path, fmt, "c", "--date", "2027-05-06", env=env))
    assert "made 2027-05-06" in other_day and "2026-03-02" not in other_day and PREPARER not in other_day
    undated = _printed_text(fmt, _sign(tmp_path, fmt, "d"))
    assert f"{TOOL} \u00b7 rules digest {rules_digest} \u00b7 undated" in undated


def test_the_stamp_is_not_under_the_signs_digest_and_a_stamped_sign_verifies(tmp_path):
    """The digest identifies the rules and the table: the same sign made on two days by two people
    prints the same digest, and `verify` accepts the digest read back from the printed PDF."""
    digests = set()
    for day, who in (("2026-03-02", "A. Inspector"), ("2027-05-06", "B. Auditor")):
        printed = _printed_text("pdf", _sign(tmp_path, "pdf", day, "--date", day, "--prepared-by", who))
        assert who in printed
        digests.update(re.findall(r"verify maryland\.yaml ([0-9a-f]{12})", printed))
    assert len(digests) == 1
    result = run("verify", CONFIGS / "maryland.yaml", digests.pop())
    assert result.exit_code == 0, result.output
    assert "the sign matches this configuration" in result.output


def _geometry(svg: str) -> tuple[list[dict], float, float]:
    """Every text element of an SVG placard (class, first line, baseline, size), the QR code's bottom
    and the sheet's height, in user units."""
    root = ET.fromstring(svg.encode("utf-8"))
    height = float(root.get("viewBox").split()[3])
    texts = []
    for t in root.iter(SVG + "text"):
        last = float(t.get("y")) + sum(float(s.get("dy")) for s in t if s.get("x") is not None)   # its last line
        texts.append({"cls": t.get("class") or "", "text": t.text or "", "y": float(t.get("y")), "x": float(t.get("x")),
                      "size": float(t.get("font-size")), "last": last})
    qr = [el for el in root.iter(SVG + "svg") if el is not root][0]
    return texts, float(qr.get("y")) + float(qr.get("height")), height


def _view(name: str, size: str, made: str | None) -> dict:
    config = load_config(CONFIGS / f"{name}.yaml")
    config = dataclasses.replace(config, data={**config.data, "sign_size": size})
    return placard_view(ruleset_for(config), config, made=made)


@pytest.mark.parametrize("size", list(SIGN_SIZES))
@pytest.mark.parametrize("name", COMPLIANT)
def test_the_stamp_sits_under_the_face_and_leaves_the_face_as_it_was(name, size):
    """Every line of the face where it was without the stamp, at the same size (the densest sign,
    Maryland on letter, keeps its type); the stamp's line below the QR code and the footer's text,
    at least 0.2 in above the sheet's edge, in fine print no smaller than the minimum."""
    made = f"{TOOL} \u00b7 rules digest 0123456789ab \u00b7 made 2026-03-02 \u00b7 prepared by {PREPARER}"
    plain, stamped = _view(name, size, None), _view(name, size, made)
    assert stamped["layout"]["body"] == plain["layout"]["body"]
    before, _, _ = _geometry(render("placard.svg.j2", v=plain, s=svg_view(plain)))
    after, qr_bottom, height = _geometry(render("placard.svg.j2", v=stamped, s=svg_view(stamped)))
    lines = [t for t in after if t["cls"] == "made"]
    assert [t for t in after if t["cls"] != "made"] == before
    assert [t["text"] for t in lines] == [made]
    line = lines[0]
    face_bottom = max([qr_bottom] + [t["last"] + DESCENT * t["size"] for t in before])
    assert line["y"] - ASCENT * line["size"] >= face_bottom
    assert line["y"] + DESCENT * line["size"] <= height - 0.2 * 96
    assert line["size"] * 0.75 >= FINE_PRINT_PT[size] - 0.01
    assert line["x"] == min(t["x"] for t in before if t["cls"] == "stamp")   # under the face's own stamp line


def test_a_preparer_too_long_for_the_signs_line_is_refused_and_nothing_is_written(tmp_path):
    target = tmp_path / "sign.pdf"
    long_name = "Preparer " + "x" * 150
    result = run("placard", CONFIGS / "maryland.yaml", "--format", "pdf", "-o", target, "--prepared-by", long_name)
    assert result.exit_code == 2, result.output
    assert "--prepared-by" in result.output and "maryland.yaml" in result.output
    assert "Traceback" not in result.output and not target.exists()
    fits = run("placard", CONFIGS / "maryland.yaml", "--format", "svg", "--prepared-by", "x" * 40)
    assert fits.exit_code == 0, fits.output


def test_a_bottom_margin_without_room_for_the_stamp_line_is_refused_not_overprinted(monkeypatch, tmp_path):
    from lit_compliance.sign import layout

    monkeypatch.setattr(layout, "MADE_EDGE_PT", 0.4 * 72)   # the whole margin kept clear: no room for the line
    target = tmp_path / "sign.svg"
    result = run("placard", CONFIGS / "tribal.yaml", "--format", "svg", "-o", target)
    assert result.exit_code == 2 and "bottom margin has no room for the document's stamp" in result.output
    assert not target.exists()
