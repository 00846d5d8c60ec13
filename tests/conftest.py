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
