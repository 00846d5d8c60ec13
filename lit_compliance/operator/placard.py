"""The table placard: the view the placard templates render.

Everything a template prints is decided here: which paytable lines appear, how odds are worded
(``odds_wording`` signage rules in the ruleset say which words are forbidden; "X for 1" becomes
"X-1 to 1" where "for" is forbidden, with a note giving the figure as the regulation prints it),
the limits, the payout limit and the digest that ties the sign to its inputs. Templates only lay
the view out.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ..load.catalogue import Ruleset
from ..model import Payout, PayoutKind
from ..output.wording import money, number, odds
from .compliance import base_bet_count, line_stake
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


def placard_view(ruleset: Ruleset, config: TableConfig) -> dict:
    """Everything the placard templates print, decided here (under the readings in force)."""
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
    for wager in data["wagers"]:
        if wager["id"] not in by_id:
            continue
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
            view["wide"] = len(matrix["columns"]) > 3
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
    lines_total = sum(len(r["rows"]) + 2 for w in wagers for r in w["tables"]) + sum(
        len(w["matrix"]["rows"]) + 3 for w in wagers if w["matrix"]) + sum(len(w["envy"]["rows"]) + 2 for w in wagers if w["envy"])
    lines_total += 2 * len(notes.items)
    density = "roomy" if lines_total <= 40 else "normal" if lines_total <= 70 else "compact"
    return {
        "casino": config.casino,
        "table": config.data.get("table", ""),
        "jurisdiction": data["jurisdiction"]["name"],
        "regulator": data["jurisdiction"]["regulator"],
        "citation": data["source"]["citation"],
        "ruleset_ref": ruleset.ref,
        "digest": digest(ruleset, config),
        "qr": qr_code(ruleset.ref, digest(ruleset, config)),
        "limits": limit_lines,
        "payout_limit": _payout_limit(ruleset, config, offered, titles, symbol),
        "wagers": wagers,
        "notes": notes.items,
        "size": {"name": size_name, "css": css_size, "width_in": width_in, "height_in": height_in},
        "density": density,
        "columns": 1 if len(wagers) == 1 else 2,
    }


# --- SVG layout ----------------------------------------------------------------------------------


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width, break_long_words=True) or [""]


def svg_view(view: dict) -> dict:
    """Positions for the SVG placard: two columns of wager blocks, scaled to fit one sheet."""
    width = round(view["size"]["width_in"] * SVG_DPI)
    height = round(view["size"]["height_in"] * SVG_DPI)
    margin, gutter, lh = 40, 24, 18
    col_w = (width - 2 * margin - gutter) / 2

    header = [{"text": view["casino"], "y": margin + 26, "cls": "casino"},
              {"text": "LET IT RIDE", "y": margin + 52, "cls": "game"}]
    y = margin + 52
    if view["table"]:
        y += 18
        header.append({"text": f"Table {view['table']}", "y": y, "cls": "small"})
    y += 10
    rule_y = y
    for line in view["limits"]:
        y += 18
        header.append({"text": line, "y": y, "cls": "limit"})
    if view["payout_limit"]:
        y += 18
        header.append({"text": f"Maximum payout {view['payout_limit']['amount']} per hand", "y": y, "cls": "limit strong"})
        if view["payout_limit"]["scope"]:
            y += 18
            header.append({"text": view["payout_limit"]["scope"], "y": y, "cls": "limit"})
    top = y + 14

    blocks = []
    for wager in view["wagers"]:
        block: list[dict] = [{"kind": "title", "text": wager["title"], "right": wager["stake"]}]
        for table in wager["tables"]:
            if table["caption"]:
                block.append({"kind": "caption", "text": table["caption"], "right": ""})
            for row in table["rows"]:
                block.append({"kind": "row", "text": row["hand"], "right": row["pays"], "mark": row["mark"]})
        if wager["matrix"]:
            m = wager["matrix"]
            block.append({"kind": "caption", "text": m["caption"], "right": "", "wide": wager["wide"]})
            block.append({"kind": "grid-head", "text": "", "right": "", "cells": m["columns"], "wide": wager["wide"]})
            for row in m["rows"]:
                block.append({"kind": "grid-row", "text": row["hand"], "right": "", "cells": row["cells"],
                              "wide": wager["wide"]})
        if wager["envy"]:
            e = wager["envy"]
            block.append({"kind": "caption", "text": e["caption"], "right": ""})
            block.append({"kind": "grid-head", "text": "", "right": "", "cells": e["columns"]})
            for row in e["rows"]:
                block.append({"kind": "grid-row", "text": row["hand"], "right": "", "cells": row["cells"]})
        if wager["meter"]:
            block.append({"kind": "caption", "text": wager["meter"], "right": ""})
        if wager["notes"]:
            block.append({"kind": "caption", "text": "See note " + ", ".join(wager["notes"]) + ".", "right": ""})
        blocks.append(block)

    # Greedy two-column flow: each block goes to the shorter column; blocks with a grid span both.
    items: list[dict] = []
    boxes: list[dict] = []
    heights = [0.0, 0.0]
    for block in blocks:
        wide = any(e.get("wide") for e in block)
        if wide:
            col, x, w = 0, margin, width - 2 * margin
            y0 = max(heights)
        elif view["columns"] == 1:
            col, x, w = 0, margin + (width - 2 * margin - col_w) / 2, col_w
            y0 = heights[0]
        else:
            col = 0 if heights[0] <= heights[1] else 1
            x, w = margin + col * (col_w + gutter), col_w
            y0 = heights[col]
        y = y0
        for entry in block:
            y += lh * (1.5 if entry["kind"] == "title" else 1.0)
            item = dict(entry, x=x + 8, x_right=x + w - 8, y=y)
            item.setdefault("mark", "")
            if entry.get("cells"):
                share = min(0.62, 0.22 * len(entry["cells"]) + 0.08)
                step = (w * share) / len(entry["cells"])
                item["cell_x"] = [x + w * (1 - share) + step * (i + 1) - 8 for i in range(len(entry["cells"]))]
            items.append(item)
        boxes.append({"x": x, "y": y0 + 2, "w": w, "h": y - y0 + lh * 0.5, "rule_y": y0 + lh * 1.5 + 5})
        end = y + lh * 1.2
        if wide or view["columns"] == 1:
            heights = [end, end]
        else:
            heights[col] = end
    flow_height = max(heights) or 1.0

    qr_w = view["qr"]["size"]
    text_w = width - 2 * margin - qr_w - 10          # footer text stops short of the QR code
    footer: list[str] = []
    for note in view["notes"]:
        footer += _wrap(f"{note['mark']}. {note['text']}", int(text_w / 5.6))
    footer_lh = 12
    stamp = [f"ruleset {view['ruleset_ref']} \u00b7 digest {view['digest']}"]
    stamp += _wrap(f"{view['jurisdiction']} \u00b7 {view['citation']}", int(text_w / 5.5))
    footer_h = max(footer_lh * (len(footer) + len(stamp) + 1), qr_w + 16)
    available = height - top - margin - footer_h
    scale = min(1.0, available / flow_height)

    def sx(value: float) -> float:
        return round(margin + (value - margin) * scale, 1)

    for item in items:
        item["y"] = round(top + item["y"] * scale, 1)
        item["x"], item["x_right"] = sx(item["x"]), sx(item["x_right"])
        if "cell_x" in item:
            item["cell_x"] = [sx(c) for c in item["cell_x"]]
    for box in boxes:
        box.update(x=sx(box["x"]), w=round(box["w"] * scale, 1), y=round(top + box["y"] * scale, 1),
                   h=round(box["h"] * scale, 1), rule_y=round(top + box["rule_y"] * scale, 1))
    footer_top = height - margin - footer_h + footer_lh + 4
    return {
        "width": width, "height": height, "margin": margin, "scale": round(scale, 4),
        "font": round(13 * scale, 2), "title_font": round(16 * scale, 2), "small_font": round(11 * scale, 2),
        "header": header, "rule_y": rule_y, "entries": items, "boxes": boxes,
        "footer": [{"text": t, "y": footer_top + i * footer_lh} for i, t in enumerate(footer)],
        "footer_rule_y": footer_top - footer_lh,
        "stamp": [{"text": t, "y": height - margin + 14 - (len(stamp) - 1 - i) * 11} for i, t in enumerate(stamp)],
        "qr": {"svg": view["qr"]["svg"], "x": width - margin - qr_w, "y": height - margin - qr_w + 14,
               "size": qr_w, "text": view["qr"]["text"]},
    }


def qr_text(ref: str, sign_digest: str) -> str:
    """What the placard's QR code says: enough to run ``lit-compliance verify CONFIG DIGEST``."""
    return f"lit-compliance verify {ref} {sign_digest}"


def qr_code(ref: str, sign_digest: str) -> dict:
    """The QR code (made by segno) as inline SVG markup, its size in modules and what it encodes."""
    import io

    import segno
    from markupsafe import Markup

    code = segno.make(qr_text(ref, sign_digest), error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=3, border=2, omitsize=False)
    return {"svg": Markup(out.getvalue().decode("ascii")), "text": qr_text(ref, sign_digest),
            "size": code.symbol_size(scale=3, border=2)[0]}
