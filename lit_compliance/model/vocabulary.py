"""The vocabulary: how the domain is said (hands, wagers, payouts, money, shares, flags, lists, the
base game's strategy, what a priced paytable rests on), each thing by one function, for every stage.

It sits beside the model so the engine (settlement text, math findings) and the views (placard,
summary, check, regulator views) say things the same way without reaching up to ``output``; the
render filters are these same functions. The engine's answers are typed records of numbers and
identifiers (:mod:`lit_compliance.gamemath.record`); the views say them with the functions here
(:func:`priced_note`, :func:`strategy_sentence`). Money is exact: amounts are rounded half-up to
the cent from fractions, never through binary floating point.

>>> hand_name("four_of_a_kind")
'Four of a kind'
>>> odds({"kind": "for_one", "value": 300})
'300 for 1'
>>> money(2.5), money(1000), cents(Fraction(1, 3))
('$2.50', '$1,000', '0.33')
>>> prose_list(["tens", "jacks", "queens"], "or")
'tens, jacks or queens'
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from math import floor, log10
from fractions import Fraction
from typing import Iterable

from ..load.ruleset import finding_ids
from .enums import HandCategory

HAND_NAMES = {hand.value: hand.display for hand in HandCategory}   # the names the hands carry


# Headings by wager kind (the rulesets' own wager names are long and legalistic).
WAGER_KIND_TITLES = {
    "base": "Let It Ride",
    "five_card_bonus": "Five Card Bonus",
    "three_card_bonus": "Three Card Bonus",
    "six_card_bonus": "Six Card Bonus",
    "progressive": "Progressive",
    "cover_all": "Cover All",
}
CURRENCY_SYMBOLS = {"USD": "$", "AUD": "$", "CAD": "$", "NZD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}


def hand_name(hand: str, suits: Iterable[str] | None = None) -> str:
    """A paytable hand as people say it: ``Four of a kind``; with suits, ``Royal flush of hearts``."""
    name = HAND_NAMES.get(hand, hand)
    if suits:
        name += " of " + ", ".join(suits)
    return name


def wager_title(kind: str, name: str | None = None) -> str:
    """A wager's heading: its kind's short title (``Three Card Bonus``), else its own name."""
    return WAGER_KIND_TITLES.get(kind, name or words(kind))


def currency_symbol(code: str | None) -> str:
    """The symbol money is printed with for an ISO currency code (``$`` where unknown)."""
    return CURRENCY_SYMBOLS.get(code or "USD", "$")


def words(slug: str, capital: bool = False) -> str:
    """An identifier from a ruleset as words: ``decision_point`` -> ``decision point`` (with
    ``capital``, ``Decision point``)."""
    text = slug.replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:] if capital else text


def argument(slug: str) -> str:
    """An identifier as it is typed on the command line: ``community-card-exposed-early`` (the
    commands accept it with hyphens or underscores)."""
    return slug.replace("_", "-")


STATUS_TEXT = {
    "exact": "exact",
    "simulated": "simulated",
    "function_of_wager": "depends on wager",
    "function_of_meter": "depends on meter",
    "incomplete": "incomplete",
}


def status_text(status: str) -> str:
    """A priced paytable's status in words: ``function_of_meter`` -> ``depends on meter``."""
    return STATUS_TEXT.get(status, words(status))


STATUS_SENTENCE = {
    "exact": "exact",
    "simulated": "simulated (a seeded simulation, with its 95% interval)",
    "function_of_wager": "depends on the wager amount (the rules state money amounts but no wager amount)",
    "function_of_meter": "depends on the progressive meter",
    "incomplete": "incomplete",
}


def status_sentence(status: str, settings: dict | None = None, missing: Iterable[str] = ()) -> str:
    """A priced record's status in words, with the meter or wager amount it was priced at, or the
    hands whose figures are missing."""
    settings = settings or {}
    text = STATUS_SENTENCE.get(status, status)
    if status == "function_of_meter":
        meter = settings.get("meter")
        text += (f"; priced at a meter of {money(meter)} ({settings.get('meter_from')})" if meter is not None
                 else "; the rules fix no meter, so no edge is stated: see the break-even meter")
    elif status == "function_of_wager" and settings.get("stake"):
        text += f"; priced at a {money(settings['stake'])} wager"
    elif status == "incomplete" and missing:
        text = f"incomplete (no figure in the source for {', '.join(hand_name(h) for h in missing)})"
    return text


def _decimal(value) -> Decimal:
    value = value if isinstance(value, Fraction) else Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    with localcontext() as ctx:
        ctx.prec = 60
        return Decimal(value.numerator) / Decimal(value.denominator)


def number(value) -> str:
    """A figure as printed: ``1,000``, ``2.5``, ``0.25`` (no trailing zeros, thousands separated)."""
    d = _decimal(value)
    if d == d.to_integral_value():
        return f"{int(d):,}"
    text = f"{d.normalize():f}"
    whole, _, frac = text.partition(".")
    return f"{int(whole):,}.{frac}" if whole not in ("", "-0") else text


def cents(value) -> str | None:
    """An exact amount to the cent, half up, for machines: ``Fraction(1, 3)`` -> ``'0.33'``."""
    if value is None:
        return None
    return f"{_decimal(value).quantize(Decimal('0.01'), ROUND_HALF_UP):.2f}"


def money(value, symbol: str = "$") -> str:
    """An amount for people: ``$1,000``, ``$2.50`` (whole amounts without cents)."""
    if value is None:
        return "(not stated)"
    d = _decimal(value)
    if d == d.to_integral_value():
        return f"{symbol}{int(d):,}"
    return f"{symbol}{d.quantize(Decimal('0.01'), ROUND_HALF_UP):,.2f}"


def cash(value, symbol: str = "$", sign: bool = False) -> str | None:
    """An amount to the cent for people, with the currency's symbol and thousands separators:
    ``$10,000.00``, ``-$5.00``; with ``sign``, a gain carries ``+`` (``+$200.00``)."""
    if value is None:
        return None
    d = _decimal(value).quantize(Decimal("0.01"), ROUND_HALF_UP)
    prefix = "-" if d < 0 else "+" if sign and d > 0 else ""
    return f"{prefix}{symbol}{abs(d):,.2f}"


def odds(payout) -> str:
    """A payout in words: '1,000 to 1', '300 for 1', '$25,000', '10% of meter', 'not offered'.

    Takes a :class:`~lit_compliance.model.Payout` or a ruleset's payout mapping.
    """
    if isinstance(payout, dict):
        kind, value = payout["kind"], payout.get("value")
    else:
        kind, value = payout.kind.value, payout.value
    if kind == "not_offered":
        return "not offered"
    if value is None:
        return "(figure missing in source)"
    if kind == "to_one":
        return f"{number(value)} to 1"
    if kind == "for_one":
        return f"{number(value)} for 1"
    if kind == "fixed_amount":
        return f"${number(value)}"
    return f"{number(value)}% of meter"


def flag_text(fact) -> str:
    """A yes/no fact (a :class:`~lit_compliance.model.base_game.Flag`, or its mapping) in words:
    'yes', 'no', or 'not stated (assumed yes)'."""
    value, assumed = ((fact["value"], fact.get("assumed")) if isinstance(fact, dict)
                      else (fact.value, fact.assumed))
    if value is None:
        return f"not stated (assumed {'yes' if assumed else 'no'})"
    return "yes" if value else "no"


def prose_list(items: Iterable, conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as people write it."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def ids(value) -> str:
    """Finding ids (one id or a list) as prose."""
    if not value:
        return ""
    return prose_list([value] if isinstance(value, str) else value)


def percent(x, digits: int = 3) -> str:
    """A probability as a percentage: ``percent(0.02845, 2)`` -> ``'2.85%'``; ``n/a`` for None.

    The one percent formatter: every view says a share with it (a test holds the package to that).

    >>> percent(Fraction(1, 8)), percent(0.5, 0), percent(None)
    ('12.500%', '50%', 'n/a')
    """
    return "n/a" if x is None else f"{float(x):.{digits}%}"


def small_share_text(share: float) -> str:
    """A small share as a percentage to two significant figures (at least one decimal): what a coarser
    lattice may add to a variance, ``small_share_text(2.5e-08)`` -> ``'0.0000025%'``."""
    digits = max(1, 1 - floor(log10(share * 100))) if share else 2
    return percent(share, digits)


def removed_text(reading) -> str:
    """What stands for the house edge of a paytable the source prints and the reading in force removes."""
    return f"the reading in force ({reading.ref}) removes this paytable"


def plain(x: Fraction | None) -> int | float | None:
    """An exact figure as a ruleset writes it, for machines: whole numbers as integers, else a float.

    >>> plain(Fraction(5)), plain(Fraction(5, 2)), plain(None)
    (5, 2.5, None)
    """
    if x is None:
        return None
    return int(x) if x.denominator == 1 else float(x)


# --- the base game's strategy, said (the engine's rules are families, ranges and rank sets) -----

NUMBER_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four"}
_PAYING = "any paying hand (a pair of tens or better, or any better hand)"
# The words players use for a strategy rule's family of holdings, for bet 1 (3 cards) and bet 2 (4)
STRATEGY_FAMILIES = {
    3: {"paying": _PAYING, "trips": "three of a kind", "high_pair": "a pair of tens or better",
        "royal": "three to a royal flush", "sf_row": "three suited in a row", "sf_gap1": "three suited with one gap",
        "sf_gap2": "three suited with two gaps", "suited": "three suited, no straight flush draw",
        "low_pair": "a pair below tens", "st_row": "three unsuited in a row",
        "st_gap1": "three unsuited with one gap", "st_gap2": "three unsuited with two gaps",
        "other": "three unsuited, no straight draw"},
    4: {"paying": _PAYING, "quads": "four of a kind", "trips": "three of a kind", "two_pair": "two pair",
        "high_pair": "a pair of tens or better", "royal": "four to a royal flush", "sf": "four to a straight flush",
        "flush": "four to a flush", "outside": "four to an outside straight", "inside": "four to an inside straight",
        "low_pair": "a pair below tens", "other": "four unsuited, no straight draw"},
}
RANKS_LOW_TO_HIGH = "23456789TJQKA"   # the rank letters, as cards are written (a test holds it to the cards')


def _high_text(lo: int, hi: int, top: int) -> str:
    if lo == 0 and hi >= top:
        return ""
    unit = "high card" if (hi if lo == 0 else lo) == 1 else "high cards"
    if lo == hi:
        return f" with {NUMBER_WORDS[lo]} {unit}"
    if hi >= top:
        return f" with at least {NUMBER_WORDS[lo]} {unit}"
    if lo == 0:
        return f" with at most {NUMBER_WORDS[hi]} {unit}"
    return f" with {NUMBER_WORDS[lo]} to {NUMBER_WORDS[hi]} high cards"


def _by_rank(words: Iterable[str]) -> str:
    """Rank sets (``A-2-3``, ``J-Q-K``) in rank order, the ace low where it leads, as a list."""
    def key(word: str) -> list[int]:
        return [1 if i == 0 and p == "A" else RANKS_LOW_TO_HIGH.index(p) + 2 for i, p in enumerate(word.split("-"))]
    return prose_list(sorted(words, key=key))


def strategy_rule_text(rule) -> str:
    """A strategy rule (:class:`~lit_compliance.gamemath.strategy_rule.Rule`) in players' words:
    ``three suited in a row except A-2-3 and 2-3-4``.

    >>> from types import SimpleNamespace as Rule
    >>> strategy_rule_text(Rule(family="sf_gap1", high=(1, 3), excluding=(), including=(), cards=3, top=3))
    'three suited with one gap with at least one high card'
    """
    words = STRATEGY_FAMILIES[rule.cards][rule.family]
    if rule.high[0] > rule.high[1]:
        return f"{words}: {_by_rank(rule.including)} only"
    text = words + _high_text(*rule.high, rule.top)
    if rule.excluding:
        text += " except " + _by_rank(rule.excluding)
    if rule.including:
        text += ("; also " if tuple(rule.high) != (0, rule.top) or rule.excluding else " ") + _by_rank(rule.including)
    return text


def strategy_rule_json(rule) -> dict:
    """A strategy rule as the outputs state it: its fields, and its words."""
    return {"decision": rule.decision, "family": rule.family, "high": list(rule.high),
            "excluding": list(rule.excluding), "including": list(rule.including), "text": strategy_rule_text(rule)}


def strategy_sentence(rules: Iterable, bet: int) -> str:
    """A bet's strategy rules as a sentence: 'Let bet 1 ride with: ...; otherwise pull it back.
    Optional (...): ...'."""
    rules = list(rules)
    ride = [strategy_rule_text(r) for r in rules if r.decision == "ride"]
    optional = [strategy_rule_text(r) for r in rules if r.decision == "optional"]
    text = f"Let bet {bet} ride with: " + ("; ".join(ride) if ride else "nothing") + "; otherwise pull it back."
    if optional:
        text += " Optional (zero expectation: riding or pulling gives the same return; counted as pulled): " \
            + "; ".join(optional) + "."
    return text


# --- the engine's typed answers, said: the strategy's holdings, Cover All's method, where a setting --
# --- comes from (the records are lit_compliance.gamemath.record's; they hold kinds and numbers) ------

HOLDING_GROUPS = {"pairs": "pairs and better", "four_flush": "four to a flush", "other": "other rank sets"}


def rank_letters(ranks: Iterable[int]) -> str:
    """Ranks (2 to 14, the ace 14) as cards write them, run together: ``(14, 13, 12)`` -> ``AKQ``."""
    return "".join(RANKS_LOW_TO_HIGH[r - 2] for r in ranks)


def holding_text(holding) -> str:
    """A holding the strategy lists (a :class:`~lit_compliance.gamemath.record.Holding`) in words:
    ``four of a kind``, ``three 7s``, ``two pair``, ``a pair of Qs``, or its ranks: a three-card
    holding's with whether it is suited (``AKQ suited``), a four-card holding's bare (its group says
    its suits: ``KQJT``).

    >>> from types import SimpleNamespace as NS
    >>> holding_text(NS(kind=NS(value="pair"), ranks=(12,), suited=False))
    'a pair of Qs'
    >>> holding_text(NS(kind=NS(value="ranks"), ranks=(14, 13, 12), suited=True))
    'AKQ suited'
    """
    kind = holding.kind.value
    if kind == "four_of_a_kind":
        return "four of a kind"
    if kind == "two_pair":
        return "two pair"
    if kind == "three_of_a_kind":
        return f"three {rank_letters(holding.ranks)}s"
    if kind == "pair":
        return f"a pair of {rank_letters(holding.ranks)}s"
    letters = rank_letters(holding.ranks)
    if len(holding.ranks) == 3:
        return letters + (" suited" if holding.suited else " unsuited")
    return letters


def holding_group_text(group) -> str:
    """A group of bet 2's holdings (a ``HoldingGroupKind``) in words: ``four to a flush``."""
    return HOLDING_GROUPS[group.value]


def holdings_json(base) -> tuple[list[str], dict]:
    """A base strategy's holdings that ride (a ``BaseStrategy``), as the outputs state them: bet 1's
    in words, best first; bet 2's by group, with how many ride of how many."""
    return ([holding_text(h) for h in base.bet1],
            {holding_group_text(g.group): {"riding": g.riding, "of": g.of,
                                           "holdings": [holding_text(h) for h in g.holdings]} for g in base.bet2})


def cover_all_method_text(figures, exact: str = "exact: every deal counted") -> str:
    """How Cover All's chances of the highest hand were had, in words, from a record that carries
    the method (a ``Method``), the rounds simulated and the category the figures are exact from
    (Cover All's figures, or a PAR sheet's count of players); ``exact`` says an exact method.

    >>> from types import SimpleNamespace as NS
    >>> cover_all_method_text(NS(method=NS(value="simulated"), rounds=200000, exact_from=None))
    'simulated, 200,000 rounds with control variates'
    >>> cover_all_method_text(NS(method=NS(value="tail_alike"), rounds=0, exact_from="three_of_a_kind")).split(" (")[0]
    'exact: every deal counted for three of a kind and better'
    """
    method = figures.method.value
    if method == "exact":
        return exact
    if method == "tail_alike":
        return (f"exact: every deal counted for {words(figures.exact_from)} and better "
                "(the highest hands below, which this paytable pays alike, are not told apart)")
    simulated = f"simulated, {figures.rounds:,} rounds" + ("" if method == "simulated_plain" else " with control variates")
    if method == "tail_exact":
        return f"exact for {words(figures.exact_from)} and better (every deal counted); the categories below {simulated}"
    return simulated


NO_PAYTABLE_NAME = "(no paytable in the source)"


def paytable_title(name: str | None) -> str:
    """A priced paytable's name as the outputs state it (a record of a wager whose source prints no
    paytable has none)."""
    return NO_PAYTABLE_NAME if name is None else name


# How a setting a price holds at was decided (a ``SettingSource``, by value), in words
SETTING_SOURCES = {
    "as_given": "as given",
    "least_reset": "the least reset the rules allow",
    "fixed_by_rules": "fixed by the rules",
    "per_dollar": "not stated by the rules: priced per $1",
    "one_unit": "one unit",
    "meter_option": "given with --meter",
    "reset_option": "the reset given with --reset",
    "meter_asked": "the meter asked for (--meter)",
    "as_shown": "as shown",
    "win_per_hour_bet": "the bet the win per hour assumes",
    "configured_reset": "the configured reset",
    "configured_minimum": "the configured minimum bet",
    "configured_maximum": "the configured maximum bet",
    "reset_given": "the reset given",
    "least_stake_given": "the least stake given",
    "amount_asked": "the amount asked for",
    "period_mean_meter": "the period's mean meter, from the results",
    "period_average_bet": "the period's average bet",
}


def setting_source_text(source) -> str | None:
    """How a setting was decided (a ``SettingSource``), in words; None for none.

    >>> from types import SimpleNamespace as NS
    >>> setting_source_text(NS(value="least_reset")), setting_source_text(None)
    ('the least reset the rules allow', None)
    """
    return None if source is None else SETTING_SOURCES[source.value]


# --- what a priced paytable's figures rest on (the engine's record: lit_compliance.gamemath.record) --

ZERO_EV_RIDDEN_NOTE = "same return; the zero-expectation holdings ride, so more is in action"


def _hands(hands: Iterable[str]) -> str:
    return ", ".join(hand_name(h) for h in hands)


def _cover_all_note(c) -> str:
    text = f"{c.players} player(s); every player holds a hand, the dealer none; 1-unit stake; {cover_all_method_text(c)}"
    if c.rounds:
        lo, hi = c.interval
        text += (f", seed fixed, 95% interval of the return {percent(lo, 4)} to {percent(hi, 4)}"
                 f" (+-{(hi - lo) / 2 * 100:.4f} points)")
    return text


def _side_note(record) -> str:
    side, at = record.side, record.held_at
    notes = []
    if record.missing:
        notes.append(f"figures missing in the source for: {_hands(record.missing)} (no edge can be stated)")
    if side.meter is not None:
        if at.meter is not None:
            notes.append(f"at the meter {money(at.meter)} ({setting_source_text(at.meter_from)})")
        else:
            f = side.meter
            notes.append("no meter fixed by the rules: the return is a function of the meter "
                         f"({percent(f.without_meter, 4)} plus {percent(f.per_meter_dollar, 6)} per $1 of meter; "
                         f"break-even meter {money(float(f.break_even))})")
        if at.stake_from is not None and at.stake_from.value == "per_dollar":
            notes.append("stake not stated; priced per $1")
    elif side.pays_amounts and side.rtp_by_stake:
        notes.append("money amounts on a wager the source does not state; priced at a $1 wager")
    elif side.pays_amounts and at.stake and (at.stake_from is None or at.stake_from.value != "fixed_by_rules"):
        notes.append(f"money amounts priced at a {money(at.stake)} wager ({setting_source_text(at.stake_from)})")
    if side.envy_per_other_player:
        notes.append("the envy bonus adds an expected amount per other player at the table (per stake level; "
                     "see the PAR sheet); not in the return above")
    return "; ".join(notes)


def priced_note(record) -> str:
    """What a priced paytable's figures (a :class:`~lit_compliance.gamemath.record.PricedPaytable`)
    rest on, in words: the strategy and unit of the base game, the players and method of Cover All,
    the meter or wager amount a side wager is priced at, or why no edge is stated."""
    if record.paytable_id is None:
        return "the source prints no paytable for this wager"
    if record.wager_kind.value == "base":
        if record.not_whole_odds:
            return (f"not whole 'to 1' odds for: {_hands(record.not_whole_odds)}; "
                    "the base game is priced for whole odds only, so no edge is stated")
        if record.missing:
            return f"figures missing in the source for: {_hands(record.missing)}; no edge can be stated"
        return "optimal strategy; edge per unit of one base bet; a zero-expectation bet counts as pulled"
    if record.cover_all is not None:
        return _cover_all_note(record.cover_all)
    return _side_note(record)


def alternative_note(alternative) -> str:
    """What the figures under another reading (a :class:`~lit_compliance.gamemath.record.Alternative`)
    rest on."""
    return ZERO_EV_RIDDEN_NOTE if alternative.priced is None else priced_note(alternative.priced)


def finding_note(value) -> str:
    """A fact's findings as a note after it: ``' (finding a)'``, ``' (findings a, b)'`` or ``''``.

    >>> finding_note("md-x"), finding_note(["a", "b"]), finding_note(None)
    (' (finding md-x)', ' (findings a, b)', '')
    """
    ids = finding_ids(value)
    if not ids:
        return ""
    return f" (finding{'s' if len(ids) > 1 else ''} {', '.join(ids)})"
