"""Checks of which wagers a table offers: each one the ruleset provides for, every required wager
present, and every wager offered with the wagers it may only be made with."""
from __future__ import annotations

from ...suggest import did_you_mean
from ...model import as_printed
from .core import Context


def check_wagers_offered(ctx: Context) -> None:
    """``wager_not_offered``, ``prerequisite_wager_missing``, ``required_wager_missing``."""
    offered = {c.wager for c in ctx.cfg.settings.wagers}
    for i, choice in enumerate(ctx.cfg.settings.wagers):
        if choice.wager not in ctx.wagers:
            known = ", ".join(sorted(ctx.wagers))
            ctx.add("wager_not_offered", ("wagers", i, "wager"),
                    f"{ctx.rs.name} rules provide for no wager {choice.wager!r}"
                    f"{did_you_mean(str(choice.wager), ctx.wagers)} (wagers: {known})", ctx.source)
            continue
        wager = ctx.wagers[choice.wager]
        for need in wager.requires:
            if need not in offered:
                need_name = ctx.wagers[need].name if need in ctx.wagers else need
                ctx.add("prerequisite_wager_missing", ("wagers", i, "wager"),
                        f"{wager.name} may only be offered with {need_name} (wager: {need}), which this table does not offer",
                        wager.cite)
    for wager in as_printed(ctx.rs).wagers:
        if wager.offered == "required" and wager.id not in offered:
            ctx.add("required_wager_missing", ("wagers",),
                    f"{wager.name} (wager: {wager.id}) is required at every table but is not offered", wager.cite)
