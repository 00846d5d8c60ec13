"""A player's band computed on a lattice coarser than its outcomes' own (a total no window holds on its
own lattice: the Maryland example with a quarter-dollar three-card bonus, over 60,000 rounds) says so,
with the most that lattice can add to its variance; the bands on their own lattice say nothing more
(table/figures.py, model/table_vocabulary.py, report/table_json.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _check(path: Path, *extra: str):
    result = CliRunner().invoke(main, ["check", str(path), *extra])
    assert result.exit_code in (0, 1), result.output
    return result.output


def test_a_band_on_a_coarser_lattice_says_so_and_how_much_variance_it_may_add(tmp_path):
    text = (ROOT / "examples" / "configs" / "maryland.yaml").read_text()
    old = "paytable: a\n    minimum: 1\n    maximum: 100"
    assert text.count(old) == 1
    path = tmp_path / "quarter.yaml"
    path.write_text(text.replace(old, "paytable: a\n    minimum: 0.25\n    maximum: 100"))
    got = json.loads(_check(path, "--format", "json"))
    figures = next(v for k, v in got.items() if isinstance(v, dict) and "bands_per_player" in v) \
        if "bands_per_player" not in got else got
    bands = figures["bands_per_player"]
    coarse = [b for b in bands if "coarser_lattice" in b]
    assert [b["rounds"] for b in coarse] == [60_000]             # the longest only; the others are exact
    step = coarse[0]["coarser_lattice"]
    assert 0.25 < step < 1.0
    sd = figures["standard_deviation"]
    assert coarse[0]["variance_added_at_most"] == pytest.approx((step / 2 / sd) ** 2, rel=1e-12)
    assert coarse[0]["variance_added_at_most"] < 1e-5
    said = _check(path)
    assert f"(computed on a lattice of ${step:,.4f}, coarser than the stakes' own" in said
    assert said.count("computed on a lattice of") == 1


def test_bands_on_their_own_lattice_say_nothing_of_one():
    got = _check(ROOT / "examples" / "configs" / "maryland.yaml", "--format", "json")
    assert "coarser_lattice" not in got and "bands_per_player" in got
    assert "computed on a lattice of" not in _check(ROOT / "examples" / "configs" / "maryland.yaml")
