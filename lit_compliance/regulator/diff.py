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

The records are in :mod:`.changes`, generic list pairing in :mod:`.matching`, how each list's items
are matched and labelled in :mod:`.list_rules`, the wording of
values in :mod:`.prose` and the view for templates in :mod:`.diff_view`; this module holds the
domain's matching rules and walks the two rulesets.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..load.catalogue import Catalogue, CatalogueError, Ruleset
from ..model.vocabulary import odds
from .changes import ANNOTATIONS, AREAS, FIELD_LABELS, WAGER_KINDS, Change, Diff, Side
from .list_rules import DEPENDENT, LIST_RULES, SCALAR_SEQUENCES, SEQUENCES, ListRule, field_key, line_key
from .matching import match, merged_order
from .prose import flag_words, humanise, is_flag, line_label, norm, say, summarise
from ..load.strict_yaml import InputError
from ..load.facts import enclosing_fact
from ..records import record

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
            out[prefix + key] = norm(value)
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


@record(frozen=False)
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
        self._finders: dict = {}

    # -- helpers -------------------------------------------------------------------------------

    def _line(self, side: str, loc: tuple) -> int | None:
        rs = self.old if side == "old" else self.new
        if not loc:
            return None
        return rs.document.locate(loc)[0]

    def _fact(self, side: str, loc: tuple) -> str | None:
        if not loc:
            return None
        if side not in self._finders:
            self._finders[side] = enclosing_fact(self.old if side == "old" else self.new)
        return self._finders[side](loc)

    def change(self, at: _At, kind: str, label: str | None = None, **kw: Any) -> Change:
        path = at.labels + ((label,) if label else ())
        kw.setdefault("old_cite", at.old_cite if kind != "added" else None)
        kw.setdefault("new_cite", at.new_cite if kind != "removed" else None)
        kw.setdefault("old_line", self._line("old", at.old_loc) if kind != "added" else None)
        kw.setdefault("new_line", self._line("new", at.new_loc) if kind != "removed" else None)
        kw.setdefault("old_fact", self._fact("old", at.old_loc) if kind != "added" else None)
        kw.setdefault("new_fact", self._fact("new", at.new_loc) if kind != "removed" else None)
        return Change(area=at.area, path=path, kind=kind, paytable=at.paytable, **kw)

    def edge(self, side: str, wager_id: str, paytable_id: str) -> tuple[float | None, str]:
        rs = self.old if side == "old" else self.new
        key = (side, wager_id, paytable_id)
        if key not in self._edges:
            from ..gamemath import paytable_result  # lazy: the math loads only when house edges are asked for
            from ..model import model_of  # lazy: as above

            if model_of(rs).removed_by(wager_id, paytable_id) is not None:  # printed, and removed by the reading in force
                self._edges[key] = (None, "removed")
                return self._edges[key]
            result = paytable_result(rs, wager_id, paytable_id)
            edge = None if result.house_edge is None else round(float(result.house_edge), 10)
            self._edges[key] = (edge, result.status.value)
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
        if norm(old) == norm(new):
            return []
        scalar = not isinstance(old if old is not None else new, (dict, list))
        if (old is None or new is None) and not (both and scalar):
            return self.presence(at, key, old, new)
        if isinstance(old, dict) and isinstance(new, dict):
            if {"kind", "value"} <= set(old) and set(old) <= {"kind", "value", "finding"}:
                return self.payout(at, old, new)
            if is_flag(old) and is_flag(new):
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
                                   old_text=flag_words(old), new_text=flag_words(new)))
        if norm(old.get("text")) != norm(new.get("text")):
            out += self.value(at.into("wording", "text", "text"), "text", old.get("text"), new.get("text"),
                              both="text" in old and "text" in new)
        if not out and _annotations(old) != _annotations(new):
            out.append(self.recited(at, old, new, _annotations(old), _annotations(new)))
        return out

    def payout(self, at: _At, old: dict, new: dict) -> list[Change]:
        o = {k: v for k, v in old.items() if k != "finding"}
        n = {k: v for k, v in new.items() if k != "finding"}
        if norm(o) == norm(n):
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
            if norm(o) == norm(n):
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
                same = [norm(v) for v in old] == [norm(v) for v in new]
            else:
                same = sorted(map(str, norm(old))) == sorted(map(str, norm(new)))
            if same:
                return []
            return [self.change(at, "changed", old=old, new=new, old_text=say(old, key), new_text=say(new, key))]
        if spath in SEQUENCES or spath not in LIST_RULES:
            return self.sequence(at, key, old, new)
        return self.keyed(at, LIST_RULES[spath], old, new)

    def sequence(self, at: _At, key: str, old: list, new: list) -> list[Change]:
        so, sn = _strip(old), _strip(new)
        if norm(so) == norm(sn):
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

        pairs = match(old, new, (field_key("id"), kind_key))
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
        if old["id"] != new["id"] or norm(old["name"]) != norm(new["name"]):
            out.append(self.change(at, "renamed", old={"id": old["id"], "name": old["name"]},
                                   new={"id": new["id"], "name": new["name"]},
                                   old_text=f"{old['name']} ({old['id']})", new_text=f"{new['name']} ({new['id']})"))
        out += _unless_renamed(out, self.fact(at, old, new, silent=frozenset({"id", "name", "paytables"})), at)
        out += self.paytables(at, old, new)
        return out

    def paytables(self, at: _At, wold: dict, wnew: dict) -> list[Change]:
        old, new = wold["paytables"], wnew["paytables"]
        pairs = match(old, new, (field_key("id"),))
        # A left-over table whose lines are identical to one on the other side is a rename.
        pairs.update(match([t if i not in pairs.values() else {} for i, t in enumerate(old)],
                           [t if j not in pairs else {} for j, t in enumerate(new)],
                           (lambda t: norm(_strip(t.get("lines"))) if t else None,)))
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
        label = new["name"] if norm(old["name"]) == norm(new["name"]) else f"{old['name']} / {new['name']}"
        sub = _At(at.area, at.labels + (label,), at.old_loc + ("paytables", i), at.new_loc + ("paytables", j),
                  old["cite"], new["cite"], at.labels + (label,))
        out: list[Change] = []
        if old["id"] != new["id"] or norm(old["name"]) != norm(new["name"]):
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
        lines_o = {line_key(l): norm(_strip(l["payout"])) for l in old[i]["lines"]}
        for j in left_new:
            lines_n = {line_key(l): norm(_strip(l["payout"])) for l in new[j]["lines"]}
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
    return [f"{t['name']}: " + "; ".join(f"{line_label(l)} {odds(l['payout'])}" for l in t["lines"])
            for t in w["paytables"]]


def _table_text(t: dict) -> str:
    return f"{t['name']} ({len(t['lines'])} lines)"


def _table_lines(t: dict) -> list[str]:
    out = [f"{line_label(l)}: {odds(l['payout'])} [{l['cite']}]" for l in t["lines"]]
    out += [f"Envy bonus, {line_label(l)}: {odds(l['payout'])} [{l['cite']}]" for l in t.get("envy_lines", [])]
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
    try:
        catalogued = any(c is rs or (c.path == rs.path and c.data == rs.data)
                         for c in Catalogue.bundled().versions(rs.jurisdiction))
    except (CatalogueError, InputError):  # an unknown jurisdiction, or a catalogue that does not load
        catalogued = False
    return Side(ref=rs.ref, jurisdiction=rs.jurisdiction, name=rs.name, version=rs.version,
                effective_date=d["version"]["effective_date"], supersedes=d["version"]["supersedes"],
                citation=d["source"]["citation"], findings=len(d["findings"]), label=label,
                catalogued=catalogued)


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
