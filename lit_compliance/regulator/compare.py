"""One topic across every jurisdiction, side by side, with citations.

Each topic is a small function that pulls the same fact out of one ruleset and returns it as
columns (usually one per ruleset; one per paytable for the paytable topics) of rows of cells. A
cell holds one or more entries, each a text and the citation for it. ``compare(topic, rulesets)``
lines the columns up so that a row means the same thing in every column; an empty cell means the
ruleset says nothing on it.

The list of topics is fixed: the named topics below, one ``<wager kind>-paytables`` topic per
wager kind and one topic per irregularity event (both lists come from the ruleset schema).
"""
from __future__ import annotations

from dataclasses import field
from typing import Callable, Iterable

from ..load.catalogue import Ruleset
from .diff_view import edge_text
from .prose import figure, flag_words, humanise, say
from ..model import PayoutLimit, as_printed, model_of
from ..model.paytable import Line
from ..model.ruleset import PayoutFloor
from ..model.vocabulary import hand_name, odds, plain, removed_text
from ..load.validation import schema
from ..records import record


@record
class Cell:
    entries: tuple = ()  # ((text, cite or None), ...)

    def as_dict(self) -> dict:
        return {"entries": [{"text": t, "cite": c} for t, c in self.entries]}


@record
class Row:
    key: tuple   # sort key; rows with equal keys are the same row in every column
    label: str
    cell: Cell


@record
class Column:
    ref: str
    label: str
    rows: tuple  # Row, ...


@record
class Topic:
    name: str
    title: str
    description: str
    pull: Callable[[Ruleset], list]  # -> [(column suffix or None, [Row, ...])]


@record(frozen=False)
class Comparison:
    topic: Topic
    columns: list
    rows: list = field(default_factory=list)  # (label, [Cell per column])

    def as_dict(self) -> dict:
        return {
            "topic": self.topic.name, "title": self.topic.title, "description": self.topic.description,
            "columns": [{"ref": c.ref, "label": c.label} for c in self.columns],
            "rows": [{"label": label, "cells": [cell.as_dict() for cell in cells]} for label, cells in self.rows],
        }


def _cell(*entries: tuple) -> Cell:
    return Cell(tuple((t, c) for t, c in entries if t is not None))


def _row(order: Iterable, label: str, *entries: tuple) -> Row:
    return Row(tuple(order), label, _cell(*entries))


def _one(rs: Ruleset, rows: list[Row]) -> list:
    return [(None, rows)]


# ----------------------------------------------------------------------------------------------
# Named topics


def _qualifying_hand(rs: Ruleset) -> list:
    printed = as_printed(rs)
    q = printed.base_game.qualifying_hand
    rows = [_row((0,), "Least hand that wins the base wagers", (hand_name(q.hand), q.cite))]
    base = printed.wager("base")
    if base.wins_on:
        rows.append(_row((1,), "Base wager wins on (as the wager states it)",
                         (hand_name(base.wins_on), base.wins_on_cite)))
    return _one(rs, rows)


def _payout_limit(rs: Ruleset) -> list:
    limits = as_printed(rs).payout_limits
    rows: list[Row] = []

    def entries(fn: Callable[[PayoutLimit], str | None]) -> list:
        return [(fn(lim), lim.cite) for lim in limits if fn(lim) is not None]

    for order, label, fn in [
        (0, "Applies to", lambda l: ", ".join(l.applies_to)),
        (1, "Excludes", lambda l: ", ".join(l.excludes) if l.excludes else None),
        (2, "Set by", lambda l: humanise(l.set_by)),
        (3, "Least limit allowed", lambda l: _floor(l.floor)),
        (4, "Disclosure", lambda l: l.disclosure),
    ]:
        found = entries(fn)
        if found:
            rows.append(_row((order,), label, *found))
    return _one(rs, rows)


def _floor(floor: PayoutFloor | None) -> str | None:
    if not floor:
        return None
    words = {"max_base_win_at_table_minimum": "the most one patron can win on those wagers in one round "
                                              "at the table minimum",
             "none_stated": "none stated"}
    text = words.get(floor.kind, humanise(floor.kind))
    if floor.or_amount_set_by:
        text += f", or an amount set by {floor.or_amount_set_by}"
    return text


def _bets(rs: Ruleset) -> list:
    bg = as_printed(rs).base_game
    rows = []
    for i, bet in enumerate(bg.bets):
        if bet.withdrawable:
            text = f"\"{bet.label.strip(chr(34))}\": may be taken back, decided {humanise(bet.decision_point)}"
        else:
            text = f"\"{bet.label.strip(chr(34))}\": stays in action"
        rows.append(_row((i,), f"Bet {bet.number}", (text, bet.cite)))
    rows.append(_row((9,), "Decisions independent", (flag_words(bg.independent_decisions),
                                                      bg.independent_decisions.cite)))
    rows.append(_row((10,), "Three equal bets", (flag_words(bg.equal_bets), bg.equal_bets.cite)))
    return _one(rs, rows)


def _cards(rs: Ruleset) -> list:
    c = as_printed(rs).cards
    d = c.decks
    rows = [_row((0,), "Decks", (f"{d.count} of {d.cards_per_deck} cards"
                                 + ("" if d.jokers is None else ", jokers" if d.jokers else ", no jokers"), d.cite)),
            _row((1,), "Cover card", (flag_words(c.cover_card), c.cover_card.cite))]
    sd = c.second_deck
    text = "permitted" if sd.permitted else "not permitted"
    if sd.requires:
        text += f" (requires an {humanise(sd.requires)})"
    rows.append(_row((2,), "Second deck", (text, sd.cite)))
    cut = c.cut
    if cut is None:
        rows.append(_row((3,), "Cut", ("no cut procedure", None)))
    else:
        least = f"at least {cut.min_cards} cards" if cut.min_cards else "no least number stated"
        rows.append(_row((3,), "Cut", (f"{least}; when: {' '.join(cut.required_when.split())}", cut.cite)))
    rows.append(_row((4,), "Card change", *[
        (f"dealt from {humanise(ch.dealt_from)}: "
         + (f"at least every {say(ch.max_hours)} hours" if ch.max_hours else "no interval stated"), ch.cite)
        for ch in c.card_change]))
    return _one(rs, rows)


def _positions(rs: Ruleset) -> list:
    t = as_printed(rs).table
    mp = t.multiple_positions
    text = humanise(mp.allowed)
    if mp.max_positions:
        text += f", at most {mp.max_positions}"
    if mp.adjacent_only:
        text += ", adjacent only"
    return _one(rs, [_row((0,), "Player positions at the table", (say(t.max_positions.value), t.max_positions.cite)),
                     _row((1,), "One player on several positions", (text, mp.cite))])


def _side_wagers(rs: Ruleset) -> list:
    kinds = list(schema()["$defs"]["wager"]["properties"]["kind"]["enum"])
    rows = []
    for w in as_printed(rs).wagers:
        if w.is_base:
            continue
        n = len(w.paytables)
        text = (f"{w.name}: {w.offered}; paytable rule {humanise(w.selection.value)}; "
                f"{n} paytable{'s' if n != 1 else ''}")
        if w.stake_cite:
            text += f"; stake {say(plain(w.stake))}"
        rows.append(_row((kinds.index(w.kind.value), w.id), humanise(w.kind.value).capitalize(), (text, w.cite)))
    return _one(rs, rows)


def _dealing(rs: Ruleset) -> list:
    rows = []
    for m in as_printed(rs).dealing_methods:
        steps = ", ".join(f"{s.cards} to {humanise(s.to)}" for s in m.steps)
        rows.append(_row((m.id,), humanise(m.id).capitalize(), (f"{m.name}: {steps}", m.cite)))
    return _one(rs, rows)


def _odds_wording(rs: Ruleset) -> list:
    rows = []
    for s in as_printed(rs).signage:
        if s.rule != "odds_wording":
            continue
        parts = []
        if s.allowed_words:
            parts.append("use " + ", ".join(f'"{w}"' for w in s.allowed_words))
        if s.forbidden_words:
            parts.append("never " + ", ".join(f'"{w}"' for w in s.forbidden_words))
        if s.where:
            parts.append(f"where: {' '.join(s.where.split())}")
        rows.append(_row((0,), "Odds wording", ("; ".join(parts) or s.text, s.cite)))
    return _one(rs, rows)


def _rule_rows(rs: Ruleset, section: str, with_where: bool) -> list:
    """One row per entry of a list of rules (``signage``, ``table_limits``), in schema order."""
    rules = list(schema()["properties"][section]["items"]["properties"]["rule"]["enum"])
    rows = []
    printed = as_printed(rs)
    for entry in printed.signage if section == "signage" else printed.table_limits:
        text = " ".join((entry.text or "").split()) or "(rule stated)"
        where = getattr(entry, "where", None)
        if with_where and where:
            text += f" (where: {' '.join(where.split())})"
        rows.append(_row((rules.index(entry.rule),), humanise(entry.rule).capitalize(), (text, entry.cite)))
    return _merge_rows(rs, rows)


def _signage(rs: Ruleset) -> list:
    return _rule_rows(rs, "signage", with_where=True)


def _table_limits(rs: Ruleset) -> list:
    return _rule_rows(rs, "table_limits", with_where=False)


def _rankings(rs: Ruleset) -> list:
    hr = as_printed(rs).hand_rankings
    rows = []
    for order, ranking, label in [(0, hr.five_card, "Five-card hands"), (3, hr.three_card, "Three-card hands"),
                                  (4, hr.six_card, "Six-card hands")]:
        if ranking is None:
            continue
        rows.append(_row((order,), label, (" > ".join(hand_name(c.hand) for c in ranking.categories), ranking.cite)))
        if ranking is hr.five_card:
            rows.append(_row((1,), "Ace-low straight (A-2-3-4-5)",
                             (flag_words(ranking.ace_low_straight), ranking.ace_low_straight.cite)))
            if ranking.wraparound_straight:
                rows.append(_row((2,), "Wraparound straight (e.g. Q-K-A-2-3)",
                                 (flag_words(ranking.wraparound_straight), ranking.wraparound_straight.cite)))
    rows.append(_row((5,), "Suits rank equally", (flag_words(hr.suits_equal), hr.suits_equal.cite)))
    return _one(rs, rows)


def _round(rs: Ruleset) -> list:
    steps = []
    for s in as_printed(rs).round_steps:
        text = humanise(s.step)
        if s.wager:
            text += f" ({s.wager})"
        if s.order:
            text += f", {humanise(s.order)}"
        steps.append((text, s.cite))
    return _one(rs, [_row((0,), "Steps in order", *steps)])


def _version(rs: Ruleset) -> list:
    h = as_printed(rs).header
    v = h.version
    return _one(rs, [_row((0,), "Version", (v.id, v.cite)),
                     _row((1,), "Effective", (v.effective_date_text, v.cite)),
                     _row((2,), "Source", (h.source.citation, None)),
                     _row((3,), "Regulator", (h.jurisdiction.regulator, h.jurisdiction.cite))])


def _findings(rs: Ruleset) -> list:
    kinds = list(schema()["properties"]["findings"]["items"]["properties"]["kind"]["enum"])
    counts: dict[str, int] = {}
    findings = as_printed(rs).findings
    for f in findings:
        counts[f.kind.value] = counts.get(f.kind.value, 0) + 1
    rows = [_row((kinds.index(k),), humanise(k).capitalize(), (str(n), None)) for k, n in counts.items()]
    rows.append(_row((99,), "All findings", (str(len(findings)), None)))
    return _one(rs, rows)


def _merge_rows(rs: Ruleset, rows: list[Row]) -> list:
    """Rows with the same key in one column become one cell with several entries."""
    merged: dict[tuple, Row] = {}
    for r in rows:
        if r.key in merged:
            merged[r.key] = Row(r.key, r.label, Cell(merged[r.key].cell.entries + r.cell.entries))
        else:
            merged[r.key] = r
    return _one(rs, list(merged.values()))


# ----------------------------------------------------------------------------------------------
# Generated topics: paytables of each wager kind, each irregularity event


def _paytables_of(kind: str) -> Callable[[Ruleset], list]:
    hands = list(schema()["$defs"]["hand"]["enum"])

    def pull(rs: Ruleset) -> list:
        wagers = [w for w in as_printed(rs).wagers if w.kind.value == kind]
        if not wagers:
            return [(None, [_row((0,), "Offered", ("not offered", None))])]
        columns = []
        for w in wagers:
            tables = w.paytables or (None,)
            for t in tables:
                rows = [_row((0,), "Offered", (w.offered, w.cite)),
                        _row((1,), "Paytable rule", (humanise(w.selection.value), w.selection_cite))]
                if t is None:
                    rows.append(_row((2,), "Paytable", ("none printed in the source", w.cite)))
                    suffix = w.name if len(wagers) > 1 else None
                else:
                    for lines, (order, prefix) in ((t.lines, (3, "")), (t.envy_lines, (4, "Envy bonus, "))):
                        for line in lines:
                            rows.append(_row((order, hands.index(line.hand), tuple(sorted(line.suits)),
                                              plain(line.stake) or 0),
                                             prefix + _line_label(line), (odds(line.payout), line.cite)))
                    rows.append(_row((8,), "House edge", (_edge(rs, w.id, t.id), None)))
                    suffix = t.name if len(wagers) == 1 else f"{w.name}, {t.name}"
                columns.append((suffix, rows))
        return columns

    return pull


def _line_label(line: Line) -> str:
    """A paytable line's label: the hand (with suits) and its stake where it has one."""
    label = hand_name(line.hand, line.suits)
    if line.stake is not None:
        label += f" (stake {figure(plain(line.stake))})"
    return label


def _edge(rs: Ruleset, wager_id: str, paytable_id: str) -> str:
    from ..gamemath import paytable_result  # lazy: the math loads only when house edges are asked for

    gone = model_of(rs).removed_by(wager_id, paytable_id)
    if gone is not None:  # the source prints it, the reading in force removes it
        return "none: " + removed_text(gone)
    result = paytable_result(rs, wager_id, paytable_id)
    edge = None if result.house_edge is None else float(result.house_edge)
    return edge_text(edge, result.status.value) or "not computable"


def _irregularity(event: str) -> Callable[[Ruleset], list]:
    def pull(rs: Ruleset) -> list:
        entries = []
        for i in as_printed(rs).irregularities:
            if i.event != event:
                continue
            text = f"{humanise(i.kind)}: {' '.join(i.text.split())}"
            if i.condition:
                text = f"When {' '.join(i.condition.split())[:1].lower()}{' '.join(i.condition.split())[1:]} " \
                       f"Then {text}"
            entries.append((text, i.cite))
        return _one(rs, [_row((0,), "What happens", *entries)] if entries else [])

    return pull


def topics() -> dict[str, Topic]:
    """Every topic, by name, in a fixed order."""
    out = [
        Topic("qualifying-hand", "Qualifying hand", "The least hand that wins the base wagers.", _qualifying_hand),
        Topic("payout-limit", "Payout limit", "The rule on the most a patron can be paid in one round.",
              _payout_limit),
        Topic("bets", "The three base bets", "Which bets a player may take back, and when.", _bets),
        Topic("cards", "Cards, cut and card changes", "Decks, cover card, second deck, cut, card change.", _cards),
        Topic("positions", "Player positions", "Positions at the table and one player on several.", _positions),
        Topic("hand-rankings", "Hand rankings", "Ranking of hands and straights.", _rankings),
        Topic("side-wagers", "Side wagers offered", "The optional wagers besides the base game.", _side_wagers),
        Topic("dealing-methods", "Dealing methods", "How the cards may be dealt.", _dealing),
        Topic("round-sequence", "Round sequence", "The order of a round, step by step.", _round),
        Topic("odds-wording", "Odds wording", "How payout odds must be worded in print.", _odds_wording),
        Topic("signage", "Signage", "What must be displayed at the table or on the layout.", _signage),
        Topic("table-limits", "Table limits", "Rules on minimum and maximum wagers.", _table_limits),
        Topic("versions", "Versions", "The version of each ruleset compared, with its source.", _version),
        Topic("findings", "Findings", "How many problems each source text has, by kind.", _findings),
    ]
    for kind in schema()["$defs"]["wager"]["properties"]["kind"]["enum"]:
        name = kind.replace("_", "-")
        out.append(Topic(f"{name}-paytables", f"{humanise(kind).capitalize()} paytables",
                         f"The {humanise(kind)} paytables, line by line, with their house edges.",
                         _paytables_of(kind)))
    for event in schema()["$defs"]["event"]["enum"]:
        out.append(Topic(event.replace("_", "-"), f"Irregularity: {humanise(event)}",
                         f"What happens when: {humanise(event)}.", _irregularity(event)))
    return {t.name: t for t in out}


def compare(topic: Topic, rulesets: list[Ruleset]) -> Comparison:
    """Line up ``topic`` across ``rulesets`` (in the order given)."""
    columns: list[Column] = []
    for rs in rulesets:
        for suffix, rows in topic.pull(rs):
            label = rs.jurisdiction if suffix is None else f"{rs.jurisdiction}: {suffix}"
            columns.append(Column(rs.ref, label, tuple(rows)))
    keys: dict[tuple, str] = {}
    for col in columns:
        for row in col.rows:
            keys.setdefault(row.key, row.label)
    rows = []
    for key in sorted(keys, key=_sortable):
        cells = []
        for col in columns:
            found = [r.cell for r in col.rows if r.key == key]
            cells.append(Cell(tuple(e for c in found for e in c.entries)))
        rows.append((keys[key], cells))
    return Comparison(topic, columns, rows)


def _sortable(key: tuple) -> tuple:
    return tuple((0, k) if isinstance(k, (int, float)) else (1, str(k)) for k in key)


def compare_view(comparison: Comparison) -> dict:
    """What the compare templates need."""
    cols = [{"label": c.label, "ref": c.ref} for c in comparison.columns]
    width = max((len(c["label"]) for c in cols), default=0) + 1
    rows = []
    for label, cells in comparison.rows:
        rows.append({"label": label, "cells": [
            {"column": col["label"], "tag": f"{col['label']}:".ljust(width),
             "entries": [{"text": t, "cite": c} for t, c in cell.entries]}
            for col, cell in zip(cols, cells)]})
    return {"name": comparison.topic.name, "title": comparison.topic.title,
            "description": comparison.topic.description, "columns": cols, "rows": rows}
