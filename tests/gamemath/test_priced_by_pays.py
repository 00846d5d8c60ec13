"""A base-game paytable's priced record is kept by what it is priced from (its pays and the ranking
rules: :func:`lit_compliance.gamemath.base_pays`), not by its names: a house paytable paying as a
bundled one, under another wager's name, reads the bundled paytable's entry (the entry the wheel
ships), with its own labels, and that record is the one computing it from nothing gives; a paytable
paying otherwise on one line is priced anew."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from lit_compliance import cache, gamemath
from lit_compliance.gamemath import price_paytable
from lit_compliance.model import model_of
from lit_compliance.model.payout import Payout


@pytest.fixture
def counted(computed):
    """An empty cache of this test's own, and the list of records computed (not read)."""
    return computed(gamemath, "_compute", lambda wager, table, *_: table.id if table is not None else None)


def _bundled(catalogue):
    model = model_of(catalogue.get("tribal"))
    wager = model.wager("base")
    return model, wager, wager.paytables[0]


def _house(table, **pays):
    """The paytable as a table's own house paytable: other id, name, wording and citations, the same
    figures but those ``pays`` changes (hand -> new "to 1" odds)."""
    lines = tuple(replace(line, quote=None, cite="house paytable", findings=(),
                          payout=replace(line.payout, value=Fraction(pays[line.hand])) if line.hand in pays
                          else line.payout) for line in table.lines)
    return replace(table, id="custom", name="House paytable", lines=lines)


def _from_nothing(monkeypatch, wager, table, rules):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    cache.forget()
    return price_paytable(wager, table, rules)


def test_a_house_paytable_paying_alike_reads_the_bundled_record_with_its_own_labels(catalogue, counted, monkeypatch):
    model, wager, bundled = _bundled(catalogue)
    first = price_paytable(wager, bundled, model.hand_rules)
    assert counted == [bundled.id] and first.paytable_id == bundled.id
    cache.forget()   # a new process: only the disk cache is kept
    other_wager = replace(wager, name="The house's three bets")
    house = _house(bundled)
    assert house != bundled and gamemath.base_pays(house) == gamemath.base_pays(bundled)
    got = price_paytable(other_wager, house, model.hand_rules)
    assert counted == [bundled.id]   # read, not computed
    assert (got.paytable_id, got.paytable_name, got.wager_name) == ("custom", "House paytable", "The house's three bets")
    assert got.house_edge == first.house_edge and got.base == first.base
    assert got.as_json() == _from_nothing(monkeypatch, other_wager, house, model.hand_rules).as_json()
    assert counted == [bundled.id, "custom"]


def test_a_paytable_paying_otherwise_on_one_line_is_priced_anew(catalogue, counted, monkeypatch):
    model, wager, bundled = _bundled(catalogue)
    first = price_paytable(wager, bundled, model.hand_rules)
    full_house = next(line for line in bundled.lines if line.hand == "full_house").payout.value
    cache.forget()
    richer = _house(bundled, full_house=full_house + 1)
    assert gamemath.base_pays(richer) != gamemath.base_pays(bundled)
    got = price_paytable(wager, richer, model.hand_rules)
    assert counted == [bundled.id, "custom"]
    assert got.house_edge < first.house_edge
    assert got.as_json() == _from_nothing(monkeypatch, wager, richer, model.hand_rules).as_json()


def test_a_missing_figure_is_part_of_what_a_record_is_priced_from(catalogue, counted):
    """A line whose figure the source lacks prices the paytable as incomplete, naming the hand: a
    paytable alike but for that line being stated is another record."""
    model, wager, bundled = _bundled(catalogue)
    flush = next(i for i, line in enumerate(bundled.lines) if line.hand == "flush")
    line = bundled.lines[flush]
    lacking = replace(bundled, lines=bundled.lines[:flush] + (replace(line, payout=Payout(line.payout.kind, None)),)
                      + bundled.lines[flush + 1:])
    assert gamemath.base_pays(lacking) != gamemath.base_pays(bundled)
    whole, incomplete = (price_paytable(wager, t, model.hand_rules) for t in (bundled, lacking))
    assert counted == [bundled.id, bundled.id]
    assert whole.house_edge is not None and incomplete.house_edge is None and "flush" in incomplete.reasons
