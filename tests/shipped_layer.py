"""A shipped layer a test made (``shipped_math.make_layer``) read in place of the wheel's, for a cold
run: the user's cache a fresh folder and the layer on; and a function of the engine refused, so the
test sees a cold run read what it would otherwise work out."""
from __future__ import annotations

from pathlib import Path

from lit_compliance import cache


def read_from(monkeypatch, layer: Path, user: Path) -> None:
    """Read ``layer`` as the shipped layer, with ``user`` (an empty folder) as the user's cache."""
    monkeypatch.setattr(cache, "SHIPPED", layer)
    monkeypatch.setenv("LIT_COMPLIANCE_SHIPPED", "on")
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(user))


def refuse(monkeypatch, module, name: str, what: str) -> None:
    """Make ``module.name`` fail the test if called: ``what`` was worked out."""
    def refused(*args, **kw):
        raise AssertionError(f"{what} was worked out")
    monkeypatch.setattr(module, name, refused)
