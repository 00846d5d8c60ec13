"""How a placard is laid out on its sheet, in points: the type sizes, wrapping and columns that the
HTML (and the PDF printed from it) and the SVG both draw from. The view of what a sign says is in
:mod:`.placard`; this module only decides where and how large it is printed.
"""
from __future__ import annotations

import json

from .. import cache
from ..model.table_config import SIGN_SIZES
from .metrics import mono_width, text_width, widest_word, wrap



# --- Sheet layout --------------------------------------------------------------------------------
#
# The placard is laid out for its sheet here, in points, and both templates draw from the same
# figures: the HTML sets its type sizes, spacing and columns from them, the SVG (and the PDF, typeset
# from the SVG's positions) places every line at the positions computed below. The paytable text size is
# the largest, in steps of a quarter point, at which header, schedule and footer fit the sheet
# (never above the maximum for the sheet); a schedule that would need type below the minimum is
# refused rather than printed small.
#
# Minimum type sizes (points). A Let It Ride sign is read from the seats, roughly 0.6 to 1.5 m away.
# No text in the header or the payout schedule (stakes, captions and note marks included) is
# smaller than MIN_TYPE_PT, and the paytable lines are 1/SMALL times that (12.2 pt on letter and A4,
# 17.8 pt on tabloid and A3). 11 pt is about the most a letter sheet allows a five-wager schedule
# (the Maryland example, the densest); tabloid and A3 sheets are half as tall again, hence 16 pt.
# The notes, citation and digest at the foot are fine print, never smaller than FINE_PRINT_PT.
MIN_TYPE_PT = {"letter": 11.0, "a4": 11.0, "tabloid": 16.0, "a3": 16.0}
MAX_BODY_PT = {"letter": 24.0, "a4": 24.0, "tabloid": 34.0, "a3": 34.0}
FINE_PRINT_PT = {"letter": 8.0, "a4": 8.0, "tabloid": 10.0, "a3": 10.0}
BODY_STEP_PT = 0.25

# Proportions, in units of the paytable text size: heading sizes, line height, spacing.
TITLE, SMALL, CASINO, GAME = 1.25, 0.9, 2.0, 1.15
LINE = 1.22         # line height of every line in the header, and the least in the schedule
MAX_LINE, LEADING_STEP = 1.6, 0.02  # the schedule's lines open up to this where the width limits the type
CASINO_LINE = 1.2
BOX = {"pad_x": 0.5, "pad_top": 0.25, "pad_bottom": 0.35, "gap": 0.6, "after_title": 0.15, "before": 0.3,
       "cell_pad": 0.6}
HEAD = {"pad": 0.2, "limits_top": 0.3, "limits_bottom": 0.45}
BORDER_PT, RULE_PT, DOUBLE_RULE_PT = 1.2, 0.8, 3.0
FINE_LINE = 1.25    # line height of the fine print
NOTE_INDENT = 2.2   # fine-print ems left for the note numbers
NOTES_GAP = 0.3     # fine-print ems between the notes and the stamp
QR_GAP_PT = 10.8    # between the footer text and the QR code
MADE_GAP = 0.3      # fine-print ems between the sign's face and the document's stamp line under it
MADE_EDGE_PT = 14.4  # the stamp line's box ends at least this far (0.2 in) above the sheet's edge
ASCENT, DESCENT = 0.928, 0.236  # DejaVu Sans, in em: where the baseline sits in a line box
PT_PER_IN = 72.0
WRAP_SLACK = 0.99   # text is broken a little before the measured width, so a browser never breaks it earlier
SINGLE_COLUMN_SHARE = 0.8   # a lone wager panel takes this share of the sheet's width


class PlacardTooFull(Exception):
    """The schedule does not fit the sheet at the minimum type size."""


class StampDoesNotFit(PlacardTooFull):
    """The document's stamp is wider than the one line the sheet's bottom margin holds (or the margin
    has no room for that line)."""


def type_sizes_text() -> str:
    """The type sizes held to, in words (for ``placard --help`` and the docs)."""
    sizes = [f"{name} {MIN_TYPE_PT[name]:g} pt (fine print {FINE_PRINT_PT[name]:g} pt)" for name in SIGN_SIZES]
    return "; ".join(sizes)


def _measure(wager: dict, f: float, width: float) -> dict | None:
    """What a wager panel's lines are at paytable size ``f`` and outer ``width`` (points), whatever
    their line height: its inner width, where the stake goes, the columns' widths and every text broken
    into lines; None when it cannot fit that width at that size."""
    small = SMALL * f
    inner = width - 2 * BORDER_PT - 2 * BOX["pad_x"] * f
    title_w = text_width(wager["title"], TITLE * f, bold=True)
    stake_w = text_width(wager["stake"], small)
    if title_w > inner or stake_w > inner:
        return None
    tables = []
    for table in wager["tables"]:
        pays_w = max(text_width(r["pays"], f, bold=True) + (text_width(r["mark"], small, bold=True) if r["mark"] else 0)
                     for r in table["rows"])
        pays_col = pays_w + BOX["cell_pad"] * f
        hand_w = (inner - pays_col) * WRAP_SLACK
        if hand_w < max(widest_word(r["hand"], f) for r in table["rows"]):
            return None
        tables.append({"caption": wrap(table["caption"], inner, small, bold=True) if table["caption"] else None,
                       "pays_col": pays_col, "hands": [wrap(row["hand"], hand_w, f) for row in table["rows"]]})
    grids = []
    for grid, wide in ((wager["matrix"], wager["wide"]), (wager["envy"], False)):
        if not grid:
            continue
        cols = [max([text_width(grid["columns"][i], small, bold=True)] +
                    [text_width(r["cells"][i], small, bold=True) for r in grid["rows"]]) + BOX["cell_pad"] * f
                for i in range(len(grid["columns"]))]
        first = (inner - sum(cols)) * WRAP_SLACK
        if first < max([widest_word(grid["caption"], small, True)] + [widest_word(r["hand"], small) for r in grid["rows"]]):
            return None
        grids.append({"grid": grid, "cols": cols, "head": wrap(grid["caption"], first, small, bold=True),
                      "cells_x": [inner - sum(cols[i + 1:]) for i in range(len(cols))],  # right edges, from the inner left
                      "hands": [wrap(row["hand"], first, small) for row in grid["rows"]]})
    extras = ([wager["meter"]] if wager["meter"] else []) + (
        ["See note " + ", ".join(wager["notes"]) + "."] if wager["notes"] else [])
    wraps = tuple(len(hand) for laid in tables + grids for hand in laid["hands"])   # the lines of its rows
    return {"inner": inner, "stake_below": bool(wager["stake"]) and title_w + f + stake_w > inner,
            "tables": tables, "grids": grids, "extras": [wrap(text, inner, small) for text in extras], "wraps": wraps}


def _place(wager: dict, f: float, width: float, leading: float, measured: dict) -> dict:
    """The measured panel's lines at line height ``leading``, top down, and its height."""
    small = SMALL * f
    stake_below = measured["stake_below"]
    items: list[dict] = []
    y = BORDER_PT + BOX["pad_top"] * f

    def line(kind: str, size: float, lines: int = 1, **extra) -> None:
        nonlocal y
        items.append(dict(extra, kind=kind, y=y, size=size, lh=leading * size, lines=lines))
        y += leading * size * lines

    line("title", TITLE * f, text=wager["title"], right="" if stake_below else wager["stake"])
    if stake_below:
        line("stake", small, text=wager["stake"])
    y += RULE_PT
    rule_y = y
    y += BOX["after_title"] * f
    for table, laid in zip(wager["tables"], measured["tables"]):
        if laid["caption"] is not None:
            y += BOX["before"] * f
            for text in laid["caption"]:
                line("caption", small, text=text)
        first = len(items)
        for row, hand in zip(table["rows"], laid["hands"]):
            line("row", f, len(hand), text=hand, right=row["pays"], mark=row["mark"])
        items[first]["pays_col"] = round(laid["pays_col"], 2)
    for laid in measured["grids"]:
        grid, cells_x = laid["grid"], laid["cells_x"]
        y += BOX["before"] * f
        line("grid-head", small, len(laid["head"]), text=laid["head"], cells=grid["columns"], cells_x=cells_x)
        for row, hand in zip(grid["rows"], laid["hands"]):
            line("grid-row", small, len(hand), text=hand, cells=row["cells"], cells_x=cells_x)
        items[-len(grid["rows"]) - 1]["cols_pt"] = [round(c, 2) for c in laid["cols"]]
    for lines in measured["extras"]:
        y += BOX["before"] * f / 2
        line("note", small, len(lines), text=lines)
    height = y + BOX["pad_bottom"] * f + BORDER_PT
    return {"height": height, "items": items, "rule_y": rule_y, "stake_below": stake_below, "width": width,
            "inner": measured["inner"]}


class _Panels:
    """A view's wager panels, each measured once per paytable size and width: a fit tries the same
    ones at several line heights, and at the lowest size, and lays out a full-width panel for both one
    and two columns."""

    def __init__(self, view: dict):
        self.wagers = view["wagers"]
        self.measured: dict[tuple, dict | None] = {}

    def measure(self, i: int, f: float, width: float) -> dict | None:
        key = (i, f, width)
        if key not in self.measured:
            self.measured[key] = _measure(self.wagers[i], f, width)
        return self.measured[key]

    def block(self, i: int, f: float, width: float, leading: float, lines_at: float | None = None) -> dict | None:
        """Wager panel ``i`` at paytable size ``f``, line height ``leading`` and outer ``width`` (points):
        its lines, top down, and its height; None when it cannot fit that width at that size, or, given
        ``lines_at``, a row takes more lines than at that size."""
        measured = self.measure(i, f, width)
        if measured is None or lines_at is not None and \
                any(a > b for a, b in zip(measured["wraps"], self.measure(i, lines_at, width)["wraps"])):
            return None
        return _place(self.wagers[i], f, width, leading, measured)


def _header(view: dict, f: float, content_w: float) -> dict:
    # The casino's name on one line, in up to twice the paytable size; a name too long for that at
    # the paytable size is broken over lines.
    casino = max(f, min(CASINO * f, content_w * WRAP_SLACK / max(text_width(view["casino"], 1.0, bold=True), 1.0)))
    lines = [("casino", part, casino, CASINO_LINE * casino)
             for part in wrap(view["casino"], content_w * WRAP_SLACK, casino, bold=True)]
    lines.append(("game", "Let It Ride", GAME * f, LINE * GAME * f))
    if view["table"]:
        lines.append(("table", f"Table {view['table']}", SMALL * f, LINE * SMALL * f))
    rule = sum(h for *_, h in lines) + HEAD["pad"] * f + DOUBLE_RULE_PT
    limits = [(text, False) for text in view["limits"]]
    if view["payout_limit"]:
        limits.append((f"Maximum payout {view['payout_limit']['amount']} per hand", True))
        if view["payout_limit"]["scope"]:
            limits.append((view["payout_limit"]["scope"], False))
    y = rule + HEAD["limits_top"] * f
    limit_lines = []
    for text, bold in limits:
        for part in wrap(text, content_w * WRAP_SLACK, f, bold):
            limit_lines.append({"text": part, "bold": bold, "y": y})
            y += LINE * f
    return {"lines": lines, "casino": casino, "rule": rule, "limits": limit_lines, "height": y + HEAD["limits_bottom"] * f}


def _stamp_lines(view: dict, width: float, size: float) -> list[str]:
    """The citation, the ruleset and the command that verifies the sign (its digest in it), broken as
    the browser breaks them: the command stays together on one line."""
    words = f"{view['citation']} \u00b7 ruleset {view['ruleset_ref']} \u00b7".split()
    words.append(view["verify"] if view.get("verify") else f"digest {view['digest']}")
    lines, line = [], ""
    for word in words:
        if line and mono_width(line + " " + word, size) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


def _footer(view: dict, size_name: str, content_w: float, scale: float) -> dict:
    fine = FINE_PRINT_PT[size_name]
    qr = round(0.75 * PT_PER_IN * scale, 2)
    text_w = content_w - qr - QR_GAP_PT
    notes = [{"mark": n["mark"], "lines": wrap(n["text"], (text_w - NOTE_INDENT * fine) * WRAP_SLACK, fine)} for n in view["notes"]]
    stamp = _stamp_lines(view, text_w * WRAP_SLACK, fine)
    text_h = FINE_LINE * fine * (sum(len(n["lines"]) for n in notes) + len(stamp)) + (NOTES_GAP * fine if notes else 0)
    pad = 0.4 * fine
    return {"fine": fine, "qr": qr, "text_w": text_w, "notes": notes, "stamp": stamp, "pad": pad,
            "height": RULE_PT + pad + max(text_h, qr)}


def _columns(heights: list[float], gap: float) -> tuple[int, float]:
    """Where to split the panels (kept in reading order) into two columns: the split with the
    shorter taller column; on a tie, the longer first column."""
    best = None
    for k in range(1, len(heights)):
        left = sum(heights[:k]) + gap * (k - 1)
        right = sum(heights[k:]) + gap * (len(heights) - k - 1)
        key = (round(max(left, right), 6), -k)
        if best is None or key < best[0]:
            best = (key, k, max(left, right))
    return best[1], best[2]


def _arrange(view: dict, f: float, content_w: float, col_gap: float, columns: int, leading: float = LINE,
             panels: _Panels | None = None, lines_at: float | None = None) -> dict | None:
    """The schedule at paytable size ``f`` in one or two ``columns``: bands of panels top down and its
    height; None if a panel cannot fit its width, or, given ``lines_at``, a row of a panel takes more
    lines than it does at that size. ``panels`` keeps the panels measured for the view."""
    panels = panels or _Panels(view)
    narrow = [i for i, w in enumerate(view["wagers"]) if not w["wide"]]
    wide = [i for i, w in enumerate(view["wagers"]) if w["wide"]]
    gap = BOX["gap"] * f
    bands = []
    if narrow:
        width = SINGLE_COLUMN_SHARE * content_w if columns == 1 else (content_w - col_gap) / 2
        blocks = []
        for i in narrow:
            blocks.append(panels.block(i, f, width, leading, lines_at))
            if blocks[-1] is None:
                return None
        if columns == 1:
            split, band_h = [narrow], sum(b["height"] for b in blocks) + gap * (len(blocks) - 1)
        else:
            k, band_h = _columns([b["height"] for b in blocks], gap)
            split = [narrow[:k], narrow[k:]]
        bands.append({"columns": split, "width": width, "height": band_h, "blocks": blocks})
    for i in wide:
        block = panels.block(i, f, content_w, leading, lines_at)
        if block is None:
            return None
        bands.append({"wide": i, "width": content_w, "height": block["height"], "blocks": [block]})
    height = sum(b["height"] for b in bands) + gap * (len(bands) - 1)
    wraps = tuple(item["lines"] for band in bands for block in band["blocks"] for item in block["items"]
                  if item["kind"] in ("row", "grid-row"))
    return {"bands": bands, "height": height, "wraps": wraps, "columns": columns, "leading": leading}


_FITS: cache.Bounded = cache.Bounded(64)  # bounded: a long run over many signs does not keep them all


def _fit(view: dict) -> dict:
    """``_fit_sheet``, worked out once per sign: the compliance check asks whether the sign fits, then
    the placard is drawn from the same layout (HTML and SVG alike), and a later run reads it from the
    cache (as data: sizes and the lines of text, keyed by everything the sign prints). The layout does
    not depend on the QR code, so a view with and without it share one. Callers only read it."""
    name = view["size"]["name"]
    sheet = [MIN_TYPE_PT.get(name), MAX_BODY_PT.get(name), SIGN_SIZES.get(name)]  # as they are now
    face = {k: v for k, v in view.items() if k not in ("qr", "layout", "made")}   # the stamp is set outside the face
    key = json.dumps([sheet, face], sort_keys=True, default=str)
    if key not in _FITS:
        # as the cache gives it back: the same cold and warm
        _FITS[key] = cache.memo(SIGN_FIT, {"sign": key}, lambda: json.loads(json.dumps(_fit_sheet(view))))
    return _FITS[key]


_FIT_KEYS = {"body", "header", "arranged", "footer", "width", "height", "margin", "col_gap"}


def _fit_from_json(stored) -> dict:
    if not (isinstance(stored, dict) and set(stored) == _FIT_KEYS):
        raise ValueError("not a sign's layout")
    return stored


SIGN_FIT = cache.kind("sign-fit", cache.same, _fit_from_json, "a sign's layout: sizes and lines of text (:func:`_fit`)")


def _fit_sheet(view: dict) -> dict:
    """The largest paytable size (a multiple of BODY_STEP_PT, at most the sheet's maximum) at which
    the whole placard fits its sheet, with the header, schedule and footer laid out at that size."""
    name = view["size"]["name"]
    width, height = view["size"]["width_in"] * PT_PER_IN, view["size"]["height_in"] * PT_PER_IN
    scale = view["size"]["width_in"] / SIGN_SIZES["letter"][1]
    margin = round(0.4 * PT_PER_IN * scale, 2)
    col_gap = round(0.3 * PT_PER_IN * scale, 2)
    content_w = width - 2 * margin
    footer = _footer(view, name, content_w, scale)
    steps = int((MAX_BODY_PT[name] - MIN_TYPE_PT[name] / SMALL) / BODY_STEP_PT)
    sizes = [MAX_BODY_PT[name] - step * BODY_STEP_PT for step in range(steps + 1)]   # the largest first
    lowest = MAX_BODY_PT[name] - steps * BODY_STEP_PT   # above the largest (no sizes) if the least is
    room = height - 2 * margin - footer["height"]
    # Two columns where there are two panels or more, else one; a hand's name is broken over two
    # lines only where it must be even at the smallest size.
    choices = [2, 1] if sum(not w["wide"] for w in view["wagers"]) > 1 else [1]
    panels = _Panels(view)
    smallest = {n: _arrange(view, lowest, content_w, col_gap, n, panels=panels) for n in choices}
    headers: dict[float, dict] = {}

    def arrange(f: float, n: int) -> dict | None:
        """The schedule in ``n`` columns at size ``f``; None if a panel does not fit its width, or a row
        takes more lines than at the lowest size."""
        return _arrange(view, f, content_w, col_gap, n, panels=panels, lines_at=lowest if smallest[n] else None)

    def header_at(f: float) -> dict:
        if f not in headers:
            headers[f] = _header(view, f, content_w)
        return headers[f]

    def fits(f: float, arranged: dict) -> bool:
        return header_at(f)["height"] + arranged["height"] + BOX["gap"] * f <= room

    def possible(f: float) -> bool:
        """Whether the schedule might fit at size ``f``: two columns fit their width there, or one column
        fits the sheet."""
        if 2 in choices and arrange(f, 2) is not None:
            return True
        arranged = arrange(f, 1)
        return arranged is not None and fits(f, arranged)

    # The sizes at the top where ``possible`` fails are skipped by halving the range: each part of it
    # that holds at a size holds at every smaller one (see the note above _first_holding).
    for f in sizes[_first_holding(sizes, possible):]:
        for n in choices:
            arranged = arrange(f, n)
            if arranged is not None and fits(f, arranged):
                break
        else:
            continue
        header = header_at(f)

        def too_tall(leading: float) -> bool:   # the rows break as at LINE: the same panels, measured once
            looser = _arrange(view, f, content_w, col_gap, n, leading, panels)
            return header["height"] + looser["height"] + BOX["gap"] * f > room

        # Room to spare (the type is as large as the width allows): open up the schedule's lines, as far
        # as the sheet has room at every step; one column's height grows with the line height, so the
        # first step too tall is found by halving the range, two columns' steps are tried in turn.
        leadings = _leadings()
        if n == 1:
            first = _first_holding(leadings, too_tall)
        else:
            first = next((i for i, leading in enumerate(leadings) if too_tall(leading)), len(leadings))
        if first:
            arranged = _arrange(view, f, content_w, col_gap, n, leadings[first - 1], panels)
        return {"body": f, "header": header, "arranged": arranged, "footer": footer, "width": width,
                "height": height, "margin": margin, "col_gap": col_gap}
    raise PlacardTooFull(f"the payout schedule does not fit a {name} sheet at the minimum type size "
                         f"({MIN_TYPE_PT[name]:g} pt); choose a larger sign_size or offer fewer wagers")


def _leadings() -> list[float]:
    """The line heights the schedule may open up to, LEADING_STEP apart from LINE up to MAX_LINE."""
    leadings, leading = [], LINE
    while leading + LEADING_STEP <= MAX_LINE + 1e-9:
        leading = round(leading + LEADING_STEP, 4)
        leadings.append(leading)
    return leadings


# Why a fit may halve its ranges. Each part of ``possible`` in :func:`_fit_sheet` that holds at a size
# holds at every smaller one. Every figure it compares is built from the paytable size by adding and
# multiplying fixed non-negative numbers (type sizes, spacing, text widths in whole thousandths of an
# em times a size) and taking the larger or smaller of two such, or by subtracting such from a fixed
# width (a panel's inner width, the room for a hand's name or for a grid's first column), and rounding
# keeps the order of floating-point results (a <= b gives fl(a + c) <= fl(b + c) and fl(a * c) <=
# fl(b * c) for c >= 0), so each figure grows, and each width shrinks, as the size grows. Hence a panel
# that does not fit its width at a size does not fit at a larger one; a text broken greedily takes no
# fewer lines at a larger size (words i to j that fit a line at the larger size fit it from any later
# word at the smaller one, so each line there ends no earlier); a row that takes more lines than at
# the lowest size does so at every larger size; and the heights of one column and of the header, sums
# of such figures over no fewer lines, are no less at a larger size. By the same token one column's
# height grows with the line height. Two columns' height is not part of it: _columns keeps the height
# of the split it chose on a rounded key, which can be a hair (under 1e-6 pt) less at a larger size or
# line height; so from the size found every size is tried in turn, as it always was, and two columns'
# line heights are tried in turn.
def _first_holding(items: list, holds) -> int:
    """Where in ``items`` a test first holds (``len(items)`` if nowhere), for a test that, once it
    holds, holds for every later item: the first item tried first (a sign that fits at the largest
    size, or has no room to open its lines up, is common), then the rest by halving the range, in at
    most log2(n) + 2 tries."""
    if not items or holds(items[0]):
        return 0
    lo, hi = 1, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(items[mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def made_line(view: dict, fit: dict) -> dict | None:
    """The document's stamp (``view["made"]``: the tool and its version, the rules' digest, the date
    made, the preparer where given) as one line of fine print in the sheet's bottom margin, under the
    face: outside the room the face is fitted to, so printing it never makes the rules' type smaller,
    and ending at least MADE_EDGE_PT above the sheet's edge. None where the view has no stamp; a
    stamp wider than the face is refused (StampDoesNotFit), never shrunk or cut."""
    made = view.get("made")
    if not made:
        return None
    fine = fit["footer"]["fine"]
    width = fit["width"] - 2 * fit["margin"]
    wide = text_width(made, fine)
    if wide > width * WRAP_SLACK:
        raise StampDoesNotFit(f"the document's stamp is {wide:.0f} pt long in {fine:g} pt type; the one line a "
                              f"{view['size']['name']} sign prints it on holds {width * WRAP_SLACK:.0f} pt: "
                              "give a shorter --prepared-by")
    top = fit["height"] - fit["margin"] + MADE_GAP * fine
    if top + FINE_LINE * fine > fit["height"] - MADE_EDGE_PT:
        raise StampDoesNotFit(f"a {view['size']['name']} sheet's bottom margin has no room for the document's stamp")
    return {"text": made, "size": fine, "top": round(top, 2), "lh": FINE_LINE * fine, "gap": round(MADE_GAP * fine, 2)}


def sheet_layout(view: dict) -> dict:
    """Type sizes, spacing and columns (points) for the HTML placard's sheet: see the comment above."""
    fit = _fit(view)
    f, header, footer = fit["body"], fit["header"], fit["footer"]
    r = lambda x: round(x, 2)  # noqa: E731 - points to two places, for tidy, stable output
    panels = {}
    bands = []
    for band in fit["arranged"]["bands"]:
        order = [band["wide"]] if band.get("wide") is not None else [i for col in band["columns"] for i in col]
        for i, block in zip(order, band["blocks"]):
            panels[view["wagers"][i]["id"]] = {
                "stake_below": block["stake_below"],
                "grid_cols": [item["cols_pt"] for item in block["items"] if "cols_pt" in item],
                "pays_cols": [item["pays_col"] for item in block["items"] if "pays_col" in item]}
        bands.append({"wide": band.get("wide"), "columns": band.get("columns"), "width": r(band["width"])})
    content = header["height"] + fit["arranged"]["height"] + footer["height"]
    return {
        "body": r(f), "title": r(TITLE * f), "small": r(SMALL * f), "casino": r(header["casino"]),
        "game": r(GAME * f), "fine": footer["fine"], "line": LINE, "leading": fit["arranged"]["leading"],
        "casino_line": CASINO_LINE,
        "fine_line": FINE_LINE, "margin": fit["margin"], "col_gap": fit["col_gap"], "qr": footer["qr"],
        "box": {k: r(v * f) for k, v in BOX.items()}, "half_before": r(BOX["before"] * f / 2), "border": BORDER_PT, "rule": RULE_PT,
        "double_rule": DOUBLE_RULE_PT, "note_indent": r(NOTE_INDENT * footer["fine"]),
        "footer_pad": r(footer["pad"]), "footer_right": r(footer["qr"] + QR_GAP_PT),
        "footer_min": r(RULE_PT + footer["pad"] + footer["qr"]), "bands": bands, "panels": panels,
        "head": {k: r(v * f) for k, v in HEAD.items()}, "notes_gap": r(NOTES_GAP * footer["fine"]),
        "min_type": MIN_TYPE_PT[view["size"]["name"]], "fill": round(content / fit["height"], 3),
        "made": made_line(view, fit),
    }
