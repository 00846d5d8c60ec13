"""The PAR sheet's PDF form, typeset by Typst and read back with pypdf (no browser): every section
the HTML holds must be in the printed text.
"""
from __future__ import annotations

import re

import pypdf
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main


def _text(path) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pypdf.PdfReader(path).pages))


# The default run prints a whole catalogue entry's sheet and one wager's; Tribal's whole sheet is in the
# slow run (`-m slow`).
@pytest.mark.parametrize("args", [["massachusetts"], pytest.param(["tribal"], marks=pytest.mark.slow),
                                  ["maryland", "--wager", "five-card-bonus"]])
def test_par_pdf_holds_every_section(tmp_path, args):
    runner = CliRunner()
    data = __import__("json").loads(runner.invoke(main, ["par", *args, "--format", "json"]).output)
    target = tmp_path / "par.pdf"
    out = runner.invoke(main, ["par", *args, "--format", "pdf", "--output", str(target)])
    assert out.exit_code == 0, out.output
    assert target.read_bytes().startswith(b"%PDF")
    text = _text(target)
    title = data["title"]
    for fact in ("PAR sheet", title["jurisdiction"], title["ruleset"], title["digest"], "Date of the rules",
                 "Method and assumptions", "Readings applied"):
        assert fact in text, fact
    for reading in data["readings"]:
        assert f"{reading['finding']}/{reading['reading']}" in text
    seen = set()
    for wager in data["wagers"]:
        if sum(1 for sec in wager["sections"] if sec.get("totals")) > 1:
            assert f"{wager['name']}: paytables compared" in text
            assert f"{wager['name']}: house edge of each paytable" in text
        for section in wager["sections"]:
            heading = f"{wager['name']}: {section['paytable_name']}"
            assert heading in text, heading
            if section.get("totals"):
                for part in ("Pay lines", "Totals", "Standard deviation", "Sensitivity", "Bands of the hold",
                             "Funnel of the hold"):
                    assert part in text, (heading, part)
            for key, part in (("base", "Final hand by bets riding"), ("meter", "Return against the progressive meter"),
                              ("by_stake", "Return against the wager amount"), ("envy", "Envy bonus by other players"),
                              ("cover_all", "Cover All by number of players")):
                if key in section:
                    seen.add(key)
                    assert part in text, (heading, part)
    assert seen, "no kind-specific section checked"
