"""`lit-compliance check FLOOR`: a floor file of many tables, one summary, the worst table's exit.

Each row is held to what `check CONFIG --format json` says of that table alone; bad floors (a
duplicate table id, a path that leaves the floor's folder, a missing file, an unknown field) give
one located message and exit 2.
"""
from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.strict_yaml import InputError
from lit_compliance.operator.floor import load_floor

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CONFIGS = EXAMPLES / "configs"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def alone(config: Path) -> dict:
    result = run("check", config, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def floor_file(folder: Path, *configs: str, extra: str = "") -> Path:
    """A floor in ``folder`` listing ``configs`` (names relative to it)."""
    lines = ["floor_version: 1", "floor: Test floor", "tables:"] + [f"  - config: {c}" for c in configs]
    path = folder / "floor.yaml"
    path.write_text("\n".join(lines) + "\n" + extra)
    return path


@pytest.fixture(scope="module")
def example_summary():
    result = run("check", EXAMPLES / "floor.yaml", "--format", "json")
    return result.exit_code, json.loads(result.stdout)


def test_example_floor_rows_are_what_check_says_of_each_table_alone(example_summary):
    code, summary = example_summary
    floor = load_floor(EXAMPLES / "floor.yaml")
    assert [r["config"] for r in summary["tables"]] == [t.config.path for t in floor.tables]
    assert len(summary["tables"]) == 5
    for row in summary["tables"]:
        single = alone(Path(row["config"]))
        base = next(e for e in single["house_edges"] if e["wager"] == "base")
        assert row["compliant"] == single["compliant"]
        assert row["ruleset"] == single["ruleset_ref"]
        assert row["digest"] == single["digest"]
        assert row["errors"] == single["errors"]
        assert row["to_fix"] == sum(1 for f in single["findings"] if f["to_fix"])
        assert row["base_house_edge"] == pytest.approx(base["house_edge"], rel=1e-12)
        assert row["win_per_hour_per_player"] == pytest.approx(single["table"]["win_per_hour"], rel=1e-12)
    assert code == 0 and summary["compliant"] == 5 and summary["failing"] == []


def test_floor_text_and_csv_carry_the_same_rows(example_summary):
    _, summary = example_summary
    text = run("check", EXAMPLES / "floor.yaml")
    assert text.exit_code == 0
    assert "5 of 5 tables comply" in text.stdout
    for row in summary["tables"]:
        line = next(l for l in text.stdout.splitlines() if l.endswith(row["config"]))
        assert line.split()[0] == row["table"] and f"{row['win_per_hour_per_player']:.2f}" in line
        assert f"{row['base_house_edge']:.3%}" in line
    out = run("check", EXAMPLES / "floor.yaml", "--format", "csv")
    assert out.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [r["table"] for r in rows] == [r["table"] for r in summary["tables"]]
    for got, row in zip(rows, summary["tables"]):
        assert float(got["base_house_edge"]) == row["base_house_edge"]
        assert float(got["win_per_hour_per_player"]) == row["win_per_hour_per_player"]
        assert got["compliant"] == ("yes" if row["compliant"] else "no")


def test_a_non_compliant_table_makes_the_floor_exit_1(tmp_path):
    for name in ("maryland.yaml", "noncompliant-maryland.yaml"):
        shutil.copy(CONFIGS / name, tmp_path / name)
    path = floor_file(tmp_path, "maryland.yaml", "noncompliant-maryland.yaml")
    result = run("check", path, "--format", "json")
    assert result.exit_code == 1, result.output
    summary = json.loads(result.stdout)
    bad = alone(tmp_path / "noncompliant-maryland.yaml")
    assert not bad["compliant"]
    assert [r["compliant"] for r in summary["tables"]] == [True, False]
    assert summary["failing"] == ["LIR-9"]
    assert summary["tables"][1]["errors"] == bad["errors"]
    assert summary["tables"][1]["to_fix"] == sum(1 for f in bad["findings"] if f["to_fix"])
    text = run("check", path)
    assert text.exit_code == 1 and "1 of 2 tables comply; failing: LIR-9" in text.stdout


def test_csv_cells_a_spreadsheet_would_run_are_quoted(tmp_path):
    text = (CONFIGS / "tribal.yaml").read_text().replace('table: "12"', 'table: "=HYPERLINK(1)"')
    assert "=HYPERLINK" in text
    (tmp_path / "t.yaml").write_text(text)
    result = run("check", floor_file(tmp_path, "t.yaml"), "--format", "csv")
    assert result.exit_code == 0, result.output
    assert "\n'=HYPERLINK(1)," in result.stdout


def _bad(tmp_path, *configs, extra=""):
    for name in ("maryland.yaml", "noncompliant-nsw.yaml", "tribal.yaml"):
        shutil.copy(CONFIGS / name, tmp_path / name)
    result = run("check", floor_file(tmp_path, *configs, extra=extra))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    return result.stderr


def test_duplicate_table_id_is_refused_naming_file_line_and_field(tmp_path):
    said = _bad(tmp_path, "tribal.yaml", "maryland.yaml", "noncompliant-nsw.yaml")
    assert said.count("error:") == 1
    assert "floor.yaml:6:5: tables[2].config: table id 'LIR-2' (noncompliant-nsw.yaml) is also the id of " \
           "tables[1] (maryland.yaml)" in said


def test_a_path_that_leaves_the_floor_folder_is_refused(tmp_path):
    inner = tmp_path / "floor"
    inner.mkdir()
    shutil.copy(CONFIGS / "tribal.yaml", tmp_path / "outside.yaml")
    said = _bad(inner, "tribal.yaml", "../outside.yaml")
    assert said.count("error:") == 1
    assert "floor.yaml:5:5: tables[1].config: '../outside.yaml' climbs out of the file's folder" in said
    said = _bad(inner, "/etc/passwd")
    assert "floor.yaml:4:5: tables[0].config: '/etc/passwd' is an absolute path" in said


def test_a_missing_configuration_is_refused(tmp_path):
    said = _bad(tmp_path, "tribal.yaml", "nope.yaml")
    assert said.count("error:") == 1
    assert "floor.yaml:5:5: tables[1].config: 'nope.yaml': no such file" in said


def test_a_bad_configuration_on_the_floor_is_located_in_its_own_file(tmp_path):
    (tmp_path / "bad.yaml").write_text((CONFIGS / "tribal.yaml").read_text().replace("seats:", "seat:"))
    said = _bad(tmp_path, "tribal.yaml", "bad.yaml")
    assert "bad.yaml:" in said and "unknown field 'seat'" in said


def test_a_floor_with_an_unknown_field_is_refused_by_its_schema(tmp_path):
    said = _bad(tmp_path, "tribal.yaml", extra="casinos: x\n")
    assert "floor.yaml:5:1: casinos: unknown field 'casinos'" in said
    with pytest.raises(InputError):
        load_floor(tmp_path / "floor.yaml")


def test_csv_is_only_for_a_floor():
    result = run("check", CONFIGS / "tribal.yaml", "--format", "csv")
    assert result.exit_code == 2 and "csv is for a floor's summary" in result.stderr


def test_a_floor_missing_its_name_is_told_what_a_floor_needs(tmp_path):
    shutil.copy(CONFIGS / "tribal.yaml", tmp_path / "tribal.yaml")
    path = tmp_path / "floor.yaml"
    path.write_text("floor_version: 1\ntables:\n  - config: tribal.yaml\n")
    result = run("check", path)
    assert result.exit_code == 2 and "missing required field 'floor'" in result.stderr
    assert "config_version" not in result.stderr


def test_a_floor_listed_as_a_table_of_a_floor_is_named_for_what_it_is(tmp_path):
    path = floor_file(tmp_path, "floor.yaml")
    result = run("check", path)
    assert result.exit_code == 2 and "this is a floor, not a table configuration" in result.stderr


def test_relabelled_tables_share_their_prices_and_a_changed_one_does_not():
    from lit_compliance.table.theory import theory_of
    from lit_compliance.table.config import load_config_text, ruleset_for

    text = (CONFIGS / "tribal.yaml").read_text()
    assert 'table: "12"' in text and "casino: Red Cedar Tribal Casino" in text
    one = load_config_text(text, "one.yaml")
    relabelled = load_config_text(text.replace('table: "12"', 'table: "13"')
                                  .replace("casino: Red Cedar Tribal Casino", "casino: Elsewhere"), "two.yaml")
    changed = load_config_text(text.replace("seats: 7", "seats: 6"), "three.yaml")
    rs = ruleset_for(one)
    a, b, c = (theory_of(cfg, rs, offered_only=True, every_seat=True) for cfg in (one, relabelled, changed))
    assert a.digest != b.digest and a.priced_as == b.priced_as   # the sign differs, the prices do not
    assert c.priced_as != a.priced_as
