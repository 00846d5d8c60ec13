"""The priced record as the JSON outputs state it (``analyze``, ``paytables``): the one place a
:class:`~lit_compliance.gamemath.record.PricedPaytable` becomes a dict of figures.

Figures are floats here (the record keeps exact fractions); the ``exact`` and ``*_exact`` entries
give the fractions as ``"n/d"`` text. The keys and their order are the outputs' contract.
"""
from __future__ import annotations

from fractions import Fraction

from ..gamemath.codec import fraction_text
from ..gamemath.record import (Alternative, AppliedReading, BaseStrategy, PricedPaytable, SideFigures, Status,
                               settings_json)
from ..model.findings_vocabulary import finding_json
from ..model.vocabulary import (alternative_note, hand_name, holdings_json, paytable_title, plain, priced_note, strategy_rule_json,
                               strategy_sentence)
from ..poker.hands import CATEGORIES_5


def _f(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else fraction_text(x)


def reading_json(reading: AppliedReading) -> dict:
    """A reading applied, as the outputs state it."""
    return {"finding": reading.finding, "reading": reading.reading, "meaning": reading.meaning,
            "default": reading.default}


def alternative_json(alt: Alternative) -> dict:
    """The figures under another reading, as the outputs state them."""
    return {**reading_json(alt.reading), "status": alt.status.value, "house_edge": _f(alt.house_edge),
            "return_to_player": _f(alt.return_to_player), "hit_frequency": _f(alt.hit_frequency),
            "element_of_risk": _f(alt.element_of_risk), "average_bets": _f(alt.average_bets), "note": alternative_note(alt)}


def moments_json(record: PricedPaytable) -> dict:
    """The moments of the net result per unit, as the outputs state them (``{}``: none)."""
    m = record.moments
    if m is None:
        return {}
    return {"mean": fraction_text(m.mean), "variance": fraction_text(m.variance), "standard_deviation": m.sd,
            "win_frequency": float(m.win), "push_frequency": float(m.push),
            "win_frequency_exact": fraction_text(m.win), "push_frequency_exact": fraction_text(m.push)}


def outcome_rows(base: BaseStrategy) -> list[dict]:
    """The final-hand table for text output, best hand first."""
    outcomes = {(category, bets): p for category, bets, p in base.outcomes}
    rows = []
    for category in reversed(CATEGORIES_5):
        cells = {b: outcomes.get((category, b)) for b in (1, 2, 3)}
        if any(cells.values()):
            rows.append({"hand": hand_name(category) if category != "pair" else "Pair below tens",
                         **{f"p{b}": f"{float(p):.8f}" if p else "0" for b, p in cells.items()}})
    return rows


def _base_details(base: BaseStrategy) -> dict:
    bet1, bet2 = holdings_json(base)
    return {"ride_bet1_share": float(base.ride_bet1_share), "ride_bet2_share": float(base.ride_bet2_share),
            "strategy_bet1": bet1, "strategy_bet2": bet2,
            "strategy_rules": {"bet1": [strategy_rule_json(r) for r in base.rules_bet1],
                               "bet2": [strategy_rule_json(r) for r in base.rules_bet2],
                               "bet1_text": strategy_sentence(base.rules_bet1, 1),
                               "bet2_text": strategy_sentence(base.rules_bet2, 2)},
            "outcomes": {f"{cat}/{bets}": float(p) for cat, bets, p in base.outcomes},
            "outcome_rows": outcome_rows(base),
            "element_of_risk_ridden": float(base.element_of_risk_ridden),
            "average_bets_ridden": float(base.average_bets_ridden)}


def _side_details(side: SideFigures, status: Status) -> dict:
    out: dict = {"line_probabilities": {label: float(p) for label, p in side.line_probabilities},
                 "line_counts": [[i, c] for i, c in side.line_counts], "combinations": side.combinations}
    if side.meter is not None:
        m = side.meter
        out.update(rtp_per_meter_dollar=float(m.per_meter_dollar), rtp_without_meter=float(m.without_meter),
                   break_even_meter=float(m.break_even), rtp_per_meter_dollar_exact=fraction_text(m.per_meter_dollar),
                   rtp_without_meter_exact=fraction_text(m.without_meter),
                   break_even_meter_exact=fraction_text(m.break_even))
    if side.rtp_by_stake:
        out["rtp_by_stake"] = {str(s): float(v) for s, v in side.rtp_by_stake}
        out["rtp_by_stake_text"] = ", ".join(f"${s}: {float(v):.4%}" for s, v in side.rtp_by_stake)
    if side.envy_per_other_player:
        out["envy_per_other_player"] = {str(plain(k)): float(v) for k, v in side.envy_per_other_player}
    if status is Status.INCOMPLETE:
        out["return_excluding_missing"] = _f(side.return_excluding_missing)
    return out


def _exact(record: PricedPaytable) -> dict:
    if record.base is not None:
        return {"house_edge": _frac(record.house_edge), "element_of_risk": _frac(record.element_of_risk),
                "average_bets": _frac(record.average_bets),
                "element_of_risk_ridden": _frac(record.base.element_of_risk_ridden),
                "average_bets_ridden": _frac(record.base.average_bets_ridden)}
    if record.cover_all is not None:
        exact = record.cover_all.exact_return
        return {"return_to_player": fraction_text(exact)} if exact is not None else {}
    if record.side is not None:
        return {"return_to_player": _frac(record.return_to_player)}
    return {}


def _details(record: PricedPaytable) -> dict:
    if record.base is not None:
        return _base_details(record.base)
    if record.cover_all is not None:
        c = record.cover_all
        return {"players": c.players, "rounds": c.rounds, "interval": None if c.interval is None else list(c.interval)}
    if record.side is not None:
        return _side_details(record.side, record.status)
    return {}


def priced_json(record: PricedPaytable) -> dict:
    """The record as the JSON outputs state it."""
    return {
        "wager_id": record.wager_id, "wager_kind": record.wager_kind.value, "wager_name": record.wager_name,
        "paytable_id": record.paytable_id, "paytable_name": paytable_title(record.paytable_name), "status": record.status.value,
        "house_edge": _f(record.house_edge), "return_to_player": _f(record.return_to_player),
        "hit_frequency": _f(record.hit_frequency), "element_of_risk": _f(record.element_of_risk),
        "average_bets": _f(record.average_bets), "note": priced_note(record), "exact": _exact(record),
        "details": _details(record), "readings": [reading_json(r) for r in record.readings],
        "alternatives": [alternative_json(a) for a in record.alternatives],
        "settings": settings_json(record.settings), "missing": list(record.missing),
        "moments": moments_json(record),
    }


def analysis_json(analysis) -> dict:
    """An :class:`~lit_compliance.gamemath.analysis.Analysis` as ``analyze`` states it."""
    return {"results": [priced_json(r) for r in analysis.results],
            "math_findings": [finding_json(f) for f in analysis.math_findings]}
