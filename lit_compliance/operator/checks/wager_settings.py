"""Checks of a wager's own settings: its bet bounds against a stake the rules fix, its progressive
meter settings against the rules' floor, and its envy bonus amounts against the rules'."""
from __future__ import annotations

from ...model.vocabulary import hand_name, money
from ...model import Paytable, Wager
from ...model.table_config import WagerChoice
from .core import Context, hand_key, hand_words


def check_stake(ctx: Context, i: int, choice: WagerChoice, wager: Wager, chosen: list[Paytable]) -> None:
    """``stake_mismatch``: a bound differing from the stake the rules fix."""
    fixed = []
    if wager.stake is not None:
        fixed.append((wager.stake, wager.stake_cite))
    for table in chosen:
        if table.stake and len(chosen) == 1 and table.stake not in [a for a, _ in fixed]:
            fixed.append((table.stake, table.cite))
    for amount, cite in fixed:
        for bound in ("minimum", "maximum"):
            given = getattr(choice, bound)
            if given is not None and given != amount:
                ctx.add("stake_mismatch", ("wagers", i, bound),
                        f"{wager.name} is a {money(amount)} wager; its {bound} is {money(given)}", cite)


def check_progressive(ctx: Context, i: int, choice: WagerChoice, wager: Wager) -> None:
    """``progressive_settings``, ``reset_below_minimum``."""
    path = ("wagers", i)
    meter = wager.meter
    settings = choice.progressive
    if meter is None:
        if settings is not None:
            ctx.add("progressive_settings", path + ("progressive",),
                    f"{wager.name} has no progressive meter; remove the progressive settings", wager.cite)
        return
    if settings is None:
        ctx.add("progressive_settings", path + ("wager",),
                f"{wager.name} pays from a progressive meter: give progressive seed, reset and rate_percent",
                meter.cite)
        return
    floor = meter.reset_minimum
    if floor is None:
        return
    for key in ("seed", "reset"):
        if getattr(settings, key) < floor:
            ctx.add("reset_below_minimum", path + ("progressive", key),
                    f"{wager.name}: the meter {key} {money(getattr(settings, key))} is below the "
                    f"{money(floor)} the rules require", meter.cite)


def check_envy(ctx: Context, i: int, choice: WagerChoice, wager: Wager, chosen: list[Paytable]) -> None:
    """``envy_mismatch``: each configured envy amount matches one envy line and pays as the rules set."""
    path = ("wagers", i)
    given = choice.envy or None
    lines = [(t, line) for t in chosen for line in t.envy_lines]
    if given is None:
        for table, line in lines:
            ctx.ruleset_finding(line.payout.findings, path + ("paytable",),
                                f"{wager.name}, {table.name}, envy bonus", hand_words(line))
        return
    if not lines:
        ctx.add("envy_mismatch", path + ("envy",),
                f"{wager.name}: the chosen paytable has no envy bonus in the rules", (wager.envy or wager).cite)
        return
    rule = wager.selection.value
    for ei, envy in enumerate(given):
        epath = path + ("envy", ei)
        key = hand_key(envy)
        matches = [(t, line) for t, line in lines if hand_key(line) == key]
        if envy.stake is not None:
            matches = [(t, line) for t, line in matches if t.line_stake(line, wager.stake) == envy.stake]
        label = hand_name(envy.hand, envy.suits)
        stake_text = f" on a {money(envy.stake)} wager" if envy.stake is not None else ""
        if len(matches) != 1:
            stakes = sorted({t.line_stake(line, wager.stake) or 0 for t, line in lines if hand_key(line) == key})
            hint = f"; give stake (one of {', '.join(money(s) for s in stakes)})" if len(matches) > 1 else ""
            ctx.add("envy_mismatch", epath,
                    f"{wager.name}: the rules have {'no' if not matches else 'more than one'} envy bonus for "
                    f"{label}{stake_text}{hint}", (wager.envy or wager).cite)
            continue
        table, line = matches[0]
        ctx.ruleset_finding(line.payout.findings, epath, f"{wager.name}, envy bonus", label)
        value = line.payout.value
        if value is None:
            continue
        ok = envy.amount >= value if rule == "minimum" else envy.amount == value
        if not ok:
            need = "at least " if rule == "minimum" else ""
            ctx.add("envy_mismatch", epath + ("amount",),
                    f"{wager.name}: the envy bonus for {label}{stake_text} is {money(envy.amount)}; "
                    f"the rules set {need}{money(value)}", line.cite)
