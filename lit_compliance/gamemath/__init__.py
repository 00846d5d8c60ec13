"""Exact game math for every paytable of every wager in a ruleset.

``analyse(ruleset)`` prices every paytable; ``paytable_result(ruleset, wager_id, paytable_id)``
prices one. Results are cached on disk keyed by the content analysed (see :mod:`.cache`).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..poker.hands import CATEGORIES_5, HandRules
from ..output.render import hand_name
from . import cache
from .base import analyse_base, multipliers
from .coverall import price_cover_all
from .side import atoms_for, envy_per_other_player, price

STATUSES = ("exact", "simulated", "function_of_wager", "function_of_meter", "incomplete")


@dataclass
class PaytableResult:
    wager_id: str
    wager_kind: str
    wager_name: str
    paytable_id: str | None
    paytable_name: str
    status: str
    house_edge: float | None
    return_to_player: float | None
    hit_frequency: float | None
    element_of_risk: float | None = None
    average_bets: float | None = None
    note: str = ""
    exact: dict = field(default_factory=dict)    # exact values as fraction strings
    details: dict = field(default_factory=dict)  # strategy, per-stake or per-meter figures...

    def as_dict(self) -> dict:
        return asdict(self)


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


def _f(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def _result(wager: dict, table: dict | None, **kw: Any) -> PaytableResult:
    return PaytableResult(wager["id"], wager["kind"], wager["name"], table["id"] if table else None,
                          table["name"] if table else "(no paytable in the source)", **kw)


def _stake(wager: dict, table: dict) -> float | None:
    if table.get("stake"):
        return table["stake"]
    return (wager.get("stake") or {}).get("amount")


def _price_base(wager: dict, table: dict, rules: HandRules) -> PaytableResult:
    m, missing = multipliers(table)
    if missing:
        return _result(wager, table, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None,
                       note=f"figures missing in the source for: {', '.join(missing)}; no edge can be stated")
    r = analyse_base(m, rules)
    outcomes = {f"{cat}/{bets}": float(p) for (cat, bets), p in sorted(r.outcomes.items())}
    return _result(
        wager, table, status="exact", house_edge=_f(r.house_edge), return_to_player=_f(1 - r.house_edge),
        hit_frequency=_f(r.hit_frequency), element_of_risk=_f(r.element_of_risk),
        average_bets=_f(r.average_bets),
        note="optimal strategy; edge per unit of one base bet; a zero-expectation bet counts as pulled",
        exact={"house_edge": _frac(r.house_edge), "element_of_risk": _frac(r.element_of_risk),
               "average_bets": _frac(r.average_bets)},
        details={"ride_bet1_share": float(r.ride1_share), "ride_bet2_share": float(r.ride2_share),
                 "strategy_bet1": r.ride3, "strategy_bet2": r.ride4, "outcomes": outcomes,
                 "outcome_rows": _outcome_rows(r.outcomes)},
    )


def _outcome_rows(outcomes: dict) -> list[dict]:
    """The final-hand table for text output, best hand first."""
    rows = []
    for category in reversed(CATEGORIES_5):
        cells = {b: outcomes.get((category, b)) for b in (1, 2, 3)}
        if any(cells.values()):
            rows.append({"hand": hand_name(category) if category != "pair" else "Pair below tens",
                         **{f"p{b}": f"{float(p):.8f}" if p else "0" for b, p in cells.items()}})
    return rows


def _price_side(wager: dict, table: dict, rules: HandRules) -> PaytableResult:
    basis = table.get("hand_basis", wager["hand_basis"])
    if basis == "table_highest":
        players = table.get("players", 1)
        got = price_cover_all(table["lines"], players, rules)
        status = "simulated" if got["rounds"] else "exact"
        if got["missing"]:
            status = "incomplete"
        rtp = got["rtp"]
        note = (f"{players} player(s); every player holds a hand, the dealer none; 1-unit stake"
                + (f"; simulated {got['rounds']:,} rounds, seed fixed, 95% interval "
                   f"{got['interval'][0]:.4f}-{got['interval'][1]:.4f}" if got["rounds"] else ""))
        return _result(wager, table, status=status, house_edge=None if got["missing"] else 1 - rtp,
                       return_to_player=None if got["missing"] else rtp, hit_frequency=got["hit"], note=note,
                       exact={"return_to_player": _frac(got["exact_rtp"])} if got["exact_rtp"] is not None else {},
                       details={"players": players, "rounds": got["rounds"], "interval": got["interval"]})
    result = price(table["lines"], atoms_for(basis, rules))
    stake = _stake(wager, table)
    details: dict = {"line_probabilities": {table["lines"][i]["hand"] + (
        "/" + ",".join(table["lines"][i]["suits"]) if table["lines"][i].get("suits") else ""): float(p)
        for i, p in result.lines}}
    notes = []
    status = "exact"
    if result.missing:
        status = "incomplete"
        notes.append(f"figures missing in the source for: {', '.join(result.missing)} (counted as paying nothing)")
    if result.meter_share:
        status = "function_of_meter" if status == "exact" else status
        reset = (wager.get("meter") or {}).get("reset_minimum")
        unit = stake or 1
        details["rtp_per_meter_dollar"] = float(result.meter_share / Fraction(str(unit)))
        fixed_part = result.constant + (result.fixed_total / Fraction(str(unit)) if result.fixed_total else 0)
        details["rtp_without_meter"] = float(fixed_part)
        details["break_even_meter"] = float((1 - fixed_part) * Fraction(str(unit)) / result.meter_share)
        if reset:
            notes.append(f"at the minimum meter ${reset:,.0f}")
        else:
            notes.append("meter amount not fixed by the source; see break_even_meter")
        rtp = result.rtp(unit, reset) if reset else None
        if not stake:
            notes.append("stake not stated; priced per $1")
    elif result.fixed_total:
        if stake:
            rtp = result.rtp(stake)
        else:
            status = "function_of_wager" if status == "exact" else status
            notes.append("fixed amounts on a wager the source does not state; priced at a $1 wager")
            details["rtp_by_stake"] = {str(s): float(result.rtp(s)) for s in (1, 5, 25)}
            details["rtp_by_stake_text"] = ", ".join(f"${s}: {float(result.rtp(s)):.4%}" for s in (1, 5, 25))
            rtp = result.rtp(1)
    else:
        rtp = result.constant
    envy_lines = table.get("envy_lines") or []
    if envy_lines:
        per = envy_per_other_player(envy_lines, basis, rules)
        details["envy_per_other_player"] = {str(k): float(v) for k, v in per.items()}
        notes.append("envy bonus adds, per other player, the amounts in envy_per_other_player (per stake level)")
    if status == "incomplete":
        house_edge = None
        details["return_excluding_missing"] = None if rtp is None else float(rtp)
        rtp_out = None
    else:
        house_edge = None if rtp is None else _f(1 - rtp)
        rtp_out = _f(rtp)
    return _result(wager, table, status=status, house_edge=house_edge, return_to_player=rtp_out,
                   hit_frequency=_f(result.hit_frequency), note="; ".join(notes),
                   exact={"return_to_player": _frac(rtp) if rtp is not None and status != "incomplete" else None},
                   details=details)


def _compute(wager: dict, table: dict | None, rules: HandRules) -> PaytableResult:
    if table is None:
        return _result(wager, None, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None, note="the source prints no paytable for this wager")
    if wager["kind"] == "base":
        return _price_base(wager, table, rules)
    return _price_side(wager, table, rules)


def _cache_key(wager: dict, table: dict | None, rules: HandRules) -> list:
    slim = {k: v for k, v in wager.items() if k != "paytables"}
    return ["paytable", slim, table, repr(rules)]


def price_paytable(wager: dict, table: dict | None, rules: HandRules) -> PaytableResult:
    key = _cache_key(wager, table, rules)
    hit = cache.load_json(key)
    if hit is not None:
        return PaytableResult(**hit)
    result = _compute(wager, table, rules)
    cache.save_json(key, json.loads(json.dumps(result.as_dict())))
    return result


def paytable_result(ruleset, wager_id: str, paytable_id: str | None) -> PaytableResult:
    rules = HandRules.from_ruleset(ruleset.data)
    wager = ruleset.wager(wager_id)
    if paytable_id is None:
        if wager["paytables"]:
            raise KeyError(f"{wager_id} has paytables; name one")
        return price_paytable(wager, None, rules)
    for table in wager["paytables"]:
        if table["id"] == paytable_id:
            return price_paytable(wager, table, rules)
    raise KeyError(f"{ruleset.ref}: wager {wager_id!r} has no paytable {paytable_id!r}")


def jobs(ruleset, wager_id: str | None = None, paytable_id: str | None = None) -> list[tuple[dict, dict | None]]:
    out = []
    for wager in ruleset.wagers:
        if wager_id and wager["id"] != wager_id:
            continue
        tables = wager["paytables"] or [None]
        for table in tables:
            if paytable_id and (table is None or table["id"] != paytable_id):
                continue
            out.append((wager, table))
    return out


def analyse(ruleset, wager_id: str | None = None, paytable_id: str | None = None,
            progress: Callable[[Iterable], Iterable] | None = None) -> list[PaytableResult]:
    rules = HandRules.from_ruleset(ruleset.data)
    todo = jobs(ruleset, wager_id, paytable_id)
    iterator = progress(todo) if progress else todo
    return [price_paytable(w, t, rules) for w, t in iterator]
