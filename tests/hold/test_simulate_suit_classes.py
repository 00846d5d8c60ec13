"""simulate decides riding by each dealt holding's suit class; the decisions are the full per-set tables'.

The old simulator looked every holding up in :func:`full_base_tables` (a row per set, by colex
index); the class lookup must give the same decision on every one of the 22,100 three-card and
270,725 four-card sets, and the same results file, round for round.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath.base import multipliers, not_whole_odds
from lit_compliance.gamemath.tables import full_base_tables
from lit_compliance.hold import simulate
from lit_compliance.model import model_of
from lit_compliance.poker.vectorised import colex_index, colex_sets

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"


def _per_set_rides(cards: np.ndarray, mult: tuple, rules) -> tuple[np.ndarray, np.ndarray]:
    """The old way: each holding's row of the full tables, by colex index, weighed by the multipliers."""
    t = full_base_tables(rules)
    m = np.array(mult, dtype=np.int64)
    ride3, ride4 = (t.counts3.astype(np.int64) @ m) > 0, (t.counts4.astype(np.int64) @ m) > 0
    return (ride3[colex_index(np.sort(cards[:, :3], axis=1))], ride4[colex_index(np.sort(cards[:, :4], axis=1))])


def _base_tables_paying_differently(catalogue, most: int = 3) -> list[tuple]:
    """(net wins, ranking rule) of up to ``most`` bundled base paytables that pay differently."""
    seen: dict = {}
    for ruleset in catalogue.all_versions():
        model = model_of(ruleset)
        for wager in (w for w in model.wagers if w.is_base):
            for table in wager.paytables:
                m, missing = multipliers(table)
                if not missing and not not_whole_odds(table):
                    seen.setdefault(tuple(int(x) for x in m), model.hand_rules)
    assert len(seen) >= 3
    return list(seen.items())[:most]


def test_the_class_of_every_holding_gives_the_per_set_decision(catalogue):
    sets4 = colex_sets(52, 4)
    shuffled = np.random.default_rng(5).permuted(sets4, axis=1)      # dealt order is not sorted
    riding = set()
    for mult, rules in _base_tables_paying_differently(catalogue):
        # every four-card set, once; its first three cards run over every three-card set too
        ride1, ride2 = simulate._rides(shuffled, mult, rules)
        old1, old2 = _per_set_rides(shuffled, mult, rules)
        assert np.array_equal(ride1, old1) and np.array_equal(ride2, old2), mult
        assert 0 < ride1.sum() < len(ride1) and 0 < ride2.sum() < len(ride2)    # both decisions occur
        riding.add((int(ride1.sum()), int(ride2.sum())))
    assert len(riding) > 1          # the paytables ride on different holdings


def test_the_lowest_mask_is_the_lowest_colex_index_over_the_renamings_of_suits():
    from itertools import permutations

    cards = simulate.deal(np.random.default_rng(11), 3000)[:, :4]
    lowest = np.min([colex_index(np.sort(np.array(p)[cards % 4] + cards - cards % 4, axis=1))
                     for p in permutations(range(4))], axis=0)
    as_set = colex_sets(52, 4)[lowest]
    mask = np.sum(np.left_shift(np.uint64(1), as_set.astype(np.uint64)), axis=1, dtype=np.uint64)
    assert np.array_equal(simulate._lowest_mask(cards), mask)


@pytest.mark.parametrize("config, seed", [("tribal.yaml", 2), ("maryland.yaml", 4)])
def test_simulate_writes_the_file_the_per_set_strategy_writes(monkeypatch, config, seed):
    args = ["simulate", str(CONFIGS / config), "--rounds", "700", "--periods", "4", "--seed", str(seed)]
    runner = CliRunner()
    by_class = runner.invoke(main, args)
    calls = []

    def old(cards, mult, rules):
        calls.append(len(cards))
        return _per_set_rides(cards, mult, rules)

    monkeypatch.setattr(simulate, "_rides", old)
    per_set = runner.invoke(main, args)
    assert by_class.exit_code == per_set.exit_code == 0, by_class.output + per_set.output
    assert calls == [700 * 4]
    assert by_class.output == per_set.output
    assert len(by_class.output.splitlines()) > 4
