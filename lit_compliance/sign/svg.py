"""The placard as SVG (and the PDF typeset from the same positions): every line of the sheet layout
(:mod:`.layout`) placed in SVG user units, 96 to the inch, in the same columns and reading order as
the HTML. What the sign says is decided in :mod:`.placard`; this module only places it.
"""
from __future__ import annotations

from markupsafe import Markup

from .layout import (ASCENT, BORDER_PT, BOX, DESCENT, DOUBLE_RULE_PT, FINE_LINE, LINE, NOTE_INDENT, NOTES_GAP,
                     PT_PER_IN, RULE_PT, SMALL, _fit)

SVG_DPI = 96


def _baseline(top: float, size: float, lh: float) -> float:
    """Where the baseline of a line of type ``size`` sits in a line box ``lh`` high from ``top``."""
    return top + (lh - (ASCENT + DESCENT) * size) / 2 + ASCENT * size


class _Drawing:
    """The SVG's lines of text as they are added, in points; kept in SVG user units (96 to the inch)."""

    def __init__(self, fit: dict) -> None:
        self.fit = fit
        self.k = SVG_DPI / PT_PER_IN
        self.mark_size = SMALL * fit["body"]
        self.texts: list[dict] = []

    def r(self, v: float) -> float:
        """Points to user units, to two places."""
        return round(v * self.k, 2)

    def text(self, x: float, y: float, size: float, value: str | list, cls: str = "", anchor: str = "",
             mark: str = "", lh: float = 0.0) -> None:
        """One text element; a list of lines becomes one element of lines (a space ends all but the
        last, so the element reads as the one phrase it is)."""
        r = self.r
        lines = value if isinstance(value, list) else [value]
        self.texts.append({"x": r(x), "y": r(y), "size": r(size), "text": lines[0] + (" " if len(lines) > 1 else ""),
                           "more": [v + (" " if i < len(lines) - 2 else "") for i, v in enumerate(lines[1:])],
                           "dy": r(lh), "cls": cls, "anchor": anchor,
                           "mark": mark, "mark_size": r(self.mark_size), "mark_dy": r(-0.35 * size)})


def _draw_header(d: _Drawing) -> list[dict]:
    """The header's lines, centred, and the limits under its double rule; the rule's two lines."""
    fit = d.fit
    header, margin, f = fit["header"], fit["margin"], fit["body"]
    centre = fit["width"] / 2
    y = margin
    for cls, value, size, lh in header["lines"]:
        d.text(centre, _baseline(y, size, lh), size, value.upper() if cls == "game" else value, cls, "middle")
        y += lh
    rules = [{"y": d.r(margin + header["rule"] - DOUBLE_RULE_PT + 0.5), "w": d.r(1.0)},
             {"y": d.r(margin + header["rule"] - 0.5), "w": d.r(1.0)}]
    for limit in header["limits"]:
        d.text(centre, _baseline(margin + limit["y"], f, LINE * f), f, limit["text"], "strong" if limit["bold"] else "",
               "middle")
    return rules


def _draw_block(d: _Drawing, block: dict, x: float, top: float) -> dict:
    """One wager panel with its left edge at ``x`` and its top at ``top``: its lines, and its box."""
    f = d.fit["body"]
    left = x + BORDER_PT + BOX["pad_x"] * f
    right = left + block["inner"]
    for item in block["items"]:
        kind = item["kind"]
        base = _baseline(top + item["y"], item["size"], item["lh"])
        bold = kind in ("caption", "grid-head")
        d.text(left, base, item["size"], item["text"], "title" if kind == "title" else "strong" if bold else "",
               lh=item["lh"])
        if kind == "title" and item["right"]:
            d.text(right, base, SMALL * f, item["right"], "", "end")
        elif kind == "row":
            d.text(right, base, f, item["right"], "strong", "end", item["mark"])
        elif kind in ("grid-head", "grid-row"):
            for cell, cx in zip(item["cells"], item["cells_x"]):
                d.text(left + cx, base, item["size"], cell, "strong", "end")
    r = d.r
    return {"x": r(x + BORDER_PT / 2), "y": r(top + BORDER_PT / 2), "w": r(block["width"] - BORDER_PT),
            "h": r(block["height"] - BORDER_PT), "rule_y": r(top + block["rule_y"] - RULE_PT / 2),
            "x2": r(x + block["width"] - BORDER_PT)}


def _draw_schedule(d: _Drawing) -> list[dict]:
    """The wager panels, band by band, column by column, each column top down; their boxes."""
    fit = d.fit
    margin = fit["margin"]
    content_w = fit["width"] - 2 * margin
    gap = BOX["gap"] * fit["body"]
    boxes = []
    top = margin + fit["header"]["height"]
    for band in fit["arranged"]["bands"]:
        columns = band["columns"] if band.get("wide") is None else [[band["wide"]]]
        blocks = iter(band["blocks"])
        for c, column in enumerate(columns):
            if len(columns) == 1:
                x = margin + (content_w - band["width"]) / 2
            else:
                x = margin + c * (band["width"] + fit["col_gap"])
            by = top
            for _ in column:
                block = next(blocks)
                boxes.append(_draw_block(d, block, x, by))
                by += block["height"] + gap
        top += band["height"] + gap
    return boxes


def _draw_footer(d: _Drawing) -> float:
    """The notes and the stamp at the foot of the face, beside the QR code; where the footer starts."""
    fit = d.fit
    footer, margin = fit["footer"], fit["margin"]
    footer_top = fit["height"] - margin - footer["height"]
    fine = footer["fine"]
    y = footer_top + RULE_PT + footer["pad"]
    for note in footer["notes"]:
        base = _baseline(y, fine, FINE_LINE * fine)
        d.text(margin + NOTE_INDENT * fine * 0.8, base, fine, f"{note['mark']}.", "note", "end")
        d.text(margin + NOTE_INDENT * fine, base, fine, note["lines"], "note", lh=FINE_LINE * fine)
        y += FINE_LINE * fine * len(note["lines"])
    if footer["notes"]:
        y += NOTES_GAP * fine
    for value in footer["stamp"]:
        d.text(margin, _baseline(y, fine, FINE_LINE * fine), fine, value, "stamp")
        y += FINE_LINE * fine
    return footer_top


def _draw_made(d: _Drawing, made: dict | None) -> None:
    """The document's stamp on its line in the bottom margin, under the face (:func:`.layout.made_line`)."""
    if made:
        d.text(d.fit["margin"], _baseline(made["top"], made["size"], made["lh"]), made["size"], made["text"], "made")


def _qr_placed(d: _Drawing, qr: dict) -> dict:
    """The QR code at the foot of the face, in its right corner: the drawing sized and placed, and its box."""
    fit = d.fit
    size = fit["footer"]["qr"]
    x, y = d.r(fit["width"] - fit["margin"] - size), d.r(fit["height"] - fit["margin"] - size)
    svg = Markup(str(qr["svg"]).replace("<svg ", f'<svg x="{x}" y="{y}" width="{d.r(size)}" height="{d.r(size)}" ', 1))
    return {"qr": {"svg": svg, "text": qr["text"]}, "qr_box": {"x": x, "y": y, "size": d.r(size)}}


def svg_view(view: dict) -> dict:
    """Positions (SVG user units, 96 to the inch) of everything on the SVG placard: the sheet layout
    above, drawn line by line; panels in the same columns and reading order as the HTML."""
    fit = _fit(view)
    d = _Drawing(fit)
    rules = _draw_header(d)
    boxes = _draw_schedule(d)
    footer_top = _draw_footer(d)
    _draw_made(d, view["layout"].get("made"))
    r = d.r
    return {
        "width": round(fit["width"] * d.k), "height": round(fit["height"] * d.k), "texts": d.texts, "rules": rules,
        "boxes": boxes, "margin": r(fit["margin"]), "right": r(fit["width"] - fit["margin"]),
        "footer_rule_y": r(footer_top + RULE_PT / 2), "border": r(BORDER_PT), "rule": r(RULE_PT),
        **_qr_placed(d, view["qr"]),
    }
