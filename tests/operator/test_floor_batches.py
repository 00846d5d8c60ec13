"""Batches over a floor: `placard FLOOR --output-dir DIR` (a sign per table and signs.json),
`verify FLOOR SIGNS` (each table's posted sign), `hold RESULTS --config FLOOR` (each table's
results) and `check FLOOR --format html`; each exits with the worst table's status.

Every table's part of a batch is held to the same command run on that table alone.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture()
def floor(tmp_path):
    """A copy of the example floor (and its configurations) to change."""
    shutil.copytree(EXAMPLES / "configs", tmp_path / "configs")
    shutil.copy(EXAMPLES / "floor.yaml", tmp_path / "floor.yaml")
    return tmp_path / "floor.yaml"


def test_placard_of_a_floor_writes_each_tables_sign_as_placard_of_it_alone(floor, tmp_path):
    out = tmp_path / "signs"
    result = run("placard", floor, "--output-dir", out)
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "signs.json").read_text(encoding="utf-8"))
    tables = yaml.safe_load(floor.read_text(encoding="utf-8"))["tables"]
    assert len(summary["tables"]) == len(tables)
    for row, entry in zip(summary["tables"], tables):
        config = floor.parent / entry["config"]
        alone = run("placard", config)
        assert alone.exit_code == 0
        written = (out / row["file"]).read_bytes()
        assert written == alone.stdout_bytes
        assert row["sha256"] == hashlib.sha256(written).hexdigest()
        checked = json.loads(run("check", config, "--format", "json").stdout)
        assert row["digest"] == checked["digest"] and row["digest"] in alone.stdout
        assert row["table"] in result.output and row["sha256"] in result.output
    # written again into the same folder: the same bytes
    again = tmp_path / "again"
    assert run("placard", floor, "--output-dir", again).exit_code == 0
    assert (again / "signs.json").read_bytes() == (out / "signs.json").read_bytes()


def test_a_table_that_does_not_comply_gets_no_sign_and_fails_the_batch(floor, tmp_path):
    data = yaml.safe_load(floor.read_text(encoding="utf-8"))
    data["tables"].append({"config": "configs/noncompliant-maryland.yaml"})
    floor.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = tmp_path / "signs"
    result = run("placard", floor, "--output-dir", out)
    assert result.exit_code == 1
    summary = json.loads((out / "signs.json").read_text(encoding="utf-8"))
    bad = [r for r in summary["tables"] if not r["compliant"]]
    assert [r["config"] for r in bad] == [str(floor.parent / "configs" / "noncompliant-maryland.yaml")]
    assert bad[0]["file"] is None and len(list(out.glob("*.html"))) == len(summary["tables"]) - 1


def test_placard_of_a_floor_needs_a_folder_of_its_own(floor, tmp_path):
    assert run("placard", floor).exit_code == 2
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    result = run("placard", floor, "--output-dir", other)
    assert result.exit_code == 2 and "folder of other files" in result.output
    assert (other / "keep.txt").read_text() == "mine"


def test_verify_a_floor_against_its_posted_signs(floor, tmp_path):
    out = tmp_path / "signs"
    assert run("placard", floor, "--output-dir", out).exit_code == 0
    result = run("verify", floor, out / "signs.json")
    assert result.exit_code == 0, result.output
    assert "5 of 5 signs match" in result.output
    # a table changed after its sign was posted: that table, and only it, fails
    config = floor.parent / "configs" / "tribal.yaml"
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["limits"]["maximum"] = data["limits"]["maximum"] * 2
    config.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = run("verify", floor, out / "signs.json")
    assert result.exit_code == 1 and "not matching: 12" in result.output
    alone = run("verify", config, json.loads((out / "signs.json").read_text())["tables"][-1]["digest"])
    assert alone.exit_code == 1
    # an inspector's CSV: one table's digest misread, one table missing
    rows = json.loads((out / "signs.json").read_text())["tables"]
    lines = ["table,digest"] + [f"{r['table']},{r['digest']}" for r in rows[:3]]
    lines[1] = lines[1][:-1] + ("0" if lines[1][-1] != "0" else "1")
    (tmp_path / "walked.csv").write_text("\n".join(lines) + "\n")
    result = run("verify", floor, tmp_path / "walked.csv")
    assert result.exit_code == 1
    said = result.output
    assert f"not matching: {rows[0]['table']}, {rows[3]['table']}, {rows[4]['table']}" in said
    assert f"no sign is recorded for table {rows[3]['table']}" in said
    bad = tmp_path / "bad.csv"
    bad.write_text("table,digest\nLIR-2,nothex\n")
    result = run("verify", floor, bad)
    assert result.exit_code == 2 and f"{bad}:2:1: digest: 'nothex' holds no 12-hex-digit digest" in result.output


def test_hold_over_a_floor_is_hold_over_its_tables(floor):
    results = EXAMPLES / "results" / "maryland-lir-2.csv"
    by_floor = run("hold", results, "--config", floor, "--format", "json")
    alone = run("hold", results, "--config", floor.parent / "configs" / "maryland.yaml", "--format", "json")
    assert by_floor.exit_code == alone.exit_code
    a, b = json.loads(by_floor.stdout), json.loads(alone.stdout)
    assert [t["table"] for t in a["tables"]] == [t["table"] for t in b["tables"]] == ["LIR-2"]
    assert a["tables"][0]["wagers"] == b["tables"][0]["wagers"]


def test_the_floor_summary_in_html(floor):
    data = yaml.safe_load(floor.read_text(encoding="utf-8"))
    data["floor"] = "<script>alert(1)</script> Floor"
    floor.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    html = run("check", floor, "--format", "html")
    summary = json.loads(run("check", floor, "--format", "json").stdout)
    assert html.exit_code == 0
    assert "<script>alert" not in html.output and "&lt;script&gt;" in html.output
    for row in summary["tables"]:
        assert f"<td>{row['table']}</td><td>{row['ruleset']}</td>" in html.output
        assert f"<code>{row['digest']}</code>" in html.output
    assert run("check", floor.parent / "configs" / "tribal.yaml", "--format", "html").exit_code == 2
