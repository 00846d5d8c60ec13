"""Side wagers priced exactly from the shared atom tables.

What a line pays and which line a hand satisfies are the model's (:mod:`lit_compliance.model`);
this module only weighs them by probability.
"""
from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from ..poker.hands import HandRules
from ..model import Line, Paytable, exact, first_line
from .tables import Atom, five_card_atoms, six_card_atoms, three_card_atoms
from ..records import record


@record(frozen=False)
class SideResult:
    """Return per unit staked: ``constant + per_dollar / stake + per_meter * meter / stake``."""

    constant: Fraction            # return from odds lines, per unit staked
    fixed_total: Fraction         # expected fixed-amount money per round (divide by the stake)
    meter_share: Fraction         # expected fraction of the meter paid per round
    hit_frequency: Fraction
    missing: list = field(default_factory=list)   # hands whose figure the source lacks
    lines: list = field(default_factory=list)     # (line index, probability)
    counts: list = field(default_factory=list)    # (line index, combinations) for every line that pays
    total: int = 0                                # combinations in all

    def rtp(self, stake: float | None, meter: float | None = None) -> Fraction | None:
        if (self.fixed_total or self.meter_share) and not stake:
            return None
        value = self.constant
        if self.fixed_total:
            value += self.fixed_total / exact(stake)
        if self.meter_share:
            if meter is None:
                return None
            value += self.meter_share * exact(meter) / exact(stake)
        return value


def atoms_for(basis, rules: HandRules) -> tuple[Atom, ...]:
    """The hand classes (with their counts) a side wager's hand basis is priced over."""
    return {
        "player_and_community": five_card_atoms,
        "player_three": three_card_atoms,
        "player_and_bonus_community": six_card_atoms,
    }[basis](rules)


def price_over_atoms(table: Paytable, atoms: tuple[Atom, ...], lines: tuple[Line, ...] | None = None) -> SideResult:
    """Price a paytable's ``lines`` (its main lines unless given) over equally likely ``atoms``."""
    lines = table.lines if lines is None else lines
    total = sum(a.count for a in atoms)
    constant = fixed = meter = hit = Fraction(0)
    missing: list[str] = []
    per_line: dict[int, Fraction] = {}
    per_count: dict[int, int] = {}
    index = {id(line): i for i, line in enumerate(lines)}
    for atom in atoms:
        line = first_line(lines, atom)
        if line is None or not line.payout.offered:
            continue
        i = index[id(line)]
        p = Fraction(atom.count, total)
        per_line[i] = per_line.get(i, Fraction(0)) + p
        per_count[i] = per_count.get(i, 0) + atom.count
        hit += p
        payout = line.payout
        if payout.missing:
            if line.hand not in missing:
                missing.append(line.hand)
        elif payout.is_odds:
            constant += p * payout.per_unit()
        elif payout.is_fixed:
            fixed += p * payout.returns(None)
        else:
            meter += p * payout.meter_share
    return SideResult(constant, fixed, meter, hit, missing, sorted(per_line.items()), sorted(per_count.items()), total)


def envy_per_other_player(table: Paytable, rules: HandRules) -> dict:
    """Expected envy money per other player at the table, per envy stake level.

    By linearity of expectation this is exact whatever the other hands share: each other player's
    hand qualifies with its marginal probability.
    """
    atoms = atoms_for(table.hand_basis, rules)
    total = sum(a.count for a in atoms)
    by_stake: dict = {}
    for stake in sorted({line.stake for line in table.envy_lines}, key=lambda s: (s is None, s or 0)):
        lines = tuple(ln for ln in table.envy_lines if ln.stake == stake)
        money = Fraction(0)
        for atom in atoms:
            line = first_line(lines, atom)
            if line is not None and line.payout.is_fixed and not line.payout.missing:
                money += Fraction(atom.count, total) * line.payout.returns(None)
        by_stake[stake] = money
    return by_stake
