"""The checks of the payout limit and the table limit (:mod:`lit_compliance.operator.checks.limits`): a configuration that
passes them and one that fails them, beside this test."""
from __future__ import annotations

from pathlib import Path

from lit_compliance.operator.checks import check
from lit_compliance.operator.checks.core import CHECK_KINDS
from lit_compliance.table.config import load_config, ruleset_for

HERE = Path(__file__).resolve().parent
FAMILY = {'combined_limit_exceeded', 'payout_limit_not_provided'}


def _kinds(name: str, catalogue) -> list[str]:
    config = load_config(HERE / name)
    return sorted(f.kind for f in check(ruleset_for(config, catalogue), config).findings)


def test_limits_family_passes_a_configuration_it_has_nothing_against(catalogue):
    assert FAMILY <= set(CHECK_KINDS)
    assert not FAMILY & set(_kinds("limits-passes.yaml", catalogue))


def test_limits_family_reports_each_of_its_kinds_on_the_failing_configuration(catalogue):
    found = [k for k in _kinds("limits-fails.yaml", catalogue) if k in FAMILY]
    assert sorted(set(found)) == sorted(FAMILY)
