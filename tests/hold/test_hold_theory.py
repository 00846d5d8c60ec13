"""hold and simulate price every wager with par's own figures (issue 24: one priced result)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.table.config import load_config
from lit_compliance.table.theory import BASE_UNITS, load_theory, mean_and_sd
from lit_compliance.model.table_vocabulary import theory_assumptions

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = sorted(p for p in (ROOT / "examples" / "configs").glob("*.yaml") if not p.name.startswith("noncompliant"))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_per_round_mean_and_sd_are_pars_for_every_wager_of_every_example_configuration(config):
    result = CliRunner().invoke(main, ["par", str(config), "--format", "json"])
    assert result.exit_code == 0, result.output
    par = json.loads(result.output)
    theory = load_theory(config)
    assert sorted(w["id"] for w in par["wagers"]) == sorted(theory.wagers)
    judged = 0
    for w in par["wagers"]:
        mine = theory.wagers[w["id"]]
        if len(w["sections"]) != 1:     # the configuration leaves the paytable open (Cover All by players):
            # hold judges it on the paytable for the table's seats (every seat playing), and says so
            seats = load_config(config).settings.seats
            section = next(s for s in w["sections"] if s["paytable_id"] == mine.paytable_id)
            assert mine.paytable_id == f"players-{seats}"
            assert mine.seats_assumed == seats
            assert any("every seat of the table playing" in a for a in theory_assumptions(mine))
        else:
            section = w["sections"][0]
        assert section["paytable_id"] == mine.paytable_id
        totals = section["totals"]
        if totals is None:
            assert mine.mean is None and mine.status == section["status"]
            continue
        assert mine.mean == totals["house_edge"] and mine.sd == totals["standard_deviation"]
        assert mean_and_sd(theory, w["id"]) == (totals["house_edge"], totals["standard_deviation"])
        assert mine.units_per_round == (BASE_UNITS if w["kind"] == "base" else 1)
        if "meter" in section:
            assert mine.meter == section["meter"]["priced_at"]
        judged += 1
    assert judged >= 1


def test_a_progressive_priced_at_another_meter_returns_more_as_the_meter_grows():
    theory = load_theory(ROOT / "examples" / "configs" / "maryland.yaml")
    at_reset = mean_and_sd(theory, "progressive")
    higher = mean_and_sd(theory, "progressive", meter=50_000.0)
    assert higher[0] < at_reset[0] and higher[1] > at_reset[1]


@pytest.mark.parametrize("config, wager", [("maryland", "progressive"), ("maryland", "five-card-bonus"),
                                           ("maryland", "six-card-bonus"), ("south-dakota", "progressive"),
                                           ("massachusetts", "progressive")])
def test_the_curve_over_meter_and_stake_is_the_par_sheet_at_that_meter_and_stake(config, wager):
    from lit_compliance.table.theory import Curve

    theory = load_theory(ROOT / "examples" / "configs" / f"{config}.yaml")
    curve = Curve(theory, wager)
    fixed = curve.fixed_stake
    for stake, meter in [(1.0, 12_345.0), (3.0, 40_000.0), (25.0, 7_000.0), (5.0, 1.0)]:
        stake = fixed or stake
        mean, sd = curve.at(stake, meter)
        want = mean_and_sd(theory, wager, meter, stake)
        assert mean == pytest.approx(want[0], rel=1e-9, abs=1e-12)
        assert sd == pytest.approx(want[1], rel=1e-9)


def test_the_digest_is_the_placards_and_tables_priced_alike_share_their_figures(tmp_path):
    from lit_compliance.load.catalogue import Catalogue
    from lit_compliance.table.config import digest, load_config, ruleset_for

    for config in CONFIGS:
        cfg = load_config(config)
        assert load_theory(config).digest == digest(ruleset_for(cfg, Catalogue.bundled()), cfg)
    copy = tmp_path / "copy.yaml"
    copy.write_text((ROOT / "examples" / "configs" / "maryland.yaml").read_text().replace("table: LIR-2", "table: LIR-3"))
    one, two = load_theory(ROOT / "examples" / "configs" / "maryland.yaml"), load_theory(copy)
    assert two.table == "LIR-3" and two.wagers is one.wagers and two.digest != one.digest
