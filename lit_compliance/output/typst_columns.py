"""Column widths for a Typst table, computed as Typst would size its ``auto`` columns.

A column left ``auto`` makes Typst lay out every cell in it twice: once to measure it, once to place
it. Most of the PAR sheet's cost in Typst is its tables, so its templates give each table the widths
computed here instead, from the advance widths the project already has (:mod:`..sign.metrics`,
DejaVu Sans, the PDF's font): each column as wide as its widest cell plus the cell's inset. The
metrics know no kerning (which only narrows DejaVu Sans's pairs) and are rounded to a thousandth of
an em, so each column gets a small allowance (:data:`SLACK`) and is never narrower than Typst would
make it: no cell wraps that Typst's own sizing would not wrap, and the text is set as before, the
columns at most a point or so wider. Where the columns would not fit on one line each, Typst
shrinks the widest ones and wraps their cells, where a few points decide which word goes to the
next line: those tables keep ``auto`` columns, so Typst breaks their lines as it always did.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..sign.metrics import text_width

#: Points per inch.
PT = 72.0
#: The text size of the PAR sheet's tables (``#set text(size: 7.5pt)``) and a cell's inset on each
#: side (``#set table(inset: (x: 0.04in, ...))``), as the template sets them.
SIZE = 7.5
INSET = 0.04 * PT
#: The width a table may take: the page between its margins (8.5in less 2 x 0.55in), or one half of
#: a ``pair`` (less its 0.2in gutter).
AVAILABLE = {"full": (8.5 - 2 * 0.55) * PT, "half": ((8.5 - 2 * 0.55) - 0.2) / 2 * PT}
#: Added to every column: the metrics are rounded (half a thousandth of an em a character at most).
SLACK = 0.3


def natural(cell: str, bold: bool) -> float:
    """The width of a cell's text set on one line, in points, its inset included."""
    return text_width(cell, SIZE, bold=bold) + 2 * INSET


def columns(rows: Iterable[Sequence[str]], header: Sequence[str] = (), bold: Iterable[int] = (),
            width: str = "full") -> str:
    """A Typst ``columns:`` value (``(12.3pt, 45.6pt, ...)``) for a table of ``rows`` (each a list
    of the cells' text, as printed) under a ``header`` set in bold, the columns in ``bold`` bold in every
    row too; the table takes at most ``width`` (``"full"`` or ``"half"``, :data:`AVAILABLE`). If the
    columns would not fit, ``auto`` for each (Typst sizes them and wraps the widest)."""
    bold = set(bold)
    widest = [natural(cell, True) for cell in header]
    for row in rows:
        for i, cell in enumerate(row):
            w = natural(cell, i in bold)
            if i == len(widest):
                widest.append(w)
            elif w > widest[i]:
                widest[i] = w
    sized = [w + SLACK for w in widest]
    if sum(sized) > AVAILABLE[width]:
        return str(len(sized))
    return "(" + ", ".join(f"{w:.3f}pt" for w in sized) + ",)"
