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
from fractions import Fraction


@dataclass(frozen=True)
class TableSettings:
    """Where a price holds. ``None`` leaves a setting as published (see the module's docstring)."""

    meter: Fraction | None = None     # the progressive meter to price at
    meter_from: str = ""              # how that meter was decided, in words
    stake: Fraction | None = None     # the wager amount, where the rules fix none
    stake_from: str = ""              # how that amount was decided, in words
    players: int | None = None        # players at the table (envy bonus: players - 1 others)

    def key(self) -> str:
        """The settings as text, for cache keys."""
        return repr((str(self.meter), self.meter_from, str(self.stake), self.stake_from, self.players))


AS_PUBLISHED = TableSettings()
