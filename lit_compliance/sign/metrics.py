"""Text widths for laying out print: the advance widths of DejaVu Sans, the placard's font.

Widths are in thousandths of an em, measured once from the font (Chromium's canvas ``measureText``
at 1000 px) for printable ASCII and the few other characters the signs use. A character not listed
counts as one em, so an estimate errs wide. DejaVu Sans is the first font the templates ask for and
among the widest of the fallbacks (Liberation Sans, Arial), so a line estimated to fit does fit.
"""
from __future__ import annotations
from .. import cache


_ASCII = {
    False: (318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636,
            636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775,
            752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
            337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
            635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838),
    True: (348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696,
           696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821,
           837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457,
           365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
           716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838),
}
_OTHER = {
    False: {"\u2014": 1000, "\u00b7": 318, "\u2020": 500, "\u2021": 500, "\u00a7": 500, "\u20ac": 636,
            "\u00a3": 636, "\u201c": 518, "\u201d": 518, "\u2019": 318, "\u2018": 318, "\u2026": 1000,
            "\u00e9": 615, "\u2013": 500, "\u00d7": 838, "\u00a0": 318},
    True: {"\u2014": 1000, "\u00b7": 380, "\u2020": 500, "\u2021": 500, "\u00a7": 500, "\u20ac": 696,
           "\u00a3": 696, "\u201c": 657, "\u201d": 657, "\u2019": 380, "\u2018": 380, "\u2026": 1000,
           "\u00e9": 678, "\u2013": 500, "\u00d7": 838, "\u00a0": 348},
}
MONO_EM = 0.602  # DejaVu Sans Mono: every character


def text_width(text: str, size: float, bold: bool = False, upper: bool = False, tracking: float = 0.0) -> float:
    """Width of ``text`` set in DejaVu Sans at ``size`` (any unit; the result is in the same unit).

    ``upper`` sets it in capitals (CSS ``text-transform: uppercase``); ``tracking`` is letter
    spacing in em added after every character."""
    ems, length = _ems(text, bold, upper)
    return (ems + tracking * length) * size


@cache.remembered(4096)
def _ems(text: str, bold: bool, upper: bool) -> tuple[float, int]:
    """Width of ``text`` in ems and its length in characters, as set (a layout measures the same
    strings at many sizes)."""
    if upper:
        text = text.upper()
    return _thousandths(text, bold) / 1000, len(text)


def _thousandths(text: str, bold: bool) -> int:
    """Width of ``text`` in thousandths of an em: a whole number, so the widths of words add up exactly
    to the width of the line they make."""
    table, other = _ASCII[bold], _OTHER[bold]
    total = 0
    for ch in text:
        code = ord(ch)
        total += table[code - 32] if 32 <= code < 127 else other.get(ch, 1000)
    return total


@cache.remembered(4096)
def _words(text: str, bold: bool) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The words of ``text`` (as ``str.split`` gives them) and each one's width in thousandths of an em."""
    words = tuple(text.split())
    return words, tuple(_thousandths(w, bold) for w in words)


def widest_word(text: str, size: float, bold: bool = False) -> float:
    """The width of the widest word of ``text`` at ``size`` (0 if it has none): the least width it
    can be wrapped to. The same figure as the largest ``text_width`` of its words, since rounding
    keeps the order of the widths."""
    totals = _words(text, bold)[1]
    return max(totals) / 1000 * size if totals else 0.0


def mono_width(text: str, size: float) -> float:
    """The width of ``text`` set in the monospaced font at ``size`` points."""
    return MONO_EM * len(text) * size


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a word wider than that stands alone).

    A line's width is its words' widths and the spaces between them added up in thousandths of an
    em (whole numbers, so exactly the line's own), then set at ``size`` as :func:`text_width` sets it:
    the same breaks as measuring every line afresh, without measuring it."""
    words, totals = _words(text, bold)
    if not words:
        return [""]
    space_total = _thousandths(" ", bold)
    space = space_total / 1000 * size
    lines, line, total = [], words[0], totals[0]
    for word, word_total in zip(words[1:], totals[1:]):
        if total / 1000 * size + space + word_total / 1000 * size <= width:
            line += " " + word
            total += space_total + word_total
        else:
            lines.append(line)
            line, total = word, word_total
    lines.append(line)
    return lines
