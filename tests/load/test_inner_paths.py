"""Paths read from inside a data file stay in that file's folder, and text a user gave (file names
included) reaches the terminal escaped (issue 35): the results file's ``config`` column opened any
readable path, absolute or ``../``, and its problems quoted that file; a file name's control
characters reached the terminal raw."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main

from conftest import ROOT

CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"
HEAD = "date,table,wager,rounds,wagered,house_win,config\n"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


@pytest.fixture
def layout(tmp_path):
    """data/ holds the results; a configuration sits beside data/ (outside it) and one in data/sub/."""
    data = tmp_path / "data"
    (data / "sub").mkdir(parents=True)
    outside = tmp_path / "outside.yaml"
    outside.write_text(CONFIG.read_text(encoding="utf-8").replace("table: LIR-2", "table: SECRET-TABLE"),
                       encoding="utf-8")
    (data / "sub" / "m.yaml").write_text(CONFIG.read_text(encoding="utf-8"), encoding="utf-8")
    os.symlink(outside, data / "link.yaml")
    return data, outside


@pytest.mark.parametrize("cell, why", [
    ("../outside.yaml", "climbs out of the file's folder with '..'"),
    ("sub/../../outside.yaml", "climbs out of the file's folder with '..'"),
    ("{outside}", "is an absolute path"),
    ("/etc/passwd", "is an absolute path"),
    ("C:\\\\x.yaml", "is an absolute path"),
    ("link.yaml", "leads outside the file's folder through a symbolic link"),
])
def test_a_config_path_that_leaves_the_results_folder_is_refused(layout, cell, why):
    data, outside = layout
    cell = cell.format(outside=outside)
    results = data / "results.csv"
    results.write_text(HEAD + f"2026-01-01,SECRET-TABLE,base,10,300,3,{cell}\n", encoding="utf-8")
    result = run("hold", results)
    assert result.exit_code == 2
    col = len("2026-01-01,SECRET-TABLE,base,10,300,3,") + 1
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {results}:2:{col}: config: {cell!r} {why}"), lines
    assert "SECRET" not in result.output.replace("SECRET-TABLE,", "")   # nothing read from the file outside
    assert str(outside) not in result.output or cell == str(outside)


def test_a_config_path_inside_the_folder_is_read(layout):
    data, _ = layout
    results = data / "results.csv"
    results.write_text(HEAD + "2026-01-01,LIR-2,base,2000,60000,-390,sub/m.yaml\n", encoding="utf-8")
    result = run("hold", results, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    assert '"table": "LIR-2"' in result.output


def test_a_ruleset_cannot_name_a_path_as_the_version_it_supersedes(tmp_path):
    """A catalogue folder's ruleset names the version it supersedes: an id, never a path to look at."""
    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.load.strict_yaml import InputError

    folder = tmp_path / "maryland"
    folder.mkdir()
    text = (ROOT / "rulesets" / "maryland" / "v1.yaml").read_text(encoding="utf-8")
    assert "\n  supersedes: null\n" in text
    (folder / "v1.yaml").write_text(text, encoding="utf-8")
    (folder / "v2.yaml").write_text(text.replace("\n  supersedes: null\n", "\n  supersedes: ../../../etc/passwd\n", 1)
                                    .replace("\n  id: v1\n", "\n  id: v2\n", 1), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        Catalogue.load(tmp_path)
    said = [str(p) for p in caught.value.problems]
    assert len(said) == 1 and "version.supersedes: supersedes '../../../etc/passwd': a version id, not a path" \
        in said[0], said


def test_control_characters_in_a_data_files_text_are_escaped_in_messages(tmp_path):
    results = tmp_path / "results.csv"
    results.write_text(HEAD + "2026-01-01,LIR-2,base,10,300,3,x\x07\x1b\x9b.yaml\n", encoding="utf-8")
    result = run("hold", results)
    assert result.exit_code == 2
    assert "x\\u0007\\u001b\\u009b.yaml" in result.output
    assert not any(c in result.output for c in "\x07\x1b\x9b")


def test_control_characters_in_a_file_name_are_escaped_in_messages(tmp_path):
    """The real process, its standard error as bytes: nothing raw for a terminal to obey."""
    name = tmp_path / "r\x07\x1b[2J\x9b.csv"
    name.write_text("not,a\nresults,file\n", encoding="utf-8")
    missing = tmp_path / "gone\x1b]0;title\x07.csv"
    for path, said in ((name, "unknown column"), (missing, "file not found")):
        done = subprocess.run([sys.executable, "-m", "lit_compliance", "hold", os.fsencode(path)],
                              capture_output=True, timeout=300)
        assert done.returncode == 2 and b"Traceback" not in done.stderr
        assert said.encode() in done.stderr
        assert not any(c in done.stderr for c in (b"\x07", b"\x1b", "\x9b".encode("utf-8")))
        assert b"\\u001b" in done.stderr
