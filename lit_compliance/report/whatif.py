"""What-if: price a proposed paytable and say where it is permitted.

A proposal (``schema/proposed-paytable.schema.json``) names a wager kind and its lines. It is
priced as a PAR sheet under the hand rules of the first jurisdiction offering that kind, and checked
against every jurisdiction's newest ruleset: where the wager's selection rule is ``minimum`` it is
permitted when every line of the floor is paid at least as well; where the rule is ``choose_one`` or
``fixed`` it is permitted only when it is, line for line, one of the printed paytables. A paytable
for a number of players (Cover All) is compared only with the printed paytables for that number.
The answer is "cannot be determined" (``permitted: null``) where it turns on what the source does
not give: no paytable printed, or a figure missing or illegible on a paytable the proposal could
otherwise be (or on the floor it otherwise meets). The nearest permitted paytable is the one
differing on the fewest lines, then closest in house edge.
"""
from __future__ import annotations

from pathlib import Path

from ..gamemath import paytable_result
from ..gamemath.par import ParOptions
from ..load.catalogue import Catalogue, canonical_digest
from ..load.strict_yaml import InputError, load_yaml_file
from ..load.validation import schema_problems
from ..model import Paytable, model_of
from ..model.vocabulary import hand_name, wager_title
from .par_view import par_report

PROPOSED_PAYTABLE_SCHEMA = "proposed-paytable"
BASIS = {"three_card_bonus": "player_three", "six_card_bonus": "player_and_bonus_community",
         "cover_all": "table_highest"}


def load_proposal(path: Path) -> dict:
    """A proposed paytable file, read and validated (InputError with every problem located)."""
    doc = load_yaml_file(path)
    if not isinstance(doc.data, dict):
        raise InputError([doc.problem((), "the top level must be a mapping")])
    problems = schema_problems(doc, PROPOSED_PAYTABLE_SCHEMA)
    if problems:
        raise InputError(problems)
    return doc.data


def proposed_table(data: dict) -> Paytable:
    """The proposal as a paytable of the model, to price like any other."""
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


def _differences(mine: dict, theirs: dict, known_only: bool = False) -> int:
    """Lines on which two paytables pay differently (``known_only``: not counting the lines whose
    figure ``theirs`` lacks)."""
    keys = set(mine) | set(theirs)
    if known_only:
        keys -= {k for k, v in theirs.items() if v is None}
    return sum(1 for key in keys if mine.get(key) != theirs.get(key))


def _comparable(table: Paytable, tables) -> list:
    """The printed paytables a proposal is compared with: those for its number of players, where
    the wager's paytables are per number of players."""
    if not any(t.players for t in tables):
        return list(tables)
    return [t for t in tables if t.players == table.players]


def _missing(table: Paytable) -> list[str]:
    return [hand_name(line.hand, line.suits) for line in table.missing]


def _verdict(wager, table: Paytable, stake) -> tuple[bool | None, str]:
    """Permitted (True), not (False) or cannot be determined (None), and why."""
    rule = wager.selection.value
    mine = _pays(table, stake)
    if not wager.paytables:
        return None, "the source prints no paytable for this wager"
    tables = _comparable(table, wager.paytables)
    if not tables:
        if not table.players:
            return None, ("the printed paytables are each for a number of players; say which "
                          "number the proposal is for (players)")
        return False, f"the source prints no paytable for {table.players} player(s)"
    if rule == "minimum":
        short = [(t, key) for t in tables for key, floor in _pays(t, stake).items()
                 if floor is not None and (mine.get(key) is None or mine[key] < floor)]
        if short:
            return False, f"pays less than the minimum on {len(short)} line(s)"
        unknown = sorted({h for t in tables for h in _missing(t)})
        if unknown:
            return None, f"the source gives no minimum for {', '.join(unknown)}"
        return True, "pays at least the minimum odds of every line"
    same = [t for t in tables if _differences(mine, _pays(t, stake)) == 0]
    if same:
        return True, f"is paytable {same[0].id} ({same[0].cite})"
    maybe = [t for t in tables if t.missing and _differences(mine, _pays(t, stake), known_only=True) == 0]
    if maybe:
        t = maybe[0]
        return None, (f"it matches paytable {t.id} on every line the source gives, but the "
                      f"source gives no figure for {', '.join(_missing(t))}")
    return False, "is not one of the printed paytables ({})".format(", ".join(t.id for t in tables))


VERDICT_WORDS = {True: "yes", False: "no", None: "cannot be determined"}


def _furnish(report: dict, data: dict, table: Paytable, path: Path, model, wager) -> None:
    """Title and furnish the sheet as the proposal's own: its name, file and digest; the ruleset
    lent only its hand rules (and is named as such); the readings shown are those that change the
    hand rules alone, not the lending jurisdiction's rules for its own wagers."""
    digest = canonical_digest(data)[:12]
    kind = data["wager"].replace("_", " ")
    hand_readings = [r for r in model.applied if r in model.readings_touching("hand_rankings")]
    report["title"] |= {
        "heading": f"PAR sheet: proposed {kind} paytable, {table.name}",
        "running": f"PAR sheet · proposed {kind} paytable {table.name} ({path.name})",
        "footer": f"proposal digest {digest} · hand rules of {model.ref}",
        "proposal": {"name": table.name, "file": path.name, "wager": data["wager"], "digest": digest,
                     "hand_rules": model.ref},
        "facts": [{"label": "Proposal", "value": f"{table.name} ({path.name})"},
                  {"label": "Proposal digest", "value": digest},
                  {"label": "Wager", "value": kind},
                  {"label": "Hand rules", "value": f"those of {model.ref} ({model.name}), the first jurisdiction "
                                                   f"in the catalogue offering a {kind} wager"},
                  {"label": "Checked against", "value": "every jurisdiction's newest ruleset (below)"}]}
    report["readings"] = [{"finding": r.finding, "reading": r.id, "meaning": r.meaning, "default": r.default}
                          for r in hand_readings]
    report["furniture"]["readings"] = "readings applied: " + (
        "; ".join(f"{r.finding}/{r.id}" for r in hand_readings) or "none")
    if wager.kind.value != "base":
        report["zero_ev"] = []
    for w in report["wagers"]:
        w["name"] = wager_title(wager.kind.value)
        for sec in w["sections"]:
            if "show" in sec:
                sec["show"]["heading"] = f"{wager_title(wager.kind.value)}: {table.name} (proposed)"


def what_if(path: Path, catalogue: Catalogue, opts: ParOptions) -> dict:
    """Price the proposal in ``path`` and say, jurisdiction by jurisdiction, whether it is permitted."""
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
            verdict, why = _verdict(wager, table, stake)
            permitted.append({"jurisdiction": model.name, "ruleset": model.ref, "wager": wager.id,
                              "rule": wager.selection.value, "rule_text": wager.selection.value.replace("_", " "),
                              "permitted": verdict, "verdict": VERDICT_WORDS[verdict], "why": why,
                              "cite": wager.selection_cite})
            mine = _pays(table, stake)
            for t in _comparable(table, wager.paytables):
                if not t.complete:
                    continue
                result = paytable_result(model, wager.id, t.id)
                if result.house_edge is None:
                    continue
                candidates.append({"ruleset": model.ref, "wager": wager.id, "paytable": t.id, "name": t.name,
                                   "cite": t.cite, "lines_differing": _differences(mine, _pays(t, stake)),
                                   "house_edge": float(result.house_edge)})
    if first is None:
        raise InputError([f"{path}: no jurisdiction in the catalogue offers a {data['wager']} wager"])
    model, wager = first
    report = par_report(model, wager.id, None, opts, {
        "wagers": {wager.id: {"paytable": None, "custom": table, "options": opts}},
        "title": f"proposed paytable {table.name} ({path.name}), priced under {model.ref}'s hand rules",
        "method": [f"Proposal {path.name}: a {data['wager'].replace('_', ' ')} paytable priced under the hand "
                   f"rules of {model.ref}; permitted where the wager's rule allows it (see below)."]})
    _furnish(report, data, table, path, model, wager)
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
