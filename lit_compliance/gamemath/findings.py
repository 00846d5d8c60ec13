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

Each is a typed record (:class:`~.findings_record.MathFinding`) carrying the citation of the
paytable (and lines) it concerns; the views say it with
:mod:`lit_compliance.model.findings_vocabulary` (:func:`math_findings` gives the said form).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..model.enums import HandCategory
from ..model import Line, Paytable, Reading, RulesetModel, RulesetOrModel, Wager, model_of
from ..model.findings_vocabulary import finding_json
from ..poker.hands import CATEGORIES_3, CATEGORIES_5
from . import price_paytable
from .findings_record import FlaggedHand, MathFinding, MathFlaw, MeterSide, UnderReading
from .side import atoms_for


RANK_ORDER = {3: CATEGORIES_3, 5: CATEGORIES_5, 6: CATEGORIES_5 + (HandCategory.SUPER_ROYAL,)}


def _rank(atom, order: tuple) -> int:
    return max((order.index(t) for t in atom.tags if t in order), default=-1)


def _line_probability(line: Line, atoms, total: int) -> Fraction:
    """How often a hand satisfies ``line`` at all (whichever line would pay it); ``total``: the
    atoms' count."""
    return Fraction(sum(a.count for a in atoms if line.matches(a)), total)


def _line_probabilities(table: Paytable, atoms) -> dict[int, Fraction]:
    """:func:`_line_probability` of each of the table's lines, by its place in ``table.lines``."""
    total = sum(a.count for a in atoms)
    return {i: _line_probability(ln, atoms, total) for i, ln in enumerate(table.lines)}


def _flagged(line: Line, probability: Fraction | None = None) -> FlaggedHand:
    return FlaggedHand(HandCategory(line.hand), tuple(line.suits), probability)


def _finding(wager: Wager, table: Paytable | None, fid: str, flaw: MathFlaw, cites, **numbers) -> MathFinding:
    return MathFinding(id=fid, flaw=flaw, cites=tuple(cites), wager_id=wager.id, wager_name=wager.name,
                       paytable_id=None if table is None else table.id,
                       paytable_name=None if table is None else table.name, **numbers)


def _table_findings(model: RulesetModel, wager: Wager, table: Paytable, result, slug: str) -> list[MathFinding]:
    out: list[MathFinding] = []
    rtp = None if result is None or result.return_to_player is None else float(result.return_to_player)
    if rtp is not None and rtp > 1:
        out.append(_finding(wager, table, f"{slug}-return-over-100", MathFlaw.RETURN_OVER_100, [table.cite],
                            priced=result))
    if table.missing:
        out.append(_finding(wager, table, f"{slug}-missing-figures", MathFlaw.MISSING_FIGURES,
                            [ln.cite for ln in table.missing], hands=tuple(_flagged(ln) for ln in table.missing)))
    if table.hand_basis == "table_highest":
        return out
    atoms = atoms_for(table.hand_basis, model.hand_rules)
    probability = _line_probabilities(table, atoms)
    priced, by_meter = _valued_lines(wager, table, probability)
    out += _meter_inversions(wager, table, slug, priced, by_meter)
    out += _rarity_inversions(wager, table, slug, priced)
    paid = [(atom, table.line_for(atom)) for atom in atoms]
    out += _losing_hands(wager, table, slug, paid)
    for i, ln in enumerate(table.lines):
        if not ln.payout.offered or probability[i] == 0:
            continue
        if not any(line is ln for _, line in paid):
            out.append(_finding(wager, table, f"{slug}-{ln.hand}-never-pays", MathFlaw.LINE_NEVER_PAYS, [ln.cite],
                                hands=(_flagged(ln),)))
    return out


def _valued_lines(wager: Wager, table: Paytable, probability: dict[int, Fraction]) -> tuple[list, list]:
    """The offered lines some hand satisfies, valued per unit: (line, probability, value) where the
    value is fixed (meter lines at the least meter the rules allow); and the meter lines where the
    rules fix no least meter: (line, probability, value at 0, per $1 of meter). ``probability``:
    each line's (:func:`_line_probabilities`)."""
    meter = wager.meter.reset_minimum if wager.meter else None
    priced, by_meter = [], []
    for i, ln in enumerate(table.lines):
        stake = table.line_stake(ln, wager.stake) or Fraction(1)
        value = ln.payout.per_unit(stake, meter)
        p = probability[i]
        if not ln.payout.offered or p == 0:
            continue
        if value is not None:
            priced.append((ln, p, value))
        elif ln.payout.is_meter and meter is None and ln.payout.value is not None:
            zero = ln.payout.per_unit(stake, Fraction(0))
            by_meter.append((ln, p, zero, ln.payout.per_unit(stake, Fraction(1)) - zero))
    return priced, by_meter


def _rarity_inversions(wager: Wager, table: Paytable, slug: str, priced: list) -> list[MathFinding]:
    """Each pair of valued lines where the commoner pays more than the rarer."""
    out = []
    for i, (a, pa, va) in enumerate(priced):
        for b, pb, vb in priced[i + 1:]:
            if pa < pb and va < vb:
                out.append(_finding(wager, table, f"{slug}-{b.hand}-over-{a.hand}", MathFlaw.OUT_OF_RARITY_ORDER,
                                    [a.cite, b.cite], hands=(_flagged(a, pa), _flagged(b, pb)),
                                    at_least_meter=a.payout.is_meter or b.payout.is_meter))
    return out


def _losing_hands(wager: Wager, table: Paytable, slug: str, paid: list) -> list[MathFinding]:
    """Each hand category that loses (on a line paying nothing, or on none) while a weaker one wins,
    once, against the strongest weaker winner."""
    out: list[MathFinding] = []
    order = RANK_ORDER[table.hand_basis.card_count]
    ranked = [(_rank(atom, order), atom, line) for atom, line in paid]   # each atom's rank worked out once
    winners = [(rank, atom, line) for rank, atom, line in ranked if line is not None and line.payout.offered]
    for rank, atom, line in ranked:
        if line is not None and line.payout.offered:
            continue
        weaker = [(w_rank, w, wl) for w_rank, w, wl in winners if w_rank < rank]
        if not weaker:
            continue
        name = order[rank]
        w_rank, _, wl = max(weaker, key=lambda x: x[0])   # the first of the strongest, as before
        fid = f"{slug}-{name}-loses"
        if any(f.id == fid for f in out):
            continue
        lost = FlaggedHand(HandCategory(name), (atom.suit,) if atom.suit else ())
        out.append(_finding(wager, table, fid, MathFlaw.LOSES_WHILE_WEAKER_WINS,
                            [line.cite if line is not None else table.cite],
                            hands=(lost, FlaggedHand(HandCategory(order[w_rank])), _flagged(wl)),
                            on_unpaid_line=line is not None))
    return out


def paytable_finding_records(model: RulesetModel, wager: Wager, table: Paytable, result,
                             slug: str) -> list[MathFinding]:
    """What the math flags in one paytable (a ruleset's, or a table's own house paytable) given its
    priced ``result``; each finding's id starts with ``slug`` (``math-WAGER-PAYTABLE``)."""
    return _table_findings(model, wager, table, result, slug)


def _meter_inversions(wager: Wager, table: Paytable, slug: str, priced: list, by_meter: list) -> list[MathFinding]:
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
            side = MeterSide.BELOW if r1 > c1 else MeterSide.ABOVE
            key = (r.hand, tuple(r.suits)) if r1 else (c.hand, tuple(c.suits))
            kept = binding.get((key, side))
            if kept is not None and (turn <= kept[0] if side is MeterSide.BELOW else turn >= kept[0]):
                continue
            binding[(key, side)] = (turn, _finding(
                wager, table, f"{slug}-{c.hand}-over-{r.hand}-by-meter", MathFlaw.OUT_OF_ORDER_BY_METER,
                [r.cite, c.cite], hands=(_flagged(r, pr), _flagged(c, pc)), meter=turn, side=side))
    return [f for _, f in binding.values()]


def lost_paytables(model: RulesetModel) -> list[MathFinding]:
    """A wager the rules provide for whose paytable the source does not print: it cannot be priced
    or settled as written."""
    return [_finding(w, None, f"math-{w.id}-no-paytable", MathFlaw.NO_PAYTABLE, [w.cite])
            for w in model.wagers if not w.paytables and not w.is_base]


def math_finding_records(ruleset: RulesetOrModel, results) -> list[MathFinding]:
    """Findings from the math: paytables returning over 100%, payouts out of order of rarity, figures
    missing, ...; under the readings in force and, labelled, under each alternative reading; by id."""
    model = ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)
    out: list[MathFinding] = []
    by_key = {(r.wager_id, r.paytable_id): r for r in results}
    for wager in model.wagers:
        for table in wager.paytables:
            out += _table_findings(model, wager, table, by_key.get((wager.id, table.id)), f"math-{wager.id}-{table.id}")
    out += lost_paytables(model)
    out += _under_alternatives(model, {f.id for f in out}, {k for k in by_key})
    return sorted(out, key=lambda f: f.id)


def math_findings(ruleset: RulesetOrModel, results) -> list[dict]:
    """The findings from the math (:func:`math_finding_records`) as the outputs state them."""
    return [finding_json(f) for f in math_finding_records(ruleset, results)]


def _under_alternatives(model: RulesetModel, seen: set, priced: set) -> list[MathFinding]:
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
                        if f.id in seen:
                            continue
                        out.append(_labelled(f, reading))
    return out


def _concerns(reading: Reading, finding, wager: Wager, table: Paytable) -> bool:
    prefix = ("wagers", wager.id, "paytables", table.id)
    return any(r.touches(prefix) for r in finding.readings)


def _labelled(f: MathFinding, reading: Reading) -> MathFinding:
    return replace(f, id=f"{f.id}-under-{reading.finding}-{reading.id}",
                   reading=UnderReading(reading.finding, reading.id))
