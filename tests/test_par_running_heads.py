"""The printed PAR sheet's running heads: which wager and paytables each page's head names.

A first printing is read back (the text of each page); sections that share a page form one run, set on
one named print page, so a run starts only where a section's heading opens a page. These tests feed
page texts directly (no Chromium); tests/test_documents_browser.py checks the printed sheet.
"""
from __future__ import annotations

import pytest

from lit_compliance.model import model_of
from lit_compliance.report.par_view import heading_pages, par_report, running_heads


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


def test_a_run_starts_only_where_a_heading_opens_a_page(reports):
    h = _headings(reports)
    first, second = _head(reports[0]), _head(reports[1])
    pages = [f"{first}\ncontents, method and readings\nContents",
             f"{first}\n{h[0]}\nPay lines\n...\n{h[1]}\nPay lines",   # A opens page 2, B starts mid-page
             f"{first}\nTotals of B\n{h[2]}\nPay lines",               # C starts under B's tail: same run
             f"{second}\ncontents, method and readings",
             f"{second}\n{h[3]}\nPay lines",                           # a new report: a new run
             f"{second}\n{h[4]}\nPay lines\npage 6 of 6"]              # opens its page: a new run
    assert heading_pages(reports, pages) == [(2, True), (2, False), (3, False), (5, True), (6, True)]
    heads = running_heads(reports, pages)
    assert heads["measured"] and heads["keys"] == [1, 1, 1, 2, 3]
    assert [p["wager"] for p in heads["pages"]] == [
        "Three Card Bonus Wager: paytables A, B and C", "Six Card Bonus Wager: paytable A",
        "Six Card Bonus Wager: paytable B"]


def test_a_printing_that_lost_a_heading_falls_back_to_one_run_per_wager(reports):
    h = _headings(reports)
    pages = [f"{_head(reports[0])}\n{h[0]}\n{h[1]}", f"{_head(reports[1])}\n{h[3]}\n{h[4]}"]   # no paytable C
    assert heading_pages(reports, pages) is None
    heads = running_heads(reports, pages)
    assert not heads["measured"] and heads["keys"] == [(0, "three-card-bonus")] * 3 + [(1, "six-card-bonus")] * 2
