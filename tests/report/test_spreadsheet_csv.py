"""Every CSV the tool writes is safe to open in a spreadsheet (issue 35): text a user gave that could
start a formula (=, +, -, @, tab, CR) is written behind a single quote; figures the tool computed stay
numbers, negative ones included. And `simulate` refuses periods that run past the year 9999."""
from __future__ import annotations

import csv
import json
import io
import subprocess
import sys

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.report.spreadsheet import FORMULA_STARTS, FormattedNumber, cell

from conftest import ROOT

CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"
EXAMPLE = ROOT / "examples" / "results" / "maryland-lir-2.csv"
HOSTILE = ['=HYPERLINK("http://example.invalid","x")', "+1+2", "-3+4", "@SUM(A1:A2)", "\t=1", "\r=1", "=1\n=2"]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def _table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def _risky(value: str) -> bool:
    return value.startswith(FORMULA_STARTS)


@pytest.mark.parametrize("text", HOSTILE)
def test_text_that_could_start_a_formula_is_quoted_and_figures_are_not(text):
    assert cell(text) == "'" + text
    assert cell(FormattedNumber("-390.00")) == "-390.00" and cell(-0.25) == "-0.25" and cell(-7) == "-7"
    assert cell(FormattedNumber(text)) == "'" + text        # a "figure" that is no number is text
    assert cell("-390.00") == "'-390.00"                    # text a user gave is text, whatever it reads as
    assert cell(float("-inf")) == "'-inf" and cell(None) == "" and cell("plain") == "plain"


def test_the_results_reader_takes_back_what_the_writer_quotes():
    from lit_compliance.hold import results as hold_results

    assert tuple(hold_results._FORMULA_STARTS) == FORMULA_STARTS


def test_hold_csv_quotes_hostile_period_labels_and_keeps_negative_figures(tmp_path):
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    rows = [r.split(",") for r in lines[1:]]
    labels = {}
    for k, row in enumerate(rows):                          # each day a hostile label (the same rows a day)
        labels.setdefault(row[0], HOSTILE[len(labels) % len(HOSTILE)] + f" day {len(labels)}")
        row[0] = labels[row[0]]
    path = tmp_path / "results.csv"
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(lines[0].replace("date,", "period,").split(","))
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    result = run("hold", path, "--config", CONFIG, "--format", "csv")
    assert result.exit_code in (0, 1), result.output
    table = _table(result.output)
    head = table[0]
    body = table[1:]
    periods = [r[head.index("period")] for r in body if r[head.index("period")] != "cumulative"]
    assert len(periods) == len(rows)
    stripped = {label.strip() for label in labels.values()}
    assert {p[1:] for p in periods} == stripped            # every label, behind one quote
    assert all(p.startswith("'") for p in periods)
    assert not any(_risky(c) for r in body for c in r if c[:1] in "=+@\t\r")
    wins = [float(r[head.index("house_win")]) for r in body]
    assert min(wins) < 0                                    # a negative figure, written as a number
    assert all(not _risky(r[head.index(c)]) or float(r[head.index(c)]) < 0 for r in body
               for c in ("house_win", "hold", "z"))


def test_simulate_csv_quotes_a_hostile_table_name_and_hold_reads_it_back(tmp_path):
    name = '=HYPERLINK("http://example.invalid","x")'
    cfg = tmp_path / "table.yaml"
    text = CONFIG.read_text(encoding="utf-8")
    assert "\ntable: LIR-2\n" in text
    cfg.write_text(text.replace("\ntable: LIR-2\n", f"\ntable: '{name}'\n"), encoding="utf-8")
    out = tmp_path / "sim.csv"
    result = run("simulate", cfg, "--rounds", "300", "--periods", "3", "--seed", "4", "-o", out)
    assert result.exit_code == 0, result.output
    table = _table(out.read_text(encoding="utf-8"))
    assert {r[1] for r in table[1:]} == {"'" + name}
    assert any(r[5].startswith("-") and float(r[5]) < 0 for r in table[1:])   # a house loss, a number
    held = run("hold", out, "--config", cfg, "--format", "json")
    assert held.exit_code in (0, 1), held.output

    report = json.loads(held.output)
    assert [t["table"] for t in report["tables"]] == [name]


def test_par_csv_keeps_its_negative_figures_as_numbers():
    result = run("par", "maryland", "--format", "csv")
    assert result.exit_code == 0
    table = _table(result.output)
    net = table[0].index("net")
    negative = [r[net] for r in table[1:] if r[net].startswith("-")]
    assert negative and all(float(v) < 0 for v in negative)


@pytest.mark.parametrize("start, periods, ok", [("9999-12-01", 31, True), ("9999-12-01", 32, False),
                                                ("9999-12-31", 100_000, False)])
def test_simulate_past_the_year_9999_is_refused_before_dealing(start, periods, ok):
    """Periods past 9999-12-31 crashed with an OverflowError once dealt (issue 35)."""
    result = subprocess.run([sys.executable, "-m", "lit_compliance", "simulate", str(CONFIG), "--rounds", "1",
                             "--periods", str(periods), "--start", start], capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    if ok:
        assert result.returncode == 0 and result.stdout.splitlines()[-1].startswith("9999-12-31,")
    else:
        assert result.returncode == 2
        assert f"--start {start} with --periods {periods:,}: the periods run past 9999-12-31" in result.stderr
