"""The priced record: a frozen, typed answer with one JSON codec that gives back an equal record.

Every record the catalogue prices (as published) goes through the codec and back unchanged, so a
record read from the cache is the record computed; a record of any shape the types allow does too
(hypothesis); data of another shape is refused, never half read.
"""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lit_compliance.gamemath import analyse, paytable_result
from lit_compliance.gamemath.codec import CodecError, decode, encode
from lit_compliance.gamemath.record import CoverAllFigures, Method, PricedPaytable, Status
from lit_compliance.model.enums import HandCategory


@pytest.fixture(scope="module")
def records(catalogue):
    return [r for j in catalogue.jurisdictions for r in analyse(catalogue.latest(j))]


def test_every_catalogue_record_round_trips(records):
    kinds = set()
    for record in records:
        data = json.loads(json.dumps(record.as_json()))   # exactly what the cache keeps
        assert PricedPaytable.from_json(data) == record, (record.wager_id, record.paytable_id)
        kinds.add((record.status, record.base is not None, record.side is not None, record.cover_all is not None))
    statuses = {k[0] for k in kinds}
    # the catalogue exercises every part of the record: base strategy, side lines, Cover All, the
    # return as a function of the meter and of the wager, and paytables the source leaves incomplete
    assert {Status.EXACT, Status.INCOMPLETE, Status.FUNCTION_OF_METER, Status.FUNCTION_OF_WAGER} <= statuses
    assert any(k[1] for k in kinds) and any(k[2] for k in kinds) and any(k[3] for k in kinds)


def test_records_are_frozen_and_exact(records):
    base = next(r for r in records if r.base is not None and r.status is Status.EXACT)
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.house_edge = Fraction(0)   # type: ignore[misc]
    assert isinstance(base.house_edge, Fraction) and base.return_to_player == 1 - base.house_edge
    # the moments and the figures agree: the mean net result is minus the house edge
    assert base.moments.mean == -base.house_edge
    assert sum(p for _, _, p in base.base.outcomes) == 1
    assert base.element_of_risk == base.house_edge / base.average_bets


def test_fractions_are_text_in_json(catalogue):
    record = paytable_result(catalogue.latest("maryland"), "three-card-bonus", "a")
    data = record.as_json()
    assert data["return_to_player"] == f"{record.return_to_player.numerator}/{record.return_to_player.denominator}"
    assert data["status"] == "exact" and data["wager_kind"] == "three_card_bonus"


def test_foreign_data_is_refused(catalogue):
    record = paytable_result(catalogue.latest("maryland"), "base", "a")
    data = record.as_json()
    for broken in ({**data, "status": "certain"}, {**data, "house_edge": 0.035}, {**data, "extra": 1},
                   {k: v for k, v in data.items() if k != "missing"}, {**data, "missing": "royal_flush"},
                   {**data, "moments": {"mean": "1/2"}}, [], "text"):
        with pytest.raises(CodecError):
            PricedPaytable.from_json(broken)


_finite = st.floats(allow_nan=False, allow_infinity=False)
st.register_type_strategy(CoverAllFigures, st.builds(
    CoverAllFigures, players=st.integers(1, 7), rounds=st.integers(0, 10 ** 9),
    interval=st.none() | st.tuples(_finite, _finite), exact_return=st.none() | st.fractions(),
    method=st.sampled_from(Method), exact_from=st.none() | st.sampled_from(HandCategory)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_type(PricedPaytable))
def test_any_record_round_trips(record):
    data = json.loads(json.dumps(encode(record)))
    assert decode(PricedPaytable, data) == record
