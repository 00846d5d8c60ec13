"""Exact game math for every paytable of every wager in a ruleset.

``analyse(ruleset)`` prices every paytable; ``paytable_result(ruleset, wager_id, paytable_id,
settings)`` prices one. Both read the ruleset's model (:mod:`lit_compliance.model`) under its
readings, and report, for every reading that concerns a paytable, the reading applied and the
figures under each alternative. Results are cached on disk keyed by the content analysed, the
settings and the engine's code (see :mod:`.cache`).

The result, :class:`PaytableResult`, is *the* price of a paytable: every command that states an
edge, a return, a hit frequency, a status or a meter (``analyze``, ``paytables``, ``check``,
``par``, ``compare``, the what-if, the site) reads it, so none can disagree. It says at which
table settings it holds (:class:`~.settings.TableSettings`: meter, stake, players; the readings are
the model's) and carries the exact fractions, the combinations of every line and the moments of the
net result. :func:`round_figures` gives the expectation and standard deviation of one round.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..model import Paytable, Reading, RulesetModel, Wager, model_of
from ..model.readings import ZERO_EV_PULLED, ZERO_EV_RIDDEN
from ..model.vocabulary import hand_name, money, status_sentence
from ..poker.hands import CATEGORIES_5, HandRules
from .. import cache
from .moments import Moments, moments
from .settings import AS_PUBLISHED, TableSettings
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
    settings: dict = field(default_factory=dict)      # where the figures hold: meter, stake, players
    missing: list = field(default_factory=list)       # hands whose figure the source lacks
    moments: dict = field(default_factory=dict)       # of the net result per unit (empty: not priced)

    def as_dict(self) -> dict:
        return asdict(self)

    @property
    def status_text(self) -> str:
        """The status in words, with the settings it depends on."""
        return status_sentence(self.status, self.settings, self.missing)

    @property
    def priced_at_meter(self) -> float | None:
        """The meter the figures hold at (None: no meter, or a function of the meter)."""
        return self.settings.get("meter")


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


def _f(x: Fraction | None) -> float | None:
    return None if x is None else float(x)


def _result(wager: Wager, table: Paytable | None, **kw: Any) -> PaytableResult:
    return PaytableResult(wager.id, wager.kind.value, wager.name, table.id if table else None,
                          table.name if table else "(no paytable in the source)", **kw)


def _settings_view(meter=None, meter_from=None, stake=None, stake_from=None, players=None) -> dict:
    """Where a price holds, as the record states it (None: the setting plays no part)."""
    return {"meter": _f(meter), "meter_from": meter_from, "stake": _f(stake), "stake_from": stake_from,
            "players": players}


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
                       hit_frequency=None, missing=list(missing), settings=_settings_view(),
                       note=f"figures missing in the source for: {', '.join(hand_name(h) for h in missing)}; "
                            "no edge can be stated")
    r = analyse_base(m, rules)
    outcomes = {f"{cat}/{bets}": float(p) for (cat, bets), p in sorted(r.outcomes.items())}
    net = {cat: int(m[code]) for code, cat in enumerate(CATEGORIES_5)}
    base_moments = moments([(q, Fraction(bets * net[cat])) for (cat, bets), q in sorted(r.outcomes.items()) if q])
    return _result(
        wager, table, status="exact", house_edge=_f(r.house_edge), return_to_player=_f(1 - r.house_edge),
        hit_frequency=_f(r.hit_frequency), element_of_risk=_f(r.element_of_risk),
        average_bets=_f(r.average_bets), settings=_settings_view(), moments=base_moments.as_dict(),
        note="optimal strategy; edge per unit of one base bet; a zero-expectation bet counts as pulled",
        exact={"house_edge": _frac(r.house_edge), "element_of_risk": _frac(r.element_of_risk),
               "average_bets": _frac(r.average_bets),
               "element_of_risk_ridden": _frac(r.element_of_risk_ridden),
               "average_bets_ridden": _frac(r.average_bets_ridden)},
        details={"ride_bet1_share": float(r.ride1_share), "ride_bet2_share": float(r.ride2_share),
                 "strategy_bet1": r.ride3, "strategy_bet2": r.ride4, "strategy_rules": r.rules,
                 "outcomes": outcomes,
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
    from .coverall import cover_all_moments, price_cover_all  # lazy: numpy, only when a result is not in the cache

    players = table.players or 1
    got = price_cover_all(table, players, rules)
    status = "simulated" if got["rounds"] else "exact"
    if got["missing"]:
        status = "incomplete"
    rtp = got["rtp"]
    note = (f"{players} player(s); every player holds a hand, the dealer none; 1-unit stake"
            + (f"; {got['method']}, seed fixed, 95% interval of the return "
               f"{got['interval'][0]:.4%} to {got['interval'][1]:.4%}"
               f" (+-{(got['interval'][1] - got['interval'][0]) / 2 * 100:.4f} points)" if got["rounds"]
               else f"; {got['method']}"))
    m = None if got["missing"] else cover_all_moments(table, players, rules)
    return _result(wager, table, status=status, house_edge=None if got["missing"] else 1 - rtp,
                   return_to_player=None if got["missing"] else rtp, hit_frequency=got["hit"], note=note,
                   exact={"return_to_player": _frac(got["exact_rtp"])} if got["exact_rtp"] is not None else {},
                   details={"players": players, "rounds": got["rounds"], "interval": got["interval"]},
                   missing=list(got["missing"]), moments=m.as_dict() if m else {},
                   settings=_settings_view(stake=Fraction(1), stake_from="one unit", players=players))


def _line_label(table: Paytable, i: int) -> str:
    line = table.lines[i]
    return line.hand + ("/" + ",".join(line.suits) if line.suits else "")


def _side_moments(table: Paytable, result, unit: Fraction, meter: Fraction | None) -> Moments:
    """The moments of the net result per unit staked, line by line at ``unit`` and ``meter``."""
    pairs = []
    for i, count in result.counts:
        value = table.lines[i].payout.per_unit(unit, meter)
        pairs.append((Fraction(count, result.total), value - 1))
    losing = result.total - sum(c for _, c in result.counts)
    pairs.append((Fraction(losing, result.total), Fraction(-1)))
    return moments(pairs)


def _price_side(wager: Wager, table: Paytable, rules: HandRules,
                settings: TableSettings = AS_PUBLISHED) -> PaytableResult:
    if table.hand_basis == "table_highest":
        return _price_cover_all(wager, table, rules)
    result = price(table, atoms_for(table.hand_basis, rules))
    fixed_stake = wager.stake_for(table)
    stake = fixed_stake or settings.stake
    stake_from = "fixed by the rules" if fixed_stake else (settings.stake_from if stake else None)
    details: dict = {"line_probabilities": {_line_label(table, i): float(p) for i, p in result.lines},
                     "line_counts": [[i, c] for i, c in result.counts],
                     "combinations": result.total}
    notes = []
    status = "exact"
    meter = meter_from = None
    if result.missing:
        status = "incomplete"
        notes.append("figures missing in the source for: "
                     f"{', '.join(hand_name(h) for h in result.missing)} (no edge can be stated)")
    if result.meter_share:
        status = "function_of_meter" if status == "exact" else status
        reset = wager.meter.reset_minimum if wager.meter else None
        if settings.meter is not None:
            meter, meter_from = settings.meter, settings.meter_from or "as given"
        elif reset:
            meter, meter_from = reset, "the least reset the rules allow"
        unit = stake or Fraction(1)
        details["rtp_per_meter_dollar"] = float(result.meter_share / unit)
        fixed_part = result.constant + result.fixed_total / unit
        details["rtp_without_meter"] = float(fixed_part)
        details["break_even_meter"] = float((1 - fixed_part) * unit / result.meter_share)
        details["rtp_per_meter_dollar_exact"] = _frac(result.meter_share / unit)
        details["rtp_without_meter_exact"] = _frac(fixed_part)
        details["break_even_meter_exact"] = _frac((1 - fixed_part) * unit / result.meter_share)
        if meter is not None:
            notes.append(f"at the meter {money(meter)} ({meter_from})")
        else:
            notes.append("no meter fixed by the rules: the return is a function of the meter "
                         f"({float(fixed_part):.4%} plus {float(result.meter_share / unit):.6%} per $1 of meter; "
                         f"break-even meter {money(details['break_even_meter'])})")
        rtp = result.rtp(unit, meter) if meter is not None else None
        if not stake:
            notes.append("stake not stated; priced per $1")
            stake, stake_from = Fraction(1), "not stated by the rules: priced per $1"
    elif result.fixed_total:
        if stake:
            rtp = result.rtp(stake)
            if not fixed_stake:
                notes.append(f"money amounts priced at a {money(stake)} wager ({stake_from})")
        else:
            status = "function_of_wager" if status == "exact" else status
            notes.append("money amounts on a wager the source does not state; priced at a $1 wager")
            details["rtp_by_stake"] = {str(s): float(result.rtp(s)) for s in (1, 5, 25)}
            details["rtp_by_stake_text"] = ", ".join(f"${s}: {float(result.rtp(s)):.4%}" for s in (1, 5, 25))
            rtp = result.rtp(1)
            stake, stake_from = Fraction(1), "not stated by the rules: priced per $1"
    else:
        rtp = result.constant
    if table.envy_lines:
        per = envy_per_other_player(table, rules)
        details["envy_per_other_player"] = {str(_plain(k)): float(v) for k, v in per.items()}
        notes.append("the envy bonus adds an expected amount per other player at the table (per stake level; "
                     "see the PAR sheet); not in the return above")
    m = None
    if status == "incomplete":
        house_edge = None
        details["return_excluding_missing"] = None if rtp is None else float(rtp)
        rtp_out = None
    else:
        house_edge = None if rtp is None else _f(1 - rtp)
        rtp_out = _f(rtp)
        if rtp is not None:
            m = _side_moments(table, result, stake or Fraction(1), meter)   # 1 + mean == rtp (tests)
    return _result(wager, table, status=status, house_edge=house_edge, return_to_player=rtp_out,
                   hit_frequency=_f(result.hit_frequency), note="; ".join(notes),
                   exact={"return_to_player": _frac(rtp) if rtp is not None and status != "incomplete" else None},
                   details=details, missing=list(result.missing), moments=m.as_dict() if m else {},
                   settings=_settings_view(meter, meter_from, stake, stake_from, settings.players))


def _plain(x: Fraction | None):
    """A stake level as the ruleset spells it (``1``, ``5``, ``2.5``; ``None`` for no level)."""
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


def _compute(wager: Wager, table: Paytable | None, rules: HandRules,
             settings: TableSettings = AS_PUBLISHED) -> PaytableResult:
    if table is None:
        return _result(wager, None, status="incomplete", house_edge=None, return_to_player=None,
                       hit_frequency=None, note="the source prints no paytable for this wager",
                       settings=_settings_view())
    if wager.is_base:
        return _price_base(wager, table, rules)
    return _price_side(wager, table, rules, settings)


def _cache_key(wager: Wager, table: Paytable | None, rules: HandRules,
               settings: TableSettings = AS_PUBLISHED) -> list:
    """Everything the figures depend on (positions and wording excluded), as text."""
    slim = (wager.id, wager.kind.value, wager.name, wager.hand_basis.value, str(wager.stake),
            str(wager.meter.reset_minimum) if wager.meter else None)
    key = ["paytable", repr(slim), repr(table), repr(rules)]
    return key if settings == AS_PUBLISHED else key + [settings.key()]


def relevant_settings(wager: Wager, table: Paytable | None, settings: TableSettings) -> TableSettings:
    """Only the settings the paytable's figures depend on: a meter where a line pays from it, a
    stake where lines pay money and the rules fix no stake, players where an envy bonus pays."""
    if settings == AS_PUBLISHED or table is None or wager.is_base or table.hand_basis == "table_highest":
        return AS_PUBLISHED
    meter = any(line.payout.is_meter for line in table.lines)
    money_lines = meter or any(line.payout.is_fixed for line in table.lines)
    stake = settings.stake if money_lines and not wager.stake_for(table) else None
    return TableSettings(meter=settings.meter if meter else None, meter_from=settings.meter_from if meter else "",
                         stake=stake, stake_from=settings.stake_from if stake else "",
                         players=settings.players if table.envy_lines else None)


def price_paytable(wager: Wager, table: Paytable | None, rules: HandRules,
                   settings: TableSettings = AS_PUBLISHED) -> PaytableResult:
    """The figures of one paytable at ``settings`` (no readings attached), from the cache when it
    has them."""
    settings = relevant_settings(wager, table, settings)
    key = _cache_key(wager, table, rules, settings)
    memo = json.dumps([str(cache.directory()), key])
    seen = _PRICED.get(memo)
    if seen is not None:
        return priced_from_json(json.loads(seen))
    result = cache.memo(PRICED, {"paytable": key}, lambda: _compute(wager, table, rules, settings))
    _PRICED[memo] = json.dumps(priced_to_json(result))
    return result


#: Within one run, each paytable's figures as the cache folder holds them (JSON text, so every caller
#: gets its own copy), by folder and content (bounded): a command that prices a paytable for two views
#: (the site's paytables and PAR sheets) reads or computes it once.
_PRICED: cache.Bounded = cache.Bounded(2048)


def priced_to_json(result: PaytableResult) -> dict:
    """The priced record as JSON data (the codec of the ``priced`` cache kind)."""
    return result.as_dict()


def priced_from_json(data: dict) -> PaytableResult:
    """The priced record of :func:`priced_to_json`'s data (a ``TypeError`` for data of another shape)."""
    if not isinstance(data, dict):
        raise TypeError("a priced record is a JSON object")
    return PaytableResult(**data)


PRICED = cache.kind("priced", priced_to_json, priced_from_json,
                    "the figures of one paytable at given settings (:func:`price_paytable`)")


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


def priced(model: RulesetModel, wager: Wager, table: Paytable | None,
           settings: TableSettings = AS_PUBLISHED) -> PaytableResult:
    """A paytable's figures under the model's readings at ``settings``, with the readings applied
    and the figures each alternative reading gives (at the same settings)."""
    result = price_paytable(wager, table, model.hand_rules, settings)
    prefix = ("wagers", wager.id) + (("paytables", table.id) if table else ())
    result.readings = [_reading_view(r) for r in model.readings_touching(*prefix)]
    result.alternatives = []
    for reading, other, o_wager, o_table in under_alternatives(model, wager, table):
        o_result = price_paytable(o_wager, o_table, other.hand_rules, settings)
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


def paytable_result(ruleset, wager_id: str, paytable_id: str | None,
                    settings: TableSettings = AS_PUBLISHED) -> PaytableResult:
    """The priced record of one paytable of a ruleset (or model) at ``settings``."""
    model = _model(ruleset)
    wager = model.wager(wager_id)
    if paytable_id is None:
        if wager.paytables:
            raise KeyError(f"{wager_id} has paytables; name one")
        return priced(model, wager, None, settings)
    table = wager.paytable(paytable_id)
    if table is None:
        raise KeyError(f"{model.ref}: wager {wager_id!r} has no paytable {paytable_id!r}")
    return priced(model, wager, table, settings)


@dataclass(frozen=True)
class RoundFigures:
    """One round of a wager: the expected net result and its standard deviation, in money at the
    amount wagered (``stake``: for the base game, each of the equal base bets)."""

    mean: Fraction
    standard_deviation: float
    stake: Fraction
    status: str
    settings: dict


def round_figures(result: PaytableResult, amount: Fraction | None = None) -> RoundFigures | None:
    """Expectation and standard deviation per round of a priced paytable, for ``amount`` wagered
    (each base bet, or the side wager; default: the stake the record is priced on, one unit where
    it has none; a record priced on a stake, whose money amounts do not scale, only at that stake).
    None where the record states no moments (incomplete, or a function of the meter with no meter
    given). The mean is exact; the standard deviation is a float."""
    if not result.moments:
        return None
    stake = result.settings.get("stake")
    unit = Fraction(str(stake)) if stake else Fraction(1)
    amount = unit if amount is None else Fraction(amount)
    if stake and amount != unit:   # money amounts do not scale with the wager: price at that amount
        raise ValueError(f"{result.wager_id}/{result.paytable_id} is priced on a {money(unit)} wager; price it at "
                         f"{money(amount)} (TableSettings(stake=...)) for figures at that amount")
    mean = Fraction(result.moments["mean"])
    return RoundFigures(mean * amount, result.moments["standard_deviation"] * float(amount), amount,
                        result.status, result.settings)


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
    """The priced record of every paytable (of one wager, or one paytable) as published."""
    model = _model(ruleset)
    todo = jobs(model, wager_id, paytable_id)
    iterator = progress(todo) if progress else todo
    return [priced(model, w, t) for w, t in iterator]
