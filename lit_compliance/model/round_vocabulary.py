"""How a settled round is said: the words for the notes of :mod:`lit_compliance.play.notes`.

A settlement holds its notes as typed records (a kind, and the seat, hand, amounts, finding ids,
limit id and citation it is about); every word a user reads of them is made here, once, for the
views that print a settlement (``settle`` as text and JSON). Irregularities are said here too (each
event, :data:`EVENT_DESCRIPTIONS`; what it does to the round, :func:`effect_text`), for ``settle``
and ``irregularity`` alike. It sits beside :mod:`.vocabulary` (hands and money said the same way)
and reads a record's kind by value, so it needs nothing above the model.

>>> from types import SimpleNamespace as Note
>>> from fractions import Fraction
>>> note_text(Note(kind="meter_share", percent=Fraction(10), meter=Fraction(12345, 2), symbol="$"))
'10% of the meter ($6,172.50)'
>>> note_text(Note(kind="no_limit_given", limits=("cap-a", "cap-b")))
'the round file gives no payout limit: the payout limit rule (cap-a, cap-b) is not applied'
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from .vocabulary import cash, hand_name, money, words


def _num(v: Fraction) -> str:
    """A share or factor as a note says it: ``10``, ``2.5``."""
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


def _findings(findings) -> str:
    return ", ".join(findings)


def _table_highest(n: Any) -> str:
    return (f"the highest hand at the table is seat {n.seat}'s {hand_name(n.hand).lower()}; {n.players} player(s) "
            f"in the round, so the {n.paytable_name if n.paytable_id else 'missing'} paytable")


def _capped(n: Any) -> str:
    return (f"win capped: {cash(n.uncapped, n.symbol)} by the paytable, {cash(n.paid, n.symbol)} paid; "
            f"payout limit {n.limit} caps the wins on {', '.join(n.applies_to)} at {cash(n.cap, n.symbol)} "
            f"for one hand [{n.cite}]")


def _hand_effect(n: Any) -> str:
    return effect_text(n.effect, "not_stated" if n.wagers_not_stated else None) + \
        " (" + ", ".join(n.irregularities) + ")"


NOTE_WORDS: dict[str, Callable[[Any], str]] = {
    # settling a wager
    "not_offered": lambda n: "the line is marked not offered: it pays nothing",
    "missing_figure": lambda n: f"the paytable's figure for this hand is missing (finding {_findings(n.findings)})",
    "meter_share": lambda n: f"{_num(n.percent)}% of the meter ({cash(n.meter, n.symbol)})",
    "below_least": lambda n: f"below the least winning hand, {hand_name(n.least).lower()}",
    "no_paytable": lambda n: "the ruleset has no paytable for this wager"
                             + (f" (finding {_findings(n.findings)})" if n.findings else ""),
    "no_line": lambda n: "no paytable line is satisfied",
    "withdrawn": lambda n: f"{n.label} withdrawn: returned to the player",
    "table_highest": _table_highest,
    "envy_for": lambda n: f"envy bonus for seat {n.seat}'s {hand_name(n.hand).lower()}",
    "envy_once": lambda n: f"one envy bonus per round, not one per qualifying hand [{n.cite}]",
    "envy_scaled": lambda n: f"scaled from the {cash(n.listed_stake, n.symbol)} wager's amount by "
                             f"{_num(n.factor)} (envy scales with the wager)",
    "envy_stakes_only": lambda n: "the ruleset gives envy amounts only for wagers of "
                                  f"{', '.join(cash(s, n.symbol) for s in n.stakes)} and does not scale them",
    "envy_kind": lambda n: f"an envy payout of kind {n.payout_kind.value} has no defined meaning",
    "capped": _capped,
    "not_limited": lambda n: f"not subject to payout limit {n.limit} [{n.cite}]",
    "hand_effect": _hand_effect,
    "rides": lambda n: "an irregularity treats this player's bets as let it ride",
    "void_unstated": lambda n: f"seat {n.seat}: the rules do not say what a void hand does to the wagers",
    # what reading the round file assumed
    "newest_version": lambda n: f"no version given: the newest, {n.ruleset}, is used",
    "first_method": lambda n: f"the round file names no dealing method: {words(n.method)}, the ruleset's first, "
                              "is assumed",
    "meter_unused": lambda n: "meter given but no wager in play pays from it",
    "least_reset": lambda n: f"meter.reset not given: the ruleset's least reset amount, {money(n.reset)} [{n.cite}], "
                             "is used",
    "no_limit_given": lambda n: f"the round file gives no payout limit: the payout limit rule "
                                f"({', '.join(n.limits)}) is not applied",
}


def note_text(note: Any) -> str:
    """A settlement's note (a record of :mod:`lit_compliance.play.notes`: a wager's, or what reading
    the round file assumed) in words."""
    kind = note.kind
    return NOTE_WORDS[getattr(kind, "value", kind)](note)


def payment_order_text(order: Any) -> str:
    """Which step fixes the order winners are paid in (a :class:`~lit_compliance.play.notes.PaymentOrder`)."""
    if order.step is None:
        return "the ruleset fixes no payment order; seats are paid in ascending order"
    return f"{words(order.step)} {words(order.order)} [{order.cite}]"


# --- irregularities: each event, and what it does to the round ----------------------------------

EVENT_DESCRIPTIONS = {
    "card_face_up_in_deck": "one card found face up in the shoe or deck during the deal",
    "multiple_cards_face_up_in_deck": "more than one card found face up in the shoe or deck",
    "card_drawn_in_error_unexposed": "a card drawn in error, its face not exposed",
    "wrong_card_count": "a player or the community area dealt the wrong number of cards",
    "community_card_exposed_early": "a community card exposed before the dealer reveals it",
    "shuffler_malfunction": "the automated shuffler jams, stops or fails to complete a shuffle",
    "dealing_shoe_malfunction": "the automated dealing shoe jams, stops or fails to deal all cards",
    "device_unusable": "a shuffler or dealing shoe cannot be used (or another method is to be used)",
    "stub_count_wrong_misdealt": "the stub count is wrong because an area was misdealt (deck complete)",
    "stub_count_wrong_not_misdealt": "the stub count is wrong and the cards were not misdealt",
    "shuffler_count_wrong": "a card-counting shuffler shows the wrong number of cards",
    "misdeal_noticed_before_handling": "cards dealt incorrectly, noticed before any player handles them",
    "exposed_card_dealt": "a card exposed during the deal",
    "cards_to_empty_position": "a hand dealt to a position with no wager",
    "wager_noncompliant_before_handling": "wagers found non-compliant before the player handles the cards",
    "wager_noncompliant_after_handling": "wagers found non-compliant after the player handled the cards",
    "player_absent_cards_unviewed": "a player is absent for a decision and has not viewed the cards",
    "player_absent_cards_viewed": "a player is absent for a decision after viewing the cards",
    "player_leaves_table": "a player leaves the table during a round",
    "collusion_suspected": "players suspected of sharing card information",
    "prohibited_device": "a prohibited device used",
    "game_disrupted": "the game disrupted (commotion, fire, robbery...)",
    "fraud": "a fraudulent act affects the outcome",
    "improper_cut": "an improper cut found before the deal",
    "unfit_cards": "cards become unfit for use",
}
NOT_ADDRESSED = "not addressed by this ruleset"
SETTLED_AS_DEALT = "not addressed by this ruleset: the round is settled as dealt"
EFFECT_TEXT = {
    "round_void": "the round is void: every wager is returned",
    "hand_void": "the player's hand is void: that player's wagers are returned",
    "hand_dead": "the player's hand is dead: that player's wagers lose",
    "hand_rides": "the player's remaining bets ride (treated as let it ride)",
    "none": "no effect on settlement: the round is settled as dealt",
}


def effect_text(effect: str, wagers: str | None = None) -> str:
    """What an effect does to the round, in words; a void whose wagers the rules leave unstated says so."""
    if wagers == "not_stated" and effect in ("round_void", "hand_void"):
        return EFFECT_TEXT[effect].split(":")[0] + ": the rules do not say what happens to the wagers"
    return EFFECT_TEXT[effect]


def depends_text(cases) -> str:
    """An event whose consequence depends on the circumstances, with each case (``condition`` or
    ``id``, and ``text``)."""
    return "depends on the circumstances: " + "; ".join(f"{c['condition'] or c['id']} -> {c['text']}" for c in cases)
