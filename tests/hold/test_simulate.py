"""simulate deals with the engine's paytables and optimal play; its rounds settle as the engine settles them."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.table.theory import load_theory
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle
from lit_compliance.hold.simulate import Anomaly, Play, deal, play_rounds
from lit_compliance.poker.cards import card_name

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"


def _plays(theory, stake=Fraction(5)):
    plays = []
    for wid, (wager, table, opts) in theory.choices.items():
        w = theory.wagers[wid]
        if table is None or w.mean is None or wager.hand_basis.value == "table_highest":
            continue
        plays.append(Play(wager, table, Fraction(1) if not wager.is_base else stake,
                          opts.meter if w.meter_reset is not None else None))
    return plays


def _round_text(theory, plays, cards, ride1, ride2) -> str:
    cfg = theory.model.ruleset
    names = [card_name(int(c)) for c in cards]
    meter = next((p.meter for p in plays if p.meter is not None), None)
    base = next(p for p in plays if p.wager.is_base)
    lines = [f"jurisdiction: {cfg.jurisdiction}", f'version: "{cfg.version}"', "dealing_method: automated_shoe"
             if cfg.jurisdiction == "maryland" else "dealing_method: hand" if cfg.jurisdiction == "south-dakota"
             else "dealing_method: manual_shoe",
             "paytables: {" + ", ".join(f"{p.wager.id}: {p.table.id}" for p in plays) + "}",
             f"community: [{names[3]}, {names[4]}]"]
    if meter is not None:
        lines.append(f"meter: {{amount: {meter}, reset: {meter}}}")
    if any(p.table.hand_basis.value == "player_and_bonus_community" for p in plays):
        lines.append(f"six_card_bonus_cards: [{names[5]}, {names[6]}, {names[7]}]")
    sides = ", ".join(f"{p.wager.id}: {p.stake}" for p in plays if not p.wager.is_base)
    lines += ["players:", "  - seat: 1", f"    cards: [{names[0]}, {names[1]}, {names[2]}]", f"    bet: {base.stake}",
              f"    decisions: {{bet1: {'ride' if ride1 else 'pull'}, bet2: {'ride' if ride2 else 'pull'}}}"]
    if sides:
        lines.append(f"    side_wagers: {{{sides}}}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("config", ["maryland", "south-dakota", "tribal"])
def test_simulated_rounds_settle_identically_through_the_engines_settlement(config):
    theory = load_theory(CONFIGS / f"{config}.yaml")
    plays = _plays(theory)
    rng = np.random.default_rng(20261125)
    cards = deal(rng, 20_000)
    settled = play_rounds(plays, cards, theory.model.hand_rules)
    # every round where some wager pays more than even money, and the first 60 rounds
    wins = np.zeros(len(cards), dtype=bool)
    for p in plays:
        wins |= settled.house_win[p.wager.id] < -(2 if not p.wager.is_base else 6) * int(p.stake * 100)
    sample = sorted(set(range(60)) | set(np.nonzero(wins)[0][:80].tolist()))
    assert len(sample) > 100
    for r in sample:
        rnd = load_round_text(_round_text(theory, plays, cards[r], settled.ride1[r], settled.ride2[r]), f"round {r}")
        result = settle(rnd)
        by_wager: dict = {}
        for row in result.players[0].rows:
            by_wager[row.wager] = by_wager.get(row.wager, Fraction(0)) - row.net
        for p in plays:
            assert int(by_wager[p.wager.id] * 100) == settled.house_win[p.wager.id][r], (r, p.wager.id)


def test_the_simulated_strategy_rides_as_often_as_the_exact_strategy():
    from lit_compliance.gamemath.base import analyse_base, multipliers
    from lit_compliance.hold.simulate import _rides
    from lit_compliance.poker.vectorised import colex_sets

    theory = load_theory(CONFIGS / "maryland.yaml")
    wager, table, _ = theory.choices["base"]
    m, _ = multipliers(table)
    exact = analyse_base(m, theory.model.hand_rules)
    every3 = np.concatenate([colex_sets(52, 3), np.zeros((22_100, 1), dtype=np.int64)], axis=1)  # 4th card unused
    ride1, _ = _rides(every3, tuple(int(x) for x in m), theory.model.hand_rules)
    _, ride2 = _rides(colex_sets(52, 4), tuple(int(x) for x in m), theory.model.hand_rules)
    assert Fraction(int(ride1.sum()), len(ride1)) == exact.ride1_share
    assert Fraction(int(ride2.sum()), len(ride2)) == exact.ride2_share


def test_dealing_gives_eight_different_cards_uniformly():
    cards = deal(np.random.default_rng(7), 52_000)
    assert all(len(set(row)) == 8 for row in cards[:2000].tolist())
    counts = np.bincount(cards[:, 0], minlength=52)       # the first card: each about 1,000 times
    assert counts.min() > 850 and counts.max() < 1150
    counts = np.bincount(cards[:, 7], minlength=52)
    assert counts.min() > 850 and counts.max() < 1150


def test_an_anomaly_pays_one_more_unit_per_riding_bet_on_a_pair_of_tens_or_better():
    theory = load_theory(CONFIGS / "tribal.yaml")
    plays = [p for p in _plays(theory, Fraction(1)) if p.wager.is_base]
    cards = deal(np.random.default_rng(3), 5000)
    honest = play_rounds(plays, cards, theory.model.hand_rules).house_win["base"]
    bad = play_rounds(plays, cards, theory.model.hand_rules, Anomaly("base", "pair_tens_or_better", 1)).house_win["base"]
    diff = honest - bad
    assert set(np.unique(diff).tolist()) == {0, 100, 200, 300}
    assert set(np.unique(honest[diff > 0]).tolist()) <= {-100, -200, -300}   # those rounds paid 1 to 1


def test_simulate_is_seeded_and_writes_what_hold_reads(tmp_path):
    runner = CliRunner()
    args = ["simulate", str(CONFIGS / "south-dakota.yaml"), "--rounds", "500", "--periods", "3", "--seed", "9"]
    one, two = runner.invoke(main, args), runner.invoke(main, args)
    assert one.exit_code == 0 and one.output == two.output
    assert one.output.splitlines()[0] == "date,table,wager,rounds,wagered,house_win,meter"
    assert len(one.output.splitlines()) == 1 + 3 * 4
    other = runner.invoke(main, args[:-1] + ["10"])
    assert other.output != one.output
    path = tmp_path / "r.csv"
    path.write_text(one.output)
    checked = runner.invoke(main, ["hold", str(path), "--config", str(CONFIGS / "south-dakota.yaml"), "--format", "json"])
    assert checked.exit_code in (0, 1), checked.output
