"""Exact moments of a wager's net result per unit staked, from (probability, net result) pairs."""
from __future__ import annotations

from fractions import Fraction
from math import sqrt
from ..records import record


@record
class Moments:
    """Mean, second moment and variance of the net result per unit staked, exactly."""

    mean: Fraction
    second: Fraction
    win: Fraction           # probability of a net win
    push: Fraction          # probability the stake just comes back

    @property
    def variance(self) -> Fraction:
        return self.second - self.mean ** 2

    @property
    def sd(self) -> float:
        return sqrt(max(float(self.variance), 0.0))

    def as_dict(self) -> dict:
        """The moments as the priced record carries them (fractions as ``"n/d"`` text)."""
        return {"mean": _frac(self.mean), "variance": _frac(self.variance), "standard_deviation": self.sd,
                "win_frequency": float(self.win), "push_frequency": float(self.push),
                "win_frequency_exact": _frac(self.win), "push_frequency_exact": _frac(self.push)}


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def moments(outcomes) -> Moments:
    """``outcomes``: (probability, net result per unit) pairs summing to probability one."""
    mean = second = win = push = Fraction(0)
    for p, x in outcomes:
        mean += p * x
        second += p * x * x
        if x > 0:
            win += p
        elif x == 0:
            push += p
    return Moments(mean, second, win, push)
