"""What a configured table should hold: the one place ``hold`` and ``simulate`` read prices.

Every figure here is the PAR sheet's (:func:`lit_compliance.gamemath.par.sheet_for`), under the
options ``par CONFIG`` applies to a table configuration (``cli/par.py``): the configured paytable
(or house paytable), the progressive meter at the configured reset and its rate, seats - 1 other
players for envy, the payout limit at the wager's maximum. Nothing is priced a second way; a test
holds these figures to ``par CONFIG --format json`` for every wager of every example configuration.
When the math gives every command one priced record, this module is the one to point at it.

Per wager: the house's expected win per round and its standard deviation, per unit of the stake
the PAR sheet states its edge on (one of the three equal base bets; the side wager's stake), and
how many such units a round places (three for the base game, one for a side wager).
"""
from __future__ import annotations

from dataclasses import field, replace
from fractions import Fraction
from pathlib import Path
import hashlib

from ..gamemath.par import BASE_UNITS, sheet_for
from ..gamemath.par_record import ParSheet
from ..gamemath.settings import SettingSource
from ..load.catalogue import Catalogue, CatalogueError
from ..load.strict_yaml import InputError
from ..model import Paytable, Payout, exact
from ..model.enums import PayoutKind
from .par_options import configured_options
from ..model.table_config import HOUSE_PAYTABLE, WagerChoice
from ..load.fingerprint import config_json, ruleset_json
from .config import load_config, model_for, ruleset_for
from .. import cache
from ..records import record



@record
class WagerTheory:
    """One wager of one table as priced: per round, per unit of the stake."""

    wager_id: str
    wager_name: str
    kind: str
    paytable_id: str | None
    paytable_name: str
    units_per_round: int                  # units placed per round (3 for the base game)
    mean: float | None                    # house's expected win per round per unit (the house edge)
    sd: float | None                      # standard deviation of the house's win per round per unit
    status: str                           # exact, simulated, incomplete
    stake: float                          # the stake the figures are per unit of
    stake_stated: bool                    # the rules fix the stake (else priced per $1)
    stake_dependent: bool                 # money amounts or a meter on a stake the rules do not state
    meter: float | None                   # the meter the figures are priced at (progressives)
    meter_reset: float | None             # the configured reset
    minimum: float | None                 # the configured least and most bet (each base bet)
    maximum: float | None
    assumptions: tuple = ()               # the sheet's assumptions (``par_record.Assumption``), typed
    readings: tuple[dict, ...] = ()
    seats_assumed: int | None = None      # priced on the paytable for this many players: every seat playing
    edge: Fraction | None = None          # ``mean`` as the sheet states it, a fraction (exact unless simulated)


@record(eq=False)   # hashed by identity: one per configuration file
class TableTheory:
    path: str
    table: str
    casino: str
    ruleset: str
    digest: str
    seats: int | None
    wagers: dict                          # wager id -> WagerTheory
    readings: tuple[dict, ...]
    model: object = field(repr=False, compare=False)
    choices: dict = field(repr=False, compare=False)   # wager id -> (Wager, Paytable, ParOptions)
    priced_as: str = ""   # fingerprint of what the prices depend on: the ruleset and the configuration
                          # but its labels (table, casino), so relabelled tables share cached figures


def _reading(r) -> dict:
    return {"finding": r.finding, "reading": r.id, "meaning": r.meaning, "default": r.default}



def envy_applied(table: Paytable, amounts) -> Paytable:
    """The paytable with the table's own envy amounts (a configuration's ``envy``) in place of the
    ruleset's."""
    lines = []
    for line in table.envy_lines:
        mine = [a for a in amounts if a.hand == line.hand and tuple(sorted(a.suits)) ==
                tuple(sorted(line.suits)) and (a.stake is None or exact(a.stake) == line.stake)]
        lines.append(replace(line, payout=Payout(PayoutKind.FIXED_AMOUNT, exact(mine[0].amount))) if mine else line)
    return replace(table, envy_lines=tuple(lines))


def configured_paytable(wager, choice: WagerChoice, seats: int | None) -> Paytable | None:
    """The paytable a configured wager is played on, with the table's own envy amounts where it
    sets them (see :func:`_chosen_paytable`)."""
    table = _chosen_paytable(wager, choice, seats)
    return envy_applied(table, choice.envy) if table is not None and choice.envy else table


def _chosen_paytable(wager, choice: WagerChoice, seats: int | None) -> Paytable | None:
    """The paytable a configured wager is played on: the house paytable, the one named, the only
    one, or, for a wager whose paytables are set by the number of players in the round (Cover All),
    the one for the table's seats (every seat playing, the assumption every table figure states).
    None where the configuration leaves the choice open."""
    if choice.custom_paytable is not None:
        return choice.custom_paytable.paytable(wager)
    if choice.paytable:
        return wager.paytable(choice.paytable)
    if len(wager.paytables) == 1:
        return wager.paytables[0]
    by_players = [t for t in wager.paytables if t.players == seats]
    return by_players[0] if seats and len(by_players) == 1 else None


def sheet(theory: TableTheory, wager_id: str, meter: float | None = None, stake: float | None = None) -> ParSheet:
    """The PAR sheet of one configured wager, at another meter or stake if asked (kept in memory for
    every table priced alike)."""
    memo = _SHEETS.get(theory.choices) or _SHEETS.put(theory.choices, (), {})
    key = (wager_id, meter, stake)
    if key not in memo:
        wager, table, opts = theory.choices[wager_id]
        if meter is not None:  # the period's mean meter, where the row gives one
            opts = replace(opts, meter=exact(meter), settings=replace(
                opts.settings, meter=exact(meter), meter_from=SettingSource.PERIOD_MEAN_METER))
        if stake is not None:  # the period's average stake, for amounts the rules state for no wager amount
            opts = replace(opts, stake=exact(stake), settings=replace(
                opts.settings, stake=exact(stake) if opts.settings.stake is not None else None,
                stake_from=SettingSource.PERIOD_AVERAGE_BET if opts.settings.stake is not None else opts.settings.stake_from))
        memo[key] = _sheet(theory.model, wager, table, opts)
    return memo[key]


def _sheet(model, wager, table, opts) -> ParSheet:
    """The sheet without its bands of the hold: nothing that reads a table's theory prints them (a
    PAR sheet is printed from :func:`sheet_for` itself), and they are its dearest part."""
    return sheet_for(model, wager, table, opts, bands=False)


def mean_and_sd(theory: TableTheory, wager_id: str, meter: float | None = None, stake: float | None = None):
    """(mean, sd) per round per unit at a meter and stake, or (None, None) where the rules lack figures."""
    return _priced(theory, wager_id, meter, stake)


def _priced(theory, wager_id, meter, stake):
    t = sheet(theory, wager_id, meter, stake).totals
    return (None, None) if not t else (float(t.house_edge), t.standard_deviation)


def max_net(theory: TableTheory, wager_id: str, meter: float | None = None, stake: float | None = None) -> float:
    """The most a player can win, net, per unit of the stake, on one unit placed (the base game: per
    bet, all three riding), by the PAR sheet's rows."""
    rows = sheet(theory, wager_id, meter, stake).rows
    return max([float(r.net) for r in rows if r.net is not None] + [0.0])


class Curve:
    """Mean and standard deviation per round per unit at any meter and stake, from a few PAR sheets.

    A wager's net result per unit of a stake s at meter M is O - 1 + A/s + S*M/s (O: the odds
    return, A: the money amount, S: the meter share of the hand paid), so its mean is linear and
    its second moment quadratic in t = 1/s and v = M/s. Six sheets (three where the rules fix the
    stake) fix both exactly; a test holds the curve to ``sheet`` at other meters and stakes.
    """

    def __init__(self, theory: TableTheory, wager_id: str):

        w = theory.wagers[wager_id]
        self.scale = w.meter_reset or w.meter or 1000.0
        self.fixed_stake = w.stake if w.stake_stated else None
        if self.fixed_stake is not None:
            s = self.fixed_stake
            points = [(s, self.scale), (s, 2 * self.scale), (s, 3 * self.scale)]
        else:   # never meter 0: the PAR options take a meter of 0 for "none given"
            r = self.scale
            points = [(1.0, r), (2.0, r), (4.0, r), (1.0, 3 * r), (2.0, 3 * r), (1.0, 7 * r)]
        import numpy as np  # lazy: a warm check reads the theory from the cache and never imports numpy

        rows, means, seconds = [], [], []
        for s, m in points:
            mean, sd = mean_and_sd(theory, wager_id, m, s)
            rows.append(self._terms(s, m))
            means.append(mean)
            seconds.append(sd * sd + mean * mean)
        a = np.array(rows)
        self.mean_coef = np.linalg.lstsq(a, np.array(means), rcond=None)[0]
        self.second_coef = np.linalg.solve(a, np.array(seconds))

    def _terms(self, stake: float, meter: float) -> list:
        v = meter / self.scale / stake
        if self.fixed_stake is not None:
            return [1.0, v, v * v]
        t = 1.0 / stake
        return [1.0, t, v, t * t, t * v, v * v]

    def at(self, stake, meter):
        """(mean, sd) per round per unit; numpy arrays in, arrays out."""
        import numpy as np  # lazy: as above

        stake = np.asarray(stake, dtype=float)
        meter = np.asarray(meter, dtype=float)
        terms = np.stack(np.broadcast_arrays(*self._terms(stake, meter)))
        mean = self.mean_coef @ terms
        second = self.second_coef @ terms
        return mean, np.sqrt(np.maximum(second - mean * mean, 0.0))


def load_theory(path: Path | str, catalogue=None) -> TableTheory:
    """A configuration file's table, priced wager by wager as ``par CONFIG`` prices it."""
    return _load(str(path), catalogue)


_PRICED = cache.Held(256)   # (ruleset, held; the configuration but its table and casino) -> priced wagers
_SHEETS = cache.Held(256)   # a priced configuration's choices (held) -> {(wager, meter, stake): sheet}
_TEXTS = cache.Held(64)     # ruleset (held) -> its canonical JSON


def _ruleset_text(rs) -> str:
    """The ruleset's canonical JSON, made once per ruleset."""
    return _TEXTS.get(rs) or _TEXTS.put(rs, (), ruleset_json(rs))


def _digest(rs, config) -> str:
    """:func:`table_config.digest`, with the ruleset's canonical JSON made once per ruleset (a test
    holds the two equal)."""
    text = '{"config":' + config_json(config) + ',"ruleset":' + _ruleset_text(rs) + "}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@cache.remembered(256)
def _load(path: str, catalogue) -> TableTheory:

    config = load_config(path)
    rs = ruleset_for(config, catalogue or Catalogue.bundled())
    if config.settings.table is None:
        raise CatalogueError(f"{path}: the configuration names no table")
    return theory_of(config, rs, path, every_seat=True)


def _seats_assumed(wager, choice, table, config, every_seat: bool) -> int | None:
    """The seats a wager is priced on where its paytable is set by the number of players in the
    round (Cover All): every seat of the table playing every round, the assumption said wherever
    its figures are (a round with fewer players is paid on another paytable). None otherwise."""
    by_seats = (every_seat and table is not None and not choice.paytable and choice.custom_paytable is None
                and len(wager.paytables) > 1)
    return config.settings.seats if by_seats else None


def theory_of(config, rs, path: str = "", offered_only: bool = False, every_seat: bool = False) -> TableTheory:
    """A loaded configuration's table (of ruleset ``rs``), priced wager by wager as ``par CONFIG``
    prices it: the one theory ``check``, ``par CONFIG``, ``hold`` and ``simulate`` read. A wager the
    ruleset does not offer is a problem, or (``offered_only``, for ``check``, which reports it) left out.
    ``every_seat``: every seat plays every round, so a wager whose paytable is set by the players in
    the round (Cover All) is priced on the table's seats (else it is open: not priced)."""
    same = config_json(config, without=("table", "casino"))
    key = (same, offered_only, every_seat)
    wagers, readings, model, choices = (_PRICED.get(rs, key)
                                        or _PRICED.put(rs, key, _price(config, rs, offered_only, every_seat)))
    return TableTheory(path=str(path), table=str(config.settings.table), casino=config.casino, ruleset=rs.ref,
                       digest=_digest(rs, config), seats=config.settings.seats, wagers=wagers,
                       readings=readings, model=model, choices=choices,
                       priced_as=hashlib.sha256(('{"config":' + same + ',"ruleset":' + _ruleset_text(rs) + "}")
                                                .encode("utf-8")).hexdigest()[:16])


def _price(config, rs, offered_only: bool = False, every_seat: bool = False):

    model = model_for(rs, config)
    limits = config.settings.limits
    wagers, choices = {}, {}
    for i, choice in enumerate(config.settings.wagers):
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            if offered_only:
                continue
            raise InputError([config.problem(("wagers", i, "wager"),
                                             f"{rs.ref} offers no wager {choice.wager!r}")]) from None
        table = configured_paytable(wager, choice, config.settings.seats if every_seat else None)
        opts = configured_options(config, model, choice, wager)
        choices[wager.id] = (wager, table, opts)
        body = _sheet(model, wager, table, opts).body if table is not None else None
        t = body.totals if body is not None else None
        prefix = ("wagers", wager.id) + (("paytables", table.id) if table is not None and table.id != HOUSE_PAYTABLE else ())
        low = choice.minimum if choice.minimum is not None else (limits.minimum if wager.is_base else None)
        high = choice.maximum if choice.maximum is not None else (limits.maximum if wager.is_base else None)
        wagers[wager.id] = WagerTheory(
            wager_id=wager.id, wager_name=wager.name, kind=wager.kind.value,
            paytable_id=table.id if table is not None else None,
            paytable_name=table.name if table is not None else "(none)",
            units_per_round=BASE_UNITS if wager.is_base else 1,
            mean=float(t.house_edge) if t else None, sd=t.standard_deviation if t else None,
            status=body.status.value if body is not None else "incomplete",
            stake=float(body.stake) if body is not None else 1.0,
            stake_stated=table is not None and bool(wager.stake_for(table)) and not wager.is_base,
            stake_dependent=table is not None and not wager.stake_for(table) and not wager.is_base
            and (table.pays_fixed_amounts or table.pays_from_meter),
            meter=float(body.meter.priced_at) if body is not None and body.meter and body.meter.priced_at is not None
            else None,
            meter_reset=float(opts.reset) if opts.reset is not None else None,
            minimum=float(low) if low is not None else None, maximum=float(high) if high is not None else None,
            assumptions=tuple(body.assumptions) if body is not None else (),
            readings=tuple(_reading(r) for r in model.readings_touching(*prefix)),
            seats_assumed=_seats_assumed(wager, choice, table, config, every_seat),
            edge=t.house_edge if t else None)
    return wagers, tuple(_reading(r) for r in model.applied), model, choices
