"""The bundled rulesets made ready at wheel build (load/prebuilt.py) equal what loading the bundled
files gives; only a file with exactly those bytes (and the schema, source and engine they were
made with) is taken from them."""
from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from lit_compliance.load import prebuild, prebuilt, validation
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.resources import data_dir
from lit_compliance.load.strict_yaml import _read_text, load_yaml_text

BUNDLED = sorted(data_dir("rulesets").glob("*/*.yaml"))
DRAFTS = (data_dir("examples") / "maryland-draft-amendment.yaml",)  # the example draft the wheel carries


def _loaded(path):
    """What the whole loader gives for a bundled file: (its text's digest, data, positions)."""
    text = _read_text(path, path.name)
    doc = load_yaml_text(text, path.name)
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), doc.data, doc.marks


def _assert_equals_loading(folder):
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert len(index["files"]) == len(BUNDLED) + len(DRAFTS)
    for path in BUNDLED + list(DRAFTS):
        digest, data, marks = _loaded(path)
        assert digest in index["files"], path
        stored = json.loads((folder / f"{digest}.json").read_text(encoding="utf-8"))["data"]
        assert stored == data and json.dumps(stored) == json.dumps(data)  # equal, keys in the file's order
        kept = json.loads((folder / f"{digest}.marks.json").read_text(encoding="utf-8"))
        assert {tuple(p): (line, col) for p, line, col in kept} == marks


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The prebuilt catalogue made from the bundled rulesets (once for this module's tests)."""
    out = tmp_path_factory.mktemp("prebuilt")
    assert len(prebuild.make(out, data_dir("rulesets"), DRAFTS)) == len(BUNDLED) + len(DRAFTS)
    return out


def test_what_make_writes_equals_loading_the_bundled_files(folder):
    _assert_equals_loading(folder)


def test_the_shipped_catalogue_equals_loading_the_bundled_files():
    """Installed from a wheel (as CI installs it), the package carries the prebuilt catalogue, made by
    its own engine (so it is used), and it is what loading the bundled files gives."""
    if data_dir("rulesets").parent.name != "_data":
        pytest.skip("a source checkout: no wheel was built, nothing prebuilt ships (CI tests the installed wheel)")
    assert prebuilt._index(prebuilt.FOLDER), "the wheel's prebuilt catalogue is missing or made by other code"
    _assert_equals_loading(prebuilt.FOLDER)


@pytest.fixture
def made(folder, monkeypatch):
    """The prebuilt folder made from the bundled rulesets in use; no cache; validation counted."""
    monkeypatch.setattr(prebuilt, "FOLDER", folder)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    validated = []
    real = validation.validate_document
    monkeypatch.setattr(validation, "validate_document", lambda doc: validated.append(doc.file) or real(doc))
    return validated


def test_a_bundled_file_is_neither_parsed_nor_validated_again(made, monkeypatch):
    from lit_compliance.load import strict_yaml

    parsed = []
    real = strict_yaml.load_yaml_text
    monkeypatch.setattr(strict_yaml, "load_yaml_text", lambda text, display: parsed.append(display) or real(text, display))
    rulesets = Catalogue.load(data_dir("rulesets")).all_versions()
    assert made == [] and parsed == []
    for rs, path in zip(sorted(rulesets, key=lambda r: r.path), sorted(BUNDLED, key=str)):
        assert rs.data == _loaded(path)[1]
        assert rs.document.locate(("wagers", 0, "id")) == _loaded(path)[2][("wagers", 0, "id")]  # positions prebuilt too
    assert parsed == []


def test_other_bytes_go_through_the_whole_loader(made, tmp_path):
    copy = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets"), copy)
    edited = copy / "maryland" / "v1.yaml"
    edited.write_text(edited.read_text(encoding="utf-8") + "# one more comment\n", encoding="utf-8")
    rs = load_ruleset(edited, "maryland/v1.yaml")
    assert made == ["maryland/v1.yaml"]  # validated anew
    assert rs.data == _loaded(data_dir("rulesets") / "maryland" / "v1.yaml")[1]


def test_another_schema_or_engine_finds_nothing_prebuilt(made, monkeypatch):
    path = data_dir("rulesets") / "nsw" / "v1.yaml"
    from lit_compliance.load.strict_yaml import load_yaml_file
    from lit_compliance.load.verdict import validated_key

    key = validated_key(load_yaml_file(path))
    assert prebuilt.validated(key)
    assert not prebuilt.validated(key[:2] + ["another schema"] + key[3:])
    prebuilt._index.cache_clear()
    monkeypatch.setattr(prebuilt.cache, "engine_fingerprint", lambda: "other code")
    try:
        assert not prebuilt.validated(key) and prebuilt.data(key[1]) is None
    finally:
        prebuilt._index.cache_clear()


def test_a_bundled_ruleset_that_does_not_validate_fails_the_build(tmp_path):
    from lit_compliance.load.strict_yaml import InputError

    copy = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets"), copy)
    broken = copy / "nsw" / "v1.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("wagers:", "wagers_misspelt:", 1), encoding="utf-8")
    with pytest.raises(InputError) as failed:
        prebuild.make(tmp_path / "out", copy)
    assert "nsw/v1.yaml" in str(failed.value) and "wagers_misspelt" in str(failed.value)
    assert not (tmp_path / "out" / "index.json").exists()  # nothing a wheel could ship as ready


def _bundled_sources():
    """(source text, guidance key) of each bundled ruleset whose source's numbering it describes."""
    from lit_compliance.load import clause_parser

    out = set()
    for path in BUNDLED:
        source = _loaded(path)[1]["source"]
        if source.get("clauses"):
            out.add((clause_parser._read(source["file"]), json.dumps(source["clauses"], sort_keys=True)))
    return sorted(out)


def _assert_sources_equal_parsing(folder, monkeypatch):
    """What reading ``folder``'s sources gives (clauses, every field; provisions) equals parsing the
    bundled source texts and splitting their clauses now."""
    from lit_compliance.load import clause_parser, provisions

    monkeypatch.setattr(prebuilt, "FOLDER", folder)
    prebuilt._source.cache_clear()
    sources = _bundled_sources()
    assert len(sources) == len(BUNDLED)  # every bundled ruleset describes its source's numbering
    for text, guidance in sources:
        assert prebuilt.source(text, guidance) is not None  # read from the folder, not parsed
        shipped = clause_parser._parsed.__wrapped__(text, guidance)
        parsed = clause_parser.parse_clauses(text, guidance)
        assert [vars(c) for c in shipped] == [vars(c) for c in parsed] and len(parsed) > 10
        split = provisions.SourceIndex(list(parsed)).provisions
        assert provisions._prebuilt_provisions(text, guidance, list(shipped)) == split
        assert sum(len(p) for p in split.values()) > 50
    prebuilt._source.cache_clear()


def test_what_make_writes_for_the_sources_equals_parsing_them(folder, monkeypatch):
    _assert_sources_equal_parsing(folder, monkeypatch)


def test_the_shipped_sources_equal_parsing_the_bundled_texts(monkeypatch):
    if data_dir("rulesets").parent.name != "_data":
        pytest.skip("a source checkout: no wheel was built, nothing prebuilt ships (CI tests the installed wheel)")
    _assert_sources_equal_parsing(prebuilt.FOLDER, monkeypatch)


def test_a_bundled_source_is_not_parsed_again_and_another_text_is(made, monkeypatch):
    from lit_compliance.load import clause_parser, provisions

    parsed, split = [], []
    real_parse, real_split = clause_parser._Parser.parse, provisions.split
    monkeypatch.setattr(clause_parser._Parser, "parse", lambda self, text, config: parsed.append(1) or real_parse(self, text, config))
    monkeypatch.setattr(provisions, "split", lambda clause, heading_only=False: split.append(1) or real_split(clause, heading_only))
    for cached in (clause_parser._parsed, provisions._index, prebuilt._source):
        cached.cache_clear()
    rs = load_ruleset(data_dir("rulesets") / "maryland" / "v1.yaml", "maryland/v1.yaml")
    index = provisions.source_index(rs)
    assert parsed == [] and split == [] and len(index.all) > 100
    text, guidance = clause_parser.source_text(rs), json.dumps(rs.data["source"]["clauses"], sort_keys=True)
    other = provisions._index(text + "\n", guidance)  # one more character: parsed and split anew
    assert parsed == [1] and len(split) == len(other.clauses)
    assert [p.text for p in other.all] == [p.text for p in index.all]
    for cached in (clause_parser._parsed, provisions._index, prebuilt._source):
        cached.cache_clear()


def test_the_example_draft_is_neither_parsed_nor_checked_again(made, monkeypatch):
    """The draft amendment the site shows: its YAML, its own schema check and the ruleset it makes are
    taken from the prebuilt folder; the ruleset it makes is what applying it anew gives."""
    from lit_compliance.load import amendment, strict_yaml, validation

    parsed, checked = [], []
    real_parse, real_check = strict_yaml.load_yaml_text, validation.schema_problems
    monkeypatch.setattr(strict_yaml, "load_yaml_text", lambda text, display: parsed.append(display) or real_parse(text, display))
    monkeypatch.setattr(validation, "schema_problems", lambda doc, name="ruleset": checked.append(name) or real_check(doc, name))
    draft = load_ruleset(DRAFTS[0], "examples/maryland-draft-amendment.yaml")
    assert made == [] and parsed == [] and checked == []
    monkeypatch.setattr(prebuilt, "FOLDER", DRAFTS[0].parent / "no-such-folder")  # nothing prebuilt: all anew
    anew = load_ruleset(DRAFTS[0], "examples/maryland-draft-amendment.yaml")
    assert made == ["examples/maryland-draft-amendment.yaml"] and checked[0] == "amendment" and parsed
    assert draft.data == anew.data and draft.data["version"]["supersedes"] == "v1"
    assert amendment.is_amendment(real_parse(DRAFTS[0].read_text(encoding="utf-8"), "draft").data)
