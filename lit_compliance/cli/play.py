"""Engine commands: ``evaluate``, ``settle``, ``deal-plan`` and ``irregularity``.

Exit status: 0 success; 1 a negative answer (a wager that cannot be settled from the ruleset, an
irregularity the ruleset does not address); 2 trouble (bad input, unknown jurisdiction, usage).
"""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import click

from ..poker.cards import CardError, names, parse_cards
from .common import EXIT_NO, EXIT_OK, Trouble, catalogue, emit, handled, main, pick
from .formats import Formats
from ..play.dealing import DealingError, build_plan, default_players, max_players, method, methods
from ..poker.hands import STANDARD, evaluate
from ..play.irregularities import UnknownEvent, addressed_matrix, consequence, normalise_event
from ..output.render import render, to_json
from ..load.catalogue import Ruleset
from ..model import Payout, as_printed
from ..model.round_vocabulary import EFFECT_TEXT, EVENT_DESCRIPTIONS, NOT_ADDRESSED
from ..model.vocabulary import cash, hand_name, odds, plain
from ..play.round_file import load_round_file
from ..play.settlement import money, settle, settlement_view

BASIS_BY_SIZE = {3: ("player_three",), 5: ("player_and_community", "table_highest"),
                 6: ("player_and_bonus_community",)}


# --- evaluate ---------------------------------------------------------------------------------


def _payout(payout: Payout) -> dict:
    """A payout as the ruleset states it: kind, figure (None where the source lacks it) and the
    finding about it (one id as a string, several as a list)."""
    value = payout.value
    out = {"kind": payout.kind.value,
           "value": plain(value)}
    if payout.findings:
        out["finding"] = payout.findings[0] if len(payout.findings) == 1 else list(payout.findings)
    return out


def evaluation_view(cards: list[int], ruleset: Ruleset | None = None) -> dict:
    """What ``evaluate`` prints for a hand: category, name, tags, and the paytable lines it matches."""
    rules = as_printed(ruleset).hand_rules if ruleset is not None else STANDARD
    hand = evaluate(cards, rules)
    out = {
        "cards": names(cards), "size": len(cards), "category": hand.category.value,
        "name": hand_name(hand.category), "suit": hand.suit, "tags": sorted(tag.value for tag in hand.tags),
        "ruleset": ruleset.ref if ruleset is not None else None, "paytables": [],
    }
    if ruleset is None:
        return out
    bases = BASIS_BY_SIZE[len(cards)]
    for wager in as_printed(ruleset).wagers:
        for table in wager.paytables:
            basis = table.hand_basis.value
            if basis not in bases:
                continue
            line = next((ln for ln in table.lines if hand.satisfies(ln.hand, ln.suits or None)), None)
            envy = [ln for ln in table.envy_lines if hand.satisfies(ln.hand, ln.suits or None)]
            out["paytables"].append({
                "wager": wager.id, "wager_name": wager.name, "paytable": table.id,
                "paytable_name": table.name, "hand_basis": basis, "players": table.players,
                "line": None if line is None else {
                    "name": hand_name(line.hand, line.suits or None), "odds": odds(line.payout),
                    "payout": _payout(line.payout), "cite": line.cite},
                "envy": [{"name": hand_name(ln.hand, ln.suits or None), "odds": odds(ln.payout),
                          "stake": money(ln.stake) if ln.stake is not None else None,
                          "cite": ln.cite} for ln in envy],
            })
    return out


EVALUATE = Formats({"text": lambda result: render("evaluate.txt.j2", e=result), "json": to_json})


@main.command("evaluate", short_help="Evaluate a hand of 3, 5 or 6 cards.")
@click.argument("cards", nargs=-1, required=True)
@click.option("--jurisdiction", "jurisdiction", help="Also show the paytable lines this hand matches (JURISDICTION or JURISDICTION@VERSION).")
@click.option("--version", "version", help="A version id (default: the newest).")
@EVALUATE.option
@handled
def evaluate_cmd(cards: tuple[str, ...], jurisdiction: str | None, version: str | None, fmt: str) -> None:
    """Evaluate a hand of 3, 5 or 6 cards, e.g. `evaluate As Kd 10h Jh Qc`.

    With --jurisdiction, list every paytable line the hand satisfies first (three cards: player-three
    tables; five: player-and-community and Cover All tables; six: six-card bonus tables).
    """
    try:
        parsed = parse_cards(" ".join(cards))
    except CardError as exc:
        raise Trouble(str(exc)) from None
    if len(parsed) not in BASIS_BY_SIZE:
        raise Trouble(f"a hand has 3, 5 or 6 cards; got {len(parsed)} ({names(parsed)})")
    rs = pick(jurisdiction, version, None) if jurisdiction else None
    result = evaluation_view(parsed, rs)
    emit(EVALUATE[fmt](result))


# --- settle -----------------------------------------------------------------------------------


def _settle_text(data: dict) -> str:
    return render("settle.txt.j2", s=data, players=settle_text_rows(data), money=settle_text_totals(data))


SETTLE = Formats({"text": _settle_text, "json": to_json})


@main.command("settle", short_help="Settle every wager of a round file.")
@click.argument("round_file", type=click.Path(path_type=Path))
@SETTLE.option
@handled
def settle_cmd(round_file: Path, fmt: str) -> None:
    """Settle every wager of a round file (YAML or JSON) under its jurisdiction's ruleset.

    Exit status 1 when a wager cannot be settled from the ruleset (a missing figure).
    """
    rnd = load_round_file(round_file, catalogue(), display=str(round_file))
    result = settle(rnd)
    data = settlement_view(result)
    emit(SETTLE[fmt](data))
    sys.exit(EXIT_NO if result.unsettleable else EXIT_OK)


OUTCOME_WORDS = {"win": "win", "lose": "lose", "withdrawn": "withdrawn", "returned": "void",
                 "unsettleable": "UNSETTLEABLE"}


def settle_text_rows(data: dict) -> list[dict]:
    """Display strings for the text report (the template only lays them out). Every row shows its
    stake, what it returned and its net, in the round's currency, so a seat's rows add up to its
    total; a win a payout limit cut says so beside the amount paid."""
    symbol = data["currency_symbol"]

    def amount(text: str | None, sign: bool = False) -> str:
        return "?" if text is None else cash(Fraction(text), symbol, sign)

    out = []
    for p in data["results"]:
        hand = p["hands"].get("player_and_community")
        rows = []
        for r in p["wagers"]:
            if r["bet"] == "envy":
                label = f"{r['wager']} envy (seat {r['trigger_seat']})"
            elif r["bet"]:
                label = f"{r['wager']} {r['bet']}"
            else:
                label = r["wager"]
            if r["line"]:
                rule = f"{r['line']['name']}: {r['line']['odds']}"
            elif r["hand"] and r["outcome"] == "lose":
                rule = r["hand"]["name"]
            else:
                rule = ""
            outcome = OUTCOME_WORDS[r["outcome"]] + (", capped" if r["capped"] else "")
            rows.append({"label": label, "table": r["paytable"] or "-",
                         "stake": "-" if r["bet"] == "envy" else amount(r["stake"]),
                         "outcome": outcome, "net": amount(r["net"], sign=True),
                         "returned": amount(r["returned"]),
                         "rule": rule, "cite": r["cite"], "notes": r["notes"], "findings": r["findings"]})
        out.append({"seat": p["seat"], "name": p["name"], "cards": p["cards"], "status": p["status"],
                    "hand": f"{hand['name']} ({hand['cards']})" if hand else None,
                    "rows": rows, "staked": amount(p["staked"]), "returned": amount(p["returned"]),
                    "net": amount(p["net"], sign=True),
                    "unsettleable": p["unsettleable"], "unsettled_stake": amount(p["unsettled_stake"])})
    return out


def settle_text_totals(data: dict) -> dict:
    """The round's totals and money figures as the text report prints them."""
    symbol = data["currency_symbol"]
    t = data["totals"]
    meter = data["meter"]
    return {"staked": cash(Fraction(t["staked"]), symbol), "returned": cash(Fraction(t["returned"]), symbol),
            "players_net": cash(Fraction(t["players_net"]), symbol, sign=True),
            "unsettled_stake": cash(Fraction(t["unsettled_stake"]), symbol),
            "payout_limits": {k: cash(Fraction(v), symbol) for k, v in data["payout_limits"].items()},
            "meter": None if meter is None else {
                k: "not stated" if meter[k] is None else cash(Fraction(meter[k]), symbol)
                for k in ("before", "after", "reset")}
            | {"payments": [m | {k: cash(Fraction(m[k]), symbol) for k in ("paid", "before", "after")}
                            for m in meter["payments"]]}}


def plan_step_text(data: dict) -> list[list[str]]:
    """One line per plan step, e.g. 'cards 1-7: 1 card to each player, seats 1-7 in turn'."""
    out = []
    for plan in data["plans"]:
        lines = []
        for step in plan["steps"]:
            stack = " as a stack" if step["as_stack"] else ""
            n = step["cards"]
            what = f"{n} card{'s' if n != 1 else ''}{stack}"
            if step["to"] == "each_player":
                target = f"to each player in turn (seats 1-{plan['players']})" if plan["players"] > 1 \
                    else "to the player (seat 1)"
            else:
                target = {"community": "to the community area", "six_card_bonus_box": "to the six-card bonus box",
                          "discard": "burned to the discard rack"}[step["to"]]
            word = "card" if step["dealt"] == 1 else "cards"
            lines.append(f"{word} {step['positions']}: {what} {target} [{step['cite']}]")
        out.append(lines)
    return out


# --- deal-plan --------------------------------------------------------------------------------


DEAL_PLAN = Formats({"text": lambda data: render("deal_plan.txt.j2", d=data, steps=plan_step_text(data)),
                     "json": to_json})


@main.command("deal-plan", short_help="Show the dealing plan: areas, burns, stub.")
@click.argument("jurisdiction")
@click.option("--version", "version", help="A version id (default: the newest).")
@click.option("--method", "method_id", help="One dealing method (default: every method the ruleset permits).")
@click.option("--players", type=click.IntRange(1, 99), help="Players at the table (default: the table size, or 7 where the ruleset states none).")
@DEAL_PLAN.option
@handled
def deal_plan_cmd(jurisdiction: str, version: str | None, method_id: str | None, players: int | None,
                  fmt: str) -> None:
    """Show the dealing plan: cards per area in dealing order, burns, community cards, stub size; then the
    round's procedure under the first method shown: each step with who acts, for each player in turn or
    the whole table, the cards' states and the wagers still open after it."""
    rs = pick(jurisdiction, version, None)
    try:
        chosen = [method(rs, method_id).id] if method_id is not None else methods(rs)
        plans = [build_plan(rs, m, players) for m in chosen]
    except DealingError as exc:
        raise Trouble(str(exc)) from None
    note = None
    if players is None and max_players(rs) is None:
        note = f"the ruleset states no table size; {default_players(rs)} players assumed (use --players)"
    from ..regulator.procedure_view import round_view  # lazy: only deal-plan shows the round

    data = {"ruleset": rs.ref, "jurisdiction": rs.name, "players": plans[0].players, "note": note,
            "plans": [p.view() for p in plans], "procedure": round_view(rs, plans[0].method_id, players)}
    emit(DEAL_PLAN[fmt](data))


# --- irregularity -----------------------------------------------------------------------------


def _events_text(data: dict) -> str:
    """The events, and with a jurisdiction what each ruleset says, in columns as wide as the widest cell."""
    cells = [", ".join(v) for r in data["events"] for v in r["by_jurisdiction"].values()] + data["jurisdictions"]
    width = max(len(c) for c in cells) + 2 if cells else 0
    return render("irregularity_list.txt.j2", d=data, width=width)


def _irregularity_text(data: dict) -> str:
    text_answers = [a | {"cases": (a["consequence"]["cases"] or [a["consequence"]]) if a["addressed"] else []}
                    for a in data["answers"]]
    return render("irregularity.txt.j2", d=data | {"answers": text_answers}, effect_text=EFFECT_TEXT,
                  not_addressed=NOT_ADDRESSED)


IRREGULARITY = Formats({"text": _irregularity_text, "json": to_json})
EVENTS = Formats({"text": _events_text, "json": to_json})   # --list: the same formats, the events' views


@main.command("irregularity", short_help="What the rules say happens after an irregularity.")
@click.argument("jurisdiction", required=False)
@click.argument("event", required=False)
@click.option("--version", "version", help="A version id (default: the newest).")
@click.option("--list", "list_events", is_flag=True, help="List the events (with JURISDICTION: what each ruleset says).")
@IRREGULARITY.option
@handled
def irregularity_cmd(jurisdiction: str | None, event: str | None, version: str | None, list_events: bool,
                     fmt: str) -> None:
    """What a jurisdiction's rules say happens after an irregularity, with the citation.

    JURISDICTION may be `all` (every jurisdiction's newest ruleset). Exit status 1 when no ruleset
    asked addresses the event.
    """
    cat = catalogue()
    if list_events:
        rows = addressed_matrix(cat)
        if jurisdiction and jurisdiction != "all":
            jid = pick(jurisdiction, version, None).jurisdiction
            rows = [r | {"by_jurisdiction": {jid: r["by_jurisdiction"][jid]}} for r in rows]
        data = {"events": rows, "jurisdictions": sorted({j for r in rows for j in r["by_jurisdiction"]})
                if jurisdiction else []}
        emit(EVENTS[fmt](data))
        return
    if not jurisdiction or not event:
        raise Trouble("give JURISDICTION and EVENT (or --list); JURISDICTION may be 'all'")
    try:
        event = normalise_event(event)
    except UnknownEvent as exc:
        raise Trouble(str(exc)) from None
    if jurisdiction == "all":
        if version:
            raise Trouble("--version needs one jurisdiction, not 'all'")
        rulesets = [cat.latest(j) for j in cat.jurisdictions]
    else:
        rulesets = [pick(jurisdiction, version, None)]
    answers = []
    for rs in rulesets:
        found = consequence(rs, event)
        answers.append({"ruleset": rs.ref, "jurisdiction": rs.name, "addressed": found is not None,
                        "consequence": found})
    data = {"event": event, "description": EVENT_DESCRIPTIONS.get(event, ""), "answers": answers}
    emit(IRREGULARITY[fmt](data))
    sys.exit(EXIT_OK if any(a["addressed"] for a in answers) else EXIT_NO)
