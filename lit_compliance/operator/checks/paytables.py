"""Checks of the paytable each wager posts: one the ruleset permits (or a house paytable paying at
least the ruleset's minimum odds), chosen where the rules make the operator choose, and every line
with a figure (the rules', or one the house supplies with the regulator's approval)."""
from __future__ import annotations

from ...model.vocabulary import hand_name, odds
from ...suggest import did_you_mean
from ...model import Paytable, Payout, Wager
from ...model.table_config import WagerChoice
from .approvals import needs_approval
from .core import Context, at_least, hand_key, hand_words, payout_words


def check_paytable_choice(ctx: Context, i: int, choice: WagerChoice, wager: Wager) -> list[Paytable]:
    """``paytable_missing_in_ruleset``, ``paytable_not_permitted``, ``paytable_not_chosen`` and the
    house paytable against the floor; returns the ruleset paytables the wager uses."""
    path = ("wagers", i)
    rule = wager.selection.value
    cite = wager.selection_cite
    tables = wager.paytables
    ids = ", ".join(t.id for t in tables)
    ctx.ruleset_finding(wager.findings, path + ("wager",), wager.name)

    chosen: list[Paytable] = []
    if not tables and choice.custom_paytable is None:
        ctx.add("paytable_missing_in_ruleset", path + ("wager",),
                f"the ruleset has no paytable for {wager.name}, so its payouts cannot be posted",
                cite, wager.findings)
    elif choice.custom_paytable is not None:
        if rule != "minimum":
            ctx.add("paytable_not_permitted", path + ("custom_paytable",),
                    f"{wager.name}: the rule is {rule.replace('_', ' ')}, so the paytable must be one of the "
                    f"ruleset's ({ids or 'none given'}); a house paytable is allowed only where the ruleset sets minimum odds",
                    cite)
        else:
            check_custom_against_floor(ctx, i, choice, wager)
    elif choice.paytable is not None:
        chosen = [t for t in tables if t.id == choice.paytable]
        if not chosen:
            ctx.add("paytable_not_permitted", path + ("paytable",),
                    f"{wager.name}: paytable {choice.paytable!r} is not one the ruleset permits"
                    f"{did_you_mean(str(choice.paytable), [t.id for t in tables])} ({ids})", cite)
        elif rule == "fixed" and len(tables) > 1:
            ctx.add("paytable_not_permitted", path + ("paytable",),
                    f"{wager.name}: the ruleset's paytables ({ids}) apply together as written; "
                    f"omit paytable instead of choosing {choice.paytable!r}", cite)
            chosen = []
    elif rule == "fixed":
        chosen = list(tables)
    else:
        what = "choose one of" if rule == "choose_one" else "name one of"
        ctx.add("paytable_not_chosen", path + ("wager",),
                f"{wager.name}: {what} the ruleset's paytables ({ids})"
                + (" or give a custom_paytable that pays at least its odds" if rule == "minimum" else ""), cite)

    for table in chosen:
        tpath = path + ("paytable",) if choice.paytable is not None else path + ("wager",)
        for line in table.lines:
            ctx.ruleset_finding(line.payout.findings, tpath, f"{wager.name}, {table.name}", hand_words(line))
            if line.payout.value is None and line.payout.kind.value != "not_offered" and not line.payout.findings:
                ctx.add("unchecked", tpath, f"{table.name}: {hand_words(line)} has no figure", line.cite)
    return chosen


def check_custom_against_floor(ctx: Context, i: int, choice: WagerChoice, wager: Wager) -> None:
    """``below_minimum_odds``: every line of the floor paid at least as well by the house paytable."""
    path = ("wagers", i, "custom_paytable")
    floors = wager.paytables
    if not floors:
        ctx.add("unchecked", path,
                f"{wager.name}: the ruleset sets minimum odds but records no table of them, "
                "so the house paytable cannot be checked", wager.selection_cite, wager.findings)
        return
    custom = {hand_key(line): (li, line) for li, line in enumerate(choice.custom_paytable.lines)}
    for floor in floors:
        for line in floor.lines:
            payout = line.payout
            if payout.kind.value == "not_offered":
                continue
            label = hand_words(line)
            key = hand_key(line)
            if payout.value is None:
                ctx.add("unchecked", path, f"{wager.name}: the floor for {label} is missing from the ruleset",
                        line.cite, payout.findings)
                continue
            if key not in custom:
                ctx.add("below_minimum_odds", path + ("lines",),
                        f"{wager.name}: the house paytable has no line for {label}; "
                        f"the ruleset requires at least {payout_words(payout)}", line.cite)
                continue
            li, mine = custom[key]
            verdict = at_least(Payout.from_data(mine.payout.as_data()), payout, floor.line_stake(line, wager.stake))
            if verdict is None:
                ctx.add("unchecked", path + ("lines", li),
                        f"{wager.name}: {label} pays {payout_words(mine.payout.as_data())}, which cannot be compared "
                        f"with the floor {payout_words(payout)}", line.cite)
            elif not verdict:
                ctx.add("below_minimum_odds", path + ("lines", li, "payout"),
                        f"{wager.name}: {label} pays {payout_words(mine.payout.as_data())}, less than the minimum "
                        f"{payout_words(payout)}", line.cite)


def check_supplied_figures(ctx: Context) -> None:
    """``figure_missing``, ``needs_approval``, ``supplied_figure_not_needed``: every line the placard
    would print has a figure: the rules', or one the house supplies (which needs the regulator's
    approval, citing the finding)."""
    for i, choice in enumerate(ctx.cfg.settings.wagers):
        wager = ctx.wagers.get(choice.wager)
        if wager is None or choice.custom_paytable is not None:
            continue
        given = {f.key: (k, f) for k, f in enumerate(choice.supplied_figures)}
        used = set()
        for table in ctx.chosen_tables(choice, wager) or []:
            for line in table.lines:
                payout = line.payout
                if payout.value is not None or payout.kind.value == "not_offered":
                    continue
                key = (line.hand, line.suits)
                label = hand_name(line.hand, line.suits)
                if key in given:
                    used.add(key)
                    k, f = given[key]
                    needs_approval(ctx, ("supplied_figure", choice.wager, f.hand, tuple(sorted(f.suits))),
                                   ("wagers", i, "supplied_figures", k),
                                   f"{wager.name}, {table.name}: {label} pays {odds(f.payout.as_data())} as the house "
                                   "sets it; the published rules give no figure, so it needs the regulator's approval",
                                   line.cite, payout.findings)
                else:
                    ctx.add("figure_missing", ("wagers", i),
                            f"{wager.name}, {table.name}: the published rules give no figure for {label}, "
                            "and the configuration supplies none, so the sign would say \"not stated\"; "
                            "give the figure the regulator approved under supplied_figures, or do not offer the wager",
                            line.cite, payout.findings)
        for key, (k, f) in given.items():
            if key not in used:
                ctx.add("supplied_figure_not_needed", ("wagers", i, "supplied_figures", k),
                        f"{wager.name}: the rules already fix the figure for {hand_name(*key)} "
                        "(or the chosen paytable has no such line); remove it", wager.cite)
