"""The regulator diff: every difference in meaning between two rulesets, as plain data.

``diff_rulesets(old, new)`` returns a :class:`Diff`: a header for each side and a list of
:class:`Change` records, computed once and rendered by every output format.

What is compared, and how items are matched (never by position where the position carries no
meaning):

* wagers by id, then by kind; paytables by id, then (for the ones left over) a paytable whose lines
  are identical to one on the other side is a *rename*, and left-over paytables of one wager are
  paired with their closest counterpart (most identical lines) so two jurisdictions' tables are
  compared line by line; paytable lines by (hand, suits, stake);
* irregularities by event and condition, then by event, then by id, then by the most similar
  condition; dealing methods by id; definitions by term; findings by id; round steps by step and
  wager; signage and table limits by id, then rule; other rules by id, then topic; payout limits by
  id, then the wagers they cover; procedures and other id/text rules by id, then text.
* Order is meaning only in sequences: the round sequence, the dealing plan, the hand ranking order
  and the lines of a paytable (the first line a hand satisfies is the one paid). A reordered list
  of anything else is no change.
* Citations: ``cite``, ``quote``, ``finding`` references and a paytable's ``note`` say where and how
  the source says a thing, not what it says. When only they differ, the change is reported with
  kind ``recited``, a low-importance kind: listed in JSON, shown in the other formats only on request,
  and not a difference for the exit status unless asked. A real change always carries the
  citations of both sides.
* Findings are compared only between versions of one jurisdiction: between jurisdictions they
  describe two different source texts, not two rules.
* Prose is compared with runs of white space collapsed; ids of procedures, irregularities and
  the like are internal names and are not reported.

Each change: ``kind`` (added, removed, changed, renamed, recited), ``path`` in domain terms, old
and new values (raw and as text), citations on both sides, and for paytable changes the house
edge before and after (from :mod:`lit_compliance.gamemath`).
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable, Iterable

from ..load.catalogue import Ruleset
from ..output.wording import HAND_NAMES, hand_name, odds

KINDS = ("added", "removed", "changed", "renamed", "recited")
LOW_IMPORTANCE = frozenset({"recited"})

#: Areas in reading order: (top-level key, title).
AREAS = (
    ("wagers", "Wagers and paytables"),
    ("base_game", "Base game"),
    ("payout_limits", "Payout limits"),
    ("table_limits", "Table limits"),
    ("hand_rankings", "Hand rankings"),
    ("cards", "Cards and shuffling"),
    ("table", "Table and layout"),
    ("dealing_methods", "Dealing"),
    ("round_sequence", "Round sequence"),
    ("irregularities", "Irregularities"),
    ("signage", "Signage"),
    ("other_rules", "Other rules"),
    ("definitions", "Definitions"),
    ("findings", "Findings"),
)
AREA_TITLES = dict(AREAS)

#: Keys that say where or how the source says a thing rather than what it says.
ANNOTATIONS = ("cite", "quote", "finding", "note")

WAGER_KINDS = {
    "base": "Base game", "five_card_bonus": "Five-card bonus", "three_card_bonus": "Three-card bonus",
    "six_card_bonus": "Six-card bonus", "progressive": "Progressive", "cover_all": "Cover all",
}

FIELD_LABELS = {
    "max_hours": "maximum hours between changes", "min_cards": "minimum cards in the cut",
    "cards_per_deck": "cards per deck", "count": "count", "high_to_low": "rank order",
    "value": "", "amount": "", "five_card": "five-card ranking", "three_card": "three-card ranking",
    "six_card": "six-card ranking", "requires_wagers": "requires wagers", "set_by": "set by",
    "applies_to": "applies to", "or_amount_set_by": "or an amount set by", "meaning": "",
    "lines": "", "envy_lines": "", "categories": "", "bets": "", "payout": "", "text": "wording",
}


# ----------------------------------------------------------------------------------------------
# The records


@dataclass(frozen=True)
class Change:
    """One difference between the two sides."""

    area: str                      # the top-level key, e.g. "wagers"
    path: tuple                    # domain labels, e.g. ("Three-card bonus", "Paytable B", "Straight")
    kind: str                      # added, removed, changed, renamed, recited
    old: Any = None                # raw values (JSON-able)
    new: Any = None
    old_text: str | None = None    # the same values said for a reader
    new_text: str | None = None
    old_cite: str | None = None
    new_cite: str | None = None
    old_line: int | None = None    # line of the fact in each side's file
    new_line: int | None = None
    details_old: tuple = ()        # further lines, e.g. the lines of an added paytable
    details_new: tuple = ()
    paytable: tuple | None = None  # the paytable (as labels) this change belongs to
    house_edge_old: float | None = None
    house_edge_new: float | None = None
    edge_status_old: str | None = None
    edge_status_new: str | None = None

    @property
    def area_title(self) -> str:
        return AREA_TITLES[self.area]

    @property
    def path_label(self) -> str:
        return ", ".join(self.path)

    @property
    def low_importance(self) -> bool:
        return self.kind in LOW_IMPORTANCE

    def as_dict(self) -> dict:
        out = asdict(self)
        out["path"] = list(self.path)
        out["paytable"] = list(self.paytable) if self.paytable else None
        out["details_old"] = list(self.details_old)
        out["details_new"] = list(self.details_new)
        return {"area": self.area, "area_title": self.area_title, "path_label": self.path_label,
                "importance": "low" if self.low_importance else "normal", **out}


@dataclass(frozen=True)
class Side:
    """What one side of the comparison is."""

    ref: str
    jurisdiction: str
    name: str
    version: str
    effective_date: str
    supersedes: str | None
    citation: str
    findings: int
    label: str  # the short name used for this side in output

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Diff:
    old: Side
    new: Side
    same_jurisdiction: bool
    changes: tuple
    house_edges: bool

    @property
    def substantive(self) -> tuple:
        return tuple(c for c in self.changes if not c.low_importance)

    @property
    def recited(self) -> tuple:
        return tuple(c for c in self.changes if c.low_importance)

    def differs(self, include_citations: bool = False) -> bool:
        return bool(self.changes if include_citations else self.substantive)

    def counts(self) -> dict:
        return {kind: sum(1 for c in self.changes if c.kind == kind) for kind in KINDS}

    def as_dict(self) -> dict:
        return {
            "old": self.old.as_dict(), "new": self.new.as_dict(),
            "same_jurisdiction": self.same_jurisdiction,
            "findings_compared": self.same_jurisdiction,
            "house_edges_computed": self.house_edges,
            "counts": self.counts(),
            "differences": len(self.substantive),
            "changes": [c.as_dict() for c in self.changes],
        }


# ----------------------------------------------------------------------------------------------
# Saying values for a reader


# A field that only qualifies another: when the other changes and this one appears or disappears
# with it, the change of the other says it all (a consequence's ``wagers`` exists only for voids).
DEPENDENT = {"wagers": "kind"}


def _norm(value: Any) -> Any:
    """The value as compared: strings with white space collapsed, ints and floats alike."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    return value


def _number(value: float | int) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) and abs(value) >= 10000 else str(value)


def humanise(slug: str) -> str:
    return slug.replace("_", " ").replace("-", " ")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def say(value: Any, key: str | None = None) -> str:
    """A value as a reader wants to see it."""
    if value is None:
        return "not stated"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return _number(value)
    if isinstance(value, str):
        if key in ("hand",) or (value in HAND_NAMES and key not in ("text", "meaning")):
            return hand_name(value)
        if re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", value):
            return humanise(value)
        return " ".join(value.split())
    if isinstance(value, list):
        if not value:
            return "(none)"
        return ", ".join(say(v, key) for v in value)
    if isinstance(value, dict):
        return summarise(value)
    return str(value)


def summarise(item: dict, skip: Iterable[str] = ()) -> str:
    """A one-line account of a fact (a dict), leaving out its citations."""
    if "kind" in item and "value" in item and set(item) <= {"kind", "value", "finding"}:
        return odds(item)
    if _is_flag(item):
        return _flag_text(item)
    parts = []
    lead = None
    for key in ("text", "meaning"):
        if isinstance(item.get(key), str):
            lead = " ".join(item[key].split())
    for key, value in item.items():
        if key in ANNOTATIONS or key in ("id", "text", "meaning") or key in skip \
                or isinstance(value, dict) and "cite" in value:
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            parts.append(f"{humanise(key)}: {len(value)} item(s)")
            continue
        label = FIELD_LABELS.get(key, humanise(key))
        parts.append(f"{label}: {say(value, key)}" if label else say(value, key))
    if lead:
        parts.append(lead)
    return "; ".join(parts) if parts else "(no further detail)"


def _is_flag(item: Any) -> bool:
    """A yes/no fact (``$defs/flag``): value true, false or null (then ``assumed``)."""
    return (isinstance(item, dict) and "value" in item and "cite" in item
            and (isinstance(item["value"], bool) or item["value"] is None)
            and set(item) <= {"value", "assumed", "finding", "text", "cite"})


def _flag_text(item: dict) -> str:
    if item.get("value") is None:
        assumed = item.get("assumed")
        return "not stated" + (f" (read as {say(assumed)})" if assumed is not None else "")
    return say(item["value"])


def _line_label(line: dict) -> str:
    label = hand_name(line["hand"], line.get("suits"))
    if line.get("stake") is not None:
        label += f" (stake {_number(line['stake'])})"
    return label


def _strip_brackets(text: str) -> str:
    return " ".join(re.sub(r"\[[^\]]*\]", " ", text).split())


# ----------------------------------------------------------------------------------------------
# Matching list items


def _sorted_tuple(values: Iterable | None) -> tuple:
    return tuple(sorted(values or ()))


def _line_key(line: dict) -> tuple:
    return (line["hand"], _sorted_tuple(line.get("suits")), line.get("stake"))


def _text_key(field_name: str) -> Callable[[dict], Any]:
    return lambda item: _norm(item.get(field_name)) if item.get(field_name) is not None else None


def _field_key(*names: str) -> Callable[[dict], Any]:
    def key(item: dict) -> Any:
        values = tuple(_norm(item.get(n)) if not isinstance(item.get(n), list) else _sorted_tuple(item.get(n))
                       for n in names)
        return None if all(v is None for v in values) else values
    return key


@dataclass(frozen=True)
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
    return _cap(humanise(item["id"]))


RULE_LIST = ListRule(keys=(_field_key("id"), _text_key("text")), label=_rule_label,
                     similar=lambda i: i.get("text", ""), silent_text="text")


def _irregularity_label(item: dict, items: list) -> str:
    label = _cap(humanise(item["event"]))
    if sum(1 for i in items if i["event"] == item["event"]) > 1 and item.get("condition"):
        cond = " ".join(item["condition"].split())
        label += f" ({cond if len(cond) <= 70 else cond[:67] + '...'})"
    return label


def _by_rule_label(field_name: str) -> Callable[[dict, list], str]:
    def label(item: dict, items: list) -> str:
        text = _cap(humanise(item[field_name]))
        if sum(1 for i in items if i[field_name] == item[field_name]) > 1:
            text += f" ({humanise(item['id'])})"
        return text
    return label


def _round_label(item: dict, items: list) -> str:
    text = _cap(humanise(item["step"]))
    if item.get("wager"):
        text += f" ({item['wager']})"
    return text


def _categories() -> ListRule:
    return ListRule(keys=(_field_key("hand"),), label=lambda i, _: hand_name(i["hand"]), ordered=True,
                    skip=frozenset({"hand"}))


LINES = ListRule(keys=(_line_key,), label=lambda i, _: _line_label(i), ordered=True)

LIST_RULES: dict[str, ListRule] = {
    "definitions": ListRule(keys=(lambda d: _strip_brackets(d["term"]).lower(),),
                            label=lambda d, _: _strip_brackets(d["term"]),
                            similar=None, silent_text="meaning", skip=frozenset({"term"})),
    "cards.second_deck.conditions": RULE_LIST,
    "cards.procedures": RULE_LIST,
    "cards.card_change": ListRule(keys=(_field_key("dealt_from"),),
                                  label=lambda i, _: f"Cards dealt from {humanise(i['dealt_from'])}",
                                  skip=frozenset({"dealt_from"})),
    "base_game.bets": ListRule(keys=(_field_key("id"),), label=lambda i, _: f"Bet {i['id'][-1]}"),
    "table.layout_requirements": RULE_LIST,
    "table.equipment": RULE_LIST,
    "hand_rankings.five_card.categories": _categories(),
    "hand_rankings.three_card.categories": _categories(),
    "hand_rankings.six_card.categories": _categories(),
    "wagers.paytables.lines": LINES,
    "wagers.paytables.envy_lines": replace(LINES, label=lambda i, _: "Envy bonus, " + _line_label(i)),
    "payout_limits": ListRule(keys=(_field_key("id"), _field_key("applies_to")),
                              label=lambda i, _: _cap(humanise(i["id"]))),
    "table_limits": ListRule(keys=(_field_key("id"), _field_key("rule")), label=_by_rule_label("rule"),
                             similar=lambda i: i.get("text", ""), skip=frozenset({"rule"})),
    "dealing_methods": ListRule(keys=(_field_key("id"),), label=lambda i, _: i["name"]),
    "dealing_methods.requires": RULE_LIST,
    "round_sequence": ListRule(keys=(_field_key("step", "wager"), _field_key("step")), label=_round_label,
                               ordered=True, skip=frozenset({"step", "wager"})),
    "irregularities": ListRule(keys=(_field_key("event", "condition"), _field_key("event"), _field_key("id")),
                               label=_irregularity_label,
                               similar=lambda i: f"{i['event']} {i.get('condition') or ''}",
                               skip=frozenset({"event"})),
    "signage": ListRule(keys=(_field_key("id"), _field_key("rule")), label=_by_rule_label("rule"),
                        similar=lambda i: f"{i['rule']} {i.get('text') or ''}", skip=frozenset({"rule"})),
    "other_rules": ListRule(keys=(_field_key("id"), _field_key("topic", "text")),
                            label=lambda i, _: _cap(humanise(i["id"])), silent_text="text"),
    "findings": ListRule(keys=(_field_key("id"),), label=lambda i, _: i["id"], ignore=frozenset()),
}

#: Lists of dicts compared as one sequence (the items have no identity of their own).
SEQUENCES = {"dealing_methods.plan.steps"}
#: Lists of scalars whose order is meaning.
SCALAR_SEQUENCES = {"hand_rankings.rank_order.high_to_low"}


def match(old: list, new: list, keys: Iterable[Callable], similar: Callable | None = None,
          groups: Callable | None = None) -> dict[int, int]:
    """Pair items of ``old`` and ``new``: {new index: old index}.

    Each key function is tried in turn on the items still unpaired; a key pairs two items when
    exactly one unpaired item on each side has it. Then, if ``similar`` is given, the items left
    that share a coarse group (``groups``) are paired by the most similar text.
    """
    pairs: dict[int, int] = {}
    used_old: set[int] = set()
    for key in keys:
        old_by: dict = {}
        new_by: dict = {}
        for i, item in enumerate(old):
            if i not in used_old and (k := _freeze(key(item))) is not None:
                old_by.setdefault(k, []).append(i)
        for j, item in enumerate(new):
            if j not in pairs and (k := _freeze(key(item))) is not None:
                new_by.setdefault(k, []).append(j)
        for k, js in new_by.items():
            if len(js) == 1 and len(old_by.get(k, ())) == 1:
                pairs[js[0]] = old_by[k][0]
                used_old.add(old_by[k][0])
    if similar is not None:
        candidates = []
        for j, n in enumerate(new):
            if j in pairs:
                continue
            for i, o in enumerate(old):
                if i in used_old or (groups and groups(o) != groups(n)):
                    continue
                score = _similarity(similar(o), similar(n))
                if score >= 0.5:
                    candidates.append((-score, i + j, min(i, j), max(i, j), i, j))
        for *_, i, j in sorted(candidates):
            if i not in used_old and j not in pairs:
                pairs[j] = i
                used_old.add(i)
    return pairs


def _similarity(a: str, b: str) -> float:
    """How alike two texts are, 0 to 1: shared words over all words (the same either way round)."""
    wa, wb = set(re.findall(r"[a-z0-9]+", a.lower())), set(re.findall(r"[a-z0-9]+", b.lower()))
    if not wa and not wb:
        return 1.0
    return round(len(wa & wb) / len(wa | wb), 9)


def _freeze(value: Any) -> Any:
    """A hashable stand-in for a key (lists and dicts as canonical JSON)."""
    if isinstance(value, (list, dict)):
        return json.dumps(value, sort_keys=True)
    return value


def merged_order(old_len: int, new_len: int, pairs: dict[int, int]) -> list[tuple[int | None, int | None]]:
    """(old index, new index) in reading order: new order, removed items where they stood."""
    out: list[tuple[int | None, int | None]] = []
    removed = sorted(set(range(old_len)) - set(pairs.values()))
    for j in range(new_len):
        if j in pairs:
            i = pairs[j]
            while removed and removed[0] < i:
                out.append((removed.pop(0), None))
            out.append((i, j))
        else:
            out.append((None, j))
    out.extend((i, None) for i in removed)
    return out


# ----------------------------------------------------------------------------------------------
# The differ


def _spath(loc: tuple) -> str:
    return ".".join(p for p in loc if isinstance(p, str))


def _annotations(item: Any, prefix: str = "") -> dict:
    """The annotation fields of a fact and of its uncited sub-facts (not of its lists)."""
    out = {}
    if not isinstance(item, dict):
        return out
    for key, value in item.items():
        if key in ANNOTATIONS:
            out[prefix + key] = _norm(value)
        elif isinstance(value, dict) and "cite" not in value:
            out.update(_annotations(value, f"{prefix}{key}."))
    return out


def _cited(value: Any) -> bool:
    """A fact with a citation of its own, or a list of such facts."""
    if isinstance(value, dict):
        return "cite" in value
    if isinstance(value, list):
        return any(isinstance(v, dict) and "cite" in v for v in value)
    return False


def _strip(value: Any) -> Any:
    """A value with its annotations removed (what it says, not where)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in ANNOTATIONS}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


@dataclass
class _At:
    """Where the differ is: labels so far, data paths on each side, nearest citations."""

    area: str
    labels: tuple = ()
    old_loc: tuple = ()
    new_loc: tuple = ()
    old_cite: str | None = None
    new_cite: str | None = None
    paytable: tuple | None = None

    def into(self, label: str | None, old_key: Any, new_key: Any, old: Any = None, new: Any = None) -> "_At":
        old_cite = old.get("cite") if isinstance(old, dict) and old.get("cite") else self.old_cite
        new_cite = new.get("cite") if isinstance(new, dict) and new.get("cite") else self.new_cite
        return _At(self.area, self.labels + ((label,) if label else ()),
                   self.old_loc + (old_key,), self.new_loc + (new_key,), old_cite, new_cite, self.paytable)


class _Differ:
    def __init__(self, old: Ruleset, new: Ruleset, house_edges: bool):
        self.old, self.new = old, new
        self.house_edges = house_edges
        self._edges: dict = {}

    # -- helpers -------------------------------------------------------------------------------

    def _line(self, side: str, loc: tuple) -> int | None:
        rs = self.old if side == "old" else self.new
        if not loc:
            return None
        return rs.document.locate(loc)[0]

    def change(self, at: _At, kind: str, label: str | None = None, **kw: Any) -> Change:
        path = at.labels + ((label,) if label else ())
        kw.setdefault("old_cite", at.old_cite if kind != "added" else None)
        kw.setdefault("new_cite", at.new_cite if kind != "removed" else None)
        kw.setdefault("old_line", self._line("old", at.old_loc) if kind != "added" else None)
        kw.setdefault("new_line", self._line("new", at.new_loc) if kind != "removed" else None)
        return Change(area=at.area, path=path, kind=kind, paytable=at.paytable, **kw)

    def edge(self, side: str, wager_id: str, paytable_id: str) -> tuple[float | None, str]:
        rs = self.old if side == "old" else self.new
        key = (side, wager_id, paytable_id)
        if key not in self._edges:
            from ..gamemath import paytable_result  # the game-math contract; no fallback figures

            result = paytable_result(rs, wager_id, paytable_id)
            edge = None if result.house_edge is None else round(float(result.house_edge), 10)
            self._edges[key] = (edge, result.status)
        return self._edges[key]

    # -- entry point ---------------------------------------------------------------------------

    def run(self) -> list[Change]:
        out: list[Change] = []
        same = self.old.jurisdiction == self.new.jurisdiction
        for area, _title in AREAS:
            if area == "findings" and not same:
                continue
            old, new = self.old.data[area], self.new.data[area]
            at = _At(area, old_loc=(area,), new_loc=(area,))
            if area == "wagers":
                out += self.wagers(at, old, new)
            else:
                out += self.value(at, area, old, new)
        return out

    # -- generic comparison ---------------------------------------------------------------------

    def value(self, at: _At, key: str, old: Any, new: Any, both: bool = True) -> list[Change]:
        """Compare two values found at the same place (``key`` is its field name).

        ``both``: the field is present on both sides (a null there is "not stated", so a scalar
        going from null to a figure is a change, not an addition).
        """
        if _norm(old) == _norm(new):
            return []
        scalar = not isinstance(old if old is not None else new, (dict, list))
        if (old is None or new is None) and not (both and scalar):
            return self.presence(at, key, old, new)
        if isinstance(old, dict) and isinstance(new, dict):
            if {"kind", "value"} <= set(old) and set(old) <= {"kind", "value", "finding"}:
                return self.payout(at, old, new)
            if _is_flag(old) and _is_flag(new):
                return self.flag(at, old, new)
            return self.fact(at, old, new)
        if isinstance(old, list) and isinstance(new, list):
            return self.list_(at, key, old, new)
        return [self.change(at, "changed", old=old, new=new, old_text=say(old, key), new_text=say(new, key))]

    def presence(self, at: _At, key: str, old: Any, new: Any) -> list[Change]:
        kind = "added" if old is None else "removed"
        present = new if old is None else old
        text = say(present, key)
        nearest = at.new_cite if kind == "added" else at.old_cite
        cite = present.get("cite", nearest) if isinstance(present, dict) else nearest
        if kind == "added":
            return [self.change(at, kind, new=present, new_text=text, new_cite=cite)]
        return [self.change(at, kind, old=present, old_text=text, old_cite=cite)]

    def flag(self, at: _At, old: dict, new: dict) -> list[Change]:
        """A yes/no fact: its value and the reading assumed when the source is silent, as one."""
        out = []
        if (old.get("value"), old.get("assumed")) != (new.get("value"), new.get("assumed")):
            out.append(self.change(at, "changed", old={"value": old.get("value"), "assumed": old.get("assumed")},
                                   new={"value": new.get("value"), "assumed": new.get("assumed")},
                                   old_text=_flag_text(old), new_text=_flag_text(new)))
        if _norm(old.get("text")) != _norm(new.get("text")):
            out += self.value(at.into("wording", "text", "text"), "text", old.get("text"), new.get("text"),
                              both="text" in old and "text" in new)
        if not out and _annotations(old) != _annotations(new):
            out.append(self.recited(at, old, new, _annotations(old), _annotations(new)))
        return out

    def payout(self, at: _At, old: dict, new: dict) -> list[Change]:
        o = {k: v for k, v in old.items() if k != "finding"}
        n = {k: v for k, v in new.items() if k != "finding"}
        if _norm(o) == _norm(n):
            return []
        return [self.change(at, "changed", old=o, new=n, old_text=odds(o), new_text=odds(n))]

    def fact(self, at: _At, old: dict, new: dict, silent: frozenset = frozenset(),
             silent_text: str | None = None) -> list[Change]:
        """Compare two dicts field by field; report citation-only differences as ``recited``."""
        changes: list[Change] = []
        direct = False
        for key in list(dict.fromkeys([*old, *new])):
            if key in ANNOTATIONS or key in silent:
                continue
            if key in DEPENDENT and old.get(DEPENDENT[key]) != new.get(DEPENDENT[key]) \
                    and (key not in old or key not in new):
                continue  # said by the change of the field it qualifies (a void's wagers, with its kind)
            o, n = old.get(key), new.get(key)
            if _norm(o) == _norm(n):
                continue
            label = "" if key == silent_text else FIELD_LABELS.get(key, humanise(key))
            sub = at.into(label or None, key, key, o, n)
            found = self.value(sub, key, o, n, both=key in old and key in new)
            if not (_cited(o) or _cited(n)) and any(not c.low_importance for c in found):
                direct = True
            changes += found
        if not direct and ("cite" in old or "cite" in new):
            ao, an = _annotations(old), _annotations(new)
            if ao != an:
                changes.insert(0, self.recited(at, old, new, ao, an))
        return changes

    def recited(self, at: _At, old: dict, new: dict, ao: dict, an: dict) -> Change:
        """Only the citation (or quote, finding reference, note) differs: say which, not the fact."""
        keys = [k for k in dict.fromkeys([*ao, *an]) if ao.get(k) != an.get(k) and k != "cite"]
        o = {k: ao.get(k) for k in keys}
        n = {k: an.get(k) for k in keys}

        what = odds(new["payout"]) if "hand" in new and isinstance(new.get("payout"), dict) else summarise(_strip(new))
        if len(what) > 80:
            what = what[:77] + "..."

        def text(side: dict) -> str:
            said = "; ".join(f"{k.replace('.', ' ')}: {say(v)}" for k, v in side.items() if v is not None)
            return f"{what} ({said})" if said else what

        return self.change(at, "recited", old=o or None, new=n or None, old_text=text(o), new_text=text(n),
                           old_cite=old.get("cite"), new_cite=new.get("cite"))

    def list_(self, at: _At, key: str, old: list, new: list) -> list[Change]:
        spath = _spath(at.new_loc)
        if not any(isinstance(v, dict) for v in old + new):
            if spath in SCALAR_SEQUENCES:
                same = [_norm(v) for v in old] == [_norm(v) for v in new]
            else:
                same = sorted(map(str, _norm(old))) == sorted(map(str, _norm(new)))
            if same:
                return []
            return [self.change(at, "changed", old=old, new=new, old_text=say(old, key), new_text=say(new, key))]
        if spath in SEQUENCES or spath not in LIST_RULES:
            return self.sequence(at, key, old, new)
        return self.keyed(at, LIST_RULES[spath], old, new)

    def sequence(self, at: _At, key: str, old: list, new: list) -> list[Change]:
        so, sn = _strip(old), _strip(new)
        if _norm(so) == _norm(sn):
            if [_annotations(x) for x in old] != [_annotations(x) for x in new]:
                return [self.change(at, "recited", old_text=_steps_text(old), new_text=_steps_text(new),
                                    old_cite=at.old_cite, new_cite=at.new_cite)]
            return []
        return [self.change(at, "changed", old=so, new=sn, old_text=_steps_text(old), new_text=_steps_text(new))]

    def keyed(self, at: _At, rule: ListRule, old: list, new: list) -> list[Change]:
        pairs = match(old, new, rule.keys, rule.similar,
                      groups=(lambda i: i.get("event") or i.get("rule")) if rule.similar else None)
        out: list[Change] = []
        for i, j in merged_order(len(old), len(new), pairs):
            if j is None:
                item = old[i]
                sub = at.into(None, i, None, item, None)
                out.append(self.change(sub, "removed", rule.label(item, old), old=item,
                                       old_text=self.item_text(rule, item), old_cite=item.get("cite")))
            elif i is None:
                item = new[j]
                sub = at.into(None, None, j, None, item)
                out.append(self.change(sub, "added", rule.label(item, new), new=item,
                                       new_text=self.item_text(rule, item), new_cite=item.get("cite")))
            else:
                o, n = old[i], new[j]
                sub = at.into(rule.label(n, new), i, j, o, n)
                out += self.fact(sub, o, n, silent=rule.ignore, silent_text=rule.silent_text)
        if rule.ordered:
            out += self.order(at, rule, old, new, pairs)
        return out

    def item_text(self, rule: ListRule, item: dict) -> str:
        if "payout" in item and "hand" in item:
            return odds(item["payout"])
        if "event" in item and isinstance(item.get("consequence"), dict):
            cons = item["consequence"]
            when = " ".join((item.get("condition") or "").split())
            then = f"{humanise(cons['kind'])}: {' '.join(cons['text'].split())}"
            return f"{when} Then: {then}" if when else then
        if rule.silent_text and item.get(rule.silent_text):
            rest = {k: v for k, v in item.items() if k != rule.silent_text}
            extra = summarise(rest, rule.skip)
            text = " ".join(item[rule.silent_text].split())
            return text if extra == "(no further detail)" else f"{text} ({extra})"
        return summarise(item, rule.skip)

    def order(self, at: _At, rule: ListRule, old: list, new: list, pairs: dict[int, int]) -> list[Change]:
        old_order = sorted(pairs.values())
        new_order = [pairs[j] for j in sorted(pairs)]
        if old_order == new_order:
            return []
        o = [rule.label(old[i], old) for i in old_order]
        n = [rule.label(old[i], old) for i in new_order]
        return [self.change(at, "changed", "order", old=o, new=n, old_text=" > ".join(o), new_text=" > ".join(n))]

    # -- wagers and paytables ------------------------------------------------------------------

    def wagers(self, at: _At, old: list, new: list) -> list[Change]:
        def kind_key(w: dict) -> str:
            return w["kind"]

        pairs = match(old, new, (_field_key("id"), kind_key))
        out: list[Change] = []
        for i, j in merged_order(len(old), len(new), pairs):
            if j is None:
                w = old[i]
                sub = at.into(None, i, None, w, None)
                out.append(self.change(sub, "removed", _wager_label(w, old), old=w, old_text=_wager_text(w),
                                       old_cite=w["cite"], details_old=tuple(_paytable_names(w))))
            elif i is None:
                w = new[j]
                sub = at.into(None, None, j, None, w)
                out.append(self.change(sub, "added", _wager_label(w, new), new=w, new_text=_wager_text(w),
                                       new_cite=w["cite"], details_new=tuple(_paytable_names(w))))
            else:
                out += self.wager(at.into(_wager_label(new[j], new), i, j, old[i], new[j]), old[i], new[j])
        return out

    def wager(self, at: _At, old: dict, new: dict) -> list[Change]:
        out: list[Change] = []
        if old["id"] != new["id"] or _norm(old["name"]) != _norm(new["name"]):
            out.append(self.change(at, "renamed", old={"id": old["id"], "name": old["name"]},
                                   new={"id": new["id"], "name": new["name"]},
                                   old_text=f"{old['name']} ({old['id']})", new_text=f"{new['name']} ({new['id']})"))
        out += _unless_renamed(out, self.fact(at, old, new, silent=frozenset({"id", "name", "paytables"})), at)
        out += self.paytables(at, old, new)
        return out

    def paytables(self, at: _At, wold: dict, wnew: dict) -> list[Change]:
        old, new = wold["paytables"], wnew["paytables"]
        pairs = match(old, new, (_field_key("id"),))
        # A left-over table whose lines are identical to one on the other side is a rename.
        pairs.update(match([t if i not in pairs.values() else {} for i, t in enumerate(old)],
                           [t if j not in pairs else {} for j, t in enumerate(new)],
                           (lambda t: _norm(_strip(t.get("lines"))) if t else None,)))
        # Left-over tables are paired with their closest counterpart (most identical lines).
        pairs.update(_closest_tables(old, new, pairs))
        out: list[Change] = []
        for i, j in merged_order(len(old), len(new), pairs):
            if j is None:
                t = old[i]
                sub = _At(at.area, at.labels, at.old_loc + ("paytables", i), (), t["cite"], None,
                          at.labels + (t["name"],))
                edge, status = self.edge("old", wold["id"], t["id"]) if self.house_edges else (None, None)
                out.append(self.change(sub, "removed", t["name"], old=t, old_text=_table_text(t),
                                       old_cite=t["cite"], details_old=tuple(_table_lines(t)),
                                       house_edge_old=edge, edge_status_old=status))
            elif i is None:
                t = new[j]
                sub = _At(at.area, at.labels, (), at.new_loc + ("paytables", j), None, t["cite"],
                          at.labels + (t["name"],))
                edge, status = self.edge("new", wnew["id"], t["id"]) if self.house_edges else (None, None)
                out.append(self.change(sub, "added", t["name"], new=t, new_text=_table_text(t),
                                       new_cite=t["cite"], details_new=tuple(_table_lines(t)),
                                       house_edge_new=edge, edge_status_new=status))
            else:
                out += self.paytable(at, wold, wnew, old[i], new[j], i, j)
        return out

    def paytable(self, at: _At, wold: dict, wnew: dict, old: dict, new: dict, i: int, j: int) -> list[Change]:
        label = new["name"] if _norm(old["name"]) == _norm(new["name"]) else f"{old['name']} / {new['name']}"
        sub = _At(at.area, at.labels + (label,), at.old_loc + ("paytables", i), at.new_loc + ("paytables", j),
                  old["cite"], new["cite"], at.labels + (label,))
        out: list[Change] = []
        if old["id"] != new["id"] or _norm(old["name"]) != _norm(new["name"]):
            out.append(self.change(sub, "renamed", old={"id": old["id"], "name": old["name"]},
                                   new={"id": new["id"], "name": new["name"]},
                                   old_text=f"{old['name']} ({old['id']})", new_text=f"{new['name']} ({new['id']})"))
        out += _unless_renamed(out, self.fact(sub, old, new, silent=frozenset({"id", "name"})), sub)
        if self.house_edges and any(not c.low_importance for c in out):
            eo, so = self.edge("old", wold["id"], old["id"])
            en, sn = self.edge("new", wnew["id"], new["id"])
            out = [c if c.low_importance else replace(c, house_edge_old=eo, house_edge_new=en,
                                                      edge_status_old=so, edge_status_new=sn) for c in out]
        return out


def _unless_renamed(before: list[Change], found: list[Change], at: _At) -> list[Change]:
    """A rename already carries both citations: no separate citation-only record for the same fact."""
    if not any(c.kind == "renamed" and c.path == at.labels for c in before):
        return found
    return [c for c in found if not (c.kind == "recited" and c.path == at.labels)]


def _closest_tables(old: list, new: list, pairs: dict[int, int]) -> dict[int, int]:
    left_old = [i for i in range(len(old)) if i not in pairs.values()]
    left_new = [j for j in range(len(new)) if j not in pairs]
    if not left_old or not left_new:
        return {}
    scored = []
    for i in left_old:
        lines_o = {_line_key(l): _norm(_strip(l["payout"])) for l in old[i]["lines"]}
        for j in left_new:
            lines_n = {_line_key(l): _norm(_strip(l["payout"])) for l in new[j]["lines"]}
            same = sum(1 for k, v in lines_n.items() if lines_o.get(k) == v)
            shared = len(set(lines_o) & set(lines_n))
            scored.append((-same, -shared, i + j, min(i, j), max(i, j), i, j, len(lines_o), len(lines_n)))
    out: dict[int, int] = {}
    one_each = len(left_old) == 1 and len(left_new) == 1
    for neg_same, neg_shared, _, _, _, i, j, lo, ln in sorted(scored):
        if i in out.values() or j in out:
            continue
        if one_each and -neg_shared > 0 or -neg_same * 2 >= max(lo, ln):
            out[j] = i
    return out


def _wager_label(wager: dict, wagers: list) -> str:
    if sum(1 for w in wagers if w["kind"] == wager["kind"]) == 1:
        return WAGER_KINDS[wager["kind"]]
    return wager["name"]


def _wager_text(w: dict) -> str:
    tables = len(w["paytables"])
    return (f"{w['name']} ({humanise(w['kind'])}, {w['offered']}, paytable rule {humanise(w['selection']['rule'])}, "
            f"{tables} paytable{'s' if tables != 1 else ''})")


def _paytable_names(w: dict) -> list[str]:
    return [f"{t['name']}: " + "; ".join(f"{_line_label(l)} {odds(l['payout'])}" for l in t["lines"])
            for t in w["paytables"]]


def _table_text(t: dict) -> str:
    return f"{t['name']} ({len(t['lines'])} lines)"


def _table_lines(t: dict) -> list[str]:
    out = [f"{_line_label(l)}: {odds(l['payout'])} [{l['cite']}]" for l in t["lines"]]
    out += [f"Envy bonus, {_line_label(l)}: {odds(l['payout'])} [{l['cite']}]" for l in t.get("envy_lines", [])]
    return out


def _steps_text(steps: list) -> str:
    parts = []
    for s in steps:
        if isinstance(s, dict) and "to" in s:
            parts.append(f"{s['cards']} to {humanise(s['to'])}" + (" as a stack" if s.get("as_stack") else ""))
        else:
            parts.append(say(s))
    return ", ".join(parts)


# ----------------------------------------------------------------------------------------------
# Entry point


def _side(rs: Ruleset, label: str) -> Side:
    d = rs.data
    return Side(ref=rs.ref, jurisdiction=rs.jurisdiction, name=rs.name, version=rs.version,
                effective_date=d["version"]["effective_date"], supersedes=d["version"]["supersedes"],
                citation=d["source"]["citation"], findings=len(d["findings"]), label=label)


def side_labels(old: Ruleset, new: Ruleset) -> tuple[str, str]:
    """Short names for the two sides: versions within one jurisdiction, else jurisdictions."""
    if old.ref == new.ref:
        return "old", "new"
    if old.jurisdiction == new.jurisdiction:
        return old.version, new.version
    return old.jurisdiction, new.jurisdiction


def diff_rulesets(old: Ruleset, new: Ruleset, house_edges: bool = True) -> Diff:
    """Every difference in meaning between ``old`` and ``new`` (see the module notes)."""
    changes = _Differ(old, new, house_edges).run()
    lo, ln = side_labels(old, new)
    return Diff(_side(old, lo), _side(new, ln), old.jurisdiction == new.jurisdiction, tuple(changes), house_edges)


# ----------------------------------------------------------------------------------------------
# The view the templates render (all wording and grouping decided here, none in templates)

EDGE_STATUS_WORDS = {
    "exact": "", "simulated": "simulated", "function_of_wager": "depends on the wager size",
    "function_of_meter": "depends on the meter", "incomplete": "figures missing",
}


def edge_text(edge: float | None, status: str | None) -> str | None:
    """A house edge for a reader, e.g. '3.51%' or '4.89% (depends on the wager size)'."""
    if status is None:
        return None
    word = EDGE_STATUS_WORDS.get(status, humanise(status))
    if edge is None:
        return f"not computable ({word})" if word else "not computable"
    figure = f"{edge * 100:.2f}%"
    return f"{figure} ({word})" if word else figure


def _kind_word(kind: str, diff: Diff) -> str:
    if not diff.same_jurisdiction and kind in ("added", "removed"):
        return f"only in {diff.new.label if kind == 'added' else diff.old.label}"
    return kind


def _side_view(change: Change, side: str) -> dict | None:
    if side == "old" and change.kind == "added" or side == "new" and change.kind == "removed":
        return None
    text = getattr(change, f"{side}_text")
    edge = None
    if change.paytable is not None and change.path == change.paytable:
        edge = edge_text(getattr(change, f"house_edge_{side}"), getattr(change, f"edge_status_{side}"))
    return {"text": text, "cite": getattr(change, f"{side}_cite"), "line": getattr(change, f"{side}_line"),
            "edge": edge, "details": list(getattr(change, f"details_{side}"))}


def view(diff: Diff, include_citations: bool = False) -> dict:
    """What the diff templates need: header, areas of grouped entries, summary lines."""
    shown = [c for c in diff.changes if include_citations or not c.low_importance]
    areas = []
    for area, title in AREAS:
        changes = [c for c in shown if c.area == area]
        if not changes:
            continue
        groups: list[dict] = []
        for c in changes:
            inside_table = c.paytable is not None and len(c.path) > len(c.paytable)
            if c.kind == "renamed":
                heading_path = c.path
            elif inside_table:
                heading_path = c.paytable
            else:
                heading_path = c.path[:1] if len(c.path) > 1 else ()
            leaf = ", ".join(c.path[len(heading_path):]) or ("name" if c.kind == "renamed" else "(whole)")
            edge = None
            if inside_table and (c.edge_status_old or c.edge_status_new):
                edge = {"old": edge_text(c.house_edge_old, c.edge_status_old),
                        "new": edge_text(c.house_edge_new, c.edge_status_new)}
            group = next((g for g in groups if g["path"] == heading_path), None)
            if group is None:
                group = {"path": heading_path, "heading": ", ".join(heading_path), "edge": edge, "entries": []}
                groups.append(group)
            elif edge and not group["edge"]:
                group["edge"] = edge
            group["entries"].append({
                "kind": c.kind, "word": _kind_word(c.kind, diff), "label": leaf, "path_label": c.path_label,
                "old": _side_view(c, "old"), "new": _side_view(c, "new"),
            })
        areas.append({"key": area, "title": title, "groups": groups, "count": len(changes)})
    counts = diff.counts()
    substantive = len(diff.substantive)
    parts = [f"{counts[k]} {_kind_word(k, diff)}" for k in KINDS if k != "recited" and counts[k]]
    if substantive:
        summary = f"{substantive} difference{'s' if substantive != 1 else ''}: " + ", ".join(parts)
    else:
        summary = "No differences in substance"
    recited = counts["recited"]
    if recited and include_citations:
        cites = f"{recited} citation-only change{'s' if recited != 1 else ''} (recited) listed"
    elif recited:
        cites = (f"{recited} citation-only change{'s' if recited != 1 else ''} not shown "
                 f"(--citations lists them)")
    else:
        cites = None
    notes = []
    if not diff.same_jurisdiction:
        notes.append("Two jurisdictions: findings (notes on each source text) are not compared; "
                     f"{diff.old.label} has {diff.old.findings}, {diff.new.label} has {diff.new.findings}.")
    if not diff.house_edges:
        notes.append("House edges were not computed (--no-house-edge).")
    sides = [
        {"label": s.label, "ref": s.ref, "name": s.name, "version": s.version,
         "effective_date": s.effective_date, "supersedes": s.supersedes or "(none)", "citation": s.citation}
        for s in (diff.old, diff.new)
    ]
    width = max(len(diff.old.label), len(diff.new.label)) + 1
    for side in sides:
        side["tag"] = f"{side['label']}:".ljust(width)
    return {
        "title": f"{diff.old.ref} \u2192 {diff.new.ref}", "old": sides[0], "new": sides[1],
        "areas": areas, "summary": summary, "citations_note": cites, "notes": notes,
        "same_jurisdiction": diff.same_jurisdiction, "differs": diff.differs(include_citations),
    }
