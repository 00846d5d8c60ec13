"""One wager of tables priced alike judged: each period's theory, band and flag, and the cumulative.

The groups of a family (one configured table's one wager each) are judged together, element by
element over all their periods at once, in steps that hand each other typed records: the periods'
columns (:class:`Columns`), their theory (:class:`PeriodTheory`), their stakes as played
(:class:`StakeLevels`) and their verdicts (:class:`Verdicts`). The conventions are the hold
check's (:mod:`lit_compliance.hold.judge`).
"""
from __future__ import annotations

from math import sqrt

import numpy as np

from ..gamemath.period import Edges
from ..table.theory import Curve
from .bands import ALARM_RATE_MAX, BANDS, Z, outside
from .levels import Mixtures, cumulative_levels, levels_of, stake_spread
from .matching import Group, Periods
from .notes import HeldAt, HoldNote, HoldNoteKind, StakeBasis, WagerAssumptions
from ..records import record

COUNTS = ("periods", "judged", "data_error", "too_short", "no_rounds", "not_priced", "outside")
RUNNING_POINTS = 150


@record
class Columns:
    """The family's periods, one group after another (one array element each): period id, rounds,
    wagered, house win, meter as given (NaN where none), file and row; ``bounds``: where each group
    starts and ends (one more than the groups)."""
    period_id: np.ndarray
    rounds: np.ndarray
    wagered: np.ndarray
    house_win: np.ndarray
    meter_given: np.ndarray
    file_of: np.ndarray
    row_of: np.ndarray
    bounds: list

    def of(self, g: int) -> slice:
        """Group ``g``'s periods."""
        return slice(self.bounds[g], self.bounds[g + 1])


@record
class PeriodTheory:
    """Per period: the average stake a unit, the meter it is priced at, the theoretical win and its
    SD, the actual and theoretical hold, and z, each period taken as played at its average stake;
    :func:`_judge_mixtures` then puts the exact mixture's figures in place where a period gives its
    stakes."""
    stake: np.ndarray
    meter: np.ndarray
    theo: np.ndarray
    sd_win: np.ndarray
    hold: np.ndarray
    theo_hold: np.ndarray
    z: np.ndarray


@record
class StakeLevels:
    """The table's limits (``low``, ``high``: the stake where the rules fix it), the periods whose
    stakes lie outside them (``bad``: a probable data error, not judged), each period's stake levels
    as given (None where it gives only its average) and those played at two or more stakes."""
    low: float
    high: float
    bad: np.ndarray
    levels: list
    mixed: np.ndarray


@record(eq=False)
class OnMixture:
    """What a period judged on the exact mixture of its stake levels keeps of it, once judged: its
    band edges in z, its p-value (from the mixture's own distribution) and what it says of its
    lattice (:func:`_coarser`). The mixture itself (its pieces: megabytes) is not kept, so a year of
    periods each at its own stakes holds one mixture at a time."""
    edges: dict
    p_value: float
    coarser: dict


@record
class Verdicts:
    """Per period: too short to judge, judged, used in the cumulative, outside each band, the
    p-value, outside the report's band, and able to raise the alarm."""
    short: np.ndarray
    judged: np.ndarray
    use: np.ndarray
    out_by: dict
    p_value: np.ndarray
    outside: np.ndarray
    candidate: np.ndarray


def judge_family(groups: list[Group], results: list, numbering: Periods, curve: Curve | None, edges: Edges | None,
                 band: str, full: bool = True, path: bool = True, mixtures: Mixtures | None = None) -> list[dict]:
    """Each group (table, wager id, its rows) of tables priced alike judged, period by period and
    cumulatively; the arithmetic is element by element, so all the groups' periods at once."""
    th, wid = groups[0].theory, groups[0].wager
    w = th.wagers[wid]
    cols = _family_columns([group.parts for group in groups], results, numbering)
    heads = [_head(wid, w) for _ in groups]
    if w.mean is None:
        return _not_priced(heads, cols, numbering.labels, full)
    theory = _period_theory(w, curve, cols)
    stakes = _stake_levels(w, results, cols, theory.stake)
    mixes = _judge_mixtures(th, wid, cols, theory, stakes, mixtures)
    verdicts = _verdicts(cols, theory, stakes.bad, mixes, edges, band)
    tally = _tally(cols, stakes.bad, verdicts)
    rows, cut = _listed_periods(cols, numbering.labels, theory, stakes, verdicts, band, w, full, mixes, edges)
    cums = _cumulatives(th, wid, cols, theory, stakes, verdicts, tally["use"], edges, band, path, mixtures)
    priced_at = _priced_at(w, bool(stakes.mixed.any()))
    spread = stake_spread(w, theory.stake, verdicts.judged & np.array([lv is None for lv in stakes.levels], dtype=bool),
                          cols.bounds)
    out = []
    for g, head in enumerate(heads):
        cum, running, _ = cums[g]
        at = cols.of(g)
        counts = dict.fromkeys(COUNTS, 0)
        counts["periods"] = at.stop - at.start
        counts.update({name: tally[name][g] for name in ("no_rounds", "data_error", "too_short", "judged", "outside")})
        out.append({**head, "priced_at": priced_at, "periods": rows[cut[g]:cut[g + 1]], "cumulative": cum,
                    "running": running, "outside": bool(tally["outside"][g]) or bool(cum and cum.get("outside")),
                    "counts": counts, "stake_spread": spread[g],
                    "mixed_stakes": int((stakes.mixed & verdicts.judged)[at].sum()),
                    "_tests": (int(verdicts.judged[at].sum()),
                               [(float(verdicts.p_value[i]), numbering.labels[cols.period_id[i]])
                                for i in np.flatnonzero(verdicts.candidate[at]) + at.start])})
    return out


def _head(wid: str, w) -> dict:
    """What a wager's entry says of the wager itself: its paytable, status, readings and limits."""
    return {"wager": wid, "wager_name": w.wager_name, "paytable": w.paytable_id, "paytable_name": w.paytable_name,
            "units_per_round": w.units_per_round, "status": w.status,
            "assumptions": WagerAssumptions(w.paytable_id, tuple(w.assumptions), w.seats_assumed),
            "readings": list(w.readings), "limits": [w.minimum, w.maximum]}


def _not_priced(heads: list[dict], cols: Columns, labels: list, full: bool) -> list[dict]:
    """The entries of a wager whose paytable the rules leave without figures: every period listed,
    none judged."""
    note = HoldNote(HoldNoteKind.NOT_PRICED)
    out = []
    for g, head in enumerate(heads):
        at = cols.of(g)
        counts = dict.fromkeys(COUNTS, 0)
        counts.update(periods=at.stop - at.start, not_priced=at.stop - at.start)
        periods = [{"period": labels[p], "rounds": int(r), "wagered": x, "house_win": y, "status": "not_priced",
                    "note": note} for p, r, x, y in zip(cols.period_id[at].tolist(), cols.rounds[at].tolist(),
                                                        cols.wagered[at].tolist(), cols.house_win[at].tolist())]
        out.append({**head, "priced_at": None, "periods": periods if full else periods[:1], "cumulative": None,
                    "running": None, "outside": False, "counts": counts})
    return out


def _period_theory(w, curve: Curve | None, cols: Columns) -> PeriodTheory:
    """Each period's theory at its average stake (and its meter, where the wager pays from one)."""
    k = w.units_per_round
    n, wag, win, bounds = cols.rounds, cols.wagered, cols.house_win, cols.bounds
    with np.errstate(divide="ignore", invalid="ignore"):
        stake = np.where(n > 0, wag / (k * np.maximum(n, 1)), 0.0)
    if w.meter_reset is not None:
        meter = np.where(np.isnan(cols.meter_given), w.meter_reset, cols.meter_given)
    else:
        meter = np.zeros(len(n))
    if curve is not None:   # evaluated group by group, as a matrix product's rounding may depend on its length
        s_eval = stake if curve.fixed_stake is None else np.full(len(n), curve.fixed_stake)
        s_eval = np.where(s_eval > 0, s_eval, 1.0)
        priced = [curve.at(s_eval[bounds[g]:bounds[g + 1]], meter[bounds[g]:bounds[g + 1]])
                  for g in range(len(bounds) - 1)]
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
    return PeriodTheory(stake, meter, theo, sd_win, hold, theo_hold, z)


def _stake_levels(w, results: list, cols: Columns, stake: np.ndarray) -> StakeLevels:
    """Each period's stake levels, and whether its stakes (its average, or every level it gives)
    lie within the table's limits."""
    n = cols.rounds
    eps = 1e-9
    low = w.stake if w.stake_stated else (w.minimum if w.minimum is not None else -np.inf)
    high = w.stake if w.stake_stated else (w.maximum if w.maximum is not None else np.inf)
    bad = (n > 0) & ((stake < low * (1 - eps)) | (stake > high * (1 + eps)))
    levels = levels_of(results, cols.file_of, cols.row_of)
    mixed = np.array([lv is not None and sum(r > 0 for _s, r, _m in lv[1]) >= 2 for lv in levels], dtype=bool)
    for x in np.flatnonzero(mixed | np.array([lv is not None for lv in levels], dtype=bool)).tolist():
        bad[x] = n[x] > 0 and any(r > 0 and (s < low * (1 - eps) or s > high * (1 + eps)) for s, r, _m in levels[x][1])
    return StakeLevels(low, high, bad, levels, mixed)


def _judge_mixtures(th, wid: str, cols: Columns, theory: PeriodTheory, stakes: StakeLevels,
                    mixtures: Mixtures | None) -> dict[int, OnMixture]:
    """The periods played at several stakes (within the limits), each judged on the exact mixture of
    its stake levels: their theory, SD and z put in ``theory`` in place; period index -> what it
    keeps of its mixture."""
    mixes = {}
    for x in np.flatnonzero(stakes.mixed & ~stakes.bad).tolist():
        mix = mixtures.of(th, wid, stakes.levels[x][1])
        theory.theo[x], theory.sd_win[x] = mix.mean, mix.sd
        theory.theo_hold[x] = mix.mean / cols.wagered[x]
        theory.z[x] = (cols.house_win[x] - mix.mean) / mix.sd if mix.sd > 0 else 0.0
        mixes[x] = OnMixture(mix.edges(), mix.p_value(float(cols.house_win[x])), _coarser(mix))
    return mixes


def _verdicts(cols: Columns, theory: PeriodTheory, bad: np.ndarray, mixes: dict[int, OnMixture], edges: Edges,
              band: str) -> Verdicts:
    """Each period too short, judged or not; outside which bands; its p-value."""
    n, wag, z = cols.rounds, cols.wagered, theory.z
    with np.errstate(divide="ignore", invalid="ignore"):
        short = (n > 0) & ~bad & (np.where(wag > 0, (theory.theo + Z["99"] * theory.sd_win) / wag, 0.0) > 1.0)
    judged = (n > 0) & ~bad & ~short
    out_by = outside(z, edges.at(n))
    p_value = np.where(judged, edges.p_values(z, n), np.nan) if len(n) else np.zeros(0)
    for x, mix in mixes.items():
        for b, (lo, hi) in mix.edges.items():
            out_by[b][x] = z[x] < lo or z[x] > hi
        if judged[x]:
            p_value[x] = mix.p_value
    candidate = judged & (p_value <= ALARM_RATE_MAX)      # every period that could raise the alarm
    return Verdicts(short, judged, (n > 0) & ~bad, out_by, p_value, judged & out_by[band], candidate)


def _tally(cols: Columns, bad: np.ndarray, verdicts: Verdicts) -> dict[str, list]:
    """Per group: how many periods had no rounds, a data error, too few rounds, were judged, lay
    outside the band, and count in the cumulative."""
    starts = np.asarray(cols.bounds[:-1])
    return {name: np.add.reduceat(x.astype(np.int64), starts).tolist() for name, x in
            (("no_rounds", cols.rounds == 0), ("data_error", bad), ("too_short", verdicts.short),
             ("judged", verdicts.judged), ("outside", verdicts.outside), ("use", verdicts.use))}


def _listed_periods(cols: Columns, labels: list, theory: PeriodTheory, stakes: StakeLevels, verdicts: Verdicts,
                    band: str, w, full: bool, mixes: dict, edges) -> tuple[list[dict], list[int]]:
    """The periods the report lists (all, or with ``full`` false those to look at: outside the band,
    data errors, able to raise the alarm), each with its stakes (and, where its mixture or the edges it
    is judged by are not on its outcomes' own lattice, that lattice: :func:`_coarser`); and where each
    group's start in that list."""
    n = cols.rounds
    shown = np.arange(len(n)) if full else np.flatnonzero(verdicts.outside | stakes.bad | verdicts.candidate)
    cut = np.searchsorted(shown, cols.bounds).tolist()
    rows = _period_rows(shown, labels, cols, theory, stakes, verdicts, band, w)
    for row, x in zip(rows, shown.tolist()):
        source, given = stakes.levels[x] if stakes.levels[x] is not None else ("average", None)
        row["stakes"] = {"from": source, "judged_as": "mixture" if stakes.mixed[x] else "one stake",
                         "levels": [[s, r] for s, r, _m in given] if given else None,
                         **(mixes[x].coarser if x in mixes else
                            _coarser_edges(edges, row["rounds"], row["average_bet"]) if "bands" in row else {})}
    return rows, cut


def _coarser(mix) -> dict:
    """What a result judged on a mixture not on its outcomes' own lattice says of it: the lattice's step
    and the most it can add to the variance (a share); nothing where it is on its own lattice."""
    if mix is None or mix.coarser_lattice is None:
        return {}
    return {"coarser_lattice": float(mix.coarser_lattice), "variance_added_at_most": float(mix.variance_added_at_most)}


def _coarser_edges(edges, rounds: int, stake: float) -> dict:
    """As :func:`_coarser`, for a result judged by the one-stake table (:class:`~lit_compliance.gamemath.period.Edges`)
    over ``rounds`` rounds at ``stake`` a unit: the lattice in money."""
    got = edges.coarser_at(rounds) if edges is not None else None
    return {} if got is None else {"coarser_lattice": got[0] * stake, "variance_added_at_most": got[1]}


def _period_rows(shown: np.ndarray, labels: list, cols: Columns, theory: PeriodTheory, stakes: StakeLevels,
                 verdicts: Verdicts, band: str, w) -> list[dict]:
    """The periods listed (``shown``: their indexes), as the report gives them."""
    has_meter = w.meter_reset is not None
    n, out_by = cols.rounds, verdicts.out_by
    columns = [cols.period_id, n, cols.wagered, cols.house_win, theory.stake,
               theory.meter if has_meter else np.zeros(len(n)), np.isnan(cols.meter_given), stakes.bad, verdicts.short,
               theory.hold, theory.theo, theory.theo_hold, theory.sd_win, theory.z, out_by["95"], out_by["99"],
               out_by["99.9"], verdicts.p_value]
    rows = []
    for (pid, nx, wx, winx, sx, mx, reset, badx, shortx, hx, tx, thx, sdx, zx, o95, o99, o999, px) in \
            zip(*(c[shown].tolist() for c in columns)):
        p = {"period": labels[pid], "rounds": int(nx), "wagered": wx, "house_win": winx,
             "average_bet": sx, "meter": mx if has_meter else None,
             "meter_from": ("reset" if reset else "row") if has_meter else None}
        if nx == 0:
            p.update(status="no_rounds", note=HoldNote(HoldNoteKind.NO_ROUNDS))
        elif badx:
            p.update(status="data_error", note=HoldNote(HoldNoteKind.DATA_ERROR, average_bet=sx, stake_fixed=w.stake_stated,
                                                    low=stakes.low, high=stakes.high))
        else:
            p.update(status="too_short" if shortx else "judged", hold=hx, theoretical_win=tx, theoretical_hold=thx,
                     sd=sdx, z=zx)
            if shortx:
                p["note"] = HoldNote(HoldNoteKind.TOO_SHORT, rounds=int(nx), z=Z["99"])
            else:
                p["bands"] = {"95": o95, "99": o99, "99.9": o999}
                p["outside"] = p["bands"][band]
                p["direction"] = "above" if zx > 0 else "below"
                p["p_value"] = px
        rows.append(p)
    return rows


def _priced_at(w, mixed: bool) -> HeldAt:
    """How the wager's theory is priced: at which meter and stake, its mean and SD a round."""
    stake = (StakeBasis.FIXED if w.stake_stated else StakeBasis.AVERAGE_BET) \
        if w.stake_dependent or w.stake_stated else StakeBasis.ANY
    return HeldAt(meter_reset=w.meter_reset, stake=stake, mixed=mixed, mean_per_round=w.mean, sd_per_round=w.sd,
                  stake_priced=w.stake if w.stake_dependent or w.stake_stated else None)


def _cumulatives(th, wid: str, cols: Columns, theory: PeriodTheory, stakes: StakeLevels, verdicts: Verdicts,
                 used: list, edges: Edges, band: str, path: bool, mixtures: Mixtures | None) -> list[tuple]:
    """Per group: (cumulative figures, running path, (z, rounds)), or (None, None, None) where no
    period counts; the running sums within each group (in period order, one after another), then
    the cumulative bands, all groups at once."""
    n, use, bounds = cols.rounds, verdicts.use, cols.bounds
    units = th.wagers[wid].units_per_round
    sums = np.empty((5, len(n)))       # filled in place: no second copy of each column
    for row, column in zip(sums, (n, cols.wagered, cols.house_win, theory.theo, theory.sd_win)):
        np.multiply(column, use, out=row)
    sums[4] *= sums[4]                 # the variance: sd_win squared (0 where not used)
    cums = [_cumulative(sums[:, bounds[g]:bounds[g + 1]], use[bounds[g]:bounds[g + 1]], edges, path)
            if used[g] else (None, None, None) for g in range(len(bounds) - 1)]
    judge_at = [g for g, (c, _r, _x) in enumerate(cums) if c is not None and c["status"] == "judged"]
    if judge_at:
        ce = outside(np.array([cums[g][2][0] for g in judge_at]), edges.at([cums[g][2][1] for g in judge_at]))
        for x, g in enumerate(judge_at):
            zc = cums[g][2][0]
            cums[g][0]["p_value"] = float(edges.p_values(np.array([zc]), np.array([cums[g][2][1]]))[0])
            cums[g][0].update(bands={b: bool(ce[b][x]) for b in BANDS}, outside=bool(ce[band][x]),
                              direction="above" if zc > 0 else "below", band_from="one stake")
            cum_levels = cumulative_levels(stakes.levels, theory.stake, cols.meter_given, n, use, bounds[g],
                                           bounds[g + 1])
            if cum_levels is not None:       # several stakes over the periods: the exact mixture of them all
                _on_mixture(cums[g][0], mixtures.of(th, wid, cum_levels), band)
            else:                            # its average stake a unit: its wagered over the units it placed
                c = cums[g][0]
                c.update(_coarser_edges(edges, cums[g][2][1], c["wagered"] / (units * c["rounds"])))
    return cums


def _on_mixture(cum: dict, mix, band: str) -> None:
    """A cumulative result judged on the exact mixture of its stake levels ``mix``."""
    zc = (cum["house_win"] - mix.mean) / mix.sd if mix.sd > 0 else 0.0
    cuts = mix.edges()
    cum.update(z=float(zc), p_value=mix.p_value(cum["house_win"]),
               bands={b: bool(zc < lo or zc > hi) for b, (lo, hi) in cuts.items()},
               direction="above" if zc > 0 else "below", band_from="mixture", **_coarser(mix))
    cum["outside"] = cum["bands"][band]


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
        cum["note"] = HoldNote(HoldNoteKind.TOO_SHORT_CUMULATIVE, z=Z["99"])
    return cum, running, (zc, cn[last])


def _family_columns(group_parts: list, results: list, numbering: Periods) -> Columns:
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
    return Columns(*cols, bounds)
