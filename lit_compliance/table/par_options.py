"""The PAR options a configured wager is priced under: one mapping from a table configuration to
``gamemath.par.ParOptions``, shared by ``par CONFIG`` and the hold check (so both price a table the
same way)."""
from __future__ import annotations

from dataclasses import replace

from ..gamemath.par import ParOptions
from ..model import Wager, exact
from ..model.table_config import WagerChoice
from .configured import table_settings
from .config import TableConfig


def limited(model, wager_id: str) -> bool:
    """Whether a table's payout limit reaches this wager (every wager where the ruleset names none)."""
    return not model.payout_limits or any(limit.covers(wager_id) for limit in model.payout_limits)


def configured_options(config: TableConfig, model, choice: WagerChoice, wager: Wager,
                       base: ParOptions | None = None) -> ParOptions:
    """The options ``choice`` (a configuration's entry for ``wager``) is priced under: its minimum
    bet (else the table's), its progressive meter at the configured reset (the seed where no reset
    is given) and rate, the other seats as envy players, the payout limit where it reaches the
    wager (figures also shown at the wager's maximum bet), and the table's own settings."""
    opts = base or ParOptions()
    table = config.settings
    seats, limit, limits = table.seats, table.payout_limit, table.limits
    prog = choice.progressive
    meter = exact(prog.reset or prog.seed) if prog else None
    return replace(opts, bet=exact(choice.minimum or limits.minimum or opts.bet),
                   meter=meter if prog else opts.meter,
                   reset=meter if prog else opts.reset,
                   rate_percent=exact(prog.rate_percent) if prog is not None else opts.rate_percent,
                   others=(seats - 1) if seats else opts.others,
                   payout_limit=exact(limit) if isinstance(limit, (int, float)) and limited(model, wager.id) else None,
                   limit_bet=exact(choice.maximum or limits.maximum),
                   settings=table_settings(config, wager.id))
