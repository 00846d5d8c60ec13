"""How the regulator diff matches the items of each list of a ruleset, labels them and says them.

Items are matched by what identifies them (never by position where position carries no meaning):
each :class:`ListRule` gives key functions tried in turn, a label, an optional text for a last
closest-match pairing, and whether order is part of the rule. :mod:`.diff` walks the rulesets with
these rules.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable

from ..model.vocabulary import hand_name
from .prose import cap, humanise, line_label, norm, strip_brackets
from ..records import record

# A field that only qualifies another: when the other changes and this one appears or disappears
# with it, the change of the other says it all (a consequence's ``wagers`` exists only for voids).
DEPENDENT = {"wagers": "kind"}

def sorted_tuple(values: Iterable | None) -> tuple:
    """The values sorted, as a tuple (None as empty)."""
    return tuple(sorted(values or ()))


def line_key(line: dict) -> tuple:
    """What identifies a paytable line: its hand, suits and stake."""
    return (line["hand"], sorted_tuple(line.get("suits")), line.get("stake"))


def _text_key(field_name: str) -> Callable[[dict], Any]:
    return lambda item: norm(item.get(field_name)) if item.get(field_name) is not None else None


def field_key(*names: str) -> Callable[[dict], Any]:
    """A key function: the item's values of ``names`` (lists sorted), None where it has none of them."""
    def key(item: dict) -> Any:
        values = tuple(norm(item.get(n)) if not isinstance(item.get(n), list) else sorted_tuple(item.get(n))
                       for n in names)
        return None if all(v is None for v in values) else values
    return key


@record
class ListRule:
    """How the items of one list are matched, labelled and summarised."""

    keys: tuple                          # key functions, tried in turn on the items left over
    label: Callable[[dict, list], str]   # (item, the list it is in) -> label
    similar: Callable[[dict], str] | None = None  # text for a last, closest-match pairing
    ordered: bool = False                # the order of the items is part of the rule
    ignore: frozenset = frozenset({"id"})  # fields never reported (internal names)
    silent_text: str | None = None       # the field that *is* the item (no label of its own)
    skip: frozenset = frozenset()        # fields the label already says (left out of summaries)


def _rule_label(item: dict, items: list) -> str:
    return cap(humanise(item["id"]))


RULE_LIST = ListRule(keys=(field_key("id"), _text_key("text")), label=_rule_label,
                     similar=lambda i: i.get("text", ""), silent_text="text")


def _irregularity_label(item: dict, items: list) -> str:
    label = cap(humanise(item["event"]))
    if sum(1 for i in items if i["event"] == item["event"]) > 1 and item.get("condition"):
        cond = " ".join(item["condition"].split())
        label += f" ({cond if len(cond) <= 70 else cond[:67] + '...'})"
    return label


def _by_rule_label(field_name: str) -> Callable[[dict, list], str]:
    def label(item: dict, items: list) -> str:
        text = cap(humanise(item[field_name]))
        if sum(1 for i in items if i[field_name] == item[field_name]) > 1:
            text += f" ({humanise(item['id'])})"
        return text
    return label


def _round_label(item: dict, items: list) -> str:
    text = cap(humanise(item["step"]))
    if item.get("wager"):
        text += f" ({item['wager']})"
    return text


def _categories() -> ListRule:
    return ListRule(keys=(field_key("hand"),), label=lambda i, _: hand_name(i["hand"]), ordered=True,
                    skip=frozenset({"hand"}))


LINES = ListRule(keys=(line_key,), label=lambda i, _: line_label(i), ordered=True)

LIST_RULES: dict[str, ListRule] = {
    "definitions": ListRule(keys=(lambda d: strip_brackets(d["term"]).lower(),),
                            label=lambda d, _: strip_brackets(d["term"]),
                            similar=None, silent_text="meaning", skip=frozenset({"term"})),
    "cards.second_deck.conditions": RULE_LIST,
    "cards.procedures": RULE_LIST,
    "cards.card_change": ListRule(keys=(field_key("dealt_from"),),
                                  label=lambda i, _: f"Cards dealt from {humanise(i['dealt_from'])}",
                                  skip=frozenset({"dealt_from"})),
    "base_game.bets": ListRule(keys=(field_key("id"),), label=lambda i, _: f"Bet {i['id'][-1]}"),
    "table.layout_requirements": RULE_LIST,
    "table.equipment": RULE_LIST,
    "hand_rankings.five_card.categories": _categories(),
    "hand_rankings.three_card.categories": _categories(),
    "hand_rankings.six_card.categories": _categories(),
    "wagers.paytables.lines": LINES,
    "wagers.paytables.envy_lines": replace(LINES, label=lambda i, _: "Envy bonus, " + line_label(i)),
    "payout_limits": ListRule(keys=(field_key("id"), field_key("applies_to")),
                              label=lambda i, _: cap(humanise(i["id"]))),
    "table_limits": ListRule(keys=(field_key("id"), field_key("rule")), label=_by_rule_label("rule"),
                             similar=lambda i: i.get("text", ""), skip=frozenset({"rule"})),
    "dealing_methods": ListRule(keys=(field_key("id"),), label=lambda i, _: i["name"]),
    "dealing_methods.requires": RULE_LIST,
    "round_sequence": ListRule(keys=(field_key("step", "wager"), field_key("step")), label=_round_label,
                               ordered=True, skip=frozenset({"step", "wager"})),
    "irregularities": ListRule(keys=(field_key("event", "condition"), field_key("event"), field_key("id")),
                               label=_irregularity_label,
                               similar=lambda i: f"{i['event']} {i.get('condition') or ''}",
                               skip=frozenset({"event"})),
    "signage": ListRule(keys=(field_key("id"), field_key("rule")), label=_by_rule_label("rule"),
                        similar=lambda i: f"{i['rule']} {i.get('text') or ''}", skip=frozenset({"rule"})),
    "other_rules": ListRule(keys=(field_key("id"), field_key("topic", "text")),
                            label=lambda i, _: cap(humanise(i["id"])), silent_text="text"),
    "findings": ListRule(keys=(field_key("id"),), label=lambda i, _: i["id"], ignore=frozenset()),
}

#: Lists of dicts compared as one sequence (the items have no identity of their own).
SEQUENCES = {"dealing_methods.plan.steps"}
#: Lists of scalars whose order is meaning.
SCALAR_SEQUENCES = {"hand_rankings.rank_order.high_to_low"}
