"""PAR sheets: the probability and accounting report of every wager and paytable.

For each paytable: every paying line with its exact combinations over the stated enumeration,
probability, cycle, pay and contribution to the return; the losing (and push) rows; return, house
edge, hit frequency, variance, standard deviation, volatility index; sensitivity of the edge to each
line's pay; confidence bands of the hold; and, by kind of wager, the base game's per-bet figures,
the return as a function of an unstated stake, of the progressive meter, of the other players
(envy), and Cover All per player count.

Every headline figure (status, return, house edge, hit frequency, the meter and stake it holds at,
the moments) is the priced record's (:func:`lit_compliance.gamemath.priced`), the same record
``analyze``, ``paytables`` and ``check`` print; the sheet adds the breakdown by line from the
record's line counts, and what follows from the moments (bands, volatility, win per hour). A sheet
states no edge where the record states none: an incomplete paytable, or a progressive whose meter
is fixed neither by the rules nor by the table (its return is then a function of the meter, with
its break-even meter).

A sheet is a typed record of numbers (:mod:`.par_record`: :class:`~.par_record.ParSheet`, its figures a
:class:`~.par_record.SheetBody` kept in the cache by the record codec); the words it is printed with
are :mod:`lit_compliance.model.par_vocabulary`'s, laid out by :mod:`lit_compliance.report.par_json`.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb
from statistics import NormalDist

from .. import cache
from ..model import Paytable, RulesetModel, Wager, exact
from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from . import price_paytable, priced
from .moments import Moments, moments
from .par_record import (BASE_TOTAL, Assumed, Assumption, Band, CurvePoint, EnvyRow, ExactTotals, LongRun, MeterLine,
                         MeterSection, Method, NormalShare, RowOutcome, ParSheet, CappedFigures, PerHour, PerUnit,
                         PlayerCount, SheetRow, Sensitivity, SheetBody, SheetKind, StakePoint, Totals)
from .record import Status
from .settings import SettingSource, TableSettings
from .side import envy_per_other_player
from .tables import Atom, five_card_counts
from ..records import record

BASE_UNITS = 3   # a base-game round places three equal bets: the hold's handle, as `hold` counts it

LEVELS = (0.90, 0.95, 0.99)
ROUNDS = (100, 1_000, 10_000, 100_000)
STAKES = (1, 2, 5, 10, 25, 100)
PLAYER_COUNTS = tuple(range(1, 8))


@record
class ParOptions:
    """Choices the report is made under (CLI options; defaults stated in the report)."""

    bet: Fraction = Fraction(10)            # each base bet / side wager, for win per hour
    hands_per_hour: int = 60
    stake: Fraction | None = None           # a side wager's amount where the source fixes none
    meter: Fraction | None = None           # the progressive meter to price at
    rate_percent: Fraction | None = None    # progressive meter rate, percent of each wager
    reset: Fraction | None = None           # progressive reset
    others: int | None = None               # other players at the table (envy), from seats
    payout_limit: Fraction | None = None    # most paid on one hand (a table configuration's)
    limit_bet: Fraction | None = None       # the wager amount the limit is assessed at (the table maximum)
    settings: TableSettings | None = None   # a table configuration's settings for this wager

    def table_settings(self) -> TableSettings:
        """The settings the sheet is priced at: a configuration's, else the meter (or reset) and
        stake given on the command line, else the paytable as published."""
        if self.settings is not None:
            return self.settings
        meter = self.meter if self.meter is not None else self.reset
        how = SettingSource.METER_OPTION if self.meter is not None else SettingSource.RESET_OPTION
        return TableSettings(meter=meter, meter_from=how if meter is not None else None,
                             stake=self.stake, stake_from=SettingSource.AS_GIVEN if self.stake else None)


def z_of(level: float) -> float:
    """The two-sided normal quantile for a confidence level (0.95 -> 1.95996...)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def record_totals(record, exact_math: bool = True) -> Totals | None:
    """The summary figures of a sheet: the priced record's return, edge and hit frequency, and the
    spread from its moments. None where the record states no edge."""
    mo = record.moments
    if mo is None or record.house_edge is None:
        return None
    mean, sd = mo.mean, mo.sd
    return Totals(
        return_to_player=record.return_to_player, house_edge=record.house_edge,
        hit_frequency=record.hit_frequency, win_frequency=mo.win, push_frequency=mo.push, variance=mo.variance,
        standard_deviation=sd, volatility_index=tuple(z_of(level) * sd for level in LEVELS[:2]),
        exact=ExactTotals(1 + mean, -mean, mo.win + mo.push, mo.variance) if exact_math else None)


def bands_and_normal_share(body: SheetBody, units: int) -> tuple[tuple[Band, ...] | None,
                                                                 tuple[NormalShare, ...] | None]:
    """The central band of the hold (the house's win over the amount placed; ``units`` a round: the
    base game's three bets as placed) at each level over each number of rounds, from the exact
    distribution of the total of that many rounds (the bands ``hold`` judges a period by); and the
    error of the normal curve's band that the volatility index gives (edge +- VI / sqrt(N)): the
    exact share of honest totals of N rounds it holds, where it says 90% or 95%.

    Kept in the cache by what they are worked out from, the one-round distribution (each net result
    and its probability, exactly, as the sheet's rows give them: :func:`_one_round_exactly`) and
    ``units``, not by the sheet's other options: a configured table's sheet of a paytable that plays
    as a bundled sheet's (the base game at any bet and limit, odds at any stake) reads the bands the
    wheel ships for that sheet (:data:`HOLD_BANDS`), and a sheet whose bands are kept imports no numpy."""
    exactly = _one_round_exactly(body)
    if exactly is None:
        return None, None
    inputs = {"distribution": exactly, "units": units,
              "rounds": list(ROUNDS), "levels": list(LEVELS), "normal_levels": list(LEVELS[:2])}
    return cache.memo(HOLD_BANDS, inputs, lambda: _bands_from_json(_bands_to_json(_hold_bands(body, units))))


def _one_round_exactly(body: SheetBody) -> list | None:
    """What :func:`.period.one_round` reads of a sheet (:meth:`~.par_record.SheetBody.round_outcomes`),
    exactly, without numpy: the house's net per round per unit and its probability, as fractions
    (text); None where it gives none."""
    outcomes = body.round_outcomes()
    if outcomes is None:
        return None
    return [[str(-units * net), str(p)] for units, net, p in outcomes]


def _hold_bands(body: SheetBody, units: int) -> tuple[tuple[Band, ...], tuple[NormalShare, ...]]:
    from .period import hold_bands_and_normal_share, one_round  # lazy: numpy, only when the bands are not kept

    bands, shares = hold_bands_and_normal_share(*one_round(body), ROUNDS, LEVELS, units, LEVELS[:2])
    names = [f"{int(level * 100)}%" for level in LEVELS]
    return (tuple(Band(b["rounds"], tuple(tuple(b[n]) for n in names), b.get("lattice")) for b in bands),
            tuple(NormalShare(x["rounds"], tuple(x[n] for n in names[:2])) for x in shares))


def _bands_to_json(value: tuple) -> dict:
    bands, shares = value
    return {"bands": [[b.rounds, [list(level) for level in b.levels]]
                      + ([b.lattice] if b.lattice is not None else []) for b in bands],
            "shares": [[x.rounds, list(x.shares)] for x in shares]}


def _number(x) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError("a band's edge or share is a number")
    return x


def _bands_from_json(stored) -> tuple[tuple[Band, ...], tuple[NormalShare, ...]]:
    """The bands and shares from their JSON form; any other shape is a ``ValueError`` (a miss)."""
    if not isinstance(stored, dict) or set(stored) != {"bands", "shares"}:
        raise ValueError("not the bands of a PAR sheet")
    bands, shares = [], []
    for row in stored["bands"]:
        if not isinstance(row, list) or len(row) not in (2, 3):
            raise ValueError("not a band")
        rounds, levels, *coarser = row        # a coarser lattice's step, where there was one
        if not isinstance(rounds, int) or len(levels) != len(LEVELS) or any(len(lv) != 2 for lv in levels):
            raise ValueError("not a band")
        bands.append(Band(rounds, tuple((_number(lo), _number(hi)) for lo, hi in levels),
                          *(_number(x) for x in coarser)))
    for rounds, got in stored["shares"]:
        if not isinstance(rounds, int) or len(got) != len(LEVELS[:2]):
            raise ValueError("not a normal share")
        shares.append(NormalShare(rounds, tuple(_number(x) for x in got)))
    return tuple(bands), tuple(shares)


HOLD_BANDS = cache.kind("hold-bands", _bands_to_json, _bands_from_json,
                        "a PAR sheet's bands of the hold and the normal curve's share, by the one-round "
                        "distribution they are worked out from (:func:`bands_and_normal_share`)")


def _per_hour(edge: float, opts: ParOptions, edge_at_bet: float | None = None) -> PerHour:
    """The theoretical win per hour at ``opts.bet``. ``edge_at_bet``: the house edge at that bet where
    the edge depends on the amount wagered (money amounts the rules state for no wager amount: a
    fixed sum is a larger share of a smaller bet), else the sheet's own edge holds at any bet."""
    at = edge if edge_at_bet is None else edge_at_bet
    return PerHour(bet=opts.bet, hands_per_hour=opts.hands_per_hour,
                   win_per_hour=float(opts.bet) * opts.hands_per_hour * at,
                   house_edge_at_bet=at, edge_depends_on_bet=edge_at_bet is not None)


def _index(table: Paytable, line) -> int | None:
    return None if line is None else next(i for i, x in enumerate(table.lines) if x is line)


def _outcome(v) -> RowOutcome:
    return RowOutcome.WIN if v > 1 else (RowOutcome.PUSH if v == 1 else RowOutcome.LOSS)


# --- side wagers over an atom table ---------------------------------------------------------------

def _record_counts(table: Paytable, record) -> tuple[list[int], int, int]:
    """Per line of the paytable, the combinations it pays; the losing combinations; the total: the
    priced record's line counts."""
    counts = [0] * len(table.lines)
    for i, c in record.side.line_counts:
        counts[i] = c
    total = record.side.combinations
    return counts, total - sum(counts), total


def _returns(table: Paytable, stake: Fraction, meter: Fraction | None) -> list[Fraction | None]:
    """Each line's return per unit staked, by the model's payout, as the priced record weighs it
    (None: figure missing, or a meter line with no meter)."""
    return [line.payout.per_unit(stake, meter) if line.payout.offered else Fraction(0) for line in table.lines]


def _pairs(counts, losing, total, values) -> list[tuple[Fraction, Fraction]]:
    pairs = [(Fraction(c, total), v - 1) for c, v in zip(counts, values) if c and v is not None]
    pairs.append((Fraction(total - sum(c for c, v in zip(counts, values) if v is not None), total), Fraction(-1)))
    return pairs


def _cycle(count: int, total: int) -> float | None:
    return total / count if count else None


def _side_rows(table, counts, losing, total, values) -> tuple[SheetRow, ...]:
    rows = []
    for i, (line, c, v) in enumerate(zip(table.lines, counts, values)):
        p = Fraction(c, total)
        missing = line.payout.offered and v is None
        rows.append(SheetRow(
            line=i, category=None, combinations=c, probability=p, cycle=_cycle(c, total),
            net=None if v is None else v - 1, contribution=None if v is None else p * (v - 1),
            outcome=(RowOutcome.MISSING if line.payout.missing else RowOutcome.METER) if missing else _outcome(v)))
    rows.append(SheetRow(line=None, category=None, combinations=losing, probability=Fraction(losing, total),
                    cycle=_cycle(losing, total), net=Fraction(-1), contribution=-Fraction(losing, total),
                    outcome=RowOutcome.LOSS))
    return tuple(rows)


def _sensitivity_side(table, counts, total, stake, meter) -> tuple[Sensitivity, ...]:
    """Change in house edge per one-unit change of each line's printed figure."""
    out = []
    for i, (line, c) in enumerate(zip(table.lines, counts)):
        p = Fraction(c, total)
        pay = line.payout
        if not pay.offered or pay.value is None:
            continue
        if pay.is_odds:
            unit, per = PerUnit.ODDS, -p
        elif pay.is_fixed:
            unit, per = PerUnit.DOLLAR, -p / exact(stake)
        else:
            if meter is None:
                continue
            unit, per = PerUnit.METER_POINT, -p * exact(meter) / 100 / exact(stake)
        out.append(Sensitivity(i, None, unit, per))
    return tuple(out)


def _side_assumptions(table, record, stated: bool, meter_lines, at_meter) -> tuple[Assumption, ...]:
    out = []
    if not stated and (table.pays_fixed_amounts or meter_lines):
        out.append(Assumption(Assumed.NO_STAKE, flag=not meter_lines and record.house_edge is not None))
    if meter_lines and at_meter is None:
        out.append(Assumption(Assumed.METER_OPEN, amount=record.side.meter.break_even))
    if record.missing:
        out.append(Assumption(Assumed.MISSING, hands=tuple(record.missing),
                              amount=record.side.return_excluding_missing))
    return tuple(out)


def side_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> SheetBody:
    """A side wager paytable's PAR sheet figures, from its priced record."""
    counts, losing, total = _record_counts(table, record)
    settings = record.held_at
    stake = exact(float(settings.stake)) if settings.stake else Fraction(1)
    stated = bool(wager.stake_for(table)) or settings.stake_from not in (None, SettingSource.PER_DOLLAR)
    meter_lines = [i for i, line in enumerate(table.lines) if line.payout.is_meter]
    at_meter = exact(float(settings.meter)) if settings.meter is not None else None
    values = _returns(table, stake, at_meter)
    totals = record_totals(record)
    body = SheetBody(kind=SheetKind.SIDE, status=record.status, total=total, stake=stake, stake_stated=stated,
                     assumptions=_side_assumptions(table, record, stated, meter_lines, at_meter),
                     rows=_side_rows(table, counts, losing, total, values), totals=totals,
                     sensitivity=_sensitivity_side(table, counts, total, stake, at_meter))
    if totals:
        m = moments(_pairs(counts, losing, total, values))
        all_odds = all(line.payout.is_odds or not line.payout.offered for line in table.lines)
        limit_bet = opts.limit_bet if all_odds else (stake if stated else None)
        body = replace(body, payout_limit=_limit_section(_pairs(counts, losing, total, values), opts, limit_bet, m))
    if meter_lines:
        body = replace(body, meter=_meter_section(table, counts, total, stake, at_meter, wager, meter_lines, opts,
                                                  record))
    elif table.pays_fixed_amounts and not stated and totals:
        by_stake = []
        for s in STAKES:
            at = price_paytable(wager, table, rules, TableSettings(stake=Fraction(s), stake_from=SettingSource.AS_SHOWN))
            by_stake.append(StakePoint(s, at.return_to_player, at.house_edge,
                                       at.moments.sd if at.moments is not None else None))
        body = replace(body, by_stake=tuple(by_stake))
    if table.envy_lines and totals:
        body = replace(body, envy=_envy_section(table, rules, stake, record.moments.mean, opts))
    return _finish(body, opts, _edge_at_bet(wager, table, rules, opts, record) if totals else None)


def _meter_section(table, counts, total, stake, at_meter, wager, meter_lines, opts, record) -> MeterSection:
    function = record.side.meter
    base, slope = function.without_meter, function.per_meter_dollar
    break_even = function.break_even if slope else None
    reset = opts.reset or (wager.meter.reset_minimum if wager.meter else None)

    def rtp(meter) -> Fraction:
        return base + slope * exact(meter)

    top = max(float(break_even or 0), float(reset or 0), float(at_meter or 0)) * 1.5 or 1000.0
    points = tuple(CurvePoint(round(top * k / 20, 2), rtp(Fraction(round(top * k / 20, 2)))) for k in range(21))
    jackpot = sum(Fraction(counts[i], total) for i in meter_lines
                  if table.lines[i].payout.meter_share == 1)
    rates = [opts.rate_percent] if opts.rate_percent is not None else [Fraction(r) for r in (5, 10, 15, 20, 25)]
    resets = [reset] if reset is not None else [Fraction(r) for r in (1_000, 10_000, 25_000, 100_000)]
    return MeterSection(
        priced_at=at_meter, return_without_meter=base,
        return_per_meter_dollar=slope, break_even_meter=break_even,
        meter_lines=tuple(MeterLine(i, _cycle(counts[i], total)) for i in meter_lines), curve=points,
        p_whole_meter=Fraction(jackpot),
        long_run=tuple(LongRun(Fraction(r), Fraction(z), base + r / 100 + jackpot * exact(z) / stake)
                       for r in rates for z in resets),
        long_run_from_config=opts.rate_percent is not None and opts.reset is not None)


def _envy_section(table, rules, stake, mean: Fraction, opts: ParOptions) -> tuple[EnvyRow, ...]:
    per = envy_per_other_player(table, rules)
    others = [opts.others] if opts.others is not None else list(range(0, 7))
    rows = []
    for level, amount in per.items():
        unit = exact(level) if level else stake
        for k in others:
            rows.append(EnvyRow(Fraction(level) if level else stake, k, amount, 1 + mean + k * amount / unit))
    return tuple(rows)


# --- Cover All ------------------------------------------------------------------------------------

@cache.remembered(16)
def _highest(players: int, rules: HandRules):
    from .coverall import highest_hand  # lazy: numpy, only when a sheet is not in the cache

    return highest_hand(players, rules)


def _method(dist, exact_pairs) -> Method:
    """The distribution's own method, or exact in all where the paytable pays the hands below an
    exact tail alike."""
    return Method.TAIL_ALIKE if dist.exact is None and exact_pairs is not None else dist.method


def _player_counts(table: Paytable, rules: HandRules, values) -> list[PlayerCount]:
    """Cover All at each number of players the paytable is priced for."""
    per_count = []
    for n in ([table.players] if table.players else PLAYER_COUNTS):
        dist = _highest(n, rules)
        probs = dist.fractions()
        worth = [v if v is not None else Fraction(0) for v in values]
        pairs = dist.exact_pairs(worth, [v is not None for v in values])
        m = moments([(p, v - 1) for p, v in (pairs or zip(probs, worth))])
        half = 0.0 if pairs else dist.half_width(worth)
        per_count.append(PlayerCount(
            players=n, method=_method(dist, pairs), rounds=dist.rounds,
            exact_from=CATEGORIES_5[dist.tail_from] if dist.tail is not None else None,
            return_to_player=1 + m.mean, house_edge=-m.mean, hit_frequency=m.win + m.push,
            standard_deviation=m.sd, interval_95=(float(-m.mean) - half, float(-m.mean) + half),
            interval_95_error=0.0 if pairs else dist.normal_error(worth),
            distribution=tuple(float(p) for p in probs)))
    return per_count


def _simulated(method: Method) -> bool:
    return method in (Method.SIMULATED, Method.SIMULATED_PLAIN)


def cover_all_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> SheetBody:
    """Cover All at the paytable's own number of players (every count only for a paytable that
    names none); the headline is the priced record's."""
    values, lines = [], []
    for name in CATEGORIES_5:
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        lines.append(line)
        values.append(None if line is None or not line.payout.offered else line.payout.per_unit(Fraction(1)))
    players = table.players or 1
    per_count = _player_counts(table, rules, values)
    at = next(i for i, c in enumerate(per_count) if c.players == players)
    mine = per_count[at]
    if record.return_to_player is not None:   # the record's figures, as analyze states them
        mine = per_count[at] = replace(mine, return_to_player=record.return_to_player,
                                       house_edge=record.house_edge, hit_frequency=record.hit_frequency)
    probs = [Fraction(p).limit_denominator(10 ** 12) for p in mine.distribution]
    rows = []
    for name, line, p, v in zip(CATEGORIES_5, lines, probs, values):
        if v is None or not p:
            continue
        rows.append(SheetRow(line=_index(table, line), category=name, combinations=None, probability=p,
                        cycle=1 / float(p), net=v - 1, contribution=p * (v - 1), outcome=_outcome(v)))
    lose = sum((p for p, v in zip(probs, values) if v is None), Fraction(0))
    rows.append(SheetRow(line=None, category=None, combinations=None, probability=lose,
                    cycle=1 / float(lose) if lose else None, net=Fraction(-1), contribution=-lose,
                    outcome=RowOutcome.LOSS))
    totals = record_totals(record, exact_math=players == 1)
    if totals and _simulated(mine.method):   # an exact figure has no interval
        totals = replace(totals, interval_95=mine.interval_95, interval_95_error=mine.interval_95_error)
    assumptions = [Assumption(Assumed.COVER_ALL_SEATS), Assumption(Assumed.COVER_ALL_METHOD),
                   Assumption(Assumed.COVER_ALL_INTERVAL)]
    if table.players:
        assumptions.append(Assumption(Assumed.PLAYERS_ONLY, players=players))
    body = SheetBody(kind=SheetKind.COVER_ALL, status=record.status, total=None, stake=Fraction(1),
                     stake_stated=False, assumptions=tuple(assumptions), rows=tuple(rows), totals=totals,
                     sensitivity=tuple(Sensitivity(r.line, r.category, PerUnit.ODDS, -r.probability)
                                       for r in rows[:-1]),
                     cover_all=tuple(per_count), cover_all_players=players)
    return _finish(body, opts)


# --- the base game --------------------------------------------------------------------------------

BASE_ASSUMED = (Assumption(Assumed.OPTIMAL), Assumption(Assumed.PER_BASE_BET))


def base_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> SheetBody:
    """The base game paytable's PAR sheet figures (bets riding, final hands), from its priced record:
    the strategy and the final hands by bets riding are the record's, not analysed again."""
    incomplete = SheetBody(kind=SheetKind.BASE, status=Status.INCOMPLETE, total=comb(52, 5), stake=Fraction(1),
                           stake_stated=True, assumptions=BASE_ASSUMED, rows=(), totals=None, sensitivity=())
    if record.not_whole_odds:
        return replace(incomplete, assumptions=BASE_ASSUMED + (Assumption(Assumed.NOT_WHOLE_ODDS,
                                                                          hands=tuple(record.not_whole_odds)),))
    if record.base is None:
        return replace(incomplete, assumptions=BASE_ASSUMED + (Assumption(Assumed.BASE_MISSING,
                                                                          hands=tuple(record.missing)),))
    from .base import multipliers  # lazy: numpy, only on a cache miss for a sheet with figures

    mult, _ = multipliers(table)
    outcomes = {(category, bets): p for category, bets, p in record.base.outcomes}
    rows, pairs, sens = _base_rows(table, rules, mult, outcomes)
    body = replace(incomplete, status=record.status, rows=rows, totals=record_totals(record), sensitivity=sens,
                   payout_limit=_limit_section(pairs, opts, opts.limit_bet, moments(pairs)),
                   total_five=int(five_card_counts(rules).sum()))
    return _finish(body, opts)


def _base_rows(table: Paytable, rules: HandRules, mult, outcomes: dict) -> tuple[tuple[SheetRow, ...], list, tuple]:
    """The final-hand rows of the base game (best first), the (probability, net) pairs of a round,
    and the sensitivity of the edge to each paying hand's odds."""
    five = five_card_counts(rules)
    total5 = int(five.sum())
    rows, pairs, sens = [], [], []
    for code in reversed(range(len(CATEGORIES_5))):
        name = CATEGORIES_5[code]
        by_bets = {b: outcomes.get((name, b), Fraction(0)) for b in (1, 2, 3)}
        p = sum(by_bets.values())
        net = int(mult[code])
        contribution = sum(b * net * q for b, q in by_bets.items())
        for b, q in by_bets.items():
            if q:
                pairs.append((q, Fraction(b * net)))
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        rows.append(SheetRow(line=_index(table, line), category=name, combinations=int(five[code]),
                        probability=Fraction(p), cycle=_cycle(int(five[code]), total5), net=Fraction(net),
                        contribution=Fraction(contribution),
                        outcome=RowOutcome.WIN if net > 0 else (RowOutcome.PUSH if net == 0 else RowOutcome.LOSS),
                        deals=tuple(int(q * BASE_TOTAL) for q in by_bets.values())))
        if line is not None and net >= 0:
            sens.append(Sensitivity(_index(table, line), name, PerUnit.ODDS,
                                    Fraction(-sum(b * q for b, q in by_bets.items()))))
    return tuple(rows), pairs, tuple(sens)


def _limited(pairs, cap: Fraction) -> tuple[Moments, Fraction]:
    """Moments with every net win capped at ``cap`` units, and the probability a cap bites."""
    bites = sum((p for p, x in pairs if x > cap), Fraction(0))
    return moments([(p, min(x, cap)) for p, x in pairs]), bites


def _limit_section(pairs, opts: ParOptions, bet: Fraction | None, uncapped: Moments) -> CappedFigures | None:
    """The figures at ``bet`` when the table's payout limit caps the win on one hand."""
    if not opts.payout_limit or not bet:
        return None
    cap = exact(opts.payout_limit) / exact(bet)
    m, bites = _limited(pairs, cap)
    return CappedFigures(limit=Fraction(opts.payout_limit), bet=Fraction(bet), cap_units=cap, probability_capped=bites,
                       return_to_player=1 + m.mean, house_edge=-m.mean, standard_deviation=m.sd,
                       edge_change=uncapped.mean - m.mean)


def _finish(body: SheetBody, opts: ParOptions, edge_at_bet: float | None = None) -> SheetBody:
    if not body.totals:
        return body
    return replace(body, per_hour=_per_hour(float(body.totals.house_edge), opts, edge_at_bet))


def _with_bands(body: SheetBody) -> SheetBody:
    """The sheet with its bands of the hold and the normal curve's share (where it states an edge)."""
    if not body.totals:
        return body
    bands, shares = bands_and_normal_share(body, BASE_UNITS if body.kind is SheetKind.BASE else 1)
    return replace(body, bands=bands, normal_share=shares)


def _edge_at_bet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> float | None:
    """The house edge at the bet the win per hour assumes, where the rules state money amounts (or a
    meter share) for no wager amount: the paytable priced again at that stake (the meter as the
    sheet's). None where the sheet's edge holds at any bet (odds, or a stake the rules fix)."""
    settings = record.held_at
    if record.house_edge is None or wager.stake_for(table) or not (table.pays_fixed_amounts or table.pays_from_meter):
        return None
    if settings.stake is not None and exact(float(settings.stake)) == opts.bet:
        return float(record.house_edge)
    meter = exact(float(settings.meter)) if settings.meter is not None else None
    at = price_paytable(wager, table, rules, TableSettings(meter=meter, meter_from=settings.meter_from,
                                                           stake=opts.bet, stake_from=SettingSource.WIN_PER_HOUR_BET))
    return None if at.house_edge is None else float(at.house_edge)


def sheet_for(model: RulesetModel, wager: Wager, table: Paytable | None, opts: ParOptions,
              bands: bool = True) -> ParSheet:
    """The PAR sheet of one paytable at the settings ``opts`` gives (see :meth:`ParOptions.table_settings`):
    a view of the priced record (:func:`lit_compliance.gamemath.priced`), which it carries as ``priced``.
    ``bands=False``: without its bands of the hold and the normal curve's share (``bands`` and
    ``normal_share`` None), the dearest part of a sheet (the exact distribution of the total of
    each number of rounds), for a caller that prints no sheet (a table's theory: ``check``, ``hold``,
    ``simulate`` read its totals and rows). The cache keeps a sheet without its bands (:data:`PAR_SHEET`)
    and the bands by the distribution they are worked out from (:data:`HOLD_BANDS`), so the two
    callers share the one entry."""
    settings = opts.table_settings()
    if table is not None and wager.paytable(table.id) is table:
        record = priced(model, wager, table, settings)
    else:   # a house or proposed paytable: not the ruleset's, so no reading concerns it
        record = price_paytable(wager, table, model.hand_rules, settings)
    if table is None:
        return ParSheet(record, None)
    rules = model.hand_rules
    inputs = {"wager": repr((wager.id, wager.kind.value, wager.hand_basis.value, str(wager.stake),
                             str(wager.meter.reset_minimum) if wager.meter else None)),
              "paytable": cache.held_repr(table), "rules": cache.held_repr(rules), "options": repr(opts),
              "settings": settings.key()}

    def compute() -> SheetBody:
        if wager.is_base:
            body = base_sheet(wager, table, rules, opts, record)
        elif table.hand_basis.value == "table_highest":
            body = cover_all_sheet(wager, table, rules, opts, record)
        else:
            body = side_sheet(wager, table, rules, opts, record)
        return SheetBody.from_json(body.as_json())   # exactly what the cache gives back, so cold = warm
    body = cache.memo(PAR_SHEET, inputs, compute)
    return ParSheet(record, _with_bands(body) if bands else body)


PAR_SHEET = cache.kind("par-sheet", SheetBody.as_json, SheetBody.from_json,
                       "the figures of one paytable's PAR sheet (:class:`~.par_record.SheetBody`, :func:`sheet_for`) "
                       "but its bands of the hold (:data:`HOLD_BANDS`)")
