"""A PAR sheet's band of the hold computed on a lattice coarser than its outcomes' own (the total's last
resort, where no window holds it: reached here by making the widest window tiny) says so, with the
lattice and the most it can add to the variance, in the JSON and every printed form; a band on its own
lattice says nothing (every bundled sheet: the snapshot of every output holds them byte for byte)."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main
from lit_compliance.gamemath import period, period_total


def _par(fmt: str) -> str:
    got = CliRunner().invoke(main, ["par", "tribal", "--wager", "base", "--format", fmt])
    assert got.exit_code == 0, got.output[-800:]
    return got.stdout


@pytest.fixture
def tiny_window(computed, monkeypatch):
    """No window holds more than 512 points: every total wider than that is put on a coarser lattice."""
    monkeypatch.setattr(period_total, "WIDE_POINTS", 1 << 10)
    monkeypatch.setattr(period, "_BANDS", cache.Bounded(256))     # nothing worked out before in this process


def test_a_band_on_a_coarser_lattice_says_so_with_the_variance_it_may_add(tiny_window):
    section = json.loads(_par("json"))["wagers"][0]["sections"][0]
    coarse = [b for b in section["bands"] if "coarser_lattice" in b]
    assert coarse, "no band was computed on a coarser lattice"
    variance = section["totals"]["variance"]          # of one round, per unit: what the lattice adds to
    for b in coarse:
        assert b["coarser_lattice"] > 1.0                 # the base game's own lattice is one unit
        assert b["variance_added_at_most"] == pytest.approx(b["coarser_lattice"] ** 2 / 4 / variance, rel=1e-6)
    text, html = _par("text"), _par("html")
    first = coarse[0]
    said = f"{first['rounds']:,} rounds: a lattice of {first['coarser_lattice']:.4g} units"
    assert said in text and said in html


def test_a_band_on_its_own_lattice_says_nothing(computed, monkeypatch):
    monkeypatch.setattr(period, "_BANDS", cache.Bounded(256))
    bands = json.loads(_par("json"))["wagers"][0]["sections"][0]["bands"]
    assert bands and not any("coarser_lattice" in b for b in bands)
    assert "coarser than the outcomes' own" not in _par("text")


def test_the_bound_holds_against_the_coarser_total_s_own_variance(monkeypatch):
    """The variance a coarser lattice adds to the total of n rounds is at most n quarter steps squared."""
    monkeypatch.setattr(period_total, "WIDE_POINTS", 1 << 10)
    rng = np.random.default_rng(7)
    values = np.concatenate([np.arange(-3, 4, dtype=float), [40.0, 400.0]])
    probs = rng.random(len(values)) + 0.1
    probs[-2:] *= 1e-3
    probs /= probs.sum()
    n = 20_000
    pieces = period_total.total_pieces(values, probs, n)
    step = period._coarser_step(period_total.lattice(values), pieces)
    assert step is not None and step > 1.0
    mean = float(values @ probs)
    var = float(((values - mean) ** 2) @ probs)
    w = m1 = m2 = 0.0
    for pc in pieces:
        pmf = np.diff(pc.cdf, prepend=0.0)
        x = pc.start + np.arange(len(pmf)) * pc.h - n * mean
        a, b2 = float(pmf @ x), float(pmf @ (x * x))
        w += float(pc.weights.sum())
        m1 += float(pc.weights @ (a + pc.shifts))
        m2 += float(pc.weights @ (b2 + 2 * pc.shifts * a + pc.shifts ** 2))
    got = m2 / w - (m1 / w) ** 2
    assert -1e-9 <= got / (n * var) - 1 <= step * step / 4 / var
