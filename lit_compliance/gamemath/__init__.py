"""Exact game math for every paytable of every wager in a ruleset.

``analyse(ruleset)`` prices every paytable; ``paytable_result(ruleset, wager_id, paytable_id,
settings)`` prices one. Both read the ruleset's model (:mod:`lit_compliance.model`) under its
readings, and report, for every reading that concerns a paytable, the reading applied and the
figures under each alternative. Results are cached on disk keyed by the content analysed, the
settings and the engine's code (see :mod:`.cache`).

The result, :class:`~.record.PricedPaytable`, a frozen typed record, is *the* price of a paytable:
every command that states an edge, a return, a hit frequency, a status or a meter (``analyze``,
``paytables``, ``check``, ``par``, ``compare``, the what-if, the site) reads it, so none can
disagree. It says at which table settings it holds (:class:`~.record.PricedAt`: meter, stake,
players; the readings are the model's) and carries the exact fractions, the combinations of every
line, the moments of the net result and the base game's strategy. :func:`round_figures` gives the expectation and standard deviation of one round.
"""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable, Iterable

from ..model import Paytable, Reading, RulesetModel, RulesetOrModel, Wager, model_of
from ..model.readings import ZERO_EV_PULLED, ZERO_EV_RIDDEN
from ..model.vocabulary import money
from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from .. import cache
from .codec import CodecError
from .moments import Moments, moments
from .record import (Alternative, AppliedReading, BaseStrategy, CoverAllFigures, HoldingGroup, MeterFunction,
                     PricedAt, PricedPaytable, SideFigures, Status)
from .settings import AS_PUBLISHED, SettingSource, TableSettings
from .side import atoms_for, envy_per_other_player, price_over_atoms
from .strategy_rule import StrategyRule
from .tables import Atom
from ..records import record


def _result(wager: Wager, table: Paytable | None, **kw: Any) -> PricedPaytable:
    return PricedPaytable(wager.id, wager.kind, wager.name, table.id if table else None,
                          table.name if table else None, **kw)


def _price_base(wager: Wager, table: Paytable, rules: HandRules) -> PricedPaytable:
    from .base import analyse_base, multipliers, not_whole_odds  # lazy: numpy, only on a cache miss

    odd = not_whole_odds(table)
    if odd:
        return _result(wager, table, status=Status.INCOMPLETE, house_edge=None, return_to_player=None,
                       hit_frequency=None, not_whole_odds=tuple(odd))
    m, missing = multipliers(table)
    if missing:
        return _result(wager, table, status=Status.INCOMPLETE, house_edge=None, return_to_player=None,
                       hit_frequency=None, missing=tuple(missing), settings=PricedAt())
    r = analyse_base(m, rules)
    net = {cat: int(m[code]) for code, cat in enumerate(CATEGORIES_5)}
    base_moments = moments([(q, Fraction(bets * net[cat])) for (cat, bets), q in sorted(r.outcomes.items()) if q])
    return _result(
        wager, table, status=Status.EXACT, house_edge=r.house_edge, return_to_player=1 - r.house_edge,
        hit_frequency=r.hit_frequency, element_of_risk=r.element_of_risk,
        average_bets=r.average_bets, settings=PricedAt(), moments=base_moments, base=_strategy(r))


def _rules(rules: list[dict]) -> tuple[StrategyRule, ...]:
    return tuple(StrategyRule(r["decision"], r["family"], tuple(r["high"]), tuple(r["excluding"]), tuple(r["including"]),
                      r["cards"], r["top"]) for r in rules)


def _strategy(r) -> BaseStrategy:
    """The base game's strategy and final hands, typed, from the analysis."""
    return BaseStrategy(
        ride_bet1_share=r.ride1_share, ride_bet2_share=r.ride2_share, bet1=tuple(r.ride3),
        bet2=tuple(HoldingGroup(group, g["riding"], g["of"], tuple(g["holdings"])) for group, g in r.ride4.items()),
        rules_bet1=_rules(r.rules["bet1"]), rules_bet2=_rules(r.rules["bet2"]),
        outcomes=tuple((cat, bets, p) for (cat, bets), p in sorted(r.outcomes.items())),
        bet_expectations=tuple(r.bet_expectations), element_of_risk_ridden=r.element_of_risk_ridden,
        average_bets_ridden=r.average_bets_ridden)


def _price_cover_all(wager: Wager, table: Paytable, rules: HandRules) -> PricedPaytable:
    from .coverall import cover_all_moments, price_cover_all  # lazy: numpy, only when a result is not in the cache

    players = table.players or 1
    got = price_cover_all(table, players, rules)
    status = Status.SIMULATED if got["rounds"] else Status.EXACT
    if got["missing"]:
        status = Status.INCOMPLETE
    rtp = got["rtp"]   # a float: the simulated figure, or the exact one as a float
    m = None if got["missing"] else cover_all_moments(table, players, rules)
    interval = got["interval"]
    return _result(wager, table, status=status, house_edge=None if got["missing"] else Fraction(1 - rtp),
                   return_to_player=None if got["missing"] else Fraction(rtp), hit_frequency=_exactly(got["hit"]),
                   missing=tuple(got["missing"]), moments=m,
                   cover_all=CoverAllFigures(players, got["rounds"], None if interval is None else
                                             (float(interval[0]), float(interval[1])), got["exact_rtp"],
                                             got["method"], got["exact_from"]),
                   settings=PricedAt(stake=Fraction(1), stake_from=SettingSource.ONE_UNIT, players=players))


def _exactly(x) -> Fraction | None:
    """A figure as the fraction equal to it (a float's own value, exactly)."""
    return None if x is None else Fraction(x)


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
                settings: TableSettings = AS_PUBLISHED) -> PricedPaytable:
    if table.hand_basis == "table_highest":
        return _price_cover_all(wager, table, rules)
    result = price_over_atoms(table, atoms_for(table.hand_basis, rules))
    fixed_stake = wager.stake_for(table)
    stake = fixed_stake or settings.stake
    stake_from = SettingSource.FIXED_BY_RULES if fixed_stake else (settings.stake_from if stake else None)
    side: dict = {"line_probabilities": tuple((_line_label(table, i), p) for i, p in result.lines),
                  "line_counts": tuple((i, c) for i, c in result.counts), "combinations": result.total,
                  "pays_amounts": bool(result.fixed_total)}
    status = Status.EXACT
    meter = meter_from = None
    if result.missing:
        status = Status.INCOMPLETE
    if result.meter_share:
        status = Status.FUNCTION_OF_METER if status is Status.EXACT else status
        reset = wager.meter.reset_minimum if wager.meter else None
        if settings.meter is not None:
            meter, meter_from = settings.meter, settings.meter_from or SettingSource.AS_GIVEN
        elif reset:
            meter, meter_from = reset, SettingSource.LEAST_RESET
        unit = stake or Fraction(1)
        fixed_part = result.constant + result.fixed_total / unit
        side["meter"] = MeterFunction(result.meter_share / unit, fixed_part,
                                      (1 - fixed_part) * unit / result.meter_share)
        rtp = result.rtp(unit, meter) if meter is not None else None
        if not stake:
            stake, stake_from = Fraction(1), SettingSource.PER_DOLLAR
    elif result.fixed_total:
        if stake:
            rtp = result.rtp(stake)
        else:
            status = Status.FUNCTION_OF_WAGER if status is Status.EXACT else status
            side["rtp_by_stake"] = tuple((s, result.rtp(s)) for s in (1, 5, 25))
            rtp = result.rtp(1)
            stake, stake_from = Fraction(1), SettingSource.PER_DOLLAR
    else:
        rtp = result.constant
    if table.envy_lines:
        side["envy_per_other_player"] = tuple((None if level is None else Fraction(level), amount)
                                              for level, amount in envy_per_other_player(table, rules).items())
    m = None
    if status is Status.INCOMPLETE:
        side["return_excluding_missing"] = rtp
        rtp = None
    elif rtp is not None:
        m = _side_moments(table, result, stake or Fraction(1), meter)   # 1 + mean == rtp (tests)
    return _result(wager, table, status=status, house_edge=None if rtp is None else 1 - rtp, return_to_player=rtp,
                   hit_frequency=result.hit_frequency, side=SideFigures(**side), missing=tuple(result.missing), moments=m,
                   settings=PricedAt(meter, meter_from, stake, stake_from, settings.players))


def _compute(wager: Wager, table: Paytable | None, rules: HandRules,
             settings: TableSettings = AS_PUBLISHED) -> PricedPaytable:
    if table is None:
        return _result(wager, None, status=Status.INCOMPLETE, house_edge=None, return_to_player=None,
                       hit_frequency=None, settings=PricedAt())
    if wager.is_base:
        return _price_base(wager, table, rules)
    return _price_side(wager, table, rules, settings)


def _cache_key(wager: Wager, table: Paytable | None, rules: HandRules,
               settings: TableSettings = AS_PUBLISHED) -> list:
    """Everything the figures depend on (positions and wording excluded), as text."""
    slim = (wager.id, wager.kind.value, wager.name, wager.hand_basis.value, str(wager.stake),
            str(wager.meter.reset_minimum) if wager.meter else None)
    key = ["paytable", repr(slim), cache.held_repr(table), cache.held_repr(rules)]
    return key if settings == AS_PUBLISHED else key + [settings.key()]


def base_pays(table: Paytable) -> tuple:
    """All a base-game paytable's record is priced from (:func:`_price_base`), but its labels: for each
    five-card category, the line that pays it (:meth:`Paytable.line_for`, as :func:`.base.multipliers`
    and :func:`.base.not_whole_odds` pick it) as its hand, whether it is offered, whether its figure
    is missing, and its whole "to 1" odds (None where they are not whole); None where no line pays it.
    Two paytables alike in these (a house paytable paying as a bundled one, a ruleset's paytable with
    the figures a table supplies) have one record but for their names, so one cache entry."""
    pays = []
    for category in CATEGORIES_5:
        line = table.line_for(Atom(frozenset({category} | IMPLIED.get(category, set())), None, 1))
        if line is None:
            pays.append(None)
            continue
        try:
            odds = line.payout.whole_odds()
        except ValueError:
            odds = None
        pays.append((line.hand, line.payout.offered, line.payout.missing, odds))
    return tuple(pays)


def _content_key(wager: Wager, table: Paytable | None, rules: HandRules, key: list) -> list:
    """The cache key of a record by what it is priced from: a base-game paytable's by its pays
    (:func:`base_pays`) and the ranking rules, whatever its wager's and its own names (the record's
    labels are the caller's: :func:`_labelled`); any other's is ``key``, its :func:`_cache_key`."""
    if table is None or not wager.is_base:
        return key
    return ["base-paytable", repr(base_pays(table)), cache.held_repr(rules)]


def _labelled(record: PricedPaytable, wager: Wager, table: Paytable | None) -> PricedPaytable:
    """The record with this wager's and paytable's labels (a record kept by content may carry
    those of another paytable paying alike)."""
    labels = dict(wager_id=wager.id, wager_kind=wager.kind, wager_name=wager.name,
                  paytable_id=table.id if table else None, paytable_name=table.name if table else None)
    return record if all(getattr(record, k) == v for k, v in labels.items()) else replace(record, **labels)


def relevant_settings(wager: Wager, table: Paytable | None, settings: TableSettings) -> TableSettings:
    """Only the settings the paytable's figures depend on: a meter where a line pays from it, a
    stake where lines pay money and the rules fix no stake, players where an envy bonus pays."""
    if settings == AS_PUBLISHED or table is None or wager.is_base or table.hand_basis == "table_highest":
        return AS_PUBLISHED
    meter = any(line.payout.is_meter for line in table.lines)
    money_lines = meter or any(line.payout.is_fixed for line in table.lines)
    stake = settings.stake if money_lines and not wager.stake_for(table) else None
    return TableSettings(meter=settings.meter if meter else None, meter_from=settings.meter_from if meter else None,
                         stake=stake, stake_from=settings.stake_from if stake else None,
                         players=settings.players if table.envy_lines else None)


def price_paytable(wager: Wager, table: Paytable | None, rules: HandRules,
                   settings: TableSettings = AS_PUBLISHED) -> PricedPaytable:
    """The figures of one paytable at ``settings`` (no readings attached), from the cache when it
    has them (as the record's JSON form, :meth:`PricedPaytable.as_json`)."""
    settings = relevant_settings(wager, table, settings)
    key = _cache_key(wager, table, rules, settings)
    memo = json.dumps([str(cache.directory()), key])
    seen = _PRICED.get(memo)
    if seen is not None:
        return seen
    kept = cache.memo(PRICED, {"paytable": _content_key(wager, table, rules, key)},
                      lambda: _compute(wager, table, rules, settings))
    result = _PRICED[memo] = _labelled(kept, wager, table)
    return result


#: Within one run, each paytable's record as the cache folder holds it (records are frozen, so every
#: caller may share one), by folder and content (bounded): a command that prices a paytable for two
#: views (the site's paytables and PAR sheets) reads or computes it once.
_PRICED: cache.Bounded = cache.Bounded(2048)

PRICED = cache.kind("priced", PricedPaytable.as_json, PricedPaytable.from_json,
                    "the figures of one paytable at given settings (:func:`price_paytable`; a record of another "
                    "shape is a CodecError, a miss)")


def _reading_view(reading: Reading) -> AppliedReading:
    return AppliedReading(reading.finding, reading.id, reading.meaning, reading.default)


def _alternative(reading: Reading, result: PricedPaytable) -> Alternative:
    return Alternative(_reading_view(reading), result.status, result.house_edge, result.return_to_player,
                       result.hit_frequency, result.element_of_risk, result.average_bets, result)


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
           settings: TableSettings = AS_PUBLISHED) -> PricedPaytable:
    """A paytable's figures under the model's readings at ``settings``, with the readings applied
    and the figures each alternative reading gives (at the same settings)."""
    result = price_paytable(wager, table, model.hand_rules, settings)
    prefix = ("wagers", wager.id) + (("paytables", table.id) if table else ())
    readings = [_reading_view(r) for r in model.readings_touching(*prefix)]
    alternatives = []
    for reading, other, o_wager, o_table in under_alternatives(model, wager, table):
        alternatives.append(_alternative(reading, price_paytable(o_wager, o_table, other.hand_rules, settings)))
    if wager.is_base and result.status is Status.EXACT:
        readings.append(_reading_view(ZERO_EV_PULLED))
        alternatives.append(replace(
            _alternative(ZERO_EV_RIDDEN, result), element_of_risk=result.base.element_of_risk_ridden,
            average_bets=result.base.average_bets_ridden, priced=None))
    return replace(result, readings=tuple(readings), alternatives=tuple(alternatives))


def _model(ruleset: RulesetOrModel) -> RulesetModel:
    return ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)


def paytable_result(ruleset: RulesetOrModel, wager_id: str, paytable_id: str | None,
                    settings: TableSettings = AS_PUBLISHED) -> PricedPaytable:
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


@record
class RoundFigures:
    """One round of a wager: the expected net result and its standard deviation, in money at the
    amount wagered (``stake``: for the base game, each of the equal base bets)."""

    mean: Fraction
    standard_deviation: float
    stake: Fraction
    status: Status
    settings: PricedAt | None


def round_figures(result: PricedPaytable, amount: Fraction | None = None) -> RoundFigures | None:
    """Expectation and standard deviation per round of a priced paytable, for ``amount`` wagered
    (each base bet, or the side wager; default: the stake the record is priced on, one unit where
    it has none; a record priced on a stake, whose money amounts do not scale, only at that stake).
    None where the record states no moments (incomplete, or a function of the meter with no meter
    given). The mean is exact; the standard deviation is a float."""
    if result.moments is None:
        return None
    stake = result.held_at.stake
    unit = stake if stake else Fraction(1)
    amount = unit if amount is None else Fraction(amount)
    if stake and amount != unit:   # money amounts do not scale with the wager: price at that amount
        raise ValueError(f"{result.wager_id}/{result.paytable_id} is priced on a {money(unit)} wager; price it at "
                         f"{money(amount)} (TableSettings(stake=...)) for figures at that amount")
    return RoundFigures(result.moments.mean * amount, result.moments.sd * float(amount), amount,
                        result.status, result.settings)


def jobs(ruleset: RulesetOrModel, wager_id: str | None = None,
         paytable_id: str | None = None) -> list[tuple[Wager, Paytable | None]]:
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


def analyse(ruleset: RulesetOrModel, wager_id: str | None = None, paytable_id: str | None = None,
            progress: Callable[[Iterable], Iterable] | None = None) -> list[PricedPaytable]:
    """The priced record of every paytable (of one wager, or one paytable) as published."""
    model = _model(ruleset)
    todo = jobs(model, wager_id, paytable_id)
    iterator = progress(todo) if progress else todo
    return [priced(model, w, t) for w, t in iterator]
