"""Side wagers priced exactly from the shared atom tables.

Payout semantics (the same as settlement): ``to_one`` X returns X+1 stakes in all; ``for_one`` X
returns X stakes; ``fixed_amount`` A returns A (the stake was collected before the deal);
``percent_of_meter`` P returns P% of the meter. A paytable pays the first line its hand satisfies.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..poker.hands import HandRules
from .tables import Atom, five_card_atoms, six_card_atoms, three_card_atoms


@dataclass
class SideResult:
    """Return per unit staked: ``constant + per_dollar / stake + per_meter * meter / stake``."""

    constant: Fraction            # return from odds lines, per unit staked
    fixed_total: Fraction         # expected fixed-amount money per round (divide by the stake)
    meter_share: Fraction         # expected fraction of the meter paid per round
    hit_frequency: Fraction
    missing: list = field(default_factory=list)   # hands whose figure the source lacks
    lines: list = field(default_factory=list)     # (line index, probability)

    def rtp(self, stake: float | None, meter: float | None = None) -> Fraction | None:
        if (self.fixed_total or self.meter_share) and not stake:
            return None
        value = self.constant
        if self.fixed_total:
            value += self.fixed_total / Fraction(stake)
        if self.meter_share:
            if meter is None:
                return None
            value += self.meter_share * Fraction(meter) / Fraction(stake)
        return value


def atoms_for(basis: str, rules: HandRules) -> tuple[Atom, ...]:
    return {
        "player_and_community": five_card_atoms,
        "player_three": three_card_atoms,
        "player_and_bonus_community": six_card_atoms,
    }[basis](rules)


def first_line(lines: list[dict], atom: Atom) -> int | None:
    for i, line in enumerate(lines):
        if line["hand"] in atom.tags and (not line.get("suits") or atom.suit in line["suits"]):
            return i
    return None


def price(lines: list[dict], atoms: tuple[Atom, ...]) -> SideResult:
    total = sum(a.count for a in atoms)
    constant = fixed = meter = hit = Fraction(0)
    missing: list[str] = []
    per_line: dict[int, Fraction] = {}
    for atom in atoms:
        i = first_line(lines, atom)
        if i is None:
            continue
        p = Fraction(atom.count, total)
        payout = lines[i]["payout"]
        kind, value = payout["kind"], payout.get("value")
        if kind == "not_offered":
            continue
        per_line[i] = per_line.get(i, Fraction(0)) + p
        hit += p
        if value is None:
            if lines[i]["hand"] not in missing:
                missing.append(lines[i]["hand"])
            continue
        value = Fraction(str(value))
        if kind == "to_one":
            constant += p * (value + 1)
        elif kind == "for_one":
            constant += p * value
        elif kind == "fixed_amount":
            fixed += p * value
        elif kind == "percent_of_meter":
            meter += p * value / 100
    return SideResult(constant, fixed, meter, hit, missing, sorted(per_line.items()))


def envy_per_other_player(envy_lines: list[dict], basis: str, rules: HandRules) -> dict:
    """Expected envy money per other player at the table, per envy stake level.

    By linearity of expectation this is exact whatever the other hands share: each other player's
    hand qualifies with its marginal probability.
    """
    atoms = atoms_for(basis, rules)
    total = sum(a.count for a in atoms)
    by_stake: dict = {}
    for stake in sorted({line.get("stake") for line in envy_lines}, key=lambda s: (s is None, s or 0)):
        lines = [ln for ln in envy_lines if ln.get("stake") == stake]
        money = Fraction(0)
        for atom in atoms:
            i = first_line(lines, atom)
            if i is not None and lines[i]["payout"].get("value") is not None:
                money += Fraction(atom.count, total) * Fraction(str(lines[i]["payout"]["value"]))
        by_stake[stake] = money
    return by_stake
