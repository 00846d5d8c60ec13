"""examples/results/ are simulate's output, byte for byte; hold flags the anomalous table in them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "examples" / "results"
CONFIGS = ROOT / "examples" / "configs"
MADE = [("maryland-lir-2.csv", ["maryland.yaml", "--rounds", "2000", "--periods", "30", "--seed", "1"]),
        ("tribal-12-anomaly.csv", ["tribal.yaml", "--rounds", "2000", "--periods", "30", "--seed", "2",
                                   "--anomaly", "base:pair_tens_or_better:+1"])]


@pytest.mark.parametrize("name, args", MADE, ids=[m[0] for m in MADE])
def test_the_example_results_are_what_simulate_makes(tmp_path, name, args):
    out = tmp_path / name
    result = CliRunner().invoke(main, ["simulate", str(CONFIGS / args[0]), *args[1:], "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (RESULTS / name).read_bytes()
    assert f"-o examples/results/{name}" in (RESULTS / "README.md").read_text()


def test_hold_flags_the_anomalous_example_table_and_not_the_honest_one_overall():
    result = CliRunner().invoke(main, ["hold", *(str(p) for p in sorted(RESULTS.glob("*.csv"))),
                                       "--config", str(CONFIGS / "maryland.yaml"), "--config", str(CONFIGS / "tribal.yaml"),
                                       "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    tables = {t["table"]: t for t in data["tables"]}
    base = next(w for w in tables["12"]["wagers"] if w["wager"] == "base")
    assert base["cumulative"]["bands"]["99.9"] and base["cumulative"]["direction"] == "below"
    for w in tables["LIR-2"]["wagers"]:
        assert not (w["cumulative"] or {}).get("outside"), w["wager"]
