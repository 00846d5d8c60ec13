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

from enum import Enum
from fractions import Fraction
from ..records import record


class SettingSource(str, Enum):
    """How a setting a price holds at (the meter, the amount wagered) was decided; said by
    :func:`~lit_compliance.model.vocabulary.setting_source_text`."""

    AS_GIVEN = "as_given"
    """Given by the caller, who said no more."""
    LEAST_RESET = "least_reset"
    """The least reset the rules allow (a progressive priced as published)."""
    FIXED_BY_RULES = "fixed_by_rules"
    """The rules fix the wager amount."""
    PER_DOLLAR = "per_dollar"
    """The rules state no wager amount: priced per $1."""
    ONE_UNIT = "one_unit"
    """Cover All: priced on a one-unit stake."""
    METER_OPTION = "meter_option"
    """The meter given to ``par`` with --meter."""
    RESET_OPTION = "reset_option"
    """The reset given to ``par`` with --reset."""
    METER_ASKED = "meter_asked"
    """A configured table's sheet at the meter asked for (--meter)."""
    AS_SHOWN = "as_shown"
    """Each stake a sheet's return-by-stake table shows."""
    WIN_PER_HOUR_BET = "win_per_hour_bet"
    """The bet a sheet's win per hour assumes."""
    CONFIGURED_RESET = "configured_reset"
    """A table configuration's progressive reset."""
    CONFIGURED_MINIMUM = "configured_minimum"
    """A table configuration's minimum bet."""
    CONFIGURED_MAXIMUM = "configured_maximum"
    """A table configuration's maximum bet."""
    RESET_GIVEN = "reset_given"
    """The reset given while building a configuration."""
    LEAST_STAKE_GIVEN = "least_stake_given"
    """The least stake given while building a configuration."""
    AMOUNT_ASKED = "amount_asked"
    """The amount a caller asked a configured table's figures for."""
    PERIOD_MEAN_METER = "period_mean_meter"
    """A period's mean meter, from the table's results."""
    PERIOD_AVERAGE_BET = "period_average_bet"
    """A period's average bet, from the table's results."""


@record
class TableSettings:
    """Where a price holds. ``None`` leaves a setting as published (see the module's docstring)."""

    meter: Fraction | None = None               # the progressive meter to price at
    meter_from: SettingSource | None = None     # how that meter was decided
    stake: Fraction | None = None               # the wager amount, where the rules fix none
    stake_from: SettingSource | None = None     # how that amount was decided
    players: int | None = None                  # players at the table (envy bonus: players - 1 others)

    def key(self) -> str:
        """The settings as text, for cache keys."""
        return repr((str(self.meter), self.meter_from and self.meter_from.value, str(self.stake),
                     self.stake_from and self.stake_from.value, self.players))


AS_PUBLISHED = TableSettings()
