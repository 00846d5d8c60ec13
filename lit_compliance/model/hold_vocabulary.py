"""How the hold check's notes are said: the words for :mod:`lit_compliance.hold.notes`.

A note is a kind and its numbers; the sentence a manager reads is made here, once, for every form
of the hold report (text, JSON, CSV, HTML, PDF: :mod:`lit_compliance.report.hold_view`). Like
:mod:`.par_vocabulary`, it reads the note's kind by value, so it needs nothing above the model.
"""
from __future__ import annotations

from .vocabulary import percent

FIXED_NOTES = {
    "no_rounds": "no rounds played",
    "not_priced": ("the rules leave this paytable without figures (or the configuration chooses none): no theory to "
                   "judge against"),
}


def hold_note_text(note) -> str:
    """A ``hold.notes.HoldNote`` in words."""
    kind = note.kind.value
    if kind in FIXED_NOTES:
        return FIXED_NOTES[kind]
    if kind == "data_error":
        limits = f"{note.low:,.2f}" if note.stake_fixed else f"{note.low:,.2f} to {note.high:,.2f}"
        return (f"average bet {note.average_bet:,.2f} is outside the table's "
                f"{'stake' if note.stake_fixed else 'limits'} ({limits}): probably a data-entry error; not judged")
    if kind == "too_short":
        return f"too short to judge: {note.rounds:,} rounds; theory + {note.z:.3f} SD would be a hold above 100%"
    if kind == "too_short_cumulative":
        return f"too short to judge: theory + {note.z:.3f} SD would still be a hold above 100%"
    raise ValueError(f"no words for the note {kind!r}")


# --- how a wager's theory is priced (a ``hold.notes.HeldAt``) and where a period's stakes come from ---

STAKES_FROM_TEXT = {"histogram": "the row's stakes histogram", "rows": "rows per stake level",
                    "stake": "the row's stake", "average": "the period's average stake (one stake assumed)"}
STAKE_BASIS_TEXT = {"fixed": "the stake the rules fix",
                    "average_bet": "each period's average bet (the wager pays money amounts or a meter share)",
                    "any": "per unit of the stake (odds: any stake)"}
MIXED_TEXT = ("; a period played at several stakes (a stakes histogram, or rows per stake level) is judged on the "
              "exact distribution of its total, the mixture of its levels")


def held_meter_text(held) -> str | None:
    """The meter a wager's theory is priced at, in words (None: it pays from no meter)."""
    if held.meter_reset is None:
        return None
    return f"each period's mean meter where the row gives one, else the configured reset ({held.meter_reset:,.2f})"


def held_stake_text(held) -> str:
    """The stake a wager's theory is priced at, in words."""
    return STAKE_BASIS_TEXT[held.stake.value] + (MIXED_TEXT if held.mixed else "")


# --- how the report judges, and what its alarm controls (the judge holds numbers only) ----------------

#: The conventions every hold report states: what is wagered and won, how a period's spread and bands
#: are worked out, and when a period is too short to judge.
HOLD_CONVENTION = (
    "Base game handle: the three bets as placed (a round at $10 a bet is $30 wagered), before any is pulled "
    "back; the house win is net of the bets returned. Theoretical hold = house edge per bet / 3.",
    "Side wagers: the amount wagered; the house win is net of every award paid (meter awards included, envy "
    "bonuses to other players not).",
    "Standard deviation of a period's win = SD per round per unit x (wagered / units a round) / sqrt(rounds) "
    "where a period gives only its average stake: every round of it is then assumed to be played at that stake "
    "(where stakes vary within a period the true spread is larger: each wager's theory line says by how much at "
    "most, were the stakes spread across the table's limits). A period that gives its stakes (a stakes histogram, "
    "or rows per stake level) is judged on the exact distribution of its total, the mixture of its levels, each "
    "at its stake; each period says which (and, where its stakes lie so far apart that the total would pass 65,536 "
    "points of their common lattice, the slightly coarser lattice it was judged on, each point split between its "
    "two neighbours with the mean exact, and the most that adds to the variance). Periods are independent: over "
    "several, expectations and variances add.",
    "Bands: the 95%, 99% and 99.9% bands are the central ranges of the exact distribution of a period's total "
    "(the n-th convolution power of the PAR sheet's distribution of one round), not of the normal curve: a "
    "royal flush makes the base game's result per round very skewed, so at 2,000 rounds the 99.9% band runs from "
    "about 13.5 SD below theory to 1.7 SD above. z is (actual - theoretical) / SD. A period is too short to "
    "judge while theory + 2.576 SD would be a hold above 100% (a rule for when to judge, stated in SDs; not a band: "
    "2.576 is the normal curve's 99% point, and no band or p-value is read from the normal curve).",
)


def alarm_method_text(rate: float, tests: int) -> str:
    """What the report's alarm controls, for ``tests`` judged results at a family-wise ``rate``.

    >>> alarm_method_text(0.01, 4)[:46]
    'Bonferroni over the 4 judged result(s) of this'
    """
    return (f"Bonferroni over the {tests:,} judged result(s) of this report (every judged period and each "
            f"wager's cumulative result): the alarm is raised when a result's two-sided p-value, from the "
            f"exact distribution of its total, is at most {rate:g} / {tests:,}; an honest table raises it "
            f"with probability at most {percent(rate, 2)} over the whole report")
