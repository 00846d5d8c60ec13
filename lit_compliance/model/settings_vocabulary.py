"""How a setting a price holds at was decided, in words: the words for
:class:`lit_compliance.gamemath.settings.Decided` (read by value, so nothing above the model is needed).

>>> decided_text("configured_reset"), decided_text(None)
('the configured reset', None)
"""
from __future__ import annotations

DECIDED_TEXT = {
    "unstated": "",
    "as_given": "as given",
    "least_reset": "the least reset the rules allow",
    "fixed_by_rules": "fixed by the rules",
    "per_dollar": "not stated by the rules: priced per $1",
    "one_unit": "one unit",
    "configured_reset": "the configured reset",
    "configured_minimum": "the configured minimum bet",
    "configured_maximum": "the configured maximum bet",
    "amount_asked": "the amount asked for",
    "as_shown": "as shown",
    "per_hour_bet": "the bet the win per hour assumes",
    "meter_asked": "the meter asked for (--meter)",
    "meter_option": "given with --meter",
    "reset_option": "the reset given with --reset",
    "reset_given": "the reset given",
    "least_stake_given": "the least stake given",
    "period_meter": "the period's mean meter, from the results",
    "period_bet": "the period's average bet",
}


def decided_text(decided) -> str | None:
    """How a setting was decided (a ``Decided``, or its value), in words; None for None (no setting)."""
    if decided is None:
        return None
    return DECIDED_TEXT[getattr(decided, "value", decided)]
