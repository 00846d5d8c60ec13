"""The bundled catalogue's math the wheel ships (lit_compliance/cli/shipped_math.py, the cache's
shipped layer) equals what the engine computes now, entry by entry, byte for byte (the PAR sheet PDFs
too, in the slow run: tests/cli/test_shipped_pdf.py checks they are read), and an installed package
reads it: a cold catalogue-wide command then computes none of it and prints the same bytes."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main, shipped_math

SOME = (("analyze", "all"),)  # the default run's share: priced paytables, reports and count tables


def _entries(folder: Path) -> dict[str, Path]:
    """The entries of shipped kinds in ``folder``, by name."""
    return {p.name: p for p in folder.iterdir() if shipped_math.kind_of(p.name) in shipped_math.SHIPPED_KINDS}


def _same_entry(a: Path, b: Path) -> bool:
    """Byte for byte; an array entry by its arrays (names, dtypes, shapes, bytes), as numpy's zip
    records the time it was written."""
    if a.suffix != ".npz":
        return a.read_bytes() == b.read_bytes()
    with np.load(io.BytesIO(a.read_bytes().split(b"\n", 1)[1])) as x, \
            np.load(io.BytesIO(b.read_bytes().split(b"\n", 1)[1])) as y:
        return sorted(x.files) == sorted(y.files) and all(
            x[n].dtype == y[n].dtype and x[n].shape == y[n].shape and x[n].tobytes() == y[n].tobytes() for n in x.files)


def _computed_now(folder: Path, commands, monkeypatch, steps=()) -> dict[str, Path]:
    """What the commands, then the steps, write into an empty cache, run in this process (nothing remembered)."""
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(folder))
    monkeypatch.chdir(folder.parent)
    cache.forget()
    for args in commands:
        result = CliRunner().invoke(main, list(args))
        assert result.exit_code == 0, result.output
    for name, *args in steps:
        cache.forget()
        getattr(shipped_math, name)(*args)
    cache.forget()
    return _entries(folder)


def _installed_layer() -> dict[str, Path] | None:
    """The wheel's shipped layer as this package carries it (None in a source checkout)."""
    try:
        index = json.loads((cache.SHIPPED / "index.json").read_text(encoding="utf-8"))
    except OSError:
        return None
    assert index["engine"] == cache.engine_fingerprint(), "the shipped math was made by other code"
    return {name: cache.SHIPPED / name for name in index["entries"]}


def _assert_made_equals_computing(tmp_path, monkeypatch, commands, steps=()):
    made = tmp_path / "made"
    names = shipped_math.make_layer(made, commands=commands, steps=steps)
    index = json.loads((made / "index.json").read_text(encoding="utf-8"))
    assert index == {"engine": cache.engine_fingerprint(), "entries": names}
    now = _computed_now(tmp_path / "now", commands, monkeypatch, steps)
    assert sorted(now) == names and len(names) > 50
    assert {shipped_math.kind_of(n) for n in names} >= {"priced", "analysis", "five-counts"}
    for name in names:
        assert _same_entry(made / name, now[name]), name
    return made, names


def test_what_make_ships_equals_computing_it_now(tmp_path, monkeypatch):
    """``analyze all``'s share of the shipped math, made by the function the build hook calls, equals what
    the engine writes computing it now; installed from a wheel, so does what the wheel carries."""
    made, names = _assert_made_equals_computing(tmp_path, monkeypatch, SOME)
    shipped = _installed_layer()
    if shipped is not None:
        assert set(names) <= set(shipped)
        for name in names:
            assert _same_entry(made / name, shipped[name]), name


@pytest.mark.slow
def test_all_the_shipped_math_equals_computing_it_now(tmp_path, monkeypatch):
    made, names = _assert_made_equals_computing(tmp_path, monkeypatch, shipped_math.COMMANDS, shipped_math.BUILD_STEPS)
    assert {shipped_math.kind_of(n) for n in names} >= {"par-sheet", "provision-coverage", "site-source-side", "site",
                                                        "pdf", "hold-edges"}
    # one PAR sheet PDF per PDF command (par all's and each jurisdiction's), byte for byte as typeset now
    assert sum(shipped_math.kind_of(n) == "pdf" for n in names) == sum("pdf" in c for c in shipped_math.COMMANDS)
    shipped = _installed_layer()
    if shipped is not None:
        assert sorted(shipped) == names
        for name in names:
            assert _same_entry(made / name, shipped[name]), name


def _cold(tmp_path: Path, label: str, shipped: bool) -> tuple[str, dict]:
    """A cold ``analyze all`` in a new process (an empty cache): its output and what it wrote."""
    folder = tmp_path / label
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(folder))
    env.pop("LIT_COMPLIANCE_SHIPPED")
    if not shipped:
        env["LIT_COMPLIANCE_SHIPPED"] = "off"
    done = subprocess.run([sys.executable, "-m", "lit_compliance", "analyze", "all"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout, _entries(folder) if folder.exists() else {}


def test_an_installed_package_reads_the_shipped_math(tmp_path):
    if _installed_layer() is None:
        pytest.skip("a source checkout: no wheel was built, no math ships (CI tests the installed wheel)")
    with_layer, wrote = _cold(tmp_path, "with", shipped=True)
    assert wrote == {}  # nothing of the bundled catalogue's math computed
    without, computed = _cold(tmp_path, "without", shipped=False)
    assert len(computed) > 50 and with_layer == without  # computed from nothing: the same bytes
