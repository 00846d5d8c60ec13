"""The base game under optimal strategy, exactly.

Each of the three equal bets wins ``m(hand)`` units (its "to 1" odds) or loses one. Bet 3 always
rides. Because every riding bet is settled on the same final hand, each decision is separate: bet 1
rides when the expected value of ``m`` given the player's three cards is positive, bet 2 when it is
positive given those three and the first community card. A holding whose expectation is exactly
zero may ride or be pulled: the return is the same either way. Both conventions are computed (the
readings :data:`~lit_compliance.model.readings.ZERO_EV_PULLED`, the default, and ``ZERO_EV_RIDDEN``).
"""
from __future__ import annotations

from collections import Counter
from copy import deepcopy
from dataclasses import field
from fractions import Fraction
from math import comb

import numpy as np

from ..model.enums import HandCategory
from ..poker.hands import CATEGORIES_5, IMPLIED, HandRules
from ..model import Paytable
from .record import Holding, HoldingGroupKind, HoldingKind
from .strategy import derive
from .tables import Atom, base_classes
from ..records import record

N4, N3 = comb(52, 4), comb(52, 3)


@record(frozen=False)
class BaseResult:
    house_edge: Fraction               # per unit of one base bet
    average_bets: Fraction             # units in action per round (1 to 3)
    element_of_risk: Fraction          # house edge per unit in action
    hit_frequency: Fraction            # probability the final hand pays
    ride1_share: Fraction              # share of three-card holdings on which bet 1 rides
    ride2_share: Fraction              # share of four-card holdings on which bet 2 rides
    average_bets_ridden: Fraction      # the same with zero-expectation bets ridden (published convention)
    element_of_risk_ridden: Fraction
    outcomes: dict = field(default_factory=dict)  # (category, bets riding) -> probability
    bet_expectations: tuple = ()                   # expectation of bets 1, 2 and 3 (pulled counts 0)
    ride3: list = field(default_factory=list)      # three-card holdings that ride (Holding), best first
    ride4: dict = field(default_factory=dict)      # four-card holdings that ride, by HoldingGroupKind
    rules: dict = field(default_factory=dict)      # the strategy in rule form (:mod:`.strategy`), bet1 and bet2


def not_whole_odds(paytable: Paytable) -> list[str]:
    """The hands whose base figure is not whole "to 1" odds (e.g. 1/2 to 1 or a money amount): the
    base-game enumeration prices whole odds only, so such a paytable gets no edge, said so."""
    out = []
    for category in CATEGORIES_5:
        line = paytable.line_for(Atom(frozenset({category} | IMPLIED.get(category, set())), None, 1))
        if line is None or not line.payout.offered or line.payout.missing:
            continue
        try:
            line.payout.whole_odds()
        except ValueError:
            out.append(line.hand)
    return list(dict.fromkeys(out))


def multipliers(paytable: Paytable) -> tuple[np.ndarray, list[str]]:
    """Net win per unit for each five-card category code; -1 for a loss. Also missing-figure hands.

    Each category is paid by the paytable's own rule (:meth:`Paytable.line_for`, first line
    satisfied); a base paytable pays "to 1" odds, so the net win is the printed figure.
    """
    m = np.full(len(CATEGORIES_5), -1, dtype=np.int64)
    missing: list[str] = []
    for code, category in enumerate(CATEGORIES_5):
        line = paytable.line_for(Atom(frozenset({category} | IMPLIED.get(category, set())), None, 1))
        if line is None or not line.payout.offered:
            continue
        if line.payout.missing:
            missing.append(line.hand)
            continue
        try:
            m[code] = line.payout.whole_odds()
        except ValueError:
            raise ValueError(f"base paytable line {line.hand} is not whole 'to 1' odds") from None
    return m, missing


_ANALYSED: dict = {}  # (net wins, ranking rule) -> (tables, BaseResult): paytables paying alike are priced once a run


def analyse_base(m: np.ndarray, rules: HandRules) -> BaseResult:
    """Optimal strategy and its figures, from the tables over suit classes (:func:`base_classes`):
    a holding's expectation is its class's, and each sum over holdings weighs a class by its size.
    The figures depend only on the net wins and the ranking rule, so two paytables (or readings)
    paying alike share one computation within a run."""
    t = base_classes(rules)
    key = (tuple(int(x) for x in m), rules)
    known = _ANALYSED.get(key)
    if known is None or known[0] is not t:   # new tables (a test clearing them): compute anew
        if len(_ANALYSED) >= 64:
            _ANALYSED.clear()
        known = _ANALYSED[key] = (t, _analyse_base(t, m, rules))
    return deepcopy(known[1])


def _analyse_base(t, m: np.ndarray, rules: HandRules) -> BaseResult:
    w4, w3 = t.weight4.astype(np.int64), t.weight3.astype(np.int64)
    counts4 = t.counts4.astype(np.int64)
    e4 = counts4 @ m                             # sum over 48 completions
    e3 = t.counts3.astype(np.int64) @ m          # sum over 1,176 completions
    ride2 = e4 > 0
    ride1 = e3 > 0
    # the published convention rides a zero-expectation bet: same return, more in action
    average_ridden = 1 + Fraction(int(w3[e3 >= 0].sum()), N3) + Fraction(int(w4[e4 >= 0].sum()), N4)
    five_counts = (w4 @ counts4) // 5           # each five-card set has 4-subsets x5
    total5 = int(five_counts.sum())
    ev3 = Fraction(int((five_counts * m).sum()), total5)
    ev1 = Fraction(int((w3 * e3)[ride1].sum()), N3 * 1176)
    ev2 = Fraction(int((w4 * e4)[ride2].sum()), N4 * 48)
    ev = ev3 + ev1 + ev2
    p1 = Fraction(int(w3[ride1].sum()), N3)
    p2 = Fraction(int(w4[ride2].sum()), N4)
    average = 1 + p1 + p2
    paying = m > 0
    hit = Fraction(int(five_counts[paying].sum()), total5)

    # joint distribution of (final category, bets riding): each 4-card set splits four ways into
    # the player's three cards and the first community card. Of a set's four splits, ``r1`` let
    # bet 1 ride; bet 2 rides on all four or none, so the splits ride 1 + (bet 1) + (bet 2) bets.
    r1 = ride1[t.sub3].sum(axis=1, dtype=np.int64)
    r2 = ride2.astype(np.int64)
    weights = {1: (1 - r2) * (4 - r1), 2: (1 - r2) * r1 + r2 * (4 - r1), 3: r2 * r1}
    joint = np.zeros((len(CATEGORIES_5), 4), dtype=np.int64)
    for b, w in weights.items():
        joint[:, b] = (w * w4) @ counts4
    total = N4 * 4 * 48
    outcomes = {(CATEGORIES_5[c], b): Fraction(int(joint[c, b]), total)
                for c in range(len(CATEGORIES_5)) for b in (1, 2, 3) if joint[c, b]}
    return BaseResult(
        house_edge=-ev, average_bets=average, element_of_risk=-ev / average, hit_frequency=hit,
        ride1_share=p1, ride2_share=p2, average_bets_ridden=average_ridden,
        element_of_risk_ridden=-ev / average_ridden, outcomes=outcomes, bet_expectations=(ev1, ev2, ev3),
        ride3=_describe3(t.cards3[ride1]), ride4=_describe4(ride2, t.cards4, w4),
        rules=strategy_rules(t, e3, e4, m, rules),
    )


def strategy_rules(t, e3: np.ndarray, e4: np.ndarray, m: np.ndarray, rules: HandRules) -> dict:
    """The strategy as ordered rules for bet 1 and bet 2, derived from the exact expectations of
    every suit class (:func:`.strategy.derive`)."""

    pair_pays = bool(m[CATEGORIES_5.index(HandCategory.PAIR_TENS_OR_BETTER)] > 0)
    bet1 = derive(3, t.cards3, e3, rules.ace_low_straight_5, pair_pays)
    bet2 = derive(4, t.cards4, e4, rules.ace_low_straight_5, pair_pays)
    return {"bet1": bet1, "bet2": bet2}


def _shape_rank(ranks: list[int]) -> int:
    counts = Counter(ranks)
    return max(counts, key=lambda r: (counts[r], r)) + 100 * (max(counts.values()) - 1) \
        + 50 * (sorted(counts.values()) == [1, 2, 2] or sorted(counts.values()) == [2, 2])


def _shape(ranks: list[int]) -> Holding:
    """A holding with repeated ranks as the strategy tells it: four of a kind, three of a rank, two
    pair, a pair of a rank (said 'three 7s', 'two pair', 'a pair of Qs')."""
    counts = Counter(ranks)
    top = max(counts, key=lambda r: (counts[r], r))
    if counts[top] == 4:
        return Holding(HoldingKind.FOUR_OF_A_KIND)
    if counts[top] == 3:
        return Holding(HoldingKind.THREE_OF_A_KIND, (top,))
    if sum(1 for n in counts.values() if n == 2) == 2:
        return Holding(HoldingKind.TWO_PAIR)
    return Holding(HoldingKind.PAIR, (top,))


def _describe3(sets: np.ndarray) -> list[Holding]:
    """Three-card holdings that ride (a set of each riding class), by ranks and whether all three
    share a suit, best first: repeated ranks, then suited, then unsuited, each by rank."""
    ranks = np.sort(sets // 4 + 2, axis=1)[:, ::-1].astype(np.int64)       # high to low
    suits = sets % 4
    suited = (suits == suits[:, :1]).all(axis=1)
    keys = np.unique(((ranks[:, 0] * 15 + ranks[:, 1]) * 15 + ranks[:, 2]) * 2 + suited)
    out: dict = {}   # holding -> its place (distinct holdings have distinct places)
    for key in keys.tolist():  # one entry per distinct (ranks, suited): a few hundred at most
        rest, is_suited = divmod(key, 2)
        ranks3 = [rest // 225, rest // 15 % 15, rest % 15]
        if len(set(ranks3)) < 3:
            out[_shape(ranks3)] = (0, (-_shape_rank(ranks3),))
        else:
            out[Holding(HoldingKind.RANKS, tuple(ranks3), bool(is_suited))] = (1 if is_suited else 2,
                                                                               tuple(-r for r in ranks3))
    return sorted(out, key=out.__getitem__)


_LABELS4: list = []  # [(the class representatives, their labels)]: one array serves every ranking rule


def _labels4_of(sets: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[HoldingGroupKind], list[Holding]]:
    """:func:`_labels4`, remembered for the representatives array last asked about."""
    for known, labels in _LABELS4:
        if known is sets:
            return labels
    labels = _labels4(sets)
    _LABELS4[:] = [(sets, labels)]
    return labels


def _labels4(sets: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[HoldingGroupKind], list[Holding]]:
    """For each four-card set: its group code and label id; plus the groups and the holdings by label id.

    Groups: 0 a repeated rank, 1 four to a flush, 2 any other rank set. Label ids are ordered so
    that sorting them lists holdings best first.
    """
    groups = [HoldingGroupKind.PAIRS, HoldingGroupKind.FOUR_FLUSH, HoldingGroupKind.OTHER]
    ranks = np.sort(sets // 4 + 2, axis=1)[:, ::-1].astype(np.int64)        # high to low
    repeated = (ranks[:, 1:] == ranks[:, :-1]).any(axis=1)
    suits = sets % 4
    flush4 = (suits == suits[:, :1]).all(axis=1)
    group_of = np.where(repeated, 0, np.where(flush4, 1, 2)).astype(np.int8)
    pattern = ((ranks[:, 0] * 15 + ranks[:, 1]) * 15 + ranks[:, 2]) * 15 + ranks[:, 3]
    codes, inverse = np.unique(group_of.astype(np.int64) * 15 ** 4 + pattern, return_inverse=True)
    entries = []
    for code in codes:
        g, rest = divmod(int(code), 15 ** 4)
        rs = [rest // 15 ** 3, rest // 15 ** 2 % 15, rest // 15 % 15, rest % 15]
        if g == 0:
            entries.append((g, -_shape_rank(rs), _shape(rs)))
        else:
            entries.append((g, tuple(-r for r in rs), Holding(HoldingKind.RANKS, tuple(rs), g == 1)))
    order = sorted(range(len(entries)), key=lambda i: entries[i][:2])
    position = np.empty(len(entries), dtype=np.int32)
    position[order] = np.arange(len(entries), dtype=np.int32)
    holdings = [entries[i][2] for i in order]
    return group_of, position[inverse.ravel()], groups, holdings


def _describe4(ride2: np.ndarray, sets: np.ndarray, weight: np.ndarray) -> dict:
    """Four-card holdings that ride, summarised: paying pairs, four-flushes, and rank sets. ``sets``
    holds a set of each class, ``weight`` how many sets the class has, ``ride2`` whether it rides."""
    group_of, label_of, groups, holdings = _labels4_of(sets)
    out = {}
    for g, group in enumerate(groups):
        in_group = group_of == g
        riding = in_group & ride2
        out[group] = {"riding": int(weight[riding].sum()), "of": int(weight[in_group].sum()),
                     "holdings": list(dict.fromkeys(holdings[i] for i in np.unique(label_of[riding])))}
    return out
