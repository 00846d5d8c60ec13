"""The checks of what the math flags in a configured paytable (:mod:`lit_compliance.operator.checks.paytable_math`): a configuration that
passes them and one that fails them, beside this test."""
from __future__ import annotations

from pathlib import Path

from lit_compliance.operator.checks import check
from lit_compliance.operator.checks.core import CHECK_KINDS
from lit_compliance.table.config import load_config, ruleset_for

HERE = Path(__file__).resolve().parent
FAMILY = {'paytable_flagged_by_math'}


def _kinds(name: str, catalogue) -> list[str]:
    config = load_config(HERE / name)
    return sorted(f.kind for f in check(ruleset_for(config, catalogue), config).findings)


def test_paytable_math_family_passes_a_configuration_it_has_nothing_against(catalogue):
    assert FAMILY <= set(CHECK_KINDS)
    assert not FAMILY & set(_kinds("paytable-math-passes.yaml", catalogue))


def test_paytable_math_family_reports_each_of_its_kinds_on_the_failing_configuration(catalogue):
    found = [k for k in _kinds("paytable-math-fails.yaml", catalogue) if k in FAMILY]
    assert sorted(set(found)) == sorted(FAMILY)
