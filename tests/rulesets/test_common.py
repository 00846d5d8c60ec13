"""Checks that are the same for every jurisdiction's ruleset, run once per jurisdiction.

The jurisdiction-specific checks (expected paytables, findings and procedure facts, typed from
each source) stay in test_<jurisdiction>.py.
"""
from __future__ import annotations

import pytest
from helpers import finding_refs, recorded_finding_ids

# The fewest `finding` references each ruleset must make. Maryland's file asserted at least 25;
# the others asserted only that there is at least one.
MIN_FINDING_REFS = {
    "tribal": 1,
    "nsw": 1,
    "massachusetts": 1,
    "south-dakota": 1,
    "maryland": 25,
}


@pytest.mark.parametrize("jurisdiction", list(MIN_FINDING_REFS))
def test_every_finding_reference_names_an_existing_finding(ruleset_data, jurisdiction):
    """Every `finding` key anywhere in the ruleset (the findings list included) names a recorded finding."""
    data = ruleset_data(jurisdiction)
    ids = recorded_finding_ids(data)
    refs = list(finding_refs(data))
    assert len(refs) >= MIN_FINDING_REFS[jurisdiction], "the ruleset should point facts at findings"
    dangling = [(path, ref) for path, ref in refs if ref not in ids]
    assert dangling == []
