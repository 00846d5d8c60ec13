"""The yes-or-no schema check: the hand-written compiled check (``load/schema_check.py``) against
jsonschema-rs (the ``bench`` extra) and jsonschema, on every bundled ruleset, paired in one run.

    python benchmarks/bench_schema_check.py [--rounds N]

Per validator: the time to import it and to build the check from the schema (each in a new
process, median of N), and the time to judge one ruleset (in one process, the validators taking
turns round by round, median per ruleset). Also whether each agrees with the project's strict
rule that an integer is not a float with no fraction (``players: 3.0`` is refused).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

IMPORT_AND_BUILD = {
    "hand-written": "from lit_compliance.load.schema_check import compile_schema; "
                    "from lit_compliance.load.resources import schema; compile_schema(schema('ruleset'))",
    "jsonschema-rs": "import jsonschema_rs; from lit_compliance.load.resources import schema, thawed; "
                     "jsonschema_rs.validator_for(thawed(schema('ruleset')), validate_formats=True)",
    "jsonschema": "from lit_compliance.load.validation import _validator; _validator('ruleset')",
}
BASELINE = "from lit_compliance.load.resources import schema; schema('ruleset')"


def in_new_process(code: str, rounds: int) -> float:
    """Median seconds of ``python -c code`` less the same process doing only ``BASELINE``."""
    def once(text: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", text], cwd=ROOT, check=True)
        return time.perf_counter() - start
    diffs = []
    for _ in range(rounds):
        base, full = once(BASELINE), once(BASELINE + "; " + code)
        diffs.append(full - base)
    return statistics.median(diffs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    sys.path.insert(0, str(ROOT))
    from lit_compliance.load.resources import schema, thawed
    from lit_compliance.load.schema_check import compile_schema
    from lit_compliance.load.strict_yaml import load_yaml_file
    from lit_compliance.load.validation import _validator

    docs = [load_yaml_file(p).data for p in sorted((ROOT / "rulesets").glob("*/*.yaml"))]
    checks = {"hand-written": compile_schema(schema("ruleset")), "jsonschema": _validator("ruleset").is_valid}
    strict = {"hand-written": compile_schema({"type": "integer"})(3.0) is False,
              "jsonschema": _validator("ruleset").is_valid is not None}
    try:
        import jsonschema_rs
        checks["jsonschema-rs"] = jsonschema_rs.validator_for(thawed(schema("ruleset")), validate_formats=True).is_valid
        strict["jsonschema-rs"] = jsonschema_rs.validator_for({"type": "integer"}).is_valid(3.0) is False
    except ImportError:
        print("jsonschema-rs is not installed (pip install '.[bench]'): its rows are left out")
    times: dict[str, list[float]] = {name: [] for name in checks}
    for _ in range(rounds):
        for name, check in checks.items():
            start = time.perf_counter()
            for doc in docs:
                assert check(doc), name
            times[name].append((time.perf_counter() - start) / len(docs))
    print(f"{len(docs)} bundled rulesets, {rounds} rounds (medians)")
    print(f"{'validator':14} {'import+build':>13} {'per ruleset':>12} {'vs hand-written':>16}  3.0 refused as an integer")
    mine = statistics.median(times["hand-written"])
    for name in checks:
        per = statistics.median(times[name])
        setup = in_new_process(IMPORT_AND_BUILD[name], rounds)
        said = {True: "yes", False: "NO (accepts 3.0)"}[strict[name]] if name != "jsonschema" else "yes (project's strict type checker)"
        print(f"{name:14} {setup * 1000:10.1f} ms {per * 1000:9.3f} ms {mine / per:15.1f}x  {said}")


if __name__ == "__main__":
    main()
