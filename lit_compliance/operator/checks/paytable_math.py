"""The game math of each configured paytable: its house edge as this table plays it, and what the
math flags about it (:mod:`lit_compliance.gamemath.findings`): a paytable on which the house loses,
and payouts out of order of rarity, lines that never pay, hands that lose while weaker ones win.

A flag is reported by its id (``math-WAGER-PAYTABLE-...``; ``math-WAGER-custom-...`` for the
house's own paytable). The house accepts a flag by listing its id under ``accepted_math_flags``
(``init`` asks before it records one): a flag not accepted is something to fix; an accepted one is
for the operator to know; a paytable on which the house loses stays something to fix even when
accepted (``check --strict`` fails on it)."""
from __future__ import annotations

from ...gamemath import paytable_result, price_paytable
from ...gamemath.findings import math_finding_records, paytable_finding_records
from ...gamemath.findings_record import MathFinding, MathFlaw
from ...gamemath.record import settings_json
from ...model.enums import FindingKind
from ...model.findings_vocabulary import finding_cite, finding_problem, finding_says
from ...model.table_config import HOUSE_PAYTABLE
from ...model.vocabulary import paytable_title, priced_note, status_sentence
from ...table.configured import table_settings
from .core import Context

def _edge(wager, table_id, r) -> dict:
    settings = settings_json(r.settings)
    return {"wager": wager.id, "wager_name": wager.name, "paytable": table_id,
            "paytable_name": paytable_title(r.paytable_name), "status": r.status.value, "house_edge": _f(r.house_edge),
            "return_to_player": _f(r.return_to_player), "hit_frequency": _f(r.hit_frequency),
            "settings": settings, "status_text": status_sentence(r.status.value, settings, r.missing),
            "note": priced_note(r)}


def _f(x) -> float | None:
    return None if x is None else float(x)


def _flags_of(found: list[MathFinding], slug: str) -> list[MathFinding]:
    """The flags of one paytable (its own, not those under another reading, not missing figures:
    the checks of figures report those)."""
    return [f for f in found
            if f.id.startswith(slug + "-") and f.reading is None and f.kind is not FindingKind.MISSING_FIGURE]


def _raise(ctx: Context, path: tuple, wager_id: str, table_id, f: MathFinding, ok: bool) -> dict:
    """Report one flag of a configured paytable (accepted by the house where ``ok``), and give it as a
    flag (dict: id, wager, paytable, says, problem, cite, house_loses, accepted)."""
    says, problem, cite = finding_says(f), finding_problem(f), finding_cite(f)
    loses = f.flaw is MathFlaw.RETURN_OVER_100
    if loses:
        ctx.add("house_loses", path,
                f"{says}: the house loses on average on this paytable at this table's settings "
                f"[{f.id}{', accepted' if ok else ''}]; check --strict fails on it "
                "while it is offered", cite)
    elif ok:
        ctx.add("math_flag_accepted", path, f"{says}: {problem} [{f.id}, accepted]", cite)
    else:
        ctx.add("paytable_flagged_by_math", path,
                f"{says}: {problem} [{f.id}]; list {f.id} under accepted_math_flags "
                "to accept it, or choose another paytable", cite)
    return {"id": f.id, "wager": wager_id, "paytable": table_id, "says": says, "problem": problem, "cite": cite,
            "house_loses": loses, "accepted": ok}


def check_math(ctx: Context) -> tuple[list[dict], list[dict]]:
    """``house_loses``, ``paytable_flagged_by_math``, ``math_flag_accepted``, ``accepted_flag_not_raised``;
    returns the house edge of every configured wager's paytable (the house's own included), priced
    at the table's own settings (:func:`~lit_compliance.table.configured.table_settings`), and
    every flag raised (dicts: id, wager, paytable, says, problem, cite, house_loses, accepted)."""
    edges, results, own = [], [], []
    model = ctx.table_model
    for choice in ctx.cfg.settings.wagers:
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            continue
        settings = table_settings(ctx.cfg, wager.id)
        if choice.custom_paytable is not None:
            table = choice.custom_paytable.paytable(wager)
            r = price_paytable(wager, table, model.hand_rules, settings)
            edges.append(_edge(wager, HOUSE_PAYTABLE, r) | {"paytable_name": choice.custom_paytable.name})
            own.append((choice, HOUSE_PAYTABLE, paytable_finding_records(model, wager, table, r, f"math-{wager.id}-{HOUSE_PAYTABLE}")))
            continue
        ids = [choice.paytable] if choice.paytable is not None else [t.id for t in wager.paytables] or [None]
        for table_id in ids:
            if table_id is not None and wager.paytable(table_id) is None:
                continue
            r = paytable_result(model, wager.id, table_id, settings)
            results.append(r)
            edges.append(_edge(wager, table_id, r))
    found = math_finding_records(model, results)
    accepted = set(ctx.cfg.settings.accepted_math_flags)
    flags = []
    for i, choice in enumerate(ctx.cfg.settings.wagers):
        tables = [(e["paytable"], _flags_of(found, f"math-{e['wager']}-{e['paytable']}"))
                  for e in edges if e["wager"] == choice.wager and e["paytable"] != HOUSE_PAYTABLE]
        tables += [(tid, _flags_of(fs, f"math-{c.wager}-{tid}")) for c, tid, fs in own if c is choice]
        for table_id, raised in tables:
            path = ("wagers", i) + (("paytable",) if choice.paytable is not None else
                                    ("custom_paytable",) if choice.custom_paytable is not None else ())
            flags += [_raise(ctx, path, choice.wager, table_id, f, f.id in accepted) for f in raised]
    raised_ids = {f["id"] for f in flags}
    for k, flag_id in enumerate(ctx.cfg.settings.accepted_math_flags):
        if flag_id not in raised_ids:
            ctx.add("accepted_flag_not_raised", ("accepted_math_flags", k),
                    f"{flag_id}: the math raises no such flag for this table's paytables and settings; remove it",
                    ctx.source)
    return edges, flags
