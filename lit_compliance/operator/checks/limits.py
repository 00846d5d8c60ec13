"""Checks of the table's money limits: the payout limit (provided for, approved, not below the
rules' floor), awards above it, and the wagers together within the table limit."""
from __future__ import annotations

from ...model.vocabulary import hand_name, money
from ...model import Wager
from ...table.configured import awards_above_limit, base_bet_count
from ...model.table_config import WagerChoice
from .core import Context


def max_win_at_minimum(ctx: Context, wager: Wager, choice: WagerChoice) -> tuple[float | None, str]:
    """The most one player can win on ``wager`` in a round betting the table minimum."""
    table_min = ctx.cfg.settings.limits.minimum
    if wager.is_base:
        units, stake_text = base_bet_count(ctx.rs), f"{base_bet_count(ctx.rs)} bets of {money(table_min)}"
        stake = table_min
    else:
        stake = choice.minimum or (wager.stake if wager.stake is not None else table_min)
        units, stake_text = 1, f"one {money(stake)} wager"
    tables = ([choice.custom_paytable.paytable(wager)] if choice.custom_paytable is not None
              else ctx.chosen_tables(choice, wager) or [])
    best = None
    for table, line in ((t, ln) for t in tables for ln in t.lines):
        per_unit = line.payout.net_per_unit(table.line_stake(line, wager.stake))
        if per_unit is not None and (best is None or per_unit > best):
            best = per_unit
    if best is None:
        return None, stake_text
    return best * stake * units, stake_text


def check_payout_limit(ctx: Context) -> None:
    """``payout_limit_not_provided``, ``needs_approval``, ``payout_limit_below_floor``."""
    limit = ctx.cfg.settings.payout_limit
    rules = ctx.model.payout_limits
    offered = ctx.offered()
    if limit is None:
        return
    if not rules:
        ctx.add("payout_limit_not_provided", ("payout_limit",),
                f"the rules provide for no payout limit, so winning wagers are owed in full; "
                f"a {money(limit)} limit is not backed by {ctx.source}", ctx.source)
        return
    for rule in rules:
        covered = [w for w in rule.applies_to if w in offered and w not in rule.excludes]
        if not covered:
            continue
        ctx.ruleset_finding(rule.findings, ("payout_limit",), "Payout limit")
        if rule.set_by == "operator_with_regulator_approval":
            ctx.add("needs_approval", ("payout_limit",),
                    f"the payout limit of {money(limit)} needs the regulator's approval", rule.cite)
        floor = rule.floor
        if floor is None or floor.kind != "max_base_win_at_table_minimum":
            continue
        total, parts = 0.0, []
        for wid in covered:
            win, stake_text = max_win_at_minimum(ctx, ctx.wagers[wid], offered[wid])
            if win is None:
                ctx.add("unchecked", ("payout_limit",),
                        f"the most {ctx.wagers[wid].name} can win is not known, so the payout limit "
                        "floor leaves it out", floor.cite)
                continue
            total += win
            parts.append(f"{ctx.wagers[wid].name}: {money(win)} on {stake_text}")
        if limit < total:
            extra = f", or the amount set by {floor.or_amount_set_by}" if floor.or_amount_set_by else ""
            ctx.add("payout_limit_below_floor", ("payout_limit",),
                    f"the payout limit {money(limit)} is below {money(total)}, the most one player can win in a "
                    f"round betting the table minimum ({'; '.join(parts)}); the limit may not be less than "
                    f"that{extra}", floor.cite)


def check_awards_above_limit(ctx: Context) -> None:
    """``award_above_payout_limit``: an advertised award the limit caps (the placard states the cap)."""
    for a in awards_above_limit(ctx.table_model, ctx.cfg):
        wager = ctx.wagers[a["wager"]]
        what = (f"pays {a['pays']}, and the meter has no ceiling" if a["win"] is None
                else f"can win {money(a['win'])} at the wager's maximum bet")
        ctx.add("award_above_payout_limit", ("payout_limit",),
                f"{wager.name}: {hand_name(a['hand'], a['suits'])} {what}, above the {money(a['limit'])} "
                "payout limit; the placard states the cap beside it", a["cite"])


def check_combined_limits(ctx: Context) -> None:
    """``combined_limit_exceeded``: a player's wagers together above the table maximum."""
    offered = ctx.offered()
    limits = ctx.cfg.settings.limits
    for rule in ctx.model.table_limits:
        if rule.rule != "combined_wagers_within_table_limit":
            continue
        names = rule.wagers or sorted(offered)
        total, parts = 0.0, []
        for wid in names:
            if wid not in offered:
                continue
            wager, choice = ctx.wagers[wid], offered[wid]
            if wager.is_base:
                each = choice.maximum if choice.maximum is not None else limits.maximum
                n = base_bet_count(ctx.rs)
                total += n * each
                parts.append(f"{wager.name} {n} x {money(each)}")
            else:
                tables = ctx.chosen_tables(choice, wager) or []
                fixed = wager.stake if wager.stake is not None else (
                    tables[0].stake if len(tables) == 1 and tables[0].stake else None)
                each = choice.maximum if choice.maximum is not None else (fixed if fixed is not None else limits.maximum)
                total += each
                parts.append(f"{wager.name} {money(each)}")
        if total > limits.maximum:
            ctx.add("combined_limit_exceeded", ("limits", "maximum"),
                    f"a player's wagers together can reach {money(total)} ({' + '.join(parts)}), above the "
                    f"table limit of {money(limits.maximum)}; set lower maximums on the wagers", rule.cite)
