"""Every printed figure states its basis and precision; the whole table's figures as configured."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath import paytable_result
from lit_compliance.gamemath.par import ParOptions, sheet_for
from lit_compliance.report.par_json import sheet_json
from lit_compliance.model import model_of
from lit_compliance.table.figures import table_figures
from lit_compliance.table.config import load_config, ruleset_for
from lit_compliance.report.par_view import METHOD, supported_digits

ROOT = Path(__file__).resolve().parents[2]
MARYLAND = ROOT / "examples" / "configs" / "maryland.yaml"


def test_win_per_hour_states_the_bet_on_each_base_spot_and_in_all(catalogue):
    result = CliRunner().invoke(main, ["par", "maryland", "--wager", "base", "--paytable", "a"])
    assert result.exit_code == 0, result.output
    edge = float(paytable_result(model_of(catalogue.get("maryland")), "base", "a").house_edge)
    line = next(x for x in result.output.splitlines() if x.startswith("Theoretical win"))
    assert "$10.00 on each of the 3 base bets ($30.00 in all placed per hand" in line
    assert "per unit of one base bet" in line
    assert line.endswith(f"= ${10 * 60 * edge:,.2f} an hour.")


def test_volatility_index_uses_the_z_the_method_states(catalogue):
    stated = re.search(r"z = (\d\.\d+) at 90%, (\d\.\d+) at 95%", " ".join(METHOD))
    assert stated, "the method states the z it uses"
    model = model_of(catalogue.get("maryland"))
    wager = model.wager("base")
    sheet = sheet_json(sheet_for(model, wager, wager.paytable("a"), ParOptions()), wager, wager.paytable("a"))
    t = sheet["totals"]
    for level, z in (("90%", stated.group(1)), ("95%", stated.group(2))):
        # the printed z, to its printed digits, is the one the index was computed with
        assert f"{t['volatility_index'][level] / t['standard_deviation']:.4f}" == z


def test_a_simulated_figure_is_printed_to_the_digits_its_interval_supports():
    assert supported_digits([0.0900, 0.0910]) == 2          # +-0.05 points: 9.65%
    assert supported_digits([0.09000, 0.09004]) == 3        # +-0.002 points
    assert supported_digits([0.0, 0.2]) == 0                 # +-10 points


def test_whole_table_figures_add_every_offered_wager_at_its_stakes(catalogue):
    config = load_config(MARYLAND)
    rs = ruleset_for(config, catalogue)
    fig = table_figures(rs, config)
    model = model_of(rs)
    by = {r.wager: r for r in fig.wagers}
    assert set(by) == {c["wager"] for c in config.data["wagers"]} and not fig.left_out
    minimum = config.data["limits"]["minimum"]
    base_edge = paytable_result(model, "base", "a").house_edge
    assert by["base"].placed == 3 * minimum
    assert abs(by["base"].expected_win - float(base_edge * minimum)) < 1e-12
    three = paytable_result(model, "three-card-bonus", "a").house_edge
    assert abs(by["three-card-bonus"].expected_win - three * 1) < 1e-12
    assert abs(fig.expected_win_per_round - sum(r.expected_win for r in fig.wagers)) < 1e-9
    assert abs(fig.win_per_hour - 60 * fig.expected_win_per_round) < 1e-9
    assert fig.win_per_hour_table == fig.win_per_hour * config.data["seats"]
    assert abs(fig.hold * fig.placed_per_round - fig.expected_win_per_round) < 1e-12
    assert fig.standard_deviation_independent < fig.standard_deviation_at_most


def test_par_and_check_of_a_configuration_print_the_whole_table():
    runner = CliRunner()
    par = runner.invoke(main, ["par", str(MARYLAND)])
    assert par.exit_code == 0, par.output
    assert "The whole table as configured" in par.output
    assert re.search(r"an hour per player; \$[\d,.]+ an hour with all 7 seats playing", par.output)
    assert "every player plays every offered wager every round" in par.output
    check = runner.invoke(main, ["check", str(MARYLAND)])
    assert "The whole table as configured" in check.output and "an hour per player" in check.output


def test_a_simulated_cover_all_row_is_never_labelled_exact(catalogue):
    from lit_compliance.report.par_view import par_report

    report = par_report(model_of(catalogue.latest("massachusetts")), "cover-all", None, ParOptions())
    rows = {r["players"]: r for w in report["wagers"] for s in w["sections"] for r in s["show"].get("cover_all", [])}
    # four players: exact from three of a kind up, all this paytable pays (tests/gamemath/test_coverall_distribution.py)
    assert {p for p, r in rows.items() if r["interval"] == "exact"} == {1, 2, 3, 4}
    assert "every deal counted" in rows[4]["method"] and "points" not in rows[4]["edge"]
    for players in (5, 6, 7):
        assert "control variates" in rows[players]["method"] and "points, 95%" in rows[players]["edge"]
