"""Every surface clean (issue 23): one regression test per class the adversarial pass found.

(Signals, closed pipes, killed runs and ``-o -``: tests/test_interrupts.py. The cache:
tests/test_cache_trust.py.)
"""
from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from lit_compliance.cli import load_all, main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CONFIG = EXAMPLES / "configs" / "maryland.yaml"
UNSAFE = "\u0085\u009b\ufffe\u202e\u2066"  # C1 controls (NEL, CSI), a noncharacter, bidi override and isolate


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


# --- no output over an input ------------------------------------------------------------------------


def test_compare_never_writes_over_its_own_input_ruleset(tmp_path):
    draft = tmp_path / "draft.yaml"
    draft.write_bytes((ROOT / "rulesets" / "maryland" / "v1.yaml").read_bytes())
    before = draft.read_bytes()
    result = run("compare", "bets", "-j", draft, "-j", "nsw", "-o", draft)
    assert result.exit_code == 2 and "is an input of this command" in result.output
    assert draft.read_bytes() == before
    elsewhere = tmp_path / "compare.txt"
    assert run("compare", "bets", "-j", draft, "-o", elsewhere).exit_code == 0 and elsewhere.stat().st_size > 0


# --- numbers: NaN and infinities ----------------------------------------------------------------------


def _float_options():
    load_all()
    for name in sorted(main.commands):
        command = main.get_command(click.Context(main), name)  # conventions applied, as at run time
        for param in command.params:
            if isinstance(param.type, click.types.FloatParamType):
                yield name, command, param


FLOAT_OPTIONS = list(_float_options())


def test_the_commands_have_number_options_to_check():
    names = {(c, p.name) for c, _, p in FLOAT_OPTIONS}
    assert {("par", "bet"), ("par", "meter"), ("par", "rate"), ("par", "reset"), ("init", "minimum")} <= names


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("name, command, param", FLOAT_OPTIONS, ids=[f"{c}-{p.name}" for c, _, p in FLOAT_OPTIONS])
def test_every_number_option_refuses_nan_and_infinities(name, command, param, value):
    ctx = click.Context(command)
    with pytest.raises(click.BadParameter):
        param.process_value(ctx, value)
    assert param.process_value(ctx, 1.0) == 1.0  # a real number passes


@pytest.mark.parametrize("args", [
    ["par", "maryland", "--bet", "nan"], ["par", "maryland", "--meter", "nan"], ["par", "maryland", "--rate", "NaN"],
    ["par", "maryland", "--reset", "nan"], ["par", "maryland", "--bet", "inf"],
    ["init", "--jurisdiction", "maryland", "--minimum", "nan"], ["init", "--jurisdiction", "maryland", "--rate", "nan"],
    ["init", "--jurisdiction", "maryland", "--seed", "-inf"], ["init", "--jurisdiction", "maryland", "--reset", "nan"],
])
def test_nan_on_the_command_line_is_a_clear_usage_error(args):
    result = run(*args)
    assert result.exit_code == 2 and f"'{args[-2]}'" in result.output, result.output
    assert "NaN and infinities" in result.output or "range" in result.output


# --- money: an amount below a cent -----------------------------------------------------------------------
# Found by the long fuzz run: a wager minimum of 1e-300 dollars passed validation, and a fixed-dollar
# payout priced per unit of that stake overflowed a float in `check` (an internal error).


def _with(path: Path, tmp_path: Path, change) -> Path:
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    tmp_path.mkdir(exist_ok=True)
    out = tmp_path / path.name
    out.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return out


@pytest.mark.parametrize("amount", [1e-300, 0.001, 0])
def test_a_table_configuration_amount_below_a_cent_is_refused_with_its_place(tmp_path, amount):
    config = _with(CONFIG, tmp_path, lambda d: d["wagers"][1].__setitem__("minimum", amount))
    for command in ("check", "placard", "par"):
        result = run(command, config)
        assert result.exit_code == 2, result.output
        assert f"{config}:" in result.output and "wagers[1].minimum" in result.output and "0.01" in result.output


def test_a_round_file_bet_below_a_cent_is_refused_with_its_place(tmp_path):
    round_file = _with(EXAMPLES / "rounds" / "maryland-progressive-envy.yaml", tmp_path,
                       lambda d: d["players"][0].__setitem__("bet", 1e-300))
    result = run("settle", round_file)
    assert result.exit_code == 2 and "players[0].bet" in result.output and "0.01" in result.output


def test_a_proposed_paytable_stake_below_a_cent_is_refused_with_its_place(tmp_path):
    proposal = _with(EXAMPLES / "proposals" / "three-card-bonus.yaml", tmp_path, lambda d: d.update(
        stake=1e-300, lines=[{"hand": "straight_flush", "payout": {"kind": "fixed_amount", "value": 1000}}]))
    result = run("par", "--paytable-file", proposal)
    assert result.exit_code == 2 and "stake" in result.output and "0.01" in result.output
    ok = _with(proposal, tmp_path / "one-cent", lambda d: d.update(stake=0.01))
    assert run("par", "--paytable-file", ok).exit_code == 0


# --- integers the schema calls integers -------------------------------------------------------------------


def test_a_proposed_cover_all_for_three_point_zero_players_is_refused_at_validation(tmp_path):
    proposal = tmp_path / "cover-all.yaml"
    proposal.write_text("proposal_version: 1\nwager: cover_all\nname: Proposed\nplayers: 3.0\nlines:\n"
                        "  - {hand: royal_flush, payout: {kind: to_one, value: 100}}\n"
                        "  - {hand: flush, payout: {kind: to_one, value: 10}}\n", encoding="utf-8")
    result = run("par", "--paytable-file", proposal)
    assert result.exit_code == 2, result.output
    assert f"{proposal}:4:" in result.output and "players" in result.output and "integer" in result.output
    proposal.write_text(proposal.read_text(encoding="utf-8").replace("players: 3.0", "players: 3"), encoding="utf-8")
    assert run("par", "--paytable-file", proposal).exit_code == 0


def test_the_schema_check_and_jsonschema_agree_that_three_point_zero_is_not_an_integer():
    from lit_compliance.load.schema_check import compile_schema
    from lit_compliance.load.validation import strict_validator_class

    rule = {"type": "integer"}
    assert compile_schema(rule)(3.0) is False and strict_validator_class()(rule).is_valid(3.0) is False
    assert compile_schema(rule)(3) is True and strict_validator_class()(rule).is_valid(3) is True


# --- empty or unknown filters -------------------------------------------------------------------------------


@pytest.mark.parametrize("args, choice", [
    (["analyze", "maryland", "--wager", ""], "three-card-bonus"),
    (["par", "maryland", "--wager", ""], "three-card-bonus"),
    (["par", CONFIG, "--wager", ""], "three-card-bonus"),
    (["par", CONFIG, "--wager", "nope"], "three-card-bonus"),
    (["deal-plan", "maryland", "--method", ""], "manual_shoe"),
    (["check", CONFIG, "--ruleset", ""], "south-dakota"),
    (["compare", "bets", "-j", ""], "south-dakota"),
    (["init", "--jurisdiction", ""], "south-dakota"),
    (["evaluate", "As", "Ks", "Qs", "--jurisdiction", ""], "south-dakota"),
])
def test_an_empty_or_unknown_filter_is_an_error_naming_the_choices(args, choice):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert choice in result.output


def test_par_of_a_configuration_with_paytable_is_an_error_not_ignored():
    result = run("par", CONFIG, "--paytable", "a")
    assert result.exit_code == 2 and "--paytable" in result.output


def test_init_wager_limit_for_a_wager_not_offered_is_an_error(tmp_path):
    out = tmp_path / "table.yaml"
    base = ["init", "--jurisdiction", "maryland", "--casino", "X", "--minimum", "5", "--maximum", "50",
            "--wager", "base=a", "--dealing-method", "manual_shoe", "-o", out]
    result = run(*base, "--wager-limit", "three-card-bonus=1:5")
    assert result.exit_code == 2 and "does not offer three-card-bonus" in result.output and not out.exists()
    result = run(*base, "--wager-limit", "nope=1:5")
    assert result.exit_code == 2 and "three-card-bonus" in result.output and not out.exists()
    result = run(*base, "--wager", "three-card-bonus=a", "--wager-limit", "three-card-bonus=1:5")
    assert result.exit_code == 0, result.output
    assert "three-card-bonus" in out.read_text(encoding="utf-8")


# --- characters no output carries raw --------------------------------------------------------------------


@pytest.fixture
def hostile_config(tmp_path):
    cfg = tmp_path / "cfg.yaml"
    escaped = "".join(f"\\u{ord(c):04x}" for c in UNSAFE)
    text = CONFIG.read_text(encoding="utf-8")
    cfg.write_text("\n".join(f'casino: "Casino {escaped} end"' if ln.startswith("casino:") else ln
                             for ln in text.splitlines()) + "\n", encoding="utf-8")
    return cfg


def test_json_output_escapes_c1_controls_noncharacters_and_bidi_overrides(hostile_config):
    result = run("check", hostile_config, "--format", "json")
    assert result.exit_code == 0, result.output
    assert not any(c in result.output for c in UNSAFE)
    assert json.loads(result.output)["casino"] == f"Casino {UNSAFE} end"  # the same string, escaped


def test_text_output_escapes_c1_controls_noncharacters_and_bidi_overrides(hostile_config):
    result = run("check", hostile_config)
    assert result.exit_code == 0, result.output
    assert not any(c in result.output for c in UNSAFE)
    assert "Casino \\u0085\\u009b\\ufffe\\u202e\\u2066 end" in result.output


def test_the_escaping_is_the_one_visible_layer():
    from lit_compliance.output.text_safety import json_text, visible

    for c in UNSAFE:
        assert visible(f"a{c}b") == f"a\\u{ord(c):04x}b"
        assert json.loads(json_text(json.dumps(f"a{c}b", ensure_ascii=False))) == f"a{c}b"
    assert visible("plain, tab\tand line\n") == "plain, tab\tand line\n"


# --- located messages name their field --------------------------------------------------------------------


@pytest.mark.parametrize("line, replacement, field", [
    ("ruleset_version:", "ruleset_version: v9", "ruleset_version"),
    ("jurisdiction:", "jurisdiction: atlantis", "jurisdiction"),
])
def test_a_configuration_naming_no_catalogued_ruleset_is_located_with_its_field(tmp_path, line, replacement, field):
    cfg = tmp_path / "cfg.yaml"
    lines = CONFIG.read_text(encoding="utf-8").splitlines()
    number = next(i for i, ln in enumerate(lines, 1) if ln.startswith(line))
    lines[number - 1] = replacement
    cfg.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("check", cfg)
    assert result.exit_code == 2 and f"{cfg}:{number}:1: {field}: " in result.output, result.output


def test_a_ruleset_override_of_another_jurisdiction_is_located_with_its_field():
    result = run("check", CONFIG, "--ruleset", "nsw")
    assert result.exit_code == 2 and f"{CONFIG}:" in result.output and ": jurisdiction: the configuration names" in result.output


# --- a source's clause numbering that names a level it does not describe -------------------------------
# Found by the long fuzz run (mutated rulesets, example 8,900 or so): NSW's source.clauses.units[2].level
# set to 3, with three levels described, ended in an internal error (IndexError) in the clause parser.


@pytest.mark.parametrize("level", [3, 7])
def test_a_clause_unit_at_a_level_the_ruleset_does_not_describe_is_a_located_problem(tmp_path, level):
    ruleset = _with(ROOT / "rulesets" / "nsw" / "v1.yaml", tmp_path / "nsw",
                    lambda d: d["source"]["clauses"]["units"][2].__setitem__("level", level))
    result = run("validate", ruleset)
    assert result.exit_code == 1, result.output
    assert f"{ruleset}:" in result.output and "source.clauses.units[2].level" in result.output
    assert f"level {level} is not one of the 3 levels" in result.output
