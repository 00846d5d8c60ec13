"""A YAML file read from the cache is located exactly as when it was parsed: its data come at once,
its positions (kept in an entry of their own) when first asked for, and from the text again when
that entry is missing."""
from __future__ import annotations

from pathlib import Path

from lit_compliance import cache
from lit_compliance.load.strict_yaml import YAML_MARKS, load_yaml_file

RULESET = Path(__file__).resolve().parents[2] / "rulesets" / "maryland" / "v1.yaml"


def _paths(doc) -> list[tuple]:
    """Every path of the document's data (mapping keys and list positions)."""
    out, todo = [], [((), doc.data)]
    while todo:
        path, value = todo.pop()
        out.append(path)
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        todo.extend((path + (k,), v) for k, v in items)
    return out


def _user_copy(tmp_path: Path) -> Path:
    """A ruleset file a user gives: the bundled text with one more comment line, so the wheel's
    prebuilt catalogue (keyed by the exact bytes of the bundled files) does not hold it and it goes
    through the YAML cache."""
    path = tmp_path / "v1.yaml"
    path.write_text(RULESET.read_text(encoding="utf-8") + "\n# a user's copy\n", encoding="utf-8")
    return path


def test_a_cached_yaml_file_locates_every_path_as_the_parse_does(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    ruleset = _user_copy(tmp_path)
    parsed = load_yaml_file(ruleset)
    cached = load_yaml_file(ruleset)
    assert parsed.marks_from is None and cached.marks_from is not None   # the second came from the cache
    assert cached.data == parsed.data and cached.text_digest == parsed.text_digest
    paths = _paths(parsed)
    assert len(paths) > 1000
    assert [cached.locate(p) for p in paths] == [parsed.locate(p) for p in paths]
    assert cached.locate(("wagers", 0, "paytables")) != (1, 1)


def test_a_cached_yaml_file_whose_positions_entry_is_gone_is_located_from_its_text(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    ruleset = _user_copy(tmp_path)
    parsed = load_yaml_file(ruleset)
    marks_entry = cache.entry_path(YAML_MARKS, {"text": parsed.text_digest})
    assert marks_entry is not None and marks_entry.is_file()
    marks_entry.unlink()
    cached = load_yaml_file(ruleset)
    paths = _paths(parsed)
    assert [cached.locate(p) for p in paths] == [parsed.locate(p) for p in paths]
    assert marks_entry.is_file()   # kept again for the next run
