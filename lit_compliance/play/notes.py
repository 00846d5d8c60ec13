"""What a settlement notes about a round, as typed records: numbers and identifiers, never words.

Settling a wager can rest on something a reader must be told: a figure missing from the source, a
percentage of the meter, a win a payout limit cut, an envy bonus scaled from a listed stake. Each
such note is a frozen record here, of one :class:`NoteKind`, carrying the seat, hand
(:class:`~lit_compliance.model.enums.HandCategory`), exact amounts, currency symbol, finding ids,
limit id and citation it is about. Reading a round file can rest on an assumption about the input
(no version given, no dealing method named, ...): each is a record of one :class:`AssumptionKind`.
How the seats are paid in turn is a :class:`PaymentOrder`.

The settlement (:mod:`.settlement`) holds these records; the views say them with
:func:`lit_compliance.model.round_vocabulary.note_text` and ``payment_order_text``, the one place
their words are made.
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import ClassVar, Union

from ..model.enums import HandCategory, PayoutKind
from ..records import record


class NoteKind(str, Enum):
    """What a settled wager's note (or a round's note from settling it) is about."""

    NOT_OFFERED = "not_offered"              # the line is marked not offered
    MISSING_FIGURE = "missing_figure"        # the line's figure is missing from the source
    METER_SHARE = "meter_share"              # a percentage of the meter was paid
    BELOW_LEAST = "below_least"              # no paytable, but the hand is below the least winning hand
    NO_PAYTABLE = "no_paytable"              # no paytable, and nothing else settles the wager
    NO_LINE = "no_line"                      # no paytable line is satisfied
    WITHDRAWN = "withdrawn"                  # a base bet withdrawn and returned
    TABLE_HIGHEST = "table_highest"          # the highest hand at the table chooses the paytable
    ENVY_FOR = "envy_for"                    # an envy bonus paid for another seat's hand
    ENVY_ONCE = "envy_once"                  # one envy bonus per round
    ENVY_SCALED = "envy_scaled"              # an envy amount scaled from a listed stake's
    ENVY_STAKES_ONLY = "envy_stakes_only"    # envy amounts only for the listed stakes, not scaled
    ENVY_KIND = "envy_kind"                  # an envy payout kind with no defined meaning
    CAPPED = "capped"                        # a win cut by a payout limit
    NOT_LIMITED = "not_limited"              # a win a payout limit excludes
    HAND_EFFECT = "hand_effect"              # an irregularity voided (or killed) the hand
    RIDES = "rides"                          # an irregularity makes the player's bets ride
    VOID_UNSTATED = "void_unstated"          # the rules do not say what a void hand does to the wagers


class AssumptionKind(str, Enum):
    """What the program assumed about a round file where the file left something out."""

    NEWEST_VERSION = "newest_version"        # no version given: the newest is used
    FIRST_METHOD = "first_method"            # no dealing method named: the ruleset's first
    METER_UNUSED = "meter_unused"            # a meter given, but no wager in play pays from it
    LEAST_RESET = "least_reset"              # meter.reset not given: the ruleset's least reset
    NO_LIMIT_GIVEN = "no_limit_given"        # no payout limit given: the rule is not applied


# --- settling a wager -------------------------------------------------------------------------


@record
class NotOffered:
    kind: ClassVar[NoteKind] = NoteKind.NOT_OFFERED


@record
class MissingFigure:
    findings: tuple[str, ...]                # the ruleset's findings about the missing figure
    kind: ClassVar[NoteKind] = NoteKind.MISSING_FIGURE


@record
class MeterShare:
    percent: Fraction                        # the line's percentage of the meter
    meter: Fraction | None                   # the meter as it stood when the seat was paid
    symbol: str                              # the currency symbol amounts are said in
    kind: ClassVar[NoteKind] = NoteKind.METER_SHARE


@record
class BelowLeast:
    least: HandCategory                      # the least winning hand the text states
    kind: ClassVar[NoteKind] = NoteKind.BELOW_LEAST


@record
class NoPaytable:
    findings: tuple[str, ...]                # the wager's findings (why it has no paytable)
    kind: ClassVar[NoteKind] = NoteKind.NO_PAYTABLE


@record
class NoLine:
    kind: ClassVar[NoteKind] = NoteKind.NO_LINE


@record
class Withdrawn:
    bet: str                                 # the bet's id (bet1, bet2)
    label: str                               # the ruleset's label for it
    kind: ClassVar[NoteKind] = NoteKind.WITHDRAWN


@record
class TableHighest:
    seat: int                                # the seat holding the highest hand
    hand: HandCategory                       # its hand
    players: int                             # how many players the round has
    paytable_id: str | None                  # the paytable that number of players chooses (None: none)
    paytable_name: str | None
    kind: ClassVar[NoteKind] = NoteKind.TABLE_HIGHEST


@record
class EnvyFor:
    seat: int                                # the seat whose hand earns the bonus
    hand: HandCategory
    kind: ClassVar[NoteKind] = NoteKind.ENVY_FOR


@record
class EnvyOnce:
    cite: str                                # where the ruleset pays one envy bonus per round
    kind: ClassVar[NoteKind] = NoteKind.ENVY_ONCE


@record
class EnvyScaled:
    listed_stake: Fraction                   # the stake whose amount is scaled
    factor: Fraction                         # the wager's stake over the listed stake
    symbol: str
    kind: ClassVar[NoteKind] = NoteKind.ENVY_SCALED


@record
class EnvyStakesOnly:
    stakes: tuple[Fraction | None, ...]      # the stakes the ruleset lists envy amounts for
    symbol: str
    kind: ClassVar[NoteKind] = NoteKind.ENVY_STAKES_ONLY


@record
class EnvyKind:
    payout_kind: PayoutKind                  # the envy line's payout kind, which has no meaning for envy
    kind: ClassVar[NoteKind] = NoteKind.ENVY_KIND


@record
class Capped:
    uncapped: Fraction                       # the win by the paytable
    paid: Fraction                           # the win paid under the limit
    symbol: str
    limit: str                               # the payout limit's id
    applies_to: tuple[str, ...]              # the wagers it covers
    cap: Fraction                            # its amount for one hand
    cite: str
    kind: ClassVar[NoteKind] = NoteKind.CAPPED


@record
class NotLimited:
    limit: str                               # the payout limit that excludes this wager
    cite: str
    kind: ClassVar[NoteKind] = NoteKind.NOT_LIMITED


@record
class HandEffect:
    effect: str                              # round_void, hand_void or hand_dead
    wagers_not_stated: bool                  # the rules do not say what the void does to the wagers
    irregularities: tuple[str, ...]          # the ruleset's irregularity entries that caused it
    kind: ClassVar[NoteKind] = NoteKind.HAND_EFFECT


@record
class Rides:
    kind: ClassVar[NoteKind] = NoteKind.RIDES


@record
class VoidUnstated:
    seat: int                                # the seat whose void hand's wagers the rules do not settle
    kind: ClassVar[NoteKind] = NoteKind.VOID_UNSTATED


# --- reading the round file -------------------------------------------------------------------


@record
class NewestVersion:
    ruleset: str                             # the ruleset used (jurisdiction@version)
    kind: ClassVar[AssumptionKind] = AssumptionKind.NEWEST_VERSION


@record
class FirstMethod:
    method: str                              # the dealing method assumed
    kind: ClassVar[AssumptionKind] = AssumptionKind.FIRST_METHOD


@record
class MeterUnused:
    kind: ClassVar[AssumptionKind] = AssumptionKind.METER_UNUSED


@record
class LeastReset:
    reset: Fraction                          # the ruleset's least reset amount, used
    cite: str
    kind: ClassVar[AssumptionKind] = AssumptionKind.LEAST_RESET


@record
class NoLimitGiven:
    limits: tuple[str, ...]                  # the payout limit rules not applied
    kind: ClassVar[AssumptionKind] = AssumptionKind.NO_LIMIT_GIVEN


@record
class PaymentOrder:
    """Which round step fixes the order winners are paid in (``step`` None: the ruleset fixes none,
    and seats are paid in ascending order)."""

    step: str | None = None
    order: str | None = None
    cite: str | None = None


WagerNote = Union[NotOffered, MissingFigure, MeterShare, BelowLeast, NoPaytable, NoLine, Withdrawn, TableHighest,
                  EnvyFor, EnvyOnce, EnvyScaled, EnvyStakesOnly, EnvyKind, Capped, NotLimited, HandEffect, Rides]
RoundAssumption = Union[NewestVersion, FirstMethod, MeterUnused, LeastReset, NoLimitGiven]
RoundNote = Union[RoundAssumption, VoidUnstated]
