"""The what-if sheet is the proposal's own (its title, file, digest, wager; the jurisdiction that
lends its hand rules is named as such, its own readings are not shown), and `analyze all --on
DATE` / `par all --on DATE` price, for each jurisdiction, the version the dates give, saying which."""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model import model_of

ROOT = Path(__file__).resolve().parents[2]
PROPOSAL = ROOT / "examples" / "proposals" / "three-card-bonus.yaml"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _proposal_digest() -> str:
    data = yaml.safe_load(PROPOSAL.read_text(encoding="utf-8"))
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]


def _lender(catalogue):
    """The first jurisdiction (catalogue order) offering the proposal's wager kind."""
    kind = yaml.safe_load(PROPOSAL.read_text(encoding="utf-8"))["wager"]
    for j in catalogue.jurisdictions:
        model = model_of(catalogue.latest(j))
        if any(w.kind.value == kind for w in model.wagers):
            return model


def test_the_what_if_sheet_is_titled_and_furnished_as_the_proposal_s_own(catalogue):
    name = yaml.safe_load(PROPOSAL.read_text(encoding="utf-8"))["name"]
    lender = _lender(catalogue)
    text = run("par", "--paytable-file", PROPOSAL).stdout
    title = text.splitlines()[0]
    assert name in title and lender.name not in title and "PAR sheet" in title
    block = text.split("## Method")[0]
    assert f"| Proposal digest | {_proposal_digest()} |" in block
    assert f"| Proposal | {name} ({PROPOSAL.name}) |" in block
    assert f"those of {lender.ref}" in block                   # the lender named for its hand rules only
    assert "| Ruleset digest |" not in block and "| Jurisdiction |" not in block
    readings = text.split("### Readings applied")[1].split("## ")[0]
    for r in lender.applied:   # the lender's readings of its own wagers are not the proposal's
        assert f"{r.finding}/{r.id}" not in readings
    assert "zero-expectation" not in readings                  # a side wager: no base game strategy


def test_the_printed_what_if_sheet_s_running_heads_are_the_proposal_s(tmp_path, catalogue):
    out = tmp_path / "w.html"
    assert run("par", "--paytable-file", PROPOSAL, "--format", "html", "-o", out).exit_code == 0
    html = out.read_text(encoding="utf-8")
    name = yaml.safe_load(PROPOSAL.read_text(encoding="utf-8"))["name"]
    assert name in re.search(r"<title>(.*?)</title>", html).group(1)
    heads = re.findall(r'@top-left \{ content: "([^"]*)"', html)
    feet = re.findall(r'@bottom-left \{ content: "([^"]*)"', html)
    assert heads and all(name in h and _lender(catalogue).name not in h for h in heads)
    assert feet and all(f"proposal digest {_proposal_digest()}" in f for f in feet)


def _expected(catalogue, day: dt.date) -> dict:
    """For each jurisdiction: the ref the dates give on ``day`` and whether it is placed in time,
    or None where ``day`` is before every dated version."""
    out = {}
    for j in catalogue.jurisdictions:
        versions = catalogue.versions(j)
        dated = [v for v in versions if v.effective_date is not None]
        if not dated:
            out[j] = (versions[-1].ref, False)
        else:
            started = [v for v in dated if v.effective_date <= day]
            out[j] = (started[-1].ref, True) if started else None
    return out


def test_analyze_all_on_a_date_prices_the_version_the_dates_give_and_says_which(catalogue):
    day = dt.date(2020, 1, 1)
    result = run("analyze", "all", "--on", day.isoformat(), "--wager", "base", "--format", "json")
    assert result.exit_code == 0, result.output
    reports = {r["ruleset"].split("@")[0]: r for r in json.loads(result.stdout)}
    for j, (ref, placed) in _expected(catalogue, day).items():
        r = reports[j]
        assert r["ruleset"] == ref
        if placed:
            effective = catalogue.get(*ref.split("@")).effective_date.isoformat()
            assert r["version_note"] == f"{ref}: in force on {day.isoformat()} (effective {effective})"
        else:
            assert "states no effective date" in r["version_note"]
            assert f"{ref}: in force" not in r["version_note"] and "cannot be told" in r["version_note"]
    text = run("analyze", "all", "--on", day.isoformat(), "--wager", "base").stdout
    assert text.count("\nVersion: ") + text.startswith("Version: ") == len(reports)


def test_a_date_before_a_jurisdiction_s_first_dated_version_leaves_it_unpriced_and_says_so(catalogue):
    dated = [catalogue.versions(j)[0] for j in catalogue.jurisdictions
             if catalogue.versions(j)[0].effective_date is not None]
    assert dated
    day = min(v.effective_date for v in dated) - dt.timedelta(days=1)
    result = run("analyze", "all", "--on", day.isoformat(), "--wager", "base")
    assert result.exit_code == 0, result.output
    for v in dated:
        assert f"Not priced: {v.jurisdiction}: {day.isoformat()} is before the earliest version" in result.stdout
    priced = json.loads(run("analyze", "all", "--on", day.isoformat(), "--wager", "base", "--format", "json").stdout)
    assert {r["ruleset"] for r in priced} == {ref for ref, _ in filter(None, _expected(catalogue, day).values())}


def test_par_all_on_a_date_says_which_version_each_sheet_prices(catalogue):
    day = dt.date(2020, 1, 1)
    result = run("par", "all", "--on", day.isoformat(), "--wager", "base", "--format", "json")
    assert result.exit_code == 0, result.output
    sheets = json.loads(result.stdout)
    expected = _expected(catalogue, day)
    assert {s["title"]["ruleset"] for s in sheets} == {ref for ref, _ in expected.values()}
    assert all(s["title"]["version_note"].startswith(s["title"]["ruleset"] + ": ") for s in sheets)
