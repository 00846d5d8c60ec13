"""The cache's shipped layer (``lit_compliance.cache.SHIPPED``): read after the user's cache, never
written, only what this engine made (by the index's fingerprint and by each entry's key), and off
with ``LIT_COMPLIANCE_SHIPPED=off``. Here a shipped folder is made by the cache's own writer in a
temporary folder; tests/cli/test_shipped_math.py checks the wheel's."""
from __future__ import annotations

import json
import os

import pytest

from lit_compliance import cache
from lit_compliance.gamemath.tables import FIVE_COUNT_LIST, N5

INPUTS = {"rules": "a ranking rule of this test"}
GENUINE = [n * 7 for n in range(N5)]


def _counted(value):
    calls = []
    return calls, (lambda: calls.append(1) or list(value))


def _ship(folder, entries, engine=None):
    """Index ``folder``'s entries as a wheel's shipped layer made by ``engine`` (default: this one)."""
    os.chmod(folder, 0o755)
    (folder / "index.json").write_text(json.dumps({"engine": engine or cache.engine_fingerprint(),
                                                   "entries": sorted(entries)}), encoding="utf-8")
    cache.forget()


@pytest.fixture
def layer(tmp_path, monkeypatch):
    """A shipped folder holding the genuine entry for INPUTS, in use; an empty user cache; the layer on."""
    shipped = tmp_path / "shipped"
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(shipped))
    cache.store(FIVE_COUNT_LIST, INPUTS, GENUINE)
    name = cache.entry_path(FIVE_COUNT_LIST, INPUTS).name
    _ship(shipped, [name])
    monkeypatch.setattr(cache, "SHIPPED", shipped)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "user"))
    monkeypatch.setenv("LIT_COMPLIANCE_SHIPPED", "on")
    yield shipped, name
    cache.forget()


def test_a_shipped_entry_is_read_and_nothing_is_written(layer, tmp_path):
    shipped, name = layer
    before = sorted(p.name for p in shipped.iterdir())
    calls, compute = _counted([1] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, compute) == GENUINE and calls == []
    assert not (tmp_path / "user").exists() or not any((tmp_path / "user").iterdir())  # the user's cache untouched
    other = {"rules": "another ranking rule"}
    assert cache.memo(FIVE_COUNT_LIST, other, compute) == [1] * N5 and calls == [1]  # a miss: computed...
    assert cache.entry_path(FIVE_COUNT_LIST, other).exists()  # ...and kept in the user's cache
    assert sorted(p.name for p in shipped.iterdir()) == before  # never in the shipped layer


def test_the_users_cache_is_read_first(layer):
    cache.store(FIVE_COUNT_LIST, INPUTS, [2] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, _counted([1] * N5)[1]) == [2] * N5


def test_the_off_switch(layer, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_SHIPPED", "off")
    calls, compute = _counted([1] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, compute) == [1] * N5 and calls == [1]
    assert cache.shipped_folder() is None
    monkeypatch.setenv("LIT_COMPLIANCE_SHIPPED", "on")
    cache.forget()
    assert cache.shipped_folder() == layer[0] and cache.peek(FIVE_COUNT_LIST, {"rules": "x"}) is None


def test_an_entry_of_another_engine_planted_at_this_engines_name_is_not_read(layer, monkeypatch):
    """The entry a wheel of other code made for the same inputs, put under this engine's name and
    listed in the index: its key (which holds the engine's fingerprint) is not this one's: a miss."""
    shipped, name = layer
    monkeypatch.setattr(cache, "_FINGERPRINT", "another engine")
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(shipped / "foreign"))
    cache.store(FIVE_COUNT_LIST, INPUTS, [3] * N5)
    foreign = cache.entry_path(FIVE_COUNT_LIST, INPUTS)
    monkeypatch.undo()
    monkeypatch.setattr(cache, "SHIPPED", shipped)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(shipped.parent / "user"))
    monkeypatch.setenv("LIT_COMPLIANCE_SHIPPED", "on")
    assert foreign.name != name  # another engine's entry has another name...
    (shipped / name).write_bytes(foreign.read_bytes())  # ...planted at this one's
    cache.forget()
    calls, compute = _counted([1] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, compute) == [1] * N5 and calls == [1]


def test_an_altered_entry_is_not_read(layer):
    shipped, name = layer
    raw = (shipped / name).read_bytes()
    (shipped / name).write_bytes(raw.replace(b"[0, 7, 14", b"[0, 7, 15"))  # the checksum no longer holds
    calls, compute = _counted([1] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, compute) == [1] * N5 and calls == [1]


def test_a_layer_another_engine_made_is_not_read(layer):
    shipped, name = layer
    _ship(shipped, [name], engine="another engine")
    assert cache.shipped_folder() is None
    calls, compute = _counted([1] * N5)
    assert cache.memo(FIVE_COUNT_LIST, INPUTS, compute) == [1] * N5 and calls == [1]


def test_a_layer_others_can_write_to_is_not_read(layer):
    shipped, _ = layer
    os.chmod(shipped, 0o777)
    cache.forget()
    assert cache.shipped_folder() is None and cache.peek(FIVE_COUNT_LIST, INPUTS) is None


def test_an_entry_the_index_does_not_list_is_not_read(layer):
    shipped, name = layer
    _ship(shipped, [])
    assert cache.peek(FIVE_COUNT_LIST, INPUTS) is None
