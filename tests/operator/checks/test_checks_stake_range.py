"""Fixed amounts on a stake the rules leave open (:mod:`lit_compliance.operator.checks.stake_range`):
a configuration that passes and one that fails, beside this test; the warning's two figures are
recomputed here from the game math at the table's least and greatest stake."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from lit_compliance.gamemath import paytable_result
from lit_compliance.operator.checks import check
from lit_compliance.operator.checks.core import CHECK_KINDS
from lit_compliance.table.configured import table_settings
from lit_compliance.sign.placard import WHOLE_SUMS, placard_view
from lit_compliance.table.config import load_config, model_for, ruleset_for

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[2] / "examples" / "configs" / "maryland.yaml"
FAMILY = {"stake_range_lowers_return"}


def _findings(path: Path, catalogue):
    config = load_config(path)
    return [f for f in check(ruleset_for(config, catalogue), config).findings if f.kind in FAMILY]


def test_stake_range_family_passes_a_configuration_it_has_nothing_against(catalogue):
    assert FAMILY <= set(CHECK_KINDS)
    assert _findings(HERE / "stake-range-passes.yaml", catalogue) == []


def test_stake_range_family_reports_each_of_its_kinds_on_the_failing_configuration(catalogue):
    assert {f.kind for f in _findings(HERE / "stake-range-fails.yaml", catalogue)} == FAMILY


def test_maryland_five_card_bonus_at_a_25_dollar_maximum_warns_with_the_return_at_both_stakes(catalogue):
    """Maryland's Five Card Bonus pays fixed sums on a stake the rules do not state: at the
    example's $25 maximum the $1 pair line is a loss of $24, and the return is the $1 figure's
    twenty-fifth (the money is the same whatever the stake)."""
    config = load_config(EXAMPLE)
    rs = ruleset_for(config, catalogue)
    (found,) = [f for f in _findings(EXAMPLE, catalogue)]
    assert found.path == "wagers[1].maximum" and found.line == 21
    settings = table_settings(config, "five-card-bonus")
    model = model_for(rs, config)
    at = {s: paytable_result(model, "five-card-bonus", "b", replace(settings, stake=Fraction(s))).return_to_player
          for s in (1, 25)}
    assert abs(at[25] - at[1] / 25) < 1e-12          # whole sums: the return scales as 1/stake
    assert f"{float(at[25]):.2%} at the $25 maximum bet" in found.message
    assert f"{float(at[1]):.2%} at the $1 minimum" in found.message
    assert "a loss of $24" in found.message
    assert found.finding_id == "md-five-card-bonus-stake-unstated"
    assert not CHECK_KINDS[found.kind].to_fix        # the sign says it: check --strict still passes


def test_the_sign_says_fixed_amounts_are_paid_at_any_stake(catalogue):
    config = load_config(EXAMPLE)
    view = placard_view(ruleset_for(config, catalogue), config, with_qr=False)
    captions = {w["id"]: [t["caption"] for t in w["tables"]] for w in view["wagers"]}
    assert captions["five-card-bonus"] == [f"Paytable B \u2014 {WHOLE_SUMS}"]
    assert all(WHOLE_SUMS not in c for c in captions["three-card-bonus"] + captions["base"])


def test_a_reading_that_pays_the_amounts_per_dollar_is_respected_on_the_sign_and_in_check(tmp_path):
    """Which meaning the open stake has comes from the ruleset's readings of its finding: with a
    per-dollar reading chosen (the amounts become "X for 1"), the sign no longer says "sums paid at
    any stake", names the reading it follows, and check has no stake-range warning."""
    from lit_compliance.load.catalogue import load_ruleset

    import yaml

    src = EXAMPLE.parents[2] / "rulesets" / "maryland" / "v1.yaml"
    anchor = "    recorded_as: Wager stake null and paytable stake null; amounts transcribed as fixed_amount.\n"
    text = src.read_text(encoding="utf-8")
    assert anchor in text
    readings = (
        "    readings:\n"
        "      - id: whole-sums\n        default: true\n"
        "        meaning: The amounts are whole sums, paid whatever the stake.\n"
        "        why: The amounts as printed.\n        changes: []\n"
        "      - id: per-dollar\n        default: false\n        operator_may_choose: true\n"
        "        meaning: The amounts are paid for each $1 wagered.\n"
        "        why: A test reading.\n        changes:\n"
        "          - set: wagers/five-card-bonus/paytables/b/lines/*/payout/kind\n            value: for_one\n")
    folder = tmp_path / "maryland"
    folder.mkdir()
    (folder / "v1.yaml").write_text(text.replace(anchor, anchor + readings), encoding="utf-8")
    rs = load_ruleset(folder / "v1.yaml")

    def config_with(chosen: dict) -> Path:
        data = yaml.safe_load(EXAMPLE.read_text())
        data["sign_size"] = "tabloid"       # the reading's own note needs room
        if chosen:
            data["readings"] = chosen
        path = tmp_path / f"table-{len(chosen)}.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False))
        return path

    as_printed = load_config(config_with({}))
    assert {f.kind for f in check(rs, as_printed).findings} >= FAMILY
    per_dollar = load_config(config_with({"md-five-card-bonus-stake-unstated": "per-dollar"}))
    report = check(rs, per_dollar)
    assert not report.errors and not FAMILY & {f.kind for f in report.findings}
    view = placard_view(rs, per_dollar, with_qr=False)
    five = next(w for w in view["wagers"] if w["id"] == "five-card-bonus")
    assert all(WHOLE_SUMS not in t["caption"] for t in five["tables"])
    # the sign prints the figures the reading gives, and tells players how "for 1" is paid; the reading
    # itself, by its meaning, is for check
    assert all(r["pays"].endswith("for 1") for t in five["tables"] for r in t["rows"] if r["pays"] != "\u2014")
    assert any(n["text"].startswith("\u201cfor 1\u201d") for n in view["notes"])
    assert any(r["reading"] == "per-dollar" and "paid for each $1 wagered" in r["meaning"] for r in report.readings)
