"""Under --format json every error is JSON on standard error (standard output empty), click's usage
errors too (missing argument, unknown option, bad option value), with the exit status in it; a
problem repeated on many rows of a file is said once, with its count and the lines."""
from __future__ import annotations

import csv
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from lit_compliance.cli import load_all, main

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "examples" / "results" / "maryland-lir-2.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _json_commands() -> list[str]:
    load_all()
    out = []
    for name, command in sorted(main.commands.items()):
        for param in command.params:
            if param.name == "fmt" and isinstance(param.type, click.Choice) and "json" in param.type.choices:
                out.append(name)
    return out


JSON_COMMANDS = _json_commands()


def _json_error(result) -> dict:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    report = json.loads(result.stderr)
    assert report["error"] is True and report["exit_status"] == result.exit_code
    assert report["problems"] and all(p["message"] for p in report["problems"])
    return report


def test_the_commands_that_offer_json_are_found():
    assert {"check", "analyze", "settle", "hold"} <= set(JSON_COMMANDS)


@pytest.mark.parametrize("name", JSON_COMMANDS)
def test_an_unknown_option_is_a_json_error(name):
    report = _json_error(run(name, "--format", "json", "--no-such-option"))
    assert "--no-such-option" in report["problems"][0]["message"]


@pytest.mark.parametrize("name", JSON_COMMANDS)
def test_format_json_written_with_an_equals_sign_counts_too(name):
    _json_error(run(name, "--format=json", "--no-such-option"))


def test_a_missing_argument_is_a_json_error_naming_it_and_the_usage():
    report = _json_error(run("check", "--format", "json"))
    problem = report["problems"][0]
    assert problem["argument"] == "CONFIG" and "CONFIG" in problem["message"]
    assert problem["usage"].endswith("check [OPTIONS] CONFIG")


def test_a_bad_option_value_is_a_json_error_naming_the_option():
    report = _json_error(run("hold", RESULTS, "--format", "json", "--band", "42"))
    assert report["problems"][0]["option"] == "--band" and "42" in report["problems"][0]["message"]


def test_without_json_a_usage_error_stays_click_s_plain_text():
    result = run("check")
    assert result.exit_code == 2 and result.stderr.startswith("Usage: ")


def test_a_problem_repeated_on_every_row_is_said_once_with_its_count():
    with RESULTS.open(newline="") as f:
        rows = list(csv.DictReader(f))
    tables = {r["table"] for r in rows}
    result = run("hold", RESULTS)
    assert result.exit_code == 2
    errors = [ln for ln in result.stderr.splitlines() if ln.startswith("error: ")]
    assert len(errors) == len(tables)
    assert f"({len(rows)} times, lines 2-{len(rows) + 1})" in errors[0]
    report = _json_error(run("hold", RESULTS, "--format", "json"))
    (problem,) = report["problems"]
    assert problem["count"] == len(rows) and problem["lines"] == list(range(2, len(rows) + 2))
