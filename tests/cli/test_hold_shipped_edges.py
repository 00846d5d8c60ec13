"""A cold ``hold`` reads the band edges the wheel ships (``shipped_math.BUILD_STEPS``: the hold check's edges
of every bundled paytable's one-round distribution, as its PAR sheet prices it): with a layer made as
the build makes it (here from ``par tribal`` and the step for Tribal), a cold hold of the Tribal
example's results works out no band edges and prints what computing everything from nothing prints;
and what the step ships equals computing it now, entry by entry."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main, shipped_math
from shipped_layer import read_from, refuse

ROOT = Path(__file__).resolve().parent.parent.parent
STEP = ("hold_edges_of_bundled", "tribal")


@pytest.fixture(scope="module")
def layer(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shipped-edges") / "cache"
    names = shipped_math.make_layer(folder, commands=(("par", "tribal"),), steps=(STEP,))
    assert sum(shipped_math.kind_of(n) == "hold-edges" for n in names) >= 2
    return folder


def _hold() -> tuple[int, str]:
    cache.forget()   # a new process: only the disk caches are kept
    result = CliRunner().invoke(main, ["hold", str(ROOT / "examples" / "results" / "tribal-12-anomaly.csv"),
                                       "--config", str(ROOT / "examples" / "configs" / "tribal.yaml")])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, result.output


def test_the_steps_edges_equal_computing_them_now(layer, tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "now"))
    cache.forget()
    made = shipped_math.hold_edges_of_bundled("tribal")
    cache.forget()
    now = {p.name: p for p in (tmp_path / "now").iterdir() if shipped_math.kind_of(p.name) == "hold-edges"}
    shipped = {p.name: p for p in layer.iterdir() if shipped_math.kind_of(p.name) == "hold-edges"}
    assert made >= len(now) >= 2 and sorted(now) == sorted(shipped)
    for name, path in now.items():
        assert path.read_bytes() == shipped[name].read_bytes(), name


def test_a_cold_hold_reads_the_shipped_edges_and_works_out_none(layer, tmp_path, monkeypatch):
    from lit_compliance.gamemath import period

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "nothing"))
    from_nothing = _hold()                     # the conftest's default: no shipped layer
    read_from(monkeypatch, layer, tmp_path / "user")
    refuse(monkeypatch, period, "_edge_table", "a table of band edges")
    cold = _hold()
    assert cold == from_nothing and "tribal" in cold[1].lower()
    assert not any(p.name.startswith("hold-edges-") for p in (tmp_path / "user").iterdir())
    cache.forget()
