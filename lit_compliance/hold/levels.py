"""Stakes as played: a period's rounds at each stake, and the exact mixture ``hold`` judges it by.

A results row says what stakes its rounds were played at in one of three ways:

- a ``stakes`` histogram (``5:1200;25:800``): the period's rounds at each stake;
- several rows of one table, wager and period at different stakes (each at its ``stake``, or at its
  own average ``wagered`` / units / ``rounds``): the period's stake levels, merged here into one
  period (the first row's place, for messages) whose rounds, amount wagered and house win add up;
- one row: every round at its ``stake``, or at its average stake (the bands then assume one stake
  and the report says how much wider the truth can be: :func:`stake_spread`).

A period with rounds at two or more stakes is judged on the exact distribution of its total, the sum
over its levels of independent totals each scaled by its stake (:class:`gamemath.period_mixture.Mixture`):
its theoretical win, SD, bands and p-value all come from that mixture.
"""
from __future__ import annotations

import copy

import numpy as np

from ..gamemath.period import one_round
from ..gamemath.period_mixture import Mixture
from .results import Results
from ..table.theory import TableTheory, sheet


def _tolerance(wagered: float) -> float:
    return 0.005 + 1e-9 * abs(wagered)


def merge_levels(results: list[Results], marked: list, periods, problems: list) -> tuple[list, list]:
    """(results, marked) with every group's rows of one period at different stakes merged into one row,
    and each row's stake levels in ``levels`` (row -> (source, ((stake, rounds, meter or None), ...)));
    a file with merged rows is copied, never changed. A stake or histogram that does not add up to the
    row's amount wagered is a problem at its cell. Rows of one period at one stake are left as they
    are (they are duplicates, reported as such)."""
    results = [_fresh(r) for r in results]
    copied: set = set()
    out = []
    for f, rows, th, wid in marked:
        res = results[f]
        k = th.wagers[wid].units_per_round
        given = rows[~np.isnan(res.stake[rows])]
        for i in given.tolist():
            want = k * float(res.stake[i]) * float(res.rounds[i])
            if abs(want - float(res.wagered[i])) > _tolerance(want):
                problems.append(res.problem(i, "stake", f"{float(res.stake[i]):,.2f} a unit x {k} unit(s) a round x "
                                                        f"{int(res.rounds[i]):,} rounds is {want:,.2f}, not the "
                                                        f"{float(res.wagered[i]):,.2f} wagered"))
        for i in [x for x in rows.tolist() if x in res.stakes]:
            want = sum(k * s * r for s, r in res.stakes[i])
            if abs(want - float(res.wagered[i])) > _tolerance(want):
                problems.append(res.problem(i, "stakes", f"its rounds at their stakes, {k} unit(s) a round, come to "
                                                         f"{want:,.2f}, not the {float(res.wagered[i]):,.2f} wagered"))
        ids = periods.ids(f, rows, results)
        uniq, counts = np.unique(ids, return_counts=True)
        keep = np.ones(len(rows), dtype=bool)
        if (counts > 1).any():
            for pid in uniq[counts > 1].tolist():
                at = np.flatnonzero(ids == pid)
                members = rows[at]
                stakes = [_row_levels(res, i, k)[1] for i in members.tolist()]
                flat = [round(s, 6) for levels in stakes for s, _r, _m in levels]
                if len(set(flat)) < len(flat) or any(x in res.stakes for x in members.tolist()):
                    continue         # one stake twice (or a histogram beside rows): duplicates, said as such
                if f not in copied:
                    res = results[f] = _copy(res)
                    copied.add(f)
                first = int(members[0])
                res.levels[first] = ("rows", tuple(lv for levels in stakes for lv in levels))
                for name in ("rounds", "wagered", "house_win"):
                    getattr(res, name)[first] = float(getattr(res, name)[members].sum())
                meters = res.meter[members]
                given_m = ~np.isnan(meters)
                if given_m.any():
                    weights = res.rounds[members][given_m]
                    res.meter[first] = float(meters[given_m] @ weights / weights.sum()) if weights.sum() else \
                        float(meters[given_m].mean())
                keep[at[1:]] = False
        res = results[f]
        for i in rows[keep].tolist():
            if i not in res.levels:
                source, levels = _row_levels(res, i, k)
                if source != "average":
                    res.levels[i] = (source, levels)
        out.append((f, rows[keep], th, wid))
    return results, out


def _fresh(res: Results) -> Results:
    """The file as read, with no levels yet (its arrays shared, not copied)."""
    new = copy.copy(res)
    new.levels = {}
    return new


def _copy(res: Results) -> Results:
    """The file with its number columns copied, to merge rows in."""
    new = copy.copy(res)
    for name in ("rounds", "wagered", "house_win", "meter", "stake"):
        setattr(new, name, getattr(res, name).copy())
    new.levels = dict(res.levels)
    return new


def _row_levels(res: Results, i: int, k: int) -> tuple[str, tuple]:
    """(source, ((stake, rounds, meter), ...)) of one row as read."""
    meter = None if np.isnan(res.meter[i]) else float(res.meter[i])     # None, never NaN: levels are dict keys
    if i in res.stakes:
        return "histogram", tuple((s, r, meter) for s, r in res.stakes[i])
    n = float(res.rounds[i])
    if not np.isnan(res.stake[i]):
        return "stake", ((float(res.stake[i]), int(n), meter),)
    return "average", ((float(res.wagered[i]) / (k * n) if n else 0.0, int(n), meter),)


def levels_of(results: list[Results], files: np.ndarray, rows: np.ndarray) -> list:
    """Per (file, row): its (source, levels), or None where the row gives only its average stake."""
    return [getattr(results[f], "levels", {}).get(i) for f, i in zip(files.tolist(), rows.tolist())]


_MEMO: dict = {}           # (priced as, wager, levels) -> (the theory's choices, its mixture), the last few
#: The most memory the mixtures kept may hold in all (a mixture of large awards at stakes far apart
#: holds megabytes: a month of periods, each at its own stakes, once kept 600 MB); the oldest go first.
MEMO_BYTES = 128 * 2 ** 20


class Mixtures:
    """The exact mixture of each distinct set of stake levels of one configured wager, made once (and
    kept for the next report of the same table: a nightly job judges the same levels every night)."""

    def of(self, th: TableTheory, wid: str, levels: tuple) -> Mixture:
        w = th.wagers[wid]
        levels = tuple(sorted(levels, key=lambda t: (t[0], t[1], -1.0 if t[2] is None else t[2])))
        key = (th.priced_as, wid, levels)
        kept = _MEMO.get(key)
        if kept is not None and kept[0] is th.choices:
            return kept[1]
        parts = []
        for stake, rounds, meter in levels:
            if not rounds:
                continue
            at_meter = None if (w.meter_reset is None or meter is None) else float(meter)
            at_stake = round(stake, 2) if w.stake_dependent else None
            values, probs = one_round(sheet(th, wid, at_meter, at_stake).body)
            parts.append((values, probs, rounds, stake))
        mix = Mixture(parts)
        _keep(key, th.choices, mix)
        return mix


def _keep(key: tuple, choices, mix: Mixture) -> None:
    """Keep ``mix`` for the next report, the oldest kept let go while all would pass :data:`MEMO_BYTES`
    (one larger than that is not kept)."""
    _MEMO.pop(key, None)
    size = mix.nbytes
    if size > MEMO_BYTES:
        return
    held = sum(m.nbytes for _c, m in _MEMO.values())
    while _MEMO and held + size > MEMO_BYTES:
        _c, old = _MEMO.pop(next(iter(_MEMO)))
        held -= old.nbytes
    _MEMO[key] = (choices, mix)


MAX_CUMULATIVE_LEVELS = 6


def cumulative_levels(levels: list, stake, meter_given, n, use, a: int, b: int) -> tuple | None:
    """The stake levels of one group's periods taken together ((stake, rounds, meter), each level's
    rounds added over the periods), where there are two to :data:`MAX_CUMULATIVE_LEVELS` of them;
    else None (one stake, or so many that the cumulative is judged on the one-stake table, as said)."""
    total: dict = {}
    for x in range(a, b):
        if not use[x]:
            continue
        given = levels[x][1] if levels[x] is not None else (
            (float(stake[x]), int(n[x]), None if np.isnan(meter_given[x]) else float(meter_given[x])),)
        _add_levels(total, given)
        if len(total) > MAX_CUMULATIVE_LEVELS:
            return None
    if len(total) < 2:
        return None
    return tuple(sorted(((s, r, m) for (s, m), r in total.items()), key=lambda t: (t[0], -1.0 if t[2] is None else t[2])))


def _add_levels(total: dict, given) -> dict:
    for s, r, m in given:
        if r:
            key = (round(s, 6), m)
            total[key] = total.get(key, 0) + r
    return total


def stake_spread(w, stake: np.ndarray, judged: np.ndarray, bounds: list) -> list[dict | None]:
    """Per group: how much wider a judged period's SD could be than the bands assume, were its rounds
    not all played at its average stake u but spread across the table's limits [a, b] (the widest:
    a share p = (u - a) / (b - a) of them at b, the rest at a, so the SD is sqrt(p b^2 + (1 - p) a^2) / u
    times the one-stake SD, for a wager paying odds; for money amounts, about that). None where the
    stake is fixed or the limits are one amount."""
    low, high = w.minimum, w.maximum
    if w.stake_stated or low is None or high is None or not high > low:
        return [None] * (len(bounds) - 1)
    out = []
    for g in range(len(bounds) - 1):
        u = stake[bounds[g]:bounds[g + 1]][judged[bounds[g]:bounds[g + 1]]]
        if not len(u):
            out.append(None)
            continue
        p = np.clip((u - low) / (high - low), 0.0, 1.0)
        ratio = np.sqrt(p * high ** 2 + (1 - p) * low ** 2) / u
        i = int(np.argmax(ratio))
        out.append({"limits": [float(low), float(high)], "most_wider": float(ratio[i]), "at_stake": float(u[i])})
    return out
