"""The table settings a paytable is priced at, and how each was decided.

Every priced figure holds at some settings: the progressive meter, the amount wagered where the
rules state money amounts but no wager amount, and the number of players. Without a table
configuration a paytable is priced *as published*: a progressive at the least reset the rules
allow (or, where they fix none, as a function of the meter with its break-even meter), money
amounts on a $1 wager (as a function of the wager), Cover All at the paytable's own number of
players. A table configuration prices at its own settings everywhere (``check``, ``par``, the
placard): a progressive at its configured reset (the least the meter stands at on that table:
it restarts there after every jackpot), money amounts at the wager's configured minimum bet.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction


class Decided(str, Enum):
    """How a setting a price holds at (a meter, a wager amount) was decided. The words are
    :mod:`lit_compliance.model.settings_vocabulary`'s."""

    UNSTATED = "unstated"
    """Not said (a setting left as published, or given without saying how)."""
    AS_GIVEN = "as_given"
    """Given by the caller."""
    LEAST_RESET = "least_reset"
    """The least reset the rules allow."""
    FIXED_BY_RULES = "fixed_by_rules"
    """The stake the rules fix."""
    PER_DOLLAR = "per_dollar"
    """No stake stated by the rules: priced per $1."""
    ONE_UNIT = "one_unit"
    """One unit staked (Cover All)."""
    CONFIGURED_RESET = "configured_reset"
    """A table configuration's reset."""
    CONFIGURED_MINIMUM = "configured_minimum"
    """A table configuration's minimum bet for the wager."""
    CONFIGURED_MAXIMUM = "configured_maximum"
    """A table configuration's maximum bet for the wager."""
    AMOUNT_ASKED = "amount_asked"
    """The amount a caller asked the figures for."""
    AS_SHOWN = "as_shown"
    """One of the stakes a sheet's return by stake shows."""
    PER_HOUR_BET = "per_hour_bet"
    """The bet the win per hour assumes."""
    METER_ASKED = "meter_asked"
    """The meter asked for on the command line (``par CONFIG --meter``)."""
    METER_OPTION = "meter_option"
    """The meter given with ``--meter`` (``par RULESET``)."""
    RESET_OPTION = "reset_option"
    """The reset given with ``--reset``."""
    RESET_GIVEN = "reset_given"
    """The reset given while building a configuration (``init``)."""
    LEAST_STAKE_GIVEN = "least_stake_given"
    """The least stake given while building a configuration (``init``)."""
    PERIOD_METER = "period_meter"
    """A period's mean meter, from the results (``hold``)."""
    PERIOD_BET = "period_bet"
    """A period's average bet (``hold``)."""


@dataclass(frozen=True)
class TableSettings:
    """Where a price holds. ``None`` leaves a setting as published (see the module's docstring)."""

    meter: Fraction | None = None     # the progressive meter to price at
    meter_from: Decided = Decided.UNSTATED   # how that meter was decided
    stake: Fraction | None = None     # the wager amount, where the rules fix none
    stake_from: Decided = Decided.UNSTATED   # how that amount was decided
    players: int | None = None        # players at the table (envy bonus: players - 1 others)

    def key(self) -> str:
        """The settings as text, for cache keys."""
        return repr((str(self.meter), self.meter_from.value, str(self.stake), self.stake_from.value, self.players))


AS_PUBLISHED = TableSettings()
