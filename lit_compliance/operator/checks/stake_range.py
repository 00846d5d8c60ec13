"""Fixed money amounts on a stake the rules leave open: what the configured stake range does to them.

A paytable of fixed amounts ("Pair of tens or better $1") on a wager whose stake neither the rules
(under the readings in force) nor the table fix pays those amounts as whole sums whatever the
stake. At the table's greatest stake a winning line can then hand back less than was staked, and
the return falls below the figure priced at the least stake. ``stake_range_lowers_return`` says so,
with the return at the table's least and greatest stake.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...gamemath import paytable_result
from ...gamemath.settings import Decided
from ...model.vocabulary import money
from ...table.configured import table_settings, whole_sum_tables
from .core import Context, hand_words

# The return at the greatest stake is "far below" the priced figure when it is this many
# percentage points (of the amount staked) lower, or lower still.
FAR_BELOW = Fraction(10, 100)


def _return_at(ctx: Context, entry: dict, stake: Fraction | None) -> float | None:
    settings = table_settings(ctx.cfg, entry["wager"].id)
    settings = replace(settings, stake=stake, stake_from=Decided.CONFIGURED_MINIMUM if stake == entry["least"]
                       else Decided.CONFIGURED_MAXIMUM)
    rtp = paytable_result(ctx.table_model, entry["wager"].id, entry["table"].id, settings).return_to_player
    return None if rtp is None else float(rtp)


def check_stake_range(ctx: Context) -> None:
    """``stake_range_lowers_return``: at the greatest configured stake a winning line of whole-sum
    amounts is a loss, or the return falls far below the figure at the least stake."""
    for entry in whole_sum_tables(ctx.table_model, ctx.cfg):
        least, greatest = entry["least"] or Fraction(1), entry["greatest"]
        if greatest is None or greatest <= least:
            continue
        losing = [line for line in entry["table"].lines
                  if line.payout.is_fixed and line.payout.value is not None and line.payout.value < greatest]
        low, high = _return_at(ctx, entry, least), _return_at(ctx, entry, greatest)
        far = low is not None and high is not None and Fraction(str(low)) - Fraction(str(high)) >= FAR_BELOW
        if not losing and not far:
            continue
        wager, table = entry["wager"], entry["table"]
        said = []
        if losing:
            worst = min(losing, key=lambda ln: ln.payout.value)
            said.append(f"{hand_words(worst)} pays "
                        f"{money(worst.payout.value)} in all, a loss of {money(greatest - worst.payout.value)}"
                        + (f" ({len(losing)} winning lines pay less than the stake)" if len(losing) > 1 else ""))
        figures = (f"the return is {high:.2%} at the {money(greatest)} maximum bet against {low:.2%} at the "
                   f"{money(least)} minimum" if low is not None and high is not None else "")
        message = (f"{wager.name}, {table.name}: its amounts are whole sums paid whatever the stake (the rules "
                   f"state none), so at a {money(greatest)} wager " + "; ".join(said + [figures]).strip("; ")
                   + "; a lower maximum bet keeps the return near the priced figure")
        ctx.add("stake_range_lowers_return", ("wagers", entry["index"], "maximum")
                if ctx.cfg.settings.wagers[entry["index"]].maximum is not None else ("wagers", entry["index"]),
                message, entry["cite"], list(entry["findings"]) or None)
