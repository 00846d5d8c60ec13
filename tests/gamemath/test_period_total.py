"""The total of n rounds with rare large outcomes taken apart (gamemath/period_total.py): in whichever
window the ordinary outcomes' total is held (the rare outcomes' sums listed one by one, fewer of them
in a wider window), it is the same distribution on the same lattice, so a band's edges are the same
lattice points; a player's whole round at a half-dollar stake (hundreds of rare outcomes of distinct
sizes, whose sums once ran to millions: 43 s and 3.6 GB for one cold ``check``) stays within the
budget and its bands hold their level of honest periods, by simulation. A long period's total is on its
outcomes' own lattice, with the mean and variance of n rounds (a coarser lattice once added up to 2.7%
to the variance); where no window can list the sums (a quarter-dollar stake over 60,000 rounds), the
lattice is only a little coarser, the variance off by less than 1e-5.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lit_compliance.gamemath import period, period_total

ROOT = Path(__file__).resolve().parents[2]
WAYS = {  # the window the ordinary outcomes take (in points of the fine lattice)
    "narrowest window": period_total.MAX_POINTS // 2,
    "twice as wide": period_total.MAX_POINTS,
    "widest window": period_total.WIDE_POINTS // 2,
}


def _clustered_round():
    """A round like a whole table's: ordinary results in half units, and three clusters of rare large
    awards (a bonus's top awards, a progressive's jackpot, a royal on every wager), each award plus the
    ordinary results of the other wagers, so many distinct sizes close together."""
    rng = np.random.default_rng(41)
    ordinary = np.arange(-6, 13) / 2.0
    p_ord = rng.random(len(ordinary)) + 0.2
    clusters = [(-1_500.0, 3e-4), (-40_000.0, 2e-6), (-600_000.0, 1e-9)]
    values, probs = [ordinary], [p_ord / p_ord.sum()]
    for centre, chance in clusters:
        sizes = centre - rng.integers(0, 400, 12) / 2.0
        share = rng.random(12) + 0.1
        values.append(sizes)
        probs.append(chance * share / share.sum())
    values, probs = np.concatenate(values), np.concatenate(probs)
    probs[: len(ordinary)] *= (1 - probs[len(ordinary):].sum())
    return values, probs / probs.sum()


def _edges_by_way(values, probs, n, limit, monkeypatch):
    """The band edges and tail table of the total of n rounds, its pieces made in one given window."""
    h0 = period_total.lattice_step(values)
    rare = period_total._rare(values, probs, n, h0, limit)
    assert len(rare), "no outcome was taken apart"
    pieces = period_total._taken_apart(values, probs, n, h0, rare, limit, (10**12, 10**12))
    with monkeypatch.context() as m:
        m.setattr(period, "total_pieces", lambda *_, **__: pieces)
        return period._quantiles(values, probs, n), pieces


@pytest.mark.parametrize("n", [200, 2000])
def test_every_way_of_adding_up_rare_outcomes_gives_the_same_band_edges(n, monkeypatch):
    values, probs = _clustered_round()
    got = {way: _edges_by_way(values, probs, n, limit, monkeypatch) for way, limit in WAYS.items()}
    (bands, (low, high)), listed = got["narrowest window"]
    assert len(listed) > 2 and sum(len(pc.shifts) for pc in listed) > 100   # the sums were many
    widest = got["widest window"][1]
    assert sum(len(pc.shifts) for pc in widest) < sum(len(pc.shifts) for pc in listed)   # and fewer there
    spread = float(np.sqrt(((values - values @ probs) ** 2) @ probs)) * np.sqrt(n)
    step = 0.5 / spread                                                       # one lattice point, in z
    for way, ((b, (lo, hi)), _pieces) in got.items():
        assert b == bands, way                        # the same lattice points, to the bit
        # the tail table to 1e-8: where the total's probability per point is below the FFT's rounding
        # (about 1e-17), a far tail may land one point away; nowhere further
        assert np.allclose(lo, low, rtol=0, atol=step * 1.01) and np.allclose(hi, high, rtol=0, atol=step * 1.01), way


def test_too_many_sums_to_list_are_taken_apart_in_a_wider_window_with_the_same_bands(monkeypatch):
    values, probs = _clustered_round()
    n = 2000
    want = period.total_bands(values, probs, [n], "99")
    calls = []

    def listed(totals, chances, steps, q, _real=period_total.rare_step):
        calls.append(len(totals) * len(steps))
        return _real(totals, chances, steps, q)

    monkeypatch.setattr(period_total, "rare_step", listed)
    monkeypatch.setattr(period_total, "POINT_BUDGET", 2_000)
    monkeypatch.setattr(period_total, "PREFER_POINTS", 2_000)
    assert period.total_bands(values, probs, [n], "99") == want
    assert calls and max(calls) <= 2_000                      # listing stopped at the budget
    pieces = period_total.total_pieces(values, probs, n)
    assert max(len(pc.cdf) for pc in pieces) > period_total.MAX_POINTS   # in the wider window


def _player_round(catalogue, path):
    """The player's round of the table configuration at ``path``, every offered wager at its minimum."""
    from lit_compliance.table.config import load_config, ruleset_for
    from lit_compliance.table.figures import wager_rounds
    from lit_compliance.table.player_round import player_round
    from lit_compliance.table.theory import theory_of

    cfg = load_config(path)
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    rows, _ = wager_rounds(theory)
    stakes = {r.wager: r.stake for r in rows}
    got = player_round(theory, stakes)
    values, probs = np.array(got.values), np.array(got.probabilities)
    return values, probs / probs.sum(), stakes


def _maryland_round(catalogue, tmp_path, minimum="0.5"):
    """The Maryland example table with its Three Card Bonus at another minimum: the player's round."""
    text = (ROOT / "examples" / "configs" / "maryland.yaml").read_text()
    old = "paytable: a\n    minimum: 1\n    maximum: 100"
    assert text.count(old) == 1
    path = tmp_path / f"three-card-at-{minimum}.yaml"
    path.write_text(text.replace(old, f"paytable: a\n    minimum: {minimum}\n    maximum: 100"))
    values, probs, stakes = _player_round(catalogue, path)
    assert float(stakes["three-card-bonus"]) == float(minimum)
    return values, probs


def test_pieces_holding_too_many_sums_give_way_to_a_wider_window_with_the_same_band(catalogue, monkeypatch):
    # the Massachusetts example's player over 60,000 rounds: in the first window that holds it the
    # pieces held 140,891 sums, each a pass of the edge search (2.5 s); the next window holds 502
    values, probs, _ = _player_round(catalogue, ROOT / "examples" / "configs" / "massachusetts.yaml")
    n = 60_000
    pieces = period_total.total_pieces(values, probs, n)
    assert sum(len(pc.shifts) for pc in pieces) <= period_total.SHIFT_BUDGET
    want = period.total_bands(values, probs, [n], "99")
    for budget in ("SHIFT_BUDGET", "PREFER_SHIFTS"):
        monkeypatch.setattr(period_total, budget, 10**9)
    monkeypatch.setattr(period_total, "PREFER_POINTS", period_total.POINT_BUDGET)
    many = period_total.total_pieces(values, probs, n)
    assert sum(len(pc.shifts) for pc in many) > 1 << 16        # the narrower window held many more
    assert period.total_bands(values, probs, [n], "99") == want


def test_a_narrower_window_gives_way_sooner_to_a_wider_one_with_the_same_band(catalogue, monkeypatch):
    # the Maryland example's player over 60,000 rounds: within the widest window's budgets, a narrower
    # window listed 57,296 sums (a step of 1.2 million pairs, a window given up after one of 3 million);
    # giving way at the preferred budgets, the widest window holds a few thousand
    values, probs, _ = _player_round(catalogue, ROOT / "examples" / "configs" / "maryland.yaml")
    n = 60_000
    calls = []

    def listed(totals, chances, steps, q, _real=period_total.rare_step):
        calls.append(len(totals) * len(steps))
        return _real(totals, chances, steps, q)

    monkeypatch.setattr(period_total, "rare_step", listed)
    pieces = period_total.total_pieces(values, probs, n)
    assert max(calls) <= period_total.PREFER_POINTS        # no narrower window listed past it
    few = sum(len(pc.shifts) for pc in pieces)
    want = period.total_bands(values, probs, [n], "95")
    monkeypatch.setattr(period_total, "PREFER_POINTS", period_total.POINT_BUDGET)
    monkeypatch.setattr(period_total, "PREFER_SHIFTS", period_total.SHIFT_BUDGET)
    many = period_total.total_pieces(values, probs, n)
    assert max(len(pc.cdf) for pc in many) < max(len(pc.cdf) for pc in pieces)   # a narrower window
    assert sum(len(pc.shifts) for pc in many) > 10 * few
    assert period.total_bands(values, probs, [n], "95") == want


def test_a_half_dollar_stake_keeps_the_listing_within_budget_and_the_bands_hold_their_level(
        catalogue, tmp_path, monkeypatch):
    values, probs = _maryland_round(catalogue, tmp_path)
    assert period_total.lattice_step(values) == 0.5 and len(values) > 400
    calls = []

    def listed(totals, chances, steps, q, _real=period_total.rare_step):
        calls.append(len(totals) * len(steps))
        return _real(totals, chances, steps, q)

    monkeypatch.setattr(period_total, "rare_step", listed)
    rng = np.random.default_rng(28)
    trials = 3000
    mean = float(values @ probs)
    for n in (480, 2400):
        pieces = period_total.total_pieces(values, probs, n)
        assert max(calls) <= period_total.POINT_BUDGET
        assert sum(len(pc.shifts) for pc in pieces) < 10_000
        assert sum(len(pc.cdf) for pc in pieces) <= 8 * period_total.WIDE_POINTS
        (low, high), = period.total_bands(values, probs, [n], "95")
        total = sum(float(pc.weights.sum()) for pc in pieces)
        inside = (period_total.cdf(pieces, np.array([high]))[0] - period_total.cdf(pieces, np.array([low]))[0]) / total
        assert low < n * mean < high and inside >= 0.95 - 1e-9
        outside = 1 - inside
        totals = values[rng.choice(len(values), size=(trials, n), p=probs)].sum(axis=1)
        seen = float(((totals < low) | (totals > high)).mean())
        assert abs(seen - outside) <= 4 * (outside * (1 - outside) / trials) ** 0.5 + 1 / trials, (n, seen, outside)


def _moments(pieces, centre):
    """The mean (less ``centre``) and variance of the total the pieces hold."""
    w_all = m1_all = m2_all = 0.0
    for pc in pieces:
        pmf = np.diff(pc.cdf, prepend=0.0)
        x = pc.start + np.arange(len(pmf)) * pc.h - centre
        m1, m2 = float(pmf @ x), float(pmf @ (x * x))
        w, s = pc.weights, pc.shifts
        w_all += float(w.sum())
        m1_all += float(w @ (m1 + s))
        m2_all += float(w @ (m2 + 2 * s * m1 + s * s))
    mean = m1_all / w_all
    return mean, m2_all / w_all - mean * mean


@pytest.mark.parametrize("config, wager, n", [("tribal", "five-card-bonus", 100_000), ("maryland", "base", 1_000_000)])
def test_a_long_period_is_on_its_outcomes_own_lattice_with_the_mean_and_variance_of_n_rounds(config, wager, n):
    # these totals need more than 2^16 points even with the rare awards apart: they were put on a
    # coarser lattice, each value split between its neighbours, which kept the mean but added 0.3% and
    # 2.7% to the variance (and moved the PAR sheet's 99% band at 100,000 rounds by 0.1 points of hold)
    from lit_compliance.gamemath.period import one_round
    from lit_compliance.table.theory import load_theory, sheet

    values, probs = one_round(sheet(load_theory(ROOT / "examples" / "configs" / f"{config}.yaml"), wager))
    h0 = period_total.lattice_step(values)
    assert period_total._rare(values, probs, n, h0, period_total.MAX_POINTS // 2) is None
    pieces = period_total.total_pieces(values, probs, n)
    assert {pc.h for pc in pieces} == {h0}
    mean = float(values @ probs)
    var = float(((values - mean) ** 2) @ probs)
    got_mean, got_var = _moments(pieces, n * mean)
    assert abs(got_mean) < 1e-8 * (n * var) ** 0.5
    assert got_var == pytest.approx(n * var, rel=1e-7)


@pytest.mark.slow  # 3,000 periods of 60,000 rounds
def test_the_player_band_over_60000_rounds_holds_its_level_of_simulated_periods(catalogue):
    # the Maryland example's player: on the coarse lattice its 95% band left 0.8% of honest totals above it
    from lit_compliance.table.config import load_config, ruleset_for
    from lit_compliance.table.figures import wager_rounds
    from lit_compliance.table.player_round import player_round
    from lit_compliance.table.theory import theory_of

    cfg = load_config(ROOT / "examples" / "configs" / "maryland.yaml")
    theory = theory_of(cfg, ruleset_for(cfg, catalogue), offered_only=True, every_seat=True)
    rows, _ = wager_rounds(theory)
    got = player_round(theory, {r.wager: r.stake for r in rows})
    values, probs = np.array(got.values), np.array(got.probabilities)
    probs = probs / probs.sum()
    n, trials = 60_000, 3000
    (low, high), = period.total_bands(values, probs, [n], "95")
    pieces = period_total.total_pieces(values, probs, n)
    total = sum(float(pc.weights.sum()) for pc in pieces)
    below = period_total.cdf(pieces, np.array([low]))[0] / total
    above = 1 - period_total.cdf(pieces, np.array([high]))[0] / total
    assert 0.02 < below <= 0.025 and 0.02 < above <= 0.025
    rng = np.random.default_rng(60)
    cum = np.cumsum(probs)
    totals = np.array([values[np.minimum(np.searchsorted(cum, rng.random(n), side="right"), len(values) - 1)].sum()
                       for _ in range(trials)])
    for share, seen in ((below, (totals < low).mean()), (above, (totals > high).mean())):
        assert abs(seen - share) <= 4 * (share * (1 - share) / trials) ** 0.5 + 1 / trials, (seen, share)


def test_where_no_window_can_list_the_sums_the_lattice_is_only_a_little_coarser(catalogue, tmp_path, monkeypatch):
    # a quarter-dollar stake over 60,000 rounds: every window's listing passes the budget (grouping the
    # rare outcomes by size, tried, took 120 s and 16 GB here); half, a quarter, ... of them are taken
    # apart instead, the rest's lattice a little coarser than a quarter
    values, probs = _maryland_round(catalogue, tmp_path, "0.25")
    h0 = period_total.lattice_step(values)
    assert h0 == 0.25
    calls = []

    def listed(totals, chances, steps, q, _real=period_total.rare_step):
        calls.append(len(totals) * len(steps))
        return _real(totals, chances, steps, q)

    monkeypatch.setattr(period_total, "rare_step", listed)
    n = 60_000
    pieces = period_total.total_pieces(values, probs, n)
    assert calls and max(calls) <= period_total.POINT_BUDGET
    mean = float(values @ probs)
    var = float(((values - mean) ** 2) @ probs)
    step = max(pc.h for pc in pieces)
    assert h0 < step < var ** 0.5 / 100                   # coarser than its own, finer than 1/100 SD a round
    got_mean, got_var = _moments(pieces, n * mean)
    assert abs(got_mean) < 1e-8 * (n * var) ** 0.5
    assert 1 - 1e-9 <= got_var / (n * var) <= 1 + step ** 2 / 4 / var + 1e-9   # what splitting adds, at most
    assert got_var / (n * var) < 1 + 1e-5


def _direct_total(values, probs, m: int) -> dict[int, float]:
    """The total of m rounds by adding up every round in turn, point by point (no transform)."""
    out = {0: 1.0}
    for _ in range(m):
        nxt: dict[int, float] = {}
        for total, chance in out.items():
            for v, p in zip(values.tolist(), probs.tolist()):
                nxt[total + int(v)] = nxt.get(total + int(v), 0.0) + chance * p
        out = nxt
    return out


def test_totals_of_several_numbers_of_rounds_from_one_transform_equal_adding_up_round_by_round():
    """The pieces of a total with k rare outcomes apart are totals of n, n - 1, ..., n - k rounds of the
    ordinary outcomes, made from one transform (a power by squaring, then one product each): each is the
    distribution adding up the rounds one by one gives, on its own first point."""
    values = np.array([-3.0, -1.0, 0.0, 1.0, 2.0, 7.0])
    probs = np.array([0.05, 0.4, 0.2, 0.2, 0.1, 0.05])
    rounds = [0, 1, 5, 9, 10, 13]
    got = period_total.convolved(values, probs, rounds, 1.0)
    for m in rounds:
        start, h, cdf = got[m]
        assert h == 1.0
        want = _direct_total(values, probs, m)
        points = start + np.arange(len(cdf)) * h
        for total in range(-3 * m - 2, 7 * m + 3):
            at = int(round(total - start))
            below = float(cdf[at]) if 0 <= at < len(cdf) else (0.0 if at < 0 else 1.0)
            assert below == pytest.approx(sum(p for t, p in want.items() if t <= total), abs=1e-13)
        assert points[0] <= -3 * m and points[-1] >= 7 * m


def test_the_power_by_squaring_is_the_complex_power():
    rng = np.random.default_rng(5)
    spectrum = np.fft.rfft(rng.random(64) / 32)
    for m in (0, 1, 2, 3, 17, 100, 1023, 60_000):
        want = spectrum ** m
        got = period_total._power(spectrum, m)
        assert np.allclose(got, want, rtol=1e-9, atol=1e-300), m


def test_the_lattice_of_money_amounts_priced_a_unit_at_a_stake_that_does_not_divide_them_is_found():
    """A wager paying money amounts, priced a unit at a stake that does not divide them (1,000 / 7
    units at $7), has the lattice gcd(amounts) / stake: every value a whole multiple of it, none
    split onto the 1e-4 grid. Random amounts and stakes in cents, the expected step by integer gcd."""
    from fractions import Fraction
    from math import gcd

    rng = np.random.default_rng(7)
    for _ in range(300):
        stake = int(rng.integers(1, 50_000))                        # cents: $0.01 .. $500
        cents = rng.integers(-200_000_000, 200_000_000, size=int(rng.integers(2, 12))) // int(rng.choice([1, 5, 100]))
        g = 0
        for c in cents.tolist():
            g = gcd(g, abs(c))
        want = Fraction(g, stake)
        values = cents / stake                                      # units: the money over the stake
        got = period_total.lattice_step(values)
        if want >= Fraction(1, 10_000):
            assert got == pytest.approx(float(want), rel=1e-12), (cents, stake)
            assert np.allclose(values / got, np.round(values / got), rtol=0, atol=1e-6)
        else:
            assert got == 1e-4


def test_values_that_are_not_fractions_of_a_small_denominator_keep_the_finest_grid_and_say_they_are_off_it():
    assert period_total.lattice(np.array([0.1234567891, 0.3])) == (1e-4, False)     # 10/81 to 1e-10 only
    assert period_total.lattice(np.array([np.pi, 1.0])) == (1e-4, False)
    assert period_total.lattice(np.array([0.5, 1.5, -2.0])) == (0.5, True)          # the grid of 1e-4 as before
    assert period_total.lattice(np.array([1000 / 7, -1.0])) == (pytest.approx(1 / 7, rel=1e-12), True)


def test_a_band_of_values_on_no_lattice_says_the_grid_they_were_split_onto():
    """Values no lattice fits are split onto the grid of 1e-4, which adds to the variance: each band
    says that grid, as it says period_total's last resort."""
    values = np.array([-1.0, 1.0, 3.0, 50.0]) * (1 + np.sqrt(2) * 1e-6)
    probs = np.array([0.6, 0.3, 0.09, 0.01])
    steps = [step for _lo, _hi, step in period.total_bands_and_lattices(values, probs, [10, 1000])]
    assert steps[0] == pytest.approx(1e-4)                 # the grid itself
    assert steps[1] is not None and steps[1] > 1e-4        # a lattice coarser still (the last resort)
    exact = np.array([-1.0, 1.0, 3.0, 50.0])
    assert all(step is None for *_b, step in period.total_bands_and_lattices(exact, probs, [10, 1000]))


def test_a_listing_that_gives_way_learns_it_from_a_part_of_its_step(catalogue, monkeypatch):
    """The Maryland example's player over 2,400 and 60,000 rounds: the windows whose listing gives way
    learn it from the likeliest totals' pairs (:func:`period_total.surely_more`), not from a step of up to
    0.7 million pairs made in full; the pieces are the same, bit for bit."""
    values, probs, _ = _player_round(catalogue, ROOT / "examples" / "configs" / "maryland.yaml")
    calls = []

    def listed(totals, chances, steps, q, _real=period_total.rare_step):
        calls.append(len(totals) * len(steps))
        return _real(totals, chances, steps, q)

    monkeypatch.setattr(period_total, "rare_step", listed)
    for n in (2_400, 60_000):
        calls.clear()
        got = period_total.total_pieces(values, probs, n)
        early = list(calls)
        with monkeypatch.context() as m:
            m.setattr(period_total, "surely_more", lambda *args: False)
            calls.clear()
            want = period_total.total_pieces(values, probs, n)
        assert max(calls) > 2 * max(early) and sum(calls) > 2 * sum(early)
        assert len(got) == len(want)
        for a, b in zip(got, want):
            assert (a.start, a.h) == (b.start, b.h)
            for field in ("weights", "shifts", "cdf"):
                assert np.array_equal(getattr(a, field), getattr(b, field))


def test_surely_more_says_so_only_where_the_step_keeps_more_sums_than_the_room():
    """Over random listings: wherever :func:`period_total.surely_more` says the step would keep more than
    ``room`` sums, the whole step keeps more; and it does say so on many of them."""
    rng = np.random.default_rng(2026)
    said = 0
    for _ in range(300):
        totals = np.unique(rng.integers(-5_000, 0, rng.integers(50, 800)))
        rng.shuffle(totals)
        chances = rng.random(len(totals)) ** 8 * 10.0 ** -rng.integers(0, 10)
        steps = np.unique(rng.integers(-3_000, -1, rng.integers(5, 60)))
        q = rng.random(len(steps))
        q /= q.sum()
        w_next = 10.0 ** -rng.uniform(0, 8)
        room = int(rng.integers(10, 4_000))
        if period_total.surely_more(totals, chances, steps, q, w_next, room):
            said += 1
            sums, added = period_total.rare_step(totals, chances, steps, q)
            assert int((added * w_next > period_total.RARE_PRUNE).sum()) > room
    assert said > 30


def test_a_pieces_cdf_is_a_view_of_its_padded_cdf_and_equals_the_rolled_normalised_sum():
    """:func:`period_total.padded_cdf` gives, bit for bit, the cumulative sum of the transform's output
    turned, its negative roundings made 0 and normalised; a piece reads it without a copy."""
    rng = np.random.default_rng(7)
    for size, turn in ((16, 0), (16, 5), (1_000, 999), (4_096, 1_234)):
        pmf = rng.random(size) - 0.05
        want = np.clip(np.roll(pmf, -turn), 0.0, None)
        want /= want.sum()
        want = np.cumsum(want)
        padded = period_total.padded_cdf(pmf, turn)
        assert padded[0] == 0.0 and padded[-1] == 1.0
        assert np.array_equal(padded[1:-1], want)
        piece = period_total.Piece([1.0], [0.0], 0.0, 1.0, padded[1:-1])
        assert piece.padded is padded
    loose = period_total.Piece([1.0], [0.0], 0.0, 1.0, want.copy())
    assert np.array_equal(loose.padded, np.concatenate(([0.0], want, [1.0])))


def test_a_long_periods_power_is_made_only_where_it_is_not_vanishingly_small(catalogue, monkeypatch):
    """The power of the spectrum is made only at the frequencies where it is at least
    :data:`period_total.TINY_POWER` (the rest 0): there, the same products bit for bit; and the totals
    of the Maryland example's player's ordinary outcomes over 60,000 rounds (most of whose 524,289
    frequencies vanish) come back bit for bit as with every frequency's power made."""
    rng = np.random.default_rng(11)
    spectrum = np.fft.rfft(rng.random(4_096) / 2_048)
    for m in (2, 3, 50, 1_000, 60_000):
        got = period_total._power(spectrum, m)
        full = period_total._squared_on(spectrum, m)
        live = got != 0
        assert np.array_equal(got[live], full[live])
        assert np.all(np.abs(full[~live]) < period_total.TINY_POWER * 1.01)
    values, probs, _ = _player_round(catalogue, ROOT / "examples" / "configs" / "maryland.yaml")
    n = 60_000
    keep = np.ones(len(values), dtype=bool)
    keep[period_total._rare(values, probs, n, 1.0, period_total.WIDE_POINTS // 2)] = False
    small_v, small_p = values[keep], probs[keep] / probs[keep].sum()
    rounds = [n - k for k in range(3)]
    got = period_total.convolved(small_v, small_p, rounds, 1.0, period_total.WIDE_POINTS // 2)
    spectrum_size = len(got[n][2]) // 2 + 1
    monkeypatch.setattr(period_total, "TINY_POWER", 0.0)
    want = period_total.convolved(small_v, small_p, rounds, 1.0, period_total.WIDE_POINTS // 2)
    for m in rounds:
        assert got[m][:2] == want[m][:2] and np.array_equal(got[m][2], want[m][2])
    assert spectrum_size > 100_000


def test_a_lattice_coarsened_to_fit_its_window_is_at_least_twice_the_values_own():
    """Where a window cannot hold the total on its own lattice, the step it is put on is what the window
    needs, but never less than twice the values' own: a hair above it (which a report prints as the own
    step, "$1.0000, coarser than the stakes' own") would split every value as twice it does."""
    values = np.array([-3.0, -1.0, 0.0, 1.0, 2.0, 7.0])
    probs = np.array([0.05, 0.4, 0.2, 0.2, 0.1, 0.05])
    n = 400
    points = sum(period_total._room(values, probs, n)) + 2.0       # the window, on the dollar
    for limit, want in ((int(points) - 3, 2.0), (int(points) // 5, points / (int(points) // 5)),
                        (int(points) + 10, 1.0)):
        start, h, cdf = period_total.convolved(values, probs, [n], 1.0, limit)[n]
        assert h == pytest.approx(want, rel=1e-12)
        mean = float(values @ probs)
        pmf = np.diff(np.concatenate(([0.0], cdf)))
        got_mean = float((start + np.arange(len(cdf)) * h) @ pmf)
        assert got_mean == pytest.approx(n * mean, abs=1e-6)   # split between neighbours: the mean kept


def test_bands_are_read_from_the_cheapest_window_and_tails_from_the_narrowest(catalogue):
    """The Massachusetts example's player over 60,000 rounds: the narrowest window that holds the
    total takes eight outcomes apart (eight pieces of 2^19 points); the widest takes none (one piece of
    2^20), which costs less than half as much to transform. A player's band reads the cheapest, and its
    edges are the same lattice points, to the bit; the tail table and a PAR sheet (whose normal curve's
    share is read from the pieces too) keep the narrowest's pieces."""
    values, probs, _ = _player_round(catalogue, ROOT / "examples" / "configs" / "massachusetts.yaml")
    n = 60_000
    narrowest = period_total.total_pieces(values, probs, n)
    cheapest = period_total.total_pieces(values, probs, n, cheapest=True)
    assert len(narrowest) > 4 and len(cheapest) == 1
    cost = {len(pieces): (len(pieces) + 1) * max(len(pc.cdf) for pc in pieces) for pieces in (narrowest, cheapest)}
    assert cost[1] < cost[len(narrowest)] / 2
    for level in ("95", "99", "99.9"):
        want = period._quantiles(values, probs, n, (level,), tails=True)[0][level]
        for tails, cheap in ((True, True), (False, True), (False, False)):
            assert period._quantiles(values, probs, n, (level,), tails=tails, cheapest=cheap)[0][level] == want
    assert period.total_bands_and_lattices(values, probs, [n]) == [
        (n * float(values @ probs) + lo * float(np.sqrt(((values - values @ probs) ** 2) @ probs)) * np.sqrt(n),
         n * float(values @ probs) + hi * float(np.sqrt(((values - values @ probs) ** 2) @ probs)) * np.sqrt(n), None)
        for lo, hi in [period._quantiles(values, probs, n, ("95",), tails=True)[0]["95"]]]
