"""How the math's findings are said: the words for :mod:`lit_compliance.gamemath.findings_record`.

A :class:`~lit_compliance.gamemath.findings_record.MathFinding` holds numbers, identifiers and enums;
what it says (``says``), what is wrong with that (``problem``) and the form the outputs state it in
(:func:`finding_json`: id, kind, cite, says, problem, the meter where an order turns, the reading it
is found under) are made here, once, for every view (``analyze``, the operator's checks and hints).
It sits beside :mod:`.vocabulary` (hands, shares and priced records said the same way) and reads
the record's enums by value, so it needs nothing above the model.

>>> from types import SimpleNamespace as Record
>>> finding_problem(Record(flaw=Record(value="line_never_pays")))
'the line can never pay: every hand it names is paid by an earlier line'
"""
from __future__ import annotations

from .vocabulary import hand_name, percent, priced_note

#: What is wrong, by what the math found (a finding's ``flaw``).
PROBLEMS = {
    "return_over_100": "the wager returns more than it takes: the house loses on average",
    "missing_figures": "the paytable cannot be priced or settled as written",
    "out_of_rarity_order": "payouts are not ordered by rarity",
    "out_of_order_by_meter": "payouts are not ordered by rarity at every meter the rules allow",
    "loses_while_weaker_wins": "a hand loses while a weaker hand wins",
    "line_never_pays": "the line can never pay: every hand it names is paid by an earlier line",
    "no_paytable": "the wager cannot be priced or settled as written",
}


def _hand(flagged) -> str:
    """A flagged hand with its suits, as a sentence names it after its first word: ``royal flush of hearts``."""
    return hand_name(flagged.hand, flagged.suits).lower()


def _probability(flagged) -> str:
    return f"(probability {float(flagged.probability):.6f})"


def _return_over_100(f) -> str:
    note = priced_note(f.priced)
    return f"return to player {percent(f.priced.return_to_player, 2)}" + (f" ({note})" if note else "")


def _missing_figures(f) -> str:
    return "no figure for " + ", ".join(hand_name(h.hand, h.suits) for h in f.hands)


def _out_of_rarity_order(f) -> str:
    rarer, commoner = f.hands
    at_meter = " at the least meter" if f.at_least_meter else ""
    return (f"{hand_name(commoner.hand, commoner.suits)} {_probability(commoner)} pays more{at_meter} "
            f"than the rarer {_hand(rarer)} {_probability(rarer)}")


def _out_of_order_by_meter(f) -> str:
    rarer, commoner = f.hands
    return (f"{f.side.value} a meter of ${float(f.meter):,.2f} the {_hand(rarer)} {_probability(rarer)} pays less "
            f"than the commoner {_hand(commoner)} {_probability(commoner)}; the rules fix no least meter, so "
            "nothing rules this out")


def _loses_while_weaker_wins(f) -> str:
    lost, weaker, line = f.hands
    lost_text = hand_name(lost.hand).lower() + (f" of {', '.join(lost.suits)}" if lost.suits else "")
    where = "is on a line that pays nothing" if f.on_unpaid_line else "matches no line"
    return f"a {lost_text} {where}, while the weaker {hand_name(weaker.hand).lower()} wins ({_hand(line)} line)"


def _line_never_pays(f) -> str:
    return f"the {_hand(f.hands[0])} line is never the first line a hand satisfies"


_SAYS = {
    "return_over_100": _return_over_100,
    "missing_figures": _missing_figures,
    "out_of_rarity_order": _out_of_rarity_order,
    "out_of_order_by_meter": _out_of_order_by_meter,
    "loses_while_weaker_wins": _loses_while_weaker_wins,
    "line_never_pays": _line_never_pays,
}


def finding_says(f) -> str:
    """What a math finding says, naming its wager and paytable (and the reading it is found under):
    ``Bonus, Table B: return to player 101.23% (...)``."""
    if f.flaw.value == "no_paytable":
        text = f"{f.wager_name}: the source prints no paytable for this wager"
    else:
        text = f"{f.wager_name}, {f.paytable_name}: " + _SAYS[f.flaw.value](f)
    if f.reading is not None:
        text = f"under reading {f.reading.finding}/{f.reading.reading}: {text}"
    return text


def finding_problem(f) -> str:
    """What is wrong with what a math finding says."""
    return PROBLEMS[f.flaw.value]


def finding_cite(f) -> str:
    """A math finding's citations, as one reference: ``s 12.3(a); s 12.3(b)``."""
    return "; ".join(f.cites)


def finding_json(f) -> dict:
    """A math finding as the outputs state it: id, kind, cite, says, problem; the meter where the
    order of two hands turns (a float), and the reading it is found under, where it has them."""
    out = {"id": f.id, "kind": f.kind.value, "cite": finding_cite(f), "says": finding_says(f),
           "problem": finding_problem(f)}
    if f.meter is not None:
        out["meter"] = float(f.meter)
    if f.reading is not None:
        out["reading"] = {"finding": f.reading.finding, "reading": f.reading.reading}
    return out
