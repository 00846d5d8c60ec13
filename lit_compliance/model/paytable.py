"""Paytables and their lines: which line a hand pays, and on what stake.

A paytable pays the *first* line its hand satisfies, in the order the source prints them (a royal
flush also satisfies "straight flush", so the royal line must come first). That rule lives here,
once: :meth:`Paytable.line_for`.
"""
from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import Protocol

from .enums import HandBasis
from .payout import Payout, exact
from .provenance import Source, finding_id_tuple, quote_text
from ..records import record


class Outcome(Protocol):
    """Anything a line can be matched against: an evaluated hand, or a class of equal hands."""

    tags: frozenset
    suit: str | None


@record
class Line:
    hand: str
    suits: tuple[str, ...]
    payout: Payout
    stake: Fraction | None          # the wager amount this line's figure is for, where it says
    quote: str | None
    cite: str
    findings: tuple[str, ...]
    source: Source | None = field(default=None, repr=False, compare=False)
    supplied_by_house: bool = False  # a figure a table supplies where the rules give none

    @classmethod
    def from_data(cls, data: dict, source: Source | None = None) -> "Line":
        """A line from a ruleset's (or a house paytable's) line mapping."""
        return cls(data["hand"], tuple(data.get("suits") or ()), Payout.from_data(data["payout"]),
                   exact(data.get("stake")), quote_text(data.get("quote")), data.get("cite", "house paytable"),
                   finding_id_tuple(data.get("finding")) + tuple(
                       f for f in finding_id_tuple(data["payout"].get("finding"))
                       if f not in finding_id_tuple(data.get("finding"))),
                   source, bool(data.get("supplied_by_house")))

    def matches(self, outcome: Outcome) -> bool:
        """Whether a hand (or class of hands) satisfies this line: its hand name, and suit if named."""
        if self.hand not in outcome.tags:
            return False
        return not self.suits or (outcome.suit is not None and outcome.suit in self.suits)

    @property
    def key(self) -> tuple:
        """What the line is about (hand and suits), for matching lines across versions."""
        return (self.hand, self.suits)


def first_line(lines: tuple[Line, ...], outcome: Outcome) -> Line | None:
    """The line that pays ``outcome``: the first it satisfies, or None (the wager loses)."""
    for line in lines:
        if line.matches(outcome):
            return line
    return None


@record
class Paytable:
    id: str
    name: str
    wager_id: str
    hand_basis: HandBasis
    stake: Fraction | None
    players: int | None
    lines: tuple[Line, ...]
    envy_lines: tuple[Line, ...]
    note: str | None
    cite: str
    findings: tuple[str, ...]
    source: Source | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_data(cls, data: dict, wager: dict | None = None, source: Source | None = None,
                  line_source=None) -> "Paytable":
        """A paytable from a ruleset's (or a configuration's house) paytable mapping."""
        wager = wager or {}
        where = line_source or (lambda key, k: None)
        return cls(
            id=data.get("id", "custom"), name=data.get("name", ""), wager_id=wager.get("id", ""),
            hand_basis=HandBasis(data.get("hand_basis", wager.get("hand_basis", "player_and_community"))),
            stake=exact(data.get("stake")), players=data.get("players"),
            lines=tuple(Line.from_data(ln, where("lines", k)) for k, ln in enumerate(data["lines"])),
            envy_lines=tuple(Line.from_data(ln, where("envy_lines", k))
                             for k, ln in enumerate(data.get("envy_lines") or ())),
            note=data.get("note"), cite=data.get("cite", "house paytable"),
            findings=finding_id_tuple(data.get("finding")), source=source)

    def line_for(self, outcome: Outcome) -> Line | None:
        """The line this paytable pays ``outcome`` on (first satisfied), or None: the wager loses."""
        return first_line(self.lines, outcome)

    @property
    def missing(self) -> tuple[Line, ...]:
        """Lines that pay but whose figure the source lacks."""
        return tuple(line for line in self.lines if line.payout.missing)

    @property
    def complete(self) -> bool:
        """Whether every line has its figure (none missing from the source)."""
        return not self.missing

    @property
    def pays_from_meter(self) -> bool:
        """Whether any line pays a share of the progressive meter."""
        return any(line.payout.is_meter for line in self.lines)

    @property
    def pays_fixed_amounts(self) -> bool:
        """Whether any line pays a fixed amount of money."""
        return any(line.payout.is_fixed for line in self.lines)

    def line_stake(self, line: Line, wager_stake: Fraction | None) -> Fraction | None:
        """The stake a line's money amount is for: the line's, else the paytable's, else the wager's."""
        return line.stake or self.stake or wager_stake
