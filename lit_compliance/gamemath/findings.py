"""Findings the math exposes: returns over 100%, payouts out of order of rarity, missing figures.

They are reported beside the findings recorded in the ruleset data, each with the citation of the
paytable (and lines) it concerns.
"""
from __future__ import annotations

from fractions import Fraction

from ..poker.hands import HandRules
from .side import atoms_for


def _line_probability(line: dict, atoms) -> Fraction:
    total = sum(a.count for a in atoms)
    hits = sum(a.count for a in atoms
               if line["hand"] in a.tags and (not line.get("suits") or a.suit in line["suits"]))
    return Fraction(hits, total)


def _per_unit(payout: dict, stake: float | None) -> Fraction | None:
    kind, value = payout["kind"], payout.get("value")
    if value is None or kind in ("not_offered", "percent_of_meter"):
        return None
    value = Fraction(str(value))
    if kind == "to_one":
        return value + 1
    if kind == "for_one":
        return value
    return value / Fraction(str(stake)) if stake else value  # fixed amount per $1 when unstated


def math_findings(ruleset, results) -> list[dict]:
    rules = HandRules.from_ruleset(ruleset.data)
    out: list[dict] = []
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    for wager in ruleset.wagers:
        for table in wager["paytables"]:
            where = f"{wager['name']}, {table['name']}"
            result = by_key.get((wager["id"], table["id"]))
            slug = f"math-{wager['id']}-{table['id']}"
            if result is not None and result.return_to_player is not None and result.return_to_player > 1:
                out.append({
                    "id": f"{slug}-return-over-100", "kind": "implausible_value", "cite": table["cite"],
                    "says": f"{where}: return to player {result.return_to_player:.2%}"
                            + (f" ({result.note})" if result.note else ""),
                    "problem": "the wager returns more than it takes: the house loses on average"})
            missing = [ln for ln in table["lines"] if ln["payout"].get("value") is None
                       and ln["payout"]["kind"] != "not_offered"]
            if missing:
                out.append({
                    "id": f"{slug}-missing-figures", "kind": "missing_figure",
                    "cite": "; ".join(ln["cite"] for ln in missing),
                    "says": f"{where}: no figure for " + ", ".join(ln["hand"] for ln in missing),
                    "problem": "the paytable cannot be priced or settled as written"})
            basis = table.get("hand_basis", wager["hand_basis"])
            if basis == "table_highest":
                continue
            atoms = atoms_for(basis, rules)
            stake = table.get("stake") or (wager.get("stake") or {}).get("amount")
            priced = [(ln, _line_probability(ln, atoms), _per_unit(ln["payout"], stake)) for ln in table["lines"]]
            priced = [(ln, p, v) for ln, p, v in priced if v is not None and p > 0]
            for i, (a, pa, va) in enumerate(priced):
                for b, pb, vb in priced[i + 1:]:
                    if pa < pb and va < vb:
                        out.append({
                            "id": f"{slug}-{b['hand']}-over-{a['hand']}", "kind": "implausible_value",
                            "cite": f"{a['cite']}; {b['cite']}",
                            "says": f"{where}: {b['hand']} (probability {float(pb):.6f}) pays more than "
                                    f"the rarer {a['hand']} (probability {float(pa):.6f})",
                            "problem": "payouts are not ordered by rarity"})
    return sorted(out, key=lambda f: f["id"])
