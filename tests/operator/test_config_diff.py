"""`lit-compliance diff CONFIG_A CONFIG_B`: what changed in meaning between two table configurations.

Changes are planted in copies of the example configurations; each wager's edge before and after is
held to what `check CONFIG --format json` says of each file alone.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = ROOT / "examples" / "configs"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def data(name: str) -> dict:
    return yaml.safe_load((CONFIGS / name).read_text())


def write(path: Path, value: dict) -> Path:
    path.write_text(yaml.safe_dump(value, sort_keys=False))
    return path


def diff_json(a: Path, b: Path):
    result = run("diff", a, b, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def edges_alone(path: Path) -> dict:
    result = run("check", path, "--format", "json")
    assert result.exit_code in (0, 1), result.output
    return {e["wager"]: e["house_edge"] for e in json.loads(result.stdout)["house_edges"]}


def test_the_same_configuration_written_otherwise_is_no_difference(tmp_path):
    same = data("maryland.yaml")
    same["wagers"].reverse()                                  # order of the wagers
    same["limits"] = {"maximum": 500.0, "minimum": 10.0}      # key order, 10 against 10.0
    same.pop("sign_size")                                      # the default, letter, left out
    code, out = diff_json(CONFIGS / "maryland.yaml", write(tmp_path / "same.yaml", same))
    assert code == 0 and out["differs"] is False and out["changes"] == [] and out["house_edges"] == []
    text = run("diff", CONFIGS / "maryland.yaml", tmp_path / "same.yaml")
    assert text.exit_code == 0 and "No differences in meaning." in text.stdout


def test_a_default_reading_written_out_is_no_difference_and_another_is(tmp_path):
    stated = data("south-dakota.yaml") | {"readings": {"sd-side-bets-collected-before-deal": "to-one-as-printed"}}
    code, _ = diff_json(CONFIGS / "south-dakota.yaml", write(tmp_path / "stated.yaml", stated))
    assert code == 0
    other = data("south-dakota.yaml") | {"readings": {"sd-side-bets-collected-before-deal": "stake-kept"}}
    code, out = diff_json(CONFIGS / "south-dakota.yaml", write(tmp_path / "other.yaml", other))
    assert code == 1
    assert out["changes"] == [{"area": "readings", "what": "sd-side-bets-collected-before-deal", "kind": "changed",
                               "before": "to-one-as-printed", "after": "stake-kept"}]


def test_planted_changes_are_found_each_with_the_edge_before_and_after(tmp_path):
    old = data("maryland.yaml")
    new = data("maryland.yaml")
    by_id = {w["wager"]: w for w in new["wagers"]}
    by_id["base"]["paytable"] = "b"                                   # paytable chosen
    new["limits"]["minimum"] = 25                                      # limits
    by_id["progressive"]["progressive"]["rate_percent"] = 10           # meter
    new["wagers"] = [w for w in new["wagers"] if w["wager"] != "six-card-bonus"]   # a wager removed
    by_id["three-card-bonus"]["maximum"] = 50                          # a wager's limit
    a, b = write(tmp_path / "old.yaml", old), write(tmp_path / "new.yaml", new)
    code, out = diff_json(a, b)
    assert code == 1 and out["differs"] is True
    got = {(c["area"], c["what"], c["kind"], c["before"], c["after"]) for c in out["changes"]}
    assert got == {
        ("table", "limits.minimum", "changed", 10, 25),
        ("wager base", "paytable", "changed", "a", "b"),
        ("wager progressive", "progressive.rate_percent", "changed", 15, 10),
        ("wager six-card-bonus", "offered", "removed", "paytable a", None),
        ("wager three-card-bonus", "maximum", "changed", 100, 50),
    }
    before, after = edges_alone(a), edges_alone(b)
    edges = {e["wager"]: e for e in out["house_edges"]}
    assert set(edges) == {"base", "progressive", "six-card-bonus", "three-card-bonus"}
    for wid, e in edges.items():
        assert e["house_edge_before"] == pytest.approx(before[wid], rel=1e-12)
        assert e["house_edge_after"] == (pytest.approx(after[wid], rel=1e-12) if wid in after else None)
    assert edges["base"]["house_edge_after"] != edges["base"]["house_edge_before"]   # paytable B pays flushes more
    assert edges["base"]["change"] == pytest.approx(after["base"] - before["base"], rel=1e-12)
    text = run("diff", a, b)
    assert text.exit_code == 1
    assert "5 differences in meaning" in text.stdout
    assert "~ paytable: a -> b" in text.stdout and "- offered: paytable a (removed)" in text.stdout
    assert f"Paytable A {before['base']:.3%} -> Paytable B {after['base']:.3%}" in text.stdout


def test_a_supplied_figure_and_an_added_wager_are_changes(tmp_path):
    old = data("nsw.yaml")
    new = data("nsw.yaml")
    supplied = [w for w in new["wagers"] if w.get("supplied_figures")]
    assert supplied, "the NSW example supplies figures the rules leave out"
    line = supplied[0]["supplied_figures"][0]
    line["payout"]["value"] = line["payout"]["value"] + 1
    code, out = diff_json(write(tmp_path / "a.yaml", old), write(tmp_path / "b.yaml", new))
    assert code == 1
    [change] = out["changes"]
    assert change["area"] == f"wager {supplied[0]['wager']}" and change["what"].startswith("supplied_figures: ")
    code, out = diff_json(write(tmp_path / "c.yaml", new), write(tmp_path / "a.yaml", old))
    assert code == 1 and len(out["changes"]) == 1
    fewer = data("maryland.yaml")
    dropped = fewer["wagers"].pop(2)
    code, out = diff_json(write(tmp_path / "fewer.yaml", fewer), CONFIGS / "maryland.yaml")
    assert code == 1
    assert [(c["area"], c["kind"]) for c in out["changes"]] == [(f"wager {dropped['wager']}", "added")]
    assert [e["wager"] for e in out["house_edges"]] == [dropped["wager"]]
    assert out["house_edges"][0]["house_edge_before"] is None


@pytest.mark.parametrize("args, said", [
    (["maryland"], "is a table configuration and maryland is not"),
    ([str(CONFIGS / "maryland.yaml"), "--format", "markdown"], "prints text or json"),
    (["nope/missing.yaml"], "nope/missing.yaml: no such file"),
])
def test_a_configuration_with_a_ruleset_or_in_markdown_is_refused(args, said):
    result = run("diff", CONFIGS / "maryland.yaml", *args)
    assert result.exit_code == 2 and said in result.stderr and result.stdout == ""


def test_a_bad_configuration_is_located_and_exits_2(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((CONFIGS / "tribal.yaml").read_text().replace("seats: ", "seats: many # "))
    result = run("diff", CONFIGS / "tribal.yaml", bad)
    assert result.exit_code == 2 and "bad.yaml:" in result.stderr and "seats" in result.stderr
    assert "Traceback" not in result.output
