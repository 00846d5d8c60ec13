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

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..model.enums import WagerKind
from ..model.settings_vocabulary import decided_text
from .codec import decode, encode
from .settings import Decided
from .moments import Moments
from .strategy_rule import StrategyRule


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


@dataclass(frozen=True)
class PricedAt:
    """Where a price holds: the meter, the amount wagered, the players (None: plays no part)."""

    meter: Fraction | None = None
    meter_from: Decided | None = None      # how the meter was decided (None: no meter)
    stake: Fraction | None = None
    stake_from: Decided | None = None      # how the stake was decided (None: no stake)
    players: int | None = None


NOWHERE = PricedAt()


def settings_json(settings: PricedAt | None) -> dict:
    """Where a price holds, as the outputs state it: amounts as floats (``{}``: the record states no
    settings). The PAR sheet carries it as the record's; every JSON view states it so."""
    if settings is None:
        return {}
    return {"meter": None if settings.meter is None else float(settings.meter),
            "meter_from": decided_text(settings.meter_from),
            "stake": None if settings.stake is None else float(settings.stake),
            "stake_from": decided_text(settings.stake_from),
            "players": settings.players}


@dataclass(frozen=True)
class HoldingGroup:
    """Four-card holdings of one group (pairs and better, four to a flush, other rank sets): how
    many ride of how many, and the rank patterns that ride, best first."""

    name: str
    riding: int
    of: int
    holdings: tuple[str, ...]


@dataclass(frozen=True)
class BaseStrategy:
    """The base game under optimal strategy: which holdings let bet 1 and bet 2 ride, the rules
    that say so (in words: :func:`~lit_compliance.model.vocabulary.strategy_sentence`), and the
    final hand by number of bets riding."""

    ride_bet1_share: Fraction
    ride_bet2_share: Fraction
    bet1: tuple[str, ...]                       # three-card holdings that ride, best first
    bet2: tuple[HoldingGroup, ...]              # four-card holdings that ride, by group
    rules_bet1: tuple[StrategyRule, ...]
    rules_bet2: tuple[StrategyRule, ...]
    outcomes: tuple[tuple[str, int, Fraction], ...]   # (final category, bets riding, probability), sorted
    bet_expectations: tuple[Fraction, Fraction, Fraction]
    element_of_risk_ridden: Fraction
    average_bets_ridden: Fraction


@dataclass(frozen=True)
class MeterFunction:
    """A progressive's return as a function of its meter: ``without_meter + per_meter_dollar x meter``."""

    per_meter_dollar: Fraction
    without_meter: Fraction
    break_even: Fraction


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class CoverAllFigures:
    """Cover All at its number of players; ``rounds`` simulated (0: exact) with its 95% interval of
    the return; the exact return where every deal is counted (the record's return is then its float);
    how the highest hands' chances were found (``method``, as :mod:`.coverall` says it)."""

    players: int
    rounds: int
    interval: tuple[float, float] | None
    exact_return: Fraction | None
    method: str = ""


@dataclass(frozen=True)
class AppliedReading:
    """A reading of an open rule: the finding, the reading, its meaning, whether it is the default."""

    finding: str
    reading: str
    meaning: str
    default: bool


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class PricedPaytable:
    """The price of one paytable of a wager at given settings, under the readings it names."""

    wager_id: str
    wager_kind: WagerKind
    wager_name: str
    paytable_id: str | None
    paytable_name: str
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
