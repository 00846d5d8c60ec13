"""A draft's impact: `check CONFIG|FLOOR --ruleset DRAFT` runs each table under the rules it names
and under the draft (examples/maryland-draft-amendment.yaml, or another made here), and names exactly
the tables, figures and edges the draft touches.

Every answer is held to running each table alone, through the CLI, under both rulesets: under its
own (`check T`) and under the draft (`check T' --ruleset DRAFT`, T' naming the draft's version, so a
plain check). The figures expected to change are read from the amendment's own changes and the base
ruleset's data, not from the code under test.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"
DRAFT = ROOT / "examples" / "maryland-draft-amendment.yaml"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def table(folder: Path, name: str, table_id: str, base: str, three_card: str) -> str:
    """A small Maryland table: the base game and the three card bonus, on the paytables named."""
    data = {"config_version": 1, "casino": "Test Casino", "table": table_id, "jurisdiction": "maryland",
            "ruleset_version": "v1", "limits": {"minimum": 10, "maximum": 500}, "payout_limit": 100000,
            "dealing_method": "automated_shoe", "seats": 7,
            "wagers": [{"wager": "base", "paytable": base},
                       {"wager": "three-card-bonus", "paytable": three_card, "minimum": 1, "maximum": 100}]}
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return name


@pytest.fixture(scope="module")
def floor(tmp_path_factory):
    folder = tmp_path_factory.mktemp("impact-floor")
    names = [table(folder, "plain.yaml", "T-A", "a", "a"),        # the draft changes no figure it posts
             table(folder, "bonus-b.yaml", "T-B", "a", "b"),      # three card bonus Paytable B: raised
             table(folder, "base-d.yaml", "T-D", "d", "a")]       # Paytable D: not in v1, added by the draft
    shutil.copy(CONFIGS / "nsw.yaml", folder / "nsw.yaml")        # another jurisdiction
    names.append("nsw.yaml")
    (folder / "floor.yaml").write_text(yaml.safe_dump({"floor_version": 1, "floor": "Impact floor",
                                                       "tables": [{"config": n} for n in names]}), encoding="utf-8")
    result = run("check", folder / "floor.yaml", "--ruleset", DRAFT, "--format", "json")
    assert result.exit_code == 0, result.output   # every Maryland table complies under the draft
    return folder, {r["table"]: r for r in json.loads(result.stdout)["tables"]}


def alone(folder: Path, name: str, draft: Path | None = None) -> dict:
    """``check`` of one table, under its own rules, or (``draft``) renamed to the draft's version."""
    path = folder / name
    if draft is not None:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data["ruleset_version"] = yaml.safe_load(draft.read_text(encoding="utf-8"))["version"]["id"]
        path = folder / f"under-draft-{name}"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    args = ["check", path, "--format", "json"] + (["--ruleset", draft] if draft else [])
    result = run(*args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def edges(report: dict) -> dict:
    return {(e["wager"], e["paytable_name"]): e["house_edge"] for e in report["house_edges"]}


def test_the_impact_is_what_each_table_alone_says_under_both_rulesets(floor):
    folder, rows = floor
    assert rows["LIR-1"]["affected"] is False and "another jurisdiction" in rows["LIR-1"]["why"]
    for table_id, name in (("T-A", "plain.yaml"), ("T-B", "bonus-b.yaml"), ("T-D", "base-d.yaml")):
        row = rows[table_id]
        before, after = alone(folder, name), alone(folder, name, DRAFT)
        assert (row["compliant_before"], row["compliant_after"]) == (before["compliant"], after["compliant"])
        e0, e1 = edges(before), edges(after)
        moved = {k for k in set(e0) | set(e1) if e0.get(k) != e1.get(k)}
        assert {(e["wager"], e["paytable"]) for e in row["house_edges"]} == moved
        for e in row["house_edges"]:
            key = (e["wager"], e["paytable"])
            assert (e["house_edge_before"], e["house_edge_after"]) == (e0.get(key), e1.get(key))
        errors_before = {(f["kind"], f["path"]) for f in before["findings"] if f["severity"] == "error"}
        errors_after = {(f["kind"], f["path"]) for f in after["findings"] if f["severity"] == "error"}
        assert {(f["kind"], f["path"]) for f in row["errors_go"]} == errors_before - errors_after
        assert {(f["kind"], f["path"]) for f in row["errors_appear"]} == errors_after - errors_before
        assert row["win_per_hour_before"] == pytest.approx(before["table"]["win_per_hour"])
        assert row["win_per_hour_after"] == pytest.approx(after["table"]["win_per_hour"])


def test_the_impact_names_exactly_the_figures_the_amendment_changes(floor):
    folder, rows = floor
    amendment = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
    (raised,) = [c for c in amendment["changes"] if c.get("set", "").startswith("wagers.three-card-bonus.paytables.b")]
    v1 = yaml.safe_load((ROOT / "rulesets" / "maryland" / "v1.yaml").read_text(encoding="utf-8"))
    bonus = next(w for w in v1["wagers"] if w["id"] == "three-card-bonus")
    old_line = next(ln for t in bonus["paytables"] if t["id"] == "b" for ln in t["lines"]
                    if ln["hand"] == raised["value"]["hand"])
    (figure,) = rows["T-B"]["figures"]
    assert (figure["wager"], figure["paytable"]) == ("three-card-bonus", "Paytable B")
    assert figure["before"] == f"{old_line['payout']['value']} to 1" and \
        figure["after"] == f"{raised['value']['payout']['value']} to 1"
    assert rows["T-A"]["figures"] == [] and rows["T-A"]["house_edges"] == []
    (added,) = [c for c in amendment["changes"] if c.get("add") == "wagers.base.paytables"]
    assert len(rows["T-D"]["figures"]) == len(added["value"]["lines"])
    assert all(f["before"] is None for f in rows["T-D"]["figures"])
    # the citations are the amendment's own, on the changes that touch each table
    cites = {c["cite"] for c in rows["T-B"]["changes"]}
    assert raised["value"]["cite"] in cites and added["value"]["cite"] not in cites
    assert added["value"]["cite"] in {c["cite"] for c in rows["T-D"]["changes"]}
    # a rule every table plays by (an irregularity) touches every Maryland table, and only those
    irregular = [c for c in amendment["changes"] if c.get("set", "").startswith("irregularities.")]
    assert irregular and all(any(c["area"] == "Irregularities" for c in rows[t]["changes"])
                             for t in ("T-A", "T-B", "T-D"))


def test_a_table_the_draft_would_break_fails_the_floor_and_is_named(floor, tmp_path):
    folder, _ = floor
    draft = tmp_path / "draft.yaml"
    draft.write_text(yaml.safe_dump({
        "amendment_version": 1, "amends": "maryland@v1",
        "version": {"id": "draft-9", "effective_date": "2028-01-01", "change_note": "Drops bonus Paytable B.",
                    "cite": "COMAR 36.05.18 (test draft)"},
        "changes": [{"remove": "wagers.three-card-bonus.paytables.b", "why": "Paytable B withdrawn."}]}),
        encoding="utf-8")
    result = run("check", folder / "floor.yaml", "--ruleset", draft, "--format", "json")
    assert result.exit_code == 1, result.output
    view = json.loads(result.stdout)
    after = alone(folder, "bonus-b.yaml", draft)
    assert not after["compliant"] and view["becomes_noncompliant"] == ["T-B"]
    row = next(r for r in view["tables"] if r["table"] == "T-B")
    assert {(f["kind"], f["path"]) for f in row["errors_appear"]} == \
        {(f["kind"], f["path"]) for f in after["findings"] if f["severity"] == "error"}
    assert [t for t in view["affected"]] == ["T-B"]
    text = run("check", folder / "bonus-b.yaml", "--ruleset", draft)
    assert text.exit_code == 1 and "T-B (" in text.output and "complies -> does NOT comply" in text.output
    assert "Would newly fail:" in text.output


def test_csv_of_a_floors_impact(floor):
    folder, rows = floor
    result = run("check", folder / "floor.yaml", "--ruleset", DRAFT, "--format", "csv")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("table,config,jurisdiction,ruleset,draft,affected")
    assert len(lines) == 1 + len(rows)


def test_the_version_a_table_names_is_a_plain_check_and_another_jurisdiction_is_refused():
    assert run("check", CONFIGS / "maryland.yaml", "--ruleset", "maryland@v1").exit_code == 0
    result = run("check", CONFIGS / "maryland.yaml", "--ruleset", "tribal")
    assert result.exit_code == 2 and "names maryland@v1, but the ruleset given is tribal@v1" in result.output


def test_html_of_a_floors_impact_states_the_facts_the_json_does_and_is_stamped(floor):
    """The HTML page (print-ready, escaped) carries each table's verdicts, the draft's changes with
    their citations, the figures and the edges before and after, as the JSON gives them; the same
    SOURCE_DATE_EPOCH gives the same bytes, and the page states the tool, the date and the digests."""
    import html as htmllib
    import re
    from importlib.metadata import version

    folder, rows = floor
    env = {"SOURCE_DATE_EPOCH": "1772409600"}   # 2026-03-02
    args = ["check", folder / "floor.yaml", "--ruleset", DRAFT, "--format", "html", "--prepared-by", "R. Egulator"]
    first, again = (CliRunner().invoke(main, [str(a) for a in args], env=env) for _ in range(2))
    assert first.exit_code == 0, first.output
    assert first.stdout_bytes == again.stdout_bytes
    page = first.stdout
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    text = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", page[page.index("<body>"):])).split())
    draft_digest = json.loads(run("par", DRAFT, "--wager", "base", "--format", "json").stdout)["title"]["digest"]
    assert f"lit-compliance {version('lit-compliance')}" in text and "2026-03-02" in text and "R. Egulator" in text
    assert draft_digest in text
    for table_id, row in rows.items():
        assert f"{table_id} ({row['config']}, {row['ruleset']})" in text
        if "why" in row:
            assert f"Not affected: {row['why']}." in text
            continue
        for c in row["changes"]:
            assert c["cite"] in text and c["what"] in text
        for f in row["figures"]:
            assert " ".join(f"{f['line']} {f['before'] or '(no line)'} {f['after'] or '(no line)'}".split()) in text
        for e in row["house_edges"]:
            cells = [f"{x:.3%}" if x is not None else "n/a" for x in (e["house_edge_before"], e["house_edge_after"])]
            assert " ".join(cells) in text, (table_id, cells)
    assert re.findall(r'<section class="table" id="(table-\d+)">', page) == \
        re.findall(r'<a href="#(table-\d+)">', page)
    one = run("check", folder / "bonus-b.yaml", "--ruleset", DRAFT, "--format", "html")
    assert one.exit_code == 0 and "T-B (" in one.output and "<!DOCTYPE html>" in one.output
