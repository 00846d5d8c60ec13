"""Approvals as data: `check` states every approval it relies on, and a setting that needs approval
with none on record, or whose approval has lapsed, is dated later or no longer matches what it
covers, is a finding naming the day (`check --on DATE`).

Every test goes through the CLI. The content digests are recomputed here from the recipe in
docs/operating.md (RFC 8785 JSON of what the approval covers, sha256, 12 hex digits), not read
from the code under test.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import rfc8785
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def check_json(path: Path, *extra) -> tuple[int, dict]:
    result = run("check", path, "--format", "json", *extra)
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def recipe_digest(content: dict) -> str:
    return hashlib.sha256(rfc8785.dumps(content)).hexdigest()[:12]


def figure_digest(data: dict, hand: str) -> str:
    line = next(f for f in data["wagers"][0]["supplied_figures"] if f["hand"] == hand)
    return recipe_digest({"item": "supplied_figure", "jurisdiction": data["jurisdiction"], "wager": "base",
                          "hand": hand, "suits": [], "payout": line["payout"]})


def nsw(tmp_path: Path, approvals: list | None, change=None) -> Path:
    """The NSW example with ``approvals`` in place of its own (none where None)."""
    data = yaml.safe_load((CONFIGS / "nsw.yaml").read_text(encoding="utf-8"))
    data.pop("approvals")
    if approvals is not None:
        data["approvals"] = approvals
    if change:
        change(data)
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def approval(hand: str, digest: str, **more) -> dict:
    return {"reference": f"REF-{hand}", "approver": "Liquor & Gaming NSW", "date": "2027-01-10",
            "covers": {"item": "supplied_figure", "wager": "base", "hand": hand}, "digest": digest, **more}


def kinds_at(report: dict, path: str) -> list[str]:
    return [f["kind"] for f in report["findings"] if f["path"] == path]


@pytest.fixture(scope="module")
def example():
    return yaml.safe_load((CONFIGS / "nsw.yaml").read_text(encoding="utf-8"))


def test_the_example_relies_on_every_approval_it_records_and_states_each(example):
    code, report = check_json(CONFIGS / "nsw.yaml", "--on", "2027-01-01")
    assert code == 0 and report["on"] == "2027-01-01"
    assert not [f for f in report["findings"] if f["kind"].startswith("approval") or f["kind"] == "needs_approval"]
    stated = {a["path"]: a for a in report["approvals"]}
    assert sorted(stated) == ["payout_limit"] + [f"wagers[0].supplied_figures[{k}]" for k in range(4)]
    for k, line in enumerate(example["wagers"][0]["supplied_figures"]):
        a = stated[f"wagers[0].supplied_figures[{k}]"]
        assert a["digest"] == figure_digest(example, line["hand"])
        assert (a["reference"], a["date"]) == ("L&GNSW 2026/0412", "2026-03-02")
    limit = stated["payout_limit"]
    assert limit["digest"] == recipe_digest({"item": "payout_limit", "jurisdiction": "nsw",
                                             "payout_limit": example["payout_limit"]})
    assert limit["expires"] == "2030-06-30T23:59:59+10:00"
    text = run("check", CONFIGS / "nsw.yaml", "--on", "2027-01-01").stdout
    assert "Approvals relied on, in force throughout 2027-01-01:" in text
    assert "L&GNSW 2026/0413, approved by Liquor & Gaming NSW (Table Games) on 2026-03-02, until " \
           "2030-06-30T23:59:59+10:00" in text


def test_a_missing_approval_is_a_warning_naming_the_day_and_the_digest_to_record(tmp_path, example):
    keep = [approval(h, figure_digest(example, h)) for h in ("straight_flush", "full_house", "straight")]
    code, report = check_json(nsw(tmp_path, keep), "--on", "2027-02-01")
    assert code == 0   # no approval on record is something to ask for, not a broken one
    assert kinds_at(report, "wagers[0].supplied_figures[3]") == ["needs_approval"]
    missing = next(f for f in report["findings"] if f["path"] == "wagers[0].supplied_figures[3]")
    assert "no approval of it is on record for 2027-02-01" in missing["message"]
    assert figure_digest(example, "two_pair") in missing["message"]
    assert len(report["approvals"]) == 3


def test_an_expired_approval_is_an_error_from_the_day_it_lapses(tmp_path, example):
    digests = {h: figure_digest(example, h) for h in ("straight_flush", "full_house", "straight", "two_pair")}
    # lapses at the first instant of 1 March in Sydney: it holds throughout 28 February, not on 1 March
    records = [approval(h, d, expires="2027-03-01T00:00:00+11:00") for h, d in digests.items()]
    path = nsw(tmp_path, records)
    code, report = check_json(path, "--on", "2027-02-28")
    assert code == 0 and len(report["approvals"]) == 4
    code, report = check_json(path, "--on", "2027-03-01")
    assert code == 1
    expired = [f for f in report["findings"] if f["kind"] == "approval_expired"]
    assert [f["path"] for f in expired] == [f"wagers[0].supplied_figures[{k}]" for k in range(4)]
    assert all("expired at 2027-03-01T00:00:00+11:00, before the end of 2027-03-01" in f["message"] for f in expired)
    assert report["approvals"] == []
    # one lapsing at noon on the day does not hold throughout it
    records = [approval(h, d, expires="2027-02-28T12:00:00Z") for h, d in digests.items()]
    code, report = check_json(nsw(tmp_path, records), "--on", "2027-02-28")
    assert code == 1 and {f["kind"] for f in report["findings"] if f["severity"] == "error"} == {"approval_expired"}


def test_an_approval_dated_after_the_day_checked_does_not_hold_yet(tmp_path, example):
    records = [approval(h, figure_digest(example, h)) for h in ("straight_flush", "full_house", "straight", "two_pair")]
    path = nsw(tmp_path, records)
    code, report = check_json(path, "--on", "2027-01-09")
    assert code == 1
    assert {f["kind"] for f in report["findings"] if f["severity"] == "error"} == {"approval_not_yet"}
    assert all("dated after 2027-01-09" in f["message"] for f in report["findings"] if f["kind"] == "approval_not_yet")
    code, report = check_json(path, "--on", "2027-01-10")
    assert code == 0 and len(report["approvals"]) == 4


def test_an_approval_no_longer_matches_once_the_figure_changes(tmp_path, example):
    records = [approval(h, figure_digest(example, h)) for h in ("straight_flush", "full_house", "straight", "two_pair")]

    def raise_straight(data):
        data["wagers"][0]["supplied_figures"][2]["payout"]["value"] = 6

    changed = nsw(tmp_path, records, raise_straight)
    code, report = check_json(changed, "--on", "2027-06-01")
    assert code == 1
    assert kinds_at(report, "wagers[0].supplied_figures[2]") == ["approval_mismatch"]
    mismatch = next(f for f in report["findings"] if f["kind"] == "approval_mismatch")
    now = recipe_digest({"item": "supplied_figure", "jurisdiction": "nsw", "wager": "base", "hand": "straight",
                         "suits": [], "payout": {"kind": "to_one", "value": 6}})
    assert f"is for content digest {figure_digest(example, 'straight')}, but it now has digest {now}" \
        in mismatch["message"]
    assert sorted(a["path"] for a in report["approvals"]) == [f"wagers[0].supplied_figures[{k}]" for k in (0, 1, 3)]


def test_an_approval_of_something_the_table_lacks_is_unused(tmp_path, example):
    records = [approval("flush", "0" * 12)]
    code, report = check_json(nsw(tmp_path, records), "--on", "2027-06-01")
    assert code == 0 and kinds_at(report, "approvals[0]") == ["approval_unused"]
    assert run("check", nsw(tmp_path, records), "--on", "2027-06-01", "--strict").exit_code == 1


def test_the_noncompliant_example_shows_each_kind_on_todays_date():
    code, report = check_json(CONFIGS / "noncompliant-nsw-approvals.yaml")
    assert code == 1
    got = {f["path"]: f["kind"] for f in report["findings"] if "approval" in f["kind"]}
    assert got == {"wagers[0].supplied_figures[0]": "approval_expired", "wagers[0].supplied_figures[1]":
                   "approval_not_yet", "wagers[0].supplied_figures[2]": "approval_mismatch",
                   "approvals[4]": "approval_unused", "payout_limit": "needs_approval"}
    assert [a["path"] for a in report["approvals"]] == ["wagers[0].supplied_figures[3]"]


def test_a_house_paytable_may_be_approved_and_a_change_to_it_voids_the_approval(tmp_path):
    data = yaml.safe_load((CONFIGS / "massachusetts.yaml").read_text(encoding="utf-8"))
    paytable = data["wagers"][0]["custom_paytable"]
    digest = recipe_digest({"item": "house_paytable", "jurisdiction": "massachusetts", "wager": "base",
                            "paytable": paytable})
    data["approvals"] = [{"reference": "MGC-77", "approver": "Massachusetts Gaming Commission", "date": "2026-01-05",
                          "covers": {"item": "house_paytable", "wager": "base"}, "digest": digest}]
    path = tmp_path / "ma.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, report = check_json(path, "--on", "2026-06-01")
    assert code == 0 and [a["path"] for a in report["approvals"]] == ["wagers[0].custom_paytable"]
    paytable["lines"][-1]["payout"]["value"] = 2
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    code, report = check_json(path, "--on", "2026-06-01")
    assert code == 1 and "approval_mismatch" in kinds_at(report, "wagers[0].custom_paytable")
    assert report["approvals"] == []


def test_approvals_void_no_sign(tmp_path):
    _, approved = check_json(CONFIGS / "nsw.yaml")
    _, unapproved = check_json(nsw(tmp_path, None))
    assert approved["digest"] == unapproved["digest"]
    sign = run("placard", nsw(tmp_path, None))
    assert sign.exit_code == 0 and approved["digest"] in sign.stdout


def test_a_floor_records_approvals_for_its_tables(tmp_path, example):
    nsw(tmp_path, None)   # table.yaml: the NSW table with no approval of its own
    floor_approvals = [dict(approval(h, figure_digest(example, h)), tables=["LIR-1"])
                       for h in ("straight_flush", "full_house", "straight", "two_pair")]
    floor = {"floor_version": 1, "floor": "F", "tables": [{"config": "table.yaml"}], "approvals": floor_approvals}
    (tmp_path / "floor.yaml").write_text(yaml.safe_dump(floor, sort_keys=False), encoding="utf-8")
    result = run("check", tmp_path / "floor.yaml", "--format", "json", "--on", "2027-02-01")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)["tables"][0]
    assert (row["approvals_relied_on"], row["needs_approval"]) == (4, 1)   # the payout limit has none
    assert json.loads(result.stdout)["on"] == "2027-02-01"
    result = run("check", tmp_path / "floor.yaml", "--format", "json", "--on", "2027-01-01")
    assert result.exit_code == 1 and json.loads(result.stdout)["tables"][0]["errors"] == 4
    floor["approvals"][0]["tables"] = ["LIR-7"]
    (tmp_path / "floor.yaml").write_text(yaml.safe_dump(floor, sort_keys=False), encoding="utf-8")
    result = run("check", tmp_path / "floor.yaml")
    assert result.exit_code == 2
    assert "floor.yaml:" in result.output and "approvals[0].tables[0]: no table of this floor has the id 'LIR-7'" \
        in result.output


@pytest.mark.parametrize("field, value, says", [
    ("date", "2027-02-30", "approvals[0].date: '2027-02-30' is not a calendar date"),
    ("expires", "2028-01-01T00:00:00", "approvals[0].expires"),
    ("expires", "2020-01-01T00:00:00Z", "approvals[0].expires: the approval expires (2020-01-01T00:00:00Z) before"),
    ("covers", {"item": "supplied_figure", "wager": "base"}, "approvals[0].covers: an approval of a supplied "
                                                             "figure names its hand (covers.hand)"),
    ("covers", {"item": "payout_limit", "wager": "base"}, "approvals[0].covers.wager: an approval of a payout limit "
                                                          "has no wager"),
    ("digest", "XYZ", "approvals[0].digest"),
    ("approved_by", "me", "approvals[0]"),
])
def test_a_bad_approval_is_one_located_message(tmp_path, example, field, value, says):
    record = dict(approval("straight", figure_digest(example, "straight")), **{field: value})
    path = nsw(tmp_path, [record])
    result = run("check", path)
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output
    assert f"{path}:" in result.output


def test_on_must_be_a_date(tmp_path):
    result = run("check", CONFIGS / "nsw.yaml", "--on", "tomorrow")
    assert result.exit_code == 2 and "--on 'tomorrow' is not a date (use YYYY-MM-DD)" in result.output


def test_diff_names_a_changed_approval_and_the_figure_it_no_longer_covers(tmp_path, example):
    records = [approval("straight", figure_digest(example, "straight"))]
    old = nsw(tmp_path, records)
    new = tmp_path / "new.yaml"
    data = yaml.safe_load(old.read_text(encoding="utf-8"))
    data["approvals"][0]["expires"] = "2028-01-01T00:00:00+11:00"
    data["wagers"][0]["supplied_figures"][2]["payout"]["value"] = 6
    new.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = run("diff", old, new, "--format", "json")
    assert result.exit_code == 1, result.output
    changes = {(c["area"], c["what"]) for c in json.loads(result.stdout)["changes"]}
    assert changes == {("approvals", "supplied_figure base straight"), ("wager base", "supplied_figures: straight")}
