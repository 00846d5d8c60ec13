"""An entry's key digest (a JSON text of all its inputs, hashed) is worked out once for each read and
once for each write, and names the entry that ``entry_path`` names."""
from __future__ import annotations

from lit_compliance import cache
from lit_compliance.gamemath.tables import FIVE_COUNT_LIST, N5


def test_a_miss_digests_its_key_once_to_read_and_once_to_write_and_a_hit_once(monkeypatch, tmp_path):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    cache.forget()
    digested = []
    real = cache.key_digest
    monkeypatch.setattr(cache, "key_digest", lambda key: digested.append(key) or real(key))
    inputs = {"rules": "a ranking rule of this test"}
    value = [n * 3 for n in range(N5)]
    assert cache.memo(FIVE_COUNT_LIST, inputs, lambda: value) == value
    assert len(digested) == 2 and digested[0] == digested[1] == ["five-count-list", inputs]
    assert cache.entry_path(FIVE_COUNT_LIST, inputs).exists()
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [cache.entry_path(FIVE_COUNT_LIST, inputs).name]
    del digested[:]
    assert cache.memo(FIVE_COUNT_LIST, inputs, lambda: [0] * N5) == value
    assert len(digested) == 1


def test_a_read_only_objects_repr_in_a_key_is_made_once_per_object(catalogue, monkeypatch):
    """``held_repr``: each bundled paytable's text as ``repr`` gives it, worked out on the first ask only."""
    from lit_compliance.model import Paytable, model_of

    made = []
    real = Paytable.__repr__
    monkeypatch.setattr(Paytable, "__repr__", lambda self: made.append(self) or real(self))
    cache.forget()
    tables = [t for w in model_of(catalogue.latest("south-dakota")).wagers for t in w.paytables]
    for _ in range(3):
        assert [cache.held_repr(t) for t in tables] == [real(t) for t in tables]
    assert len(made) == len(tables)
