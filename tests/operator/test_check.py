"""`lit-compliance check` and `init`: table configurations against their rulesets.

The examples under examples/configs are the fixtures: one compliant table per jurisdiction, and
non-compliant ones that between them give every kind of finding. Ruleset-driven behaviour is
shown on variants of tests/fixtures/valid/minimal.yaml, so that the checks are seen to follow
ruleset fields and not jurisdiction names.
"""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.operator.checks import CHECK_KINDS, ERROR, WARNING, check
from lit_compliance.table.configured import net_per_unit
from lit_compliance.load.strict_yaml import InputError
from lit_compliance.table.config import digest, load_config, load_config_text, ruleset_for
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"
NONCOMPLIANT = sorted(EXAMPLES.glob("noncompliant-*.yaml"))
MINIMAL = ROOT / "tests" / "fixtures" / "valid" / "minimal.yaml"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def report_for(path: Path):
    config = load_config(path)
    return check(ruleset_for(config), config)


def kinds(report) -> set[str]:
    return {f.kind for f in report.findings}


# --- the examples ------------------------------------------------------------------------------


def test_there_is_a_compliant_example_for_every_bundled_jurisdiction(catalogue):
    assert sorted(catalogue.jurisdictions) == sorted(COMPLIANT)
    for jid in COMPLIANT:
        assert load_config(EXAMPLES / f"{jid}.yaml").jurisdiction == jid


@pytest.mark.parametrize("jid", COMPLIANT)
def test_compliant_example_passes_check_with_exit_0(jid):
    result = run("check", EXAMPLES / f"{jid}.yaml")
    assert result.exit_code == 0, result.output
    assert "complies" in result.output.splitlines()[0]
    assert "does NOT comply" not in result.output
    assert not report_for(EXAMPLES / f"{jid}.yaml").errors


@pytest.mark.parametrize("path", NONCOMPLIANT, ids=lambda p: p.stem)
def test_noncompliant_example_fails_check_with_exit_1(path):
    result = run("check", path)
    assert result.exit_code == 1, result.output
    assert "does NOT comply" in result.output


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_strict_fails_exactly_the_noncompliant_examples(path):
    """--strict means "something to fix": every compliant example passes it (the warnings they
    get are handled by the placard, need an approval, or are the regulation's own), every
    non-compliant one fails it."""
    result = run("check", path, "--strict")
    assert result.exit_code == (1 if path.stem.startswith("noncompliant-") else 0), result.output


def test_strict_fails_on_a_warning_that_is_something_to_fix(tmp_path):
    """A payout limit no rule provides for is a warning to fix (remove it): --strict fails on it,
    plain check does not; its JSON finding says so."""
    import json

    data = yaml.safe_load((EXAMPLES / "south-dakota.yaml").read_text())
    data["payout_limit"] = 50000
    path = tmp_path / "sd.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    assert run("check", path).exit_code == 0
    assert run("check", path, "--strict").exit_code == 1
    found = json.loads(run("check", path, "--format", "json").output)["findings"]
    assert [f["to_fix"] for f in found if f["kind"] == "payout_limit_not_provided"] == [True]
    assert all(CHECK_KINDS[k].severity == WARNING for k, kind in CHECK_KINDS.items() if not kind.to_fix)


def test_noncompliant_examples_show_every_kind_of_error():
    seen = set().union(*(kinds(report_for(p)) for p in NONCOMPLIANT))
    errors = {k for k, (severity, *_) in CHECK_KINDS.items() if severity == ERROR}
    # asked only of a configuration with no other error, and no real schedule overflows its sheet:
    # shown by test_check_refuses_a_sign_size_the_schedule_cannot_fit_as_placard_would
    alone = {"sign_does_not_fit"}
    assert errors - seen == alone


def test_examples_show_every_kind_of_warning():
    every = [EXAMPLES / f"{j}.yaml" for j in COMPLIANT] + NONCOMPLIANT
    seen = set().union(*({f.kind for f in report_for(p).warnings} for p in every))
    warnings = {k for k, (severity, *_) in CHECK_KINDS.items() if severity == WARNING}
    assert warnings - seen == set()


def test_noncompliant_maryland_shows_every_kind_marylands_rules_can_give():
    got = kinds(report_for(EXAMPLES / "noncompliant-maryland.yaml"))
    assert {"wager_not_offered", "required_wager_missing", "prerequisite_wager_missing", "paytable_not_permitted",
            "paytable_not_chosen", "progressive_settings", "reset_below_minimum", "envy_mismatch",
            "dealing_method_not_permitted", "too_many_seats", "ruleset_finding"} <= got


def test_each_finding_is_located_and_cited():
    report = report_for(EXAMPLES / "noncompliant-maryland.yaml")
    by_kind = {}
    for f in report.findings:
        by_kind.setdefault(f.kind, []).append(f)
    seed = [f for f in by_kind["reset_below_minimum"] if f.path.endswith("seed")][0]
    assert (seed.line, seed.path, seed.cite) == (24, "wagers[3].progressive.seed", "COMAR 36.05.18.12F-G")
    assert "$500" in seed.message and "$1,000" in seed.message
    seats = by_kind["too_many_seats"][0]
    assert (seats.line, seats.column, seats.cite) == (14, 1, "COMAR 36.05.18.02A(1)")
    envy = by_kind["envy_mismatch"][0]
    assert envy.path == "wagers[3].envy[0].amount" and "$1,000" in envy.message
    assert by_kind["paytable_not_permitted"][0].cite == "COMAR 36.05.18.12B"
    assert all(f.cite for f in report.findings)


def test_check_text_output_gives_file_line_column_kind_and_citation():
    result = run("check", EXAMPLES / "noncompliant-maryland.yaml")
    assert ("examples/configs/noncompliant-maryland.yaml:14:1: seats: error [too-many-seats]: "
            "8 player positions; the rules allow at most 7") in result.output
    assert "    cite: COMAR 36.05.18.02A(1)" in result.output


def test_check_json_output_lists_findings():
    import json

    result = run("check", EXAMPLES / "noncompliant-tribal.yaml", "--format", "json")
    data = json.loads(result.output)
    assert data["compliant"] is False and data["ruleset_ref"] == "tribal@v1"
    floor = [f for f in data["findings"] if f["kind"] == "payout_limit_below_floor"][0]
    assert "$7,500" in floor["message"] and floor["cite"].startswith("Section 12(e)(3)")


def test_below_minimum_odds_compares_for_odds_by_their_net_win():
    report = report_for(EXAMPLES / "noncompliant-tribal.yaml")
    lows = {f.path: f.message for f in report.findings if f.kind == "below_minimum_odds"}
    assert set(lows) == {"wagers[0].custom_paytable.lines[0].payout", "wagers[0].custom_paytable.lines[4].payout"}
    assert "8 for 1, less than the minimum 8 to 1" in lows["wagers[0].custom_paytable.lines[4].payout"]


def test_payout_limit_floor_is_bets_times_minimum_times_top_odds():
    report = report_for(EXAMPLES / "tribal.yaml")  # 3 x $5 x 1,000 = $15,000 <= $50,000
    assert "payout_limit_below_floor" not in kinds(report)
    report = report_for(EXAMPLES / "noncompliant-tribal.yaml")  # 3 x $5 x 500 = $7,500 > $5,000
    assert "payout_limit_below_floor" in kinds(report)


def test_stake_mismatch_is_reported_once_per_bound():
    report = report_for(EXAMPLES / "noncompliant-tribal.yaml")
    assert [f.path for f in report.findings if f.kind == "stake_mismatch"] == ["wagers[1].maximum"]


def test_combined_limit_counts_three_base_bets_and_side_maximums():
    report = report_for(EXAMPLES / "noncompliant-south-dakota.yaml")
    (finding,) = [f for f in report.findings if f.kind == "combined_limit_exceeded"]
    assert "$325" in finding.message and finding.cite == "ARSD 20:18:16:15.03(13)"
    assert "combined_limit_exceeded" not in kinds(report_for(EXAMPLES / "south-dakota.yaml"))  # $96


def test_ruleset_finding_on_a_chosen_paytable_line_is_a_warning_with_its_id():
    report = report_for(EXAMPLES / "maryland.yaml")
    ids = {f.finding_id for f in report.warnings if f.kind == "ruleset_finding"}
    assert {"md-base-flush-shall-is", "md-base-pair-jack-singular"} <= ids
    # Paytable C has no flush finding: choosing it must not report one.
    text = (EXAMPLES / "maryland.yaml").read_text().replace("- wager: base\n    paytable: a", "- wager: base\n    paytable: c")
    config = load_config_text(text, "maryland-c.yaml")
    ids = {f.finding_id for f in check(ruleset_for(config), config).warnings}
    assert "md-base-flush-shall-is" not in ids and "md-base-pair-jack-singular" in ids


def test_missing_figures_in_a_fixed_paytable_are_warnings_not_errors():
    report = report_for(EXAMPLES / "nsw.yaml")
    ids = {f.finding_id for f in report.warnings}
    assert {"nsw-r10-1-straight-flush-odds-missing", "nsw-r10-1-two-pair-odds-missing"} <= ids
    assert report.compliant


def test_custom_paytable_is_refused_where_the_operator_must_choose_one():
    text = (EXAMPLES / "maryland.yaml").read_text().replace(
        "- wager: base\n    paytable: a",
        "- wager: base\n    custom_paytable:\n      name: Mine\n      lines:\n"
        "        - {hand: royal_flush, payout: {kind: to_one, value: 2000}}")
    config = load_config_text(text, "custom.yaml")
    (finding,) = [f for f in check(ruleset_for(config), config).errors if f.kind == "paytable_not_permitted"]
    assert "choose one" in finding.message or "must be one of" in finding.message


def test_net_win_of_for_odds_is_one_less():
    assert net_per_unit({"kind": "for_one", "value": 300}, None) == 299
    assert net_per_unit({"kind": "to_one", "value": 300}, None) == 300
    # a fixed amount is the whole sum paid on a wager collected before the deal: $25 on $5 nets $20
    assert net_per_unit({"kind": "fixed_amount", "value": 25}, 5) == 4
    assert net_per_unit({"kind": "fixed_amount", "value": 25}, None) is None


# --- checks follow ruleset fields, not names ----------------------------------------------------


def _variant(tmp_path: Path, change) -> Path:
    data = yaml.safe_load(MINIMAL.read_text())
    change(data)
    path = tmp_path / "variant.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _config(tmp_path: Path, **extra) -> Path:
    data = {"config_version": 1, "casino": "Test Casino", "jurisdiction": "testland", "ruleset_version": "v1",
            "limits": {"minimum": 10, "maximum": 100}, "dealing_method": "hand", "seats": 7,
            "wagers": [{"wager": "base", "paytable": "a"}]}
    data.update(extra)
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _kinds_with(tmp_path, change, **extra) -> set[str]:
    rules = _variant(tmp_path, change)
    config = load_config(_config(tmp_path, **extra))
    return kinds(check(ruleset_for(config, override=str(rules)), config))


def test_a_plain_ruleset_and_plain_table_comply(tmp_path):
    assert _kinds_with(tmp_path, lambda d: None) == set()


def test_combined_limit_check_appears_only_with_the_ruleset_rule(tmp_path):
    rule = {"id": "combined", "rule": "combined_wagers_within_table_limit", "wagers": ["base"], "cite": "T 11"}
    assert "combined_limit_exceeded" not in _kinds_with(tmp_path, lambda d: None)
    assert "combined_limit_exceeded" in _kinds_with(tmp_path, lambda d: d["table_limits"].append(rule))


def test_payout_floor_appears_only_with_the_ruleset_floor(tmp_path):
    def floor(d):
        d["payout_limits"].append({"id": "cap", "applies_to": ["base"], "set_by": "operator",
                                   "floor": {"kind": "max_base_win_at_table_minimum", "cite": "T 12"},
                                   "cite": "T 12"})
    assert "payout_limit_below_floor" in _kinds_with(tmp_path, floor, payout_limit=29999)  # 3 x 10 x 1,000
    assert "payout_limit_below_floor" not in _kinds_with(tmp_path, floor, payout_limit=30000)
    assert _kinds_with(tmp_path, lambda d: None, payout_limit=100) == {"payout_limit_not_provided"}


def test_seat_limit_comes_from_max_positions(tmp_path):
    def six(d):
        d["table"]["max_positions"]["value"] = 6
    assert "too_many_seats" in _kinds_with(tmp_path, six)
    assert "too_many_seats" not in _kinds_with(tmp_path, six, seats=6)


def test_minimum_rule_accepts_better_house_odds_and_refuses_worse(tmp_path):
    def floor_rule(d):
        d["wagers"][0]["selection"]["rule"] = "minimum"
    lines = [{"hand": "royal_flush", "payout": {"kind": "to_one", "value": 2000}}] + [
        {"hand": h, "payout": {"kind": "to_one", "value": v}} for h, v in
        [("straight_flush", 200), ("four_of_a_kind", 50), ("full_house", 11), ("flush", 8), ("straight", 5),
         ("three_of_a_kind", 3), ("two_pair", 2), ("pair_tens_or_better", 1)]]
    better = [{"wager": "base", "custom_paytable": {"name": "House", "lines": lines}}]
    assert _kinds_with(tmp_path, floor_rule, wagers=better) == set()
    worse = copy.deepcopy(better)
    worse[0]["custom_paytable"]["lines"][1]["payout"]["value"] = 199
    assert _kinds_with(tmp_path, floor_rule, wagers=worse) == {"below_minimum_odds"}
    assert _kinds_with(tmp_path, lambda d: None, wagers=better) == {"paytable_not_permitted"}


def test_ruleset_override_must_match_the_configured_version(tmp_path):
    result = run("check", EXAMPLES / "maryland.yaml", "--ruleset", "tribal")
    assert result.exit_code == 2
    assert "names maryland@v1, but the ruleset given is tribal@v1" in result.output


# --- bad configuration files ---------------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("config_version: 1\ncasino: X\n", "missing required field 'jurisdiction'"),
    ("- just\n- a list\n", "the top level must be a mapping"),
    ("config_version: 1\ncasino: X\njurisdiction: maryland\nruleset_version: v1\n"
     "limits: {minimum: 10, maximum: 500, average: 50}\nwagers: [{wager: base, paytable: a}]\n"
     "dealing_method: hand\nseats: 7\n", "5:37: limits.average: unknown field 'average'"),
    ("config_version: 1\ncasino: X\njurisdiction: maryland\nruleset_version: v1\n"
     "limits: {minimum: 600, maximum: 500}\nwagers: [{wager: base, paytable: a}]\n"
     "dealing_method: hand\nseats: 7\n", "5:10: limits.minimum: the table minimum 600 is above the maximum 500"),
    ("config_version: 1\ncasino: X\njurisdiction: maryland\nruleset_version: v1\n"
     "limits: {minimum: 10, maximum: 500}\nwagers:\n  - {wager: base, paytable: a}\n  - {wager: base, paytable: b}\n"
     "dealing_method: hand\nseats: 7\n", "8:6: wagers[1].wager: wager 'base' is listed twice"),
    ("config_version: 1\ncasino: X\njurisdiction: maryland\nruleset_version: v1\n"
     "limits: {minimum: 10, maximum: 500}\nwagers: [{wager: base, paytable: a}]\n"
     "dealing_method: hand\nseats: no\n", "seats: expected integer, got str 'no'"),
    ("config_version: 1\ncasino: X\ncasino: Y\n", "3:1: casino: duplicate key 'casino'"),
])
def test_bad_configuration_gives_one_located_message_and_exit_2(tmp_path, text, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    result = run("check", path)
    assert result.exit_code == 2
    assert expected in result.output
    assert "Traceback" not in result.output
    with pytest.raises(InputError):
        load_config(path)


def test_unknown_ruleset_version_is_located_in_the_config(tmp_path):
    text = (EXAMPLES / "tribal.yaml").read_text().replace("ruleset_version: v1", "ruleset_version: v9")
    path = tmp_path / "t.yaml"
    path.write_text(text)
    result = run("check", path)
    assert result.exit_code == 2 and ":7:1: ruleset_version: tribal has no version 'v9'" in result.output


def test_missing_config_file_is_a_clean_error(tmp_path):
    result = run("check", tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "file not found" in result.output


# --- digest -------------------------------------------------------------------------------------


def test_digest_ignores_comments_and_layout_but_not_values(tmp_path):
    path = EXAMPLES / "tribal.yaml"
    config = load_config(path)
    rs = ruleset_for(config)
    first = digest(rs, config)
    assert len(first) == 12 and int(first, 16) >= 0
    reformatted = load_config_text("# another comment\n" + path.read_text().replace("{minimum: 5, maximum: 200}",
                                                                                   "\n  minimum: 5\n  maximum: 200"),
                                   "x.yaml")
    assert digest(rs, reformatted) == first
    changed = load_config_text(path.read_text().replace("maximum: 200", "maximum: 250"), "y.yaml")
    assert digest(rs, changed) != first


# --- init ---------------------------------------------------------------------------------------


def test_init_writes_a_valid_compliant_config_without_prompting(tmp_path):
    out = tmp_path / "md.yaml"
    result = run("init", "--no-interactive", "--jurisdiction", "maryland", "--casino", "Bay <Casino>",
                 "--minimum", "10", "--maximum", "500", "--payout-limit", "100000", "--wager", "base=b",
                 "--wager", "progressive=a", "--seed", "2000", "--rate", "12.5", "--dealing-method", "hand",
                 "--accept-flagged", "--output", out)
    assert result.exit_code == 0, result.output
    assert "complies" in result.output
    config = load_config(out)
    assert config.data["casino"] == "Bay <Casino>"
    assert config.data["wagers"] == [
        {"wager": "base", "paytable": "b"},
        {"wager": "progressive", "paytable": "a", "progressive": {"seed": 2000, "reset": 2000, "rate_percent": 12.5}}]
    assert config.data["seats"] == 7  # the ruleset's maximum
    # what the math flags in progressive Paytable A, accepted on the command line and recorded
    flags = check(ruleset_for(config), config).flags
    assert flags and config.data["accepted_math_flags"] == [f["id"] for f in flags]
    assert run("check", out, "--strict").exit_code == 0


def test_init_names_every_missing_option_and_writes_nothing(tmp_path):
    out = tmp_path / "x.yaml"
    result = run("init", "--no-interactive", "--jurisdiction", "maryland", "--wager", "base=a", "--output", out)
    assert result.exit_code == 2
    assert "--casino" in result.output and "--minimum" in result.output and "--dealing-method" in result.output
    assert not out.exists()


def test_init_refuses_a_paytable_the_ruleset_does_not_have(tmp_path):
    result = run("init", "--no-interactive", "--jurisdiction", "maryland", "--casino", "C", "--minimum", "5",
                 "--maximum", "50", "--wager", "base=z", "--dealing-method", "hand", "--output", tmp_path / "x.yaml")
    assert result.exit_code == 2 and "not a paytable of base (a, b, c)" in result.output


def test_init_will_not_overwrite_without_force(tmp_path):
    out = tmp_path / "x.yaml"
    out.write_text("keep me\n")
    args = ["init", "--no-interactive", "--jurisdiction", "tribal", "--casino", "C", "--minimum", "5",
            "--maximum", "50", "--dealing-method", "hand", "--seats", "6", "--output", out]
    assert run(*args).exit_code == 2 and out.read_text() == "keep me\n"
    assert run(*args, "--force").exit_code == 0 and load_config(out).data["seats"] == 6


def test_init_interactively_asks_and_writes(tmp_path):
    out = tmp_path / "i.yaml"
    answers = "\n".join([
        "Dakota Club",      # casino
        "",                 # table label
        "5", "100",         # minimum, maximum
        "none",             # payout limit
        "hand",             # dealing method
        "6",                # seats
        "letter",           # sign size
        "40",               # most on each base bet: 3 x $40 is above the $100 table limit (ARSD (13)), refused
        "",                 # the default: a third of the table limit
        "a",                # base paytable
        "n", "n", "n",      # bonus, three card bonus, progressive
    ]) + "\n"
    result = run("init", "--interactive", "--jurisdiction", "south-dakota", "--ruleset-version", "2017-04-17",
                 "--output", out, input=answers)
    assert result.exit_code == 0, result.output
    assert "would reach $120, above the table limit of $100" in result.output and "complies" in result.output
    config = load_config(out)
    assert config.data["wagers"] == [{"wager": "base", "paytable": "a", "maximum": 33.33}]
    assert config.data["casino"] == "Dakota Club" and config.data["payout_limit"] is None


def test_a_line_pointing_at_several_findings_warns_about_each(tmp_path):
    def two_findings(d):
        for fid in ("f-one", "f-two"):
            d["findings"].append({"id": fid, "kind": "ambiguous", "cite": "T 7", "says": "s", "problem": f"{fid} problem",
                                  "recorded_as": "r"})
        d["wagers"][0]["paytables"][0]["lines"][4]["payout"]["finding"] = ["f-one", "f-two"]
    rules = _variant(tmp_path, two_findings)
    config = load_config(_config(tmp_path))
    report = check(ruleset_for(config, override=str(rules)), config)
    found = {f.finding_id: f for f in report.warnings}
    assert set(found) == {"f-one", "f-two"}
    assert "Paytable A: Flush" in found["f-two"].message and "f-two problem" in found["f-two"].message
    assert report.compliant


# --- readings in the configuration (issue 9) --------------------------------------------------------


def test_check_reports_every_reading_in_force_for_the_configured_wagers():
    config = load_config(EXAMPLES / "south-dakota.yaml")
    report = check(ruleset_for(config), config)
    in_force = {(g["finding"], g["reading"]) for g in report.readings}
    assert ("sd-side-bets-collected-before-deal", "to-one-as-printed") in in_force
    assert all(g["default"] and not g["chosen"] for g in report.readings)


def test_a_reading_the_rules_do_not_leave_to_the_operator_is_refused_where_it_is_chosen():
    config = load_config(EXAMPLES / "noncompliant-south-dakota.yaml")
    (refused,) = [f for f in check(ruleset_for(config), config).errors if f.kind == "reading_not_permitted"]
    assert refused.path == "readings.sd-side-bets-collected-before-deal"
    assert "stake-kept" in refused.message


def test_a_reading_the_operator_may_choose_is_applied_and_reported(tmp_path):
    """A ruleset whose reading is marked operator_may_choose: the configuration's choice is in force."""
    from lit_compliance.load.catalogue import load_ruleset

    folder = tmp_path / "south-dakota"
    folder.mkdir()
    src = ROOT / "rulesets" / "south-dakota" / "2017-04-17.yaml"
    text = src.read_text().replace(
        "      - id: stake-kept\n        default: false\n",
        "      - id: stake-kept\n        default: false\n        operator_may_choose: true\n")
    (folder / "2017-04-17.yaml").write_text(text)
    rs = load_ruleset(folder / "2017-04-17.yaml")
    data = yaml.safe_load((EXAMPLES / "south-dakota.yaml").read_text())
    data["readings"] = {"sd-side-bets-collected-before-deal": "stake-kept"}
    cfg_file = tmp_path / "table.yaml"
    cfg_file.write_text(yaml.safe_dump(data))
    config = load_config(cfg_file)
    report = check(rs, config)
    assert not [f for f in report.findings if f.kind == "reading_not_permitted"]
    (chosen,) = [g for g in report.readings if g["finding"] == "sd-side-bets-collected-before-deal"]
    assert chosen["reading"] == "stake-kept" and chosen["chosen"] and not chosen["default"]


def test_an_award_above_the_payout_limit_is_flagged_and_the_placard_states_the_cap():
    """Maryland example: $100,000 per-hand limit (COMAR 36.05.18.02B(10)) against meter awards and the royal."""
    config = load_config(EXAMPLES / "maryland.yaml")
    rs = ruleset_for(config)
    limit = config.data["payout_limit"]
    flagged = [f for f in check(rs, config).warnings if f.kind == "award_above_payout_limit"]
    assert any("meter" in f.message for f in flagged)
    base = next(c for c in config.data["wagers"] if c["wager"] == "base")
    top = base.get("maximum", config.data["limits"]["maximum"])
    royal = next(ln for w in rs.data["wagers"] if w["id"] == "base" for t in w["paytables"]
                 if t["id"] == base["paytable"] for ln in t["lines"] if ln["hand"] == "royal_flush")
    assert (royal["payout"]["value"] * top > limit) == any("Royal flush can win" in f.message for f in flagged)
    from lit_compliance.sign.placard import placard_view

    view = placard_view(rs, config)
    assert any("Payouts are limited to" in n["text"] for n in view["notes"])


def test_check_groups_findings_and_strict_fails_only_on_what_the_operator_can_act_on(tmp_path):
    config = EXAMPLES / "tribal.yaml"
    report = check(ruleset_for(load_config(config)), load_config(config))
    assert report.regulation_defects and all(f.kind == "ruleset_finding" for f in report.regulation_defects)
    assert set(report.should_know) | set(report.regulation_defects) == set(report.warnings)
    text = run("check", config).output
    assert f"The regulation's own defects that touch this table: {len(report.regulation_defects)}" in text
    assert "[ruleset-finding]" not in text                               # counted, not listed
    assert "[ruleset-finding]" in run("check", config, "--verbose").output
    strict = run("check", config, "--strict")
    assert report.should_know and not report.to_fix   # the placard states the cap: nothing to fix
    assert strict.exit_code == 0


def test_check_reports_the_house_edge_of_each_configured_paytable():
    from lit_compliance.gamemath import paytable_result

    config = load_config(EXAMPLES / "maryland.yaml")
    rs = ruleset_for(config)
    edges = {(e["wager"], e["paytable"]): e["house_edge"] for e in check(rs, config).edges}
    base = next(c for c in config.data["wagers"] if c["wager"] == "base")
    assert edges[("base", base["paytable"])] == float(paytable_result(rs, "base", base["paytable"]).house_edge)


def test_a_line_without_a_figure_and_none_supplied_cannot_be_offered(tmp_path):
    """NSW r 10.1 lost four figures: without supplied figures the base game cannot be signed."""
    data = yaml.safe_load((EXAMPLES / "nsw.yaml").read_text())
    supplied = data["wagers"][0].pop("supplied_figures")
    path = tmp_path / "nsw.yaml"
    path.write_text(yaml.safe_dump(data))
    config = load_config(path)
    report = check(ruleset_for(config), config)
    missing = [f for f in report.errors if f.kind == "figure_missing"]
    rs_lines = [ln for w in ruleset_for(config).data["wagers"] for t in w["paytables"] for ln in t["lines"]
                if ln["payout"].get("value") is None and ln["payout"]["kind"] != "not_offered"]
    assert len(missing) == len(rs_lines) == len(supplied) and not report.compliant


def test_supplied_figures_need_the_regulators_approval_and_unneeded_ones_are_refused(tmp_path):
    data = yaml.safe_load((EXAMPLES / "nsw.yaml").read_text())
    del data["approvals"]   # the example records approvals of them: without, each needs one
    (tmp_path / "unapproved.yaml").write_text(yaml.safe_dump(data))
    config = load_config(tmp_path / "unapproved.yaml")
    report = check(ruleset_for(config), config)
    approvals = [f for f in report.warnings if f.kind == "needs_approval" and "supplied_figures" in f.path]
    assert len(approvals) == len(config.data["wagers"][0]["supplied_figures"]) and report.compliant
    data["wagers"][0]["supplied_figures"].append({"hand": "royal_flush", "payout": {"kind": "to_one", "value": 5000}})
    path = tmp_path / "nsw.yaml"
    path.write_text(yaml.safe_dump(data))
    config = load_config(path)
    assert "supplied_figure_not_needed" in {f.kind for f in check(ruleset_for(config), config).errors}


@pytest.mark.parametrize("config", sorted(p for p in EXAMPLES.glob("*.yaml") if not p.name.startswith("noncompliant")),
                         ids=lambda p: p.stem)
def test_no_placard_has_a_not_stated_cell_or_an_uncapped_award_above_the_limit(config):
    from lit_compliance.sign.placard import placard_view

    cfg = load_config(config)
    rs = ruleset_for(cfg)
    assert check(rs, cfg).compliant
    view = placard_view(rs, cfg)
    cells = [r["pays"] for w in view["wagers"] for t in w["tables"] for r in t["rows"]]
    cells += [c for w in view["wagers"] if w["matrix"] for r in w["matrix"]["rows"] for c in r["cells"]]
    assert cells and not [c for c in cells if "not stated" in c]
    over = [f for f in check(rs, cfg).warnings if f.kind == "award_above_payout_limit"]
    if over:
        assert any("Payouts are limited to" in n["text"] for n in view["notes"])


def _init(tmp_path, answers: list[str], jurisdiction="south-dakota"):
    out = tmp_path / "i.yaml"
    result = run("init", "--interactive", "--jurisdiction", jurisdiction, "--output", out,
                 input="\n".join(answers) + "\n")
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result, out


def test_init_re_asks_a_bad_amount_and_accepts_a_dollar_sign(tmp_path):
    result, out = _init(tmp_path, ["Dakota Club", "", "abc", "$10", "100", "none", "hand", "6", "letter", "30", "a",
                                   "n", "n", "n"])
    assert result.exit_code == 0, result.output
    assert "please answer again" in result.output
    assert load_config(out).data["limits"]["minimum"] == 10


def test_init_re_asks_a_maximum_below_the_minimum_keeping_earlier_answers(tmp_path):
    result, out = _init(tmp_path, ["Dakota Club", "", "50", "20", "500", "none", "hand", "6", "letter", "", "a",
                                   "n", "n", "n"])
    assert result.exit_code == 0, result.output
    assert "below the minimum" in result.output
    data = load_config(out).data
    assert data["limits"] == {"minimum": 50, "maximum": 500} and data["casino"] == "Dakota Club"


def test_init_re_asks_a_meter_seed_below_the_rules_floor(tmp_path):
    rs = Catalogue_latest("maryland")
    progressive = next(w for w in rs.data["wagers"] if w["id"] == "progressive")
    floor = progressive["meter"]["reset_minimum"]
    assert floor
    answers = ["Chesapeake", "", "10", "500", "none", "manual_shoe", "7", "letter", "a",
               "n", "n", "n", "y", "", "", str(floor // 2), str(floor), str(floor), "2", "a"]
    result, out = _init(tmp_path, answers, "maryland")
    assert "below the least the rules allow" in result.output
    if out.exists():
        seeds = [w["progressive"]["seed"] for w in load_config(out).data["wagers"] if "progressive" in w]
        assert seeds and all(s >= floor for s in seeds)


def test_init_writes_nothing_when_told_not_to_write_a_non_compliant_table(tmp_path):
    # a payout limit below the tribal code's floor: not going back, and not writing it anyway
    result, out = _init(tmp_path, ["Red Cedar", "", "5", "200", "5000", "hand", "7", "letter", "payout-odds",
                                   "n", "n", "n"], "tribal")
    assert result.exit_code == 1 and "nothing written" in result.output and not out.exists()


def Catalogue_latest(jurisdiction):
    from lit_compliance.load.catalogue import Catalogue

    return Catalogue.bundled().latest(jurisdiction)


def test_check_refuses_a_sign_size_the_schedule_cannot_fit_as_placard_would(monkeypatch, tmp_path):
    """check says what placard would refuse: a schedule that needs type below the sheet's minimum
    (the minimum raised here for the test, so the Maryland example no longer fits a letter sheet)."""
    import yaml as _yaml
    from click.testing import CliRunner as _Runner

    from lit_compliance.cli import main as _main
    from lit_compliance.sign import layout as _placard

    data = _yaml.safe_load((ROOT / "examples" / "configs" / "maryland.yaml").read_text(encoding="utf-8"))
    data["sign_size"] = "letter"
    path = tmp_path / "table.yaml"
    path.write_text(_yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert _Runner().invoke(_main, ["check", str(path)]).exit_code == 0
    monkeypatch.setitem(_placard.MIN_TYPE_PT, "letter", 30.0)
    checked = _Runner().invoke(_main, ["check", str(path)])
    assert checked.exit_code == 1, checked.output
    assert "sign-does-not-fit" in checked.output and "does not fit a letter sheet" in checked.output
    placard = _Runner().invoke(_main, ["placard", str(path), "--format", "svg"])
    assert placard.exit_code == 1 and "does not fit a letter sheet" in placard.output, placard.output
