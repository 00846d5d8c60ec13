"""The game math of each configured paytable: its house edge as this table plays it, and a warning
where the math finds it returning over 100% or paying out of order of rarity."""
from __future__ import annotations

from ...gamemath import paytable_result
from ...gamemath.findings import math_findings
from ..configured import table_settings
from .core import Context


def check_math(ctx: Context) -> list[dict]:
    """``paytable_flagged_by_math``; returns the house edge of every configured wager's paytable,
    priced at the table's own settings (:func:`~lit_compliance.operator.configured.table_settings`)."""
    edges, results = [], []
    for choice in ctx.cfg.settings.wagers:
        try:
            wager = ctx.table_model.wager(choice.wager)
        except KeyError:
            continue
        if choice.custom_paytable is not None:
            continue
        ids = [choice.paytable] if choice.paytable is not None else [t.id for t in wager.paytables] or [None]
        for table_id in ids:
            if table_id is not None and wager.paytable(table_id) is None:
                continue
            r = paytable_result(ctx.table_model, wager.id, table_id, table_settings(ctx.cfg, wager.id))
            results.append(r)
            edges.append({"wager": wager.id, "wager_name": wager.name, "paytable": table_id,
                          "paytable_name": r.paytable_name, "status": r.status, "house_edge": r.house_edge,
                          "return_to_player": r.return_to_player, "hit_frequency": r.hit_frequency,
                          "settings": r.settings, "status_text": r.status_text, "note": r.note})
    flagged = math_findings(ctx.table_model, results)
    for i, choice in enumerate(ctx.cfg.settings.wagers):
        for e in edges:
            if e["wager"] != choice.wager:
                continue
            slug = f"math-{e['wager']}-{e['paytable']}-"
            for f in flagged:
                if f["id"].startswith(slug) and "-under-" not in f["id"] and f["kind"] != "missing_figure":
                    ctx.add("paytable_flagged_by_math", ("wagers", i, "paytable") if choice.paytable is not None else ("wagers", i),
                            f"{f['says']}: {f['problem']}", f["cite"])
    return edges
