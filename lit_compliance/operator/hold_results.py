"""Reading a table-games results file: one row per table, wager and period.

CSV (with a header row), or the same rows as a YAML or JSON list of mappings. Columns:

- ``date`` (YYYY-MM-DD) or ``period`` (any label; periods sort in the order first seen);
- ``table``: the configuration's ``table``;
- ``wager``: a wager id the table's configuration offers (``base``, ``three-card-bonus``...);
- ``rounds``: rounds in which the wager was played (a whole number, 0 or more);
- ``wagered``: the amount wagered (see the handle convention in :mod:`lit_compliance.operator.hold`);
- ``house_win``: what the house won on it, net (negative: the house lost);
- ``meter`` (optional): the progressive's mean meter over the period;
- ``config`` (optional): the table's configuration file, relative to the results file.

Every problem in every row is collected and reported at once as ``file:line:col: field: message``
(:class:`~lit_compliance.load.strict_yaml.InputError`); no row is judged until all are clean.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ..load.strict_yaml import InputError, Problem, load_yaml_file
import numpy as np

MAX_RESULTS_BYTES = 256 * 1024 * 1024
REQUIRED = ("table", "wager", "rounds", "wagered", "house_win")
OPTIONAL = ("date", "period", "meter", "config")
COLUMNS = REQUIRED + OPTIONAL
MAX_AMOUNT = 1e13
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass
class Results:
    """Rows as columns (lists), with each cell's position for later messages."""

    file: str
    period: list = field(default_factory=list)
    table: list = field(default_factory=list)
    wager: list = field(default_factory=list)
    rounds: list = field(default_factory=list)
    wagered: list = field(default_factory=list)
    house_win: list = field(default_factory=list)
    meter: list = field(default_factory=list)      # None where not given
    config: list = field(default_factory=list)     # None where not given
    where: list = field(default_factory=list)      # per row: {column: (line, col)}
    by_date: bool = True
    raw: tuple | None = None                       # fast path: (every cell in order, cells a row, column index)

    def __len__(self) -> int:
        return len(self.table)

    def arrays(self) -> dict:
        """rounds, wagered and house_win as numpy arrays (made once)."""

        if getattr(self, "_arrays", None) is None:
            period = np.empty(len(self.period), dtype=object)
            period[:] = self.period
            self._arrays = {"rounds": np.array(self.rounds, dtype=float), "wagered": np.array(self.wagered, dtype=float),
                            "house_win": np.array(self.house_win, dtype=float), "period": period,
                            "meter": np.array([np.nan if m is None else m for m in self.meter], dtype=float)}
        return self._arrays

    def position(self, i: int, column: str = "") -> tuple[int, int]:
        if self.raw is not None:
            flat, width, index = self.raw
            j = index.get(column)
            cells = flat[i * width:(i + 1) * width]
            return i + 2, 1 + (sum(len(c) + 1 for c in cells[:j]) if j is not None else 0)
        return self.where[i].get(column, self.where[i].get("", (1, 1)))

    def problem(self, i: int, column: str, message: str) -> Problem:
        line, col = self.position(i, column)
        return Problem(self.file, line, col, column, message)


def _read_bytes(path: Path, display: str) -> str:
    def fail(msg: str) -> InputError:
        return InputError([Problem(display, 1, 1, "", msg)])

    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise fail("is a directory, not a results file")
        if not stat.S_ISREG(st.st_mode):
            raise fail("is not a regular file (a device, pipe or socket); give a file")
        with open(path, "rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_RESULTS_BYTES:
                raise fail(f"file is larger than the limit of {MAX_RESULTS_BYTES} bytes")
            raw = handle.read(MAX_RESULTS_BYTES + 1)
    except FileNotFoundError:
        raise fail("file not found") from None
    except PermissionError:
        raise fail("permission denied") from None
    if len(raw) > MAX_RESULTS_BYTES:
        raise fail(f"file is larger than the limit of {MAX_RESULTS_BYTES} bytes")
    if b"\x00" in raw:
        raise fail("binary file (contains NUL bytes); expected CSV text")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"not UTF-8 text (bad byte at offset {exc.start})") from None


def _number(text, integer: bool):
    """(value, None) or (None, message)."""
    if isinstance(text, bool):
        return None, "must be a number, not true/false"
    if isinstance(text, (int, float)):
        value = text
    else:
        s = str(text).strip()
        if not s:
            return None, "is empty"
        try:
            value = int(s) if integer and re.fullmatch(r"[+-]?[0-9]+", s) else float(s)
        except ValueError:
            return None, f"{s!r} is not a number"
    if isinstance(value, float) and not math.isfinite(value):
        return None, "must be a finite number"
    if integer and (not float(value).is_integer()):
        return None, f"{value!r} is not a whole number"
    if abs(value) > MAX_AMOUNT:
        return None, f"{value!r} is out of range (at most {MAX_AMOUNT:g} in size)"
    return (int(value) if integer else float(value)), None


def _add(res: Results, values: dict, where: dict, problems: list) -> None:
    i = len(res.table)
    res.where.append(where)
    res.table.append(None if values.get("table") is None else str(values["table"]).strip())
    res.wager.append(None if values.get("wager") is None else str(values["wager"]).strip())
    res.config.append(values.get("config") or None)

    def at(column: str, message: str) -> None:
        problems.append(res.problem(i, column, message))

    label = values.get("date") if res.by_date else values.get("period")
    column = "date" if res.by_date else "period"
    label = None if label is None else str(label).strip()
    if not label:
        at(column, "is empty")
    elif res.by_date:
        try:
            if not _DATE.fullmatch(label):
                raise ValueError
            dt.date.fromisoformat(label)
        except ValueError:
            at(column, f"{label!r} is not a date (use YYYY-MM-DD)")
    res.period.append(label)
    for name in ("table", "wager"):
        if not (values.get(name) is not None and str(values[name]).strip()):
            at(name, "is empty")
    rounds, msg = _number(values.get("rounds", ""), True)
    if msg:
        at("rounds", msg)
    elif rounds < 0:
        at("rounds", f"{rounds} is negative")
    wagered, msg2 = _number(values.get("wagered", ""), False)
    if msg2:
        at("wagered", msg2)
    elif wagered < 0:
        at("wagered", f"{wagered:g} is negative")
    win, msg3 = _number(values.get("house_win", ""), False)
    if msg3:
        at("house_win", msg3)
    meter = None
    if values.get("meter") not in (None, ""):
        meter, msg4 = _number(values["meter"], False)
        if msg4:
            at("meter", msg4)
        elif meter < 0:
            at("meter", f"{meter:g} is negative")
    if not msg and not msg2 and rounds == 0 and wagered:
        at("rounds", "is 0 but an amount was wagered")
    if not msg and not msg2 and rounds and not wagered:
        at("wagered", f"is 0 over {rounds} round(s)")
    if not msg2 and not msg3 and win > wagered:
        at("house_win", f"{win:,.2f} is more than the {wagered:,.2f} wagered: the house cannot win more than is bet")
    res.rounds.append(rounds if not msg else 0)
    res.wagered.append(wagered if not msg2 else 0.0)
    res.house_win.append(win if not msg3 else 0.0)
    res.meter.append(meter)


def _columns(header: list[str], display: str) -> tuple[dict, list[Problem]]:
    problems: list[Problem] = []
    index: dict = {}
    col = 1
    for j, name in enumerate(header):
        key = name.strip()
        if key in index:
            problems.append(Problem(display, 1, col, key, f"column {key!r} appears twice"))
        elif key not in COLUMNS:
            problems.append(Problem(display, 1, col, key or "(empty)",
                                    f"unknown column (columns: {', '.join(COLUMNS)})"))
        index.setdefault(key, j)
        col += len(name) + 1
    for need in REQUIRED:
        if need not in index:
            problems.append(Problem(display, 1, 1, need, "required column missing"))
    if "date" in index and "period" in index:
        problems.append(Problem(display, 1, 1, "period", "give date or period, not both"))
    elif "date" not in index and "period" not in index:
        problems.append(Problem(display, 1, 1, "date", "required column missing (or give period)"))
    return index, problems


def _read_csv(text: str, display: str) -> tuple[Results, list[Problem]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError([Problem(display, 1, 1, "", "file is empty (no header row)")]) from None
    except csv.Error as exc:
        raise InputError([Problem(display, 1, 1, "", f"not CSV: {exc}")]) from None
    index, problems = _columns(header, display)
    if problems:
        raise InputError(problems)
    res = Results(display, by_date="date" in index)
    names = list(index.items())
    width = len(header)
    fast = _fast(text, index, width, display)
    if fast is not None:
        return fast, []
    reader = csv.reader(io.StringIO(text, newline=""))
    next(reader)
    try:
        for row in reader:
            line = reader.line_num
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != width:
                problems.append(Problem(display, line, 1, "", f"{len(row)} fields; the header has {width}"))
                continue
            starts, col = [], 1
            for cell in row:
                starts.append(col)
                col += len(cell) + 1
            values = {name: row[j] for name, j in names}
            where = {name: (line, starts[j]) for name, j in names}
            where[""] = (line, 1)
            _add(res, values, where, problems)
    except csv.Error as exc:
        problems.append(Problem(display, reader.line_num, 1, "", f"not CSV: {exc}"))
    return res, problems


def _fast(text: str, index: dict, width: int, display: str) -> Results | None:
    """The whole file at once, column by column, when every cell is clean (the usual case: a file of
    270,000 rows in a fraction of a second); None at the first doubt, and the row-by-row reader
    then finds and locates every problem."""

    if '"' in text or "\r" in text:
        return None          # quoted cells or CR line ends: the careful reader takes them
    body = text[text.index("\n") + 1:] if "\n" in text else ""
    if body.endswith("\n"):
        body = body[:-1]
    if not body or "\n\n" in body:
        return None          # no rows, or blank lines: the careful reader places them
    flat = body.replace("\n", ",").split(",")
    count = body.count("\n") + 1
    if len(flat) != count * width or body.count(",") != count * (width - 1):
        return None
    cols = [flat[j::width] for j in range(width)]
    def col(name):
        return cols[index[name]]

    try:
        rounds_list = list(map(int, col("rounds")))
        wagered_list = list(map(float, col("wagered")))
        win_list = list(map(float, col("house_win")))
        rounds = np.array(rounds_list, dtype=np.int64)
        wagered = np.array(wagered_list, dtype=float)
        win = np.array(win_list, dtype=float)
    except (ValueError, OverflowError):
        return None
    if not (np.isfinite(wagered).all() and np.isfinite(win).all()):
        return None
    if (rounds < 0).any() or (wagered < 0).any() or (np.abs(win) > MAX_AMOUNT).any() or (wagered > MAX_AMOUNT).any():
        return None
    if ((rounds == 0) & (wagered != 0)).any() or ((rounds > 0) & (wagered == 0)).any() or (win > wagered).any():
        return None
    meter = [None] * count
    if "meter" in index:
        given = [i for i, v in enumerate(col("meter")) if v != ""]
        if given:
            try:
                values = np.array([col("meter")[i] for i in given], dtype=float)
            except ValueError:
                return None
            if not np.isfinite(values).all() or (values < 0).any() or (values > MAX_AMOUNT).any():
                return None
            for i, v in zip(given, values.tolist()):
                meter[i] = v
    by_date = "date" in index
    labels = list(col("date" if by_date else "period"))
    distinct = set(labels)
    if by_date:
        if not all(_DATE.fullmatch(x) for x in distinct):
            return None
        try:
            np.array(sorted(distinct), dtype="datetime64[D]")
        except ValueError:
            return None
    elif any(not x.strip() or x != x.strip() for x in distinct):
        return None
    for name in ("table", "wager"):
        if any(not v.strip() or v != v.strip() for v in set(col(name))):
            return None
    res = Results(display, by_date=by_date)
    res.period, res.table, res.wager = labels, list(col("table")), list(col("wager"))
    res.rounds, res.wagered, res.house_win = rounds_list, wagered_list, win_list
    res.meter = meter
    res.config = [v or None for v in col("config")] if "config" in index else [None] * count
    res.raw = (flat, width, index)
    return res


def _read_yaml(path: Path, display: str) -> tuple[Results, list[Problem]]:
    doc = load_yaml_file(path, display)
    rows = doc.data.get("rows") if isinstance(doc.data, dict) else doc.data
    prefix = ("rows",) if isinstance(doc.data, dict) else ()
    if not isinstance(rows, list):
        raise InputError([doc.problem((), "expected a list of rows (or a mapping with 'rows:')")])
    problems: list[Problem] = []
    by_date = not any(isinstance(r, dict) and "period" in r for r in rows)
    res = Results(display, by_date=by_date)
    for i, row in enumerate(rows):
        path = prefix + (i,)
        if not isinstance(row, dict):
            problems.append(doc.problem(path, "a row must be a mapping of column to value"))
            continue
        for key in row:
            if key not in COLUMNS:
                problems.append(doc.problem(path + (key,), f"unknown column (columns: {', '.join(COLUMNS)})"))
        for need in REQUIRED + (("date",) if by_date else ("period",)):
            if need not in row:
                problems.append(doc.problem(path, f"{need}: required column missing"))
        where = {key: doc.locate(path + (key,)) for key in COLUMNS}
        where[""] = doc.locate(path)
        _add(res, {k: ("" if v is None else v) for k, v in row.items()}, where, problems)
    return res, problems


def read_results(path: Path | str, display: str | None = None) -> tuple[Results, list[Problem]]:
    """The rows of one results file and every problem found in them (not raised: the caller adds
    the problems only the configurations can show, then reports them all at once)."""
    path = Path(path)
    display = display or str(path)
    if path.suffix.lower() in (".yaml", ".yml", ".json"):
        return _read_yaml(path, display)
    return _read_csv(_read_bytes(path, display), display)
