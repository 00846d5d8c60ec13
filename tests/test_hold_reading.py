"""Reading results (issue 24): a clean CSV is read all at once, column by column on its bytes; any
doubt sends it to the row-by-row reader. The two readings of the same rows must agree exactly."""
from __future__ import annotations

import random

import numpy as np
import pytest

from lit_compliance.operator import hold_results
from lit_compliance.operator.hold_results import read_results

HEADER = "date,table,wager,rounds,wagered,house_win,meter,config"


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
                     rng.choice(["T01", "T2", "table-ü", "LIR-2-long-table-name"]),
                     rng.choice(["base", "three-card-bonus", "six-card-bonus"]), rounds, wagered, win,
                     rng.choice(["", "", _amount(rng, False)]), rng.choice(["", "", "a.yaml", "../b.yaml"])])
    return rows


def _both(tmp_path, rows):
    fast = tmp_path / "fast.csv"
    fast.write_text("\n".join([HEADER] + [",".join(r) for r in rows]) + "\n", encoding="utf-8")
    careful = tmp_path / "careful.csv"     # one quoted cell: the row-by-row reader reads this file
    careful.write_text("\n".join([HEADER] + [",".join(r) for r in rows[:-1]]
                                 + [",".join(rows[-1][:-1] + [f'"{rows[-1][-1]}"'])]) + "\n", encoding="utf-8")
    (a, pa), (b, pb) = read_results(fast), read_results(careful)
    return a, b, pa, pb


@pytest.mark.parametrize("seed", range(6))
def test_a_clean_file_read_at_once_equals_its_row_by_row_reading(tmp_path, seed, monkeypatch):
    rows = _rows(seed, 400)
    used = []
    real = hold_results._fast
    monkeypatch.setattr(hold_results, "_fast", lambda *a: used.append(real(*a)) or used[-1])
    a, b, pa, pb = _both(tmp_path, rows)
    assert used[0] is not None and used[1] is None       # the first file was read at once, the second was not
    assert pa == pb == []
    for name in ("rounds", "wagered", "house_win", "meter"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.tobytes() == y.tobytes(), name          # the same doubles, bit for bit (-0.0 and NaN too)
    for column in ("period", "table", "wager", "config"):
        assert [a.name(column, i) for i in range(len(a))] == [b.name(column, i) for i in range(len(b))]
        assert a.names[column][0] == b.names[column][0]  # values numbered alike: in the order first seen
    # every cell is located alike (the last row's quote moves its own cells only)
    for i in range(len(a) - 1):
        for column in ("table", "wager", "rounds", "wagered", "house_win", "meter", "config"):
            assert a.position(i, column) == b.position(i, column)


@pytest.mark.parametrize("cell", ["1e5", " 5", "5 ", "1_0", "--5", "5-", ".", "+", "nan", "inf", "1.2.3", "0x1",
                                  "12345678901234567", "١"])
def test_any_cell_the_fast_reader_does_not_take_is_read_row_by_row(tmp_path, cell, monkeypatch):
    """A number written any other way (or one too long to be exact) goes to the careful reader,
    which accepts what Python's float() accepts and names every other cell as a problem."""
    rows = _rows(99, 30)
    rows[7][5] = cell
    used = []
    real = hold_results._fast
    monkeypatch.setattr(hold_results, "_fast", lambda *a: used.append(real(*a)) or used[-1])
    path = tmp_path / "r.csv"
    path.write_text("\n".join([HEADER] + [",".join(r) for r in rows]) + "\n", encoding="utf-8")
    res, problems = read_results(path)
    assert used == [None]
    try:
        value = float(cell)
    except ValueError:
        assert [(p.line, p.path) for p in problems] == [(9, "house_win")]
    else:
        if np.isfinite(value) and value <= float(rows[7][4]):
            assert problems == [] and res.house_win[7] == value
