"""A PAR sheet's JSON form: the typed record (:mod:`lit_compliance.gamemath.par_record`) as the data
``par --format json`` prints and the PAR templates lay out.

The record holds numbers; here each figure becomes a float (an exact one also as ``"n/d"`` text where
the sheet states it so) and each enum and identifier the words of
:mod:`lit_compliance.model.par_vocabulary`, in the sheet's own order of keys: the wager and
paytable, the sheet's figures by its kind (side wager, base game, Cover All), the priced record's
headline, and the settings the figures hold at.
"""
from __future__ import annotations

import json
from fractions import Fraction

from ..gamemath.codec import fraction_text
from ..gamemath.par import LEVELS
from ..gamemath.par_record import BASE_TOTAL, Assumed, Assumption, ParSheet, SheetBody, SheetKind
from ..gamemath.record import settings_json
from ..model import Paytable, Wager
from ..model.vocabulary import NO_PAYTABLE_NAME, holdings_json, priced_note, setting_source_text, strategy_rule_json, strategy_sentence
from ..model.par_vocabulary import (ENVY_NOTE, LONG_RUN_FORMULA, SENSITIVITY_NOTE,
                                    assumption_text, bands_handle, enumeration_text, hand_text, holds_at,
                                    method_text, outcome_text, pays_text, return_function_text, unit_text)
from ..poker.hands import CATEGORIES_5

LEVELS_SAID = tuple(f"{int(level * 100)}%" for level in LEVELS)


def _f(x) -> float | None:
    return None if x is None else float(x)


def sheet_json(sheet: ParSheet, wager: Wager, table: Paytable | None) -> dict:
    """The sheet of ``wager``'s paytable ``table`` (None: the source prints none) as JSON data."""
    record = sheet.priced
    head = {"wager_id": wager.id, "wager_name": wager.name, "wager_kind": wager.kind.value,
            "paytable_id": table.id if table else None,
            "paytable_name": table.name if table else NO_PAYTABLE_NAME,
            "cite": table.cite if table else wager.cite}
    summary = {"status": record.status.value, "house_edge": _f(record.house_edge),
               "return_to_player": _f(record.return_to_player), "hit_frequency": _f(record.hit_frequency),
               "settings": settings_json(record.settings), "missing": list(record.missing), "note": priced_note(record)}
    if sheet.body is None:
        return {**head, "priced": summary, "status": "incomplete", "rows": [], "totals": None, "sensitivity": [],
                "assumptions": [assumption_text(Assumption(Assumed.NO_PAYTABLE))],
                "enumeration": "", "total": None, "holds_at": []}
    body = json.loads(json.dumps(body_json(sheet, table)))   # as the sheet's figures always read
    return {**head, **body, "priced": summary, "holds_at": holds_at(record)}


def body_json(sheet: ParSheet, table: Paytable) -> dict:
    """The sheet's own figures, in the order of keys of its kind."""
    body = sheet.body
    kind = body.kind.value
    out = {"enumeration": enumeration_text(kind, table, body), "total": body.total, "stake": float(body.stake),
           "stake_stated": body.stake_stated}
    assumptions = [assumption_text(a) for a in body.assumptions]
    rows = [_row(kind, table, r) for r in body.rows]
    if body.kind is SheetKind.COVER_ALL:
        out |= {"rows": rows, "totals": _totals(body), "status": body.status.value, "assumptions": assumptions,
                "cover_all": {"players": body.cover_all_players, "by_players": [_count(c) for c in body.cover_all],
                              "categories": list(CATEGORIES_5)},
                "sensitivity": _sensitivity(kind, table, body)}
        return out | _finish(body)
    out["assumptions"] = assumptions
    if body.kind is SheetKind.BASE:
        if body.totals is None:
            return out | {"status": body.status.value, "rows": rows, "totals": None, "sensitivity": []}
        if body.payout_limit is not None:
            out["payout_limit"] = _limit(body)
        out |= {"total_five": body.total_five, "rows": rows, "totals": _totals(body), "status": body.status.value,
                "base": _base(sheet, [row["hand"] for row in rows]), "sensitivity": _sensitivity(kind, table, body),
                "sensitivity_note": SENSITIVITY_NOTE}
        return out | _finish(body)
    out |= {"rows": rows, "totals": _totals(body), "status": body.status.value,
            "sensitivity": _sensitivity(kind, table, body)}
    if body.payout_limit is not None:
        out["payout_limit"] = _limit(body)
    if body.meter is not None:
        out["meter"] = _meter(body, table, setting_source_text(sheet.priced.held_at.meter_from))
    if body.by_stake is not None:
        out["by_stake"] = [{"stake": p.stake, "return_to_player": _f(p.return_to_player),
                            "house_edge": _f(p.house_edge),
                            "standard_deviation": p.standard_deviation} for p in body.by_stake]
    if body.envy is not None:
        out["envy"] = {"rows": [{"stake": float(e.stake), "others": e.others, "envy_per_other": float(e.envy_per_other),
                                 "return_to_player": float(e.return_to_player)} for e in body.envy],
                       "note": ENVY_NOTE}
    return out | _finish(body)


def _row(kind: str, table: Paytable, r) -> dict:
    line = table.lines[r.line] if r.line is not None else None
    out = {"hand": hand_text(kind, table, r.line, r.category), "combinations": r.combinations,
           "probability": float(r.probability), "cycle": r.cycle, "pays": pays_text(kind, table, r.line),
           "net": _f(r.net), "contribution": _f(r.contribution), "outcome": outcome_text(r.outcome.value)}
    if r.deals is not None:
        out["deals"] = dict(zip((1, 2, 3), r.deals))
    out["cite"] = line.cite if line is not None else ""
    return out


def _sensitivity(kind: str, table: Paytable, body: SheetBody) -> list[dict]:
    return [{"hand": hand_text(kind, table, s.line, s.category), "unit": unit_text(s.unit.value),
             "change_in_house_edge": float(s.change)} for s in body.sensitivity]


def _totals(body: SheetBody) -> dict | None:
    t = body.totals
    if t is None:
        return None
    x = t.exact
    out = {"return_to_player": float(t.return_to_player), "house_edge": float(t.house_edge),
           "hit_frequency": float(t.hit_frequency), "win_frequency": float(t.win_frequency),
           "push_frequency": float(t.push_frequency), "variance": float(t.variance),
           "standard_deviation": t.standard_deviation,
           "volatility_index": dict(zip(LEVELS_SAID, t.volatility_index)),
           "exact": {"return_to_player": fraction_text(x.return_to_player),
                     "house_edge": fraction_text(x.house_edge), "hit_frequency": fraction_text(x.hit_frequency),
                     "variance": fraction_text(x.variance)} if x else {}}
    if t.interval_95 is not None:
        out |= {"interval_95": list(t.interval_95), "interval_95_error": t.interval_95_error}
    return out


def _limit(body: SheetBody) -> dict:
    x = body.payout_limit
    return {"limit": float(x.limit), "bet": float(x.bet), "cap_units": float(x.cap_units),
            "probability_capped": float(x.probability_capped), "return_to_player": float(x.return_to_player),
            "house_edge": float(x.house_edge), "standard_deviation": x.standard_deviation,
            "edge_change": float(x.edge_change)}


def _meter(body: SheetBody, table: Paytable, priced_from: str | None) -> dict:
    m = body.meter
    return {
        "priced_at": _f(m.priced_at), "priced_at_from": priced_from,
        "return_without_meter": float(m.return_without_meter),
        "return_per_meter_dollar": float(m.return_per_meter_dollar), "break_even_meter": _f(m.break_even_meter),
        "return_function": return_function_text(m),
        "meter_lines": [{"hand": hand_text("side", table, x.line, None), "pays": pays_text("side", table, x.line),
                         "cycle": x.cycle} for x in m.meter_lines],
        "curve": [{"meter": p.meter, "return_to_player": float(p.return_to_player)} for p in m.curve],
        "long_run_formula": LONG_RUN_FORMULA, "R0": float(m.return_without_meter),
        "p_whole_meter": float(m.p_whole_meter),
        "long_run": [{"rate_percent": float(x.rate_percent), "reset": float(x.reset),
                      "return_to_player": float(x.return_to_player)} for x in m.long_run],
        "long_run_from_config": m.long_run_from_config}


def _count(c) -> dict:
    return {"players": c.players, "method": method_text(c), "return_to_player": float(c.return_to_player),
            "house_edge": float(c.house_edge), "hit_frequency": float(c.hit_frequency),
            "standard_deviation": c.standard_deviation, "interval_95": list(c.interval_95),
            "interval_95_error": c.interval_95_error, "distribution": list(c.distribution)}


def _base(sheet: ParSheet, hands: list[str]) -> dict:
    """The base game's per-bet figures and strategy: the priced record's."""
    record, r = sheet.priced, sheet.priced.base
    bet1, bet2 = holdings_json(r)
    return {
        "bet_expectations": [float(e) for e in r.bet_expectations],
        "bet_expectations_exact": [fraction_text(e) for e in r.bet_expectations],
        "ride_bet1": float(r.ride_bet1_share), "ride_bet2": float(r.ride_bet2_share),
        "pulled": {"average_bets": float(record.average_bets), "element_of_risk": float(record.element_of_risk)},
        "ridden": {"average_bets": float(r.average_bets_ridden), "element_of_risk": float(r.element_of_risk_ridden)},
        "final_hands": [{"hand": hand, **{f"bets_{b}": float(Fraction(deals, BASE_TOTAL))
                                          for b, deals in zip((1, 2, 3), row.deals)}}
                        for hand, row in zip(hands, sheet.body.rows)],
        "strategy_bet1": bet1, "strategy_bet2": bet2,
        "strategy_rules": {"bet1": [strategy_rule_json(x) for x in r.rules_bet1],
                           "bet2": [strategy_rule_json(x) for x in r.rules_bet2],
                           "bet1_text": strategy_sentence(r.rules_bet1, 1), "bet2_text": strategy_sentence(r.rules_bet2, 2)},
    }


def _finish(body: SheetBody) -> dict:
    if not body.totals:
        return {}
    bands = None if body.bands is None else [
        {"rounds": b.rounds, **{name: list(band) for name, band in zip(LEVELS_SAID, b.levels)},
         **({"coarser_lattice": b.lattice, "variance_added_at_most": body.variance_added_at_most(b)}
            if b.lattice is not None else {})} for b in body.bands]
    shares = None if body.normal_share is None else [
        {"rounds": s.rounds, **dict(zip(LEVELS_SAID, s.shares))} for s in body.normal_share]
    h = body.per_hour
    return {"bands": bands, "volatility_index_share": shares, "bands_handle": bands_handle(body.kind.value),
            "per_hour": {"bet": float(h.bet), "hands_per_hour": h.hands_per_hour, "win_per_hour": h.win_per_hour,
                         "house_edge_at_bet": h.house_edge_at_bet, "edge_depends_on_bet": h.edge_depends_on_bet}}
