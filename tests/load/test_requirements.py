"""Requirements as the unit of coverage (issue 31): each provision split at its normative predicates
where the text allows, a table one requirement per row; each requirement claimed by a fact, a
finding, a no-rule reason or by name in ``source.clauses.claims``; ``validate --coverage`` counts
requirements claimed."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.claims import claims
from lit_compliance.load.provisions import provisions
from lit_compliance.load.requirements import requirements
from lit_compliance.load.resources import data_dir

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*/*.yaml"))
PREDICATE = re.compile(r"\b(shall|must|may|except|unless)\b", re.I)


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_requirements_partition_each_provision_in_order(path):
    rs = load_ruleset(path)
    reqs = requirements(rs)
    by_provision: dict[str, list] = {}
    for r in reqs:
        by_provision.setdefault(r.provision, []).append(r)
    provs = provisions(rs)
    assert list(by_provision) == [p.id for p in provs]
    for p in provs:
        parts = by_provision[p.id]
        assert " ".join(r.text for r in parts) == p.text
        assert [r.id for r in parts] == [f"{p.id}.r{n}" for n in range(1, len(parts) + 1)]
        assert all(r.words >= 3 for r in parts) or len(parts) == 1
    assert requirements(rs) == reqs  # derived the same way every time


def test_a_paytable_printed_in_one_provision_is_one_requirement_per_row():
    rs = Catalogue.bundled().latest("tribal")
    source = (data_dir("sources") / rs.data["source"]["file"]).read_text(encoding="utf-8").splitlines()
    for provision in ("(e)#2(2)/p2", "(e)#2(4)/p2"):
        rows = [r for r in requirements(rs) if r.provision == provision]
        first, last = rows[0].line, rows[-1].line
        printed = [line for line in source[first - 1:last] if re.search(r"\d\s*$", line)]
        assert len(rows) == len(printed) >= 7
        for row, line in zip(rows, printed):
            assert " ".join(row.text.split()[-3:]) in " ".join(line.split()) or row.text.endswith(line.split()[-1])


def test_a_provision_with_several_predicates_is_split_at_each():
    rs = Catalogue.bundled().latest("nsw")
    provision = next(p for p in provisions(rs) if p.id == "r 12.6/p1")
    rows = [r for r in requirements(rs) if r.provision == provision.id]
    assert len(PREDICATE.findall(provision.text)) == len(rows) == 4
    assert all(len(PREDICATE.findall(r.text)) == 1 for r in rows)
    assert rows[-1].text.startswith("except that")


def test_a_leading_exception_stays_with_the_predicate_it_qualifies():
    rs = Catalogue.bundled().latest("maryland")
    rows = [r for r in requirements(rs) if r.provision == ".03A/p1"]
    assert len(rows) == 1 and rows[0].text.startswith("Except as provided")


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.parent.name)
def test_every_requirement_of_every_source_is_claimed(path):
    claimed = claims(load_ruleset(path))
    assert len(claimed) > 100
    assert [c.requirement.id for c in claimed if c.status == "unclaimed"] == []


def _copy(tmp_path: Path, path: Path, data: dict) -> Path:
    folder = tmp_path / path.parent.name
    folder.mkdir(exist_ok=True)
    target = folder / path.name
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return target


def test_an_unclaimed_requirement_fails_coverage_and_a_named_claim_answers_for_it(tmp_path):
    path = ROOT / "rulesets" / "maryland" / "v1.yaml"
    rs = load_ruleset(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = data["source"]["clauses"]["no_rule_text"]
    only = {c.claims[0].by: c.requirement for c in claims(rs) if len(c.claims) == 1 and c.claims[0].kind == "no rule"}
    k = next(i for i, e in enumerate(entries) if e["reason"] in only)  # a title claimed by its no-rule reason alone
    entry = entries.pop(k)
    wanted = [only[entry["reason"]]]
    target = _copy(tmp_path, path, data)
    result = CliRunner().invoke(main, ["validate", "--coverage", str(target)])
    assert result.exit_code == 1
    assert f"line {wanted[0].line}: requirement {wanted[0].id} (" in result.output
    data["source"]["clauses"]["claims"] = [{"requirement": wanted[0].id, "no_rule": entry["reason"]}]
    target = _copy(tmp_path, path, data)
    result = CliRunner().invoke(main, ["validate", "--coverage", "--format", "json", str(target)])
    assert result.exit_code == 0, result.output[-2000:]
    row = json.loads(result.output)["coverage"][0]
    assert row["unclaimed"] == [] and row["claimed"] == row["requirements"] == len(requirements(rs))
    named = [r for r in row["requirement_statuses"] if r["requirement"] == wanted[0].id][0]
    assert named["claims"] == [{"kind": "no rule", "by": entry["reason"], "named": True}]


def test_a_named_claim_of_no_such_requirement_or_fact_is_refused_naming_the_line(tmp_path):
    path = ROOT / "rulesets" / "maryland" / "v1.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["source"]["clauses"]["claims"] = [{"requirement": ".99Z/p1.r1", "fact": "no.such.fact"},
                                           {"requirement": ".03A/p1.r1", "why_not": "claims by none"}]
    result = CliRunner().invoke(main, ["validate", str(_copy(tmp_path, path, data))])
    assert result.exit_code == 1
    assert "'.99Z/p1.r1' names no requirement of the source" in result.output
    assert "'no.such.fact' names no fact of the ruleset" in result.output
    assert "a claim names a fact, a finding or a no_rule reason" in result.output
    assert "source.clauses.claims[0]" in result.output or "claims" in result.output
