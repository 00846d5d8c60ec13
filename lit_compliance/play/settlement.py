"""Settlement: every wager of a round settled by the ruleset's data, with the rule that decided it.

Nothing here knows a jurisdiction. The ruleset says which cards a wager is settled on
(``hand_basis``), which paytable lines exist and in what order, what a payout kind means, which
wagers a payout limit covers, how envy bonuses work, and how irregularities bear on the round.

What a payout pays for a stake (and a meter) and which line a hand satisfies are the model's
(:mod:`lit_compliance.model`): this module applies them to the round. A meter payout is paid from
the meter at the player's turn; the meter goes down by the amount paid and, if it falls below the
reset amount, is reset to it. A line whose figure is missing cannot be settled: the wager is
"unsettleable" and names the ruleset's finding. A wager with no paytable at all loses below its
least winning hand and is otherwise unsettleable. Where the ruleset leaves a rule open, the model
applies a reading; the settlement lists the readings it relied on. Money is exact (``Fraction``)
and printed to the cent.

What a row (or the round) notes is a typed record of :mod:`.notes` (a kind, and the seat, hand,
amounts, findings, limit and citation it is about), as is the step that fixes the payment order;
:func:`settlement_view` says them with :mod:`lit_compliance.model.round_vocabulary`.
"""
from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import Any

from ..model.enums import HandCategory
from ..model import Envy, Line, Paytable, VoidWagers, Wager, first_line
from ..model.round_vocabulary import NOT_ADDRESSED, SETTLED_AS_DEALT, note_text, payment_order_text
from ..model.vocabulary import cents as money
from ..model.vocabulary import currency_symbol, hand_name, odds, plain
from ..poker.cards import names
from ..poker.hands import CODE_3, CODE_5, Hand, evaluate3, evaluate5, evaluate6
from .notes import (BelowLeast, Capped, EnvyFor, EnvyKind, EnvyOnce, EnvyScaled, EnvyStakesOnly, HandEffect,
                    MeterShare, MissingFigure, NoLine, NoPaytable, NotLimited, NotOffered, PaymentOrder, RoundNote,
                    TableHighest, VoidUnstated, WagerNote, Withdrawn)
from .round_file import Round
from ..records import record

DIRECTIONAL = {"clockwise_from_dealer_left": False, "counterclockwise_from_dealer_right": True}
HAND_CODES = {"player_three": CODE_3, "player_and_community": CODE_5, "table_highest": CODE_5,
              "player_and_bonus_community": CODE_5 | {HandCategory.SUPER_ROYAL: len(CODE_5)}}


@record(frozen=False)
class SettledWager:
    """One settled wager (or one envy payment) of one player."""

    wager: str
    wager_name: str
    bet: str | None                 # bet1/bet2/bet3 for the base game, "envy" for envy bonuses
    stake: Fraction
    outcome: str = "lose"           # win, lose, withdrawn, returned, unsettleable
    paytable: str | None = None
    paytable_name: str | None = None
    hand_basis: str | None = None
    hand: Hand | None = None
    line: Line | None = None
    returned: Fraction | None = Fraction(0)
    meter_paid: Fraction = Fraction(0)
    cite: str = ""
    notes: list[WagerNote] = field(default_factory=list)   # typed records; the views say them
    findings: list[str] = field(default_factory=list)
    trigger_seat: int | None = None
    capped_by: Fraction = Fraction(0)   # what a payout limit took off the win (0: not capped)

    @property
    def net(self) -> Fraction | None:
        """The player's result on this wager: returned minus stake (None where unsettleable)."""
        return None if self.returned is None else self.returned - self.stake


@record(frozen=False)
class SettledPlayer:
    seat: int
    name: str | None
    cards: tuple[int, ...]
    hands: dict[str, Hand]
    rows: list[SettledWager]
    status: str = "played"          # played, hand_void, hand_dead, round_void


@record(frozen=False)
class Settlement:
    round: Round
    players: list[SettledPlayer]
    meter_before: Fraction | None
    meter_after: Fraction | None
    meter_payments: list[dict]
    payment_order: list[int]
    payment_order_basis: PaymentOrder
    table_highest: tuple[int, Hand] | None
    notes: list[RoundNote]            # what reading the round file assumed, and notes from settling it

    @property
    def unsettleable(self) -> bool:
        """Whether any wager could not be settled (a figure missing from the source)."""
        return any(r.outcome == "unsettleable" for p in self.players for r in p.rows)


class _Meter:
    """The progressive meter as the round runs; ``symbol`` is the currency its notes print amounts in."""

    def __init__(self, amount: Fraction | None, reset: Fraction | None, symbol: str = "$"):
        self.amount, self.reset, self.symbol = amount, reset, symbol
        self.payments: list[dict] = []

    def pay(self, seat: int, amount: Fraction, cite: str) -> None:
        if self.amount is None:
            return
        before = self.amount
        self.amount -= amount
        reset = self.reset is not None and self.amount < self.reset
        if reset:
            self.amount = self.reset
        self.payments.append({"seat": seat, "paid": amount, "before": before, "after": self.amount,
                              "reset": reset, "cite": cite})


def settle(rnd: Round) -> Settlement:
    """Settle every wager of every seat of a round: outcome, amount returned, the paytable line and citation that decided it."""
    model = rnd.model
    rules = model.hand_rules
    wagers = {w.id: w for w in model.wagers}
    notes = list(rnd.notes)
    void_seats = rnd.seats_with("hand_void")
    dead_seats = rnd.seats_with("hand_dead")

    live = [p for p in rnd.players if not rnd.void and p.seat not in void_seats | dead_seats]
    hands: dict[int, dict[str, Hand]] = {p.seat: {} for p in rnd.players}

    def hand_for(p, basis: str) -> Hand:
        got = hands[p.seat].get(basis)
        if got is None:
            if basis == "player_three":
                got = evaluate3(p.cards, rules)
            elif basis == "player_and_bonus_community":
                got = evaluate6(p.cards + rnd.six_card_bonus_cards, rules)
            else:
                got = evaluate5(p.cards + rnd.community, rules)
            hands[p.seat][basis] = got
        return got

    highest = None
    if live:
        best = max(live, key=lambda p: (hand_for(p, "player_and_community").key, -p.seat))
        highest = (best.seat, hand_for(best, "player_and_community"))

    order, order_basis = _payment_order(model, rnd)
    meter = _Meter(rnd.meter, rnd.meter_reset, currency_symbol(model.currency))
    settled: dict[int, SettledPlayer] = {}
    for seat in order:
        p = next(x for x in rnd.players if x.seat == seat)
        status = ("round_void" if rnd.void else "hand_void" if seat in void_seats
                  else "hand_dead" if seat in dead_seats else "played")
        if status == "hand_dead":
            rows = _lost_rows(p, wagers, rnd)
        elif status != "played":
            rows = _returned_rows(p, wagers, rnd, status)
            for r in rows:
                if r.outcome == "unsettleable":
                    notes.append(VoidUnstated(seat))
        else:
            rows = []
            ctx = _Context(rnd, wagers, live, hand_for, highest, meter, model)
            rows += _base_rows(p, model, wagers["base"], rnd.paytables.get("base"), ctx)
            for wid, stake in p.side_wagers.items():
                rows += _side_rows(p, wagers[wid], rnd.paytables.get(wid), stake, ctx)
            _apply_limits(rows, model, rnd)
            for r in rows:
                if r.meter_paid:
                    meter.pay(seat, r.meter_paid, r.line.cite if r.line else r.cite)
        if p.decision_note and status == "played":
            rows[0].notes.append(p.decision_note)
        settled[seat] = SettledPlayer(seat, p.name, p.cards, hands[seat], rows, status)

    return Settlement(rnd, [settled[p.seat] for p in rnd.players], rnd.meter, meter.amount, meter.payments,
                      order, order_basis, highest, notes)


@record(frozen=False)
class _Context:
    rnd: Round
    wagers: dict
    live: list
    hand_for: Any
    highest: tuple | None
    meter: _Meter
    model: Any = None        # the RulesetModel the round is settled under


def _payment_order(model, rnd: Round) -> tuple[list[int], PaymentOrder]:
    """Seats in the order winners are paid, from the ruleset's round sequence."""
    seats = sorted(p.seat for p in rnd.players)
    meter_wagers = {w.id for w in model.wagers if w.meter is not None}
    steps = model.round_steps
    candidates = [s for s in steps if s.wager in meter_wagers and s.order in DIRECTIONAL]
    candidates += [s for s in steps if s.step in ("pay_winning_wagers", "settle_base_wagers", "settle_side_wager")
                   and s.order in DIRECTIONAL]
    if not candidates:
        return seats, PaymentOrder()
    step = candidates[0]
    reverse = DIRECTIONAL[step.order]
    return sorted(seats, reverse=reverse), PaymentOrder(step.step, step.order, step.cite)


def _returned_rows(p, wagers: dict, rnd: Round, status: str) -> list[SettledWager]:
    """The rows of a void hand (or round): each wager returned, or unsettleable where the rules do
    not say what a void hand does to the wagers (the reading in force decides which)."""
    rows = []
    cause = [i for i in rnd.irregularities if i.effect == ("round_void" if status == "round_void" else "hand_void")
             and (status == "round_void" or i.seat == p.seat)]
    cite = "; ".join(dict.fromkeys(i.view["cite"] for i in cause))
    silent = any(i.view["wagers"] == VoidWagers.NOT_STATED.value for i in cause)
    why = HandEffect(cause[0].effect, silent, tuple(i.view["id"] for i in cause))
    findings = [f for i in cause for f in i.view["finding"]]
    stakes = [("base", bid, stake) for bid, stake in p.bets.items()] + \
             [(wid, None, stake) for wid, stake in p.side_wagers.items()]
    for wid, bid, stake in stakes:
        row = SettledWager(wid, wagers[wid].name, bid, stake, "returned", returned=stake, cite=cite, notes=[why],
                           findings=list(findings))
        if silent:
            row.outcome, row.returned = "unsettleable", None
        rows.append(row)
    return rows


def _lost_rows(p, wagers: dict, rnd: Round) -> list[SettledWager]:
    """The rows of a dead hand: every wager on it loses."""
    cause = [i for i in rnd.irregularities if i.effect == "hand_dead" and i.seat == p.seat]
    cite = "; ".join(dict.fromkeys(i.view["cite"] for i in cause))
    why = HandEffect("hand_dead", False, tuple(i.view["id"] for i in cause))
    findings = [f for i in cause for f in i.view["finding"]]
    stakes = [("base", bid, stake) for bid, stake in p.bets.items()] + \
             [(wid, None, stake) for wid, stake in p.side_wagers.items()]
    return [SettledWager(wid, wagers[wid].name, bid, stake, "lose", returned=Fraction(0), cite=cite, notes=[why],
                         findings=list(findings)) for wid, bid, stake in stakes]


def _pay(row: SettledWager, line: Line, meter: _Meter) -> None:
    """Settle ``row`` on the paytable line its hand satisfied."""
    payout = line.payout
    row.line = line
    row.cite = line.cite
    row.findings.extend(payout.findings)
    if not payout.offered:
        row.outcome, row.returned = "lose", Fraction(0)
        row.notes.append(NotOffered())
        return
    if payout.missing:
        row.outcome, row.returned = "unsettleable", None
        row.notes.append(MissingFigure(tuple(payout.findings)))
        return
    row.returned = payout.returns(row.stake, meter.amount)
    if payout.is_meter:
        row.meter_paid = row.returned
        row.notes.append(MeterShare(payout.value, meter.amount, meter.symbol))
    row.outcome = "win"


def _settle_on_table(row: SettledWager, wager: Wager, table: Paytable | None, hand: Hand, meter: _Meter,
                     least: tuple[str, str] | None) -> None:
    row.hand = hand
    if table is None:
        # The ruleset has no paytable for this wager: a hand below the least winning hand loses; any
        # other hand cannot be settled from the ruleset.
        row.findings.extend(wager.findings)
        below = _below(hand, least[0], row.hand_basis) if least else None
        if below:
            row.outcome, row.returned, row.cite = "lose", Fraction(0), least[1]
            row.notes.append(BelowLeast(HandCategory(least[0])))
        else:
            row.outcome, row.returned, row.cite = "unsettleable", None, wager.cite
            row.notes.append(NoPaytable(tuple(wager.findings)))
        return
    line = table.line_for(hand)
    if line is None:
        row.outcome, row.returned, row.cite = "lose", Fraction(0), table.cite
        row.notes.append(NoLine())
        return
    _pay(row, line, meter)


def _below(hand: Hand, least: str, basis: str) -> bool | None:
    """Whether ``hand`` ranks below ``least`` on its basis (None when the ranking cannot tell)."""
    if hand.satisfies(least):
        return False
    codes = HAND_CODES[basis]
    if least not in codes or hand.category not in codes:
        return None
    return codes[hand.category] < codes[least]


def _least(wager: Wager, model) -> tuple[str, str] | None:
    """The least winning hand the text states for a wager (hand, cite), where it states one."""
    if wager.wins_on:
        return wager.wins_on, wager.wins_on_cite
    if wager.is_base:
        q = model.base_game.qualifying_hand
        return q.hand, q.cite
    return None


def _base_rows(p, model, wager: Wager, table_id: str | None, ctx: _Context) -> list[SettledWager]:
    table = wager.paytable(table_id)
    basis = wager.basis_for(table)
    hand = ctx.hand_for(p, basis)
    least = _least(wager, model)
    bets = {b.id: b for b in model.base_game.bets}
    rows = []
    for bid, stake in p.bets.items():
        row = SettledWager("base", wager.name, bid, stake, paytable=table_id,
                           paytable_name=table.name if table else None, hand_basis=basis.value)
        if p.decisions[bid] == "pull":
            row.outcome, row.returned, row.hand, row.cite = "withdrawn", stake, hand, bets[bid].cite
            row.notes.append(Withdrawn(bid, bets[bid].label))
        else:
            _settle_on_table(row, wager, table, hand, ctx.meter, least)
        rows.append(row)
    return rows


def _side_rows(p, wager: Wager, table_id: str | None, stake: Fraction, ctx: _Context) -> list[SettledWager]:
    table = wager.paytable(table_id)
    basis = wager.basis_for(table)
    row = SettledWager(wager.id, wager.name, None, stake, paytable=table_id,
                       paytable_name=table.name if table else None, hand_basis=basis.value)
    if basis == "table_highest":
        seat, hand = ctx.highest
        row.notes.append(TableHighest(seat, hand.category, len(ctx.rnd.players), table.id if table else None,
                                      table.name if table else None))
    else:
        hand = ctx.hand_for(p, basis)
    _settle_on_table(row, wager, table, hand, ctx.meter, _least(wager, ctx.model))
    rows = [row]
    envy = wager.envy
    if envy and table and table.envy_lines:
        rows += _envy_rows(p, wager, envy, table, stake, ctx)
    return rows


def _envy_rows(p, wager: Wager, envy: Envy, table: Paytable, stake: Fraction, ctx: _Context) -> list[SettledWager]:
    basis = table.hand_basis
    rows = []
    for other in ctx.live:
        if other.seat == p.seat and not envy.own_hand_pays:
            continue
        hand = ctx.hand_for(other, basis)
        first = first_line(table.envy_lines, hand)
        if first is None:
            continue
        same = [ln for ln in table.envy_lines if ln.key == first.key]
        row = SettledWager(wager.id, wager.name, "envy", Fraction(0), paytable=table.id,
                           paytable_name=table.name, hand_basis=basis.value, hand=hand, trigger_seat=other.seat,
                           cite=envy.cite)
        row.notes.append(EnvyFor(other.seat, hand.category))
        _envy_amount(row, same, stake, envy, ctx.meter)
        rows.append(row)
    if rows and not envy.per_qualifying_hand:
        paid = [r for r in rows if r.returned is not None]
        keep = max(paid, key=lambda r: (r.returned, -r.trigger_seat)) if paid else rows[0]
        keep.notes.append(EnvyOnce(envy.cite))
        rows = [keep]
    return rows


def _envy_amount(row: SettledWager, lines: list[Line], stake: Fraction, envy: Envy, meter: _Meter) -> None:
    exact_stake = [ln for ln in lines if ln.stake is not None and ln.stake == stake]
    plain = [ln for ln in lines if ln.stake is None]
    scale = Fraction(1)
    if exact_stake:
        line = exact_stake[0]
    elif plain:
        line = plain[0]
    elif envy.scales_with_stake:
        staked = sorted(lines, key=lambda ln: ln.stake)
        below = [ln for ln in staked if ln.stake <= stake]
        line = below[-1] if below else staked[0]
        scale = stake / line.stake
        row.notes.append(EnvyScaled(line.stake, scale, meter.symbol))
    else:
        row.line, row.cite = lines[0], lines[0].cite
        row.outcome, row.returned = "unsettleable", None
        row.notes.append(EnvyStakesOnly(tuple(ln.stake for ln in lines), meter.symbol))
        return
    payout = line.payout
    if payout.is_odds and payout.value is not None:
        row.line, row.cite = line, line.cite
        row.outcome, row.returned = "unsettleable", None
        row.notes.append(EnvyKind(payout.kind))
        return
    _pay(row, line, meter)
    if row.outcome == "win" and scale != 1:
        row.returned *= scale
        row.meter_paid *= scale


def _apply_limits(rows: list[SettledWager], model, rnd: Round) -> None:
    symbol = currency_symbol(model.currency)
    for limit in model.payout_limits:
        cap = rnd.payout_limits.get(limit.id)
        if cap is None:
            continue
        winners = [r for r in rows if limit.covers(r.wager) and r.outcome == "win" and r.net and r.net > 0]
        total = sum((r.net for r in winners), Fraction(0))
        if total <= cap:
            continue
        allowance = cap
        for r in winners:
            allowed = min(r.net, allowance)
            cut = r.net - allowed
            allowance -= allowed
            if cut:
                uncapped = r.net
                r.returned -= cut
                r.capped_by += cut
                r.meter_paid = max(Fraction(0), r.meter_paid - cut)
                r.notes.append(Capped(uncapped, r.net, symbol, limit.id, tuple(limit.applies_to), cap, limit.cite))
        for r in rows:
            if r.wager in limit.excludes and r.outcome == "win":
                r.notes.append(NotLimited(limit.id, limit.cite))


# --- views ------------------------------------------------------------------------------------


def _hand_view(hand: Hand | None, full: bool = True) -> dict | None:
    if hand is None:
        return None
    out = {"category": hand.category.value, "name": hand_name(hand.category), "cards": names(hand.cards)}
    if full:
        out |= {"suit": hand.suit, "tags": sorted(hand.tags)}
    return out


def _line_view(line: Line | None) -> dict | None:
    if line is None:
        return None
    return {"hand": line.hand, "suits": list(line.suits) or None, "name": hand_name(line.hand, line.suits),
            "payout": _payout_view(line.payout), "odds": odds(line.payout), "stake": plain(line.stake),
            "quote": line.quote, "cite": line.cite}


def _payout_view(payout) -> dict:
    return {"kind": payout.kind.value, "value": plain(payout.value), "finding": list(payout.findings)}


def _readings_for(model, *prefix: str) -> list[dict]:
    return [{"finding": r.finding, "reading": r.id, "meaning": r.meaning, "default": r.default}
            for r in model.readings_touching(*prefix)]


def _row_view(r: SettledWager, model) -> dict:
    where = ("wagers", r.wager) + (("paytables", r.paytable) if r.paytable else ())
    readings = _readings_for(model, *where)
    if r.bet == "envy":  # an envy row also relies on the wager's envy rules
        seen = {(g["finding"], g["reading"]) for g in readings}
        readings += [g for g in _readings_for(model, "wagers", r.wager, "envy")
                     if (g["finding"], g["reading"]) not in seen]
    return {
        "wager": r.wager, "wager_name": r.wager_name, "bet": r.bet, "trigger_seat": r.trigger_seat,
        "paytable": r.paytable, "paytable_name": r.paytable_name, "hand_basis": r.hand_basis,
        "hand": _hand_view(r.hand, full=False), "stake": money(r.stake), "outcome": r.outcome,
        "line": _line_view(r.line), "returned": money(r.returned), "net": money(r.net),
        "capped": None if not r.capped_by else {"uncapped_net": money(r.net + r.capped_by),
                                                 "cut": money(r.capped_by)},
        "cite": r.cite, "notes": [note_text(n) for n in r.notes], "findings": list(dict.fromkeys(r.findings)),
        "readings": readings,
    }


def settlement_view(s: Settlement) -> dict:
    """The whole settlement as plain data (JSON output and the text template)."""
    rnd = s.round
    rs = rnd.ruleset
    players = []
    totals = {"staked": Fraction(0), "returned": Fraction(0), "unsettled": Fraction(0)}
    for p in s.players:
        staked = sum((r.stake for r in p.rows), Fraction(0))
        unsettled = sum((r.stake for r in p.rows if r.returned is None), Fraction(0))
        returned = sum((r.returned for r in p.rows if r.returned is not None), Fraction(0))
        totals["staked"] += staked
        totals["unsettled"] += unsettled
        totals["returned"] += returned
        players.append({
            "seat": p.seat, "name": p.name, "cards": names(p.cards), "status": p.status,
            "hands": {basis: _hand_view(h) for basis, h in sorted(p.hands.items())},
            "wagers": [_row_view(r, rnd.model) for r in p.rows],
            "staked": money(staked), "returned": money(returned),
            "net": money(returned - (staked - unsettled)),
            "unsettleable": sum(1 for r in p.rows if r.outcome == "unsettleable"),
            "unsettled_stake": money(unsettled),
        })
    irregularities = []
    for i in rnd.irregularities:
        v = i.view
        irregularities.append({
            "given": i.given, "event": i.event, "seat": i.seat, "note": i.note,
            "id": v["id"] if v else None, "kind": v["kind"] if v else None,
            "text": v["text"] if v else NOT_ADDRESSED,
            "cite": v["cite"] if v else None, "finding": v["finding"] if v else [],
            "effect": v["effect_text"] if v else SETTLED_AS_DEALT,
        })
    readings: dict = {}
    for p in players:
        for r in p["wagers"]:
            for g in r["readings"]:
                readings.setdefault((g["finding"], g["reading"]), g)
    for i in rnd.irregularities:
        if i.view:
            for case in i.view.get("cases") or [i.view]:
                for g in _readings_for(rnd.model, "irregularities", case["id"]):
                    readings.setdefault((g["finding"], g["reading"]), g)
    for r in rnd.model.nondefault:   # a reading the round file chose is always named, whatever it touches
        readings.setdefault((r.finding, r.id), {"finding": r.finding, "reading": r.id, "meaning": r.meaning,
                                                "default": r.default})
    highest = None
    if s.table_highest:
        seat, hand = s.table_highest
        highest = {"seat": seat, "hand": _hand_view(hand)}
    return {
        "ruleset": rs.ref, "jurisdiction": rs.name, "file": rnd.file,
        "currency": rnd.model.currency, "currency_symbol": currency_symbol(rnd.model.currency),
        "dealing_method": rnd.plan.method_id, "players": len(rnd.players),
        "void": rnd.void,
        "community": names(rnd.community),
        "six_card_bonus_cards": names(rnd.six_card_bonus_cards) or None,
        "paytables": {w: t for w, t in rnd.paytables.items()},
        "payout_limits": {k: money(v) for k, v in rnd.payout_limits.items()},
        "irregularities": irregularities,
        "table_highest": highest,
        "payment_order": s.payment_order, "payment_order_basis": payment_order_text(s.payment_order_basis),
        "meter": None if s.meter_before is None else {
            "before": money(s.meter_before), "after": money(s.meter_after),
            "reset": money(rnd.meter_reset),
            "payments": [{"seat": m["seat"], "paid": money(m["paid"]), "before": money(m["before"]),
                          "after": money(m["after"]), "reset": m["reset"], "cite": m["cite"]}
                         for m in s.meter_payments]},
        "results": players,
        "totals": {"staked": money(totals["staked"]), "returned": money(totals["returned"]),
                   "players_net": money(totals["returned"] - (totals["staked"] - totals["unsettled"])),
                   "unsettleable": sum(p["unsettleable"] for p in players),
                   "unsettled_stake": money(totals["unsettled"])},
        "readings": list(readings.values()),
        "notes": [note_text(n) for n in s.notes],
    }
