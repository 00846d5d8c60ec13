"""Shared fixtures: the bundled catalogue, loaded through the real loader."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def catalogue():
    from lit_compliance.load.catalogue import Catalogue

    return Catalogue.bundled()


@pytest.fixture(scope="session")
def ruleset_data(catalogue):
    """Return the plain data (dict) of the newest version of a jurisdiction's ruleset."""

    def get(jurisdiction: str) -> dict:
        return catalogue.latest(jurisdiction).data

    return get


@pytest.fixture(autouse=True, scope="session")
def _no_shipped_math():
    """Tests compute from nothing: the wheel's shipped math (the cache's shipped layer, docs/cache.md)
    is off, so a cold run computes, counts of computations and cache files hold, and an installed
    package is tested as a source checkout is. The tests of that layer turn it on themselves."""
    import os

    saved = os.environ.get("LIT_COMPLIANCE_SHIPPED")
    os.environ["LIT_COMPLIANCE_SHIPPED"] = "off"
    yield
    if saved is None:
        os.environ.pop("LIT_COMPLIANCE_SHIPPED", None)
    else:
        os.environ["LIT_COMPLIANCE_SHIPPED"] = saved


@pytest.fixture(autouse=True)
def _private_math_cache(tmp_path_factory, monkeypatch):
    """Tests never read or write the user's cache: by default each session gets its own folder."""
    import os

    if "LIT_COMPLIANCE_CACHE" not in os.environ or os.environ["LIT_COMPLIANCE_CACHE"] != "off":
        monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(_session_cache(tmp_path_factory)))


@pytest.fixture(autouse=True, scope="session")
def _patient_browser():
    """Chromium's time limit is a guard against a hung browser, not part of any test: on a machine
    busy with other work a print can take far longer than on a user's, so the suite allows ten minutes."""
    import browser as pdf  # tests/browser.py

    saved, pdf.TIMEOUT_SECONDS = pdf.TIMEOUT_SECONDS, max(pdf.TIMEOUT_SECONDS, 600)
    yield
    pdf.TIMEOUT_SECONDS = saved


@pytest.fixture
def computed(tmp_path, monkeypatch):
    """This test's own empty math cache, and ``computed(module, name, note)``: wraps ``module.name`` so
    that each call (a computation, not a read from the cache) appends ``note(*args)`` to the list it
    returns."""
    from lit_compliance import cache

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    cache.forget()

    def count(module, name: str, note) -> list:
        calls: list = []
        real = getattr(module, name)

        def counting(*args, **kw):
            calls.append(note(*args, **kw))
            return real(*args, **kw)
        monkeypatch.setattr(module, name, counting)
        return calls
    yield count
    cache.forget()


_SESSION_CACHE: list = []


def _session_cache(factory) -> Path:
    """The session's math cache: a fresh folder, or the folder LIT_COMPLIANCE_TEST_CACHE names (the
    long fuzz run's batches share one, so each batch does not price the bundled tables cold again:
    docs/testing.md). Never the user's cache."""
    import os

    if not _SESSION_CACHE:
        shared = os.environ.get("LIT_COMPLIANCE_TEST_CACHE")
        _SESSION_CACHE.append(Path(shared) if shared else factory.mktemp("math-cache"))
    return _SESSION_CACHE[0]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site of the bundled catalogue, written once per session by the real command
    (into its own folder, with the session's private math cache)."""
    import os

    from click.testing import CliRunner

    from lit_compliance.cli import main

    saved = os.environ.get("LIT_COMPLIANCE_CACHE")
    if saved != "off":
        os.environ["LIT_COMPLIANCE_CACHE"] = str(_session_cache(tmp_path_factory))
    try:
        out = tmp_path_factory.mktemp("site-parent") / "site"
        result = CliRunner().invoke(main, ["site", "-o", str(out)])
    finally:
        if saved is None:
            os.environ.pop("LIT_COMPLIANCE_CACHE", None)
        else:
            os.environ["LIT_COMPLIANCE_CACHE"] = saved
    assert result.exit_code == 0, result.output
    return out


# --- markers: `-m "not slow"` and `-m "not browser"` deselect the long runs and those needing Chromium ---
# pyproject's addopts deselect `slow` from the default run (`-m slow` runs only those, `-m ""` everything).
# A long run is marked where it is defined (`pytest.mark.slow` on the test or on its long parameter, beside
# a short run of the same property that stays in the default run); whole modules or tests can be marked
# slow here too.

SLOW_MODULES: set[str] = set()
SLOW_TESTS: set[str] = set()
# Costly session fixtures: the tests using one run in one xdist worker (an `xdist_group`; pyproject's
# `--dist loadgroup`), so the fixture is made once rather than once per worker.
SHARED_FIXTURES = {"built_site"}


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups and `-m` deselects
def pytest_collection_modifyitems(config, items):
    for item in items:
        for name in sorted(SHARED_FIXTURES.intersection(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.xdist_group(name))
        module = item.path.name
        if module.endswith("_browser.py") or any(
                "Chromium" in str(mark.kwargs.get("reason", "")) for mark in item.iter_markers("skipif")):
            item.add_marker(pytest.mark.browser)
        if module in SLOW_MODULES or item.originalname in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
