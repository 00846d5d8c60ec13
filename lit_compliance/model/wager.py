"""Wagers: their paytables, the stake they are made for, and the cards they are settled on."""
from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from .base_game import Flag
from .enums import HandBasis, SelectionRule, WagerKind
from .paytable import Paytable
from .provenance import Source
from ..records import record


@record
class Meter:
    """A progressive meter: its least seed and reset, who sets its rate, and (in the source's words)
    what it pays and how it resets."""

    reset_minimum: Fraction | None
    rate_set_by: str | None
    cite: str
    findings: tuple[str, ...]
    paid_amount: str | None = None        # what a winning hand is paid from the meter, as the source says it
    reset_rule: str | None = None         # how the meter resets after a win, as the source says it


@record
class Envy:
    """An envy bonus: paid to a wager's holder when another player holds a qualifying hand."""

    qualifying_hands: tuple[str, ...]
    own_hand_pays: bool
    per_qualifying_hand: bool
    requires_wager: bool
    scales_with_stake: bool
    cite: str
    findings: tuple[str, ...]
    text: str | None = None               # the source's own statement of the bonus, where the ruleset gives one


@record
class Wager:
    id: str
    kind: WagerKind
    name: str
    offered: str                          # "required" or "optional"
    hand_basis: HandBasis
    stake: Fraction | None                # a stake the source fixes (e.g. a $1.00 chip)
    stake_cite: str | None
    wins_on: str | None                   # the least winning hand the text states
    wins_on_cite: str | None
    selection: SelectionRule
    selection_cite: str
    requires: tuple[str, ...]
    paytables: tuple[Paytable, ...]
    meter: Meter | None
    envy: Envy | None
    cite: str
    findings: tuple[str, ...]
    source: Source | None = field(default=None, repr=False, compare=False)
    stake_as_written: str | None = None   # the fixed stake as the document spells it ("1.0"), for `show`
    independent: Flag | None = None       # whether it is settled independently of the base wagers, where stated
    returnable: Flag | None = None        # whether it may be taken back, where stated

    @property
    def is_base(self) -> bool:
        """Whether this is the base game (the three Let It Ride bets)."""
        return self.kind is WagerKind.BASE

    def paytable(self, paytable_id: str | None) -> Paytable | None:
        """The paytable with this id, or None."""
        for table in self.paytables:
            if table.id == paytable_id:
                return table
        return None

    def stake_for(self, table: Paytable | None) -> Fraction | None:
        """The stake a paytable's money amounts are for: the paytable's, else the wager's, else None."""
        if table is not None and table.stake:
            return table.stake
        return self.stake

    def basis_for(self, table: Paytable | None) -> HandBasis:
        """The hand a paytable is settled on: the paytable's own basis, else the wager's."""
        return table.hand_basis if table is not None else self.hand_basis

    @property
    def by_player_count(self) -> bool:
        """Cover All style: one paytable per number of players."""
        return bool(self.paytables) and all(t.players is not None for t in self.paytables)
