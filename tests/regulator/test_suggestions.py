"""Mistakes meet suggestions: an unknown id (topic, configuration field, wager, paytable, reading)
gets the nearest match and the choices; under --format json the trouble is one JSON object on
standard error (standard output stays empty)."""
from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.regulator.compare import topics

ROOT = Path(__file__).resolve().parents[2]
MARYLAND = ROOT / "examples" / "configs" / "maryland.yaml"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _config(tmp_path, change) -> Path:
    data = yaml.safe_load(MARYLAND.read_text())
    change(data)
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_an_unknown_compare_topic_gets_the_nearest_and_the_choices():
    result = run("compare", "qualifying")
    assert result.exit_code == 2
    assert "did you mean 'qualifying-hand'?" in result.stderr
    assert all(name in result.stderr for name in topics())


def test_an_unknown_configuration_field_gets_the_nearest(tmp_path):
    path = _config(tmp_path, lambda d: d.update(seets=d.pop("seats")))
    result = run("check", path)
    assert result.exit_code == 2 and "unknown field 'seets'; did you mean 'seats'?" in result.stderr


def test_an_unknown_wager_paytable_or_reading_in_a_configuration_gets_the_nearest(tmp_path):
    def typos(d):
        d["wagers"][1]["wager"] = "five-card-bonsu"
        d["wagers"][2]["paytable"] = "aa"
        d["readings"] = {"md-five-card-bonus-two-pair-vs-pair": "two-pair-or-bettr"}

    out = run("check", _config(tmp_path, typos)).stdout
    assert "no wager 'five-card-bonsu'; did you mean 'five-card-bonus'?" in out
    assert "paytable 'aa' is not one the ruleset permits; did you mean 'a'?" in out
    assert "no reading 'two-pair-or-bettr'; did you mean 'two-pair-or-better'? (readings: " in out


def test_init_names_the_nearest_wager_and_the_choices(tmp_path):
    result = run("init", "--no-interactive", "--jurisdiction", "maryland", "--casino", "C", "--minimum", "5",
                 "--maximum", "50", "--dealing-method", "hand", "--wager", "five-card-bonsu=b",
                 "--output", tmp_path / "x.yaml")
    assert result.exit_code == 2
    assert "did you mean 'five-card-bonus'?" in result.stderr and "six-card-bonus" in result.stderr


def test_with_format_json_trouble_is_one_json_object_on_standard_error(tmp_path):
    path = _config(tmp_path, lambda d: d.update(seets=d.pop("seats")))
    result = run("check", path, "--format", "json")
    assert result.exit_code == 2 and result.stdout == ""
    report = json.loads(result.stderr)
    assert report["error"] is True and report["exit_status"] == 2
    field = next(p for p in report["problems"] if p["path"] == "seets")
    assert field["file"] == str(path) and field["line"] > 0 and "did you mean 'seats'?" in field["message"]
    unknown = run("analyze", "marylnd", "--format", "json")
    assert unknown.exit_code == 2 and unknown.stdout == ""
    assert "did you mean 'maryland'?" in json.loads(unknown.stderr)["problems"][0]["message"]
    plain = run("check", path)
    assert plain.stderr.startswith("error: ")
