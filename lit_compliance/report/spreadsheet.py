"""CSV that is safe to open in a spreadsheet: the one writer of every CSV the tool writes.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return
before one) as a formula, so text a user gave (a period label, a table's name, a wager or paytable
id from a ruleset or a draft amendment) could run as one when the CSV is opened ("CSV injection").
The rule, the same for every CSV:

- a **number the tool computed** is written as a number, negative ones included: an ``int`` or
  ``float`` (not ``bool``), or a :class:`FormattedNumber` (a number the tool formatted itself, such as
  ``-390.00``), written as is when it reads as a plain decimal number (``-?digits[.digits][e±digits]``);
- **every other cell** is text, and text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return is written with a single quote (``'``) before it, which a spreadsheet shows as
  text and does not evaluate: a period labelled ``=HYPERLINK(...)`` is the cell ``'=HYPERLINK(...)``.
  Other text is written unchanged (and quoted by the CSV rules where it holds a comma, a quote or a
  line break). ``None`` is an empty cell.
"""
from __future__ import annotations

import csv
import io
import math
import re
from typing import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


class FormattedNumber(str):
    """The text of a number the tool computed and formatted itself (``-390.00``): kept as a number."""


def cell(value) -> str:
    """One cell's text by the rule above."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        text = repr(value) if isinstance(value, float) else str(int(value))
        if isinstance(value, int) or math.isfinite(value):
            return text
        return "'" + text if text.startswith(FORMULA_STARTS) else text      # -inf: text, not a figure
    text = str(value)
    if isinstance(value, FormattedNumber) and _PLAIN_NUMBER.fullmatch(text):
        return text
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(header: Iterable[str], rows: Iterable[Iterable]) -> str:
    """The CSV (LF line ends) of ``header`` and ``rows``, every cell written by :func:`cell`."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([cell(h) for h in header])
    writer.writerows([cell(v) for v in row] for row in rows)
    return buf.getvalue()
