"""The bundled catalogue's PAR sheet PDFs ship in the wheel's shipped layer (``shipped_math.COMMANDS``,
kind ``pdf``): with a layer made as the build makes it (``shipped_math.make_layer``), a cold ``par
JURISDICTION --format pdf`` (``par all``'s in the slow run) reads the PDF from the layer, never calls
Typst, and writes the very bytes Typst gives typesetting it anew with the layer off; a run with a date,
a preparer or other options typesets anew. Installed from a wheel, a cold ``par all --format pdf``
reads what the wheel carries and typesets nothing."""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main, shipped_math
from shipped_layer import read_from


def _pdf_args(target: str, out: Path) -> list[str]:
    return ["par", target, "--format", "pdf", "-o", str(out)]


def _shipped_command(target: str) -> tuple[str, ...]:
    """The command of ``shipped_math.COMMANDS`` that ships ``target``'s PAR sheet PDF."""
    (command,) = [c for c in shipped_math.COMMANDS if c[:2] == ("par", target) and "pdf" in c]
    return command


def _run(args: list[str]) -> None:
    cache.forget()   # a new process: only the disk caches are kept
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    cache.forget()


def _typeset_calls(monkeypatch) -> list:
    """Count the PDFs Typst is asked to typeset (the real typesetter still runs)."""
    import typst

    calls: list = []
    compile_ = typst.compile

    def counted(*args, **kw):
        calls.append(1)
        return compile_(*args, **kw)
    monkeypatch.setattr(typst, "compile", counted)
    return calls


def test_every_bundled_jurisdiction_s_par_sheet_pdf_ships():
    from lit_compliance.cli.common import catalogue

    assert "pdf" in shipped_math.SHIPPED_KINDS
    assert set(shipped_math.PDF_JURISDICTIONS) == set(catalogue().jurisdictions)
    for target in ("all", *catalogue().jurisdictions):
        command = _shipped_command(target)
        assert command[2:4] == ("--format", "pdf") and command[4] == "-o" and len(command) == 6  # default options


def _assert_the_shipped_pdf_is_read(target: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    layer = tmp_path / "shipped"
    names = shipped_math.make_layer(layer, commands=(_shipped_command(target),), steps=())
    assert [n for n in names if shipped_math.kind_of(n) == "pdf"], "no PDF in the layer"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "nothing"))
    calls = _typeset_calls(monkeypatch)
    _run(_pdf_args(target, tmp_path / "anew.pdf"))           # the conftest's default: no shipped layer
    assert calls, "typeset anew: Typst ran"
    anew = (tmp_path / "anew.pdf").read_bytes()
    user = tmp_path / "user"
    read_from(monkeypatch, layer, user)
    calls.clear()
    _run(_pdf_args(target, tmp_path / "shipped.pdf"))
    assert calls == [], "the shipped PDF was not read: Typst ran"
    assert (tmp_path / "shipped.pdf").read_bytes() == anew and anew.startswith(b"%PDF-")
    assert not list(user.glob("pdf-*"))   # a hit in the layer writes nothing to the user's cache
    # the same sheet with a date or a preparer is another document: typeset anew, never the shipped one
    for more, env in ((["--prepared-by", "A. Tester"], {}), ([], {"SOURCE_DATE_EPOCH": "1700000000"})):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        calls.clear()
        _run(_pdf_args(target, tmp_path / "other.pdf") + more)
        assert calls, f"{more or env}: the shipped PDF was read"
        assert (tmp_path / "other.pdf").read_bytes() != anew
        for name in env:
            monkeypatch.delenv(name)


def test_a_cold_par_pdf_reads_the_shipped_pdf_and_typesets_nothing(tmp_path, monkeypatch):
    """NSW's, the smallest sheet (a second or two): the layer's PDF is read, Typst is not called, and
    the bytes are Typst's typesetting it anew."""
    _assert_the_shipped_pdf_is_read("nsw", tmp_path, monkeypatch)


@pytest.mark.slow
def test_a_cold_par_all_pdf_reads_the_shipped_pdf_and_typesets_nothing(tmp_path, monkeypatch):
    _assert_the_shipped_pdf_is_read("all", tmp_path, monkeypatch)


def _installed_pdfs() -> dict[str, Path] | None:
    """The PDF entries of the wheel's shipped layer (None in a source checkout)."""
    try:
        index = json.loads((cache.SHIPPED / "index.json").read_text(encoding="utf-8"))
    except OSError:
        return None
    return {n: cache.SHIPPED / n for n in index["entries"] if shipped_math.kind_of(n) == "pdf"}


def _cold_par_all_pdf(tmp_path: Path, label: str, shipped: bool) -> tuple[bytes, list[str]]:
    """A cold ``par all --format pdf`` in a new process (an empty cache): the PDF and what it wrote."""
    folder = tmp_path / label
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(folder))
    env.pop("SOURCE_DATE_EPOCH", None)
    env.pop("LIT_COMPLIANCE_SHIPPED", None)
    if not shipped:
        env["LIT_COMPLIANCE_SHIPPED"] = "off"
    out = tmp_path / f"{label}.pdf"
    done = subprocess.run([sys.executable, "-m", "lit_compliance", *_pdf_args("all", out)], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    return out.read_bytes(), sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def _entry_pdf(path: Path) -> bytes:
    """The PDF an entry of kind ``pdf`` keeps (its payload: base64 text in JSON, after the checksum line)."""
    return base64.b64decode(json.loads(path.read_bytes().split(b"\n", 1)[1])["value"])


def test_an_installed_package_reads_the_shipped_par_all_pdf(tmp_path):
    shipped = _installed_pdfs()
    if shipped is None:
        pytest.skip("a source checkout: no wheel was built, no PDF ships (CI tests the installed wheel)")
    pdf, wrote = _cold_par_all_pdf(tmp_path, "with", shipped=True)
    assert wrote == []   # nothing computed, nothing typeset
    assert pdf in {_entry_pdf(p) for p in shipped.values()}


@pytest.mark.slow
def test_the_installed_par_all_pdf_is_what_typesetting_it_anew_gives(tmp_path):
    if _installed_pdfs() is None:
        pytest.skip("a source checkout: no wheel was built, no PDF ships (CI tests the installed wheel)")
    with_layer, _ = _cold_par_all_pdf(tmp_path, "with", shipped=True)
    anew, computed = _cold_par_all_pdf(tmp_path, "without", shipped=False)
    assert any(n.startswith("pdf-") for n in computed) and with_layer == anew
