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
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..load.input_file import read_input
from ..load.strict_yaml import InputError, Problem, load_yaml_file
import numpy as np

MAX_RESULTS_BYTES = 256 * 1024 * 1024
REQUIRED = ("table", "wager", "rounds", "wagered", "house_win")
OPTIONAL = ("date", "period", "meter", "config")
COLUMNS = REQUIRED + OPTIONAL
MAX_AMOUNT = 1e13
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Results:
    """The rows of one results file as columns: the numbers as numpy arrays (``rounds``, ``wagered``,
    ``house_win``; ``meter`` NaN where not given), each name column (``period``, ``table``, ``wager``,
    ``config``) as its distinct values and a code per row, and where each cell is, for messages."""

    def __init__(self, file: str, by_date: bool, names: dict, numbers: dict, locate):
        self.file = file
        self.by_date = by_date
        self.names = names                  # column -> (distinct values in the order first seen, code per row)
        self.rounds = numbers["rounds"]     # float64, as the judging arithmetic uses them
        self.wagered = numbers["wagered"]
        self.house_win = numbers["house_win"]
        self.meter = numbers["meter"]
        self._locate = locate               # (row, column) -> (line, col)

    def __len__(self) -> int:
        return len(self.rounds)

    def name(self, column: str, i: int):
        values, codes = self.names[column]
        return values[codes[i]]

    def meter_at(self, i: int) -> float | None:
        m = float(self.meter[i])
        return None if m != m else m

    def position(self, i: int, column: str = "") -> tuple[int, int]:
        return self._locate(int(i), column)

    def problem(self, i: int, column: str, message: str) -> Problem:
        line, col = self.position(i, column)
        return Problem(self.file, line, col, column, message)


@dataclass
class _Rows:
    """Rows read one by one (the careful reader and YAML): lists, with each cell's position."""

    file: str
    by_date: bool = True
    period: list = field(default_factory=list)
    table: list = field(default_factory=list)
    wager: list = field(default_factory=list)
    rounds: list = field(default_factory=list)
    wagered: list = field(default_factory=list)
    house_win: list = field(default_factory=list)
    meter: list = field(default_factory=list)      # None where not given
    config: list = field(default_factory=list)     # None where not given
    where: list = field(default_factory=list)      # per row: {column: (line, col)}

    def problem(self, i: int, column: str, message: str) -> Problem:
        line, col = self._locate(i, column)
        return Problem(self.file, line, col, column, message)

    def _locate(self, i: int, column: str) -> tuple[int, int]:
        return self.where[i].get(column, self.where[i].get("", (1, 1)))

    def done(self) -> Results:
        names = {}
        for column in ("period", "table", "wager", "config"):
            cells = getattr(self, column)
            distinct = {v: x for x, v in enumerate(dict.fromkeys(cells))}
            names[column] = (list(distinct), np.fromiter(map(distinct.__getitem__, cells), dtype=np.int64,
                                                         count=len(cells)))
        numbers = {"rounds": np.array(self.rounds, dtype=float), "wagered": np.array(self.wagered, dtype=float),
                   "house_win": np.array(self.house_win, dtype=float),
                   "meter": np.array([np.nan if m is None else m for m in self.meter], dtype=float)}
        return Results(self.file, self.by_date, names, numbers, self._locate)


def _read_bytes(path: Path, display: str) -> tuple[bytes, str]:
    """(the file's bytes without a byte-order mark, its text)."""
    def fail(msg: str) -> InputError:
        return InputError([Problem(display, 1, 1, "", msg)])

    return read_input(path, fail, kind="results file", expected="CSV text", limit=MAX_RESULTS_BYTES,
                      too_big=lambda size: f"file is larger than the limit of {MAX_RESULTS_BYTES} bytes")


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


def _add(res: _Rows, values: dict, where: dict, problems: list) -> None:
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


def _read_csv(data: bytes, text: str, display: str) -> tuple[Results, list[Problem]]:
    first = text.find("\n")
    # the header row alone, unless a quote may carry it over more lines
    head = text if first < 0 or '"' in text[:first] else text[:first + 1]
    reader = csv.reader(io.StringIO(head, newline=""))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError([Problem(display, 1, 1, "", "file is empty (no header row)")]) from None
    except csv.Error as exc:
        raise InputError([Problem(display, 1, 1, "", f"not CSV: {exc}")]) from None
    index, problems = _columns(header, display)
    if problems:
        raise InputError(problems)
    names = list(index.items())
    width = len(header)
    fast = _fast(data, index, width, display)
    if fast is not None:
        return fast, []
    res = _Rows(display, by_date="date" in index)
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
    return res.done(), problems


COMMA, NEWLINE, DOT, PLUS, MINUS, ZERO = (ord(c) for c in ",\n.+-0")
MAX_DIGITS = 14     # a plain decimal cell of up to 14 digits (with a sign and a point: 16 characters)
POW10 = np.array([float(10 ** k) for k in range(MAX_DIGITS + 3)])
POW10_INT = np.array([10 ** k for k in range(MAX_DIGITS + 3)], dtype=np.int64)
MASKS = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)   # the first k bytes of 8
PAD = 32


class _Bytes:
    """A results file's body, padded with zero bytes either side, read in fixed-width pieces."""

    def __init__(self, body: np.ndarray):
        self.padded = np.zeros(len(body) + 2 * PAD, dtype=np.uint8)
        self.padded[PAD:PAD + len(body)] = body
        # every 8 bytes from each offset as one little-endian number
        self.eights = np.ndarray((len(self.padded) - 7,), dtype="<u8", buffer=self.padded, strides=(1,))

    def ending_at(self, end: np.ndarray, width: int) -> np.ndarray:
        """The ``width`` bytes before each of ``end``, one row each (a copy)."""
        view = np.lib.stride_tricks.as_strided(self.padded, shape=(len(self.padded) - width + 1, width),
                                               strides=(1, 1), writeable=False)
        return view[end + (PAD - width)]

    def word(self, start: np.ndarray) -> np.ndarray:
        return self.eights[start + PAD]


def _numbers(cells: _Bytes, start: np.ndarray, end: np.ndarray, integer: bool) -> np.ndarray | None:
    """Cells of plain decimal numbers ([+-]digits[.digits]; a whole number for ``integer``) as
    float64, each equal to Python's float() of the cell; None if any cell is anything else.

    Each cell is read as a whole number N and the count k of digits after its point: with N below
    2**53, N and 10**k are exact doubles, so N / 10**k is the double nearest the decimal, which is
    what float() gives. The cells are read right-aligned, one character place at a time across
    all of them (long runs for numpy, no per-cell work in Python)."""
    size = end - start
    if not len(size):
        return np.zeros(0)
    width = int(size.max())
    if size.min() < 1 or width > MAX_DIGITS + 2:
        return None
    # the 16 bytes before each cell's end (two 8-byte reads each): column 16 - width + c is the
    # c-th character place of a cell right-aligned to the width
    tail = np.empty((len(size), 2), dtype="<u8")
    tail[:, 1] = cells.word(end - 8)
    if width > 8:
        tail[:, 0] = cells.word(end - 16)
    chars = tail.view(np.uint8)
    sign = chars[np.arange(len(size)), 16 - size]
    negative = sign == MINUS
    signed = negative | (sign == PLUS)
    lead = (width - size + signed).astype(np.int8)        # the place of each cell's first digit or point
    whole = np.zeros(len(size))                           # the characters as digits, a point as 0 (exact
    digits = np.zeros(len(size), dtype=np.int8)           # in a double while below 2**53: checked below)
    points = np.zeros(len(size), dtype=np.int8)
    point_at = np.zeros(len(size), dtype=np.int8)
    for c in range(width):
        ch = chars[:, 16 - width + c]
        live = lead <= c
        d = ch - np.uint8(ZERO)
        digit = live & (d < 10)                           # (unsigned: characters below '0' wrap above 9)
        digits += digit
        if not integer:
            point = live & (ch == DOT)
            points += point
            point_at[point] = c
        whole *= 10
        whole += np.where(digit, d, np.uint8(0))
    if not (digits + points == width - lead).all() or (digits < 1).any():
        return None                                       # another character, or a sign or a point alone
    if (whole >= 2 ** 53).any():
        return None
    whole = whole.astype(np.int64)
    frac = None
    if not integer:
        if points.max() > 1:
            return None
        # the digits left of the point stand one place too high
        frac = np.where(points > 0, width - 1 - point_at.astype(np.int64), 0)
        scale = POW10_INT[frac]
        whole = np.where(points > 0, whole // (scale * 10) * scale + whole % scale, whole)
    if (whole >= 2 ** 53).any():
        return None
    value = whole.astype(float)
    if frac is not None and frac.any():
        value = value / POW10[frac]
    return np.where(negative, -value, value)


def _names(cells: _Bytes, start: np.ndarray, end: np.ndarray) -> tuple[list, np.ndarray] | None:
    """Cells of one column as (distinct values in the order first seen, code per cell); None if any
    is empty or has white space around it."""
    size = end - start
    if not len(size) or size.min() < 1:
        return None
    words = [cells.word(start + 8 * w) & MASKS[np.clip(size - 8 * w, 0, 8)] for w in range((int(size.max()) + 7) // 8)]
    key = words[0]
    for more in words[1:]:
        key = key * np.uint64(1_000_003) + more
    # rows often repeat the row above (a day's, a table's rows together): only each run's first is sorted
    run = np.empty(len(key), dtype=bool)
    run[0] = True
    np.not_equal(key[1:], key[:-1], out=run[1:])
    runs = np.flatnonzero(run)
    order = np.argsort(key[runs])
    ranked = key[runs][order]
    new = np.empty(len(runs), dtype=bool)
    new[0] = True
    np.not_equal(ranked[1:], ranked[:-1], out=new[1:])
    first = runs[np.minimum.reduceat(order, np.flatnonzero(new))]     # each distinct cell's first row
    code = np.empty(len(runs), dtype=np.int64)
    code[order] = np.cumsum(new) - 1
    code = code[np.cumsum(run) - 1]
    if len(words) > 1:      # the same key is the same text (no NUL bytes, so the words are the text): checked
        rep = first[code]
        if any((w != w[rep]).any() for w in words):
            return None
    seen = np.argsort(first, kind="stable")
    renumber = np.empty_like(seen)
    renumber[seen] = np.arange(len(seen))
    body = cells.padded
    values = [body[PAD + start[i]:PAD + end[i]].tobytes().decode("utf-8") for i in first[seen].tolist()]
    if any(v != v.strip() for v in values):
        return None
    return values, renumber[code]


def _fast(data: bytes, index: dict, width: int, display: str) -> Results | None:
    """The whole file at once, column by column on its bytes, when every cell is clean (the usual
    case: a file of 270,000 rows in a small fraction of a second); None at the first doubt, and
    the row-by-row reader then finds and locates every problem."""

    if b'"' in data or b"\r" in data:
        return None          # quoted cells or CR line ends: the careful reader takes them
    first = data.find(b"\n")
    if first < 0:
        return None
    stop = len(data) - 1 if data.endswith(b"\n") else len(data)
    if stop <= first + 1 or data.find(b"\n\n", first, stop) >= 0:
        return None          # no rows, or blank lines: the careful reader places them
    body = np.frombuffer(data, dtype=np.uint8, count=stop - first - 1, offset=first + 1)
    count = data.count(b"\n", first + 1, stop) + 1
    seps = np.flatnonzero((body == COMMA) | (body == NEWLINE))
    if len(seps) != count * width - 1:
        return None
    ends = np.empty(count * width, dtype=np.int64)
    ends[:-1] = seps
    ends[-1] = len(body)
    ends = ends.reshape(count, width)
    line_end = ends[:, -1]
    if not (body[line_end[:-1]] == NEWLINE).all():
        return None          # a row with too many or too few cells (the other separators are commas)
    line_start = np.empty(count, dtype=np.int64)
    line_start[0] = 0
    line_start[1:] = line_end[:-1] + 1

    def cells(name):
        j = index[name]
        return (line_start if j == 0 else ends[:, j - 1] + 1), np.ascontiguousarray(ends[:, j])

    padded = _Bytes(body)
    rounds = _numbers(padded, *cells("rounds"), integer=True)
    wagered = _numbers(padded, *cells("wagered"), integer=False)
    win = _numbers(padded, *cells("house_win"), integer=False)
    if rounds is None or wagered is None or win is None:
        return None
    if (rounds > MAX_AMOUNT).any() or (wagered > MAX_AMOUNT).any() or (np.abs(win) > MAX_AMOUNT).any():
        return None
    if (rounds < 0).any() or (wagered < 0).any():
        return None
    if ((rounds == 0) & (wagered != 0)).any() or ((rounds > 0) & (wagered == 0)).any() or (win > wagered).any():
        return None
    meter = np.full(count, np.nan)
    if "meter" in index:
        s, e = cells("meter")
        given = np.flatnonzero(e > s)
        if len(given):
            values = _numbers(padded, s[given], e[given], integer=False)
            if values is None or (values < 0).any() or (values > MAX_AMOUNT).any():
                return None
            meter[given] = values
    by_date = "date" in index
    names = {}
    for column in ("period", "table", "wager"):
        found = _names(padded, *cells("date" if column == "period" and by_date else column))
        if found is None:
            return None
        names[column] = found
    if by_date:
        for label in names["period"][0]:
            try:
                if not _DATE.fullmatch(label):
                    return None
                dt.date.fromisoformat(label)
            except ValueError:
                return None
    names["config"] = ([None], np.zeros(count, dtype=np.int64))     # None: not given
    if "config" in index:
        s, e = cells("config")
        given = np.flatnonzero(e > s)
        if len(given):
            found = _names(padded, s[given], e[given])
            if found is None:
                return None
            code = np.full(count, len(found[0]), dtype=np.int64)
            code[given] = found[1]
            values = found[0] + [None]
            _, seen = np.unique(code, return_index=True)       # numbered in the order first seen, None too
            order = np.argsort(seen, kind="stable")
            renumber = np.empty_like(order)
            renumber[order] = np.arange(len(order))
            names["config"] = ([values[x] for x in order.tolist()], renumber[code])
    def locate(i: int, column: str) -> tuple[int, int]:
        j = index.get(column)
        if j is None:
            return i + 2, 1
        row = data[first + 1 + int(line_start[i]):first + 1 + int(line_end[i])].decode("utf-8")
        return i + 2, 1 + sum(len(c) + 1 for c in row.split(",")[:j])

    return Results(display, by_date, names, {"rounds": rounds, "wagered": wagered, "house_win": win, "meter": meter},
                   locate)


def _read_yaml(path: Path, display: str) -> tuple[Results, list[Problem]]:
    doc = load_yaml_file(path, display)
    rows = doc.data.get("rows") if isinstance(doc.data, dict) else doc.data
    prefix = ("rows",) if isinstance(doc.data, dict) else ()
    if not isinstance(rows, list):
        raise InputError([doc.problem((), "expected a list of rows (or a mapping with 'rows:')")])
    problems: list[Problem] = []
    by_date = not any(isinstance(r, dict) and "period" in r for r in rows)
    res = _Rows(display, by_date=by_date)
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
    return res.done(), problems


def read_results(path: Path | str, display: str | None = None) -> tuple[Results, list[Problem]]:
    """The rows of one results file and every problem found in them (not raised: the caller adds
    the problems only the configurations can show, then reports them all at once)."""
    path = Path(path)
    display = display or str(path)
    if path.suffix.lower() in (".yaml", ".yml", ".json"):
        return _read_yaml(path, display)
    return _read_csv(*_read_bytes(path, display), display)
