"""The figures a house states in a table configuration, asked by ``init``: a line the published
rules leave without a figure (``supplied_figures``), and the house's own paytable where the rules
set minimum odds (``custom_paytable``), line by line.

A figure is said as people say it: ``200`` (in the line's own kind: "200 to 1" for odds, "$200"
for an amount), ``200 to 1``, ``200:1``, ``300 for 1``, ``$500``, ``10%`` (of the meter). On the
command line each is ``--figure WAGER:HAND=FIGURE``; interactively each is one question, checked as
it is answered (a house line below the rules' minimum odds is refused then and there). The
paytables offered for a wager are listed with their house edge and what the math flags
(:func:`paytable_lines`).
"""
from __future__ import annotations

import re
from fractions import Fraction

from ..model.enums import FindingKind, HandCategory
from ..model.findings_vocabulary import finding_problem
from ..model import Line, Payout, Paytable, Wager
from ..model.vocabulary import hand_name, odds, percent, plain, priced_note
from ..gamemath.findings import RANK_ORDER  # the hands of each hand basis, weakest first (by its number of cards)
from .checks.core import at_least

NO_LINE = ("none", "no", "-", "nothing")


class FigureError(ValueError):
    """An answer that is no figure."""


def parse_figure(text, kind: str = "to_one") -> dict | None:
    """The payout mapping an answer states ({"kind", "value"}); None for 'none' (no line).

    >>> parse_figure("200"), parse_figure("300 for 1"), parse_figure("$1,000"), parse_figure("5", "fixed_amount")
    ({'kind': 'to_one', 'value': 200}, {'kind': 'for_one', 'value': 300}, {'kind': 'fixed_amount', 'value': 1000}, {'kind': 'fixed_amount', 'value': 5})
    """
    said = str(text).strip().lower()
    if said in NO_LINE:
        return None
    if said.startswith("$"):
        kind, said = "fixed_amount", said[1:]
    elif said.endswith("of meter") or said.endswith("%"):
        kind, said = "percent_of_meter", said.replace("of meter", "").rstrip().rstrip("%")
        if Fraction(said.replace(",", "") or "0") > 100 if re.fullmatch(r"[\d.,]+", said) else False:
            raise FigureError(f"{str(text).strip()!r}: a share of the meter is at most 100%")
    else:
        m = re.fullmatch(r"(.+?)\s*(?:(to|for)\s*1|:\s*1)", said)
        if m:
            kind, said = ("for_one" if m.group(2) == "for" else "to_one"), m.group(1)
    try:
        value = Fraction(said.replace(",", "").strip())
    except (ValueError, ZeroDivisionError):
        raise FigureError(f"{str(text).strip()!r} is not a figure (e.g. 200 for 200 to 1, 300 for 1, $500, "
                          "10% of meter, or none)") from None
    if value <= 0 or value > 10**9:
        raise FigureError(f"{str(text).strip()!r}: a figure is more than 0 and at most 1,000,000,000")
    return {"kind": kind, "value": plain(value)}


def parse_figure_options(values) -> dict[tuple[str, str], str]:
    """``--figure WAGER:HAND=FIGURE`` options as {(wager, hand): figure text}."""
    out = {}
    for value in values:
        where, sep, said = value.partition("=")
        wager, colon, hand = where.partition(":")
        if not (sep and colon and wager.strip() and hand.strip() and said.strip()):
            raise FigureError(f"--figure {value!r}: expected WAGER:HAND=FIGURE (e.g. base:straight_flush=200)")
        out[(wager.strip(), hand.strip())] = said.strip()
    return out


def missing_lines(tables: list[Paytable]) -> list[tuple[Paytable, Line]]:
    """The lines of the chosen paytables that pay but have no figure in the rules."""
    return [(t, line) for t in tables for line in t.lines if line.payout.missing]


def house_hands(wager: Wager) -> list[tuple[str, tuple[str, ...], Line | None]]:
    """The hands a house paytable states, best first, each with the rules' floor line (None where
    the rules record no floor): the floor table's lines, or, where the rules print none, every
    hand of the wager's ranking down to the least winning hand the rules state."""
    floors = [t for t in wager.paytables]
    if floors:
        return [(line.hand, tuple(line.suits), line) for line in floors[0].lines if line.payout.offered]
    order = list(reversed(RANK_ORDER[wager.hand_basis.card_count]))
    if wager.wins_on in order:
        order = order[:order.index(wager.wins_on) + 1]
    else:
        order = [h for h in order if h != HandCategory.HIGH_CARD]
    return [(hand, (), None) for hand in order]


def floor_problem(payout: dict, floor: Line | None, table: Paytable | None, wager: Wager) -> str | None:
    """Why a house line's payout is refused: below the rules' minimum odds."""
    if floor is None or floor.payout.value is None:
        return None
    verdict = at_least(Payout.from_data(payout), floor.payout, table.line_stake(floor, wager.stake) if table else None)
    if verdict is False:
        return f"less than the minimum the rules set, {odds(floor.payout)} [{floor.cite}]"
    return None


def figure_hint(kind: str) -> str:
    """How to say a figure of this kind."""
    return {"to_one": "e.g. 200 for 200 to 1", "for_one": "e.g. 300 for 1",
            "fixed_amount": "an amount, e.g. 500 for $500", "percent_of_meter": "e.g. 10 for 10% of meter"}[kind]


def label(hand: str, suits=()) -> str:
    """A hand in words."""
    return hand_name(hand, suits)


def paytable_lines(rs, wager: Wager, settings) -> list[str]:
    """Each paytable of ``wager`` with its house edge at the table's own settings and what the math
    flags about it (a hint; ``paytables`` gives the full account)."""
    from ..gamemath import paytable_result  # lazy: the math loads only for the paytable hints of `init`
    from ..gamemath.findings import math_finding_records  # lazy: as above

    results = []
    for table in wager.paytables:
        try:
            results.append(paytable_result(rs, wager.id, table.id, settings))
        except Exception:  # noqa: BLE001 - a hint only
            results.append(None)
    flags = math_finding_records(rs, [r for r in results if r is not None])
    lines = []
    for table, r in zip(wager.paytables, results):
        edge = percent(None if r is None else r.house_edge, 2)
        at = f" ({priced_note(r)})" if r is not None and priced_note(r) else ""
        slug = f"math-{wager.id}-{table.id}-"
        said = [finding_problem(f) for f in flags
                if f.id.startswith(slug) and f.reading is None and f.kind is not FindingKind.MISSING_FIGURE]
        flag = "".join(f"\n      FLAGGED by the math: {s}" for s in said)
        lines.append(f"  {table.id}: {table.name}, house edge {edge}{at}{flag}")
    return lines
