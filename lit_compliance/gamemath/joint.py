"""One player's round, jointly: every wager settled on the same deal, exactly.

The base game, the Five Card Bonus, the Three Card Bonus, the Six Card Bonus and a progressive are
all settled on one player's cards, so their results are not independent (a player holding a flush
wins the base game and the Five Card Bonus together). From the joint count table of the deal
(:func:`.joint_counts.joint_counts`), each wager's net result per unit staked is a function of one
axis (the base game: of the final hand and the bets riding), priced line by line as the marginal
prices are (:func:`lit_compliance.model.first_line`, :meth:`Payout.per_unit` at the stake and meter
the wager is priced at). So:

- :func:`settled` reads one wager's paytable into its values on the table's axes;
- :func:`joint_moments` gives the exact means and covariances of the wagers' net results per unit,
  and of the player's total in money at the amounts staked;
- :func:`outcome_distribution` gives their exact joint distribution, and :func:`player_distribution` the exact distribution of the player's total net result of one
  round.

Not settled on the player's own cards, so not here: Cover All (the highest hand at the table) and an
envy bonus (paid on the other players' hands); neither is in the marginal prices' moments either.
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd, sqrt

import numpy as np

from ..model import Paytable, Wager, first_line
from ..poker.hands import CATEGORIES_5, HandRules
from .joint_counts import JointCounts, joint_counts
from .tables import five_card_atoms, six_card_atoms, three_card_atoms
from ..records import record

AXES = {"player_and_community": "five", "player_three": "three", "player_and_bonus_community": "six"}


class NotSettledOnTheHand(ValueError):
    """A wager whose result is not a function of the player's own deal (Cover All), or whose paytable
    cannot be priced (a missing figure, a meter line without a meter, odds that are not whole)."""


@record
class Settled:
    """One wager as the player's deal settles it: its net result per unit staked on each cell of its
    axis (``base``: indexed [five-card atom, bets riding]; ``five``, ``three``, ``six``: by atom),
    and the amount staked (each of the equal base bets; the side wager)."""

    wager_id: str
    axis: str
    values: tuple                  # Fractions (base: a tuple of rows, one per five-card atom)
    amount: Fraction = Fraction(1)
    net_wins: tuple | None = None  # the base game's net win by five-card category (its strategy)


def _category(atom) -> int:
    """The five-card category code of a five-card atom (its own tag, not those it implies)."""
    names = [n for n in CATEGORIES_5 if n in atom.tags]
    return max(CATEGORIES_5.index(n) for n in names)


def settled(wager: Wager, table: Paytable, rules: HandRules, stake: Fraction | None = None,
            meter: Fraction | None = None, amount: Fraction | None = None) -> Settled:
    """A wager on its paytable, priced per unit at ``stake`` and ``meter`` (where its lines pay money
    or from the meter; the engine's record prices at the same), staked ``amount`` (default: the stake,
    else one unit)."""
    amount = Fraction(amount) if amount is not None else (Fraction(stake) if stake else Fraction(1))
    if table is None:
        raise NotSettledOnTheHand(f"{wager.id}: no paytable chosen")
    if wager.is_base:
        from .base import multipliers, not_whole_odds  # lazy: numpy

        if not_whole_odds(table):
            raise NotSettledOnTheHand(f"{wager.id}: the base game is priced for whole 'to 1' odds only")
        m, missing = multipliers(table)
        if missing:
            raise NotSettledOnTheHand(f"{wager.id}: figures missing for {', '.join(missing)}")
        rows = tuple(tuple(Fraction(b * int(m[_category(a)])) for b in range(4)) for a in five_card_atoms(rules))
        return Settled(wager.id, "base", rows, amount, tuple(int(x) for x in m))
    axis = AXES.get(table.hand_basis.value)
    if axis is None:
        raise NotSettledOnTheHand(f"{wager.id}: settled on every player's hand ({table.hand_basis.value}), "
                                  "not on one player's deal")
    atoms = {"five": five_card_atoms, "three": three_card_atoms, "six": six_card_atoms}[axis](rules)
    unit = Fraction(stake) if stake else Fraction(1)
    meter = Fraction(meter) if meter is not None else None
    values = []
    for atom in atoms:
        line = first_line(table.lines, atom)
        if line is None or not line.payout.offered:
            values.append(Fraction(-1))
            continue
        back = line.payout.per_unit(unit, meter)
        if back is None:
            raise NotSettledOnTheHand(f"{wager.id}: the line {line.hand} has no figure at this stake and meter")
        values.append(back - 1)
    return Settled(wager.id, axis, tuple(values), amount)


@record
class JointMoments:
    """Exact means and covariances of the wagers' net results per unit staked (the player's), and
    the player's total in money at the amounts staked."""

    wager_ids: tuple[str, ...]
    amounts: tuple[Fraction, ...]
    mean: tuple[Fraction, ...]                  # per unit, by wager
    covariance: tuple[tuple[Fraction, ...], ...]  # per unit, by pair of wagers
    deals: int                                  # the deals counted

    def variance(self, i: int) -> Fraction:
        return self.covariance[i][i]

    def sd(self, i: int) -> float:
        return sqrt(float(self.variance(i)))

    def correlation(self, i: int, j: int) -> float:
        return float(self.covariance[i][j]) / (self.sd(i) * self.sd(j)) if self.sd(i) and self.sd(j) else 0.0

    @property
    def total_mean(self) -> Fraction:
        """The player's expected net result of one round, in money."""
        return sum((a * m for a, m in zip(self.amounts, self.mean)), Fraction(0))

    @property
    def total_variance(self) -> Fraction:
        """The variance of the player's net result of one round, in money: every covariance counted."""
        n = len(self.amounts)
        return sum((self.amounts[i] * self.amounts[j] * self.covariance[i][j] for i in range(n) for j in range(n)),
                   Fraction(0))

    @property
    def total_sd(self) -> float:
        return sqrt(float(self.total_variance))

    @property
    def independent_sd(self) -> float:
        """What the SD would be were the wagers independent (the covariances left out)."""
        return sqrt(float(sum((a * a * self.variance(i) for i, a in enumerate(self.amounts)), Fraction(0))))


def table_for(wagers: list[Settled], rules: HandRules) -> JointCounts:
    """The joint count table the wagers need: the base game's strategy where one is among them, the
    six-card axis where a Six Card Bonus is."""
    bases = {w.net_wins for w in wagers if w.axis == "base"}
    if len(bases) > 1:
        raise ValueError("one player plays one base game")
    return joint_counts(rules, next(iter(bases), None), any(w.axis == "six" for w in wagers))


def _cells(jc: JointCounts, wagers: list[Settled]) -> tuple[np.ndarray, list[list[Fraction]]]:
    """The table's non-zero cells (counts) and each wager's value on each of them."""
    where = np.nonzero(jc.counts)
    counts = jc.counts[where]
    i5, bets, i3, i6 = (w.tolist() for w in where)
    out = []
    for w in wagers:
        if w.axis == "base":
            out.append([w.values[a][b] for a, b in zip(i5, bets)])
        else:
            index = {"five": i5, "three": i3, "six": i6}[w.axis]
            out.append([w.values[k] for k in index])
    return counts, out


AXIS_OF = {"base": (0, 1), "five": (0,), "three": (2,), "six": (3,)}


def _numerators(w: Settled) -> tuple[np.ndarray, int]:
    """A wager's values on its axes as whole numbers over one denominator (object arrays: exact)."""
    rows = w.values if w.axis == "base" else (w.values,)
    flat = [v for row in rows for v in row]
    denominator = 1
    for v in flat:
        denominator = denominator * v.denominator // gcd(denominator, v.denominator)
    array = np.array([int(v * denominator) for v in flat], dtype=object)
    return array.reshape((len(w.values), 4) if w.axis == "base" else (len(w.values),)), denominator


def _on(jc: JointCounts, w: Settled, axes: tuple[int, ...], numerators: np.ndarray) -> np.ndarray:
    """A wager's numerators placed on the marginal over ``axes`` (a superset of its own), broadcast."""
    mine = AXIS_OF[w.axis]
    shape = [jc.counts.shape[a] if a in mine else 1 for a in axes]
    return numerators.reshape(shape)


def joint_moments(wagers: list[Settled], rules: HandRules) -> JointMoments:
    """Exact means and covariances of the wagers' net results per unit (see :class:`JointMoments`):
    each pair's from the table's marginal over the axes the two are settled on, in whole numbers."""
    jc = table_for(wagers, rules)
    nums = [_numerators(w) for w in wagers]
    mean = []
    for w, (num, den) in zip(wagers, nums):
        axes = AXIS_OF[w.axis]
        counts = jc.marginal(axes).astype(object)
        mean.append(Fraction(int((counts * _on(jc, w, axes, num)).sum()), den * jc.total))
    n = len(wagers)
    cov = [[Fraction(0)] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            axes = tuple(sorted(set(AXIS_OF[wagers[i].axis]) | set(AXIS_OF[wagers[j].axis])))
            counts = jc.marginal(axes).astype(object)
            second = int((counts * _on(jc, wagers[i], axes, nums[i][0]) * _on(jc, wagers[j], axes, nums[j][0])).sum())
            cov[i][j] = cov[j][i] = Fraction(second, nums[i][1] * nums[j][1] * jc.total) - mean[i] * mean[j]
    return JointMoments(tuple(w.wager_id for w in wagers), tuple(w.amount for w in wagers), tuple(mean),
                        tuple(tuple(row) for row in cov), jc.total)


def outcome_distribution(wagers: list[Settled], rules: HandRules) -> dict:
    """The exact joint distribution of the wagers' net results per unit: {(one value per wager, in
    order): probability}."""
    jc = table_for(wagers, rules)
    counts, values = _cells(jc, wagers)
    by_key: dict = {}
    for k, c in enumerate(counts.tolist()):
        key = tuple(v[k] for v in values)
        by_key[key] = by_key.get(key, 0) + c
    return {key: Fraction(c, jc.total) for key, c in by_key.items()}


def player_distribution(wagers: list[Settled], rules: HandRules) -> list[tuple[Fraction, Fraction]]:
    """The exact distribution of the player's total net result of one round in money (the wagers'
    values times their amounts, summed on each deal): (value, probability) pairs, lowest value first.
    Each deal's total is a whole number over one common denominator (each wager's :func:`_numerators`
    times its amount), so the deals are added up by value in whole numbers, not one fraction at a time."""
    jc = table_for(wagers, rules)
    where = np.nonzero(jc.counts)
    counts = jc.counts[where]
    on_axis = {"five": where[0], "three": where[2], "six": where[3]}
    parts = []
    for w in wagers:
        num, den = _numerators(w)
        cells = num[where[0], where[1]] if w.axis == "base" else num[on_axis[w.axis]]
        amount = Fraction(w.amount)
        parts.append((cells, amount.numerator, amount.denominator * den))
    common = 1
    for _, _, den in parts:
        common = common * den // gcd(common, den)
    total = np.zeros(len(counts), dtype=object)
    for cells, times, den in parts:
        total = total + cells * (times * (common // den))
    by_value: dict = {}
    for x, c in zip(total.tolist(), counts.tolist()):
        by_value[x] = by_value.get(x, 0) + c
    return [(Fraction(x, common), Fraction(c, jc.total)) for x, c in sorted(by_value.items())]
