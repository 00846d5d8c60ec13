"""The HTML PAR sheet's running heads (for a browser's printing): which wager and paytables each
named print page's head names. The PDF sets its own, page by page (tests/output/test_documents_pdf.py).
"""
from __future__ import annotations

import pytest

from lit_compliance.model import model_of
from lit_compliance.report.par_view import par_report, running_heads


@pytest.fixture(scope="module")
def reports(catalogue):
    model = model_of(catalogue.get("maryland"))
    return [par_report(model, "three-card-bonus"), par_report(model, "six-card-bonus")]


def _head(report) -> str:
    t = report["title"]
    return f"PAR sheet · {t['jurisdiction']} · ruleset {t['ruleset']} (version {t['version']})"


def _headings(reports) -> list[str]:
    return [s["show"]["heading"] for r in reports for w in r["wagers"] for s in w["sections"]]


def test_without_a_printing_each_wager_is_one_run_naming_its_paytables(reports):
    heads = running_heads(reports)
    assert [p["wager"] for p in heads["pages"]] == [
        "Three Card Bonus Wager: paytables A, B and C", "Six Card Bonus Wager: paytables A and B"]
    names = [heads["by_anchor"][s["show"]["anchor"]] for r in reports for w in r["wagers"] for s in w["sections"]]
    assert names == ["run-1"] * 3 + ["run-2"] * 2
