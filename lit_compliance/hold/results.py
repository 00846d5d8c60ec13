"""Reading a table-games results file: one row per table, wager and period.

CSV (with a header row), or the same rows as a YAML or JSON list of mappings. Columns:

- ``date`` (YYYY-MM-DD) or ``period`` (any label; periods sort in the order first seen);
- ``table``: the configuration's ``table``;
- ``wager``: a wager id the table's configuration offers (``base``, ``three-card-bonus``...);
- ``rounds``: rounds in which the wager was played (a whole number, 0 or more);
- ``wagered``: the amount wagered (see the handle convention in :mod:`lit_compliance.hold.judge`);
- ``house_win``: what the house won on it, net (negative: the house lost);
- ``meter`` (optional): the progressive's mean meter over the period;
- ``config`` (optional): the table's configuration file, relative to the results file and inside its
  folder (:mod:`lit_compliance.load.inner_paths`); a cell that starts with a single quote before a
  formula character (as the spreadsheet-safe writer makes it) is read without the quote.

A CSV file is read row by row by :mod:`csv` over a checked text stream: one code path, whatever its
line ends and quoting, in time and memory that grow with its size alone. Every problem in every row
is collected (the first :data:`~lit_compliance.load.strict_yaml.MAX_PROBLEMS`, the rest counted) and
reported at once as ``file:line:col: field: message``
(:class:`~lit_compliance.load.strict_yaml.InputError`); no row is judged until all are clean.
"""
from __future__ import annotations

import csv
import datetime as dt
import math
import re
from array import array
from pathlib import Path

from ..load.inner_paths import inner_path
from ..load.input_file import open_input_text
from ..load.strict_yaml import InputError, Problem, Problems, load_yaml_file
import numpy as np

MAX_RESULTS_BYTES = 256 * 1024 * 1024
REQUIRED = ("table", "wager", "rounds", "wagered", "house_win")
OPTIONAL = ("date", "period", "meter", "config")
COLUMNS = REQUIRED + OPTIONAL
MAX_AMOUNT = 1e13
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_WHOLE = re.compile(r"[+-]?[0-9]+")
_FORMULA_STARTS = "=+-@\t\r"


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


NAME_COLUMNS = ("period", "table", "wager", "config")


class _Rows:
    """Rows read one by one, kept compactly as they come: each name column as a code per row (its
    distinct values numbered in the order first seen), each number column in a typed array, and
    where each cell is. A CSV row keeps its line and its cells' lengths (a cell's column is worked
    out when a message needs it): a few dozen bytes a row, whatever the cells hold beyond their
    values. A YAML row keeps each cell's (line, column) (YAML files are small: the loader's cap)."""

    def __init__(self, file: str, by_date: bool = True, header: dict | None = None, folder: Path | None = None):
        self.file = file
        self.folder = folder                                       # where a config cell's file must be
        self.by_date = by_date
        self.distinct = {c: {} for c in NAME_COLUMNS}             # value -> code
        self.codes = {c: array("i") for c in NAME_COLUMNS}
        self.rounds, self.wagered, self.house_win, self.meter = (array("d") for _ in range(4))
        self.header = header                                       # CSV: column -> its place in a row
        self.line = array("q")                                     # CSV: per row, the line it ends on
        self.lengths = array("i")                                  # CSV: per row, each cell's length
        self.where: list = []                                      # YAML: per row, {column: (line, col)}
        self.good_dates: set = set()
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def place_csv(self, line: int, row: list) -> None:
        self.line.append(line)
        self.lengths.extend(map(len, row))

    def place(self, where: dict) -> None:
        self.where.append(where)

    def name(self, column: str, value) -> None:
        known = self.distinct[column]
        code = known.get(value)
        if code is None:
            code = known[value] = len(known)
        self.codes[column].append(code)

    def problem(self, i: int, column: str, message: str) -> Problem:
        line, col = self._locate(i, column)
        return Problem(self.file, line, col, column, message)

    def _locate(self, i: int, column: str) -> tuple[int, int]:
        if self.header is None:
            return self.where[i].get(column, self.where[i].get("", (1, 1)))
        j = self.header.get(column)
        if j is None:
            return self.line[i], 1
        width = len(self.header)
        return self.line[i], 1 + j + sum(self.lengths[i * width:i * width + j])

    def done(self) -> Results:
        names = {c: (list(self.distinct[c]), np.array(self.codes[c], dtype=np.int64)) for c in NAME_COLUMNS}
        numbers = {k: np.array(getattr(self, k), dtype=float) for k in ("rounds", "wagered", "house_win", "meter")}
        return Results(self.file, self.by_date, names, numbers, self._locate)


def _number(text, integer: bool):
    """(value, None) or (None, message): a whole number for ``integer`` (written as one, or as a number
    with nothing after its point), else a float; finite and at most MAX_AMOUNT in size."""
    if type(text) is str:
        s = text.strip()
        if not s:
            return None, "is empty"
        if integer and s.isdigit() and s.isascii():      # the usual whole number, at once
            value = int(s)
        else:
            try:
                value = int(s) if integer and _WHOLE.fullmatch(s) else float(s)
            except ValueError:
                return None, f"{s!r} is not a number"
    elif isinstance(text, bool):
        return None, "must be a number, not true/false"
    elif isinstance(text, (int, float)):
        value = text
    else:
        return _number(str(text), integer)
    if type(value) is float:
        if not math.isfinite(value):
            return None, "must be a finite number"
        if integer and not value.is_integer():
            return None, f"{value!r} is not a whole number"
    if abs(value) > MAX_AMOUNT:
        return None, f"{value!r} is out of range (at most {MAX_AMOUNT:g} in size)"
    return (int(value) if integer else float(value)), None


def _text(value) -> str | None:
    """A name cell's text, stripped, and without the single quote a spreadsheet-safe CSV
    (:mod:`lit_compliance.report.spreadsheet`) puts before text that could start a formula: what
    ``simulate`` writes, ``hold`` reads back as it was."""
    if value is None:
        return None
    text = str(value).strip()
    return text[1:] if text[:1] == "'" and text[1:2] in _FORMULA_STARTS and text[1:2] else text


def _add(res: _Rows, values: dict, problems: list) -> None:
    """One row's cells (placed already), checked and kept."""
    i = res.count
    res.count += 1
    found = []                                  # (column, message)
    get = values.get
    for name in ("table", "wager"):
        value = _text(get(name))
        res.name(name, value)
        if not value:
            found.append((name, "is empty"))
    config = _text(get("config")) or None
    if config is not None and res.folder is not None:
        refused = inner_path(res.folder, config)[1]
        if refused:
            found.append(("config", f"{config!r} {refused}"))
    res.name("config", config)
    column = "date" if res.by_date else "period"
    label = _text(get(column))
    if not label:
        found.append((column, "is empty"))
    elif res.by_date and label not in res.good_dates:
        try:
            if not _DATE.fullmatch(label):
                raise ValueError
            dt.date.fromisoformat(label)
            res.good_dates.add(label)
        except ValueError:
            found.append((column, f"{label!r} is not a date (use YYYY-MM-DD)"))
    res.name("period", label)
    rounds, msg = _number(get("rounds", ""), True)
    if msg:
        found.append(("rounds", msg))
    elif rounds < 0:
        found.append(("rounds", f"{rounds} is negative"))
    wagered, msg2 = _number(get("wagered", ""), False)
    if msg2:
        found.append(("wagered", msg2))
    elif wagered < 0:
        found.append(("wagered", f"{wagered:g} is negative"))
    win, msg3 = _number(get("house_win", ""), False)
    if msg3:
        found.append(("house_win", msg3))
    meter = None
    if get("meter") not in (None, ""):
        meter, msg4 = _number(values["meter"], False)
        if msg4:
            found.append(("meter", msg4))
        elif meter < 0:
            found.append(("meter", f"{meter:g} is negative"))
    if not msg and not msg2:
        if rounds == 0 and wagered:
            found.append(("rounds", "is 0 but an amount was wagered"))
        if rounds and not wagered:
            found.append(("wagered", f"is 0 over {rounds} round(s)"))
    if not msg2 and not msg3 and win > wagered:
        found.append(("house_win", f"{win:,.2f} is more than the {wagered:,.2f} wagered: the house cannot win "
                                   "more than is bet"))
    res.rounds.append(rounds if not msg else 0)
    res.wagered.append(wagered if not msg2 else 0.0)
    res.house_win.append(win if not msg3 else 0.0)
    res.meter.append(math.nan if meter is None else meter)
    problems.extend(res.problem(i, column, message) for column, message in found)


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


def _read_csv(path: Path, display: str) -> tuple[Results, list[Problem]]:
    """Row by row with :mod:`csv` over a text stream: one code path for every file, whatever its line
    ends (LF, CRLF or CR) and quoting; time and memory grow with the file's size alone (one row is
    held as text at a time; the rows are kept as :class:`_Rows` keeps them)."""
    def fail(msg: str) -> InputError:
        return InputError([Problem(display, 1, 1, "", msg)])

    stream = open_input_text(path, fail, kind="results file", expected="CSV text", limit=MAX_RESULTS_BYTES,
                             too_big=lambda size: f"file is larger than the limit of {MAX_RESULTS_BYTES} bytes")
    with stream:
        try:
            return _read_rows(stream, display, path.parent)
        except OSError as exc:
            raise fail(f"cannot read file ({exc.strerror or exc})") from None


def _read_rows(stream, display: str, folder: Path) -> tuple[Results, list[Problem]]:
    reader = csv.reader(stream)
    try:
        header = next(reader)
    except StopIteration:
        raise InputError([Problem(display, 1, 1, "", "file is empty (no header row)")]) from None
    except csv.Error as exc:
        raise InputError([Problem(display, 1, 1, "", f"not CSV: {exc}")]) from None
    index, problems = _columns(header, display)
    if problems:
        raise InputError(problems)
    problems = Problems(problems)
    names = list(index.items())
    width = len(header)
    res = _Rows(display, by_date="date" in index, header=index, folder=folder)
    try:
        for row in reader:
            line = reader.line_num
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            if len(row) != width:
                problems.append(Problem(display, line, 1, "", f"{len(row)} fields; the header has {width}"))
                continue
            res.place_csv(line, row)
            _add(res, {name: row[j] for name, j in names}, problems)
    except csv.Error as exc:
        problems.append(Problem(display, reader.line_num, 1, "", f"not CSV: {exc}"))
    return res.done(), problems


def _read_yaml(path: Path, display: str) -> tuple[Results, list[Problem]]:
    doc = load_yaml_file(path, display)
    rows = doc.data.get("rows") if isinstance(doc.data, dict) else doc.data
    prefix = ("rows",) if isinstance(doc.data, dict) else ()
    if not isinstance(rows, list):
        raise InputError([doc.problem((), "expected a list of rows (or a mapping with 'rows:')")])
    problems = Problems()
    by_date = not any(isinstance(r, dict) and "period" in r for r in rows)
    res = _Rows(display, by_date=by_date, folder=path.parent)
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
        res.place(where)
        _add(res, {k: ("" if v is None else v) for k, v in row.items()}, problems)
    return res.done(), problems


def read_results(path: Path | str, display: str | None = None) -> tuple[Results, list[Problem]]:
    """The rows of one results file and every problem found in them (not raised: the caller adds
    the problems only the configurations can show, then reports them all at once)."""
    path = Path(path)
    display = display or str(path)
    if path.suffix.lower() in (".yaml", ".yml", ".json"):
        return _read_yaml(path, display)
    return _read_csv(path, display)
