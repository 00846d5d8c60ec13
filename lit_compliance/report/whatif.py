"""What-if: price a proposed paytable and say where it is permitted.

A proposal (``schema/proposed-paytable.schema.json``) names a wager kind and its lines. It is
priced as a PAR sheet under the hand rules of the first jurisdiction offering that kind, and checked
against every jurisdiction's newest ruleset: where the wager's selection rule is ``minimum`` it is
permitted when every line of the floor is paid at least as well; where the rule is ``choose_one`` or
``fixed`` it is permitted only when it is, line for line, one of the printed paytables. The nearest
permitted paytable is the one differing on the fewest lines, then closest in house edge.
"""
from __future__ import annotations

from pathlib import Path

from ..gamemath import paytable_result
from ..gamemath.par import ParOptions
from ..load.catalogue import Catalogue
from ..load.strict_yaml import InputError, load_yaml_file
from ..load.validation import schema_problems
from ..model import Paytable, model_of
from .par_view import par_report

SCHEMA_NAME = "proposed-paytable"
BASIS = {"three_card_bonus": "player_three", "six_card_bonus": "player_and_bonus_community",
         "cover_all": "table_highest"}


def load_proposal(path: Path) -> dict:
    doc = load_yaml_file(path)
    if not isinstance(doc.data, dict):
        raise InputError([doc.problem((), "the top level must be a mapping")])
    problems = schema_problems(doc, SCHEMA_NAME)
    if problems:
        raise InputError(problems)
    return doc.data


def proposed_table(data: dict) -> Paytable:
    basis = data.get("hand_basis", BASIS.get(data["wager"], "player_and_community"))
    table = {"id": "proposed", "name": data.get("name", "proposed paytable"), "hand_basis": basis,
             "lines": [{**line, "cite": "proposal"} for line in data["lines"]], "cite": "proposal"}
    for key in ("stake", "players"):
        if key in data:
            table[key] = data[key]
    return Paytable.from_data(table, {"id": data["wager"], "hand_basis": basis})


def _pays(table: Paytable, stake) -> dict:
    """Each line's return per unit (by hand and suits), as the model prices it."""
    out = {}
    for line in table.lines:
        if line.payout.offered:
            out.setdefault(line.key, line.payout.per_unit(table.line_stake(line, stake)))
    return out


def _differences(mine: dict, theirs: dict) -> int:
    return sum(1 for key in set(mine) | set(theirs) if mine.get(key) != theirs.get(key))


def what_if(path: Path, catalogue: Catalogue, opts: ParOptions) -> dict:
    data = load_proposal(path)
    table = proposed_table(data)
    permitted, candidates, first = [], [], None
    for jid in catalogue.jurisdictions:
        model = model_of(catalogue.latest(jid))
        for wager in model.wagers:
            if wager.kind.value != data["wager"]:
                continue
            first = first or (model, wager)
            stake = wager.stake_for(table) or 1
            mine = _pays(table, stake)
            rule = wager.selection.value
            verdict, why = False, ""
            if rule == "minimum" and wager.paytables:
                short = [(t, key) for t in wager.paytables for key, floor in _pays(t, stake).items()
                         if floor is not None and (mine.get(key) is None or mine[key] < floor)]
                verdict = not short
                why = ("pays at least the minimum odds of every line" if verdict else
                       f"pays less than the minimum on {len(short)} line(s)")
            elif wager.paytables:
                same = [t for t in wager.paytables if _differences(mine, _pays(t, stake)) == 0]
                verdict = bool(same)
                why = (f"is paytable {same[0].id} ({same[0].cite})" if same else
                       "is not one of the printed paytables ({})".format(", ".join(t.id for t in wager.paytables)))
            else:
                why = "the ruleset prints no paytable for this wager"
            permitted.append({"jurisdiction": model.name, "ruleset": model.ref, "wager": wager.id,
                              "rule": rule, "permitted": verdict, "why": why, "cite": wager.selection_cite})
            for t in wager.paytables:
                if not t.complete:
                    continue
                result = paytable_result(model, wager.id, t.id)
                if result.house_edge is None:
                    continue
                candidates.append({"ruleset": model.ref, "wager": wager.id, "paytable": t.id, "name": t.name,
                                   "cite": t.cite, "lines_differing": _differences(mine, _pays(t, stake)),
                                   "house_edge": result.house_edge})
    if first is None:
        raise InputError([f"{path}: no jurisdiction in the catalogue offers a {data['wager']} wager"])
    model, wager = first
    report = par_report(model, wager.id, None, opts, {
        "wagers": {wager.id: {"paytable": None, "custom": table, "options": opts}},
        "title": f"proposed paytable {table.name} ({path.name}), priced under {model.ref}'s hand rules",
        "method": [f"Proposal {path.name}: a {data['wager'].replace('_', ' ')} paytable priced under the hand "
                   f"rules of {model.ref}; permitted where the wager's rule allows it (see below)."]})
    edge = None
    for w in report["wagers"]:
        for s in w["sections"]:
            if s.get("totals"):
                edge = s["totals"]["house_edge"]
    for c in candidates:
        c["edge_difference"] = None if edge is None else c["house_edge"] - edge
    candidates.sort(key=lambda c: (c["lines_differing"], abs(c["edge_difference"] or 0), c["ruleset"], c["paytable"]))
    report["whatif"] = {"permitted": permitted, "nearest": candidates[:3]}
    return {"report": report, "permitted": permitted, "nearest": candidates[:3]}
