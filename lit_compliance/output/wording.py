"""Wording: how figures, hands, flags and lists are said, in one place for every view.

Render filters, placards, summaries, settlement text and the regulator views all say things
through these functions, so one payout reads the same everywhere. Money is exact: amounts are
rounded half-up to the cent from fractions, never through binary floating point.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Iterable

HAND_NAMES = {
    "super_royal": "Super Royal", "royal_flush": "Royal flush", "mini_royal": "Mini-royal",
    "ace_king_queen": "Ace, King, Queen", "straight_flush": "Straight flush",
    "four_of_a_kind": "Four of a kind", "full_house": "Full house", "flush": "Flush",
    "straight": "Straight", "three_of_a_kind": "Three of a kind", "two_pair": "Two pair",
    "pair_tens_or_better": "Pair of tens or better", "pair": "Pair", "high_card": "High card",
}


def hand_name(hand: str, suits: Iterable[str] | None = None) -> str:
    name = HAND_NAMES.get(hand, hand)
    if suits:
        name += " of " + ", ".join(suits)
    return name


def _decimal(value) -> Decimal:
    value = value if isinstance(value, Fraction) else Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    with localcontext() as ctx:
        ctx.prec = 60
        return Decimal(value.numerator) / Decimal(value.denominator)


def number(value) -> str:
    """A figure as printed: ``1,000``, ``2.5``, ``0.25`` (no trailing zeros, thousands separated)."""
    d = _decimal(value)
    if d == d.to_integral_value():
        return f"{int(d):,}"
    text = f"{d.normalize():f}"
    whole, _, frac = text.partition(".")
    return f"{int(whole):,}.{frac}" if whole not in ("", "-0") else text


def cents(value) -> str | None:
    """An exact amount to the cent, half up, for machines: ``Fraction(1, 3)`` -> ``'0.33'``."""
    if value is None:
        return None
    return f"{_decimal(value).quantize(Decimal('0.01'), ROUND_HALF_UP):.2f}"


def money(value, symbol: str = "$") -> str:
    """An amount for people: ``$1,000``, ``$2.50`` (whole amounts without cents)."""
    if value is None:
        return "(not stated)"
    d = _decimal(value)
    if d == d.to_integral_value():
        return f"{symbol}{int(d):,}"
    return f"{symbol}{d.quantize(Decimal('0.01'), ROUND_HALF_UP):,.2f}"


def odds(payout) -> str:
    """A payout in words: '1,000 to 1', '300 for 1', '$25,000', '10% of meter', 'not offered'.

    Takes a :class:`~lit_compliance.model.Payout` or a ruleset's payout mapping.
    """
    if isinstance(payout, dict):
        kind, value = payout["kind"], payout.get("value")
    else:
        kind, value = payout.kind.value, payout.value
    if kind == "not_offered":
        return "not offered"
    if value is None:
        return "(figure missing in source)"
    if kind == "to_one":
        return f"{number(value)} to 1"
    if kind == "for_one":
        return f"{number(value)} for 1"
    if kind == "fixed_amount":
        return f"${number(value)}"
    return f"{number(value)}% of meter"


def flag_text(fact: dict) -> str:
    """A yes/no fact in words: 'yes', 'no', or 'not stated (assumed yes)'."""
    if fact["value"] is None:
        return f"not stated (assumed {'yes' if fact.get('assumed') else 'no'})"
    return "yes" if fact["value"] else "no"


def prose_list(items: Iterable, conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as people write it."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def ids(value) -> str:
    """Finding ids (one id or a list) as prose."""
    if not value:
        return ""
    return prose_list([value] if isinstance(value, str) else value)


def percent(x, digits: int = 3) -> str:
    return "n/a" if x is None else f"{float(x):.{digits}%}"


def reading_text(reading: dict) -> str:
    """A reading applied, for a note: 'reading md-x/printed-paytable: pays as printed'."""
    return f"reading {reading['finding']}/{reading['reading']}: {reading['meaning']}"
