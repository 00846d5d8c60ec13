"""The third reading's page (docs/second-reading/third-reading.md) says only what is true: every
finding it lists exists in the ruleset it is listed for, every count is the number of ids listed,
the totals add up, and the exceptions counted are those the rulesets model."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from lit_compliance.load.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "second-reading" / "third-reading.md"
NAMES = {"Maryland": "maryland", "Massachusetts": "massachusetts", "New South Wales": "nsw",
         "South Dakota": "south-dakota", "Tribal": "tribal"}
ORDER = ["Maryland", "Massachusetts", "New South Wales", "South Dakota", "Tribal"]

if not PAGE.is_file():  # the docs are not in the installed package; the test reads the checkout's
    pytest.skip("docs/ is not beside the tests", allow_module_level=True)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _lens_tables(text: str) -> dict[str, dict[str, dict]]:
    """lens number -> ruleset name -> {found, already, new, modelled}."""
    out: dict[str, dict[str, dict]] = {}
    for section in re.split(r"\n### ", text)[1:]:
        number = section.split(".", 1)[0]
        rows = {}
        for line in section.splitlines():
            cells = _cells(line)
            if line.startswith("|") and cells[0] in NAMES:
                ids = [re.findall(r"`([a-z0-9-]+)`", c) for c in cells]
                modelled = None
                if len(cells) == 6:  # lens 3 has a column of exceptions modelled
                    modelled = int(cells[1])
                    cells, ids = cells[:1] + cells[2:], ids[:1] + ids[2:]
                rows[cells[0]] = {"found": int(cells[1]), "already": ids[2], "new": ids[3], "modelled": modelled}
        out[number] = rows
    return out


def test_every_finding_listed_exists_and_every_count_is_what_is_listed():
    text = PAGE.read_text(encoding="utf-8")
    cat = Catalogue.bundled()
    tables = _lens_tables(text)
    assert sorted(tables) == ["1", "2", "3", "4", "5", "6"]
    seen: dict[str, set] = {}
    summary = {}
    for line in text.splitlines():
        cells = _cells(line)
        if line.startswith("|") and re.match(r"\d\. ", cells[0]):
            summary[cells[0][0]] = [int(c) for c in cells[1:]]
    for lens, rows in tables.items():
        assert list(rows) == ORDER
        per_ruleset = []
        for name, row in rows.items():
            rs = cat.latest(NAMES[name])
            findings = {f["id"] for f in rs.findings}
            listed = row["already"] + row["new"]
            assert set(listed) <= findings, (lens, name, set(listed) - findings)
            assert row["found"] == len(listed), (lens, name)
            for fid in listed:  # counted once, under one lens
                assert fid not in seen.setdefault(name, set()), (lens, name, fid)
                seen[name].add(fid)
            if row["modelled"] is not None:
                assert row["modelled"] == len(rs.data.get("exceptions") or ()), name
            per_ruleset.append(row["found"])
        found = sum(per_ruleset)
        new = sum(len(r["new"]) for r in rows.values())
        assert summary[lens] == per_ruleset + [found, found - new, new], lens


def test_the_new_findings_say_how_they_were_found():
    text = PAGE.read_text(encoding="utf-8")
    cat = Catalogue.bundled()
    for lens, rows in _lens_tables(text).items():
        for name, row in rows.items():
            findings = {f["id"]: f for f in cat.latest(NAMES[name]).findings}
            for fid in row["new"]:
                f = findings[fid]
                assert f["quote"] and "found " in f["problem"], fid


def test_the_counts_the_other_pages_quote_are_the_computed_ones():
    from lit_compliance.regulator.conflicts import conflict_rows

    cat = Catalogue.bundled()
    text = PAGE.read_text(encoding="utf-8")
    tables = _lens_tables(text)
    found = sum(r["found"] for rows in tables.values() for r in rows.values())
    new = sum(len(r["new"]) for rows in tables.values() for r in rows.values())
    readme = " ".join((PAGE.parent / "README.md").read_text(encoding="utf-8").split())
    assert f"{found} defects, {found - new} already findings and {new} new findings" in readme
    rows = conflict_rows(cat.all_versions())
    assert all(r["recorded_by"] for r in rows)
    assert f"it reports {len(rows)} conflicts in the five rulesets, every one recorded" in readme
    procedure_page = " ".join((ROOT / "docs" / "procedure.md").read_text(encoding="utf-8").split())
    assert f"{len(rows)} conflicts, all recorded" in procedure_page
