"""Fixed column widths for the PAR sheet's tables (lit_compliance.output.typst_columns) against what
Typst itself measures: every column at least as wide as Typst's own ``auto`` sizing (so no cell wraps
that would not have wrapped), at most a point or so wider, and ``auto`` kept where the columns would
not fit."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lit_compliance.output.typst_columns import AVAILABLE, INSET, SIZE
from lit_compliance.output.typeset import table_columns as columns

FONTS = Path(__file__).resolve().parents[2] / "fonts"

#: Cells as the PAR sheet prints them: hand names (kerned pairs such as "Ro", "Ty", "AV"), figures,
#: a label with punctuation, and characters outside the metrics' ASCII table.
HEADER = ["Hand", "Combinations", "Probability", "Cycle", "Pays"]
ROWS = [["Super Royal of hearts, spades, clubs", "18,876,456", "0.0000000491", "1 in 20,358,520.00", "loses the wager"],
        ["Royal flush", "4", "0.9272017809", "1 in 1.08", "1,000 to 1"],
        ["AVAWAY To Ty", "36", "0.0000138517", "1 in 72,193.33", "$100,000"],
        ["Zero-EV pulled: average bets / element of risk", "1", "+0.004617", "never", "—"]]


def _typst_widths(cells: list[tuple[str, bool]]) -> list[float]:
    """Each cell's width on one line as Typst measures it (points), in the PDF's font and size."""
    typst = pytest.importorskip("typst")
    items = ", ".join(f"({json.dumps(text)}, {'true' if bold else 'false'})" for text, bold in cells)
    weight = 'if b { "bold" } else { "regular" }'
    doc = (f'#set text(font: "DejaVu Sans", size: {SIZE}pt)\n'
           f"#context [#metadata(({items},).map(((s, b)) => measure(text(weight: {weight}, s)).width.pt())) <w>]\n")
    found = json.loads(typst.query(doc.encode(), "<w>", font_paths=[str(FONTS)], ignore_system_fonts=True))
    return found[0]["value"]


def _widths(value: str) -> list[float]:
    assert re.fullmatch(r"\((\d+\.\d{3}pt, )+\)", value.replace(",)", ", )")), value
    return [float(w) for w in re.findall(r"([\d.]+)pt", value)]


def test_each_column_is_as_wide_as_typst_would_make_it_and_hardly_wider():
    got = _widths(columns(ROWS, HEADER))
    cells = [(h, True) for h in HEADER] + [(c, False) for row in ROWS for c in row]
    measured = _typst_widths(cells)
    heads, body = measured[:len(HEADER)], measured[len(HEADER):]
    for i, width in enumerate(got):
        natural = max([heads[i]] + body[i::len(HEADER)]) + 2 * INSET  # Typst's auto column: widest cell and inset
        assert natural <= width <= natural + 6, (i, natural, width)  # kerning and the allowance only widen it
    assert sum(got) <= AVAILABLE["full"]


def test_bold_columns_are_measured_bold():
    plain = _widths(columns([["Return to player", "96.5738%"]]))
    bold = _widths(columns([["Return to player", "96.5738%"]], bold=[0]))
    typst_plain, typst_bold = _typst_widths([("Return to player", False), ("Return to player", True)])
    assert plain[1] == bold[1] and bold[0] - plain[0] == pytest.approx(typst_bold - typst_plain, abs=0.5)


def test_a_table_too_wide_for_its_place_keeps_auto_columns():
    rows = [["Zero-EV pulled: average bets / element of risk", "1.223707 / 2.7998%"]] * 3
    assert columns(rows, width="full").startswith("(")  # fits the page
    wide = _widths(columns(rows, width="full"))
    assert sum(wide) > AVAILABLE["half"]
    assert columns(rows, width="half") == "2"  # not half of it: Typst sizes and wraps it, as it always did
    assert columns([["x"] * 9] * 2, ["a very long heading"] * 9) == "9"


def test_the_sizes_assumed_are_the_templates():
    """The size, inset, margins and gutter the widths assume are those the PAR sheet's template sets."""
    template = (Path(__file__).resolve().parents[2] / "templates" / "par" / "par.typ.j2").read_text(encoding="utf-8")
    assert f"size: {SIZE}pt" in template and f"inset: (x: {INSET / 72:g}in" in template
    assert 'paper: "us-letter", margin: (top: margin-top, x: 0.55in' in template
    assert "#let pair(a, b) = grid(columns: (1fr, 1fr), column-gutter: 0.2in, a, b)" in template
