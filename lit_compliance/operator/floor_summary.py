"""One summary over a floor: a row per table, each read from the same check and theory as ``check
CONFIG`` (:func:`lit_compliance.operator.checks.check`, :func:`lit_compliance.table.figures.table_figures`), so a
row says exactly what checking that table alone says.

A row: the table id, jurisdiction and ruleset, whether it complies, how many things there are to
fix (``Report.to_fix``: every error and each warning that is something to fix in the
configuration), the base game's house edge as configured and the house's expected win per hour
from one player (every offered wager at its configured minimum, 60 hands an hour: the assumption
``check`` states).
"""
from __future__ import annotations

from .approvals import for_table, today
from .checks import check
from .floor import Floor
from ..table.theory import theory_of
from ..table.config import digest, ruleset_for
from ..table.figures import table_figures
from ..model.table_vocabulary import ASSUMPTION

FLOOR_COLUMNS = ("table", "config", "jurisdiction", "ruleset", "compliant", "errors", "to_fix", "base_house_edge",
                 "win_per_hour_per_player", "digest", "approvals_relied_on", "needs_approval",
                 "approvals_void")
VOID = ("approval_expired", "approval_not_yet", "approval_mismatch")   # an approval on record that does not hold


def _base_edge(config, rs) -> float | None:
    theory = theory_of(config, rs, offered_only=True, every_seat=True)
    return next((w.mean for w in theory.wagers.values() if w.kind == "base"), None)


def floor_rows(floor: Floor, catalogue=None, ruleset_ref: str | None = None, strict: bool = False,
               on=None) -> list[dict]:
    """One row per table of ``floor``, in the floor's order; approvals judged for the day ``on``
    (default today, UTC), each table's own and the floor's for it."""
    rows = []
    for table in floor.tables:
        cfg = table.config
        rs = ruleset_for(cfg, catalogue, ruleset_ref)
        report = check(rs, cfg, on, for_table(floor.approvals, table.id))
        figures = table_figures(rs, cfg)
        failed = not report.compliant or (strict and bool(report.to_fix))
        rows.append({"table": table.id, "config": cfg.path, "jurisdiction": cfg.jurisdiction, "ruleset": rs.ref,
                     "compliant": report.compliant, "passes": not failed, "errors": len(report.errors),
                     "to_fix": len(report.to_fix), "base_house_edge": _base_edge(cfg, rs),
                     "win_per_hour_per_player": figures.win_per_hour, "digest": digest(rs, cfg),
                     "approvals_relied_on": len(report.approvals),
                     "needs_approval": sum(1 for f in report.findings if f.kind == "needs_approval"),
                     "approvals_void": len({f.path for f in report.findings if f.kind in VOID})})
    return rows


def floor_view(floor: Floor, rows: list[dict], on=None) -> dict:
    """The summary as the templates and JSON print it (``on``: the day approvals were judged for)."""
    return {"floor": floor.name, "file": floor.path, "tables": rows, "on": (on or today()).isoformat(),
            "compliant": sum(1 for r in rows if r["compliant"]), "count": len(rows),
            "failing": [r["table"] for r in rows if not r["passes"]],
            "hands_per_hour": 60, "assumption": ASSUMPTION}


def floor_csv_rows(rows: list[dict]) -> list[list]:
    """The rows as CSV cells, in :data:`FLOOR_COLUMNS` order (the spreadsheet-safe writer quotes text)."""
    return [["yes" if r[c] is True else "no" if r[c] is False else r[c] for c in FLOOR_COLUMNS] for r in rows]
