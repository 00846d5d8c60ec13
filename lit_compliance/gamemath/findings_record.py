"""The math's findings as records: one frozen, typed answer per thing the math flags in a paytable.

:mod:`.findings` finds them; each :class:`MathFinding` holds what it found (:class:`MathFlaw`), the
wager and paytable it concerns, the hands it names (:class:`FlaggedHand`: category, suits, and how
often a hand satisfies the line, as an exact fraction), the numbers it rests on (the priced record
of a paytable returning over 100%, the meter where an order turns), the reading it is found under
(:class:`UnderReading`, None: the readings in force) and its citations. It holds numbers and
identifiers only: the words a user reads of it (``says``, ``problem``) are made by the views, from
:mod:`lit_compliance.model.findings_vocabulary`, which also states it in the outputs' JSON form. It
goes to and from the cache by the engine's one codec (:mod:`.codec`).

>>> MathFlaw.OUT_OF_RARITY_ORDER.kind is FindingKind.IMPLAUSIBLE_VALUE
True
"""
from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ..model.enums import FindingKind, HandCategory
from .record import PricedPaytable
from ..records import record


class MathFlaw(str, Enum):
    """What the math found in a paytable (or a wager); each member says which hands a finding of it
    names, in :attr:`MathFinding.hands`, and in what order."""

    RETURN_OVER_100 = "return_over_100"
    """The paytable returns more than it takes (``priced``: its priced record); no hands."""
    MISSING_FIGURES = "missing_figures"
    """The source prints no figure on some lines: their hands (with their suits)."""
    OUT_OF_RARITY_ORDER = "out_of_rarity_order"
    """A commoner hand pays more than a rarer one (meter payouts valued at the least meter the rules
    allow, ``at_least_meter``): the rarer line's hand, then the commoner's, each with its probability."""
    OUT_OF_ORDER_BY_METER = "out_of_order_by_meter"
    """Where the rules fix no least meter, a rarer hand pays less than a commoner one on ``side`` of
    ``meter``: the rarer line's hand, then the commoner's, each with its probability."""
    LOSES_WHILE_WEAKER_WINS = "loses_while_weaker_wins"
    """A hand loses (on a line paying nothing, ``on_unpaid_line``, or on no line) while a weaker hand
    wins: the losing hand (its suit, if the hand is of one), the weaker winning hand, and the line that
    pays that hand (with its suits)."""
    LINE_NEVER_PAYS = "line_never_pays"
    """Every hand a line names is paid by an earlier line: the line's hand (with its suits)."""
    NO_PAYTABLE = "no_paytable"
    """A wager the rules provide for whose paytable the source does not print; no paytable, no hands."""

    @property
    def kind(self) -> FindingKind:
        """The kind of finding it is, as a ruleset's findings are kinded."""
        return _KINDS[self]


_KINDS = {
    MathFlaw.RETURN_OVER_100: FindingKind.IMPLAUSIBLE_VALUE,
    MathFlaw.MISSING_FIGURES: FindingKind.MISSING_FIGURE,
    MathFlaw.OUT_OF_RARITY_ORDER: FindingKind.IMPLAUSIBLE_VALUE,
    MathFlaw.OUT_OF_ORDER_BY_METER: FindingKind.IMPLAUSIBLE_VALUE,
    MathFlaw.LOSES_WHILE_WEAKER_WINS: FindingKind.CONTRADICTION,
    MathFlaw.LINE_NEVER_PAYS: FindingKind.CONTRADICTION,
    MathFlaw.NO_PAYTABLE: FindingKind.MISSING_FIGURE,
}


class MeterSide(str, Enum):
    """On which side of the meter where the order of two hands turns the rarer one pays less."""

    BELOW = "below"
    """The rarer hand gains more per $1 of meter: it pays less below the turning meter."""
    ABOVE = "above"
    """The commoner hand gains more per $1 of meter: the rarer pays less above the turning meter."""


@record
class FlaggedHand:
    """A hand a finding names: its category, the suits it is limited to, and how often a hand
    satisfies its line (None: the finding states no probability)."""

    hand: HandCategory
    suits: tuple[str, ...] = ()
    probability: Fraction | None = None


@record
class UnderReading:
    """The alternative reading of an open rule a finding is found under: the finding and reading ids."""

    finding: str
    reading: str


@record
class MathFinding:
    """One thing the math flags: what (``flaw``, and so ``kind``), where (wager, paytable, citations,
    the reading), and the numbers and hands it rests on (see :class:`MathFlaw` for which it names)."""

    id: str
    flaw: MathFlaw
    cites: tuple[str, ...]
    wager_id: str
    wager_name: str
    paytable_id: str | None = None
    paytable_name: str | None = None
    hands: tuple[FlaggedHand, ...] = ()
    priced: PricedPaytable | None = None     # return over 100%: the priced record (its return, its basis)
    meter: Fraction | None = None            # out of order by meter: the meter where the order turns
    side: MeterSide | None = None            # ... and on which side of it the rarer hand pays less
    at_least_meter: bool = False             # out of rarity order: a meter line valued at the least meter
    on_unpaid_line: bool = False             # loses while weaker wins: on a line paying nothing (else on none)
    reading: UnderReading | None = None      # None: found under the readings in force

    @property
    def kind(self) -> FindingKind:
        """The kind of finding (implausible value, missing figure, contradiction)."""
        return self.flaw.kind

    @property
    def return_to_player(self) -> Fraction | None:
        """The return of the paytable a return-over-100% finding concerns (None for the others)."""
        return None if self.priced is None else self.priced.return_to_player
