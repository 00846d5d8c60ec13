"""Irregularities: what a ruleset says happens when something goes wrong at the table.

``consequence(ruleset, event)`` looks the event up in the ruleset's ``irregularities``. One entry
gives its consequence; several entries (the source distinguishes circumstances, e.g. a community
card exposed before or after the players handled their cards) give kind ``depends`` with every
case; none gives ``None``: the ruleset does not address the event.

How a consequence bears on settlement is fixed here, by consequence kind, for every jurisdiction
alike (see :data:`ROUND_VOID`, :data:`HAND_VOID`, :data:`HAND_RIDES`); what each effect does is
said in :mod:`lit_compliance.model.round_vocabulary`.
"""
from __future__ import annotations


from typing import Any, Mapping

from ..load.validation import schema
from ..model import Irregularity, RulesetModel, RulesetOrModel, model_of
from ..model.round_vocabulary import EVENT_DESCRIPTIONS, depends_text, effect_text
from ..model.ruleset import irregularities_of
from ..suggest import unknown
from .. import cache

# Consequence kinds that void the whole round: every wager is returned.
ROUND_VOID = frozenset({"all_hands_void_reshuffle", "round_void", "misdeal_new_round", "void_and_wagers_returned",
                        "all_hands_void_deck_removed"})
# Kinds that void one player's hand: that player's wagers are returned (the round file names the seat).
HAND_VOID = frozenset({"hand_void_wager_returned"})
# Kinds that make one player's hand dead: that player's wagers lose.
HAND_DEAD = frozenset({"hand_dead_wagers_lost"})
# Kinds that make one player's remaining decisions "let it ride".
HAND_RIDES = frozenset({"treated_as_let_it_ride"})
PER_SEAT = HAND_VOID | HAND_RIDES | HAND_DEAD


class UnknownEvent(ValueError):
    pass


@cache.remembered(1)
def events() -> tuple[str, ...]:
    """Every event a ruleset can name, in the schema's order."""
    return tuple(schema("ruleset")["$defs"]["event"]["enum"])


def normalise_event(name: str) -> str:
    """Accept ``community-card-exposed-early`` or ``community_card_exposed_early``."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in events():
        raise UnknownEvent(unknown("irregularity event", name, events(),
                                   label="events", prefix="unknown"))
    return key


def _irregularities(ruleset: RulesetOrModel | Mapping[str, Any]) -> tuple[Irregularity, ...]:
    """The ruleset's irregularity entries as the model reads them (its readings applied): of a
    model, of a loaded ruleset (default readings), or of a ruleset document."""
    if isinstance(ruleset, RulesetModel):
        return ruleset.irregularities
    if isinstance(ruleset, Mapping):
        return irregularities_of(ruleset)
    return model_of(ruleset).irregularities


def entries(ruleset: RulesetOrModel | Mapping[str, Any], event: str) -> list[Irregularity]:
    """The ruleset's irregularity entries for an event."""
    return [e for e in _irregularities(ruleset) if e.event == event]


def entry_view(entry: Irregularity) -> dict:
    """One irregularity entry as the views print it: event, condition, consequence, citation, findings."""
    wagers = entry.void_wagers.value if entry.void_wagers is not None else None
    return {
        "id": entry.id, "event": entry.event, "condition": entry.condition,
        "kind": entry.kind, "text": entry.text,
        "cite": entry.cite, "quote": entry.quote, "finding": list(entry.findings),
        "wagers": wagers,
        "effect": settlement_effect(entry.kind),
        "effect_text": effect_text(settlement_effect(entry.kind), wagers),
    }


def consequence(ruleset: RulesetOrModel | Mapping[str, Any], event: str) -> dict | None:
    """The ruleset's consequence for ``event`` (``kind``, ``text``, ``cite`` ...), or None.

    Where the ruleset gives several entries for the event, the result has kind ``depends`` and the
    entries under ``cases``; the round file then names the entry it means by its id.
    """
    event = normalise_event(event)
    found = [entry_view(e) for e in entries(ruleset, event)]
    if not found:
        return None
    if len(found) == 1:
        return found[0] | {"cases": []}
    return {
        "id": None, "event": event, "condition": None, "kind": "depends",
        "text": depends_text(found),
        "cite": "; ".join(dict.fromkeys(c["cite"] for c in found)),
        "quote": None, "finding": [], "wagers": None, "effect": None, "effect_text": None, "cases": found,
    }


def by_id(ruleset: RulesetOrModel | Mapping[str, Any], irregularity_id: str) -> dict | None:
    """The irregularity entry with this id, as :func:`entry_view` gives it, or None."""
    for e in _irregularities(ruleset):
        if e.id == irregularity_id:
            return entry_view(e)
    return None


def settlement_effect(kind: str) -> str:
    """What a consequence kind does to settlement: round_void, hand_void, hand_rides or none."""
    if kind in ROUND_VOID:
        return "round_void"
    if kind in HAND_VOID:
        return "hand_void"
    if kind in HAND_DEAD:
        return "hand_dead"
    if kind in HAND_RIDES:
        return "hand_rides"
    return "none"


def addressed_matrix(catalogue) -> list[dict]:
    """For every event, the consequence kinds each jurisdiction's newest ruleset gives."""
    rows = []
    for event in events():
        cells = {}
        for jid in catalogue.jurisdictions:
            found = entries(catalogue.latest(jid), event)
            cells[jid] = sorted({e.kind for e in found})
        rows.append({"event": event, "description": EVENT_DESCRIPTIONS.get(event, ""), "by_jurisdiction": cells})
    return rows
