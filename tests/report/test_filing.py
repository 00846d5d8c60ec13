"""Documents that can be filed: every printed document states the tool and its version, the
ruleset's digest, the date made (from --date, else SOURCE_DATE_EPOCH, else "not given") and the
preparer where given; the same inputs give the same bytes; `par CONFIG --package DIR` writes a
filing package whose manifest verifies (`verify --package DIR`, and by the test's own SHA-256).

The version is read from the installed distribution's metadata and the ruleset digest from `par
--format json` (the PAR sheet's title block), not from the stamp's own code.
"""
from __future__ import annotations

import hashlib
import json
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"
EPOCH_2026_03_02 = "1772409600"   # 2026-03-02T00:00:00Z


def run(*args, env=None):
    return CliRunner().invoke(main, [str(a) for a in args], env=env or {})


@pytest.fixture(scope="module")
def digest_of():
    def get(jurisdiction: str) -> str:
        result = run("par", jurisdiction, "--wager", "base", "--format", "json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["title"]["digest"]
    return get


TOOL = f"lit-compliance {version('lit-compliance')}"


@pytest.mark.parametrize("args", [
    ("placard", CONFIGS / "tribal.yaml"),
    ("placard", CONFIGS / "tribal.yaml", "--format", "svg"),
    ("summary", "tribal"),
    ("summary", "tribal", "--format", "html"),
    ("check", ROOT / "examples" / "floor.yaml"),
    ("check", ROOT / "examples" / "floor.yaml", "--format", "html"),
    ("hold", ROOT / "examples" / "results" / "tribal-12-anomaly.csv", "--config", CONFIGS / "tribal.yaml"),
    ("hold", ROOT / "examples" / "results" / "tribal-12-anomaly.csv", "--config", CONFIGS / "tribal.yaml",
     "--format", "html"),
], ids=lambda a: " ".join(str(x) if not isinstance(x, Path) else x.name for x in a))
def test_every_printed_document_is_stamped_and_reproducible(args, digest_of):
    env = {"SOURCE_DATE_EPOCH": EPOCH_2026_03_02}
    first = run(*args, "--prepared-by", "A. Inspector", env=env)
    again = run(*args, "--prepared-by", "A. Inspector", env=env)
    assert first.exit_code in (0, 1) and first.stdout_bytes == again.stdout_bytes
    out = first.stdout
    assert TOOL in out and "2026-03-02" in out and "A. Inspector" in out
    assert digest_of("tribal") in out
    dated = run(*args, "--date", "2027-05-06", env=env)
    assert "2027-05-06" in dated.stdout and "2026-03-02" not in dated.stdout
    undated = run(*args)
    assert "A. Inspector" not in undated.stdout
    assert "date not given" in undated.stdout or "undated" in undated.stdout


def test_the_par_sheet_states_the_stamp_in_its_title_block(digest_of):
    result = run("par", "tribal", "--wager", "base", "--prepared-by", "J. Doe", "--date", "2026-04-01")
    assert result.exit_code == 0
    assert f"| Made with | {TOOL} |" in result.stdout
    assert "| Date made | 2026-04-01 |" in result.stdout and "| Prepared by | J. Doe |" in result.stdout
    assert f"| Ruleset digest | {digest_of('tribal')} |" in result.stdout


@pytest.mark.parametrize("bad", ["two\nlines", "x" * 201, "   "])
def test_a_bad_preparer_or_date_is_refused(bad):
    result = run("summary", "tribal", "--prepared-by", bad)
    assert result.exit_code == 2 and "--prepared-by" in result.output
    assert run("summary", "tribal", "--date", "2026-13-01").exit_code == 2


def test_the_same_inputs_give_the_same_pdf(tmp_path):
    env = {"SOURCE_DATE_EPOCH": EPOCH_2026_03_02}
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("placard", CONFIGS / "tribal.yaml", "--format", "pdf", "-o", a, env=env).exit_code == 0
    assert run("placard", CONFIGS / "tribal.yaml", "--format", "pdf", "-o", b, env=env).exit_code == 0
    assert a.read_bytes() == b.read_bytes() and a.read_bytes().startswith(b"%PDF")


def test_a_filing_package_verifies_and_a_changed_file_does_not(tmp_path, digest_of):
    env = {"SOURCE_DATE_EPOCH": EPOCH_2026_03_02}
    folder = tmp_path / "package"
    result = run("par", CONFIGS / "tribal.yaml", "--package", folder, "--prepared-by", "J. Doe", env=env)
    assert result.exit_code == 0, result.output
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    names = sorted(row["name"] for row in manifest["files"])
    assert names == ["configuration.yaml", "par-sheet.html", "placard.html", "rules-summary.html"]
    for row in manifest["files"]:
        data = (folder / row["name"]).read_bytes()
        assert row["sha256"] == hashlib.sha256(data).hexdigest() and row["bytes"] == len(data)
    assert (folder / "configuration.yaml").read_bytes() == (CONFIGS / "tribal.yaml").read_bytes()
    assert (manifest["version"], manifest["date"], manifest["prepared_by"]) == \
        (version("lit-compliance"), "2026-03-02", "J. Doe")
    assert manifest["ruleset_digest"] == digest_of("tribal")
    sums = dict(line.split("  ")[::-1] for line in (folder / "SHA256SUMS").read_text().splitlines())
    assert sums["manifest.json"] == hashlib.sha256((folder / "manifest.json").read_bytes()).hexdigest()
    for name in ("par-sheet.html", "placard.html", "rules-summary.html"):
        text = (folder / name).read_text(encoding="utf-8")
        assert TOOL in text and "2026-03-02" in text and "J. Doe" in text
    ok = run("verify", "--package", folder)
    assert ok.exit_code == 0 and "the package verifies" in ok.output
    # the same inputs: the same bytes
    again = tmp_path / "again"
    assert run("par", CONFIGS / "tribal.yaml", "--package", again, "--prepared-by", "J. Doe", env=env).exit_code == 0
    assert all((again / n).read_bytes() == (folder / n).read_bytes() for n in names + ["manifest.json", "SHA256SUMS"])
    # a changed document, and a file slipped in, are named
    (folder / "placard.html").write_text((folder / "placard.html").read_text() + "<!-- changed -->")
    (folder / "extra.txt").write_text("x")
    bad = run("verify", "--package", folder)
    assert bad.exit_code == 1
    assert "placard.html: its SHA-256 is" in bad.output and "extra.txt: in the package but not in the manifest" in bad.output
    assert run("verify", "--package", tmp_path).exit_code == 2
