"""Findings the math exposes: returns over 100%, payouts out of order of rarity, missing figures.

They are reported beside the findings recorded in the ruleset data, each with the citation of the
paytable (and lines) it concerns.
"""
from __future__ import annotations

from fractions import Fraction

from ..model import Line, RulesetModel, model_of
from .side import atoms_for


def _line_probability(line: Line, atoms) -> Fraction:
    """How often a hand satisfies ``line`` at all (whichever line would pay it)."""
    total = sum(a.count for a in atoms)
    return Fraction(sum(a.count for a in atoms if line.matches(a)), total)


def math_findings(ruleset, results) -> list[dict]:
    model = ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)
    out: list[dict] = []
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    for wager in model.wagers:
        for table in wager.paytables:
            where = f"{wager.name}, {table.name}"
            result = by_key.get((wager.id, table.id))
            slug = f"math-{wager.id}-{table.id}"
            if result is not None and result.return_to_player is not None and result.return_to_player > 1:
                out.append({
                    "id": f"{slug}-return-over-100", "kind": "implausible_value", "cite": table.cite,
                    "says": f"{where}: return to player {result.return_to_player:.2%}"
                            + (f" ({result.note})" if result.note else ""),
                    "problem": "the wager returns more than it takes: the house loses on average"})
            if table.missing:
                out.append({
                    "id": f"{slug}-missing-figures", "kind": "missing_figure",
                    "cite": "; ".join(ln.cite for ln in table.missing),
                    "says": f"{where}: no figure for " + ", ".join(ln.hand for ln in table.missing),
                    "problem": "the paytable cannot be priced or settled as written"})
            if table.hand_basis == "table_highest":
                continue
            atoms = atoms_for(table.hand_basis, model.hand_rules)
            stake = table.line_stake  # the stake each line's amount is for
            priced = [(ln, _line_probability(ln, atoms),
                       ln.payout.per_unit(stake(ln, wager.stake) or Fraction(1)))
                      for ln in table.lines if not ln.payout.is_meter]
            priced = [(ln, p, v) for ln, p, v in priced if v is not None and p > 0 and ln.payout.offered]
            for i, (a, pa, va) in enumerate(priced):
                for b, pb, vb in priced[i + 1:]:
                    if pa < pb and va < vb:
                        out.append({
                            "id": f"{slug}-{b.hand}-over-{a.hand}", "kind": "implausible_value",
                            "cite": f"{a.cite}; {b.cite}",
                            "says": f"{where}: {b.hand} (probability {float(pb):.6f}) pays more than "
                                    f"the rarer {a.hand} (probability {float(pa):.6f})",
                            "problem": "payouts are not ordered by rarity"})
    return sorted(out, key=lambda f: f["id"])
