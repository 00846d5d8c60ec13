"""The table placard: the view the placard templates render.

Everything a template prints is decided here: which paytable lines appear, how odds are worded
(``odds_wording`` signage rules in the ruleset say which words are forbidden; "X for 1" becomes
"X-1 to 1" where "for" is forbidden, with a note giving the figure as the regulation prints it),
the limits, the payout limit and the digest that ties the sign to its inputs, and how large it all
is set on the chosen sheet (``sheet_layout``; the SVG's positions in ``svg_view``). Templates only
lay the view out.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ..load.catalogue import Ruleset
from ..model import Payout, PayoutKind
from ..output.wording import money, number, odds
from .compliance import base_bet_count, line_stake
from ..output.metrics import mono_width, text_width, wrap
from ..output.wording import hand_name
from .table_config import TableConfig, digest

# Sheet sizes a placard can be printed at: CSS page size, width and height in inches.
SIGN_SIZES = {
    "letter": ("letter", 8.5, 11.0),
    "a4": ("A4", 8.27, 11.69),
    "tabloid": ("11in 17in", 11.0, 17.0),
    "a3": ("A3", 11.69, 16.54),
}
SVG_DPI = 96

# Headings by wager kind (the ruleset's own wager names are long and legalistic).
KIND_TITLES = {
    "base": "Let It Ride",
    "five_card_bonus": "Five Card Bonus",
    "three_card_bonus": "Three Card Bonus",
    "six_card_bonus": "Six Card Bonus",
    "progressive": "Progressive",
    "cover_all": "Cover All",
}
CURRENCY_SYMBOLS = {"USD": "$", "AUD": "$", "CAD": "$", "NZD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}
CONVERTED_MARK = "\u2020"  # dagger: a figure restated from the regulation's wording
MISSING_MARK = "*"
SUPPLIED_MARK = "\u2021"  # double dagger: a figure the house sets where the rules give none
WIDE_GRID_COLUMNS = 3  # a grid with more figure columns than this spans the sheet's full width


@dataclass(frozen=True)
class Wording:
    """Which odds words a placard may use, from the ruleset's ``odds_wording`` signage rules."""

    forbidden: frozenset
    cites: tuple

    @classmethod
    def of(cls, ruleset: Ruleset) -> "Wording":
        forbidden, cites = set(), []
        for rule in ruleset.data["signage"]:
            if rule["rule"] == "odds_wording":
                words = {w.lower() for w in rule.get("forbidden_words", [])}
                if words:
                    forbidden |= words
                    cites.append(rule["cite"])
        return cls(frozenset(forbidden), tuple(cites))


def say_payout(payout: dict, wording: Wording, symbol: str) -> tuple[str, str | None]:
    """The payout as the placard states it, and the regulation's own wording where that differs.

    X for 1 pays X in all (the stake included), so it is the same payout as (X-1) to 1; X to 1 is
    (X+1) for 1. Where the jurisdiction forbids one word and not the other, the payout is restated.
    """
    kind, value = payout["kind"], payout.get("value")
    if kind == "not_offered":
        return "\u2014", None
    if value is None:
        return "not stated", None
    if kind == "fixed_amount":
        return money(value, symbol), None
    if kind == "percent_of_meter":
        return f"{number(value)}% of meter", None
    word = "to" if kind == "to_one" else "for"
    printed = f"{number(value)} {word} 1"
    if word not in wording.forbidden:
        return printed, None
    other = "for" if word == "to" else "to"
    if other in wording.forbidden:
        return printed, None  # nothing better to say; check reports the wording rule
    converted = Payout.from_data(payout).equivalent(PayoutKind.TO_ONE if other == "to" else PayoutKind.FOR_ONE)
    return odds(converted), printed


class _Notes:
    """Numbered notes at the foot of the placard."""

    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, text: str) -> str:
        for item in self.items:
            if item["text"] == text:
                return item["mark"]
        mark = str(len(self.items) + 1)
        self.items.append({"mark": mark, "text": text})
        return mark


def _line_rows(table: dict, wager: dict, lines: list[dict], wording: Wording, symbol: str,
               notes: _Notes, cite: str) -> list[dict]:
    rows, printed_as, missing, supplied = [], [], [], []
    for line in lines:
        pays, printed = say_payout(line["payout"], wording, symbol)
        label = hand_name(line["hand"], line.get("suits"))
        mark = ""
        if printed:
            printed_as.append(f"{label} {printed}")
            mark = CONVERTED_MARK
        elif line["payout"].get("value") is None and line["payout"]["kind"] != "not_offered":
            missing.append(label)
            mark = MISSING_MARK
        elif line.get("supplied_by_house"):
            supplied.append(label)
            mark = SUPPLIED_MARK
        rows.append({"hand": label, "pays": pays, "mark": mark})
    refs = []
    if printed_as:
        refs.append(notes.add(
            f"{CONVERTED_MARK} Odds are stated with \u201cto\u201d as {'; '.join(wording.cites)} requires; "
            f"{cite} prints them as: {', '.join(printed_as)}."))
    if supplied:
        refs.append(notes.add(
            f"{SUPPLIED_MARK} The published rules ({cite}) give no figure for {', '.join(supplied)}; "
            "the house pays the figure shown, as approved by the regulator."))
    if missing:
        refs.append(notes.add(
            f"{MISSING_MARK} The figure for {', '.join(missing)} is missing from the published rules ({cite})."))
    return rows, refs


def _stake_text(choice: dict, wager: dict, tables: list[dict], symbol: str) -> str:
    low, high = choice.get("minimum"), choice.get("maximum")
    fixed = wager["stake"]["amount"] if wager.get("stake") else None
    if fixed is None and len(tables) == 1 and tables[0].get("stake"):
        fixed = tables[0]["stake"]
    if fixed is not None and low in (None, fixed) and high in (None, fixed):
        return f"{money(fixed, symbol)} wager"
    if low is not None and high is not None:
        return f"{money(low, symbol)} to {money(high, symbol)}"
    if high is not None:
        return f"up to {money(high, symbol)}"
    if low is not None:
        return f"from {money(low, symbol)}"
    return ""


def _tables_for(choice: dict, wager: dict) -> list[dict]:
    if "custom_paytable" in choice:
        custom = choice["custom_paytable"]
        return [{"id": "custom", "name": custom["name"], "lines": custom["lines"], "cite": "house paytable"}]
    if "paytable" in choice:
        return [t for t in wager["paytables"] if t["id"] == choice["paytable"]]
    return list(wager["paytables"])


def _matrix(tables: list[dict], wording: Wording, symbol: str, notes: _Notes, wager: dict) -> dict | None:
    """Several paytables over the same hands (e.g. one per number of players) as one grid."""
    keys = [tuple((l["hand"], tuple(l.get("suits", []))) for l in t["lines"]) for t in tables]
    if len(tables) < 2 or len(set(keys)) != 1:
        return None
    ordered = sorted(tables, key=lambda t: (t.get("players") or 0, t["id"]))
    columns = [str(t["players"]) if t.get("players") else t["name"] for t in ordered]
    caption = "Players in the round" if all(t.get("players") for t in ordered) else "Paytable"
    rows = []
    for i, line in enumerate(ordered[0]["lines"]):
        cells = []
        for table in ordered:
            pays, _ = say_payout(table["lines"][i]["payout"], wording, symbol)
            cells.append(pays)
        rows.append({"hand": hand_name(line["hand"], line.get("suits")), "cells": cells})
    return {"caption": caption, "columns": columns, "rows": rows}


def _envy_grid(tables: list[dict], wager: dict, choice: dict, symbol: str) -> dict | None:
    """Envy bonus amounts as a grid: one row per qualifying hand, one column per stake."""
    given = choice.get("envy")
    if given is not None:
        entries = [(e["hand"], e.get("suits"), e.get("stake"), e["amount"]) for e in given]
    else:
        entries = [(l["hand"], l.get("suits"), line_stake(l, t, wager), l["payout"].get("value"))
                   for t in tables for l in t.get("envy_lines", [])]
    if not entries:
        return None
    stakes = sorted({stake for _, _, stake, _ in entries if stake}, key=float)
    has_plain = any(not stake for _, _, stake, _ in entries)
    columns = (["Pays"] if has_plain else []) + [f"{money(s, symbol)} wager" for s in stakes]
    keys = (["plain"] if has_plain else []) + stakes
    rows: dict = {}
    for hand, suits, stake, amount in entries:
        label = hand_name(hand, suits)
        cells = rows.setdefault(label, {})
        cells[stake or "plain"] = money(amount, symbol) if amount is not None else "not stated"
    return {"caption": "Envy bonus, when another player holds", "columns": columns,
            "rows": [{"hand": label, "cells": [cells.get(k, "\u2014") for k in keys]} for label, cells in rows.items()]}


def _payout_limit(ruleset: Ruleset, config: TableConfig, offered: list[str], titles: dict, symbol: str) -> dict | None:
    limit = config.data.get("payout_limit")
    if limit is None:
        return None
    scope = ""
    for rule in ruleset.data["payout_limits"]:
        covered = [w for w in rule["applies_to"] if w in offered and w not in rule.get("excludes", [])]
        excluded = [w for w in offered if w not in covered]
        if covered and excluded:
            scope = (f"Applies to {', '.join(titles[w] for w in covered)}; not to "
                     f"{', '.join(titles[w] for w in excluded)}.")
        elif covered:
            scope = "Applies to all wagers."
        break
    return {"amount": money(limit, symbol), "scope": scope}


def placard_view(ruleset: Ruleset, config: TableConfig, with_qr: bool = True) -> dict:
    """Everything the placard templates print, decided here (under the readings in force); without
    ``with_qr`` the verification code is left out (``check`` only asks whether the sign fits)."""
    from .compliance import awards_above_limit, readings_in_force
    from .table_config import model_for

    model = model_for(ruleset, config)
    data = model.sections
    symbol = CURRENCY_SYMBOLS.get(data["jurisdiction"].get("currency", "USD"), "$")
    wording = Wording.of(ruleset)
    notes = _Notes()
    by_id = {c["wager"]: c for c in config.wagers}
    offered = [w["id"] for w in ruleset.wagers if w["id"] in by_id]
    titles = {w["id"]: KIND_TITLES.get(w["kind"], w["name"]) for w in ruleset.wagers}
    bets = base_bet_count(ruleset)
    limits = config.data["limits"]

    wagers = []
    in_force = readings_in_force(model, config)
    capped = awards_above_limit(model, config)
    def needs_full_width(wager: dict) -> bool:
        matrix = _matrix(_tables_for(by_id[wager["id"]], wager), wording, symbol, notes, wager)
        return bool(matrix) and len(matrix["columns"]) > WIDE_GRID_COLUMNS

    # Reading order, the same in every format: the ruleset's order, except that a wager whose grid
    # needs the sheet's full width comes after those that share the two columns.
    ordered = [w for w in data["wagers"] if w["id"] in by_id]
    ordered = [w for w in ordered if not needs_full_width(w)] + [w for w in ordered if needs_full_width(w)]
    for wager in ordered:
        choice = by_id[wager["id"]]
        tables = _tables_for(choice, wager)
        view = {"id": wager["id"], "title": titles[wager["id"]], "stake": _stake_text(choice, wager, tables, symbol),
                "tables": [], "matrix": None, "wide": False, "envy": _envy_grid(tables, wager, choice, symbol),
                "meter": None, "notes": []}
        if wager["kind"] == "base":
            view["stake"] = f"{bets} equal bets"
        matrix = _matrix(tables, wording, symbol, notes, wager)
        if matrix:
            view["matrix"] = matrix
            view["wide"] = len(matrix["columns"]) > WIDE_GRID_COLUMNS
            for table in tables:
                _, refs = _line_rows(table, wager, table["lines"], wording, symbol, notes, table["cite"])
                view["notes"] += [r for r in refs if r not in view["notes"]]
        for table in ([] if matrix else tables):
            rows, refs = _line_rows(table, wager, table["lines"], wording, symbol, notes, table["cite"])
            caption = table["name"] if len(wager["paytables"]) > 1 or "custom_paytable" in choice else ""
            basis = table.get("hand_basis", wager["hand_basis"])
            if basis == "player_three" and wager["kind"] != "three_card_bonus":
                caption = (caption + " \u2014 " if caption else "") + "on the player's three cards"
            view["tables"].append({"caption": caption, "rows": rows})
            view["notes"] += [r for r in refs if r not in view["notes"]]
        over = [a for a in capped if a["wager"] == wager["id"]]
        if over:
            hands = ", ".join(dict.fromkeys(hand_name(a["hand"], a["suits"]) for a in over))
            ref = notes.add(f"\u00a7 Payouts are limited to {money(over[0]['limit'], symbol)} per hand: "
                            f"{hands} {'pays' if len(set(a['hand'] for a in over)) == 1 else 'pay'} at most that [{over[0]['cite']}].")
            capped_hands = {hand_name(a["hand"], a["suits"]) for a in over}
            for table_view in view["tables"]:
                for row in table_view["rows"]:
                    if row["hand"] in capped_hands:
                        row["mark"] = (row["mark"] + " \u00a7").strip()
            if ref not in view["notes"]:
                view["notes"].append(ref)
        for g in in_force:
            if wager["id"] in g["wagers"]:
                ref = notes.add(f"Where the rules are open this sign follows reading {g['finding']}/{g['reading']}: "
                                f"{g['meaning']}")
                if ref not in view["notes"]:
                    view["notes"].append(ref)
        if choice.get("progressive"):
            view["meter"] = f"Meter resets to {money(choice['progressive']['reset'], symbol)}"
        wagers.append(view)

    limit_lines = [f"Minimum {money(limits['minimum'], symbol)} \u00b7 Maximum {money(limits['maximum'], symbol)}"
                   f" on each of the {bets} Let It Ride bets"]
    for rule in data["table_limits"]:
        if rule["rule"] == "combined_wagers_within_table_limit":
            limit_lines = [f"Table limit {money(limits['maximum'], symbol)}: a player's wagers together, "
                           f"side wagers included, may not exceed it",
                           f"Let It Ride bets {money(limits['minimum'], symbol)} to "
                           f"{money(by_id.get('base', {}).get('maximum', limits['maximum']), symbol)} each"]
            break

    size_name = config.sign_size
    css_size, width_in, height_in = SIGN_SIZES[size_name]
    view = {
        "casino": config.casino,
        "table": config.data.get("table", ""),
        "jurisdiction": data["jurisdiction"]["name"],
        "regulator": data["jurisdiction"]["regulator"],
        "citation": data["source"]["citation"],
        "ruleset_ref": ruleset.ref,
        "digest": digest(ruleset, config),
        "qr": qr_code(ruleset.ref, digest(ruleset, config)) if with_qr else None,
        "limits": limit_lines,
        "payout_limit": _payout_limit(ruleset, config, offered, titles, symbol),
        "wagers": wagers,
        "notes": notes.items,
        "size": {"name": size_name, "css": css_size, "width_in": width_in, "height_in": height_in},
    }
    view["layout"] = sheet_layout(view)
    return view


# --- Sheet layout --------------------------------------------------------------------------------
#
# The placard is laid out for its sheet here, in points, and both templates draw from the same
# figures: the HTML (and the PDF Chromium prints from it) sets its type sizes, spacing and columns
# from them, the SVG places every line at the positions computed below. The paytable text size is
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
ASCENT, DESCENT = 0.928, 0.236  # DejaVu Sans, in em: where the baseline sits in a line box
PT_PER_IN = 72.0
WRAP_SLACK = 0.99   # text is broken a little before the measured width, so a browser never breaks it earlier
SINGLE_COLUMN_SHARE = 0.8   # a lone wager panel takes this share of the sheet's width


class PlacardTooFull(Exception):
    """The schedule does not fit the sheet at the minimum type size."""


def type_sizes_text() -> str:
    """The type sizes held to, in words (for ``placard --help`` and the docs)."""
    sizes = [f"{name} {MIN_TYPE_PT[name]:g} pt (fine print {FINE_PRINT_PT[name]:g} pt)" for name in SIGN_SIZES]
    return "; ".join(sizes)


def _words_width(text: str, size: float, bold: bool = False) -> float:
    return max((text_width(w, size, bold) for w in text.split()), default=0.0)


def _block(wager: dict, f: float, width: float, leading: float = LINE) -> dict | None:
    """One wager panel at paytable size ``f``, line height ``leading`` and outer ``width`` (points):
    its lines, top down, and its height; None when it cannot fit that width at that size."""
    small = SMALL * f
    inner = width - 2 * BORDER_PT - 2 * BOX["pad_x"] * f
    title_w = text_width(wager["title"], TITLE * f, bold=True)
    stake_w = text_width(wager["stake"], small)
    if title_w > inner or stake_w > inner:
        return None
    stake_below = bool(wager["stake"]) and title_w + f + stake_w > inner
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
    for table in wager["tables"]:
        if table["caption"]:
            y += BOX["before"] * f
            for text in wrap(table["caption"], inner, small, bold=True):
                line("caption", small, text=text)
        pays_w = max(text_width(r["pays"], f, bold=True) + (text_width(r["mark"], small, bold=True) if r["mark"] else 0)
                     for r in table["rows"])
        pays_col = pays_w + BOX["cell_pad"] * f
        hand_w = (inner - pays_col) * WRAP_SLACK
        if hand_w < max(_words_width(r["hand"], f) for r in table["rows"]):
            return None
        first = len(items)
        for row in table["rows"]:
            hand = wrap(row["hand"], hand_w, f)
            line("row", f, len(hand), text=hand, right=row["pays"], mark=row["mark"])
        items[first]["pays_col"] = round(pays_col, 2)
    for grid, wide in ((wager["matrix"], wager["wide"]), (wager["envy"], False)):
        if not grid:
            continue
        cols = [max([text_width(grid["columns"][i], small, bold=True)] +
                    [text_width(r["cells"][i], small, bold=True) for r in grid["rows"]]) + BOX["cell_pad"] * f
                for i in range(len(grid["columns"]))]
        first = (inner - sum(cols)) * WRAP_SLACK
        if first < max([_words_width(grid["caption"], small, True)] + [_words_width(r["hand"], small) for r in grid["rows"]]):
            return None
        y += BOX["before"] * f
        head = wrap(grid["caption"], first, small, bold=True)
        cells_x = [inner - sum(cols[i + 1:]) for i in range(len(cols))]   # right edges, from the inner left
        line("grid-head", small, len(head), text=head, cells=grid["columns"], cells_x=cells_x)
        for row in grid["rows"]:
            hand = wrap(row["hand"], first, small)
            line("grid-row", small, len(hand), text=hand, cells=row["cells"], cells_x=cells_x)
        items[-len(grid["rows"]) - 1]["cols_pt"] = [round(c, 2) for c in cols]
    extras = ([wager["meter"]] if wager["meter"] else []) + (
        ["See note " + ", ".join(wager["notes"]) + "."] if wager["notes"] else [])
    for text in extras:
        y += BOX["before"] * f / 2
        lines = wrap(text, inner, small)
        line("note", small, len(lines), text=lines)
    height = y + BOX["pad_bottom"] * f + BORDER_PT
    return {"height": height, "items": items, "rule_y": rule_y, "stake_below": stake_below, "width": width,
            "inner": inner}


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
    """The citation and the ruleset and digest, broken as the browser breaks them: the ruleset and
    digest stay together on one line."""
    unit = f"ruleset {view['ruleset_ref']} \u00b7 digest {view['digest']}"
    words = f"{view['jurisdiction']} \u00b7 {view['citation']} \u00b7".split() + [unit]
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


def _arrange(view: dict, f: float, content_w: float, col_gap: float, columns: int,
             leading: float = LINE) -> dict | None:
    """The schedule at paytable size ``f`` in one or two ``columns``: bands of panels top down and its
    height; None if a panel cannot fit its width."""
    narrow = [i for i, w in enumerate(view["wagers"]) if not w["wide"]]
    wide = [i for i, w in enumerate(view["wagers"]) if w["wide"]]
    gap = BOX["gap"] * f
    bands = []
    if narrow:
        width = SINGLE_COLUMN_SHARE * content_w if columns == 1 else (content_w - col_gap) / 2
        blocks = [_block(view["wagers"][i], f, width, leading) for i in narrow]
        if any(b is None for b in blocks):
            return None
        if columns == 1:
            split, band_h = [narrow], sum(b["height"] for b in blocks) + gap * (len(blocks) - 1)
        else:
            k, band_h = _columns([b["height"] for b in blocks], gap)
            split = [narrow[:k], narrow[k:]]
        bands.append({"columns": split, "width": width, "height": band_h, "blocks": blocks})
    for i in wide:
        block = _block(view["wagers"][i], f, content_w, leading)
        if block is None:
            return None
        bands.append({"wide": i, "width": content_w, "height": block["height"], "blocks": [block]})
    height = sum(b["height"] for b in bands) + gap * (len(bands) - 1)
    wraps = tuple(item["lines"] for band in bands for block in band["blocks"] for item in block["items"]
                  if item["kind"] in ("row", "grid-row"))
    return {"bands": bands, "height": height, "wraps": wraps, "columns": columns, "leading": leading}


def _fit(view: dict) -> dict:
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
    lowest = MAX_BODY_PT[name] - steps * BODY_STEP_PT
    room = height - 2 * margin - footer["height"]
    # Two columns where there are two panels or more, else one; a hand's name is broken over two
    # lines only where it must be even at the smallest size.
    choices = [2, 1] if sum(not w["wide"] for w in view["wagers"]) > 1 else [1]
    smallest = {n: _arrange(view, lowest, content_w, col_gap, n) for n in choices}
    for step in range(steps + 1):
        f = MAX_BODY_PT[name] - step * BODY_STEP_PT
        header = _header(view, f, content_w)
        for n in choices:
            arranged = _arrange(view, f, content_w, col_gap, n)
            if arranged is None or smallest[n] and any(a > b for a, b in zip(arranged["wraps"], smallest[n]["wraps"])):
                continue
            if header["height"] + arranged["height"] + BOX["gap"] * f <= room:
                break
        else:
            continue
        # Room to spare (the type is as large as the width allows): open up the schedule's lines.
        leading = LINE
        while leading + LEADING_STEP <= MAX_LINE + 1e-9:
            looser = _arrange(view, f, content_w, col_gap, n, round(leading + LEADING_STEP, 4))
            if looser is None or looser["wraps"] != arranged["wraps"] or \
                    header["height"] + looser["height"] + BOX["gap"] * f > room:
                break
            arranged, leading = looser, round(leading + LEADING_STEP, 4)
        return {"body": f, "header": header, "arranged": arranged, "footer": footer, "width": width,
                "height": height, "margin": margin, "col_gap": col_gap}
    raise PlacardTooFull(f"the payout schedule does not fit a {name} sheet at the minimum type size "
                         f"({MIN_TYPE_PT[name]:g} pt); choose a larger sign_size or offer fewer wagers")


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
    }


# --- SVG -----------------------------------------------------------------------------------------


def svg_view(view: dict) -> dict:
    """Positions (SVG user units, 96 to the inch) of everything on the SVG placard: the sheet layout
    above, drawn line by line; panels in the same columns and reading order as the HTML."""
    fit = _fit(view)
    header, arranged, footer, f = fit["header"], fit["arranged"], fit["footer"], fit["body"]
    k = SVG_DPI / PT_PER_IN
    width, height = round(fit["width"] * k), round(fit["height"] * k)
    margin = fit["margin"]
    content_w = fit["width"] - 2 * margin
    r = lambda v: round(v * k, 2)  # noqa: E731 - points to user units

    def baseline(top: float, size: float, lh: float) -> float:
        return top + (lh - (ASCENT + DESCENT) * size) / 2 + ASCENT * size

    texts: list[dict] = []

    def text(x: float, y: float, size: float, value: str | list, cls: str = "", anchor: str = "", mark: str = "",
             lh: float = 0.0) -> None:
        """One text element; a list of lines becomes one element of lines (a space ends all but the
        last, so the element reads as the one phrase it is)."""
        lines = value if isinstance(value, list) else [value]
        texts.append({"x": r(x), "y": r(y), "size": r(size), "text": lines[0] + (" " if len(lines) > 1 else ""),
                      "more": [v + (" " if i < len(lines) - 2 else "") for i, v in enumerate(lines[1:])],
                      "dy": r(lh), "cls": cls, "anchor": anchor,
                      "mark": mark, "mark_size": r(SMALL * f), "mark_dy": r(-0.35 * size)})

    y = margin
    centre = fit["width"] / 2
    for cls, value, size, lh in header["lines"]:
        text(centre, baseline(y, size, lh), size, value.upper() if cls == "game" else value, cls, "middle")
        y += lh
    rules = [{"y": r(margin + header["rule"] - DOUBLE_RULE_PT + 0.5), "w": r(1.0)},
             {"y": r(margin + header["rule"] - 0.5), "w": r(1.0)}]
    for limit in header["limits"]:
        text(centre, baseline(margin + limit["y"], f, LINE * f), f, limit["text"], "strong" if limit["bold"] else "",
             "middle")

    boxes = []
    top = margin + header["height"]
    gap = BOX["gap"] * f
    for band in arranged["bands"]:
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
                boxes.append({"x": r(x + BORDER_PT / 2), "y": r(by + BORDER_PT / 2), "w": r(block["width"] - BORDER_PT),
                              "h": r(block["height"] - BORDER_PT), "rule_y": r(by + block["rule_y"] - RULE_PT / 2),
                              "x2": r(x + block["width"] - BORDER_PT)})
                left = x + BORDER_PT + BOX["pad_x"] * f
                right = left + block["inner"]
                for item in block["items"]:
                    kind = item["kind"]
                    base = baseline(by + item["y"], item["size"], item["lh"])
                    bold = kind in ("caption", "grid-head")
                    text(left, base, item["size"], item["text"], "title" if kind == "title" else "strong" if bold else "",
                         lh=item["lh"])
                    if kind == "title" and item["right"]:
                        text(right, base, SMALL * f, item["right"], "", "end")
                    elif kind == "row":
                        text(right, base, f, item["right"], "strong", "end", item["mark"])
                    elif kind in ("grid-head", "grid-row"):
                        for cell, cx in zip(item["cells"], item["cells_x"]):
                            text(left + cx, base, item["size"], cell, "strong", "end")
                by += block["height"] + gap
        top += band["height"] + gap

    footer_top = fit["height"] - margin - footer["height"]
    fine = footer["fine"]
    y = footer_top + RULE_PT + footer["pad"]
    for note in footer["notes"]:
        base = baseline(y, fine, FINE_LINE * fine)
        text(margin + NOTE_INDENT * fine * 0.8, base, fine, f"{note['mark']}.", "note", "end")
        text(margin + NOTE_INDENT * fine, base, fine, note["lines"], "note", lh=FINE_LINE * fine)
        y += FINE_LINE * fine * len(note["lines"])
    if footer["notes"]:
        y += NOTES_GAP * fine
    for value in footer["stamp"]:
        text(margin, baseline(y, fine, FINE_LINE * fine), fine, value, "stamp")
        y += FINE_LINE * fine
    qr = footer["qr"]
    return {
        "width": width, "height": height, "texts": texts, "rules": rules, "boxes": boxes,
        "margin": r(margin), "right": r(fit["width"] - margin), "footer_rule_y": r(footer_top + RULE_PT / 2),
        "border": r(BORDER_PT), "rule": r(RULE_PT),
        "qr": {"svg": Markup(str(view["qr"]["svg"]).replace(
                   "<svg ", f'<svg x="{r(fit["width"] - margin - qr)}" y="{r(fit["height"] - margin - qr)}" '
                            f'width="{r(qr)}" height="{r(qr)}" ', 1)), "text": view["qr"]["text"]},
    }


def qr_text(ref: str, sign_digest: str) -> str:
    """What the placard's QR code says: enough to run ``lit-compliance verify CONFIG DIGEST``."""
    return f"lit-compliance verify {ref} {sign_digest}"


def qr_code(ref: str, sign_digest: str) -> dict:
    """The QR code (made by segno) as inline SVG markup (a view box, no size: the layout sizes it), its
    size in user units and what it encodes."""
    import io

    import segno
    from markupsafe import Markup

    code = segno.make(qr_text(ref, sign_digest), error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=3, border=2, omitsize=True)
    return {"svg": Markup(out.getvalue().decode("ascii")), "text": qr_text(ref, sign_digest),
            "size": code.symbol_size(scale=3, border=2)[0]}
