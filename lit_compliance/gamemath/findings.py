"""Findings the math exposes, beside the findings recorded in the ruleset data.

For every paytable (under the ruleset's default readings, and again under each alternative reading
that concerns it, labelled with that reading):

- a return over 100%;
- figures missing from the source;
- payouts out of order of rarity (a commoner hand paying more than a rarer one), meter payouts
  valued at the least meter the rules allow;
- a hand that loses while a weaker hand wins;
- a line that can never pay (every hand it names is paid by an earlier line);
- where the rules fix no least meter, a rarer hand paid from the meter paying less than a commoner
  one below some meter (the meter where the order turns is stated);
- a wager whose paytable the source does not print.

Each carries the citation of the paytable (and lines) it concerns.
"""
from __future__ import annotations

from fractions import Fraction

from ..model.enums import HandCategory
from ..model import Line, Paytable, Reading, RulesetModel, RulesetOrModel, Wager, model_of
from ..model.vocabulary import hand_name, priced_note
from ..poker.hands import CATEGORIES_3, CATEGORIES_5
from . import price_paytable
from .side import atoms_for


RANK_ORDER = {3: CATEGORIES_3, 5: CATEGORIES_5, 6: CATEGORIES_5 + (HandCategory.SUPER_ROYAL,)}


def _rank(atom, order: tuple) -> int:
    return max((order.index(t) for t in atom.tags if t in order), default=-1)


def _line_probability(line: Line, atoms) -> Fraction:
    """How often a hand satisfies ``line`` at all (whichever line would pay it)."""
    total = sum(a.count for a in atoms)
    return Fraction(sum(a.count for a in atoms if line.matches(a)), total)


def _table_findings(model: RulesetModel, wager: Wager, table: Paytable, result, slug: str) -> list[dict]:
    out: list[dict] = []
    where = f"{wager.name}, {table.name}"
    rtp = None if result is None or result.return_to_player is None else float(result.return_to_player)
    if rtp is not None and rtp > 1:
        out.append({
            "id": f"{slug}-return-over-100", "kind": "implausible_value", "cite": table.cite,
            "says": f"{where}: return to player {rtp:.2%}"
                    + (f" ({priced_note(result)})" if priced_note(result) else ""),
            "problem": "the wager returns more than it takes: the house loses on average"})
    if table.missing:
        out.append({
            "id": f"{slug}-missing-figures", "kind": "missing_figure",
            "cite": "; ".join(ln.cite for ln in table.missing),
            "says": f"{where}: no figure for " + ", ".join(hand_name(ln.hand, ln.suits) for ln in table.missing),
            "problem": "the paytable cannot be priced or settled as written"})
    if table.hand_basis == "table_highest":
        return out
    atoms = atoms_for(table.hand_basis, model.hand_rules)
    meter = wager.meter.reset_minimum if wager.meter else None
    priced = []
    by_meter = []   # meter lines where the rules fix no least meter: (line, probability, value at 0, per $1 of meter)
    for ln in table.lines:
        stake = table.line_stake(ln, wager.stake) or Fraction(1)
        value = ln.payout.per_unit(stake, meter)
        p = _line_probability(ln, atoms)
        if not ln.payout.offered or p == 0:
            continue
        if value is not None:
            priced.append((ln, p, value))
        elif ln.payout.is_meter and meter is None and ln.payout.value is not None:
            zero = ln.payout.per_unit(stake, Fraction(0))
            by_meter.append((ln, p, zero, ln.payout.per_unit(stake, Fraction(1)) - zero))
    out += _meter_inversions(where, slug, priced, by_meter)
    for i, (a, pa, va) in enumerate(priced):
        for b, pb, vb in priced[i + 1:]:
            if pa < pb and va < vb:
                at_meter = " at the least meter" if a.payout.is_meter or b.payout.is_meter else ""
                out.append({
                    "id": f"{slug}-{b.hand}-over-{a.hand}", "kind": "implausible_value",
                    "cite": f"{a.cite}; {b.cite}",
                    "says": f"{where}: {hand_name(b.hand, b.suits)} (probability {float(pb):.6f}) pays more{at_meter} "
                            f"than the rarer {hand_name(a.hand, a.suits).lower()} (probability {float(pa):.6f})",
                    "problem": "payouts are not ordered by rarity"})
    order = RANK_ORDER[table.hand_basis.card_count]
    paid = [(atom, table.line_for(atom)) for atom in atoms]
    winners = [(atom, line) for atom, line in paid if line is not None and line.payout.offered]
    for atom, line in paid:
        if line is not None and line.payout.offered:
            continue
        weaker = [(w, wl) for w, wl in winners if _rank(w, order) < _rank(atom, order)]
        if weaker:
            name = order[_rank(atom, order)]
            lost = hand_name(name).lower() + (f" of {atom.suit}" if atom.suit else "")
            w, wl = max(weaker, key=lambda x: _rank(x[0], order))
            fid = f"{slug}-{name}-loses"
            if not any(f["id"] == fid for f in out):
                out.append({
                    "id": fid, "kind": "contradiction",
                    "cite": line.cite if line is not None else table.cite,
                    "says": f"{where}: a {lost} "
                            + ("is on a line that pays nothing" if line is not None else "matches no line")
                            + f", while the weaker {hand_name(order[_rank(w, order)]).lower()} wins "
                              f"({hand_name(wl.hand, wl.suits).lower()} line)",
                    "problem": "a hand loses while a weaker hand wins"})
    for ln in table.lines:
        if not ln.payout.offered or _line_probability(ln, atoms) == 0:
            continue
        if not any(line is ln for _, line in paid):
            out.append({
                "id": f"{slug}-{ln.hand}-never-pays", "kind": "contradiction", "cite": ln.cite,
                "says": f"{where}: the {hand_name(ln.hand, ln.suits).lower()} line is never the first line a hand "
                        "satisfies",
                "problem": "the line can never pay: every hand it names is paid by an earlier line"})
    return out


def paytable_findings(model: RulesetModel, wager: Wager, table: Paytable, result, slug: str) -> list[dict]:
    """What the math flags in one paytable (a ruleset's, or a table's own house paytable) given its
    priced ``result``; each finding's id starts with ``slug`` (``math-WAGER-PAYTABLE``)."""
    return _table_findings(model, wager, table, result, slug)


def _meter_inversions(where: str, slug: str, priced: list, by_meter: list) -> list[dict]:
    """Where the rules fix no least meter: a rarer hand paid from the meter pays less than a commoner
    one below some meter (or a commoner meter hand more than a rarer one above some meter). One
    finding per meter-paid hand, against the hand whose order turns at the meter least favourable
    to it (the highest 'below' meter, the lowest 'above' meter), stating that meter."""
    binding: dict = {}
    lines = [(ln, p, v, Fraction(0)) for ln, p, v in priced] + by_meter
    for i, (a, pa, a0, a1) in enumerate(lines):
        for b, pb, b0, b1 in lines[i + 1:]:
            if not (a1 or b1):
                continue
            (r, pr, r0, r1), (c, pc, c0, c1) = ((a, pa, a0, a1), (b, pb, b0, b1)) if pa < pb else \
                ((b, pb, b0, b1), (a, pa, a0, a1))
            if pr == pc or r1 == c1:
                continue
            turn = (c0 - r0) / (r1 - c1)    # the meter where the rarer pays as much as the commoner
            if turn <= 0:
                continue
            side = "below" if r1 > c1 else "above"
            key = (r.hand, tuple(r.suits)) if r1 else (c.hand, tuple(c.suits))
            kept = binding.get((key, side))
            if kept is not None and (turn <= kept[0] if side == "below" else turn >= kept[0]):
                continue
            binding[(key, side)] = (turn, {
                "id": f"{slug}-{c.hand}-over-{r.hand}-by-meter", "kind": "implausible_value",
                "cite": f"{r.cite}; {c.cite}",
                "says": f"{where}: {side} a meter of ${float(turn):,.2f} the {hand_name(r.hand, r.suits).lower()} "
                        f"(probability {float(pr):.6f}) pays less than the commoner {hand_name(c.hand, c.suits).lower()} "
                        f"(probability {float(pc):.6f}); the rules fix no least meter, so nothing rules this out",
                "problem": "payouts are not ordered by rarity at every meter the rules allow",
                "meter": float(turn)})
    return [f for _, f in binding.values()]


def lost_paytables(model: RulesetModel) -> list[dict]:
    """A wager the rules provide for whose paytable the source does not print: it cannot be priced
    or settled as written."""
    return [{"id": f"math-{w.id}-no-paytable", "kind": "missing_figure", "cite": w.cite,
             "says": f"{w.name}: the source prints no paytable for this wager",
             "problem": "the wager cannot be priced or settled as written"}
            for w in model.wagers if not w.paytables and not w.is_base]


def math_findings(ruleset: RulesetOrModel, results) -> list[dict]:
    """Findings from the math: paytables returning over 100%, payouts out of order of rarity, figures missing."""
    model = ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)
    out: list[dict] = []
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    for wager in model.wagers:
        for table in wager.paytables:
            out += _table_findings(model, wager, table, by_key.get((wager.id, table.id)), f"math-{wager.id}-{table.id}")
    out += lost_paytables(model)
    out += _under_alternatives(model, {f["id"] for f in out}, {k for k in by_key})
    return sorted(out, key=lambda f: f["id"])


def _under_alternatives(model: RulesetModel, seen: set, priced: set) -> list[dict]:
    """What each alternative reading would expose that the default does not (labelled with it)."""
    out = []
    for finding in model.open_findings:
        for reading in finding.readings:
            if reading in model.applied:
                continue
            other = model.under(reading)
            for wager in other.wagers:
                for table in wager.paytables:
                    if (wager.id, table.id) not in priced or not _concerns(reading, finding, wager, table):
                        continue
                    result = price_paytable(wager, table, other.hand_rules)
                    for f in _table_findings(other, wager, table, result, f"math-{wager.id}-{table.id}"):
                        if f["id"] in seen:
                            continue
                        out.append(_labelled(f, reading))
    return out


def _concerns(reading: Reading, finding, wager: Wager, table: Paytable) -> bool:
    prefix = ("wagers", wager.id, "paytables", table.id)
    return any(r.touches(prefix) for r in finding.readings)


def _labelled(f: dict, reading: Reading) -> dict:
    return {**f, "id": f"{f['id']}-under-{reading.finding}-{reading.id}",
            "says": f"under reading {reading.finding}/{reading.id}: {f['says']}",
            "reading": {"finding": reading.finding, "reading": reading.id}}
