"""The priced record of a paytable: one frozen, typed answer per paytable at given settings.

:class:`PricedPaytable` is *the* price of a paytable (see :mod:`lit_compliance.gamemath`): its status
(:class:`Status`) with its reasons, the figures as exact fractions, where they hold
(:class:`PricedAt`), the moments of the net result, and what its kind of wager adds: the base game's
strategy (:class:`BaseStrategy`), a side wager's line counts (:class:`SideFigures`), Cover All's
simulation (:class:`CoverAllFigures`). A figure a simulation gives is stored as the fraction equal to
its float (the status says ``simulated``). The record holds numbers and identifiers; the words a
user reads are made by the views, from the vocabulary (:func:`~lit_compliance.model.vocabulary.priced_note`
says what a record's figures rest on). It goes to and from JSON by one codec (:mod:`.codec`).
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ..model.enums import HandCategory, WagerKind
from ..model.vocabulary import setting_source_text
from .codec import decode, encode
from .moments import Moments
from .settings import SettingSource
from .strategy_rule import StrategyRule
from ..records import record


class Status(str, Enum):
    """How far a paytable's figures go."""

    EXACT = "exact"
    """Every figure is exact: each deal counted."""
    SIMULATED = "simulated"
    """The return comes from a seeded simulation, with its 95% interval."""
    FUNCTION_OF_WAGER = "function_of_wager"
    """The rules pay money amounts but state no wager amount: the return depends on the wager."""
    FUNCTION_OF_METER = "function_of_meter"
    """A line pays from a progressive meter: the return depends on the meter."""
    INCOMPLETE = "incomplete"
    """The source lacks a figure (or the paytable), so no edge is stated."""


@record
class PricedAt:
    """Where a price holds: the meter, the amount wagered, the players (None: plays no part)."""

    meter: Fraction | None = None
    meter_from: SettingSource | None = None
    stake: Fraction | None = None
    stake_from: SettingSource | None = None
    players: int | None = None


NOWHERE = PricedAt()


def settings_json(settings: PricedAt | None) -> dict:
    """Where a price holds, as the outputs state it: amounts as floats (``{}``: the record states no
    settings). The PAR sheet carries it as the record's; every JSON view states it so."""
    if settings is None:
        return {}
    return {"meter": None if settings.meter is None else float(settings.meter),
            "meter_from": setting_source_text(settings.meter_from),
            "stake": None if settings.stake is None else float(settings.stake),
            "stake_from": setting_source_text(settings.stake_from),
            "players": settings.players}


class HoldingKind(str, Enum):
    """What tells a holding of the base game apart, for the strategy's lists of holdings that ride."""

    FOUR_OF_A_KIND = "four_of_a_kind"
    """Four cards of one rank (told apart by nothing more)."""
    THREE_OF_A_KIND = "three_of_a_kind"
    """Three cards of one rank, told by that rank."""
    TWO_PAIR = "two_pair"
    """Two pairs (told apart by nothing more)."""
    PAIR = "pair"
    """One pair, told by its rank."""
    RANKS = "ranks"
    """Cards of distinct ranks, told by every rank and whether all share a suit."""


@record
class Holding:
    """A holding as the strategy lists it: its kind and the ranks it is told by (2 to 14, the ace
    14; high to low), and whether its cards all share a suit (a kind of ``RANKS`` only). Words:
    :func:`~lit_compliance.model.vocabulary.holding_text`."""

    kind: HoldingKind
    ranks: tuple[int, ...] = ()
    suited: bool = False


class HoldingGroupKind(str, Enum):
    """The groups bet 2's four-card holdings are counted in."""

    PAIRS = "pairs"
    """A repeated rank: a pair and better."""
    FOUR_FLUSH = "four_flush"
    """Four distinct ranks of one suit."""
    OTHER = "other"
    """Four distinct ranks, not all of one suit."""


@record
class HoldingGroup:
    """Four-card holdings of one group (:class:`HoldingGroupKind`): how many ride of how many, and
    the holdings that ride, best first."""

    group: HoldingGroupKind
    riding: int
    of: int
    holdings: tuple[Holding, ...]


@record
class BaseStrategy:
    """The base game under optimal strategy: which holdings let bet 1 and bet 2 ride, the rules
    that say so (in words: :func:`~lit_compliance.model.vocabulary.strategy_sentence`), and the
    final hand by number of bets riding."""

    ride_bet1_share: Fraction
    ride_bet2_share: Fraction
    bet1: tuple[Holding, ...]                   # three-card holdings that ride, best first
    bet2: tuple[HoldingGroup, ...]              # four-card holdings that ride, by group
    rules_bet1: tuple[StrategyRule, ...]
    rules_bet2: tuple[StrategyRule, ...]
    outcomes: tuple[tuple[str, int, Fraction], ...]   # (final category, bets riding, probability), sorted
    bet_expectations: tuple[Fraction, Fraction, Fraction]
    element_of_risk_ridden: Fraction
    average_bets_ridden: Fraction


@record
class MeterFunction:
    """A progressive's return as a function of its meter: ``without_meter + per_meter_dollar x meter``."""

    per_meter_dollar: Fraction
    without_meter: Fraction
    break_even: Fraction


@record
class SideFigures:
    """A side wager priced over an enumeration: each line's probability (by its label) and
    combinations (by its index in the paytable), and what depends on the meter, stake or players."""

    line_probabilities: tuple[tuple[str, Fraction], ...]
    line_counts: tuple[tuple[int, int], ...]
    combinations: int
    meter: MeterFunction | None = None
    rtp_by_stake: tuple[tuple[int, Fraction], ...] = ()
    envy_per_other_player: tuple[tuple[Fraction | None, Fraction], ...] = ()
    return_excluding_missing: Fraction | None = None   # incomplete: the return of the lines with figures
    pays_amounts: bool = False                         # some line pays a money amount (not odds)


class Method(str, Enum):
    """How Cover All's distribution of the highest hand (for a number of players) is had; said by
    :func:`~lit_compliance.model.vocabulary.cover_all_method_text`."""

    EXACT = "exact"
    """Every deal counted."""
    SIMULATED = "simulated"
    """One seeded simulation with control variates."""
    SIMULATED_PLAIN = "simulated_plain"
    """One seeded simulation, without control variates."""
    TAIL_EXACT = "tail_exact"
    """Exact from a category up; below it simulated."""
    TAIL_ALIKE = "tail_alike"
    """Exact from a category up, the paytable paying the hands below alike: exact in all."""


@record
class CoverAllFigures:
    """Cover All at its number of players; ``rounds`` simulated (0: exact) with its 95% interval of
    the return; the exact return where every deal is counted (the record's return is then its float);
    how the highest hands' chances were found (``method``, exact from the category ``exact_from`` up
    where only those are exact)."""

    players: int
    rounds: int
    interval: tuple[float, float] | None
    exact_return: Fraction | None
    method: Method = Method.EXACT
    exact_from: HandCategory | None = None


@record
class AppliedReading:
    """A reading of an open rule: the finding, the reading, its meaning, whether it is the default."""

    finding: str
    reading: str
    meaning: str
    default: bool


@record
class Alternative:
    """The figures under another reading of an open rule (at the same settings), with the record
    they come from (None: the record itself, the zero-expectation holdings ridden)."""

    reading: AppliedReading
    status: Status
    house_edge: Fraction | None
    return_to_player: Fraction | None
    hit_frequency: Fraction | None
    element_of_risk: Fraction | None
    average_bets: Fraction | None
    priced: PricedPaytable | None = None


@record
class PricedPaytable:
    """The price of one paytable of a wager at given settings, under the readings it names."""

    wager_id: str
    wager_kind: WagerKind
    wager_name: str
    paytable_id: str | None
    paytable_name: str | None            # None: the source prints no paytable (said: vocabulary.paytable_title)
    status: Status
    house_edge: Fraction | None
    return_to_player: Fraction | None
    hit_frequency: Fraction | None
    element_of_risk: Fraction | None = None
    average_bets: Fraction | None = None
    missing: tuple[str, ...] = ()            # hands whose figure the source lacks
    not_whole_odds: tuple[str, ...] = ()     # base game: hands not paid at whole "to 1" odds
    settings: PricedAt | None = None         # None: the record says nothing of settings
    moments: Moments | None = None           # of the net result per unit (None: not priced)
    base: BaseStrategy | None = None
    side: SideFigures | None = None
    cover_all: CoverAllFigures | None = None
    readings: tuple[AppliedReading, ...] = ()
    alternatives: tuple[Alternative, ...] = ()

    @property
    def held_at(self) -> PricedAt:
        """The settings the figures hold at (all None where the record states none)."""
        return self.settings or NOWHERE

    @property
    def priced_at_meter(self) -> Fraction | None:
        """The meter the figures hold at (None: no meter, or a function of the meter)."""
        return self.held_at.meter

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the status is what it is, as the hands concerned (missing figures, odds not whole)."""
        return self.missing + self.not_whole_odds

    def as_json(self) -> dict:
        """The record as JSON data (the codec's form: fractions as ``"n/d"``)."""
        return encode(self)

    @classmethod
    def from_json(cls, data) -> "PricedPaytable":
        """The record from its JSON data; :class:`~.codec.CodecError` for data of another shape."""
        return decode(cls, data)
