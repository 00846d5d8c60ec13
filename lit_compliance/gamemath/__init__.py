"""Exact game math for every paytable of every wager in a ruleset.

``analyse(ruleset)`` prices every paytable; ``paytable_result(ruleset, wager_id, paytable_id)``
prices one. Both read the ruleset's model (:mod:`lit_compliance.model`) under its default readings,
and report, for every reading that concerns a paytable, the reading applied and the figures under
each alternative. Results are cached on disk keyed by the content analysed and the engine's code
(see :mod:`.cache`).
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..model import Paytable, Reading, RulesetModel, Wager, model_of
from ..model.readings import ZERO_EV_PULLED, ZERO_EV_RIDDEN
from ..model.vocabulary import hand_name, money
from ..poker.hands import CATEGORIES_5, HandRules
from .. import cache
from .side import atoms_for, envy_per_other_player, price


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
    readings: list = field(default_factory=list)      # the readings applied: finding, reading, meaning
    alternatives: list = field(default_factory=list)  # the figures under each other reading

    def as_dict(self) -> dict:
        return asdict(self)


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


def _f(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def _result(wager: Wager, table: Paytable | None, **kw: Any) -> PaytableResult:
    return PaytableResult(wager.id, wager.kind.value, wager.name, table.id if table else None,
                          table.name if table else "(no paytable in the source)", **kw)


def _price_base(wager: Wager, table: Paytable, rules: HandRules) -> PaytableResult:
    from .base import analyse_base, multipliers, not_whole_odds  # lazy: numpy, only on a cache miss

    odd = not_whole_odds(table)
    if odd:
        return _result(wager, table, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None, note=f"not whole 'to 1' odds for: {', '.join(hand_name(h) for h in odd)}; "
                                            "the base game is priced for whole odds only, so no edge is stated")
    m, missing = multipliers(table)
    if missing:
        return _result(wager, table, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None,
                       note=f"figures missing in the source for: {', '.join(hand_name(h) for h in missing)}; "
                            "no edge can be stated")
    r = analyse_base(m, rules)
    outcomes = {f"{cat}/{bets}": float(p) for (cat, bets), p in sorted(r.outcomes.items())}
    return _result(
        wager, table, status="exact", house_edge=_f(r.house_edge), return_to_player=_f(1 - r.house_edge),
        hit_frequency=_f(r.hit_frequency), element_of_risk=_f(r.element_of_risk),
        average_bets=_f(r.average_bets),
        note="optimal strategy; edge per unit of one base bet; a zero-expectation bet counts as pulled",
        exact={"house_edge": _frac(r.house_edge), "element_of_risk": _frac(r.element_of_risk),
               "average_bets": _frac(r.average_bets),
               "element_of_risk_ridden": _frac(r.element_of_risk_ridden),
               "average_bets_ridden": _frac(r.average_bets_ridden)},
        details={"ride_bet1_share": float(r.ride1_share), "ride_bet2_share": float(r.ride2_share),
                 "strategy_bet1": r.ride3, "strategy_bet2": r.ride4, "outcomes": outcomes,
                 "outcome_rows": _outcome_rows(r.outcomes),
                 "element_of_risk_ridden": _f(r.element_of_risk_ridden),
                 "average_bets_ridden": _f(r.average_bets_ridden)},
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


def _price_cover_all(wager: Wager, table: Paytable, rules: HandRules) -> PaytableResult:
    from .coverall import price_cover_all  # lazy: numpy, only when a result is not in the cache

    players = table.players or 1
    got = price_cover_all(table, players, rules)
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


def _line_label(table: Paytable, i: int) -> str:
    line = table.lines[i]
    return line.hand + ("/" + ",".join(line.suits) if line.suits else "")


def _price_side(wager: Wager, table: Paytable, rules: HandRules) -> PaytableResult:
    if table.hand_basis == "table_highest":
        return _price_cover_all(wager, table, rules)
    result = price(table, atoms_for(table.hand_basis, rules))
    stake = wager.stake_for(table)
    details: dict = {"line_probabilities": {_line_label(table, i): float(p) for i, p in result.lines}}
    notes = []
    status = "exact"
    if result.missing:
        status = "incomplete"
        notes.append(f"figures missing in the source for: {', '.join(hand_name(h) for h in result.missing)} "
                     "(counted as paying nothing)")
    if result.meter_share:
        status = "function_of_meter" if status == "exact" else status
        reset = wager.meter.reset_minimum if wager.meter else None
        unit = stake or Fraction(1)
        details["rtp_per_meter_dollar"] = float(result.meter_share / unit)
        fixed_part = result.constant + result.fixed_total / unit
        details["rtp_without_meter"] = float(fixed_part)
        details["break_even_meter"] = float((1 - fixed_part) * unit / result.meter_share)
        if reset:
            notes.append(f"at the minimum meter {money(reset)}")
        else:
            notes.append("meter amount not fixed by the source; see the break-even meter")
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
    if table.envy_lines:
        per = envy_per_other_player(table, rules)
        details["envy_per_other_player"] = {str(_plain(k)): float(v) for k, v in per.items()}
        notes.append("envy bonus adds, per other player, the envy amounts below (per stake level)")
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


def _plain(x: Fraction | None):
    """A stake level as the ruleset spells it (``1``, ``5``, ``2.5``; ``None`` for no level)."""
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


def _compute(wager: Wager, table: Paytable | None, rules: HandRules) -> PaytableResult:
    if table is None:
        return _result(wager, None, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None, note="the source prints no paytable for this wager")
    if wager.is_base:
        return _price_base(wager, table, rules)
    return _price_side(wager, table, rules)


def _cache_key(wager: Wager, table: Paytable | None, rules: HandRules) -> list:
    """Everything the figures depend on (positions and wording excluded), as text."""
    slim = (wager.id, wager.kind.value, wager.name, wager.hand_basis.value, str(wager.stake),
            str(wager.meter.reset_minimum) if wager.meter else None)
    return ["paytable", repr(slim), repr(table), repr(rules)]


def price_paytable(wager: Wager, table: Paytable | None, rules: HandRules) -> PaytableResult:
    """The figures of one paytable (no readings attached), from the cache when it has them."""
    key = _cache_key(wager, table, rules)
    hit = cache.load_json(key)
    if isinstance(hit, dict):
        try:
            return PaytableResult(**hit)
        except TypeError:  # an entry of another shape: recompute and replace it
            pass
    result = _compute(wager, table, rules)
    cache.save_json(key, json.loads(json.dumps(result.as_dict())))
    return result


def _reading_view(reading: Reading) -> dict:
    return {"finding": reading.finding, "reading": reading.id, "meaning": reading.meaning,
            "default": reading.default}


def _figures(result: PaytableResult) -> dict:
    return {"status": result.status, "house_edge": result.house_edge,
            "return_to_player": result.return_to_player, "hit_frequency": result.hit_frequency,
            "element_of_risk": result.element_of_risk, "average_bets": result.average_bets,
            "note": result.note}


def under_alternatives(model: RulesetModel, wager: Wager, table: Paytable | None):
    """(reading, model, wager, paytable) under each alternative reading that touches the paytable
    (or the wager, for one without a paytable), where the wager still exists under it."""
    prefix = ("wagers", wager.id) + (("paytables", table.id) if table else ())
    for reading in model.alternatives_touching(*prefix):
        other = model.under(reading)
        try:
            o_wager = other.wager(wager.id)
        except KeyError:
            continue
        yield reading, other, o_wager, (o_wager.paytable(table.id) if table else None)


def priced(model: RulesetModel, wager: Wager, table: Paytable | None) -> PaytableResult:
    """A paytable's figures under the model's readings, with the readings applied and the figures
    each alternative reading gives."""
    result = price_paytable(wager, table, model.hand_rules)
    prefix = ("wagers", wager.id) + (("paytables", table.id) if table else ())
    result.readings = [_reading_view(r) for r in model.readings_touching(*prefix)]
    result.alternatives = []
    for reading, other, o_wager, o_table in under_alternatives(model, wager, table):
        o_result = price_paytable(o_wager, o_table, other.hand_rules)
        result.alternatives.append({**_reading_view(reading), **_figures(o_result)})
    if wager.is_base and result.status == "exact":
        result.readings.append(_reading_view(ZERO_EV_PULLED))
        result.alternatives.append({
            **_reading_view(ZERO_EV_RIDDEN), **_figures(result),
            "element_of_risk": result.details["element_of_risk_ridden"],
            "average_bets": result.details["average_bets_ridden"],
            "note": "same return; the zero-expectation holdings ride, so more is in action"})
    return result


def _model(ruleset) -> RulesetModel:
    return ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)


def paytable_result(ruleset, wager_id: str, paytable_id: str | None) -> PaytableResult:
    """The priced figures of one paytable of a wager (``paytable_id`` None only for a wager without paytables), under the model's readings; KeyError for an unknown wager or paytable."""
    model = _model(ruleset)
    wager = model.wager(wager_id)
    if paytable_id is None:
        if wager.paytables:
            raise KeyError(f"{wager_id} has paytables; name one")
        return priced(model, wager, None)
    table = wager.paytable(paytable_id)
    if table is None:
        raise KeyError(f"{model.ref}: wager {wager_id!r} has no paytable {paytable_id!r}")
    return priced(model, wager, table)


def jobs(ruleset, wager_id: str | None = None, paytable_id: str | None = None) -> list[tuple[Wager, Paytable | None]]:
    """The (wager, paytable) pairs to price, optionally narrowed to one wager and one paytable."""
    out = []
    for wager in _model(ruleset).wagers:
        if wager_id and wager.id != wager_id:
            continue
        for table in wager.paytables or (None,):
            if paytable_id and (table is None or table.id != paytable_id):
                continue
            out.append((wager, table))
    return out


def analyse(ruleset, wager_id: str | None = None, paytable_id: str | None = None,
            progress: Callable[[Iterable], Iterable] | None = None) -> list[PaytableResult]:
    """The priced figures of every paytable of every wager (or the ones named), each with its readings."""
    model = _model(ruleset)
    todo = jobs(model, wager_id, paytable_id)
    iterator = progress(todo) if progress else todo
    return [priced(model, w, t) for w, t in iterator]
