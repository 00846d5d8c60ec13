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
(:class:`lit_compliance.gamemath.period.Mixture`). Periods are independent, so
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

from collections import defaultdict
from math import sqrt
from pathlib import Path
from statistics import NormalDist

import numpy as np

from ..load.strict_yaml import InputError, Problems
from .results import Results
from ..suggest import unknown
from ..load.inner_paths import inner_path
from ..gamemath.period import Edges, one_round
from ..table.theory import Curve, TableTheory, load_theory, max_net, sheet
from .levels import FROM, Mixtures, cumulative_levels, levels_of, merge_levels, stake_spread

BANDS = ("95", "99", "99.9")
Z = {b: NormalDist().inv_cdf(0.5 + float(b) / 200) for b in BANDS}
CONVENTION = [
    "Base game handle: the three bets as placed (a round at $10 a bet is $30 wagered), before any is pulled "
    "back; the house win is net of the bets returned. Theoretical hold = house edge per bet / 3.",
    "Side wagers: the amount wagered; the house win is net of every award paid (meter awards included, envy "
    "bonuses to other players not).",
    "Standard deviation of a period's win = SD per round per unit x (wagered / units a round) / sqrt(rounds) "
    "where a period gives only its average stake: every round of it is then assumed to be played at that stake "
    "(where stakes vary within a period the true spread is larger: each wager's theory line says by how much at "
    "most, were the stakes spread across the table's limits). A period that gives its stakes (a stakes histogram, "
    "or rows per stake level) is judged on the exact distribution of its total, the mixture of its levels, each "
    "at its stake; each period says which. Periods are independent: over several, expectations and variances add.",
    "Bands: the 95%, 99% and 99.9% bands are the central ranges of the exact distribution of a period's total "
    "(the n-th convolution power of the PAR sheet's distribution of one round), not of the normal curve: a "
    "royal flush makes the base game's result per round very skewed, so at 2,000 rounds the 99.9% band runs from "
    "about 13.5 SD below theory to 1.7 SD above. z is (actual - theoretical) / SD. A period is too short to "
    "judge while theory + 2.576 SD would be a hold above 100% (a rule for when to judge, stated in SDs; not a band: "
    "2.576 is the normal curve's 99% point, and no band or p-value is read from the normal curve).",
]


ALARM_RATE = 0.01        # the default chance that an honest table raises the alarm anywhere in a report
ALARM_RATE_MAX = 0.1     # the most a report may allow (--alarm-rate)


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
    return {"rate": rate, "tests": tests, "threshold": threshold, "raised": bool(raised), "results": raised,
            "method": f"Bonferroni over the {tests:,} judged result(s) of this report (every judged period and each "
                      f"wager's cumulative result): the alarm is raised when a result's two-sided p-value, from the "
                      f"exact distribution of its total, is at most {rate:g} / {tests:,}; an honest table raises it "
                      f"with probability at most {rate:.2%} over the whole report"}


def _too_short(tables: list[dict]) -> list[dict]:
    """The wagers with periods too short to judge alone: table, wager, how many (they are judged cumulatively)."""
    return [{"table": t["table"], "wager": w["wager"], "wager_name": w["wager_name"], "periods": w["counts"]["too_short"],
             "of": w["counts"]["periods"]} for t in tables for w in t["wagers"] if w["counts"]["too_short"]]


class Judge:
    """Collects the rows of every results file, checks them against the configurations, judges."""

    def __init__(self, theories: list[TableTheory]):
        self.by_table: dict[str, TableTheory] = {}
        for th in theories:
            self.by_table.setdefault(th.table, th)
        self.curves: dict = {}
        self.edges: dict = {}
        self.mixtures = Mixtures()

    def theory_for(self, res: Results, i: int, problems: list) -> TableTheory | None:
        table = res.name("table", i)
        config = res.name("config", i)
        if config:
            path, refused = inner_path(Path(res.file).parent, config)
            if refused:
                return None       # the reader has named it (a path may not leave the results file's folder)
            try:
                th = load_theory(path)
            except InputError as exc:
                problems.extend(exc.problems)
                return None
            if th.table != table:
                problems.append(res.problem(i, "table", f"{table!r} is not the table {th.table!r} that {config} "
                                                        "configures"))
                return None
            return th
        th = self.by_table.get(table)
        if th is None and table:
            known = sorted(self.by_table)
            said = unknown("table", table, known, label="tables configured", prefix="unknown")
            if not known:
                said = said.replace("(tables configured: none)", "(tables configured: none: give --config files or a config column)")
            problems.append(res.problem(i, "table", said))
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
        dist = one_round(sheet(th, wid).body)
        j.edges[key] = Edges(*dist) if dist is not None else None
    return j.edges[key]


def judge(results: list[Results], theories: list[TableTheory], band: str, found: list = (),
          full: bool = True, path: bool = True, alarm_rate: float = ALARM_RATE) -> dict:
    """Every row judged, per table and wager cumulatively; raise InputError listing every problem
    (``found``: those already found in reading the files, reported with the rest). ``full``: list
    every period (else only those to look at: outside a band, data errors; the counts cover all).
    ``path``: the cumulative hold and its bands along the way (for the funnel charts and JSON)."""
    j = Judge(theories)
    problems = Problems(found)
    groups: dict = defaultdict(list)       # (theory id, wager) -> [(file index, row indexes)]
    owners: dict = {}
    periods = _Periods(results)
    marked = []                            # (file, rows, theory, wager): each group whose rows are checked
    for f, res in enumerate(results):
        (tv, tc), (cv, cc), (wv, wc) = (res.names[column] for column in ("table", "config", "wager"))
        # codes number the values in the order first seen, so the groups come in that order
        combined = (tc.astype(np.int64) * len(cv) + cc) * len(wv) + wc      # codes are 32-bit: the product is not
        if len(tv) * len(cv) * len(wv) <= max(4 * len(combined), 1 << 16):    # few: counted, not sorted
            counts = np.bincount(combined)
            present = np.flatnonzero(counts)
            coded = (np.cumsum(counts > 0) - 1)[combined]
        else:
            present, coded = np.unique(combined, return_inverse=True)
            coded = coded.ravel()
        # a stable sort of small whole numbers is a radix sort
        order = np.argsort(coded.astype(np.int16) if len(present) < 1 << 15 else coded, kind="stable")
        bounds = np.searchsorted(coded[order], np.arange(len(present) + 1))
        for c, value in enumerate(present.tolist()):
            wid = wv[value % len(wv)]
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
                said = f"table {th.table} offers " + unknown("wager", wid, list(th.wagers), label="it offers")
                problems += [res.problem(i, "wager", said) for i in rows.tolist()]
                continue
            if w.meter_reset is None:
                problems += [res.problem(i, "meter", f"{w.wager_name} on table {th.table} pays from no meter")
                             for i in rows[~np.isnan(res.meter[rows])].tolist()]
            marked.append((f, rows, th, wid))
    results, marked = merge_levels(results, marked, periods, problems)
    keep = _duplicates(j, results, periods, marked, problems)
    for (f, _rows, th, wid), rows in zip(marked, keep):
        owners[id(th)] = th
        groups[(id(th), wid)].append((f, rows))
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
            wag = res.wagered[rows]
            lost = -res.house_win[rows]
            for i in rows[(lost > base_cap * wag * (1 + 1e-9)) & (res.rounds[rows] > 0)].tolist():
                wagered, house_win = float(res.wagered[i]), float(res.house_win[i])
                stake = wagered / (k * int(res.rounds[i]))
                meter = res.meter_at(i)
                cap = max_net(th, wid, meter if meter else None, round(stake, 2) if w.stake_dependent else None)
                if -house_win > cap * wagered * (1 + 1e-9) + 0.005:
                    problems.append(res.problem(i, "house_win", f"the house lost {-house_win:,.2f}, more than "
                                                                f"the {cap * wagered:,.2f} the wagers can pay "
                                                                f"({cap:,.2f} net per unit wagered at most)"))
    if problems:
        raise InputError(problems.listed(order=lambda p: (p.file, p.line, p.column, p.path, p.message)))
    families: dict = {}                    # tables priced alike, one wager: judged together
    for (tid, wid), parts in groups.items():
        th = owners[tid]
        families.setdefault((id(th.choices), wid), []).append((th, wid, parts))
    judged: dict = {}
    for members in families.values():
        th, wid, _parts = members[0]
        edges = _edges(j, th, wid) if th.wagers[wid].mean is not None else None
        for (each, _wid, _parts), result in zip(members, _judge_wagers(members, results, periods, j.curve(th, wid),
                                                                       edges, band, full, path, j.mixtures)):
            judged[(id(each), wid)] = result
    tables: dict = {}
    for tid, wid in groups:
        entry = tables.setdefault(tid, {"theory": owners[tid], "wagers": []})
        entry["wagers"].append(judged[(tid, wid)])
    out = []
    for tid, entry in sorted(tables.items(), key=lambda kv: kv[1]["theory"].table):
        th = entry["theory"]
        order = list(th.wagers)
        wagers = sorted(entry["wagers"], key=lambda w: order.index(w["wager"]))
        out.append({"table": th.table, "casino": th.casino, "config": th.path, "ruleset": th.ruleset,
                    "digest": th.digest, "readings": list(th.readings), "wagers": wagers,
                    "outside": any(w["outside"] for w in wagers)})
    counts = {key: sum(w["counts"][key] for t in out for w in t["wagers"]) for key in COUNTS}
    alarm = _alarm(out, alarm_rate)
    return {"band": band, "convention": CONVENTION, "tables": out, "outside": any(t["outside"] for t in out),
            "alarm": alarm, "too_short": _too_short(out),
            "counts": counts}


class _Periods:
    """Every file's period labels numbered alike (ids in the order first seen over the files), and
    each label's place in sorted order (dates sort as text)."""

    def __init__(self, results: list[Results]):
        self._rank = None
        if len(results) == 1:              # one file: its codes are the ids (no second table of its labels)
            self.labels = results[0].names["period"][0]
            self.of_file = [np.arange(len(self.labels), dtype=np.int64)]
            return
        ids: dict = {}
        self.of_file = []                  # per file: its codes -> ids
        for res in results:
            values = res.names["period"][0]
            self.of_file.append(np.array([ids.setdefault(v, len(ids)) for v in values], dtype=np.int64))
        self.labels = list(ids)

    def ids(self, f: int, rows: np.ndarray, results: list[Results]) -> np.ndarray:
        return self.of_file[f][results[f].names["period"][1][rows]]

    def rank(self) -> np.ndarray:
        if self._rank is None:
            order = sorted(range(len(self.labels)), key=self.labels.__getitem__)
            self._rank = np.empty(len(order), dtype=np.int64)
            self._rank[order] = np.arange(len(order))
        return self._rank


def _duplicates(j: Judge, results: list[Results], periods: _Periods, marked: list, problems: list) -> list:
    """The rows of each group to judge: all of them, unless a table, wager and period comes twice
    (then each repeat is a problem naming the row it repeats, and is left out)."""
    if not marked:
        return []
    tags: dict = {}
    keys = np.concatenate([tags.setdefault((th.table, wid), len(tags)) * len(periods.labels)
                           + periods.ids(f, rows, results) for f, rows, th, wid in marked])
    keys.sort()
    if not (keys[1:] == keys[:-1]).any():
        return [rows for _f, rows, _th, _wid in marked]
    seen: dict = {}
    keep = []
    for f, rows, th, wid in marked:
        res = results[f]
        marks = seen.setdefault((th.table, wid), {})
        labels = [periods.labels[x] for x in periods.ids(f, rows, results).tolist()]
        fresh = set(labels)
        if len(fresh) == len(labels) and marks.keys().isdisjoint(fresh):
            marks.update(dict.fromkeys(fresh, (f, None)))
            keep.append(rows)
            continue
        kept = []
        for i, label in zip(rows.tolist(), labels):
            if label in marks:
                ff, ii = marks[label]
                if ii is None:      # marked in bulk: find the row (only ever on the way to an error)
                    other = results[ff]
                    ii = next(x for x in range(len(other)) if other.name("period", x) == label
                              and other.name("wager", x) == wid and j.theory_for(other, x, []) is th)
                line = results[ff].position(ii)[0]
                problems.append(res.problem(i, "table", f"duplicate row: {th.table}, {wid}, {label} is also "
                                                        f"at {results[ff].file}:{line}"))
                continue
            marks[label] = (f, i)
            kept.append(i)
        keep.append(np.array(kept, dtype=np.int64))
    return keep


COUNTS = ("periods", "judged", "data_error", "too_short", "no_rounds", "not_priced", "outside")


def _outside(z, edges: dict) -> dict:
    return {b: (z < edges[b][0]) | (z > edges[b][1]) for b in BANDS}


def _family_columns(group_parts: list, results: list, numbering: _Periods):
    """The groups' rows one group after another, each group's from every file in period order
    (dates sort; other labels as first seen): period ids, rounds, wagered, house win, meter, file and
    row, and where each group starts and ends (a list, one more than the groups)."""
    bounds = [0]
    for parts in group_parts:
        bounds.append(bounds[-1] + sum(len(rows) for _f, rows in parts))
    names = ("rounds", "wagered", "house_win", "meter")
    files = {f for parts in group_parts for f, _rows in parts}
    if len(files) == 1:
        f = files.pop()
        rows = np.concatenate([rows for parts in group_parts for _f, rows in parts])
        cols = [numbering.ids(f, rows, results)] + [getattr(results[f], name)[rows] for name in names]
        cols += [np.full(len(rows), f, dtype=np.int64), rows.astype(np.int64)]
    else:
        cols = [np.empty(bounds[-1], dtype=np.int64)] + [np.empty(bounds[-1]) for _ in names]
        cols += [np.empty(bounds[-1], dtype=np.int64), np.empty(bounds[-1], dtype=np.int64)]
        at = 0
        for parts in group_parts:
            for f, rows in parts:
                cols[0][at:at + len(rows)] = numbering.ids(f, rows, results)
                for col, name in zip(cols[1:], names):
                    col[at:at + len(rows)] = getattr(results[f], name)[rows]
                cols[-2][at:at + len(rows)] = f
                cols[-1][at:at + len(rows)] = rows
                at += len(rows)
    dated = [all(results[f].by_date for f, _rows in parts) for parts in group_parts]
    if any(dated) and bounds[-1] > 1:
        rank = numbering.rank()[cols[0]]
        falls = np.flatnonzero(rank[1:] < rank[:-1]) + 1          # a period before the one above it
        for g in sorted(set((np.searchsorted(bounds, falls, side="right") - 1).tolist())):
            a, b = bounds[g], bounds[g + 1]
            if dated[g] and a < b and ((rank[a + 1:b] < rank[a:b - 1]).any()):
                order = a + np.argsort(rank[a:b], kind="stable")
                for col in cols:
                    col[a:b] = col[order]
    return (*cols, bounds)


RUNNING_POINTS = 150


def _judge_wagers(groups: list, results: list, numbering: _Periods, curve, edges: Edges, band: str,
                  full: bool = True, path: bool = True, mixtures: Mixtures | None = None) -> list[dict]:
    """Each group (table, wager id, its rows) of tables priced alike judged, period by period and
    cumulatively; the arithmetic is element by element, so all the groups' periods at once."""
    th, wid, _parts = groups[0]
    w = th.wagers[wid]
    k = w.units_per_round
    period_id, n, wag, win, meter_given, file_of, row_of, bounds = _family_columns(
        [parts for _th, _wid, parts in groups], results, numbering)
    labels = numbering.labels
    heads = [{"wager": wid, "wager_name": w.wager_name, "paytable": w.paytable_id, "paytable_name": w.paytable_name,
              "units_per_round": k, "status": w.status, "assumptions": list(w.assumptions),
              "readings": list(w.readings), "limits": [w.minimum, w.maximum]} for _ in groups]
    if w.mean is None:
        note = ("the rules leave this paytable without figures (or the configuration chooses none): no theory to "
                "judge against")
        out = []
        for g, head in enumerate(heads):
            a, b = bounds[g], bounds[g + 1]
            counts = dict.fromkeys(COUNTS, 0)
            counts.update(periods=b - a, not_priced=b - a)
            periods = [{"period": labels[p], "rounds": int(r), "wagered": x, "house_win": y, "status": "not_priced",
                        "note": note} for p, r, x, y in zip(period_id[a:b].tolist(), n[a:b].tolist(),
                                                            wag[a:b].tolist(), win[a:b].tolist())]
            out.append({**head, "priced_at": None, "periods": periods if full else periods[:1], "cumulative": None,
                        "running": None, "outside": False, "counts": counts})
        return out
    with np.errstate(divide="ignore", invalid="ignore"):
        stake = np.where(n > 0, wag / (k * np.maximum(n, 1)), 0.0)
    has_meter = w.meter_reset is not None
    if has_meter:
        meter = np.where(np.isnan(meter_given), w.meter_reset, meter_given)
    else:
        meter = np.zeros(len(n))
    if curve is not None:   # evaluated group by group, as a matrix product's rounding may depend on its length
        s_eval = stake if curve.fixed_stake is None else np.full(len(n), curve.fixed_stake)
        s_eval = np.where(s_eval > 0, s_eval, 1.0)
        priced = [curve.at(s_eval[bounds[g]:bounds[g + 1]], meter[bounds[g]:bounds[g + 1]]) for g in range(len(groups))]
        mean = np.concatenate([m for m, _ in priced])
        sd = np.concatenate([v for _, v in priced])
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
    levels = levels_of(results, file_of, row_of)
    mixed = np.array([lv is not None and sum(r > 0 for _s, r, _m in lv[1]) >= 2 for lv in levels], dtype=bool)
    for x in np.flatnonzero(mixed | np.array([lv is not None for lv in levels], dtype=bool)).tolist():
        bad[x] = n[x] > 0 and any(r > 0 and (s < low * (1 - eps) or s > high * (1 + eps)) for s, r, _m in levels[x][1])
    mixes = {}
    for x in np.flatnonzero(mixed & ~bad).tolist():       # judged on the exact mixture of its stake levels
        mix = mixes[x] = mixtures.of(th, wid, levels[x][1])
        theo[x], sd_win[x] = mix.mean, mix.sd
        theo_hold[x] = mix.mean / wag[x]
        z[x] = (win[x] - mix.mean) / mix.sd if mix.sd > 0 else 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        short = (n > 0) & ~bad & (np.where(wag > 0, (theo + Z["99"] * sd_win) / wag, 0.0) > 1.0)
    judged = (n > 0) & ~bad & ~short
    out_by = _outside(z, edges.at(n))
    p_value = np.where(judged, edges.p_values(z, n), np.nan) if len(n) else np.zeros(0)
    for x, mix in mixes.items():
        for b, (lo, hi) in mix.edges().items():
            out_by[b][x] = z[x] < lo or z[x] > hi
        if judged[x]:
            p_value[x] = mix.p_value(float(win[x]))
    outside = judged & out_by[band]
    use = (n > 0) & ~bad
    starts = np.asarray(bounds[:-1])
    tally = {name: np.add.reduceat(x.astype(np.int64), starts).tolist() for name, x in
             (("no_rounds", n == 0), ("data_error", bad), ("too_short", short), ("judged", judged),
              ("outside", outside), ("use", use))}
    limits = f"{low:,.2f}" if w.stake_stated else f"{low:,.2f} to {high:,.2f}"
    candidate = judged & (p_value <= ALARM_RATE_MAX)      # every period that could raise the alarm
    shown = np.arange(len(n)) if full else np.flatnonzero(outside | bad | candidate)
    cut = np.searchsorted(shown, bounds).tolist()
    rows = _period_rows(shown, labels, period_id, n, wag, win, stake, meter if has_meter else None, meter_given,
                        bad, short, hold, theo, theo_hold, sd_win, z, out_by, band, w, limits, p_value)
    for row, x in zip(rows, shown.tolist()):
        source, given = levels[x] if levels[x] is not None else ("average", None)
        row["stakes"] = {"from": source, "judged_as": "mixture" if mixed[x] else "one stake", "said": FROM[source],
                         "levels": [[s, r] for s, r, _m in given] if given else None}
    # cumulative: running sums within each group (in period order, one after another)
    sums = np.empty((5, len(n)))       # filled in place: no second copy of each column
    for row, column in zip(sums, (n, wag, win, theo, sd_win)):
        np.multiply(column, use, out=row)
    sums[4] *= sums[4]                 # the variance: sd_win squared (0 where not used)
    cums = [_cumulative(sums[:, bounds[g]:bounds[g + 1]], use[bounds[g]:bounds[g + 1]], edges, path)
            if tally["use"][g] else (None, None, None) for g in range(len(groups))]
    # the cumulative bands, all groups at once
    judge_at = [g for g, (c, _r, _x) in enumerate(cums) if c is not None and c["status"] == "judged"]
    if judge_at:
        ce = _outside(np.array([cums[g][2][0] for g in judge_at]), edges.at([cums[g][2][1] for g in judge_at]))
        for x, g in enumerate(judge_at):
            zc = cums[g][2][0]
            cums[g][0]["p_value"] = float(edges.p_values(np.array([zc]), np.array([cums[g][2][1]]))[0])
            cums[g][0].update(bands={b: bool(ce[b][x]) for b in BANDS}, outside=bool(ce[band][x]),
                              direction="above" if zc > 0 else "below", band_from="one stake")
            cum_levels = cumulative_levels(levels, stake, meter_given, n, use, bounds[g], bounds[g + 1])
            if cum_levels is not None:       # several stakes over the periods: the exact mixture of them all
                mix = mixtures.of(th, wid, cum_levels)
                zc = (cums[g][0]["house_win"] - mix.mean) / mix.sd if mix.sd > 0 else 0.0
                cuts = mix.edges()
                cums[g][0].update(z=float(zc), p_value=mix.p_value(cums[g][0]["house_win"]),
                                  bands={b: bool(zc < lo or zc > hi) for b, (lo, hi) in cuts.items()},
                                  direction="above" if zc > 0 else "below", band_from="mixture")
                cums[g][0]["outside"] = cums[g][0]["bands"][band]
    priced_at = {"meter": "each period's mean meter where the row gives one, else the configured reset "
                          f"({w.meter_reset:,.2f})" if has_meter else None,
                 "stake": ("the stake the rules fix" if w.stake_stated else
                           "each period's average bet (the wager pays money amounts or a meter share)")
                 if w.stake_dependent or w.stake_stated else "per unit of the stake (odds: any stake)",
                 "mean_per_round": w.mean, "sd_per_round": w.sd,
                 "stake_priced": w.stake if w.stake_dependent or w.stake_stated else None}
    spread = stake_spread(w, stake, judged & np.array([lv is None for lv in levels], dtype=bool), bounds)
    if mixed.any():
        priced_at["stake"] += ("; a period played at several stakes (a stakes histogram, or rows per stake level) "
                               "is judged on the exact distribution of its total, the mixture of its levels")
    out = []
    for g, head in enumerate(heads):
        cum, running, _ = cums[g]
        counts = dict.fromkeys(COUNTS, 0)
        counts["periods"] = bounds[g + 1] - bounds[g]
        counts.update({name: tally[name][g] for name in ("no_rounds", "data_error", "too_short", "judged", "outside")})
        out.append({**head, "priced_at": dict(priced_at), "periods": rows[cut[g]:cut[g + 1]], "cumulative": cum,
                    "running": running, "outside": bool(tally["outside"][g]) or bool(cum and cum.get("outside")),
                    "counts": counts, "stake_spread": spread[g],
                    "mixed_stakes": int((mixed & judged)[bounds[g]:bounds[g + 1]].sum()),
                    "_tests": (int(judged[bounds[g]:bounds[g + 1]].sum()),
                               [(float(p_value[i]), labels[period_id[i]])
                                for i in np.flatnonzero(candidate[bounds[g]:bounds[g + 1]]) + bounds[g]])})
    return out


def _period_rows(shown, labels, period_id, n, wag, win, stake, meter, meter_given, bad, short, hold, theo, theo_hold,
                 sd_win, z, out_by, band, w, limits, p_value) -> list[dict]:
    """The periods listed (``shown``: their indexes), as the report gives them."""
    has_meter = meter is not None
    cols = [period_id, n, wag, win, stake, meter if has_meter else np.zeros(len(n)), np.isnan(meter_given), bad,
            short, hold, theo, theo_hold, sd_win, z, out_by["95"], out_by["99"], out_by["99.9"], p_value]
    rows = []
    for (pid, nx, wx, winx, sx, mx, reset, badx, shortx, hx, tx, thx, sdx, zx, o95, o99, o999, px) in \
            zip(*(c[shown].tolist() for c in cols)):
        p = {"period": labels[pid], "rounds": int(nx), "wagered": wx, "house_win": winx,
             "average_bet": sx, "meter": mx if has_meter else None,
             "meter_from": ("reset" if reset else "row") if has_meter else None}
        if nx == 0:
            p.update(status="no_rounds", note="no rounds played")
        elif badx:
            p.update(status="data_error", note=f"average bet {sx:,.2f} is outside the table's "
                                               f"{'stake' if w.stake_stated else 'limits'} ({limits}): probably a "
                                               "data-entry error; not judged")
        else:
            p.update(status="too_short" if shortx else "judged", hold=hx, theoretical_win=tx, theoretical_hold=thx,
                     sd=sdx, z=zx)
            if shortx:
                p["note"] = (f"too short to judge: {int(nx):,} rounds; theory + 2.576 SD would be a "
                             "hold above 100%")
            else:
                p["bands"] = {"95": o95, "99": o99, "99.9": o999}
                p["outside"] = p["bands"][band]
                p["direction"] = "above" if zx > 0 else "below"
                p["p_value"] = px
        rows.append(p)
    return rows


def _cumulative(sums: np.ndarray, use: np.ndarray, edges: Edges, path: bool):
    """(cumulative figures, running path, (z, rounds) to judge the cumulative by) of one group whose
    periods' rounds, wagered, win, theoretical win and variance (0 where not used) are ``sums``."""
    cn, cw, cwin, ct, cvar = np.cumsum(sums, axis=1, out=sums)   # in place: the sums are this group's alone
    running = None
    if path:
        at = np.nonzero(use)[0]
        if len(at) > RUNNING_POINTS:   # the path at up to 150 evenly spaced periods, the last included
            at = at[np.unique(np.linspace(0, len(at) - 1, RUNNING_POINTS).round().astype(np.int64))]
        run_edges = edges.at(cn[at])
        sdc_at = np.sqrt(cvar[at])
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
    return cum, running, (zc, cn[last])
