"""How a PAR sheet is said: the words for the figures of :mod:`lit_compliance.gamemath.par_record`.

The record holds numbers, identifiers and enums; every word a user reads of it is made here, once,
for the views that print a sheet (:mod:`lit_compliance.report.par_json`, ``par_view``) and the table
figures that carry a sheet's assumptions. It sits beside :mod:`.vocabulary` (hands and payouts said
the same way) and reads the record's enums by value, so it needs nothing above the model.

>>> outcome_text("meter"), unit_text("dollar")
('depends on the meter', '$1 more')
"""
from __future__ import annotations

from .vocabulary import cover_all_method_text, hand_name, odds, setting_source_text, small_share_text, words

ENUMERATION_TEXT = {
    "player_and_community": "all C(52,5) = 2,598,960 five-card hands",
    "player_three": "all C(52,3) = 22,100 three-card hands",
    "player_and_bonus_community": "all C(52,6) = 20,358,520 six-card hands (best five of six; Super Royal: the six cards)",
    "base": "final hands: all C(52,5) = 2,598,960 five-card hands; bets riding: all 22,100 x 49 x 48 = "
            "51,979,200 deals of the player's three cards and the two community cards in order",
}
OUTCOMES = {"win": "win", "push": "push", "loss": "loss", "missing": "missing", "meter": "depends on the meter"}
UNITS = {"odds": "1 to 1 more", "dollar": "$1 more", "meter_point": "1 point more of the meter"}
LOSING = {"side": ("Losing hands", "loses the wager"), "cover_all": ("Highest hand pays nothing", "loses the wager")}
SENSITIVITY_NOTE = "strategy held fixed (at the optimum the first-order change is the same)"
LONG_RUN_FORMULA = ("long-run return = R0 + r + p x reset / stake, where R0 is the return of the "
                    "fixed lines with an empty meter, r the meter rate (share of each wager added to "
                    "the meter, all of it paid out in the long run) and p the probability of a hand "
                    "paying the whole meter (the house reseeds the meter at the reset each time)")
ENVY_NOTE = ("each other player's hand qualifies with its own probability, so the envy "
             "money is exact by linearity whatever the hands share")
COVER_ALL_METHOD = (
    "for 1 to 3 players the highest hand is exact (every deal counted); for 4 players it is "
    "exact from three of a kind up (every deal in which all four seats reach a category "
    "counted), so a paytable paying nothing below is priced exactly; for 5 to 7, and below "
    "three of a kind for 4, it comes from one seeded simulation of seven-seat deals (the "
    "first k seats serve k players) with control variates (the highest hands of every one, "
    "two and three seats, whose distributions are exact), shipped as "
    "lit_compliance/gamemath/data/coverall_highest.json; redo it with "
    "tools/build_coverall_distribution.py ROUNDS SEED")
FIXED = {
    "no_paytable": "the source prints no paytable for this wager",
    "cover_all_seats": "every player in the round holds a hand, the dealer none; priced on a one-unit stake",
    "cover_all_method": COVER_ALL_METHOD,
    "cover_all_interval": "the simulated interval is the regression's: what the controls leave for 5 to 7 players "
                          "is the deals where four or more seats reach a paying category together",
    "optimal": "optimal strategy (each bet rides when its expectation is positive)",
    "per_base_bet": "figures per unit of one of the three equal base bets",
}


def outcome_text(outcome: str) -> str:
    """What a row does to the wager, in words (an :class:`~lit_compliance.gamemath.par_record.Outcome` value)."""
    return OUTCOMES[outcome]


def unit_text(unit: str) -> str:
    """The one-unit change a sensitivity is stated for (a ``PerUnit`` value)."""
    return UNITS[unit]


def _hands(hands) -> str:
    return ", ".join(hand_name(h) for h in hands)


def assumption_text(a) -> str:
    """One of a sheet's assumptions (an ``Assumption``) in words."""
    kind = a.kind.value
    if kind in FIXED:
        return FIXED[kind]
    if kind == "no_stake":
        return ("the source states no wager amount for the money amounts; the rows are priced on a $1 wager"
                + (" (see the return by stake)" if a.flag else ""))
    if kind == "meter_open":
        return ("no meter amount is fixed by the rules or the table: the return is a function of the meter "
                f"(with its break-even meter, ${float(a.amount):,.2f}), so no house edge is "
                "stated; the meter lines' rows show no net result")
    if kind == "missing":
        return (f"figures missing in the source for {_hands(a.hands)}: no house edge can be stated"
                + (f"; the lines with figures return {float(a.amount):.4%}, a floor" if a.amount is not None else ""))
    if kind == "players_only":
        return f"this paytable is for {a.players} player(s) only, so it is priced at that number alone"
    if kind == "not_whole_odds":
        return (f"not whole 'to 1' odds for {_hands(a.hands)}: the base game is priced for whole odds only; "
                "no strategy or edge can be stated")
    if kind == "base_missing":
        return f"figures missing in the source for {_hands(a.hands)}: no strategy or edge can be stated"
    raise ValueError(f"no words for the assumption {kind!r}")


def method_text(count) -> str:
    """How Cover All's distribution for one player count (a ``PlayerCount``) is had."""
    if count.method.value == "tail_alike":
        return (f"exact for {words(count.exact_from)} and better, every deal counted "
                "(the hands below, which this paytable pays alike, are not told apart)")
    return cover_all_method_text(count, exact="exact")


def enumeration_text(kind: str, table, body) -> str:
    """What a sheet's table enumerates."""
    if kind == "base":
        return ENUMERATION_TEXT["base"]
    if kind == "cover_all":
        mine = next(c for c in body.cover_all if c.players == body.cover_all_players)
        return f"highest five-card hand among {body.cover_all_players} player(s); " + method_text(mine)
    return ENUMERATION_TEXT[table.hand_basis.value]


def hand_text(kind: str, table, line: int | None, category: str | None) -> str:
    """A row's hand as the sheet says it: the paytable line's label (a final hand the line does not
    name by its own name, for the base game; with the category for Cover All), or the losing hands."""
    if line is None and category is None:
        return LOSING[kind][0]
    paid = table.lines[line] if line is not None else None
    if kind == "base":
        return hand_name(paid.hand, paid.suits) if paid is not None and paid.hand == category else hand_name(category)
    label = hand_name(paid.hand, paid.suits)
    if kind == "cover_all" and paid.hand != category:
        label += f" ({hand_name(category).lower()})"
    return label


def pays_text(kind: str, table, line: int | None) -> str:
    """What a row's line pays, in words."""
    paid = table.lines[line] if line is not None else None
    if kind == "base":
        return odds(paid.payout) if paid is not None and paid.payout.offered else "loses"
    return LOSING[kind][1] if paid is None else odds(paid.payout)


def return_function_text(meter) -> str:
    """A progressive's return as a function of its meter (a ``MeterSection``)."""
    break_even = meter.break_even_meter
    return (f"return = {float(meter.return_without_meter):.4%} + {float(meter.return_per_meter_dollar):.6%} x "
            "meter ($); 100% at a meter of " + (f"${float(break_even):,.2f}" if break_even is not None else "none"))


def bands_handle(kind: str) -> str:
    """What the bands of the hold are a share of."""
    return "the three base bets as placed" if kind == "base" else "the amount wagered"


def coarser_bands_text(body) -> str | None:
    """Which of a sheet's bands of the hold (``body.bands``) were computed on a lattice coarser than the
    outcomes' own (:class:`~lit_compliance.gamemath.par_record.Band`'s ``lattice``), with the lattice
    and the most it can add to the variance; None where every band is on the outcomes' own lattice."""
    coarse = [b for b in body.bands or () if b.lattice is not None]
    if not coarse:
        return None
    said = "; ".join(f"{b.rounds:,} rounds: a lattice of {b.lattice:.4g} units, the variance at most "
                     f"{small_share_text(body.variance_added_at_most(b))} larger than the exact one's"
                     for b in coarse)
    return (f"Computed on a lattice coarser than the outcomes' own (each value's chance split between its two "
            f"neighbours, the mean exact), where no window could hold the total on its own: {said}.")


def holds_at(record) -> list[str]:
    """The settings a sheet's figures hold at (its priced record's), in words."""
    st = record.held_at
    out = []
    if st.meter is not None:
        out.append(f"the progressive meter at ${float(st.meter):,.2f} ({setting_source_text(st.meter_from)})")
    if st.stake is not None and st.stake_from and st.stake_from.value != "one_unit":
        out.append(f"a ${float(st.stake):,.2f} wager ({setting_source_text(st.stake_from)})")
    if st.players and record.cover_all is not None:   # Cover All: priced per number of players
        out.append(f"{st.players} player(s)")
    return out
