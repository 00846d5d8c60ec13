"""A draft's impact on tables: what a draft amendment (or another version of a jurisdiction's rules)
would do to each table, were it in force.

Each table of the draft's jurisdiction is checked twice, by the one check ``check CONFIG`` runs
(:func:`lit_compliance.operator.checks.check`): under the rules it names and under the draft. The
impact is the difference of the two answers: whether it complies before and after (and the errors
that appear or go), each offered wager's house edge before and after (and the change, in points),
the posted figures of the paytables the table uses that change, the house's expected win an hour
from one player, and the amendment's changes (:func:`lit_compliance.regulator.diff.diff_rulesets`,
each with its citation) that touch the table: a change to a wager the table offers (to a paytable
it uses, or to the wager itself), to its dealing method, or to a rule every table of the
jurisdiction plays by (irregularities, the round, the limits...). A change to a paytable the
table does not use, or to a wager it does not offer, does not touch it. A table of another
jurisdiction is reported as not affected.
"""
from __future__ import annotations

from ..load.catalogue import Ruleset
from ..model import as_printed
from ..model.vocabulary import hand_name, odds
from ..operator.checks import check
from ..table.config import TableConfig, ruleset_for
from ..table.figures import table_figures
from ..regulator.diff import diff_rulesets


def _uses(cfg: TableConfig) -> dict[str, set | None]:
    """{offered wager id: the ids of the ruleset paytables the table uses (None: every one of the
    wager's, as a house paytable is held to the wager's floor, or a fixed wager pays them all)}."""
    out: dict[str, set | None] = {}
    for choice in cfg.settings.wagers:
        out[choice.wager] = {choice.paytable} if choice.paytable is not None else None
    return out


def _touches(fact: str | None, uses: dict, method: str | None) -> bool:
    """Whether a change to the fact ``fact`` (``area.id.…``, as the diff names it) touches a table
    that uses ``uses`` and deals by ``method``."""
    if not fact:
        return False
    parts = fact.split(".")
    if parts[0] == "wagers":
        if len(parts) < 2 or parts[1] not in uses:
            return False
        if len(parts) >= 4 and parts[2] == "paytables":
            chosen = uses[parts[1]]
            return chosen is None or parts[3] in chosen
        return True
    if parts[0] == "dealing_methods":
        return len(parts) < 2 or parts[1] == method
    return parts[0] != "findings"   # a finding touches a table through the facts it is about, listed there


def touching(changes, cfg: TableConfig) -> list[dict]:
    """The amendment's changes that touch the table ``cfg``, each with its citation."""
    uses = _uses(cfg)
    method = cfg.settings.dealing_method
    out = []
    for c in changes:
        if c.low_importance:
            continue
        if _touches(c.new_fact, uses, method) or _touches(c.old_fact, uses, method):
            out.append({"area": c.area_title, "what": c.path_label, "kind": c.kind,
                        "before": c.old_text, "after": c.new_text, "cite": c.new_cite or c.old_cite,
                        "fact": c.new_fact or c.old_fact})
    return out


def _lines(rs: Ruleset, uses: dict) -> dict:
    """{(wager, paytable, hand label): payout in words} for the paytables a table uses, as the rules print them."""
    out = {}
    for wager in as_printed(rs).wagers:
        if wager.id not in uses:
            continue
        chosen = uses[wager.id]
        for table in wager.paytables:
            if chosen is not None and table.id not in chosen:
                continue
            for line in table.lines:
                out[(wager.id, table.name or table.id, hand_name(line.hand, line.suits))] = odds(line.payout)
    return out


def _edges(report) -> dict:
    return {(e["wager"], e.get("paytable"), (e.get("settings") or {}).get("players")): e for e in report.edges}


def _finding_key(f) -> tuple:
    return (f.kind, f.path, f.message)


def table_impact(cfg: TableConfig, draft: Ruleset, catalogue=None, on=None, approvals: tuple = (),
                 table_id: str | None = None, diff=None) -> dict:
    """What ``draft`` would do to the table ``cfg``, against the rules it names (see the module notes)."""
    row = {"table": table_id or cfg.settings.table, "config": cfg.path, "jurisdiction": cfg.jurisdiction,
           "ruleset": cfg.ruleset_ref, "draft": draft.ref}
    if draft.jurisdiction != cfg.jurisdiction:
        return dict(row, affected=False, why=f"another jurisdiction ({cfg.jurisdiction}); {draft.ref} does not apply")
    base = ruleset_for(cfg, catalogue)
    diff = diff or diff_rulesets(base, draft)
    before, after = check(base, cfg, on, approvals), check(draft, cfg, on, approvals)
    old_keys, new_keys = {_finding_key(f) for f in before.errors}, {_finding_key(f) for f in after.errors}
    appear = [f.as_dict() | {"where": f"{f.file}:{f.line}:{f.column}: {f.path}"}
              for f in after.errors if _finding_key(f) not in old_keys]
    go = [f.as_dict() | {"where": f"{f.file}:{f.line}:{f.column}: {f.path}"}
          for f in before.errors if _finding_key(f) not in new_keys]
    e0, e1 = _edges(before), _edges(after)
    edges = []
    for key in sorted(set(e0) | set(e1), key=lambda k: tuple(str(p) for p in k)):
        a, b = (e0.get(key) or {}).get("house_edge"), (e1.get(key) or {}).get("house_edge")
        if a == b:
            continue
        named = e1.get(key) or e0.get(key)
        edges.append({"wager": key[0], "wager_name": named["wager_name"], "paytable": named.get("paytable_name"),
                      "players": key[2], "house_edge_before": a, "house_edge_after": b,
                      "change_points": None if a is None or b is None else (b - a) * 100})
    uses = _uses(cfg)
    l0, l1 = _lines(base, uses), _lines(draft, uses)
    keys = list(l0) + [k for k in l1 if k not in l0]   # in the rules' own order
    figures = [{"wager": k[0], "paytable": k[1], "line": k[2], "before": l0.get(k), "after": l1.get(k)}
               for k in keys if l0.get(k) != l1.get(k)]
    w0, w1 = table_figures(base, cfg).win_per_hour, table_figures(draft, cfg).win_per_hour
    changes = touching(diff.changes, cfg)
    return dict(row, affected=bool(changes or appear or go or edges or figures or w0 != w1),
                compliant_before=before.compliant, compliant_after=after.compliant,
                becomes_noncompliant=before.compliant and not after.compliant,
                errors_appear=appear, errors_go=go, house_edges=edges, house_edges_changed=edges,
                figures=figures, figures_changed=figures,
                win_per_hour_before=w0, win_per_hour_after=w1,
                win_per_hour_change=None if w0 is None or w1 is None else w1 - w0,
                changes=changes)


IMPACT_COLUMNS = ("table", "config", "jurisdiction", "ruleset", "draft", "affected", "compliant_before",
                  "compliant_after", "errors_appear", "errors_go", "changes", "house_edges_changed",
                  "figures_changed", "win_per_hour_change")


def impact_view(draft: Ruleset, rows: list[dict], file: str, on=None) -> dict:
    """The impact as the template and JSON print it: the draft, each table's row, and who is touched."""
    return {"file": file, "draft": draft.ref,
            "effective_date": draft.effective_date.isoformat() if draft.effective_date else None,
            "on": on.isoformat() if on else None, "tables": rows, "count": len(rows),
            "affected": [r["table"] for r in rows if r["affected"]],
            "not_affected": [r["table"] for r in rows if not r["affected"]],
            "becomes_noncompliant": [r["table"] for r in rows if r.get("becomes_noncompliant")],
            "failing_after": [r["table"] for r in rows if r.get("compliant_after") is False]}


def impact_csv_rows(rows: list[dict]) -> list[list]:
    """The rows as CSV cells, in :data:`IMPACT_COLUMNS` order (lists counted, booleans yes/no)."""
    def cell(value):
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return len(value)
        return value

    return [[cell(r.get(c)) for c in IMPACT_COLUMNS] for r in rows]
