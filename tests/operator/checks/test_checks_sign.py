"""The check that the sign fits its size (:mod:`lit_compliance.operator.checks.sign`): a
configuration whose schedule fits a letter sheet, and one (the Maryland example, every wager
offered) that fails once the least type size is raised past what its schedule allows."""
from __future__ import annotations

from pathlib import Path

from lit_compliance.sign import layout as sign_layout
from lit_compliance.operator.checks import check
from lit_compliance.table.config import load_config, ruleset_for

HERE = Path(__file__).resolve().parent


def _kinds(name: str, catalogue) -> list[str]:
    config = load_config(HERE / name)
    return [f.kind for f in check(ruleset_for(config, catalogue), config).findings]


def test_sign_check_passes_a_schedule_that_fits(catalogue):
    assert "sign_does_not_fit" not in _kinds("sign-passes.yaml", catalogue)
    assert "sign_does_not_fit" not in _kinds("sign-fails.yaml", catalogue)   # at the real least size


def test_sign_check_fails_a_schedule_that_needs_type_below_the_least_size(catalogue, monkeypatch):
    monkeypatch.setitem(sign_layout.MIN_TYPE_PT, "letter", 30.0)
    assert _kinds("sign-fails.yaml", catalogue).count("sign_does_not_fit") == 1
