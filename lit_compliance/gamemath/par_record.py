"""The PAR sheet as a typed record: numbers and identifiers only, one frozen class per concept.

:class:`ParSheet` is one paytable's sheet: the priced record it is a view of (:class:`~.record.PricedPaytable`,
whose status, figures and settings the sheet's headline is) and the sheet's own figures
(:class:`SheetBody`, cached as one kind by the codec of :mod:`.codec`): the rows of the table
(:class:`SheetRow`), the totals from the moments (:class:`Totals`), the sensitivity of the edge to each
line (:class:`Sensitivity`), the bands of the hold (:class:`Band`), the win per hour (:class:`PerHour`),
and what the kind of wager adds: a payout limit (:class:`CappedFigures`), a progressive meter
(:class:`MeterSection`), the return by stake (:class:`StakePoint`), envy (:class:`EnvyRow`), Cover All
per player count (:class:`PlayerCount`). What the sheet assumes is a typed :class:`Assumption`. A
figure the enumeration gives exactly is a :class:`~fractions.Fraction`; a float is a figure computed
in floating point (a standard deviation, a band, a cycle). Every word a user reads is made from these
by :mod:`lit_compliance.model.par_vocabulary`; the views (:mod:`lit_compliance.report.par_json`,
:mod:`lit_compliance.report.par_view`) lay them out.
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction

from .codec import decode, encode
from .record import Method, PricedPaytable, Status
from ..records import record

#: Deals of the base game: the player's three cards, then the two community cards in order.
BASE_TOTAL = 22_100 * 49 * 48


class SheetKind(str, Enum):
    """Which kind of sheet: the figures it has, and how its rows are said."""

    SIDE = "side"
    """A side wager over an enumeration of hands (a row per paytable line, and the losing hands)."""
    BASE = "base"
    """The base game: a row per final hand, with the deals by bets riding."""
    COVER_ALL = "cover_all"
    """Cover All: the highest hand among the players, per player count."""


class RowOutcome(str, Enum):
    """What a row does to the wager."""

    WIN = "win"
    PUSH = "push"
    LOSS = "loss"
    MISSING = "missing"
    """The source lacks the line's figure."""
    METER = "meter"
    """The line pays from a meter no rule or table fixes."""


class PerUnit(str, Enum):
    """The one-unit change of a printed figure a sensitivity is stated for."""

    ODDS = "odds"
    """One more 'to 1'."""
    DOLLAR = "dollar"
    """One dollar more of a money amount."""
    METER_POINT = "meter_point"
    """One point more of the meter's share."""


class Assumed(str, Enum):
    """Something a sheet assumes or states instead of a figure."""

    NO_PAYTABLE = "no_paytable"
    """The source prints no paytable for the wager."""
    NO_STAKE = "no_stake"
    """No wager amount stated for the money amounts: priced on $1 (``flag``: see the return by stake)."""
    METER_OPEN = "meter_open"
    """No meter fixed: a function of the meter (``amount``: the break-even meter)."""
    MISSING = "missing"
    """Figures missing for ``hands`` (``amount``: the return of the lines with figures, a floor)."""
    COVER_ALL_SEATS = "cover_all_seats"
    """Every player holds a hand, the dealer none; one unit staked."""
    COVER_ALL_METHOD = "cover_all_method"
    """How the highest hand's distribution is had, per player count."""
    COVER_ALL_INTERVAL = "cover_all_interval"
    """What the simulated interval covers."""
    PLAYERS_ONLY = "players_only"
    """The paytable is for ``players`` players only."""
    OPTIMAL = "optimal"
    """Optimal strategy: a bet rides when its expectation is positive."""
    PER_BASE_BET = "per_base_bet"
    """Figures per unit of one of the equal base bets."""
    NOT_WHOLE_ODDS = "not_whole_odds"
    """The base game is priced for whole odds only; ``hands`` are not."""
    BASE_MISSING = "base_missing"
    """The base game lacks figures for ``hands``: no strategy."""


@record
class Assumption:
    """One thing a sheet assumes, with the figures it names."""

    kind: Assumed
    hands: tuple[str, ...] = ()
    amount: Fraction | None = None
    flag: bool = False
    players: int | None = None


@record
class SheetRow:
    """One row of a sheet's table: a paytable line (``line``, its index) or final hand (``category``),
    or the losing hands (both None)."""

    line: int | None
    category: str | None
    combinations: int | None
    probability: Fraction
    cycle: float | None          # one in so many
    net: Fraction | None         # None: the figure is missing, or paid from an open meter
    contribution: Fraction | None
    outcome: RowOutcome
    deals: tuple[int, int, int] | None = None   # the base game: deals with 1, 2, 3 bets riding


@record
class Sensitivity:
    """Change of the house edge when one line's printed figure rises by one ``unit``."""

    line: int | None
    category: str | None
    unit: PerUnit
    change: Fraction


@record
class ExactTotals:
    """The totals as exact fractions."""

    return_to_player: Fraction
    house_edge: Fraction
    hit_frequency: Fraction
    variance: Fraction


@record
class Totals:
    """The summary figures: the priced record's, and the spread from its moments."""

    return_to_player: Fraction
    house_edge: Fraction
    hit_frequency: Fraction
    win_frequency: Fraction
    push_frequency: Fraction
    variance: Fraction
    standard_deviation: float
    volatility_index: tuple[float, float]       # at 90% and 95%
    exact: ExactTotals | None
    interval_95: tuple[float, float] | None = None       # a simulated figure's interval
    interval_95_error: float | None = None


def split_variance_share(step: float, variance: float) -> float:
    """The most splitting a round's values onto a lattice of ``step`` can add to a total's variance, as a
    share of it (``variance``: one round's): each value split between its two neighbours keeps its mean
    and adds at most a quarter of the step squared a round. The one rule a band on a coarser lattice
    states its error by (a PAR sheet's, a table's player band, the hold check's edges)."""
    return step * step / 4 / variance if variance else 0.0


@record
class Band:
    """The central band of the hold over ``rounds`` rounds, (low, high) at 90%, 95%, 99%; ``lattice``:
    where the total was put on a lattice coarser than its outcomes' own (:mod:`.period_total`'s last
    resort), that lattice's step (in units of the wager), else None (what it may add to the variance:
    :meth:`SheetBody.variance_added_at_most`)."""

    rounds: int
    levels: tuple[tuple[float, float], ...]
    lattice: float | None = None


@record
class NormalShare:
    """The exact share of honest totals of ``rounds`` rounds a volatility index's band holds (90%, 95%)."""

    rounds: int
    shares: tuple[float, ...]


@record
class PerHour:
    """The theoretical win per hour at a bet."""

    bet: Fraction
    hands_per_hour: int
    win_per_hour: float
    house_edge_at_bet: float
    edge_depends_on_bet: bool


@record
class CappedFigures:
    """The figures at a bet when the table's payout limit caps the win on one hand."""

    limit: Fraction
    bet: Fraction
    cap_units: Fraction
    probability_capped: Fraction
    return_to_player: Fraction
    house_edge: Fraction
    standard_deviation: float
    edge_change: Fraction


@record
class MeterLine:
    """A line paid from the meter (its index), and its cycle."""

    line: int
    cycle: float | None


@record
class CurvePoint:
    """The return at one meter amount."""

    meter: float
    return_to_player: Fraction


@record
class LongRun:
    """The long-run return at a meter rate (percent) and reset."""

    rate_percent: Fraction
    reset: Fraction
    return_to_player: Fraction


@record
class MeterSection:
    """A progressive: its return as a function of the meter, and in the long run."""

    priced_at: Fraction | None      # the meter priced at (where from: the priced record's settings)
    return_without_meter: Fraction
    return_per_meter_dollar: Fraction
    break_even_meter: Fraction | None
    meter_lines: tuple[MeterLine, ...]
    curve: tuple[CurvePoint, ...]
    p_whole_meter: Fraction
    long_run: tuple[LongRun, ...]
    long_run_from_config: bool


@record
class StakePoint:
    """The figures at one wager amount (money amounts the rules state for no wager amount)."""

    stake: int
    return_to_player: Fraction | None
    house_edge: Fraction | None
    standard_deviation: float | None


@record
class EnvyRow:
    """The return with ``others`` other players at a stake (envy money)."""

    stake: Fraction
    others: int
    envy_per_other: Fraction
    return_to_player: Fraction


@record
class PlayerCount:
    """Cover All at one number of players."""

    players: int
    method: Method
    rounds: int                      # simulated rounds (0: exact)
    exact_from: str | None           # the category from which the figures are exact (a simulated tail)
    return_to_player: Fraction
    house_edge: Fraction
    hit_frequency: Fraction
    standard_deviation: float
    interval_95: tuple[float, float]
    interval_95_error: float
    distribution: tuple[float, ...]  # by five-card category code


@record
class SheetBody:
    """A paytable's sheet figures (what the cache keeps), by :class:`SheetKind`."""

    kind: SheetKind
    status: Status
    total: int | None
    stake: Fraction
    stake_stated: bool
    assumptions: tuple[Assumption, ...]
    rows: tuple[SheetRow, ...]
    totals: Totals | None
    sensitivity: tuple[Sensitivity, ...]
    total_five: int | None = None
    payout_limit: CappedFigures | None = None
    meter: MeterSection | None = None
    by_stake: tuple[StakePoint, ...] | None = None
    envy: tuple[EnvyRow, ...] | None = None
    cover_all: tuple[PlayerCount, ...] | None = None
    cover_all_players: int | None = None
    bands: tuple[Band, ...] | None = None
    normal_share: tuple[NormalShare, ...] | None = None
    per_hour: PerHour | None = None

    def round_outcomes(self) -> list[tuple[int, Fraction, Fraction]] | None:
        """Each way one round ends, as the rows give it, exactly: (the units the row's net per unit is
        paid on (the base game: each row once per number of bets riding, 1, 2, 3), that net, its
        probability), in the rows' order; rows without a probability or a net are left out. None where
        the sheet has no rows or totals. The one reading of a sheet's round: the hold bands' cache key
        (:mod:`.par`) and their distribution (:func:`.period.one_round`)."""
        if not self.rows or not self.totals:
            return None
        if self.kind is SheetKind.BASE:
            return [(bets, row.net, Fraction(deals, BASE_TOTAL))
                    for row in self.rows for bets, deals in zip((1, 2, 3), row.deals) if deals]
        return [(1, row.net, row.probability) for row in self.rows if row.probability and row.net is not None]

    def variance_added_at_most(self, band: Band) -> float | None:
        """Where ``band`` was computed on a lattice coarser than its outcomes' own, the most that
        lattice can add to the variance of its total, as a share of it (each value split between its
        two neighbours adds at most a quarter of the step squared a round); else None."""
        if band.lattice is None or not self.totals:
            return None
        return split_variance_share(band.lattice, float(self.totals.variance))

    def as_json(self) -> dict:
        """The body as JSON data (the codec's form: fractions as ``"n/d"``)."""
        return encode(self)

    @classmethod
    def from_json(cls, data) -> "SheetBody":
        """The body from its JSON data; :class:`~.codec.CodecError` for data of another shape."""
        return decode(cls, data)


@record
class ParSheet:
    """One paytable's PAR sheet: the priced record it is a view of, and its figures (None: the
    source prints no paytable for the wager)."""

    priced: PricedPaytable
    body: SheetBody | None

    @property
    def totals(self) -> Totals | None:
        """The summary figures (None where the sheet states no edge)."""
        return self.body.totals if self.body is not None else None

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """The rows of the sheet's table."""
        return self.body.rows if self.body is not None else ()
