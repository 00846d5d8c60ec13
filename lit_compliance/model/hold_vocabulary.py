"""How the hold check's notes are said: the words for :mod:`lit_compliance.hold.notes`.

A note is a kind and its numbers; the sentence a manager reads is made here, once, for every form
of the hold report (text, JSON, CSV, HTML, PDF: :mod:`lit_compliance.report.hold_view`). Like
:mod:`.par_vocabulary`, it reads the note's kind by value, so it needs nothing above the model.
"""
from __future__ import annotations

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
