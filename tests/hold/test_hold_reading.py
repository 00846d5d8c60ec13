"""Reading results (issues 24 and 35): one reader, :mod:`csv` row by row over a text stream, for every
file whatever its line ends and quoting. The same rows written with LF, CRLF or CR line ends, bare or
quoted, read alike and give the same report; cells of any length are read or refused with a message."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.hold.results import read_results

from conftest import ROOT

HEADER = "date,table,wager,rounds,wagered,house_win,meter,config"
EXAMPLE = ROOT / "examples" / "results" / "maryland-lir-2.csv"
CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"


def _amount(rng: random.Random, signed: bool) -> str:
    whole = str(rng.randint(0, 10 ** rng.randint(0, 7)))
    if rng.random() < 0.2:
        whole = "0" * rng.randint(1, 2) + whole                        # leading zeros
    text = whole + rng.choice(["", ".", "." + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 3)))])
    if rng.random() < 0.05:
        text = "." + str(rng.randint(0, 99))                           # no whole part
    sign = rng.choice(["", "", "-", "+"]) if signed else rng.choice(["", "", "", "+"])
    return sign + text


def _rows(seed: int, count: int) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        rounds = str(rng.randint(1, 5000))
        wagered = _amount(rng, False)
        if float(wagered) == 0:
            wagered = "1" + wagered.lstrip("+")
        win = _amount(rng, True)
        if float(win) > float(wagered):
            win = "-" + win.lstrip("+-")
        rows.append([f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                     rng.choice(["T01", "T2", "table-ü", "LIR-2-long-table-name", "x" * 300]),
                     rng.choice(["base", "three-card-bonus", "six-card-bonus"]), rounds, wagered, win,
                     rng.choice(["", "", _amount(rng, False)]), rng.choice(["", "", "a.yaml", "sub/b.yaml"])])
    return rows


def _written(lines: list[list[str]], end: str, quoted: bool) -> str:
    cell = (lambda c: '"' + c.replace('"', '""') + '"') if quoted else (lambda c: c)
    return "".join(",".join(map(cell, row)) + end for row in lines)


FORMS = [("lf", "\n", False), ("crlf", "\r\n", False), ("cr", "\r", False), ("quoted-lf", "\n", True),
         ("quoted-crlf", "\r\n", True)]


@pytest.mark.parametrize("seed", range(4))
def test_line_ends_and_quoting_do_not_change_what_is_read(tmp_path, seed):
    rows = [HEADER.split(",")] + _rows(seed, 300)
    read = {}
    for name, end, quoted in FORMS:
        path = tmp_path / f"{name}.csv"
        path.write_bytes(_written(rows, end, quoted).encode("utf-8"))
        read[name] = read_results(path)
    a, pa = read["lf"]
    assert pa == [] and len(a) == 300
    assert a.rounds.tolist() == [float(r[3]) for r in rows[1:]]            # the cells as Python reads them
    assert a.house_win.tolist() == [float(r[5]) for r in rows[1:]]
    for name, (b, pb) in read.items():
        assert pb == [], name
        for column in ("rounds", "wagered", "house_win", "meter"):
            assert getattr(a, column).tobytes() == getattr(b, column).tobytes(), (name, column)  # bit for bit
        for column in ("period", "table", "wager", "config"):
            assert a.names[column][0] == b.names[column][0], (name, column)   # numbered in the order first seen
            assert a.names[column][1].tolist() == b.names[column][1].tolist(), (name, column)
        for i in range(0, 300, 37):
            assert a.position(i, "wager")[0] == b.position(i, "wager")[0] == i + 2


def test_line_ends_and_quoting_give_the_same_report_through_the_cli(tmp_path):
    """The bundled results file as written, with CRLF line ends and with every cell quoted: one report."""
    lines = [row.split(",") for row in EXAMPLE.read_text(encoding="utf-8").splitlines()]
    outputs = {}
    for name, end, quoted in FORMS:
        folder = tmp_path / name
        folder.mkdir()
        path = folder / "results.csv"
        path.write_bytes(_written(lines, end, quoted).encode("utf-8"))
        result = CliRunner().invoke(main, ["hold", str(path), "--config", str(CONFIG), "--format", "json"])
        assert result.exit_code in (0, 1), result.output
        outputs[name] = result.output.replace(str(folder), "FOLDER")
    report = json.loads(outputs["lf"])
    assert sum(len(w["periods"]) for t in report["tables"] for w in t["wagers"]) == len(lines) - 1
    assert all(out == outputs["lf"] for out in outputs.values())


@pytest.mark.parametrize("column, size", [("period", 5_000), ("table", 5_000), ("wager", 5_000), ("period", 100_000)])
def test_long_cells_are_read_or_named_never_a_crash(tmp_path, column, size):
    """The old fast reader failed on an ordinary long period, table or wager cell (issue 35)."""
    long = "p" * size
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    head = lines[0].replace("date,", "period,")
    cells = [row.split(",") for row in lines[1:]]
    at = {"period": 0, "table": 1, "wager": 2}[column]
    for row in cells[:3]:
        row[at] = long
    path = tmp_path / "long.csv"
    path.write_text("\n".join([head] + [",".join(r) for r in cells]) + "\n", encoding="utf-8")
    fmt = ["--format", "json"] if column == "period" else []
    result = CliRunner().invoke(main, ["hold", str(path), "--config", str(CONFIG), *fmt])
    assert "Traceback" not in result.output and "internal error" not in result.output
    if column == "period":
        assert result.exit_code in (0, 1), result.output[-500:]
        report = json.loads(result.output)
        labels = {p["period"] for t in report["tables"] for w in t["wagers"] for p in w["periods"]}
        assert long in labels
    else:
        assert result.exit_code == 2
        # the three rows' one problem, said once with where it recurs
        assert f"{path}:2:" in result.output and "(3 times, lines 2-4)" in result.output and column in result.output


def test_a_cell_longer_than_the_csv_field_limit_is_named(tmp_path):
    path = tmp_path / "huge.csv"
    path.write_text(EXAMPLE.read_text(encoding="utf-8").replace("LIR-2", "T" * 200_000, 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["hold", str(path), "--config", str(CONFIG)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path}:2:1: (top): not CSV: field larger than field limit" in result.output


@pytest.mark.parametrize("cell", ["1e5", " 5", "5 ", "1_0", "--5", "5-", ".", "+", "nan", "inf", "1.2.3", "0x1",
                                  "12345678901234567", "١"])
def test_a_number_is_what_python_reads_it_as_or_a_problem_at_its_cell(tmp_path, cell):
    """The reader accepts what Python's float() accepts and names every other cell as a problem."""
    rows = _rows(99, 30)
    rows[7][5] = cell
    path = tmp_path / "r.csv"
    path.write_text("\n".join([HEADER] + [",".join(r) for r in rows]) + "\n", encoding="utf-8")
    res, problems = read_results(path)
    try:
        value = float(cell)
    except ValueError:
        assert [(p.line, p.path) for p in problems] == [(9, "house_win")]
    else:
        if np.isfinite(value) and value <= float(rows[7][4]):
            assert problems == [] and res.house_win[7] == value


def test_a_file_of_bad_rows_lists_the_first_thousand_problems_and_counts_the_rest(tmp_path):
    """A million bad rows made a million problems in memory (950 MB for a 56 MB file): now the first
    1,000 found are listed and the rest counted, in one more line."""
    from lit_compliance.load.strict_yaml import MAX_PROBLEMS

    rows = 5_000
    path = tmp_path / "bad.csv"
    path.write_text("period,table,wager,rounds,wagered,house_win\r\n" + "".join(
        f'"p{i}","LIR-2","base","-7","300.00","1.00"\r\n' for i in range(rows)), encoding="utf-8")
    result = CliRunner().invoke(main, ["hold", str(path), "--config", str(CONFIG)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    # the first 1,000 found are one problem repeated: said once, with how often and where
    assert len(lines) == 2
    assert lines[0].startswith(f"error: {path}:2:") and lines[0].endswith(
        f": rounds: -7 is negative ({MAX_PROBLEMS} times, lines 2-{MAX_PROBLEMS + 1})")
    assert lines[-1] == (f"error: {path}: and {rows - MAX_PROBLEMS:,} more problem(s) not listed "
                         f"(the first {MAX_PROBLEMS:,} found are)")
