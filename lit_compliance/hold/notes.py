"""What the hold check says of a result it does not judge, of what a wager's theory assumes and of
how it is priced, as typed values: a kind and its numbers. The words are made at the views
(:mod:`lit_compliance.model.hold_vocabulary`, read by :mod:`lit_compliance.report.hold_view`)."""
from __future__ import annotations

from enum import Enum
from ..records import record


class HoldNoteKind(str, Enum):
    """Why a period (or a cumulative result) is not judged."""

    NO_ROUNDS = "no_rounds"
    """The period has no rounds."""
    DATA_ERROR = "data_error"
    """Its stakes lie outside the table's limits (or the stake the rules fix): probably a data-entry error."""
    TOO_SHORT = "too_short"
    """Too few rounds: theory plus ``z`` SD would be a hold above 100%."""
    TOO_SHORT_CUMULATIVE = "too_short_cumulative"
    """The cumulative result is too short to judge, likewise."""
    NOT_PRICED = "not_priced"
    """The rules leave the paytable without figures (or the configuration chooses none)."""


@record
class HoldNote:
    """One note on a result not judged: its kind and the figures it names (``rounds``: the
    period's; ``average_bet`` against the table's ``low`` and ``high`` stakes, equal where
    ``stake_fixed``: the rules fix the stake; ``z``: the SDs above theory the too-short test adds)."""

    kind: HoldNoteKind
    rounds: int | None = None
    average_bet: float | None = None
    stake_fixed: bool = False
    low: float | None = None
    high: float | None = None
    z: float | None = None


@record
class WagerAssumptions:
    """What a wager's theory assumes: its paytable (None: none chosen), its sheet's assumptions
    (``par_record.Assumption``) and the seats it is priced on (Cover All: every seat playing)."""

    paytable: str | None
    assumptions: tuple = ()
    seats: int | None = None


class StakeBasis(str, Enum):
    """What stake a wager's theory in the hold check is priced at."""

    FIXED = "fixed"
    """The stake the rules fix."""
    AVERAGE_BET = "average_bet"
    """Each period's average bet (the wager pays money amounts or a meter share)."""
    ANY = "any"
    """Per unit of the stake: odds pay alike at any stake."""


@record
class HeldAt:
    """How a wager's theory is priced in the hold check: at each period's mean meter where the row
    gives one, else ``meter_reset`` (None: no meter); at the stake ``stake`` says (``mixed``: some
    period is judged on the mixture of its stake levels); its mean and SD a round per unit, and the
    stake they are priced at (None: any stake)."""

    meter_reset: float | None
    stake: StakeBasis
    mixed: bool
    mean_per_round: float | None
    sd_per_round: float | None
    stake_priced: float | None
