"""A payout: what one paytable line pays, and the one place its arithmetic lives.

Semantics (every stage uses these through this class):

- ``to_one`` X: a win returns the stake plus X times it;
- ``for_one`` X: a win returns X times the stake in all (the stake is part of it);
- ``fixed_amount`` A: a win returns the sum A in all (the wager was collected before the deal);
- ``percent_of_meter`` P: a win returns P% of the progressive meter;
- ``not_offered``: the line pays nothing (the source prints "--" or the like).

Money is exact: :class:`fractions.Fraction` throughout, converted from the YAML number's decimal
spelling, never through binary floating point.
"""
from __future__ import annotations

from fractions import Fraction

from .enums import PayoutKind
from .provenance import finding_id_tuple
from ..records import record


def exact(value) -> Fraction | None:
    """A ruleset or configuration number as an exact fraction (``0.1`` is one tenth, not 0.1000000000000000055)."""
    if value is None:
        return None
    if isinstance(value, Fraction):
        return value
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


@record
class Payout:
    kind: PayoutKind
    value: Fraction | None
    findings: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, data: dict) -> "Payout":
        """A payout from a ruleset's payout mapping (kind, value, finding)."""
        return cls(PayoutKind(data["kind"]), exact(data.get("value")), finding_id_tuple(data.get("finding")))

    # --- what kind of figure ---------------------------------------------------------------------
    @property
    def offered(self) -> bool:
        """Whether the line pays at all (not ``not_offered``)."""
        return self.kind is not PayoutKind.NOT_OFFERED

    @property
    def missing(self) -> bool:
        """The line pays, but the source gives no figure."""
        return self.offered and self.value is None

    @property
    def is_odds(self) -> bool:
        """Paid as a multiple of the stake ("to 1" or "for 1")."""
        return self.kind in (PayoutKind.TO_ONE, PayoutKind.FOR_ONE)

    @property
    def is_fixed(self) -> bool:
        """Paid as a fixed amount of money."""
        return self.kind is PayoutKind.FIXED_AMOUNT

    @property
    def is_meter(self) -> bool:
        """Paid as a share of the progressive meter."""
        return self.kind is PayoutKind.PERCENT_OF_METER

    @property
    def meter_share(self) -> Fraction | None:
        """The fraction of the meter a meter payout pays (``10% of meter`` -> 1/10)."""
        return self.value / 100 if self.is_meter and self.value is not None else None

    # --- what it pays ----------------------------------------------------------------------------
    def returns(self, stake: Fraction | None, meter: Fraction | None = None) -> Fraction | None:
        """Everything handed to the player on a win on ``stake`` (stake included where it comes back).

        None where the figure cannot be stated: a missing figure, an odds payout with no stake, a
        meter payout with no meter.
        """
        if not self.offered:
            return Fraction(0)
        if self.value is None:
            return None
        if self.kind is PayoutKind.FIXED_AMOUNT:
            return self.value
        if self.kind is PayoutKind.PERCENT_OF_METER:
            return None if meter is None else exact(meter) * self.value / 100
        if stake is None:
            return None
        stake = exact(stake)
        return stake * (self.value + 1) if self.kind is PayoutKind.TO_ONE else stake * self.value

    def net(self, stake: Fraction | None, meter: Fraction | None = None) -> Fraction | None:
        """The win net of the stake (what a payout limit caps)."""
        got = self.returns(stake, meter)
        return None if got is None or stake is None else got - exact(stake)

    def per_unit(self, stake: Fraction | None = None, meter: Fraction | None = None) -> Fraction | None:
        """Return per unit staked. Odds need no stake; a fixed amount and a meter share need one."""
        if not self.offered:
            return Fraction(0)
        if self.value is None:
            return None
        if self.is_odds:
            return self.returns(Fraction(1))
        if not stake:
            return None
        got = self.returns(stake, meter)
        return None if got is None else got / exact(stake)

    def net_per_unit(self, stake: Fraction | None = None) -> Fraction | None:
        """The win net of the stake per unit staked ("to 1" odds: the printed figure)."""
        unit = self.per_unit(stake)
        return None if unit is None else unit - 1

    @property
    def net_odds(self) -> Fraction | None:
        """The figure said as "X to 1": the printed X for "to 1", X-1 for "X for 1"."""
        if self.value is None or not self.is_odds:
            return None
        return self.value if self.kind is PayoutKind.TO_ONE else self.value - 1

    def equivalent(self, kind: PayoutKind) -> "Payout":
        """The same payout said with the other word: X for 1 is (X-1) to 1, X to 1 is (X+1) for 1."""
        if kind is self.kind:
            return self
        if not self.is_odds or self.value is None or kind not in (PayoutKind.TO_ONE, PayoutKind.FOR_ONE):
            raise ValueError(f"{self.kind.value} cannot be said as {kind.value}")
        per_unit = self.per_unit()
        return Payout(kind, per_unit - 1 if kind is PayoutKind.TO_ONE else per_unit, self.findings)

    def whole_odds(self) -> int:
        """The "X to 1" odds as a whole number (the base game's enumeration needs whole odds)."""
        if self.kind is not PayoutKind.TO_ONE or self.value is None or self.value.denominator != 1:
            raise ValueError("not whole 'to 1' odds")
        return int(self.value)
