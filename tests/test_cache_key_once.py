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
