"""The whole configured table's figures are a typed record (:class:`lit_compliance.table.figures.TableFigures`),
built from every example configuration; its words are the vocabulary's
(:mod:`lit_compliance.model.table_vocabulary`), its JSON form the view's (issue 29)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model.table_vocabulary import (basis_text, left_out_text, paytable_text, round_basis_text,
                                                    table_lines)
from lit_compliance.model.vocabulary import hand_name
from lit_compliance.report.table_json import table_json
from lit_compliance.table.config import load_config, ruleset_for
from lit_compliance.table.figures import LeftOutReason, Pricing, table_figures
from lit_compliance.table.theory import theory_of

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = sorted((ROOT / "examples" / "configs").glob("*.yaml"))


@pytest.fixture(scope="module")
def records(catalogue):
    """Each example configuration: (config, ruleset, its record, its theory)."""
    out = {}
    for path in CONFIGS:
        cfg = load_config(path)
        rs = ruleset_for(cfg, catalogue)
        out[path.stem] = (cfg, rs, table_figures(rs, cfg), theory_of(cfg, rs, offered_only=True, every_seat=True))
    return out


@pytest.mark.parametrize("name", [p.stem for p in CONFIGS])
def test_the_sums_are_the_rows_and_the_hour_is_the_round_times_the_hands(records, name):
    cfg, _rs, fig, theory = records[name]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fig.hands_per_hour = 1
    win = sum(r.expected_win for r in fig.wagers)
    assert fig.expected_win_per_round == win
    assert fig.win_per_hour == win * fig.hands_per_hour == win * 60
    assert fig.placed_per_round == sum(r.stake * r.bets for r in fig.wagers)
    assert fig.win_per_hour_table == (fig.win_per_hour * cfg.settings.seats if cfg.settings.seats else None)
    assert fig.standard_deviation_at_most == sum(r.standard_deviation for r in fig.wagers)
    for band, hours in zip(fig.bands_per_player, (1, 8, 40, 1000)):
        assert (band.hours, band.rounds, band.win) == (hours, 60 * hours, fig.win_per_hour * hours)
        assert band.low <= band.high
    for r in fig.wagers:
        w = theory.wagers[r.wager]
        choice = cfg.settings.wager(r.wager)
        assert r.stake == (w.minimum if w.minimum is not None else w.stake)
        assert r.expected_win == w.mean * r.stake and r.standard_deviation == w.sd * r.stake
        assert r.basis.pricing is (Pricing.SIMULATED if w.status == "simulated" else Pricing.EXACT)
        progressive = choice.progressive if choice is not None else None
        if progressive is not None:    # a progressive is priced at the configured reset
            assert r.basis.meter == float(progressive.reset if progressive.reset is not None else progressive.seed)
        assert r.house_paytable == (choice.custom_paytable is not None)


def test_another_number_of_hands_scales_the_hour(records, catalogue):
    cfg, rs, fig, _ = records["maryland"]
    other = table_figures(rs, cfg, hands_per_hour=45)
    assert other.wagers == fig.wagers and other.win_per_hour == fig.expected_win_per_round * 45
    assert [b.rounds for b in other.bands_per_player] == [45 * h for h in (1, 8, 40, 1000)]


@pytest.mark.parametrize("name", [p.stem for p in CONFIGS])
def test_a_wager_left_out_says_why_as_the_ruleset_finds_it(records, name):
    cfg, rs, fig, theory = records[name]
    assert {r.wager for r in fig.wagers} | {r.wager for r in fig.left_out} == set(theory.wagers)
    known = {f["id"] for f in rs.data.get("findings") or ()}
    for left in fig.left_out:
        w = theory.wagers[left.wager]
        wager, table, _ = theory.choices[left.wager]
        assert w.mean is None
        if left.reason is LeftOutReason.NO_PAYTABLE:
            # no paytable of the wager's is configured: none named among several, one the rules lack,
            # or a wager the source prints no paytable for
            named = cfg.settings.wager(left.wager).paytable
            ids = [t.id for t in wager.paytables]
            assert table is None and (named is None and len(ids) != 1 or named is not None and named not in ids)
            assert not left.findings and not left.assumptions
            continue
        assert left.reason is LeftOutReason.NO_FIGURES and left.assumptions
        named = {h for a in left.assumptions for h in a.hands}
        # every hand the sheet cannot price is a line of the paytable carrying a ruleset finding ...
        lines = [line for line in table.lines if line.hand in named]
        assert {line.hand for line in lines} == named
        assert set(left.findings) == set(table.findings) | {f for line in lines for f in line.findings}
        assert set(left.findings) <= known
        if table.id != "custom":   # the ruleset's own paytable: the source's defect is a finding
            assert left.findings
        # ... and the words name those hands
        for hand in named:
            assert hand_name(hand) in left_out_text(left)


def test_the_examples_leave_out_what_their_findings_say(records):
    """The bundled examples hold both reasons: a paytable not chosen, and figures the source lacks."""
    reasons = {(name, left.wager): left.reason for name, (_, _, fig, _) in records.items() for left in fig.left_out}
    assert reasons[("noncompliant-maryland", "five-card-bonus")] is LeftOutReason.NO_PAYTABLE
    assert reasons[("noncompliant-nsw", "base")] is LeftOutReason.NO_FIGURES
    assert reasons[("noncompliant-tribal", "base")] is LeftOutReason.NO_FIGURES
    assert not any(name in ("maryland", "massachusetts", "nsw", "south-dakota", "tribal") for name, _ in reasons)


@pytest.mark.parametrize("name", [p.stem for p in CONFIGS])
def test_the_words_and_the_json_are_the_records(records, name):
    cfg, _rs, fig, _ = records[name]
    data = table_json(fig)
    lines = table_lines(fig)
    assert [r["wager"] for r in data["wagers"]] == [r.wager for r in fig.wagers]
    for row, r in zip(data["wagers"], fig.wagers):
        assert row["basis"] == basis_text(r.basis) and row["paytable"] == paytable_text(r.paytable)
        assert row["placed"] == r.placed and row["expected_win"] == r.expected_win
        assert any(line.startswith(f"{r.wager} ") and basis_text(r.basis) in line for line in lines)
        if r.basis.meter is not None:
            assert f"at a meter of ${r.basis.meter:,.2f}, the configured reset" in row["basis"]
    for row, left in zip(data["left_out"], fig.left_out):
        assert row == {"wager": left.wager, "why": left_out_text(left)}
        assert f"{left.wager}: not in the sums below: {left_out_text(left)}" in lines
    assert data["win_per_hour"] == fig.win_per_hour
    assert data["standard_deviation_basis"] == round_basis_text(fig.joint, fig.apart)
    assert [b["band_95"] for b in data["bands_per_player"]] == [[b.low, b.high] for b in fig.bands_per_player]
    x = fig.win_per_hour
    shown = f"{'-' if x < 0 else ''}${abs(x):,.2f} an hour per player"
    assert any(shown in line for line in lines)


def test_check_prints_the_records_json_form(records):
    cfg, _rs, fig, _ = records["massachusetts"]
    result = CliRunner().invoke(main, ["check", str(ROOT / "examples" / "configs" / "massachusetts.yaml"),
                                       "--format", "json"])
    printed = json.loads(result.output)["table"]
    assert printed == json.loads(json.dumps(table_json(fig)))
    assert fig.apart == ("cover-all",) and "cover-all added as independent of them" in printed["standard_deviation_basis"]
    cover = next(r for r in fig.wagers if r.wager == "cover-all")
    assert cover.basis.seats == cfg.settings.seats and cover.basis.pricing is Pricing.SIMULATED


def test_exact_figures_are_kept_exactly_where_they_are_exact(records):
    """Maryland: every wager counted exactly, so each round's expected win is a fraction equal to its
    priced record's house edge times the configured minimum, and the hour is 60 of those rounds;
    Massachusetts: Cover All is simulated, so the table's exact sum is not stated."""
    from fractions import Fraction

    from lit_compliance.gamemath import paytable_result
    from lit_compliance.model import exact
    from lit_compliance.table.config import model_for
    from lit_compliance.table.configured import table_settings

    cfg, rs, fig, _ = records["maryland"]
    model = model_for(rs, cfg)
    for r in fig.wagers:
        settings = table_settings(cfg, r.wager)
        edge = paytable_result(model, r.wager, r.paytable, settings).house_edge
        amount = cfg.settings.wager(r.wager).minimum or cfg.settings.limits.minimum
        assert r.exact_expected_win == edge * exact(amount)
        assert float(r.exact_expected_win) == pytest.approx(r.expected_win, rel=1e-12)
    assert fig.exact_win_per_hour == 60 * sum((r.exact_expected_win for r in fig.wagers), Fraction(0))
    assert float(fig.exact_win_per_hour) == pytest.approx(fig.win_per_hour, rel=1e-12)
    _, _, ma, _ = records["massachusetts"]
    simulated = [r for r in ma.wagers if r.basis.pricing is Pricing.SIMULATED]
    assert [r.wager for r in simulated] == ["cover-all"] and simulated[0].exact_expected_win is None
    assert ma.exact_expected_win_per_round is None and ma.exact_win_per_hour is None
