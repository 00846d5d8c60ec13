"""The hold check: each table's actual results against its exact theory.

Handle convention (what ``wagered`` counts):

- **Base game**: the three bets as placed, before bet 1 or bet 2 is pulled back: a round at $10 a
  bet is $30 wagered. ``house_win`` is net of everything handed back (a pulled bet comes back and
  counts as neither won nor lost). So the base game's theoretical hold is its house edge per unit
  of one bet divided by 3 (the element of risk times the average units in action, over 3).
- **Side wagers**: the amount wagered. ``house_win``: wagers less every award paid (progressive
  meter awards included; envy bonuses paid to other players are not part of one player's wager).

Per period, with n rounds, W wagered, k units placed a round (3 for the base game, else 1), the
average stake per unit is u = W / (k n); the theoretical win is mean x W / k and its standard
deviation sd x (W / k) / sqrt(n), with mean and sd per round per unit from the PAR sheet
(:mod:`lit_compliance.table.theory`). Given only its average stake, a period is judged as if
every round were played at it (the report says how much wider the truth can be); given its stakes as
played (a ``stakes`` histogram, or rows per stake level: :mod:`lit_compliance.hold.levels`), it
is judged on the exact mixture of its levels, its mean, SD, bands and p-value all from that mixture
(:class:`lit_compliance.gamemath.period_mixture.Mixture`). Periods are independent, so
over several periods the expectations and variances add (no constant-stake assumption across
periods). z = (actual - theoretical) / sd; a result lies outside the 95%, 99% or 99.9% band when z
lies beyond that band's edges in the exact distribution of the period's total
(:mod:`lit_compliance.gamemath.period`), which for these skewed wagers are far from +-1.960,
2.576 and 3.291.

Not judged: a period whose average bet lies outside the table's configured limits (reported as a
probable data error); a period too short to judge (theory + 2.576 SD would be a hold above 100%,
which the house cannot reach: too few rounds to say anything yet); a wager whose paytable the rules
leave without figures. Cumulative figures add only the judged and too-short periods.
"""
from __future__ import annotations

from ..load.strict_yaml import InputError, Problems
from ..table.theory import TableTheory
from .bands import ALARM_RATE
from .levels import merge_levels
from .matching import Group, Judge, Periods, check_caps, duplicates, grouped, match_rows
from .results import Results
from .verdicts import COUNTS, judge_family


def judge(results: list[Results], theories: list[TableTheory], band: str, found: list = (),
          full: bool = True, path: bool = True, alarm_rate: float = ALARM_RATE) -> dict:
    """Every row judged, per table and wager cumulatively; raise InputError listing every problem
    (``found``: those already found in reading the files, reported with the rest). ``full``: list
    every period (else only those to look at: outside a band, data errors; the counts cover all).
    ``path``: the cumulative hold and its bands along the way (for the funnel charts and JSON).

    The outline: rows matched to their tables and wagers (:mod:`.matching`), a period's rows at
    several stakes merged (:mod:`.levels`), repeats left out, impossible losses refused; then each
    wager of tables priced alike judged period by period and cumulatively (:mod:`.verdicts`), the
    tables listed, and the report's alarm raised or not."""
    j = Judge(theories)
    problems = Problems(found)
    periods = Periods(results)
    marked = match_rows(j, results, problems)           # (file, rows, theory, wager): each group whose rows are checked
    results, marked = merge_levels(results, marked, periods, problems)
    groups = grouped(marked, duplicates(j, results, periods, marked, problems))
    check_caps(groups, results, problems)
    if problems:
        raise InputError(problems.listed(order=lambda p: (p.file, p.line, p.column, p.path, p.message)))
    judged = _judge_families(j, groups, results, periods, band, full, path)
    out = _tables(groups, judged)
    counts = {key: sum(w["counts"][key] for t in out for w in t["wagers"]) for key in COUNTS}
    alarm = _alarm(out, alarm_rate)
    return {"band": band, "tables": out, "outside": any(t["outside"] for t in out),
            "alarm": alarm, "too_short": _too_short(out),
            "counts": counts}


def _judge_families(j: Judge, groups: dict[tuple, Group], results: list[Results], periods: Periods, band: str,
                    full: bool, path: bool) -> dict[tuple, dict]:
    """Each group's wager entry, keyed as ``groups``: the groups of tables priced alike (one wager)
    judged together, sharing their price curve and band tables."""
    families: dict = {}
    for group in groups.values():
        families.setdefault((id(group.theory.choices), group.wager), []).append(group)
    judged: dict = {}
    for members in families.values():
        th, wid = members[0].theory, members[0].wager
        edges = j.edges_of(th, wid) if th.wagers[wid].mean is not None else None
        entries = judge_family(members, results, periods, j.curve(th, wid), edges, band, full, path, j.mixtures)
        for group, entry in zip(members, entries):
            judged[(id(group.theory), wid)] = entry
    return judged


def _tables(groups: dict[tuple, Group], judged: dict[tuple, dict]) -> list[dict]:
    """The report's tables in name order, each with its wagers in the configuration's order."""
    tables: dict = {}
    for key, group in groups.items():
        entry = tables.setdefault(id(group.theory), {"theory": group.theory, "wagers": []})
        entry["wagers"].append(judged[key])
    out = []
    for entry in sorted(tables.values(), key=lambda e: e["theory"].table):
        th = entry["theory"]
        order = list(th.wagers)
        wagers = sorted(entry["wagers"], key=lambda w: order.index(w["wager"]))
        out.append({"table": th.table, "casino": th.casino, "config": th.path, "ruleset": th.ruleset,
                    "digest": th.digest, "readings": list(th.readings), "wagers": wagers,
                    "outside": any(w["outside"] for w in wagers)})
    return out


def _alarm(tables: list[dict], rate: float) -> dict:
    """The report's alarm: raised when any judged result (a period, or a wager's cumulative result)
    has a p-value at or below ``rate`` / m, m the number of judged results in the whole report
    (Bonferroni). Whatever the results' dependence, an honest table then raises it with probability
    at most ``rate`` (the p-values are exact, up to the tail table's interpolation; calibrated by
    simulation in the tests). Each wager's ``_tests`` (judged periods, and (p, period) for every
    period that could raise it) is taken out of the wager's entry here."""
    tests, found = 0, []
    for t in tables:
        for w in t["wagers"]:
            judged, candidates = w.pop("_tests", (0, []))
            tests += judged
            found += [{"table": t["table"], "wager": w["wager"], "wager_name": w["wager_name"], "period": label,
                       "p_value": p} for p, label in candidates]
            c = w["cumulative"]
            if c and c.get("status") == "judged" and "p_value" in c:
                tests += 1
                found.append({"table": t["table"], "wager": w["wager"], "wager_name": w["wager_name"],
                              "period": "cumulative", "p_value": c["p_value"], "periods": c["periods"],
                              "rounds": c["rounds"]})
    threshold = rate / tests if tests else 0.0
    raised = sorted((f for f in found if f["p_value"] <= threshold),
                    key=lambda f: (f["p_value"], f["table"], f["wager"], str(f["period"])))
    marked = {(f["table"], f["wager"], f["period"]) for f in raised}
    for t in tables:
        for w in t["wagers"]:
            for p in w["periods"]:
                if "p_value" in p:
                    p["alarm"] = (t["table"], w["wager"], p["period"]) in marked
            if w["cumulative"] and "p_value" in w["cumulative"]:
                w["cumulative"]["alarm"] = (t["table"], w["wager"], "cumulative") in marked
    return {"rate": rate, "tests": tests, "threshold": threshold, "raised": bool(raised), "results": raised}


def _too_short(tables: list[dict]) -> list[dict]:
    """The wagers with periods too short to judge alone: table, wager, how many (they are judged cumulatively)."""
    return [{"table": t["table"], "wager": w["wager"], "wager_name": w["wager_name"], "periods": w["counts"]["too_short"],
             "of": w["counts"]["periods"]} for t in tables for w in t["wagers"] if w["counts"]["too_short"]]
