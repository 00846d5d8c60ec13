"""Every kind of cached answer (``lit_compliance.cache.KINDS``), cold and warm: the parametrisation
comes from the registry, so a kind declared anywhere in the package is checked here, and one with no
example below fails until it has one.

For each kind: run its example with an empty cache (the kind is computed and kept), run it again warm
(the kind is read back, not computed) and compare; then plant foreign entries at the kind's own entry
names, the genuine value relabelled as another kind and as another key: each is refused (the kind is
computed again) and the answer is the same. The codec round-trips what the cold run kept."""
from __future__ import annotations

import hashlib
import importlib
import io
import json
import pkgutil
import shutil
from pathlib import Path

import numpy as np
import pytest

import lit_compliance
from lit_compliance import cache
from lit_compliance.load.resources import data_dir
from lit_compliance.model.hand_rules import HandRules

ROOT = Path(__file__).resolve().parent.parent
STANDARD = HandRules()

for _module in pkgutil.walk_packages(lit_compliance.__path__, "lit_compliance."):
    if not _module.name.endswith("__main__"):
        importlib.import_module(_module.name)   # every module that declares a kind, declared


def _arrays(value) -> dict:
    """Arrays by name as (dtype, shape, SHA-256 of the bytes): comparable without listing them."""
    return {k: (str(v.dtype), v.shape, hashlib.sha256(np.ascontiguousarray(v).tobytes()).hexdigest())
            for k, v in value.items()}


def _ruleset(name: str = "tribal"):
    from lit_compliance.load.catalogue import load_ruleset

    folder = data_dir("rulesets") / name
    return load_ruleset(next(folder.glob("*.yaml")), f"rulesets/{name}")


def _user_copy(tmp: Path) -> Path:
    """A ruleset file not bundled (so a wheel's prebuilt data does not serve it)."""
    path = tmp / "user.yaml"
    if not path.exists():
        source = next((data_dir("rulesets") / "tribal").glob("*.yaml"))
        path.write_text(source.read_text(encoding="utf-8") + "\n# a user's copy\n", encoding="utf-8")
    return path


def _side(model):
    return next((w, t) for w in model.wagers if not w.is_base for t in w.paytables)


def _priced(tmp, mp):
    from lit_compliance.gamemath import price_paytable
    from lit_compliance.model import model_of

    model = model_of(_ruleset())
    wager, table = _side(model)
    return price_paytable(wager, table, model.hand_rules).as_json()


def _analysis(tmp, mp):
    """A whole ruleset's report, its math findings (typed records) with it: Maryland's four, of four flaws."""
    from lit_compliance.gamemath.analysis import analysis

    got = analysis(_ruleset("maryland"))
    assert len({f.flaw for f in got.math_findings}) == 4
    return got


def _par_sheet(tmp, mp):
    from lit_compliance.gamemath.par import ParOptions, sheet_for
    from lit_compliance.model import model_of

    model = model_of(_ruleset())
    wager, table = _side(model)
    return sheet_for(model, wager, table, ParOptions()).body.as_json()


def _hold_bands(tmp, mp):
    """A side paytable's bands of the hold, read from its PAR sheet's one-round distribution."""
    from lit_compliance.gamemath.par import ParOptions, bands_and_normal_share, sheet_for
    from lit_compliance.model import model_of

    model = model_of(_ruleset())
    wager, table = _side(model)
    bands, shares = bands_and_normal_share(sheet_for(model, wager, table, ParOptions(), bands=False).body, 1)
    assert len(bands) == 4 and all(lo < hi for b in bands for lo, hi in b.levels)
    return bands, shares


def _atoms(atoms) -> list:
    return [[sorted(a.tags), a.suit, a.count] for a in atoms]


def _five_counts(tmp, mp):
    from lit_compliance.gamemath.tables import five_card_counts

    return five_card_counts(STANDARD).tolist()


def _five_count_list(tmp, mp):
    from lit_compliance.gamemath.tables import five_card_atoms

    return _atoms(five_card_atoms(STANDARD))


def _six_count_list(tmp, mp):
    from lit_compliance.gamemath.tables import six_card_atoms

    return _atoms(six_card_atoms(STANDARD))


def _three_atoms(tmp, mp):
    from lit_compliance.gamemath.tables import three_card_atoms

    return _atoms(three_card_atoms(STANDARD))


def _structure(tmp, mp):
    from lit_compliance.gamemath import tables

    mp.setattr(tables, "shipped_class_structure", lambda: None)   # as if the shipped tables were absent
    return _arrays(tables._structure())


def _class_counts(tmp, mp):
    from lit_compliance.gamemath import tables

    mp.setattr(tables, "shipped_class_counts", lambda rules: None)   # rules the package ships no tables for
    got = tables.base_classes(STANDARD)
    return _arrays({"counts4": got.counts4, "counts3": got.counts3})


def _joint_counts(tmp, mp):
    from lit_compliance.gamemath import joint_counts as module

    mp.setattr(module, "shipped_counts", lambda *a: None)
    mp.setattr(module, "_derived", lambda *a: None)
    return _arrays({"counts": module.joint_counts(STANDARD, None, False).counts})


def _hold_edges(tmp, mp):
    from lit_compliance.gamemath.period import Edges

    edges = Edges(np.array([-1.0, 1.0, 3.0]), np.array([0.5, 0.3, 0.2]))
    return {k: [a.tolist(), b.tolist()] for k, (a, b) in edges.table.items()}, [t.tolist() for t in edges.tails]


def _validated(tmp, mp):
    from lit_compliance.load.catalogue import load_ruleset

    return load_ruleset(_user_copy(tmp)).data


def _yaml(tmp, mp):
    from lit_compliance.load.strict_yaml import load_yaml_file

    return load_yaml_file(_user_copy(tmp)).data


def _yaml_marks(tmp, mp):
    from lit_compliance.load.strict_yaml import load_yaml_file

    doc = load_yaml_file(_user_copy(tmp))
    return [doc.locate(p) for p in [("wagers",), ("wagers", 0), ("wagers", 0, "paytables"), ("version", "id")]]


def _config():
    from lit_compliance.table.config import load_config

    return load_config(ROOT / "examples" / "configs" / "maryland.yaml")


def _validated_config(tmp, mp):
    return _config().data


def _sign_fit(tmp, mp):
    from lit_compliance.sign.placard import placard_view
    from lit_compliance.sign.svg import svg_view
    from lit_compliance.table.config import ruleset_for

    config = _config()
    return json.dumps(svg_view(placard_view(ruleset_for(config), config)), sort_keys=True, default=str)


def _qr_svg(tmp, mp):
    from lit_compliance.sign.placard import qr_code

    return qr_code("lit-compliance verify maryland.yaml 0123456789abcdef")


def _player(bands: bool):
    """One player's round at a small table (nsw: every offered wager), or its bands over a few rounds."""
    def example(tmp, mp):
        from lit_compliance.table.config import load_config, ruleset_for
        from lit_compliance.table.figures import wager_rounds
        from lit_compliance.table.player_round import player_bands, player_round
        from lit_compliance.table.theory import theory_of

        config = load_config(ROOT / "examples" / "configs" / "nsw.yaml")
        theory = theory_of(config, ruleset_for(config), offered_only=True, every_seat=True)
        amounts = {r.wager: r.stake for r in wager_rounds(theory)[0]}
        if bands:
            return player_bands(theory, amounts, (10, 60))
        got = player_round(theory, amounts)
        return (got.mean, got.standard_deviation, got.standard_deviation_independent, list(got.joint),
                list(got.apart), list(got.values), list(got.probabilities))
    return example


def _described():
    from lit_compliance.model import as_printed

    for folder in sorted(p for p in data_dir("rulesets").iterdir() if p.is_dir()):
        rs = _ruleset(folder.name)
        if as_printed(rs).header.source.clauses_described:
            return rs
    raise AssertionError("no bundled ruleset describes its source's numbering")


def _coverage(tmp, mp):
    from lit_compliance.regulator.coverage import ruleset_provisions

    return ruleset_provisions(_described())


def _source_side(tmp, mp):
    from lit_compliance.report.site.source_page import source_side

    def page(links, quoted):
        return {"sections": [], "quoted": sorted(map(repr, quoted.items()))}
    return source_side(_described(), "x/", page)


def _pdf(tmp, mp):
    from lit_compliance.output.typeset import typeset

    return typeset("= Cold and warm\n\nThe same bytes.")


def _site(tmp, mp):
    from lit_compliance.output.site import site_files

    return site_files()


#: Each kind's example: a function of (a private folder, monkeypatch) whose answer depends on the kind.
EXAMPLES = {
    "priced": _priced, "analysis": _analysis, "par-sheet": _par_sheet, "hold-bands": _hold_bands,
    "five-counts": _five_counts,
    "five-count-list": _five_count_list, "six-count-list": _six_count_list, "three-atoms": _three_atoms,
    "base-class-structure": _structure, "base-class-counts": _class_counts, "joint-counts": _joint_counts,
    "hold-edges": _hold_edges, "validated": _validated, "yaml": _yaml, "yaml-marks": _yaml_marks,
    "validated-config": _validated_config, "sign-fit": _sign_fit, "qr-svg": _qr_svg,
    "player-round": _player(False), "player-bands": _player(True), "provision-coverage": _coverage,
    "site-source-side": _source_side, "pdf": _pdf, "site": _site,
}
SLOW = {"site", "base-class-counts", "base-class-structure", "joint-counts"}   # tables built anew: the slow run


def _params():
    return [pytest.param(name, id=name, marks=[pytest.mark.slow] if name in SLOW else [])
            for name in sorted(cache.KINDS)]


class _Log:
    """What the cache was asked, by kind: ``hit``, ``miss`` and ``store`` events, and the values kept."""

    def __init__(self, monkeypatch):
        self.events: list[tuple[str, str]] = []
        self.kept: list[tuple[cache.Kind, object]] = []
        peek, store = cache.peek, cache.store

        def logged_peek(kind, inputs):
            got = peek(kind, inputs)
            self.events.append(("hit" if got is not None else "miss", kind.name))
            return got

        def logged_store(kind, inputs, value):
            self.events.append(("store", kind.name))
            self.kept.append((kind, value))
            store(kind, inputs, value)
        monkeypatch.setattr(cache, "peek", logged_peek)
        monkeypatch.setattr(cache, "store", logged_store)

    def run(self, example, tmp, mp):
        self.events.clear()
        cache.forget()   # as a new process: only the disk cache is kept
        return example(tmp, mp)


def _entry(payload: bytes) -> bytes:
    return hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def _relabel(path: Path, field: str) -> None:
    """Rewrite an entry (checksum and all, so only its label is wrong) as another kind's, or another key's."""
    payload = path.read_bytes().partition(b"\n")[2]
    other = {"kind": "another-kind", "key": "0" * 32}[field]
    if path.suffix == ".npz":
        with np.load(io.BytesIO(payload), allow_pickle=False) as data:
            arrays = {n: data[n] for n in data.files}
        arrays[f"__{field}__"] = np.array(other)
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        path.write_bytes(_entry(buffer.getvalue()))
    else:
        entry = json.loads(payload)
        assert entry["kind"] == path.name.rsplit("-", 1)[0]
        entry[field] = other
        path.write_bytes(_entry(json.dumps(entry).encode()))


def _round_trip(kind: cache.Kind, value) -> None:
    """The stored form is a fixed point of the codec: decoding it and encoding again gives it back."""
    stored = kind.encode(value)
    if kind.arrays:
        again = kind.encode(kind.decode(stored))
        assert set(again) == set(stored) and all(np.array_equal(again[n], stored[n]) for n in stored)
    else:
        stored = json.loads(json.dumps(stored))
        assert json.loads(json.dumps(kind.encode(kind.decode(stored)))) == stored


def test_every_declared_kind_has_an_example_and_a_codec():
    assert set(cache.KINDS) - set(EXAMPLES) == set(), "declare an example for each new cache kind here"
    assert set(EXAMPLES) - set(cache.KINDS) == set(), "an example for a kind no longer declared"
    for kind in cache.KINDS.values():
        assert callable(kind.encode) and callable(kind.decode) and kind.doc


@pytest.mark.parametrize("name", _params())
def test_a_kind_cold_equals_warm_and_a_foreign_entry_is_refused(name, tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(folder))
    example, log = EXAMPLES[name], _Log(monkeypatch)
    cold = log.run(example, tmp_path, monkeypatch)
    assert ("store", name) in log.events, f"the example did not compute {name}"
    entries = sorted(folder.glob(f"{name}-*"))
    assert entries, f"nothing of {name} was kept"
    for kind, value in log.kept:
        if kind.name == name:
            _round_trip(kind, value)
    warm = log.run(example, tmp_path, monkeypatch)
    assert ("hit", name) in log.events and ("store", name) not in log.events, "the warm run computed it again"
    assert warm == cold
    for field in ("kind", "key"):
        for path in entries:
            _relabel(path, field)
        planted = {p: p.read_bytes() for p in entries}
        again = log.run(example, tmp_path, monkeypatch)
        assert ("store", name) in log.events and ("hit", name) not in log.events, f"a foreign {field} was used"
        assert again == cold
        assert all(p.read_bytes() != planted[p] for p in entries)   # the genuine entry is kept again
    shutil.rmtree(folder)
