"""What changed in meaning between two table configurations, and what it does to each wager's edge.

Both files are read as typed settings (:mod:`lit_compliance.model.table_config`), so layout,
comments, key order, the order of the wagers, ``10`` against ``10.0`` and a default written out
(``sign_size: letter``) change nothing. Wagers are matched by id; a house paytable's lines,
supplied figures and envy amounts by hand (and suits, and stake). The readings compared are, per
finding, the one the file states, else the one in force, so a default reading written out is no
change either.

Each wager that changed, was added or removed, or whose house edge moved (a reading or the seats
can move it) is priced before and after from the one theory ``check`` reads
(:func:`lit_compliance.table.theory.theory_of`).
"""
from __future__ import annotations

from dataclasses import field

from ..load.catalogue import Catalogue
from ..model.table_config import ConfigModel, WagerChoice
from ..table.theory import theory_of
from ..table.config import TableConfig, ruleset_for
from ..records import record

TABLE_FIELDS = ("casino", "table", "jurisdiction", "ruleset_version", "limits.minimum", "limits.maximum",
                "payout_limit", "dealing_method", "seats", "sign_size")


@record
class ConfigChange:
    area: str           # "table", "readings", "accepted math flags", "approvals" or "wager ID"
    what: str           # the field (or finding, flag, line) that changed
    kind: str           # added, removed, changed
    before: object = None
    after: object = None

    def as_dict(self) -> dict:
        return {"area": self.area, "what": self.what, "kind": self.kind, "before": self.before, "after": self.after}


@record
class ConfigDiff:
    old: str
    new: str
    old_ruleset: str
    new_ruleset: str
    changes: tuple[ConfigChange, ...]
    edges: tuple[dict, ...] = field(default=())

    @property
    def differs(self) -> bool:
        return bool(self.changes)

    def as_dict(self) -> dict:
        return {"old": self.old, "new": self.new, "old_ruleset": self.old_ruleset, "new_ruleset": self.new_ruleset,
                "differs": self.differs, "changes": [c.as_dict() for c in self.changes], "house_edges": list(self.edges)}


def _get(settings: ConfigModel, name: str):
    value = settings
    for part in name.split("."):
        value = getattr(value, part)
    return value


def _figure(f) -> str:
    return {"to_one": f"{f.value:g} to 1", "for_one": f"{f.value:g} for 1", "fixed_amount": f"${f.value:,.2f}",
            "percent_of_meter": f"{f.value:g}% of meter"}.get(f.kind, f"{f.kind} {f.value:g}")


def _line_name(hand: str, suits: tuple) -> str:
    return hand + (f" ({', '.join(sorted(suits))})" if suits else "")


def _keyed(items: dict, area: str, prefix: str) -> list[ConfigChange]:
    """Changes between two ``{name: value}`` maps (before, after)."""
    before, after = items
    out = []
    for name in sorted(set(before) | set(after)):
        a, b = before.get(name), after.get(name)
        if name not in after:
            out.append(ConfigChange(area, f"{prefix}{name}", "removed", a, None))
        elif name not in before:
            out.append(ConfigChange(area, f"{prefix}{name}", "added", None, b))
        elif a != b:
            out.append(ConfigChange(area, f"{prefix}{name}", "changed", a, b))
    return out


def _wager_facts(w: WagerChoice) -> dict:
    """A wager's choices as {field: value}, each comparable in meaning."""
    facts: dict = {"paytable": w.paytable, "minimum": w.minimum, "maximum": w.maximum}
    if w.progressive is not None:
        facts |= {"progressive.seed": w.progressive.seed, "progressive.reset": w.progressive.reset,
                  "progressive.rate_percent": w.progressive.rate_percent}
    if w.custom_paytable is not None:
        facts["custom_paytable.name"] = w.custom_paytable.name
        facts |= {f"custom_paytable: {_line_name(ln.hand, ln.suits)}": _figure(ln.payout)
                  for ln in w.custom_paytable.lines}
    facts |= {f"supplied_figures: {_line_name(ln.hand, ln.suits)}": _figure(ln.payout) for ln in w.supplied_figures}
    facts |= {f"envy: {_line_name(e.hand, e.suits)}" + (f" at a ${e.stake:g} stake" if e.stake is not None else ""):
              e.amount for e in w.envy}
    return {k: v for k, v in facts.items() if v is not None}


def _wager_summary(w: WagerChoice) -> str:
    return "the house paytable" if w.custom_paytable is not None else f"paytable {w.paytable or '(fixed by the rules)'}"


def _readings(theory, settings: ConfigModel) -> dict:
    """{finding: reading}: the reading the table states (check refuses one it may not choose) or,
    where it states none, the one in force; so a default written out is no change."""
    return {r["finding"]: r["reading"] for r in theory.readings} | dict(settings.readings)


def _approvals(settings: ConfigModel) -> dict:
    """{what an approval covers: the approvals on record for it} (reference, date, expiry, digest)."""
    out: dict = {}
    for a in settings.approvals:
        name = " ".join(str(part) for part in a.covers.key if part)
        said = f"{a.reference} ({a.approver}, {a.date.isoformat()}" + \
            (f", until {a.expires.isoformat()}" if a.expires else "") + f"; digest {a.digest})"
        out[name] = "; ".join(filter(None, [out.get(name), said]))
    return out


def diff_configs(old: TableConfig, new: TableConfig, catalogue: Catalogue | None = None,
                 house_edges: bool = True) -> ConfigDiff:
    """Every difference in meaning between two table configurations."""
    cat = catalogue or Catalogue.bundled()
    rs_old, rs_new = ruleset_for(old, cat), ruleset_for(new, cat)
    a, b = old.settings, new.settings
    changes = [ConfigChange("table", name, "changed", _get(a, name), _get(b, name))
               for name in TABLE_FIELDS if _get(a, name) != _get(b, name)]
    t_old = theory_of(old, rs_old, offered_only=True, every_seat=True)
    t_new = theory_of(new, rs_new, offered_only=True, every_seat=True)
    changes += _keyed((_readings(t_old, a), _readings(t_new, b)), "readings", "")
    changes += _keyed(({f: "accepted" for f in a.accepted_math_flags}, {f: "accepted" for f in b.accepted_math_flags}),
                      "accepted math flags", "")
    changes += _keyed((_approvals(a), _approvals(b)), "approvals", "")
    wa, wb = {w.wager: w for w in a.wagers}, {w.wager: w for w in b.wagers}
    touched = set()
    for wid in sorted(set(wa) | set(wb)):
        area = f"wager {wid}"
        if wid not in wb:
            changes.append(ConfigChange(area, "offered", "removed", _wager_summary(wa[wid]), None))
        elif wid not in wa:
            changes.append(ConfigChange(area, "offered", "added", None, _wager_summary(wb[wid])))
        else:
            found = _keyed((_wager_facts(wa[wid]), _wager_facts(wb[wid])), area, "")
            if not found:
                continue
            changes += found
        touched.add(wid)
    edges = []
    if house_edges:
        for wid in sorted(set(t_old.wagers) | set(t_new.wagers)):
            before, after = t_old.wagers.get(wid), t_new.wagers.get(wid)
            e0 = before.mean if before else None
            e1 = after.mean if after else None
            if wid not in touched and e0 == e1:
                continue
            edges.append({"wager": wid, "wager_name": (after or before).wager_name,
                          "paytable_before": before.paytable_name if before else None,
                          "paytable_after": after.paytable_name if after else None,
                          "house_edge_before": e0, "house_edge_after": e1,
                          "change": e1 - e0 if e0 is not None and e1 is not None else None})
    return ConfigDiff(old.path, new.path, rs_old.ref, rs_new.ref, tuple(changes), tuple(edges))


def config_diff_view(result: ConfigDiff) -> dict:
    """The diff as the text template lays it out: its record, and the changes grouped by area in order."""
    groups: dict[str, list] = {}
    for c in result.changes:
        groups.setdefault(c.area, []).append(c.as_dict())
    return {"d": result.as_dict(), "groups": list(groups.items())}
