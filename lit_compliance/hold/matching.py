"""The hold check's first step: every results row matched to its configured table and wager.

Rows are grouped per file by table, configuration and wager (codes in the order first seen); each
group finds its table's theory (from ``--config`` files, or the row's own ``config`` column), and
every row naming an unknown table or wager, a meter on a wager without one, a period given twice or
a loss larger than the wagers can pay is a problem at its cell. What comes out is one
:class:`Group` per configured table and wager, with its rows in each file.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..gamemath.period import Edges, one_round
from ..load.inner_paths import inner_path
from ..load.strict_yaml import InputError
from ..suggest import unknown
from ..table.theory import Curve, TableTheory, load_theory, max_net, sheet
from .levels import Mixtures
from .results import Results
from ..records import record


@record
class Group:
    """One configured table's one wager, and its rows to judge: (file index, row indexes) per file."""
    theory: TableTheory
    wager: str
    parts: list


class Judge:
    """The configured tables' theories, and what tables priced alike share: each wager's price
    curve, band tables and stake mixtures, made once."""

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

    def edges_of(self, th: TableTheory, wid: str) -> Edges | None:
        key = (id(th.choices), wid)     # tables priced alike share their band tables
        if key not in self.edges:
            dist = one_round(sheet(th, wid).body)
            self.edges[key] = Edges(*dist) if dist is not None else None
        return self.edges[key]


def match_rows(j: Judge, results: list[Results], problems: list) -> list[tuple]:
    """(file index, row indexes, theory, wager id) for each group of a file's rows whose table and
    wager are known; every row that names no known table or wager is a problem."""
    marked = []
    for f, res in enumerate(results):
        for wid, rows in _rows_by_key(res):
            th = j.theory_for(res, rows[0], problems)
            if th is None:
                for i in rows[1:].tolist():
                    j.theory_for(res, i, problems)
                continue
            if wid and _offered(th, wid, res, rows, problems):
                marked.append((f, rows, th, wid))
    return marked


def _rows_by_key(res: Results):
    """(wager id, row indexes) for each (table, config, wager) the file's rows name, in the order
    first seen."""
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
        yield wv[value % len(wv)], order[bounds[c]:bounds[c + 1]]


def _offered(th: TableTheory, wid: str, res: Results, rows: np.ndarray, problems: list) -> bool:
    """Whether the table offers wager ``wid`` (else each row is a problem); a row giving a meter for
    a wager that pays from none is a problem too."""
    w = th.wagers.get(wid)
    if w is None:
        said = f"table {th.table} offers " + unknown("wager", wid, list(th.wagers), label="it offers")
        problems.extend(res.problem(i, "wager", said) for i in rows.tolist())
        return False
    if w.meter_reset is None:
        problems.extend(res.problem(i, "meter", f"{w.wager_name} on table {th.table} pays from no meter")
                        for i in rows[~np.isnan(res.meter[rows])].tolist())
    return True


def grouped(marked: list, keep: list) -> dict[tuple, Group]:
    """The rows kept of each marked group, gathered per configured table and wager (keyed by the
    theory's identity and the wager id), in the order first marked."""
    groups: dict = {}
    for (f, _rows, th, wid), rows in zip(marked, keep):
        groups.setdefault((id(th), wid), Group(th, wid, [])).parts.append((f, rows))
    return groups


def check_caps(groups: dict[tuple, Group], results: list[Results], problems: list) -> None:
    """A win larger than the wagers can pay is a problem: checked against the sheet at the row's
    meter and stake."""
    for group in groups.values():
        th, wid = group.theory, group.wager
        w = th.wagers[wid]
        if w.mean is None:
            continue
        k = w.units_per_round
        base_cap = max_net(th, wid)
        for f, rows in group.parts:
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


class Periods:
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


def duplicates(j: Judge, results: list[Results], periods: Periods, marked: list, problems: list) -> list:
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

