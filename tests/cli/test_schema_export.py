"""`lit-compliance schema NAME` writes each bundled schema; the link `init` writes in a
configuration resolves to the exported copy beside it, and the file validates through that link
with jsonschema (as an editor's language server would)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.resources import data_dir

BUNDLED = sorted(p.name.removesuffix(".schema.json") for p in data_dir("schema").glob("*.schema.json"))


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_every_bundled_schema_is_listed():
    result = run("schema")
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_each_schema_is_written_to_standard_output_and_to_a_file(name, tmp_path):
    bundled = json.loads((data_dir("schema") / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert json.loads(run("schema", name).stdout) == bundled
    out = tmp_path / "copy.json"
    assert run("schema", name, "-o", out).exit_code == 0
    copy = json.loads(out.read_text(encoding="utf-8"))
    assert copy == bundled
    jsonschema.Draft202012Validator.check_schema(copy)


def test_an_unknown_schema_gets_the_nearest_and_the_list():
    result = run("schema", "rulset")
    assert result.exit_code == 2
    assert "did you mean 'ruleset'?" in result.stderr and all(n in result.stderr for n in BUNDLED)


def test_a_configuration_init_writes_validates_through_its_own_schema_link(tmp_path):
    config = tmp_path / "table.yaml"
    result = run("init", "--no-interactive", "--jurisdiction", "tribal", "--casino", "Red Cedar", "--minimum", "5",
                 "--maximum", "200", "--dealing-method", "automated-shoe", "--wager", "base", "--seats", "6",
                 "--output", config)
    assert result.exit_code == 0, result.output
    text = config.read_text(encoding="utf-8")
    link = re.match(r"# yaml-language-server: \$schema=(\S+)\n", text).group(1)
    export = re.search(r"`lit-compliance (schema \S+ -o \S+)`", text).group(1).split()
    assert export[-1] == link
    target = config.parent / link
    assert not target.exists()
    assert run(*export[:-1], target).exit_code == 0           # as the file's header says, in its folder
    schema = json.loads(target.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    data = yaml.safe_load(text)
    assert list(validator.iter_errors(data)) == []
    data["seets"] = data["seats"]        # a typo an editor underlines
    assert [e.validator for e in validator.iter_errors(data)] == ["additionalProperties"]
