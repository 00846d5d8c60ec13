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
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from statistics import NormalDist

import json

from .. import cache
from ..model import Paytable, RulesetModel, Wager, exact
from ..model.vocabulary import hand_name, odds, priced_note, strategy_rule_json, strategy_sentence
from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from . import price_paytable, priced
from .moments import Moments, moments
from .record import settings_json
from .settings import TableSettings
from .side import envy_per_other_player
from .tables import Atom, five_card_counts

BASE_UNITS = 3   # a base-game round places three equal bets: the hold's handle, as `hold` counts it

LEVELS = (0.90, 0.95, 0.99)
ROUNDS = (100, 1_000, 10_000, 100_000)
STAKES = (1, 2, 5, 10, 25, 100)
PLAYER_COUNTS = tuple(range(1, 8))
BASIS_TEXT = {
    "player_and_community": "all C(52,5) = 2,598,960 five-card hands",
    "player_three": "all C(52,3) = 22,100 three-card hands",
    "player_and_bonus_community": "all C(52,6) = 20,358,520 six-card hands (best five of six; Super Royal: the six cards)",
    "base": "final hands: all C(52,5) = 2,598,960 five-card hands; bets riding: all 22,100 x 49 x 48 = "
            "51,979,200 deals of the player's three cards and the two community cards in order",
}


@dataclass(frozen=True)
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
        how = "given with --meter" if self.meter is not None else "the reset given with --reset"
        return TableSettings(meter=meter, meter_from=how if meter is not None else "",
                             stake=self.stake, stake_from="as given" if self.stake else "")


def z_of(level: float) -> float:
    """The two-sided normal quantile for a confidence level (0.95 -> 1.95996...)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def _frac(x: Fraction | None) -> str | None:
    return None if x is None else f"{x.numerator}/{x.denominator}"


def _f(x) -> float | None:
    return None if x is None else float(x)


def record_totals(record, exact_math: bool = True) -> dict | None:
    """The summary figures of a sheet: the priced record's return, edge and hit frequency, and the
    spread from its moments. None where the record states no edge."""
    mo = record.moments
    if mo is None or record.house_edge is None:
        return None
    mean, variance, sd = mo.mean, mo.variance, mo.sd
    return {
        "return_to_player": _f(record.return_to_player), "house_edge": _f(record.house_edge),
        "hit_frequency": _f(record.hit_frequency), "win_frequency": float(mo.win),
        "push_frequency": float(mo.push), "variance": float(variance), "standard_deviation": sd,
        "volatility_index": {f"{int(level * 100)}%": z_of(level) * sd for level in LEVELS[:2]},
        "exact": {"return_to_player": _frac(1 + mean), "house_edge": _frac(-mean),
                  "hit_frequency": _frac(mo.win + mo.push),
                  "variance": _frac(variance)} if exact_math else {},
    }


def bands(sheet: dict, units: int) -> list[dict] | None:
    """The central band of the hold (the house's win over the amount placed; ``units`` a round: the
    base game's three bets as placed) at each level over each number of rounds, from the exact
    distribution of the total of that many rounds: the bands ``hold`` judges a period by."""
    return bands_and_normal_share(sheet, units)[0]


def bands_and_normal_share(sheet: dict, units: int) -> tuple[list[dict] | None, list[dict] | None]:
    """:func:`bands`, and the error of the normal curve's band that the volatility index gives (edge
    +- VI / sqrt(N)): the exact share of honest totals of N rounds it holds, where it says 90% or 95%."""
    from .period import hold_bands_and_normal_share, one_round  # lazy: numpy, only when a sheet is made

    dist = one_round(sheet)
    if dist is None:
        return None, None
    return hold_bands_and_normal_share(*dist, ROUNDS, LEVELS, units, LEVELS[:2])


def _per_hour(edge: float, opts: ParOptions, edge_at_bet: float | None = None) -> dict:
    """The theoretical win per hour at ``opts.bet``. ``edge_at_bet``: the house edge at that bet where
    the edge depends on the amount wagered (money amounts the rules state for no wager amount: a
    fixed sum is a larger share of a smaller bet), else the sheet's own edge holds at any bet."""
    at = edge if edge_at_bet is None else edge_at_bet
    return {"bet": float(opts.bet), "hands_per_hour": opts.hands_per_hour,
            "win_per_hour": float(opts.bet) * opts.hands_per_hour * at,
            "house_edge_at_bet": at, "edge_depends_on_bet": edge_at_bet is not None}


def per_hour_text(per_hour: dict, edge_text: str, base_bets: int | None) -> str:
    """The theoretical win per hour with the bet it assumes: for the base game the amount on each
    betting spot and in all (the edge is per unit of one of the equal base bets); for money amounts
    paid whatever the wager, the edge at that bet (``edge_text`` is then that edge)."""
    bet, hands, win = per_hour["bet"], per_hour["hands_per_hour"], per_hour["win_per_hour"]
    if base_bets:
        basis = (f"${bet:,.2f} on each of the {base_bets} base bets (${bet * base_bets:,.2f} in all placed "
                 f"per hand; the house edge is per unit of one base bet)")
    else:
        basis = f"${bet:,.2f} wagered a hand"
    at = f"{edge_text} (the house edge at a ${bet:,.2f} wager)" if per_hour.get("edge_depends_on_bet") else edge_text
    return f"{basis} x {hands} hands an hour x {at} = ${win:,.2f} an hour"


def _label(line) -> str:
    return hand_name(line.hand, line.suits)


def _pay_text(line) -> str:
    return odds(line.payout)


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


def _side_rows(table, counts, losing, total, values) -> list[dict]:
    rows = []
    for line, c, v in zip(table.lines, counts, values):
        p = Fraction(c, total)
        missing = line.payout.offered and v is None
        rows.append({
            "hand": _label(line), "combinations": c, "probability": float(p), "cycle": _cycle(c, total),
            "pays": _pay_text(line), "net": _f(None if v is None else v - 1),
            "contribution": _f(None if v is None else p * (v - 1)),
            "outcome": ("missing" if line.payout.missing else "depends on the meter") if missing
            else ("push" if v == 1 else ("win" if v > 1 else "loss")),
            "cite": line.cite,
        })
    rows.append({"hand": "Losing hands", "combinations": losing, "probability": losing / total,
                 "cycle": _cycle(losing, total), "pays": "loses the wager", "net": -1.0,
                 "contribution": -losing / total, "outcome": "loss", "cite": ""})
    return rows


def _sensitivity_side(table, counts, total, stake, meter) -> list[dict]:
    """Change in house edge per one-unit change of each line's printed figure."""
    out = []
    for line, c in zip(table.lines, counts):
        p = Fraction(c, total)
        pay = line.payout
        if not pay.offered or pay.value is None:
            continue
        if pay.is_odds:
            unit, per = "1 to 1 more", -p
        elif pay.is_fixed:
            unit, per = "$1 more", -p / exact(stake)
        else:
            if meter is None:
                continue
            unit, per = "1 point more of the meter", -p * exact(meter) / 100 / exact(stake)
        out.append({"hand": _label(line), "unit": unit, "change_in_house_edge": float(per)})
    return out


def _holds_at(record) -> list[str]:
    """The settings a sheet's figures hold at, in words."""
    st = record.held_at
    out = []
    if st.meter is not None:
        out.append(f"the progressive meter at ${float(st.meter):,.2f} ({st.meter_from})")
    if st.stake is not None and st.stake_from and st.stake_from != "one unit":
        out.append(f"a ${float(st.stake):,.2f} wager ({st.stake_from})")
    if st.players and record.cover_all is not None:   # Cover All: priced per number of players
        out.append(f"{st.players} player(s)")
    return out


def side_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> dict:
    """A side wager paytable's PAR sheet figures, from its priced record."""
    counts, losing, total = _record_counts(table, record)
    settings = record.held_at
    stake = exact(float(settings.stake)) if settings.stake else Fraction(1)
    stated = bool(wager.stake_for(table)) or settings.stake_from not in (None, "", "not stated by the rules: priced per $1")
    meter_lines = [i for i, line in enumerate(table.lines) if line.payout.is_meter]
    at_meter = exact(float(settings.meter)) if settings.meter is not None else None
    sheet: dict = {"enumeration": BASIS_TEXT[table.hand_basis.value], "total": total,
                   "stake": float(stake), "stake_stated": stated, "assumptions": []}
    if not stated and (table.pays_fixed_amounts or meter_lines):
        sheet["assumptions"].append("the source states no wager amount for the money amounts; the rows are "
                                    "priced on a $1 wager" + (" (see the return by stake)" if not meter_lines
                                                              and record.house_edge is not None else ""))
    if meter_lines and at_meter is None:
        sheet["assumptions"].append(
            "no meter amount is fixed by the rules or the table: the return is a function of the meter "
            f"(with its break-even meter, ${float(record.side.meter.break_even):,.2f}), so no house edge is "
            "stated; the meter lines' rows show no net result")
    values = _returns(table, stake, at_meter)
    sheet["rows"] = _side_rows(table, counts, losing, total, values)
    sheet["totals"] = record_totals(record)
    sheet["status"] = record.status.value
    if record.missing:
        floor = _f(record.side.return_excluding_missing)
        sheet["assumptions"].append(
            f"figures missing in the source for {', '.join(hand_name(h) for h in record.missing)}: no house edge "
            "can be stated" + (f"; the lines with figures return {floor:.4%}, a floor" if floor is not None else ""))
    sheet["sensitivity"] = _sensitivity_side(table, counts, total, stake, at_meter)
    if sheet["totals"]:
        m = moments(_pairs(counts, losing, total, values))
        all_odds = all(line.payout.is_odds or not line.payout.offered for line in table.lines)
        limit_bet = opts.limit_bet if all_odds else (stake if stated else None)
        limited = _limit_section(_pairs(counts, losing, total, values), opts, limit_bet, m)
        if limited:
            sheet["payout_limit"] = limited
    if meter_lines:
        sheet["meter"] = _meter_section(table, counts, total, stake, at_meter, wager, meter_lines, opts, record)
    elif table.pays_fixed_amounts and not stated and sheet["totals"]:
        sheet["by_stake"] = []
        for s in STAKES:
            at = price_paytable(wager, table, rules, TableSettings(stake=Fraction(s), stake_from="as shown"))
            sheet["by_stake"].append({"stake": s, "return_to_player": _f(at.return_to_player),
                                      "house_edge": _f(at.house_edge),
                                      "standard_deviation": at.moments.sd if at.moments is not None else None})
    if table.envy_lines and sheet["totals"]:
        sheet["envy"] = _envy_section(table, rules, stake, record.moments.mean, opts)
    return _finish(sheet, opts, _edge_at_bet(wager, table, rules, opts, record) if sheet["totals"] else None)


def _meter_section(table, counts, total, stake, at_meter, wager, meter_lines, opts, record) -> dict:
    function = record.side.meter
    base, slope = function.without_meter, function.per_meter_dollar
    break_even = function.break_even if slope else None
    reset = opts.reset or (wager.meter.reset_minimum if wager.meter else None)

    def rtp(meter) -> Fraction:
        return base + slope * exact(meter)

    top = max(float(break_even or 0), float(reset or 0), float(at_meter or 0)) * 1.5 or 1000.0
    points = [{"meter": round(top * k / 20, 2), "return_to_player": float(rtp(Fraction(round(top * k / 20, 2))))}
              for k in range(21)]
    jackpot = sum(Fraction(counts[i], total) for i in meter_lines
                  if table.lines[i].payout.meter_share == 1)
    section = {
        "priced_at": _f(at_meter), "priced_at_from": record.held_at.meter_from,
        "return_without_meter": float(base),
        "return_per_meter_dollar": float(slope), "break_even_meter": _f(break_even),
        "return_function": f"return = {float(base):.4%} + {float(slope):.6%} x meter ($); 100% at a meter of "
                           + (f"${float(break_even):,.2f}" if break_even is not None else "none"),
        "meter_lines": [{"hand": _label(table.lines[i]), "pays": _pay_text(table.lines[i]),
                         "cycle": _cycle(counts[i], total)} for i in meter_lines],
        "curve": points,
        "long_run_formula": "long-run return = R0 + r + p x reset / stake, where R0 is the return of the "
                            "fixed lines with an empty meter, r the meter rate (share of each wager added to "
                            "the meter, all of it paid out in the long run) and p the probability of a hand "
                            "paying the whole meter (the house reseeds the meter at the reset each time)",
        "R0": float(base), "p_whole_meter": float(jackpot),
    }
    rates = [opts.rate_percent] if opts.rate_percent is not None else [Fraction(r) for r in (5, 10, 15, 20, 25)]
    resets = [reset] if reset is not None else [Fraction(r) for r in (1_000, 10_000, 25_000, 100_000)]
    section["long_run"] = [{"rate_percent": float(r), "reset": float(z),
                            "return_to_player": float(base + r / 100 + jackpot * exact(z) / stake)}
                           for r in rates for z in resets]
    section["long_run_from_config"] = opts.rate_percent is not None and opts.reset is not None
    return section


def _envy_section(table, rules, stake, mean: Fraction, opts: ParOptions) -> dict:
    per = envy_per_other_player(table, rules)
    others = [opts.others] if opts.others is not None else list(range(0, 7))
    rows = []
    for level, amount in per.items():
        unit = exact(level) if level else stake
        for k in others:
            rows.append({"stake": _f(level) if level else float(stake), "others": k,
                         "envy_per_other": float(amount),
                         "return_to_player": float(1 + mean + k * amount / unit)})
    return {"rows": rows, "note": "each other player's hand qualifies with its own probability, so the envy "
                                  "money is exact by linearity whatever the hands share"}


# --- Cover All ------------------------------------------------------------------------------------

@cache.remembered(16)
def _highest(players: int, rules: HandRules):
    from .coverall import highest_hand  # lazy: numpy, only when a sheet is not in the cache

    return highest_hand(players, rules)


def cover_all_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> dict:
    """Cover All at the paytable's own number of players (every count only for a paytable that
    names none); the headline is the priced record's."""
    values = []
    for name in CATEGORIES_5:
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        values.append(None if line is None or not line.payout.offered else line.payout.per_unit(Fraction(1)))
    players = table.players or 1
    per_count = []
    for n in ([table.players] if table.players else PLAYER_COUNTS):
        dist = _highest(n, rules)
        probs = dist.fractions()
        worth = [v if v is not None else Fraction(0) for v in values]
        exact = dist.exact_pairs(worth, [v is not None for v in values])
        m = moments([(p, v - 1) for p, v in (exact or zip(probs, worth))])
        half = 0.0 if exact else dist.half_width(worth)
        method = dist.method if exact is None or dist.exact is not None else (
            f"exact for {CATEGORIES_5[dist.tail_from].replace('_', ' ')} and better, every deal counted "
            "(the hands below, which this paytable pays alike, are not told apart)")
        per_count.append({"players": n, "method": method,
                          "return_to_player": float(1 + m.mean), "house_edge": float(-m.mean),
                          "hit_frequency": float(m.win + m.push), "standard_deviation": m.sd,
                          "interval_95": [float(-m.mean) - half, float(-m.mean) + half],
                          "interval_95_error": 0.0 if exact else dist.normal_error(worth),
                          "distribution": [float(p) for p in probs]})
    mine = next(c for c in per_count if c["players"] == players)
    if record.return_to_player is not None:   # the record's figures, as analyze states them
        mine.update(return_to_player=_f(record.return_to_player), house_edge=_f(record.house_edge),
                    hit_frequency=_f(record.hit_frequency))
    probs = [Fraction(p).limit_denominator(10 ** 12) for p in mine["distribution"]]
    rows = []
    for name, p, v in zip(CATEGORIES_5, probs, values):
        if v is None or not p:
            continue
        line = table.line_for(Atom(frozenset({name} | IMPLIED.get(name, set())), None, 1))
        rows.append({"hand": _label(line) + (f" ({hand_name(name).lower()})" if line.hand != name else ""),
                     "combinations": None, "probability": float(p), "cycle": 1 / float(p), "pays": _pay_text(line),
                     "net": float(v - 1), "contribution": float(p * (v - 1)),
                     "outcome": "win" if v > 1 else ("push" if v == 1 else "loss"), "cite": line.cite})
    lose = sum((p for p, v in zip(probs, values) if v is None), Fraction(0))
    rows.append({"hand": "Highest hand pays nothing", "combinations": None, "probability": float(lose),
                 "cycle": 1 / float(lose) if lose else None, "pays": "loses the wager", "net": -1.0,
                 "contribution": -float(lose), "outcome": "loss", "cite": ""})
    sheet = {"enumeration": f"highest five-card hand among {players} player(s); "
                            + mine["method"],
             "total": None, "stake": 1.0, "stake_stated": False, "rows": rows,
             "totals": record_totals(record, exact_math=players == 1), "status": record.status.value,
             "assumptions": ["every player in the round holds a hand, the dealer none; priced on a one-unit stake",
                             "for 1 to 3 players the highest hand is exact (every deal counted); for 4 players it is "
                             "exact from three of a kind up (every deal in which all four seats reach a category "
                             "counted), so a paytable paying nothing below is priced exactly; for 5 to 7, and below "
                             "three of a kind for 4, it comes from one seeded simulation of seven-seat deals (the "
                             "first k seats serve k players) with control variates (the highest hands of every one, "
                             "two and three seats, whose distributions are exact), shipped as "
                             "lit_compliance/gamemath/data/coverall_highest.json; redo it with "
                             "tools/build_coverall_distribution.py ROUNDS SEED",
                             "the simulated interval is the regression's: what the controls leave for 5 to 7 players "
                             "is the deals where four or more seats reach a paying category together"]
             + ([f"this paytable is for {players} player(s) only, so it is priced at that number alone"]
                if table.players else []),
             "cover_all": {"players": players, "by_players": per_count, "categories": list(CATEGORIES_5)},
             "sensitivity": [{"hand": r["hand"], "unit": "1 to 1 more", "change_in_house_edge": -r["probability"]}
                             for r in rows[:-1]]}
    if sheet["totals"] and not mine["method"].startswith("exact"):   # an exact figure has no interval
        sheet["totals"]["interval_95"] = mine["interval_95"]
        sheet["totals"]["interval_95_error"] = mine["interval_95_error"]
    return _finish(sheet, opts)


# --- the base game --------------------------------------------------------------------------------

BASE_TOTAL = 22_100 * 49 * 48


def base_sheet(wager: Wager, table: Paytable, rules: HandRules, opts: ParOptions, record) -> dict:
    """The base game paytable's PAR sheet figures (strategy, bets riding, final hands), from its priced
    record: the strategy and the final hands by bets riding are the record's, not analysed again."""
    from .base import multipliers  # lazy: numpy, only on a cache miss

    sheet: dict = {"enumeration": BASIS_TEXT["base"], "total": comb(52, 5), "stake": 1.0, "stake_stated": True,
                   "assumptions": ["optimal strategy (each bet rides when its expectation is positive)",
                                   "figures per unit of one of the three equal base bets"]}
    if record.not_whole_odds:
        sheet.update(status="incomplete", rows=[], totals=None, sensitivity=[],
                     assumptions=sheet["assumptions"] + [
                         f"not whole 'to 1' odds for {', '.join(hand_name(h) for h in record.not_whole_odds)}: "
                         "the base game is priced for whole odds only; no strategy or edge can be stated"])
        return sheet
    if record.base is None:
        sheet.update(status="incomplete", rows=[], totals=None, sensitivity=[],
                     assumptions=sheet["assumptions"] + [f"figures missing in the source for "
                                                         f"{', '.join(hand_name(h) for h in record.missing)}: "
                                                         "no strategy or edge can be stated"])
        return sheet
    r = record.base
    mult, _ = multipliers(table)
    outcomes = {(category, bets): p for category, bets, p in r.outcomes}
    rows, pairs, sens = _base_rows(table, rules, mult, outcomes)
    m = moments(pairs)
    limited = _limit_section(pairs, opts, opts.limit_bet, m)
    if limited:
        sheet["payout_limit"] = limited
    sheet["total_five"] = int(five_card_counts(rules).sum())
    sheet["rows"] = rows
    sheet["totals"] = record_totals(record)
    sheet["status"] = record.status.value
    e1, e2, e3 = r.bet_expectations
    sheet["base"] = {
        "bet_expectations": [float(e1), float(e2), float(e3)],
        "bet_expectations_exact": [_frac(e1), _frac(e2), _frac(e3)],
        "ride_bet1": float(r.ride_bet1_share), "ride_bet2": float(r.ride_bet2_share),
        "pulled": {"average_bets": float(record.average_bets), "element_of_risk": float(record.element_of_risk)},
        "ridden": {"average_bets": float(r.average_bets_ridden), "element_of_risk": float(r.element_of_risk_ridden)},
        "final_hands": [{"hand": row["hand"], **{f"bets_{b}": float(Fraction(row["deals"][b], BASE_TOTAL))
                                                 for b in (1, 2, 3)}} for row in rows],
        "strategy_bet1": list(r.bet1),
        "strategy_bet2": {g.name: {"riding": g.riding, "of": g.of, "holdings": list(g.holdings)} for g in r.bet2},
        "strategy_rules": {"bet1": [strategy_rule_json(x) for x in r.rules_bet1],
                           "bet2": [strategy_rule_json(x) for x in r.rules_bet2],
                           "bet1_text": strategy_sentence(r.rules_bet1, 1), "bet2_text": strategy_sentence(r.rules_bet2, 2)},
    }
    sheet["sensitivity"] = sens
    sheet["sensitivity_note"] = "strategy held fixed (at the optimum the first-order change is the same)"
    return _finish(sheet, opts)


def _base_rows(table: Paytable, rules: HandRules, mult, outcomes: dict) -> tuple[list[dict], list, list[dict]]:
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
        rows.append({"hand": _label(line) if line is not None and line.hand == name else hand_name(name),
                     "combinations": int(five[code]), "probability": float(p), "cycle": _cycle(int(five[code]), total5),
                     "pays": _pay_text(line) if line is not None and line.payout.offered else "loses",
                     "net": float(net), "contribution": float(contribution),
                     "outcome": "win" if net > 0 else ("push" if net == 0 else "loss"),
                     "deals": {b: int(q * BASE_TOTAL) for b, q in by_bets.items()}, "cite": line.cite if line else ""})
        if line is not None and net >= 0:
            sens.append({"hand": rows[-1]["hand"], "unit": "1 to 1 more",
                         "change_in_house_edge": float(-sum(b * q for b, q in by_bets.items()))})
    return rows, pairs, sens


def _limited(pairs, cap: Fraction) -> tuple[Moments, Fraction]:
    """Moments with every net win capped at ``cap`` units, and the probability a cap bites."""
    bites = sum((p for p, x in pairs if x > cap), Fraction(0))
    return moments([(p, min(x, cap)) for p, x in pairs]), bites


def _limit_section(pairs, opts: ParOptions, bet: Fraction | None, uncapped: Moments) -> dict | None:
    """The figures at ``bet`` when the table's payout limit caps the win on one hand."""
    if not opts.payout_limit or not bet:
        return None
    cap = exact(opts.payout_limit) / exact(bet)
    m, bites = _limited(pairs, cap)
    return {"limit": float(opts.payout_limit), "bet": float(bet), "cap_units": float(cap),
            "probability_capped": float(bites), "return_to_player": float(1 + m.mean),
            "house_edge": float(-m.mean), "standard_deviation": m.sd,
            "edge_change": float(uncapped.mean - m.mean)}


def _finish(sheet: dict, opts: ParOptions, edge_at_bet: float | None = None) -> dict:
    t = sheet.get("totals")
    if t:
        sheet["bands"], sheet["volatility_index_share"] = bands_and_normal_share(sheet, BASE_UNITS if sheet.get("base")
                                                                                 else 1)
        sheet["bands_handle"] = ("the three base bets as placed" if sheet.get("base") else "the amount wagered")
        sheet["per_hour"] = _per_hour(t["house_edge"], opts, edge_at_bet)
    return sheet


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
    at = price_paytable(wager, table, rules, TableSettings(meter=meter, meter_from=settings.meter_from or "",
                                                           stake=opts.bet, stake_from="the bet the win per hour assumes"))
    return _f(at.house_edge)


def sheet_for(model: RulesetModel, wager: Wager, table: Paytable | None, opts: ParOptions) -> dict:
    """The PAR sheet of one paytable at the settings ``opts`` gives (see :meth:`ParOptions.table_settings`):
    a view of the priced record (:func:`lit_compliance.gamemath.priced`), which it carries as ``priced``."""

    head = {"wager_id": wager.id, "wager_name": wager.name, "wager_kind": wager.kind.value,
            "paytable_id": table.id if table else None,
            "paytable_name": table.name if table else "(no paytable in the source)",
            "cite": table.cite if table else wager.cite}
    settings = opts.table_settings()
    if table is not None and wager.paytable(table.id) is table:
        record = priced(model, wager, table, settings)
    else:   # a house or proposed paytable: not the ruleset's, so no reading concerns it
        record = price_paytable(wager, table, model.hand_rules, settings)
    summary = {"status": record.status.value, "house_edge": _f(record.house_edge),
               "return_to_player": _f(record.return_to_player), "hit_frequency": _f(record.hit_frequency),
               "settings": settings_json(record.settings), "missing": list(record.missing), "note": priced_note(record)}
    if table is None:
        return {**head, "priced": summary, "status": "incomplete", "rows": [], "totals": None, "sensitivity": [],
                "assumptions": ["the source prints no paytable for this wager"], "enumeration": "", "total": None,
                "holds_at": []}
    rules = model.hand_rules
    inputs = {"wager": repr((wager.id, wager.kind.value, wager.hand_basis.value, str(wager.stake),
                             str(wager.meter.reset_minimum) if wager.meter else None)),
              "paytable": repr(table), "rules": repr(rules), "options": repr(opts), "settings": settings.key()}

    def compute() -> dict:
        if wager.is_base:
            body = base_sheet(wager, table, rules, opts, record)
        elif table.hand_basis.value == "table_highest":
            body = cover_all_sheet(wager, table, rules, opts, record)
        else:
            body = side_sheet(wager, table, rules, opts, record)
        return json.loads(json.dumps(body))   # exactly what the cache gives back, so cold = warm
    body = cache.memo(PAR_SHEET, inputs, compute)
    return {**head, **body, "priced": summary, "holds_at": _holds_at(record)}


def _sheet(stored) -> dict:
    if not isinstance(stored, dict):
        raise TypeError("a PAR sheet's body is a JSON object")
    return stored


PAR_SHEET = cache.kind("par-sheet", cache.same, _sheet, "the body of one paytable's PAR sheet (:func:`sheet_for`)")
