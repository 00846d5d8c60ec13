"""A PAR sheet's bands of the hold are kept by the one-round distribution they are worked out from
(kind ``hold-bands``), not by the sheet's other options: a table's sheet of a paytable that plays as
a bundled sheet's (the base game at another bet, payout limit and number of players) reads them,
and they are the bands computing that sheet from nothing gives; a distribution that differs (money
amounts at another stake) is worked out anew. A sheet made without its bands (``bands=False``, what
a table's theory reads) has none, and the same figures otherwise."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from lit_compliance import cache
from lit_compliance.gamemath import par
from lit_compliance.gamemath.par import ParOptions, sheet_for
from lit_compliance.gamemath.settings import SettingSource, TableSettings
from lit_compliance.model import model_of

TABLE = ParOptions(bet=Fraction(25), others=6, payout_limit=Fraction(100_000), limit_bet=Fraction(500))


@pytest.fixture
def worked_out(computed):
    """An empty cache of this test's own, and the units of each set of bands worked out (not read)."""
    return computed(par, "_hold_bands", lambda body, units: units)


def _from_nothing(monkeypatch, *args, **kw):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    cache.forget()
    return sheet_for(*args, **kw).body


def test_a_tables_base_sheet_reads_the_bands_of_the_bundled_sheet(catalogue, worked_out, monkeypatch):
    model = model_of(catalogue.get("tribal"))
    wager = model.wager("base")
    table = wager.paytables[0]
    bundled = sheet_for(model, wager, table, ParOptions()).body
    assert worked_out == [3] and len(bundled.bands) == len(par.ROUNDS)
    cache.forget()   # a new process: only the disk cache is kept
    configured = sheet_for(model, wager, table, TABLE).body
    assert worked_out == [3]   # read, not worked out again
    assert configured.payout_limit is not None and bundled.payout_limit is None   # another sheet...
    assert configured.bands == bundled.bands and configured.normal_share == bundled.normal_share   # ...the same bands
    assert configured == _from_nothing(monkeypatch, model, wager, table, TABLE)
    assert worked_out == [3, 3]


def test_money_amounts_at_another_stake_are_another_distribution(catalogue, worked_out):
    model = model_of(catalogue.get("maryland"))
    wager = model.wager("six-card-bonus")
    table = wager.paytables[0]
    assert table.pays_fixed_amounts and not wager.stake_for(table)
    per_dollar = sheet_for(model, wager, table, ParOptions()).body
    cache.forget()
    at_five = ParOptions(stake=Fraction(5), settings=TableSettings(stake=Fraction(5),
                                                                   stake_from=SettingSource.CONFIGURED_MINIMUM))
    five = sheet_for(model, wager, table, at_five).body
    assert worked_out == [1, 1] and five.bands != per_dollar.bands


def test_a_sheet_without_its_bands_has_the_same_figures_otherwise(catalogue, worked_out):
    model = model_of(catalogue.get("maryland"))
    for wager in model.wagers:
        for table in wager.paytables:
            whole = sheet_for(model, wager, table, TABLE)
            bare = sheet_for(model, wager, table, TABLE, bands=False)
            assert bare.body.bands is None and bare.body.normal_share is None
            assert replace(whole.body, bands=None, normal_share=None) == bare.body
            assert bare.priced == whole.priced
    assert len(worked_out) == sum(1 for w in model.wagers for t in w.paytables
                                  if sheet_for(model, w, t, TABLE).body.totals)   # only for the whole sheets


def test_a_sheet_without_its_bands_and_the_whole_sheet_share_one_entry(catalogue, worked_out, tmp_path):
    """What a table's theory reads (``check``) is what ``par CONFIG`` prints but the bands: one
    ``par-sheet`` entry serves both, and the whole sheet adds only its bands."""
    model = model_of(catalogue.get("maryland"))
    wager = model.wager("six-card-bonus")
    table = wager.paytables[0]
    entries = lambda kind: sorted((tmp_path / "cache").glob(f"{kind}-*"))  # noqa: E731
    bare = sheet_for(model, wager, table, TABLE, bands=False).body
    assert len(entries("par-sheet")) == 1 and entries("hold-bands") == [] and worked_out == []
    cache.forget()
    whole = sheet_for(model, wager, table, TABLE).body
    assert len(entries("par-sheet")) == 1 and len(entries("hold-bands")) == 1 and worked_out == [1]
    assert replace(whole, bands=None, normal_share=None) == bare and whole.bands
