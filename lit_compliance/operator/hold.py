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
(:mod:`lit_compliance.operator.hold_theory`). The variance assumes every round in the period was
played at the average stake; where stakes vary within a period the true variance is larger (by the
stakes' spread), so the bands are slightly narrow for such periods. Periods are independent, so
over several periods the expectations and variances add (no constant-stake assumption across
periods). z = (actual - theoretical) / sd; a result lies outside the 95%, 99% or 99.9% band when z
lies beyond that band's edges in the exact distribution of the period's total
(:mod:`lit_compliance.operator.hold_exact`), which for these skewed wagers are far from +-1.960,
2.576 and 3.291.

Not judged: a period whose average bet lies outside the table's configured limits (reported as a
probable data error); a period too short to judge (theory + 2.576 SD would be a hold above 100%,
which the house cannot reach: too few rounds to say anything yet); a wager whose paytable the rules
leave without figures. Cumulative figures add only the judged and too-short periods.
"""
from __future__ import annotations

from collections import defaultdict
from math import sqrt
from pathlib import Path
from statistics import NormalDist

import numpy as np

from ..load.strict_yaml import InputError
from .hold_results import Results
from .hold_exact import Edges, one_round
from .hold_theory import Curve, TableTheory, load_theory, max_net, sheet

BANDS = ("95", "99", "99.9")
Z = {b: NormalDist().inv_cdf(0.5 + float(b) / 200) for b in BANDS}
CONVENTION = [
    "Base game handle: the three bets as placed (a round at $10 a bet is $30 wagered), before any is pulled "
    "back; the house win is net of the bets returned. Theoretical hold = house edge per bet / 3.",
    "Side wagers: the amount wagered; the house win is net of every award paid (meter awards included, envy "
    "bonuses to other players not).",
    "Standard deviation of a period's win = SD per round per unit x (wagered / units a round) / sqrt(rounds): "
    "every round of the period is assumed to be played at the period's average stake (where stakes vary "
    "within a period the true spread is somewhat larger). Periods are independent: over several, "
    "expectations and variances add.",
    "Bands: the 95%, 99% and 99.9% bands are the central ranges of the exact distribution of a period's total "
    "(the n-th convolution power of the PAR sheet's distribution of one round), not of the normal curve: a "
    "royal flush makes the base game's result per round very skewed, so at 2,000 rounds the 99.9% band runs from "
    "about 13.5 SD below theory to 1.7 SD above. z is (actual - theoretical) / SD. A period is too short to "
    "judge while theory + 2.576 SD would be a hold above 100%.",
]


class Judge:
    """Collects the rows of every results file, checks them against the configurations, judges."""

    def __init__(self, theories: list[TableTheory]):
        self.by_table: dict[str, TableTheory] = {}
        for th in theories:
            self.by_table.setdefault(th.table, th)
        self.curves: dict = {}
        self.edges: dict = {}

    def theory_for(self, res: Results, i: int, problems: list) -> TableTheory | None:
        table = res.table[i]
        if res.config[i]:
            path = Path(res.file).parent / res.config[i]
            try:
                th = load_theory(path)
            except InputError as exc:
                problems.extend(exc.problems)
                return None
            if th.table != table:
                problems.append(res.problem(i, "table", f"{table!r} is not the table {th.table!r} that {res.config[i]} "
                                                        "configures"))
                return None
            return th
        th = self.by_table.get(table)
        if th is None and table:
            known = ", ".join(sorted(self.by_table)) or "none: give --config files or a config column"
            problems.append(res.problem(i, "table", f"unknown table {table!r} (tables configured: {known})"))
        return th

    def curve(self, th: TableTheory, wid: str) -> Curve | None:
        key = (id(th.choices), wid)
        if key not in self.curves:
            w = th.wagers[wid]
            varying = w.meter_reset is not None or w.stake_dependent
            self.curves[key] = Curve(th, wid) if varying and w.mean is not None else None
        return self.curves[key]


def _edges(j: "Judge", th: TableTheory, wid: str) -> Edges | None:
    key = (id(th.choices), wid)     # tables priced alike share their band tables
    if key not in j.edges:
        dist = one_round(sheet(th, wid))
        j.edges[key] = Edges(*dist) if dist is not None else None
    return j.edges[key]


def judge(results: list[Results], theories: list[TableTheory], band: str, found: list = (),
          full: bool = True, path: bool = True) -> dict:
    """Every row judged, per table and wager cumulatively; raise InputError listing every problem
    (``found``: those already found in reading the files, reported with the rest). ``full``: list
    every period (else only those to look at: outside a band, data errors; the counts cover all).
    ``path``: the cumulative hold and its bands along the way (for the funnel charts and JSON)."""
    j = Judge(theories)
    problems: list = list(found)
    groups: dict = defaultdict(list)       # (theory id, wager) -> [(file index, row indexes)]
    seen: dict = {}
    owners: dict = {}
    for f, res in enumerate(results):
        parts_of_key = []
        for column in (res.table, res.config, res.wager):
            distinct = {v: x for x, v in enumerate(dict.fromkeys(column))}
            parts_of_key.append((np.fromiter(map(distinct.__getitem__, column), dtype=np.int64, count=len(column)),
                                 list(distinct)))
        (tc, tv), (cc, cv), (wc, wv) = parts_of_key
        combined = (tc * len(cv) + cc) * len(wv) + wc
        present, coded = np.unique(combined, return_inverse=True)
        codes = {}
        for c, value in enumerate(present.tolist()):
            rest, w_i = divmod(value, len(wv))
            t_i, c_i = divmod(rest, len(cv))
            codes[(tv[t_i], cv[c_i], wv[w_i])] = c
        coded = coded.ravel()
        order = np.argsort(coded, kind="stable")
        bounds = np.searchsorted(coded[order], np.arange(len(codes) + 1))
        for (table, _config, wid), c in codes.items():
            rows = order[bounds[c]:bounds[c + 1]]
            th = j.theory_for(res, rows[0], problems)
            if th is None:
                for i in rows[1:].tolist():
                    j.theory_for(res, i, problems)
                continue
            if not wid:
                continue
            w = th.wagers.get(wid)
            if w is None:
                problems += [res.problem(i, "wager", f"table {th.table} does not offer {wid!r} (it offers "
                                                     f"{', '.join(th.wagers)})") for i in rows]
                continue
            if w.meter_reset is None:
                problems += [res.problem(i, "meter", f"{w.wager_name} on table {th.table} pays from no meter")
                             for i in rows if res.meter[i] is not None]
            marks = seen.setdefault((th.table, wid), {})
            labels = res.arrays()["period"][rows].tolist()
            fresh = set(labels)
            if len(fresh) == len(labels) and marks.keys().isdisjoint(fresh):
                marks.update(dict.fromkeys(fresh, (f, None)))
                keep = rows
            else:
                keep = []
                for i, label in zip(rows, labels):
                    if label in marks:
                        ff, ii = marks[label]
                        if ii is None:      # marked in bulk: find the row (only ever on the way to an error)
                            other = results[ff]
                            ii = next(x for x in range(len(other)) if other.period[x] == label
                                      and other.wager[x] == wid and j.theory_for(other, x, []) is th)
                        line = results[ff].position(ii)[0]
                        problems.append(res.problem(i, "table", f"duplicate row: {th.table}, {wid}, {label} is also "
                                                                f"at {results[ff].file}:{line}"))
                        continue
                    marks[label] = (f, i)
                    keep.append(i)
            owners[id(th)] = th
            groups[(id(th), wid)].append((f, np.array(keep, dtype=np.int64)))
    # a win larger than the wagers can pay: checked against the sheet at the row's meter and stake
    for (tid, wid), parts in groups.items():
        th = owners[tid]
        w = th.wagers[wid]
        if w.mean is None:
            continue
        k = w.units_per_round
        base_cap = max_net(th, wid)
        for f, rows in parts:
            res = results[f]
            arrays = res.arrays()
            wag = arrays["wagered"][rows]
            lost = -arrays["house_win"][rows]
            for i in rows[(lost > base_cap * wag * (1 + 1e-9)) & (arrays["rounds"][rows] > 0)].tolist():
                stake = res.wagered[i] / (k * res.rounds[i])
                cap = max_net(th, wid, res.meter[i] if res.meter[i] else None,
                              round(stake, 2) if w.stake_dependent else None)
                if -res.house_win[i] > cap * res.wagered[i] * (1 + 1e-9) + 0.005:
                    problems.append(res.problem(i, "house_win", f"the house lost {-res.house_win[i]:,.2f}, more than "
                                                                f"the {cap * res.wagered[i]:,.2f} the wagers can pay "
                                                                f"({cap:,.2f} net per unit wagered at most)"))
    if problems:
        raise InputError(sorted(problems, key=lambda p: (p.file, p.line, p.column, p.path, p.message)))
    tables: dict = {}
    for (tid, wid), parts in groups.items():
        th = owners[tid]
        entry = tables.setdefault(tid, {"theory": th, "wagers": []})
        entry["wagers"].append(_judge_wager(th, wid, parts, results, j.curve(th, wid),
                                            _edges(j, th, wid) if th.wagers[wid].mean is not None else None,
                                            band, full, path))
    out = []
    for tid, entry in sorted(tables.items(), key=lambda kv: kv[1]["theory"].table):
        th = entry["theory"]
        order = list(th.wagers)
        wagers = sorted(entry["wagers"], key=lambda w: order.index(w["wager"]))
        out.append({"table": th.table, "casino": th.casino, "config": th.path, "ruleset": th.ruleset,
                    "digest": th.digest, "readings": list(th.readings), "wagers": wagers,
                    "outside": any(w["outside"] for w in wagers)})
    counts = {key: sum(w["counts"][key] for t in out for w in t["wagers"]) for key in COUNTS}
    return {"band": band, "convention": CONVENTION, "tables": out, "outside": any(t["outside"] for t in out),
            "counts": counts}


COUNTS = ("periods", "judged", "data_error", "too_short", "no_rounds", "not_priced", "outside")


def _outside(z, edges: dict) -> dict:
    return {b: (z < edges[b][0]) | (z > edges[b][1]) for b in BANDS}


def _columns(parts: list, results: list):
    """The group's rows from every file, in period order (dates sort; other labels as first seen)."""
    cols = {name: [] for name in ("period", "rounds", "wagered", "house_win", "meter")}
    for f, rows in parts:
        arrays = results[f].arrays()
        for name in cols:
            cols[name].append(arrays[name][rows])
    period, n, wag, win, meter = (np.concatenate(cols[name]) for name in cols)
    if not all(results[f].by_date for f, _ in parts):
        # labels: the rows come file by file in file order, so already in the order first seen
        return period.tolist(), n, wag, win, meter
    if len(period) < 2 or bool((period[1:] >= period[:-1]).all()):
        return period.tolist(), n, wag, win, meter
    order = np.argsort(period.astype(str), kind="stable")
    return period[order].tolist(), n[order], wag[order], win[order], meter[order]


RUNNING_POINTS = 150


def _judge_wager(th: TableTheory, wid: str, parts: list, results: list, curve, edges: Edges, band: str,
                 full: bool = True, path: bool = True) -> dict:
    w = th.wagers[wid]
    k = w.units_per_round
    period, n, wag, win, meter_given = _columns(parts, results)
    counts = dict.fromkeys(COUNTS, 0)
    counts["periods"] = len(n)
    head = {"wager": wid, "wager_name": w.wager_name, "paytable": w.paytable_id, "paytable_name": w.paytable_name,
            "units_per_round": k, "status": w.status, "assumptions": list(w.assumptions),
            "readings": list(w.readings), "limits": [w.minimum, w.maximum]}
    if w.mean is None:
        note = ("the rules leave this paytable without figures (or the configuration chooses none): no theory to "
                "judge against")
        counts["not_priced"] = len(n)
        periods = [{"period": p, "rounds": int(a), "wagered": float(b), "house_win": float(c), "status": "not_priced",
                    "note": note} for p, a, b, c in zip(period, n, wag, win)]
        return {**head, "priced_at": None, "periods": periods if full else periods[:1], "cumulative": None,
                "running": None, "outside": False, "counts": counts}
    with np.errstate(divide="ignore", invalid="ignore"):
        stake = np.where(n > 0, wag / (k * np.maximum(n, 1)), 0.0)
    has_meter = w.meter_reset is not None
    if has_meter:
        meter = np.where(np.isnan(meter_given), w.meter_reset, meter_given)
    else:
        meter = np.zeros(len(n))
    if curve is not None:
        s_eval = stake if curve.fixed_stake is None else np.full(len(n), curve.fixed_stake)
        mean, sd = curve.at(np.where(s_eval > 0, s_eval, 1.0), meter)
    else:
        mean, sd = np.full(len(n), w.mean), np.full(len(n), w.sd)
    units = wag / k
    theo = mean * units
    with np.errstate(divide="ignore", invalid="ignore"):
        sd_win = np.where(n > 0, sd * units / np.sqrt(np.maximum(n, 1)), 0.0)
        hold = np.where(wag > 0, win / wag, np.nan)
        theo_hold = np.where(wag > 0, mean / k, np.nan)
        z = np.where(sd_win > 0, (win - theo) / sd_win, 0.0)
    eps = 1e-9
    low = w.stake if w.stake_stated else (w.minimum if w.minimum is not None else -np.inf)
    high = w.stake if w.stake_stated else (w.maximum if w.maximum is not None else np.inf)
    bad = (n > 0) & ((stake < low * (1 - eps)) | (stake > high * (1 + eps)))
    short = (n > 0) & ~bad & ((theo_hold + Z["99"] * sd / k / np.sqrt(np.maximum(n, 1))) > 1.0)
    judged = (n > 0) & ~bad & ~short
    out_by = _outside(z, edges.at(n))
    outside = judged & out_by[band]
    counts.update(no_rounds=int((n == 0).sum()), data_error=int(bad.sum()), too_short=int(short.sum()),
                  judged=int(judged.sum()), outside=int(outside.sum()))
    limits = f"{low:,.2f}" if w.stake_stated else f"{low:,.2f} to {high:,.2f}"
    periods = []
    show = range(len(n)) if full else np.nonzero(outside | bad)[0].tolist()
    for x in show:
        p = {"period": period[x], "rounds": int(n[x]), "wagered": float(wag[x]), "house_win": float(win[x]),
             "average_bet": float(stake[x]), "meter": float(meter[x]) if has_meter else None,
             "meter_from": ("reset" if np.isnan(meter_given[x]) else "row") if has_meter else None}
        if n[x] == 0:
            p.update(status="no_rounds", note="no rounds played")
        elif bad[x]:
            p.update(status="data_error", note=f"average bet {stake[x]:,.2f} is outside the table's "
                                               f"{'stake' if w.stake_stated else 'limits'} ({limits}): probably a "
                                               "data-entry error; not judged")
        else:
            p.update(status="too_short" if short[x] else "judged",
                     hold=float(hold[x]), theoretical_win=float(theo[x]), theoretical_hold=float(theo_hold[x]),
                     sd=float(sd_win[x]), z=float(z[x]))
            if short[x]:
                p["note"] = (f"too short to judge: {int(n[x]):,} rounds; theory + 2.576 SD would be a "
                             "hold above 100%")
            else:
                p["bands"] = {b: bool(out_by[b][x]) for b in BANDS}
                p["outside"] = p["bands"][band]
                p["direction"] = "above" if z[x] > 0 else "below"
        periods.append(p)
    use = (n > 0) & ~bad
    cum, running = None, None
    if use.any():
        cn, cw, cwin, ct = np.cumsum(n * use), np.cumsum(wag * use), np.cumsum(win * use), np.cumsum(theo * use)
        cvar = np.cumsum((sd_win ** 2) * use)
        at = np.nonzero(use)[0] if path else np.zeros(0, dtype=np.int64)
        if len(at) > RUNNING_POINTS:   # the path at up to 150 evenly spaced periods, the last included
            at = at[np.unique(np.linspace(0, len(at) - 1, RUNNING_POINTS).round().astype(np.int64))]
        run_edges = edges.at(cn[at]) if path else {b: (np.zeros(0), np.zeros(0)) for b in BANDS}
        sdc_at = np.sqrt(cvar[at])
        if path:
            running = {"rounds": cn[at].astype(np.int64).tolist(), "hold": (cwin[at] / cw[at]).tolist(),
                       "theoretical_hold": (ct[at] / cw[at]).tolist(),
                       "band": {b: [((ct[at] + run_edges[b][0] * sdc_at) / cw[at]).tolist(),
                                    ((ct[at] + run_edges[b][1] * sdc_at) / cw[at]).tolist()] for b in BANDS}}
        last = int(np.nonzero(use)[0][-1])
        sdc = sqrt(cvar[last])
        zc = (cwin[last] - ct[last]) / sdc if sdc else 0.0
        th_hold = ct[last] / cw[last]
        cshort = th_hold + Z["99"] * sdc / cw[last] > 1.0
        cum = {"periods": int(use.sum()), "rounds": int(cn[last]), "wagered": float(cw[last]),
               "house_win": float(cwin[last]), "hold": float(cwin[last] / cw[last]),
               "theoretical_win": float(ct[last]), "theoretical_hold": float(th_hold), "sd": sdc, "z": float(zc),
               "status": "too_short" if cshort else "judged"}
        if cshort:
            cum["note"] = "too short to judge: theory + 2.576 SD would still be a hold above 100%"
        else:
            ce = _outside(np.array([zc]), edges.at([cn[last]]))
            cum.update(bands={b: bool(ce[b][0]) for b in BANDS}, outside=bool(ce[band][0]),
                       direction="above" if zc > 0 else "below")
    priced_at = {"meter": "each period's mean meter where the row gives one, else the configured reset "
                          f"({w.meter_reset:,.2f})" if has_meter else None,
                 "stake": ("the stake the rules fix" if w.stake_stated else
                           "each period's average bet (the wager pays money amounts or a meter share)")
                 if w.stake_dependent or w.stake_stated else "per unit of the stake (odds: any stake)",
                 "mean_per_round": w.mean, "sd_per_round": w.sd,
                 "stake_priced": w.stake if w.stake_dependent or w.stake_stated else None}
    return {**head, "priced_at": priced_at, "periods": periods, "cumulative": cum, "running": running,
            "outside": bool(outside.any()) or bool(cum and cum.get("outside")), "counts": counts}
