"""Checks of the table itself: readings the configuration chooses, its dealing method and its
number of player positions."""
from __future__ import annotations

from ...suggest import did_you_mean
from .core import Context


def check_readings(ctx: Context) -> None:
    """``reading_not_permitted``: a reading the rules do not leave to the operator."""
    for path, message in ctx.refused_readings:
        ctx.add("reading_not_permitted", path, message, ctx.source)


def check_dealing_method(ctx: Context) -> None:
    """``dealing_method_not_permitted``; the ruleset's findings about the method chosen."""
    method_id = ctx.cfg.settings.dealing_method
    methods = {m.id: m for m in ctx.model.dealing_methods}
    if method_id not in methods:
        cites = "; ".join(m.cite for m in ctx.model.dealing_methods)
        ctx.add("dealing_method_not_permitted", ("dealing_method",),
                f"{method_id!r} is not a dealing method the rules provide for{did_you_mean(method_id, methods)} "
                f"({', '.join(sorted(methods))})", cites)
        return
    method = methods[method_id]
    ctx.ruleset_finding(method.findings, ("dealing_method",), method.name)
    ctx.ruleset_finding(method.plan_findings, ("dealing_method",), method.name)


def check_seats(ctx: Context) -> None:
    """``too_many_seats`` against ``table.max_positions``."""
    fact = ctx.model.table.max_positions
    seats = ctx.cfg.settings.seats
    if fact.value is None:
        ctx.ruleset_finding(fact.findings, ("seats",), "Number of player positions")
        if not fact.findings:
            ctx.add("unchecked", ("seats",), "the rules state no maximum number of positions", fact.cite)
        return
    if seats > fact.value:
        ctx.add("too_many_seats", ("seats",), f"{seats} player positions; the rules allow at most {fact.value}",
                fact.cite)
