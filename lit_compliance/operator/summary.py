"""A readable rules summary of one ruleset: the view the summary templates render.

How the game is played, the wagers and their paytables, limits, procedures, irregularities,
signage and the ruleset's findings, every statement with its citation. Figures are stated as the
regulation prints them (a summary reports the rules; the placard is where wording is adapted).
"""
from __future__ import annotations

import hashlib
import re
from typing import Any, Callable

from ..load.catalogue import Ruleset, finding_ids
from ..load.facts import site_folder
from ..model import RulesetModel, as_printed, model_of
from ..model.base_game import Flag
from ..model.hand_rankings import Ranking
from ..model.paytable import Line, Paytable
from ..model.sections import DealingMethod, Sections
from ..model.wager import Wager
from ..model.vocabulary import (currency_symbol, flag_text, hand_name, money, odds, percent, priced_note,
                               removed_text, setting_source_text, status_sentence)
from ..gamemath.record import settings_json
from ..model.vocabulary import finding_note
from ..load.fingerprint import ruleset_json

SELECTION_TEXT = {
    "minimum": "the paytable is a floor: the house pays at least these odds",
    "choose_one": "the operator chooses one of these paytables",
    "fixed": "the paytable applies as written",
}
BASIS_TEXT = {
    "player_and_community": "the player's three cards and the two community cards",
    "player_three": "the player's three cards only",
    "player_and_bonus_community": "the best five of the player's three cards and the three bonus community cards",
    "table_highest": "the highest five-card hand at the table",
}
DECISION_TEXT = {
    "after_player_cards": "may be taken back after the player sees the three cards",
    "after_first_community_card": "may be taken back after the first community card is shown",
    "none": "stays in action to the end of the round",
}


def _words(slug: str) -> str:
    """'decide_bet1' -> 'Decide bet 1'."""
    text = re.sub(r"(?<=[a-z])(?=\d)", " ", slug.replace("_", " ").replace("-", " "))
    return text[:1].upper() + text[1:]


def _count(n, word: str, plural: str | None = None) -> str:
    """'1 deck', '2 decks', '1 card'."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _or_better(hand: str) -> str:
    name = hand_name(hand)
    return name if name.endswith("or better") else f"{name} or better"


def _item(text: str, cite: str, finding=None) -> dict:
    return {"text": text, "cite": cite, "findings": finding_ids(finding), "finding_note": finding_note(finding)}


def _flag(name: str, flag) -> dict:
    """A yes/no fact (a :class:`~lit_compliance.model.base_game.Flag`, or a wager's flag as the
    document states it) as a summary item."""
    if isinstance(flag, dict):
        flag = Flag.from_data(flag)
    said = flag_text(flag).replace("assumed", "read as")
    text = f"{name}: {said}" + (f". {flag.text}" if flag.text else "")
    return _item(text, flag.cite, flag.findings)


def _ranking(title: str, ranking: Ranking | None) -> dict | None:
    if not ranking:
        return None
    hands = [_item(hand_name(c.hand) + (f": {c.text}" if c.text else ""), c.cite) for c in ranking.categories]
    low = "A-2-3" if title.startswith("Three") else "A-2-3-4-5"
    extras = [_flag(f"Ace-low straight ({low})", ranking.ace_low_straight)]
    for flag, label in ((ranking.wraparound_straight, "Wraparound straight"),
                        (ranking.ace_with_king_and_two, "Ace between king and two")):
        if flag:
            extras.append(_flag(label, flag))
    return {"title": title, "cite": ranking.cite, "hands": hands, "extras": extras}


def _paytable(table: Paytable, wager: Wager, symbol: str) -> dict:
    def line_view(line: Line) -> dict:
        pays = odds(line.payout).replace("$", symbol)
        if line.stake:
            pays += f" (on a {money(line.stake, symbol)} wager)"
        return {"hand": hand_name(line.hand, line.suits), "pays": pays, "cite": line.cite,
                "findings": list(line.payout.findings), "finding_note": finding_note(line.payout.findings)}

    facts = []
    if table.players:
        facts.append(f"{_count(table.players, 'player')} in the round")
    if table.stake:
        facts.append(f"{money(table.stake, symbol)} wager")
    if table.hand_basis is not wager.hand_basis:
        facts.append("settled on " + BASIS_TEXT[table.hand_basis.value])
    return {"id": table.id, "name": table.name, "cite": table.cite, "facts": "; ".join(facts),
            "note": table.note if table.note is not None else "", "lines": [line_view(l) for l in table.lines],
            "envy": [line_view(l) for l in table.envy_lines]}


def _wager(wager: Wager, names: dict, symbol: str) -> dict:
    facts = [
        _item(f"{'Required' if wager.offered == 'required' else 'Optional'} wager, settled on "
              f"{BASIS_TEXT[wager.hand_basis.value]}", wager.cite, wager.findings),
        _item(f"Paytable rule: {SELECTION_TEXT[wager.selection.value]}", wager.selection_cite),
    ]
    if wager.stake_cite:
        facts.append(_item(f"Stake: {money(wager.stake, symbol)}", wager.stake_cite))
    if wager.requires:
        facts.append(_item("Only with: " + ", ".join(names.get(w, w) for w in wager.requires), wager.cite))
    if wager.wins_on:
        facts.append(_item(f"Wins on {_or_better(wager.wins_on)}", wager.wins_on_cite))
    for flag, label in ((wager.independent, "Independent of the base wagers"), (wager.returnable, "Returnable")):
        if flag:
            facts.append(_flag(label, flag))
    meter = wager.meter
    if meter:
        parts = []
        if meter.reset_minimum is not None:
            parts.append(f"seed and reset at least {money(meter.reset_minimum, symbol)}")
        if meter.rate_set_by:
            parts.append("rate set by the operator" if meter.rate_set_by == "operator" else "rate not stated")
        for said in (meter.paid_amount, meter.reset_rule):
            if said:
                parts.append(said.rstrip("."))
        facts.append(_item("Progressive meter: " + "; ".join(parts), meter.cite))
    envy = wager.envy
    if envy:
        hands = ", ".join(hand_name(h) for h in envy.qualifying_hands)
        text = f"Envy bonus on another player's {hands}" + (f". {envy.text}" if envy.text else "")
        facts.append(_item(text, envy.cite))
    if not wager.paytables:
        facts.append(_item("No paytable is given in the source", wager.selection_cite, wager.findings))
    return {"id": wager.id, "name": wager.name, "kind": _words(wager.kind.value), "facts": facts,
            "paytables": [_paytable(t, wager, symbol) for t in wager.paytables]}


STEP_TARGETS = {"each_player": "to each player", "community": "to the community area",
                "six_card_bonus_box": "to the six card bonus box", "discard": "to the discards"}


def _dealing(method: DealingMethod) -> dict:
    steps = [_item(f"{_count(step.cards, 'card')} {STEP_TARGETS[step.to]}{' as a stack' if step.as_stack else ''}",
                   step.cite)
             for step in method.steps]
    items = [_item(r.text, r.cite) for r in method.requires]
    stub = method.stub
    if stub:
        bits = []
        if stub.to_discard_unexposed:
            bits.append("the stub goes to the discards unexposed")
        if stub.count_every_rounds:
            bits.append(f"it is counted every {stub.count_every_rounds} rounds")
        if stub.count_exempt_with_counting_shuffler:
            bits.append("no count with a counting shuffler")
        if stub.text:
            items.append(_item("Stub: " + stub.text, stub.cite))
        elif bits:
            items.append(_item("Stub: " + "; ".join(bits), stub.cite))
    return {"name": method.name, "cite": method.cite, "findings": list(method.findings),
            "finding_note": finding_note(list(method.findings) or None), "steps": steps, "rules": items,
            "plan_findings": list(method.plan_findings)}


def _note_text(ids, numbers: dict[str, int]) -> str:
    """'note 3' or 'notes 3, 5' or '': the numbered notes (the findings, listed at the end)."""
    if not ids:
        return ""
    said = [str(numbers.get(i, i)) for i in ids]
    return f"note{'s' if len(said) > 1 else ''} {', '.join(said)}"


def _number_notes(value: Any, numbers: dict[str, int]) -> None:
    """Every statement that names findings refers to them by their note number, not their id."""
    if isinstance(value, dict):
        if "finding_note" in value and isinstance(value.get("findings"), (list, tuple)):
            value["finding_note"] = _note_text(value["findings"], numbers)
        for v in value.values():
            _number_notes(v, numbers)
    elif isinstance(value, list):
        for v in value:
            _number_notes(v, numbers)


def summary_view(ruleset: Ruleset, escape: Callable[[str], str] | None = None, results: list | None = None) -> dict:
    """The summary of ``ruleset``; with ``escape``, every string is passed through it (Markdown).
    With ``results`` (the priced paytables, :func:`lit_compliance.gamemath.analyse`), each paytable
    states its house edge."""
    model = as_printed(ruleset)  # the rules as printed; the readings the engine applies are listed with their findings
    printed = model.typed
    header = model.header
    names = {w.id: w.name for w in model.wagers}
    play = _play(model)
    sequence = _sequence(printed, names)
    rankings, rank_order = _rankings(model)
    limits = _limits(model, names)
    procedures = _procedures(model)
    dealing = [_dealing(m) for m in printed.dealing_methods]
    irregularities = _irregularities(model)
    signage = [_item((f"{s.where}: " if s.where else "") + (s.text or _words(s.rule)), s.cite) for s in printed.signage]
    other = [_item(r.text, r.cite) for r in printed.other_rules]
    definitions = [_item(f"{x.term}: {x.meaning}", x.cite) for x in printed.definitions]
    findings, numbers = _findings(model)
    symbol = currency_symbol(printed.currency)
    wagers = [_wager(w, names, symbol) for w in model.wagers]
    if results is not None:
        _add_math(wagers, results)
    _number_notes([play, sequence, rankings, wagers, limits, procedures, dealing, irregularities, signage, other,
                   definitions], numbers)
    view = {
        "name": header.jurisdiction.name,
        "regulator": header.jurisdiction.regulator,
        "ref": ruleset.ref,
        "site_page": site_folder(ruleset.jurisdiction, ruleset.version),
        "digest": rules_digest(ruleset),
        "source_title": header.source.title,
        "citation": header.source.citation,
        "effective_date": header.version.effective_date_text,
        "change_note": header.version.change_note,
        "play": play,
        "sequence": sequence,
        "rank_order": rank_order,
        "rankings": rankings,
        "wagers": wagers,
        "limits": limits,
        "procedures": procedures,
        "dealing": dealing,
        "irregularities": irregularities,
        "signage": signage,
        "other": other,
        "definitions": definitions,
        "findings": findings,
        "note_numbers": numbers,
    }
    return _map_strings(view, escape) if escape else view


def _play(model: RulesetModel) -> list[dict]:
    """How the game is played: the cards, the positions, the three bets and when each may be taken
    back, what the base wager wins on."""
    cards, table, base = model.typed.cards, model.table, model.base_game
    play = [
        _item(f"{_count(cards.decks.count, 'deck')} of {cards.decks.cards_per_deck} cards", cards.decks.cite),
        _flag("Cover card", cards.cover_card),
    ]
    mp = table.max_positions
    play.append(_item(f"Player positions: {mp.value if mp.value is not None else 'not stated'}",
                      mp.cite, mp.findings))
    multi = table.multiple_positions
    play.append(_item(f"More than one position per player: {_words(multi.allowed)}"
                      + (f" (at most {multi.max_positions})" if multi.max_positions else ""),
                      multi.cite, multi.findings))
    for bet in base.bets:
        label = bet.label if "bet" in bet.label.lower() else f"Bet {bet.label}"
        play.append(_item(f"{label}: {DECISION_TEXT[bet.decision_point]}", bet.cite))
    play.append(_flag("The three bets are equal", base.equal_bets))
    qh = base.qualifying_hand
    play.append(_item(f"The base wager wins on {_or_better(qh.hand)}", qh.cite))
    play.append(_flag("Each bet decision is independent", base.independent_decisions))
    return play


def _sequence(printed: Sections, names: dict) -> list[dict]:
    """The round's steps in order, each naming the wager it concerns."""
    sequence = []
    for step in printed.round_steps:
        label = _words(step.step)
        if step.wager:
            label += f" ({names.get(step.wager, step.wager)})"
        sequence.append(_item(label + (f": {step.text}" if step.text else ""), step.cite))
    return sequence


def _rankings(model: RulesetModel) -> tuple[list[dict], dict]:
    """The hand rankings the rules give (five-, three- and six-card) and the card ranks' order."""
    hr = model.hand_rankings
    rankings = [r for r in (_ranking("Five-card hands", hr.five_card),
                            _ranking("Three-card hands", hr.three_card),
                            _ranking("Six-card hands", hr.six_card)) if r]
    rank_order = _item("Card ranks, high to low: " + ", ".join(hr.rank_order.high_to_low), hr.rank_order.cite)
    return rankings, rank_order


def _limits(model: RulesetModel, names: dict) -> list[dict]:
    """The payout limits (what they apply to, their floor, their disclosure), then the table limits."""
    limits = []
    for rule in model.payout_limits:
        text = (f"Payout limit set by {rule.set_by.replace('_', ' ')}, on "
                + ", ".join(names.get(w, w) for w in rule.applies_to))
        if rule.excludes:
            text += "; not on " + ", ".join(names.get(w, w) for w in rule.excludes)
        floor = rule.floor
        if floor and floor.kind == "max_base_win_at_table_minimum":
            text += ("; at least the most a player can win in one round at the table minimum"
                     + (f", or the amount set by {floor.or_amount_set_by}" if floor.or_amount_set_by else ""))
        if rule.disclosure:
            text += f". {rule.disclosure}"
        limits.append(_item(text, rule.cite, rule.findings))
    for limit in model.typed.table_limits:
        limits.append(_item(f"{_words(limit.rule)}: {limit.text or ''}".rstrip(": "), limit.cite))
    return limits


def _procedures(model: RulesetModel) -> list[dict]:
    """The procedures: the cards (handling, a second deck, the cut, card changes), then the table
    and its layout."""
    cards, table = model.typed.cards, model.table
    return [{"title": "Cards", "rules": (
        [_item(c.text, c.cite) for c in cards.procedures]
        + ([_item("A second deck may be used" + (" with an automated shuffler" if cards.second_deck.requires else ""),
                  cards.second_deck.cite)] if cards.second_deck.permitted else [])
        + [_item(c.text, c.cite) for c in cards.second_deck.conditions]
        + ([_item(f"Cut: {cards.cut.required_when}"
                  + (f" At least {cards.cut.min_cards} cards." if cards.cut.min_cards else ""),
                  cards.cut.cite)] if cards.cut else [])
        + [_item(c.text or f"Cards dealt from the {c.dealt_from} are changed at least every {c.max_hours} hours",
                 c.cite) for c in cards.card_change]
    )}, {"title": "Table and layout", "rules": (
        [_item(r.text, r.cite) for r in table.layout_requirements]
        + [_item(r.text, r.cite) for r in table.equipment]
    )}]


def _irregularities(model: RulesetModel) -> list[dict]:
    """Each irregularity: the event, when it applies, what follows."""
    return [{"event": _words(i.event), "condition": i.condition if i.condition is not None else "",
             "consequence": i.text, "cite": i.cite, "findings": finding_ids(i.findings),
             "finding_note": finding_note(i.findings)}
            for i in model.irregularities]


def _findings(model: RulesetModel) -> tuple[list[dict], dict[str, int]]:
    """The ruleset's findings with their readings, numbered as the summary's notes, and each
    finding's note number by its id."""
    findings = [{"id": f.id, "kind": _words(f.kind.value), "cite": f.cite, "says": f.says,
                 "problem": f.problem, "recorded_as": f.recorded_as,
                 "readings": [{"id": r.id, "meaning": r.meaning, "default": r.default, "why": r.why}
                              for r in f.readings]} for f in model.findings]
    numbers = {f["id"]: k for k, f in enumerate(findings, 1)}
    for f in findings:
        f["number"] = numbers[f["id"]]
    return findings, numbers


def _add_math(wagers: list[dict], results: list) -> None:
    """Each wager's paytables state their game math (``results``: the priced paytables)."""
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    for w in wagers:
        for t in w["paytables"]:
            result = by_key.get((w["id"], t["id"]))
            t["math"] = ({**_math_text(result), "status_words": status_sentence(
                result.status.value, settings_json(result.settings), result.missing)} if result is not None else None)


def _map_strings(value: Any, fn: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, dict):
        return {k: _map_strings(v, fn) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    return value


# --- the paytables overview (``lit-compliance paytables``) ----------------------------------------


def _math_text(result) -> dict:
    """House edge, return and hit frequency of one priced paytable, said for a person."""
    status = result.status.value
    edge = percent(result.house_edge)
    if status == "incomplete":
        edge = "cannot be stated (figures missing in the source)"
    elif status == "function_of_meter":
        meter = float(result.side.meter.break_even) if result.side and result.side.meter else None
        at = result.held_at.meter
        edge = (f"{percent(result.house_edge)} at a meter of ${float(at):,.0f} ({setting_source_text(result.held_at.meter_from)})"
                if result.house_edge is not None and at is not None else "depends on the meter (no meter fixed)")
        if meter is not None:
            edge += f"; the wager breaks even at a meter of about ${meter:,.0f}"
    elif result.house_edge is not None and result.house_edge < 0:
        edge += " (negative: the figures as printed favour the player)"
    return {
        "status": status.replace("_", " "),
        "house_edge": edge,
        "return_to_player": percent(result.return_to_player),
        "hit_frequency": percent(result.hit_frequency, 2),
        "element_of_risk": percent(result.element_of_risk) if result.element_of_risk is not None else "",
        "note": priced_note(result),
    }


def paytables_view(ruleset: Ruleset, results: list) -> dict:
    """Every permitted alternative for every wager, with its game math (``results`` from gamemath)."""
    printed = as_printed(ruleset)   # the paytables as the source prints them
    symbol = currency_symbol(printed.currency)
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    wagers = []
    for wager in printed.wagers:
        tables = []
        for table in wager.paytables or (None,):
            result = by_key.get((wager.id, table.id if table else None))
            gone = None if result is not None else model_of(ruleset).removed_by(wager.id, table.id if table else None)
            math = _math_text(result) if result is not None else {
                "status": "not priced", "house_edge": "n/a", "return_to_player": "n/a", "hit_frequency": "n/a",
                "element_of_risk": "", "note": removed_text(gone) if gone is not None else ""}
            if table is None:
                tables.append({"id": "-", "name": "(no paytable in the source)", "cite": wager.selection_cite,
                               "facts": "", "lines": [], "envy": [], "math": math})
                continue
            view = _paytable(table, wager, symbol)
            view["math"] = math
            tables.append(view)
        wagers.append({
            "id": wager.id, "name": wager.name, "kind": _words(wager.kind.value),
            "offered": wager.offered, "rule": SELECTION_TEXT[wager.selection.value],
            "rule_id": wager.selection.value, "cite": wager.selection_cite,
            "finding_note": finding_note(wager.findings), "tables": tables,
        })
    header = printed.header
    return {"name": header.jurisdiction.name, "ref": ruleset.ref, "citation": header.source.citation,
            "wagers": wagers}


def rules_digest(ruleset: Ruleset) -> str:
    """The first 12 hex digits of sha256 over the ruleset's canonical JSON (as placards use)."""
    return hashlib.sha256(ruleset_json(ruleset).encode("utf-8")).hexdigest()[:12]
