"""Hostile input: one regression test per failure found by the adversarial pass (issue 14).

Every input surface either works or gives one clear message (with file:line:col where there is a
file), exit status 2, no traceback, in bounded time and memory.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.strict_yaml import InputError, load_yaml_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(*args: str, input: str | None = None):
    result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def cli(*args: str, **kw) -> subprocess.CompletedProcess:
    """The installed entry point in a fresh process (signals, pipes and real file descriptors)."""
    return subprocess.run([sys.executable, "-m", "lit_compliance", *map(str, args)], capture_output=True,
                          timeout=300, **kw)


# --- values the schema accepted but the engine could not use --------------------------------------


@pytest.mark.parametrize("value, message", [
    ("1000.5", "base game odds are whole numbers"),
    ("1000000000000000000000000000000", "out of range"),
    ("1e308", "out of range"),
    ("1e400", "out of range"),
])
def test_base_odds_that_cannot_be_priced_are_refused_at_validation(tmp_path, value, message):
    text = (ROOT / "tests" / "fixtures" / "valid" / "minimal.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("{kind: to_one, value: 1000}", f"{{kind: to_one, value: {value}}}", 1))
    result = run("validate", bad)
    assert result.exit_code == 1 and message in result.output and f"{bad}:66:" in result.output


def test_a_configuration_payout_limit_of_infinity_is_refused(tmp_path):
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text((EXAMPLES / "configs" / "maryland.yaml").read_text().replace(
        "payout_limit: 100000", "payout_limit: 1e999"))
    assert "payout_limit: 1e999" in cfg.read_text()
    result = run("check", cfg)
    assert result.exit_code == 2 and "out of range" in result.output


# --- the YAML loader --------------------------------------------------------------------------------


def test_scalars_expanded_through_many_aliases_are_refused_quickly():
    big = "x" * 100_000
    text = f"a: &a {big}\nb: [" + ", ".join(["*a"] * 150) + "]\n"
    with pytest.raises(InputError) as info:
        load_yaml_text(text, "bomb.yaml")
    assert "alias" in str(info.value.problems[0]) or "characters" in str(info.value.problems[0])


@pytest.mark.parametrize("levels", [30_000, 1_000_000])
def test_deep_nesting_is_refused_before_parsing(tmp_path, levels):
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * levels + "]" * levels + "\n")
    result = cli("validate", deep)
    assert result.returncode == 1
    assert b"nested deeper than 40 levels" in result.stderr


def test_a_control_character_is_reported_where_it_is():
    text = "a: 1\n" * 20 + "b: x\x07y\n"
    with pytest.raises(InputError) as info:
        load_yaml_text(text, "f.yaml")
    (problem,) = info.value.problems
    assert (problem.line, problem.column) == (21, 5)


def test_special_files_are_refused_without_reading_them(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for target in ("/dev/zero", fifo):
        result = run("validate", target)
        assert result.exit_code == 1 and "not a regular file" in result.output
    result = run("check", fifo)
    assert result.exit_code == 2 and "not a regular file" in result.output


# --- output well-formed for its format ---------------------------------------------------------------


def test_control_characters_in_a_casino_name_still_give_well_formed_svg(tmp_path):
    cfg = tmp_path / "cfg.yaml"
    text = (EXAMPLES / "configs" / "maryland.yaml").read_text()
    import re

    text = re.sub(r"(?m)^casino: .*$", r'casino: "Bad\\x1b[31m\\x00Name\\uFFFE & <Co>"', text)
    cfg.write_text(text)
    out = tmp_path / "p.svg"
    result = run("placard", cfg, "--format", "svg", "-o", out)
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_bytes())       # raises if not well-formed XML
    assert "Bad" in "".join(root.itertext())


def test_markdown_values_cannot_break_cells_or_start_headings():
    from lit_compliance.output.text_safety import markdown

    said = markdown("a | b\n# Injected heading\n- item")
    assert "\n" not in said and "\\|" in said and "\\#" in said


# --- round files ----------------------------------------------------------------------------------


def test_a_card_whose_upper_case_is_a_suit_letter_is_a_clean_error():
    text = (EXAMPLES / "rounds" / "tribal-bonus.yaml").read_text()
    import re

    text = re.sub(r"community: \[[^]]*\]", "community: [Kſ, 7d]", text, count=1)
    from lit_compliance.play.round_file import load_round_text

    with pytest.raises(InputError) as info:
        load_round_text(text, "round.yaml")
    assert any("'Kſ' is not a card" in str(p) for p in info.value.problems)


def test_json_numbers_are_read_as_json_reads_them(tmp_path):
    data = json.loads((EXAMPLES / "rounds" / "massachusetts-cover-all.json").read_text())
    data["players"][0]["bet"] = "__BET__"
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data).replace('"__BET__"', "1e1"))
    result = run("settle", path, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    seat1 = json.loads(result.output)["results"][0]
    assert seat1["wagers"][0]["stake"] == "10.00"


# --- CLI arguments ------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("deal-plan", "tribal", "--players", "10000000000"),
    ("show", "maryland", "--on", ""),
    ("show", "south-dakota", "--on", "2020-W01-1"),
])
def test_out_of_range_and_malformed_options_are_usage_errors(args):
    result = run(*args)
    assert result.exit_code == 2


def test_init_with_a_nan_amount_names_the_option_not_a_file(tmp_path):
    out = tmp_path / "t.yaml"
    result = run("init", "--jurisdiction", "maryland", "--casino", "X", "--minimum", "nan", "--maximum", "100",
                 "--no-interactive", "-o", out)
    assert result.exit_code == 2 and "--minimum" in result.output
    assert str(out) not in result.output and not out.exists()


def test_an_id_with_a_trailing_newline_does_not_match_an_id_pattern():
    from lit_compliance.load.schema_check import anchored as _anchored

    assert _anchored(r"^[a-z0-9][a-z0-9_-]*$").search("maryland")
    assert not _anchored(r"^[a-z0-9][a-z0-9_-]*$").search("maryland\n")


# --- ordinary conditions are not bugs ------------------------------------------------------------------


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "lit_compliance", "show", "maryland", "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=300) in (0, 141)
    assert b"Traceback" not in err and b"internal error" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_disk_is_reported_not_called_a_bug():
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "lit_compliance", "show", "maryland"], stdout=full,
                                stderr=subprocess.PIPE, timeout=300)
    assert result.returncode == 2
    assert b"No space left on device" in result.stderr and b"bug" not in result.stderr


def test_init_at_the_end_of_its_input_stops_cleanly_and_writes_nothing(tmp_path):
    out = tmp_path / "t.yaml"
    result = run("init", "--jurisdiction", "maryland", "--interactive", "-o", out, input="")
    assert result.exit_code == 2 and "input ended" in result.output and not out.exists()


# Interrupts, closed pipes and killed PDF runs: tests/test_interrupts.py (no timing, no skips).


def test_an_unreadable_ruleset_reference_is_a_clean_error(tmp_path, monkeypatch):
    """A reference into a directory we may not enter (simulated: the tests may run as root, whom
    permissions do not stop)."""
    import builtins
    import errno

    locked = tmp_path / "locked"
    locked.mkdir()
    ref = locked / "v1.yaml"
    ref.write_text((ROOT / "rulesets" / "tribal" / "v1.yaml").read_text(encoding="utf-8"), encoding="utf-8")

    def denied(path) -> bool:
        return str(locked) in os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else False

    real_stat, real_open = os.stat, builtins.open

    def stat(path, *a, **kw):
        if denied(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        return real_stat(path, *a, **kw)

    def open_(path, *a, **kw):
        if denied(path):
            raise PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))
        return real_open(path, *a, **kw)

    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(builtins, "open", open_)
    for args, status in ((("diff", "tribal", ref, "--no-house-edge"), 2),
                         (("check", EXAMPLES / "configs" / "tribal.yaml", "--ruleset", ref), 2),
                         (("validate", ref), 1)):  # validate's "no" is its answer: the file is not valid
        result = run(*args)
        assert result.exit_code == status, (args, result.output)
        assert "ermission denied" in result.output and str(ref) in result.output, (args, result.output)


# --- the math cache ------------------------------------------------------------------------------------


def _entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in (".json", ".npz"))


def test_an_edited_truncated_or_foreign_cache_entry_is_a_miss_not_an_answer(tmp_path):
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(tmp_path))
    fresh = cli("analyze", "tribal", "--format", "json", env=env).stdout
    jsons = [p for p in _entries(tmp_path) if p.suffix == ".json"]
    assert len(jsons) >= 2
    edited = jsons[0].read_bytes().replace(b"0.", b"9.", 1)
    jsons[0].write_bytes(edited)                               # checksum no longer holds
    jsons[1].write_bytes(jsons[1].read_bytes()[:40])           # truncated
    for npz in (p for p in _entries(tmp_path) if p.suffix == ".npz"):
        npz.write_bytes(b"not a cache entry")
    assert cli("analyze", "tribal", "--format", "json", env=env).stdout == fresh
    if len(jsons) >= 3:                                        # a valid entry under another key
        jsons[2].write_bytes(jsons[0].read_bytes())
    assert cli("analyze", "tribal", "--format", "json", env=env).stdout == fresh


def test_an_unwritable_cache_is_reported_once_and_the_command_still_answers(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(blocked / "cache"))
    result = cli("analyze", "tribal", env=env)
    assert result.returncode == 0 and b"HOUSE EDGE" in result.stdout
    assert result.stderr.count(b"cannot be written") == 1


TOP_LEVEL = list(yaml.safe_load((ROOT / "rulesets" / "maryland" / "v1.yaml").read_text(encoding="utf-8")))
WRONG_SHAPES = ("0", [], None, {"file": "x"})
# Every block with every wrong shape is the slow matrix (`-m slow`; each case is a whole validation of a
# ruleset, over a second of CPU). The default run tries each wrong shape once: `source: '0'` (the case
# the fuzz run found) and the other shapes on the blocks the engine reads most.
DEFAULT_SHAPES = {"source": "0", "wagers": [], "base_game": None, "table": {"file": "x"}}
SHAPE_CASES = [pytest.param(key, value, id=f"{key}-{type(value).__name__}",
                            marks=() if key in DEFAULT_SHAPES and DEFAULT_SHAPES[key] == value else pytest.mark.slow)
               for key in TOP_LEVEL for value in WRONG_SHAPES]


@pytest.mark.parametrize("key, value", SHAPE_CASES)
def test_any_top_level_block_of_the_wrong_shape_is_a_validation_error_not_a_crash(tmp_path, key, value):
    """Found by the long fuzz run: ``source: '0'`` crashed the validated-ruleset cache key."""
    data = yaml.safe_load((ROOT / "rulesets" / "maryland" / "v1.yaml").read_text(encoding="utf-8"))
    folder = tmp_path / "maryland"
    folder.mkdir()
    data[key] = value
    (folder / "v1.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder / "v1.yaml")])
    assert result.exit_code in (0, 1, 2) and "internal error" not in result.output, (key, value, result.output[-300:])
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_supplied_base_figure_that_is_not_whole_odds_is_said_not_crashed_on(tmp_path):
    """Found by the long fuzz run: NSW's supplied straight-flush figure set to 0.5 to 1 crashed
    the base-game pricing; check, par and placard now state that no edge can be given."""
    data = yaml.safe_load((ROOT / "examples" / "configs" / "nsw.yaml").read_text(encoding="utf-8"))
    data["wagers"][0]["supplied_figures"][0]["payout"]["value"] = 0.5
    data.pop("approvals")   # the example's approval of the 200 to 1 figure would (rightly) no longer cover it
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    checked = CliRunner().invoke(main, ["check", str(path)])
    assert checked.exit_code in (0, 1), checked.output
    assert "incomplete (not whole 'to 1' odds for: Straight flush" in checked.output
    for args in (["par", str(path), "--format", "json"], ["placard", str(path), "--format", "svg"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0 and "internal error" not in result.output, (args, result.output[-300:])
    sheet = json.loads(CliRunner().invoke(main, ["par", str(path), "--format", "json"]).output)
    assert "not whole 'to 1' odds for Straight flush" in json.dumps(sheet)
