"""Catalogue-wide provision coverage (issue 19): every fact and finding of the five bundled
rulesets carries a quote inside a clause it cites, every provision of every source is covered
(quoted by a fact or a finding, or a reason it holds no rule), and ``validate --coverage`` passes.

The mechanism is tested on a synthetic source in tests/load/test_provisions.py; these tests hold the
bundled data to it. (They fail until every ruleset's quotes have landed.)"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.quotes import coverage, quote_items, quote_problems
from bundled import JURISDICTIONS as _IDS

JURISDICTIONS = set(_IDS)

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*/*.yaml"))


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_fact_and_finding_has_a_quote_inside_its_cited_clause(path):
    rs = load_ruleset(path)
    assert quote_problems(rs) == []
    unquoted = [f"{item.kind} {item.id} ({item.cite})" for item in quote_items(rs)
                if item.kind != "reading" and not item.pieces]
    assert unquoted == []


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_provision_of_the_source_is_covered(path):
    cov = coverage(load_ruleset(path))
    assert cov is not None and len(cov.statuses) > 100
    uncovered = [f"{s.provision.id} (line {s.provision.line}): {s.provision.text}"
                 for s in cov.statuses if not s.covered]
    assert uncovered == []


def test_validate_coverage_passes_on_the_bundled_catalogue():
    result = CliRunner().invoke(main, ["validate", "--coverage", "--format", "json"])
    assert result.exit_code == 0, result.output[-3000:]
    rows = json.loads(result.output)["coverage"]
    assert {r["ruleset"].split("@")[0] for r in rows} == JURISDICTIONS
    for row in rows:
        assert row["described"] and row["uncovered"] == [] and row["without_quote"] == []
        assert row["covered"] == row["provisions"] > 100
    text = CliRunner().invoke(main, ["validate", "--coverage"])
    assert text.exit_code == 0 and "UNCOVERED" in text.output and "uncovered:" not in text.output


def _sole_quoters():
    """(ruleset, fact path, provision) where one fact's quote is all that covers the provision."""
    for rs in Catalogue.bundled().all_versions():
        by_id = {item.id: item for item in quote_items(rs) if item.kind == "fact"}
        for status in coverage(rs).statuses:
            if len(status.facts) == 1 and not status.findings and status.no_rule is None:
                yield rs, by_id[status.facts[0]], status.provision


def test_removing_the_only_quote_of_a_provision_fails_coverage_naming_it(tmp_path):
    for rs, item, provision in _sole_quoters():
        data = yaml.safe_load(Path(rs.path).read_text(encoding="utf-8"))
        node = data
        for step in item.path:
            node = node[step]
        del node["quote"]
        folder = tmp_path / Path(rs.path).parent.name
        folder.mkdir()
        target = folder / Path(rs.path).name
        target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", "--coverage", str(target)])
        assert result.exit_code == 1
        assert f"line {provision.line}: provision {provision.id} (" in result.output
        assert f"fact {item.id} ({item.cite}) has no quote" in result.output
        break
    else:
        pytest.fail("no provision quoted by one fact alone")
