"""``canonical_json`` is RFC 8785's text (``rfc8785`` itself the judge) for every bundled ruleset, every
example configuration, and random data made to hit each edge: floats of every size, whole floats near
2^53, integers at the safe bounds, keys beyond U+D800 (sorted by UTF-16, not by code point), control
characters and quotes in strings, and what RFC 8785 refuses (refused the same way)."""
from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
import rfc8785
import yaml

from lit_compliance import catalogue
from lit_compliance.load.fingerprint import canonical_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "configs"


def _rfc8785(value) -> str:
    return rfc8785.dumps(value).decode("utf-8")


def test_every_bundled_ruleset_and_example_configuration_reads_as_rfc8785_writes_it():
    cat = catalogue()
    documents = [rs.data for j in cat.jurisdictions for rs in cat.versions(j)]
    documents += [yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(EXAMPLES.glob("*.yaml"))]
    assert len(documents) > 15
    for data in documents:
        assert canonical_json(data) == _rfc8785(data)


def _float(rng: random.Random) -> float:
    kind = rng.randrange(6)
    if kind == 0:
        return float(rng.randrange(-2 ** 54, 2 ** 54))            # whole, either side of 2^53
    if kind == 1:
        return rng.choice([2.0 ** 53, 2.0 ** 53 - 1, -(2.0 ** 53) + 1, 1e16, 1e21, 1e-4, 1e-7, 0.0, -0.0, 0.5])
    if kind == 2:
        return rng.uniform(-1, 1) * 10 ** rng.randrange(-12, 25)
    if kind == 3:
        return round(rng.uniform(0, 100), rng.randrange(0, 4))
    if kind == 4:
        return math.ldexp(rng.random(), rng.randrange(-60, 80))
    return rng.choice([1.0, 2.5, 100.0, 0.1, 0.25, 1e15 + 0.5])


def _text(rng: random.Random) -> str:
    alphabet = ["a", "B", "z", " ", '"', "\\", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "\u2028", "\ud7ff",
                "\ue000", "\uffff", "\U0001f600", "\U00010000"]
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6)))


def _value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return _text(rng)
    if kind == 1:
        return rng.choice([0, 1, -1, 2 ** 53 - 1, -(2 ** 53) + 1, rng.randrange(-10 ** 6, 10 ** 6)])
    if kind == 2:
        return _float(rng)
    if kind == 3:
        return rng.choice([True, False, None])
    if kind in (4, 5):
        return rng.choice(["plain", "text", ""])
    if kind == 6:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if kind == 7:
        return tuple(_value(rng, depth + 1) for _ in range(rng.randrange(0, 3)))
    return {_text(rng): _value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


def test_random_data_reads_as_rfc8785_writes_it():
    rng = random.Random(20261128)
    for _ in range(4000):
        value = _value(rng)
        assert canonical_json(value) == _rfc8785(value), value


@pytest.mark.parametrize("value", [2 ** 53, -(2 ** 53), float("nan"), float("inf"), "\ud800", {"\udc00": 1},
                                   {1: "a"}, {"a": object()}])
def test_what_rfc8785_refuses_is_refused_alike(value):
    with pytest.raises((rfc8785.CanonicalizationError, UnicodeError)) as expected:   # a surrogate key: UnicodeError
        rfc8785.dumps(value)
    with pytest.raises(type(expected.value)):
        canonical_json(value)


def test_keys_beyond_the_basic_plane_sort_by_utf16_code_units():
    value = {"\U0001f600": 1, "\uffff": 2, "a": 3}
    assert canonical_json(value) == _rfc8785(value) == '{"a":3,"\U0001f600":1,"\uffff":2}'
