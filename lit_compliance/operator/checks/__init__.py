"""Does a table configuration comply with its ruleset? Checks that give findings with citations.

Every check reads a ruleset field (a wager's selection rule, ``meter.reset_minimum``, the
``payout_limits`` floor, ``table_limits`` rules, ``table.max_positions``, the dealing method ids,
the wagers themselves); nothing here knows any jurisdiction by name. One module per family:

- :mod:`.offered`: which wagers the table offers;
- :mod:`.paytables`: the paytable each wager posts, and a figure on every line;
- :mod:`.wager_settings`: a wager's stake bounds, progressive meter and envy amounts;
- :mod:`.limits`: the payout limit and the table limit;
- :mod:`.table`: readings chosen, dealing method, player positions;
- :mod:`.paytable_math`: the house edge as configured, and what the math flags (accepted or not);
- :mod:`.stake_range`: fixed amounts on a stake the rules leave open, at the table's stake range;
- :mod:`.sign`: the sign fits its size;
- :mod:`.approvals`: approvals on record, judged on the day checked.

:mod:`.core` holds the kinds of finding, the report, and the context every check runs in.
"""
from __future__ import annotations

import datetime as dt

from ...load.catalogue import Ruleset
from ...table.configured import readings_in_force
from ...table.config import TableConfig
from .approvals import check_recorded_approvals
from .core import CHECK_KINDS, ERROR, WARNING, CheckFinding, Context, Report
from .limits import check_awards_above_limit, check_combined_limits, check_payout_limit
from .offered import check_wagers_offered
from .paytable_math import check_math
from .paytables import check_paytable_choice, check_supplied_figures
from .sign import check_sign_fits
from .stake_range import check_stake_range
from .table import check_dealing_method, check_readings, check_seats
from .wager_settings import check_envy, check_progressive, check_stake

__all__ = ["ERROR", "WARNING", "CHECK_KINDS", "CheckFinding", "Report", "check"]


def _run(ctx: Context) -> list[CheckFinding]:
    check_readings(ctx)
    check_wagers_offered(ctx)
    for i, choice in enumerate(ctx.cfg.settings.wagers):
        wager = ctx.wagers.get(choice.wager)
        if wager is None:
            continue
        chosen = check_paytable_choice(ctx, i, choice, wager)
        check_stake(ctx, i, choice, wager, chosen)
        check_progressive(ctx, i, choice, wager)
        check_envy(ctx, i, choice, wager, chosen)
    check_payout_limit(ctx)
    check_awards_above_limit(ctx)
    check_stake_range(ctx)
    check_supplied_figures(ctx)
    check_recorded_approvals(ctx)
    check_combined_limits(ctx)
    check_dealing_method(ctx)
    check_seats(ctx)
    ctx.flush_ruleset_findings()
    check_sign_fits(ctx)
    order = {ERROR: 0, WARNING: 1}
    return sorted(ctx.out, key=lambda f: (order[f.severity], f.line, f.column, f.kind, f.message))


def check(ruleset: Ruleset, config: TableConfig, on: dt.date | None = None, approvals: tuple = ()) -> Report:
    """Check ``config`` against ``ruleset``; every finding carries the citation that decides it.

    Approvals on record (the configuration's, then ``approvals`` from its floor) are judged for the
    calendar day ``on`` (default: today, UTC)."""
    ctx = Context(ruleset, config, on, approvals)
    edges, flags = check_math(ctx)
    findings = tuple(_run(ctx))
    return Report(ruleset, config, findings, tuple(readings_in_force(ctx.model, config)), tuple(edges), tuple(flags),
                  ctx.on, tuple(ctx.relied_on))
