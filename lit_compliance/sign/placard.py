"""The table placard: the view the placard templates render.

Everything a template prints is decided here: which paytable lines appear, how odds are worded
(``odds_wording`` signage rules in the ruleset say which words are forbidden; "X for 1" becomes
"X-1 to 1" where "for" is forbidden; the figure as the regulation prints it goes to the view's
``record`` for ``check``, not to the sign), the notes a player reads the figures by,
the limits, the payout limit and the digest that ties the sign to its inputs, and how large it all
is set on the chosen sheet (``sheet_layout``; the SVG's positions in :mod:`.svg`). Templates only
lay the view out.
"""
from __future__ import annotations

import hashlib
import importlib.util
import io
import re
from pathlib import Path

from markupsafe import Markup

from .. import cache
from ..load.catalogue import Ruleset
from ..model import Line, Payout, PayoutKind, Paytable, RulesetModel, Wager, as_printed
from ..model.table_config import WagerChoice
from ..model.vocabulary import currency_symbol, hand_name, money, number, odds, wager_title
from ..table.configured import awards_above_limit, base_bet_count, whole_sum_tables
from ..table.config import TableConfig, digest, model_for, parts_text, sign_parts
from .layout import SIGN_SIZES, sheet_layout
from .svg import svg_view  # noqa: F401 - the view's SVG positions, where the commands import them with the view
from ..records import record

MISSING_MARK = "*"
SUPPLIED_MARK = "\u2021"  # double dagger: a figure the house sets where the rules give none
WIDE_GRID_COLUMNS = 3  # a grid with more figure columns than this spans the sheet's full width


@record
class Wording:
    """Which odds words a placard may use, from the ruleset's ``odds_wording`` signage rules."""

    forbidden: frozenset
    cites: tuple

    @classmethod
    def of(cls, model: RulesetModel) -> "Wording":
        """The odds words the model's signage rules forbid, and the rules' citations."""
        forbidden, cites = set(), []
        for rule in model.signage:
            if rule.rule == "odds_wording":
                words = {w.lower() for w in rule.forbidden_words}
                if words:
                    forbidden |= words
                    cites.append(rule.cite)
        return cls(frozenset(forbidden), tuple(cites))


def say_payout(payout: Payout, wording: Wording, symbol: str) -> tuple[str, str | None]:
    """The payout as the placard states it, and the regulation's own wording where that differs.

    X for 1 pays X in all (the stake included), so it is the same payout as (X-1) to 1; X to 1 is
    (X+1) for 1. Where the jurisdiction forbids one word and not the other, the payout is restated.
    """
    kind, value = payout.kind.value, payout.value
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
    converted = payout.equivalent(PayoutKind.TO_ONE if other == "to" else PayoutKind.FOR_ONE)
    return odds(converted), printed


# Said of a paytable of money amounts on a stake neither the rules nor the table fix.
WHOLE_SUMS = "sums paid at any stake"


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


# What a player needs to know to read a figure, by the kind of figure the sign prints (the model's
# payout semantics, lit_compliance.model.payout): who pays what, and whether the wager comes back.
KIND_NOTES = {
    "to_one": "\u201cto 1\u201d: a win is paid that many times the wager, and the wager is returned with it.",
    "for_one": "\u201cfor 1\u201d: a win is paid that many times the wager in all, the wager included.",
    "fixed_amount": "An amount of money is paid in all: the wager, collected before the deal, is not returned with it.",
    "percent_of_meter": "\u201c% of meter\u201d: that share of the progressive meter, as it stands when the hand is paid.",
}


def _said_kind(payout: Payout, wording: Wording) -> str | None:
    """The kind of figure the sign prints for a payout (odds restated with the other word count as
    that word), or None where it prints none."""
    if not payout.offered or payout.value is None:
        return None
    kind = payout.kind.value
    word = {"to_one": "to", "for_one": "for"}.get(kind)
    if word and word in wording.forbidden and ({"to", "for"} - {word}) - wording.forbidden:
        return "for_one" if word == "to" else "to_one"
    return kind


def _line_rows(table: Paytable, wager: Wager, lines: tuple[Line, ...], wording: Wording, symbol: str,
               notes: _Notes, cite: str, record: list[str] | None = None) -> list[dict]:
    """The rows of a schedule, and the marks of the notes a player reads them by; what concerns the
    regulator (odds restated from the rules' wording, figures the house sets, figures missing) goes
    to ``record``, for ``check``, not to the sign."""
    rows, printed_as, missing, supplied, kinds = [], [], [], [], []
    for line in lines:
        pays, printed = say_payout(line.payout, wording, symbol)
        label = hand_name(line.hand, line.suits)
        mark = ""
        kind = _said_kind(line.payout, wording)
        if kind and kind not in kinds:
            kinds.append(kind)
        if printed:
            printed_as.append(f"{label} {printed} (the sign: {pays})")
        elif line.payout.value is None and line.payout.kind.value != "not_offered":
            missing.append(label)
            mark = MISSING_MARK
        elif line.supplied_by_house:
            supplied.append(label)
            mark = SUPPLIED_MARK
        rows.append({"hand": label, "pays": pays, "mark": mark})
    for k in kinds:
        notes.add(KIND_NOTES[k])   # read with every schedule: no "See note" beside each wager
    refs = []
    if supplied:
        refs.append(notes.add(f"{SUPPLIED_MARK} The house sets this figure."))
    if missing:
        refs.append(notes.add(f"{MISSING_MARK} No figure is posted for {', '.join(missing)}."))
    if record is not None:
        where = f"{wager.name}, {table.name}"
        if printed_as:
            record.append(f"{where}: odds are stated with \u201cto\u201d as {'; '.join(wording.cites)} requires; "
                          f"{cite} prints them as: {', '.join(printed_as)}.")
        if supplied:
            record.append(f"{where}: the published rules ({cite}) give no figure for {', '.join(supplied)}; the sign "
                          "shows the figure the house pays, which needs the regulator's approval.")
        if missing:
            record.append(f"{where}: the figure for {', '.join(missing)} is missing from the published rules ({cite}).")
    return rows, refs


def _stake_text(choice: WagerChoice, wager: Wager, tables: list[Paytable], symbol: str) -> str:
    low, high = choice.minimum, choice.maximum
    fixed = wager.stake
    if fixed is None and len(tables) == 1 and tables[0].stake:
        fixed = tables[0].stake
    if fixed is not None and low in (None, fixed) and high in (None, fixed):
        return f"{money(fixed, symbol)} wager"
    if low is not None and high is not None:
        return f"{money(low, symbol)} to {money(high, symbol)}"
    if high is not None:
        return f"up to {money(high, symbol)}"
    if low is not None:
        return f"from {money(low, symbol)}"
    return ""


def _tables_for(choice: WagerChoice, wager: Wager) -> list[Paytable]:
    if choice.custom_paytable is not None:
        return [choice.custom_paytable.paytable(wager)]
    if choice.paytable is not None:
        return [t for t in wager.paytables if t.id == choice.paytable]
    return list(wager.paytables)


def _matrix(tables: list[Paytable], wording: Wording, symbol: str, notes: _Notes, wager: Wager) -> dict | None:
    """Several paytables over the same hands (e.g. one per number of players) as one grid."""
    keys = [tuple((l.hand, l.suits) for l in t.lines) for t in tables]
    if len(tables) < 2 or len(set(keys)) != 1:
        return None
    ordered = sorted(tables, key=lambda t: (t.players or 0, t.id))
    columns = [str(t.players) if t.players else t.name for t in ordered]
    caption = "Players in the round" if all(t.players for t in ordered) else "Paytable"
    rows = []
    for i, line in enumerate(ordered[0].lines):
        cells = []
        for table in ordered:
            pays, _ = say_payout(table.lines[i].payout, wording, symbol)
            cells.append(pays)
        rows.append({"hand": hand_name(line.hand, line.suits), "cells": cells})
    return {"caption": caption, "columns": columns, "rows": rows}


def _envy_grid(tables: list[Paytable], wager: Wager, choice: WagerChoice, symbol: str) -> dict | None:
    """Envy bonus amounts as a grid: one row per qualifying hand, one column per stake."""
    if choice.envy:
        entries = [(e.hand, list(e.suits) or None, e.stake, e.amount) for e in choice.envy]
    else:
        entries = [(l.hand, l.suits, t.line_stake(l, wager.stake), l.payout.value)
                   for t in tables for l in t.envy_lines]
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
    limit = config.settings.payout_limit
    if limit is None:
        return None
    scope = ""
    for rule in as_printed(ruleset).payout_limits:
        covered = [w for w in rule.applies_to if w in offered and w not in rule.excludes]
        excluded = [w for w in offered if w not in covered]
        if covered and excluded:
            scope = (f"Applies to {', '.join(titles[w] for w in covered)}; not to "
                     f"{', '.join(titles[w] for w in excluded)}.")
        elif covered:
            scope = "Applies to all wagers."
        break
    return {"amount": money(limit, symbol), "scope": scope}


@record(frozen=False)
class _Sign:
    """What every part of one placard's view is decided from: the model under the readings in force,
    the table's choices, how figures are worded, and the notes and record they add to."""

    model: RulesetModel
    config: TableConfig
    symbol: str
    wording: Wording
    by_id: dict
    titles: dict
    bets: int
    notes: _Notes
    record: list[str]   # what the sign does where the rules' wording or figures call for it: for check

    @classmethod
    def of(cls, ruleset: Ruleset, config: TableConfig) -> "_Sign":
        model = model_for(ruleset, config)
        return cls(model=model, config=config, symbol=currency_symbol(model.currency), wording=Wording.of(model),
                   by_id={c.wager: c for c in config.settings.wagers},
                   titles={w.id: wager_title(w.kind.value, w.name) for w in as_printed(ruleset).wagers},
                   bets=base_bet_count(ruleset), notes=_Notes(), record=[])

    def needs_full_width(self, wager: Wager) -> bool:
        """Whether the wager's grid has more figure columns than two columns of panels leave room for."""
        matrix = _matrix(_tables_for(self.by_id[wager.id], wager), self.wording, self.symbol, self.notes, wager)
        return bool(matrix) and len(matrix["columns"]) > WIDE_GRID_COLUMNS


def _table_caption(sign: _Sign, wager: Wager, table: Paytable, choice: WagerChoice, whole_sums: list) -> str:
    """The caption over a paytable: its name where there is a choice, the cards it is paid on, and
    whether its sums are paid at any stake."""
    caption = table.name if len(wager.paytables) > 1 or choice.custom_paytable is not None else ""
    if table.hand_basis.value == "player_three" and wager.kind.value != "three_card_bonus":
        caption = (caption + " \u2014 " if caption else "") + "on the player's three cards"
    if any(e["wager"].id == wager.id and e["table"].id == table.id for e in whole_sums):
        # the rules state no stake for these amounts: whole sums, whatever the stake
        caption = (caption + " \u2014 " if caption else "") + WHOLE_SUMS
    return caption


def _mark_capped(sign: _Sign, view: dict, over: list[dict]) -> None:
    """The payout limit's note, and its mark beside each hand it caps, in a wager's ``view``."""
    hands = ", ".join(dict.fromkeys(hand_name(a["hand"], a["suits"]) for a in over))
    ref = sign.notes.add(f"\u00a7 Payouts are limited to {money(over[0]['limit'], sign.symbol)} per hand: "
                         f"{hands} {'pays' if len(set(a['hand'] for a in over)) == 1 else 'pay'} at most that "
                         f"[{over[0]['cite']}].")
    capped_hands = {hand_name(a["hand"], a["suits"]) for a in over}
    for table_view in view["tables"]:
        for row in table_view["rows"]:
            if row["hand"] in capped_hands:
                row["mark"] = (row["mark"] + " \u00a7").strip()
    if ref not in view["notes"]:
        view["notes"].append(ref)


def _wager_view(sign: _Sign, wager: Wager, capped: list[dict], whole_sums: list) -> dict:
    """One wager's panel: its title and stake, its paytables (one grid where they share their hands),
    its envy grid and meter, and the notes a player reads it by."""
    choice = sign.by_id[wager.id]
    tables = _tables_for(choice, wager)
    symbol, wording = sign.symbol, sign.wording
    view = {"id": wager.id, "title": sign.titles[wager.id], "stake": _stake_text(choice, wager, tables, symbol),
            "tables": [], "matrix": None, "wide": False, "envy": _envy_grid(tables, wager, choice, symbol),
            "meter": None, "notes": []}
    if wager.is_base:
        view["stake"] = f"{sign.bets} equal bets"
    matrix = _matrix(tables, wording, symbol, sign.notes, wager)
    if matrix:
        view["matrix"] = matrix
        view["wide"] = len(matrix["columns"]) > WIDE_GRID_COLUMNS
        for table in tables:
            _, refs = _line_rows(table, wager, table.lines, wording, symbol, sign.notes, table.cite, sign.record)
            view["notes"] += [r for r in refs if r not in view["notes"]]
    for table in ([] if matrix else tables):
        rows, refs = _line_rows(table, wager, table.lines, wording, symbol, sign.notes, table.cite, sign.record)
        view["tables"].append({"caption": _table_caption(sign, wager, table, choice, whole_sums), "rows": rows})
        view["notes"] += [r for r in refs if r not in view["notes"]]
    over = [a for a in capped if a["wager"] == wager.id]
    if over:
        _mark_capped(sign, view, over)
    if choice.progressive is not None:
        view["meter"] = f"Meter resets to {money(choice.progressive.reset, symbol)}"
    return view


def _limit_lines(sign: _Sign) -> list[str]:
    """The table's limits as the header states them: per bet, or the table limit on a player's wagers together."""
    limits, symbol, bets = sign.config.settings.limits, sign.symbol, sign.bets
    for rule in sign.model.table_limits:
        if rule.rule == "combined_wagers_within_table_limit":
            base = sign.by_id.get("base")
            base_max = base.maximum if base is not None and base.maximum is not None else limits.maximum
            return [f"Table limit {money(limits.maximum, symbol)}: a player's wagers together, "
                    f"side wagers included, may not exceed it",
                    f"Let It Ride bets {money(limits.minimum, symbol)} to {money(base_max, symbol)} each"]
    return [f"Minimum {money(limits.minimum, symbol)} \u00b7 Maximum {money(limits.maximum, symbol)}"
            f" on each of the {bets} Let It Ride bets"]


def placard_view(ruleset: Ruleset, config: TableConfig, with_qr: bool = True, made: str | None = None) -> dict:
    """Everything the placard templates print, decided here (under the readings in force); without
    ``with_qr`` the verification code is left out (``check`` only asks whether the sign fits).

    The sign's notes speak to players: the payout limit's cap, how each kind of figure is paid (the
    wager returned or not), a figure the house sets. What concerns the regulator (odds restated from
    the rules' wording, figures the rules lack) is the view's ``record``, which ``check`` prints
    beside the readings in force, never the sign. ``made`` is the document's stamp, printed on a line
    under the sign's face (:func:`.layout.made_line`) and in the file's metadata."""
    sign = _Sign.of(ruleset, config)
    model = sign.model
    offered = [w.id for w in as_printed(ruleset).wagers if w.id in sign.by_id]
    # Reading order, the same in every format: the ruleset's order, except that a wager whose grid
    # needs the sheet's full width comes after those that share the two columns.
    ordered = [w for w in model.wagers if w.id in sign.by_id]
    ordered = [w for w in ordered if not sign.needs_full_width(w)] + [w for w in ordered if sign.needs_full_width(w)]
    capped, whole_sums = awards_above_limit(model, config), whole_sum_tables(model, config)
    wagers = [_wager_view(sign, wager, capped, whole_sums) for wager in ordered]
    sign_digest = digest(ruleset, config)
    size_name = config.sign_size
    css_size, width_in, height_in = SIGN_SIZES[size_name]
    view = {
        "casino": config.casino,
        "table": config.settings.table if config.settings.table is not None else "",
        "jurisdiction": model.header.jurisdiction.name,
        "regulator": model.header.jurisdiction.regulator,
        "citation": model.header.source.citation,
        "ruleset_ref": ruleset.ref,
        "digest": sign_digest,
        "verify": verify_command(config, sign_digest),
        "made": made,
        "qr": qr_code(verify_command(config, sign_digest, sign_parts(ruleset, config))) if with_qr else None,
        "limits": _limit_lines(sign),
        "payout_limit": _payout_limit(ruleset, config, offered, sign.titles, sign.symbol),
        "wagers": wagers,
        "notes": sign.notes.items,
        "record": sign.record,
        "size": {"name": size_name, "css": css_size, "width_in": width_in, "height_in": height_in},
    }
    view["layout"] = sheet_layout(view)
    return view


def verify_command(config: TableConfig, sign_digest: str, parts: dict[str, str] | None = None) -> str:
    """The command an inspector runs, as printed, beside the configuration on file:
    ``lit-compliance verify maryland.yaml 5d177d49d4fd``. The QR code adds the fingerprints of the
    sign's parts (``--parts rules=...,table=...,base=...``) so a mismatch names what differs."""
    name = Path(config.path).name
    if not re.fullmatch(r"[A-Za-z0-9._+-]+", name) or name.startswith("-"):
        name = "'" + name.replace("'", "'\\''") + "'"
    command = f"lit-compliance verify {name} {sign_digest}"
    return f"{command} --parts {parts_text(parts)}" if parts else command


#: The one form of SVG the QR code is drawn in (segno's, as :func:`qr_code` asks for it): a view box
#: and one path of moves and lines. A code read back from the cache is used only in this form, so
#: nothing but a drawing can reach the sign's markup.
_QR_SVG = re.compile(r'<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="0 0 (\d+) \1" class="segno">'
                     r'<path transform="scale\(3\)" class="qrline" stroke="#000" d="[Mmhv0-9 .-]+"/></svg>')


@cache.remembered(1)
def _encoder_fingerprint() -> str:
    """A hash of the installed QR encoder's own files (found, not imported), so a code read back from the
    cache was drawn by the segno installed now."""
    spec = importlib.util.find_spec("segno")
    h = hashlib.sha256()
    if spec is not None and spec.origin:
        for path in sorted(Path(spec.origin).parent.glob("*.py")):
            h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def qr_code(text: str) -> dict:
    """The QR code (made by segno) of ``text`` as inline SVG markup (a view box, no size: the layout
    sizes it), its size in user units and what it encodes. Kept in the cache by ``text`` and the encoder."""
    drawn = cache.memo(QR_SVG, {"text": text, "encoder": _encoder_fingerprint()}, lambda: _draw_qr(text))
    return {"svg": Markup(drawn["svg"]), "text": text, "size": drawn["size"]}


def _draw_qr(text: str) -> dict:
    import segno  # lazy: the QR encoder costs 0.1 s; only a placard with a QR code, not in the cache, needs it

    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=3, border=2, omitsize=True)
    return {"svg": out.getvalue().decode("ascii"), "size": code.symbol_size(scale=3, border=2)[0]}


def _qr_from_json(kept) -> dict:
    """A drawing read back from the cache, used only in the one form segno draws (else a miss)."""
    if isinstance(kept, dict) and isinstance(kept.get("svg"), str) and type(kept.get("size")) is int:
        match = _QR_SVG.fullmatch(kept["svg"])
        if match and int(match.group(1)) == kept["size"]:
            return {"svg": kept["svg"], "size": kept["size"]}
    raise ValueError("not a QR code in the form the engine draws")


def _qr_to_json(drawn: dict) -> dict | None:
    return drawn if _QR_SVG.fullmatch(drawn["svg"]) else None   # only that form is kept


QR_SVG = cache.kind("qr-svg", _qr_to_json, _qr_from_json, "a QR code drawn as SVG, by its text and the encoder")
