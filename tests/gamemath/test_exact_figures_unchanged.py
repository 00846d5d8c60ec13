"""Every exact figure the catalogue produces is what the engine gave when the file was recorded.

``tests/data/exact_figures.json`` was written by ``tools/build_exact_figures.py`` before the
enumeration tables were rewritten for speed. This test recomputes every figure from nothing (an
empty math cache of its own and no in-process memo) and compares, so a faster engine that changes
any fraction, count, table byte or strategy fails here.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDED = ROOT / "tests" / "data" / "exact_figures.json"


def _builder():
    spec = importlib.util.spec_from_file_location("build_exact_figures", ROOT / "tools" / "build_exact_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _forget_memoised_tables() -> None:
    from lit_compliance.gamemath import coverall, tables
    from lit_compliance.poker import vectorised

    for f in (tables.five_card_counts, tables.five_card_atoms, tables.three_card_atoms, tables.six_card_atoms,
              tables.full_base_tables, tables.base_classes, tables._structure, tables._shipped_base,
              tables.shipped_class_counts, vectorised.table5, coverall.shipped_distribution, coverall.shipped_highest,
              coverall.shipped_regression):
        f.cache_clear()


def _differences(old, new, path="") -> list[str]:
    if isinstance(old, dict) and isinstance(new, dict):
        out = [f"{path}/{k}: only in the recorded file" for k in sorted(old.keys() - new.keys())]
        out += [f"{path}/{k}: not in the recorded file" for k in sorted(new.keys() - old.keys())]
        for k in sorted(old.keys() & new.keys()):
            out += _differences(old[k], new[k], f"{path}/{k}")
        return out
    return [] if old == new else [f"{path}: recorded {json.dumps(old)[:200]}, now {json.dumps(new)[:200]}"]


def test_every_exact_figure_is_unchanged(catalogue, tmp_path, monkeypatch):
    # the catalogue is read (through the session's cache) before the math cache is emptied: the
    # figures, not the loading of the rulesets, are what this test recomputes
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "empty-cache"))
    _forget_memoised_tables()
    try:
        builder = _builder()
        now = builder.build()
    finally:
        _forget_memoised_tables()  # later tests must not see tables built under this cache folder
    recorded = json.loads(RECORDED.read_text())
    problems = _differences(recorded, json.loads(builder.dumps(now)))
    assert not problems, f"{len(problems)} figure(s) changed:\n" + "\n".join(problems[:40])
    assert builder.dumps(now) == RECORDED.read_text()  # and the file is exactly what the tool writes


def test_the_record_covers_every_priced_paytable():
    """The file is not vacuous: every paytable the catalogue prices exactly has its fractions."""
    recorded = json.loads(RECORDED.read_text())["rulesets"]
    exact_base = [f["default"] for r in recorded.values() for k, f in r.items()
                  if k.startswith("base/") and f["default"]["status"] == "exact"]
    assert exact_base and all("/" in f["house_edge"] and f["outcomes"] for f in exact_base)
    sides = [f["default"]["side"] for r in recorded.values() for k, f in r.items()
             if k != "math_findings" and "side" in f["default"]]
    assert len(sides) >= 10 and all(s["hit_frequency"] for s in sides)
