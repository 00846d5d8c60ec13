"""A cost budget per input (issue 35): each input surface's CPU time and memory grow with its size
at no more than a documented rate, checked on CPU time and peak memory (``resource``), never on
wall-clock time, which other work on the machine stretches.

Documented bounds (docs/hold.md, "Cost per input"):

- a results file (`hold`), whatever its line ends and quoting: at most RESULTS_CPU_PER_BYTE of CPU
  time and RESULTS_MEMORY_PER_BYTE bytes of memory per byte of file, beyond a run on a one-row file;
- a draft amendment: at most AMENDMENT_CPU_PER_CHANGE of CPU time per change, beyond a one-change
  draft; at its cap of 1,000 changes it applies and validates.

The default run checks files of a few megabytes (the rate is what is bounded, so a small file shows
it); the slow run (``-m slow``) judges a results file near the size cap itself."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT

RESULTS_CPU_PER_BYTE = 2e-6          # seconds of CPU a byte (measured: 0.12 to 0.15 microseconds)
RESULTS_MEMORY_PER_BYTE = 16         # bytes of memory a byte (measured: 6 to 7.5, two rows a period; the
                                     # reader before issue 35 took about 33 for CRLF or quoted files)
AMENDMENT_CPU_PER_CHANGE = 0.01      # seconds of CPU a change (measured: 0.07 milliseconds)
CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"
WAGERS = (("base", 3000), ("three-card-bonus", 100))

MEASURED = r"""
import json, resource, sys
from lit_compliance.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
used = resource.getrusage(resource.RUSAGE_SELF)
sys.stderr.write("\nCOST " + json.dumps({"cpu": used.ru_utime + used.ru_stime, "rss": used.ru_maxrss * 1024}) + "\n")
sys.exit(code)
"""


def _measured(*args, cache: str | None = None) -> tuple[int, float, int, str]:
    """(exit status, CPU seconds, peak memory in bytes, standard error) of the command in a new process
    (with the cache ``cache``, else the test's)."""
    env = dict(os.environ, **({"LIT_COMPLIANCE_CACHE": cache} if cache else {}))
    done = subprocess.run([sys.executable, "-c", MEASURED, *map(str, args)], capture_output=True, text=True,
                          timeout=3600, cwd=ROOT, env=env)
    cost = json.loads(done.stderr.rsplit("COST ", 1)[1])
    return done.returncode, cost["cpu"], cost["rss"], done.stderr


def _results(path, rows: int, end: str, quoted: bool) -> int:
    """A results file of ``rows`` rows (table LIR-2's base game and Three Card Bonus, a shift a
    period); its size."""
    cell = (lambda c: f'"{c}"') if quoted else (lambda c: c)
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("period,table,wager,rounds,wagered,house_win" + end)
        for i in range(rows):
            wager, stake = WAGERS[i % 2]
            out.write(",".join(map(cell, (f"shift {i // 2}", "LIR-2", wager, "100", f"{stake}.00",
                                          f"{(i * 37) % 61 - 30}.50"))) + end)
    return path.stat().st_size


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """One run first, so the exact band tables are in the (session's) cache for every measured run."""
    from conftest import _session_cache

    small = tmp_path_factory.mktemp("warm") / "small.csv"
    _results(small, 5, "\n", False)
    cache = str(_session_cache(tmp_path_factory))     # the session's own (the autouse fixture's), never the user's
    assert _measured("hold", small, "--config", CONFIG, "-o", small.with_suffix(".txt"), cache=cache)[0] in (0, 1)


@pytest.mark.parametrize("end, quoted", [("\n", False), ("\r\n", True)])
def test_a_results_file_is_judged_within_its_cost_per_byte(tmp_path, warm, end, quoted):
    small, big = tmp_path / "small.csv", tmp_path / "big.csv"
    _results(small, 5, end, quoted)
    size = _results(big, 30_000, end, quoted)
    code0, cpu0, rss0, err0 = _measured("hold", small, "--config", CONFIG, "-o", tmp_path / "a.txt")
    code, cpu, rss, err = _measured("hold", big, "--config", CONFIG, "-o", tmp_path / "b.txt")
    assert code0 in (0, 1) and code in (0, 1), err[-2000:]
    assert cpu - cpu0 <= RESULTS_CPU_PER_BYTE * size, (cpu, cpu0, size)
    assert rss - rss0 <= RESULTS_MEMORY_PER_BYTE * size, (rss, rss0, size)


def _amendment(path, changes: int) -> None:
    head = (ROOT / "examples" / "maryland-draft-amendment.yaml").read_text(encoding="utf-8").split("\nchanges:")[0]
    path.write_text(head + "\nchanges:\n" + "".join(
        f"  - add: definitions\n    value:\n      term: Term {k}\n      meaning: Meaning {k}.\n"
        f"      quote: 'Term {k} means a thing.'\n      cite: COMAR 36.05.18.01B(1)\n" for k in range(changes)),
        encoding="utf-8")


def test_an_amendment_at_its_cap_applies_within_its_cost_per_change(tmp_path, monkeypatch):
    from lit_compliance.load.amendment import MAX_CHANGES

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")     # every run applies and validates
    one, full = tmp_path / "one.yaml", tmp_path / "full.yaml"
    _amendment(one, 1)
    _amendment(full, MAX_CHANGES)
    code0, cpu0, _, err0 = _measured("validate", one)
    code, cpu, _, err = _measured("validate", full)
    assert code0 == 0 and code == 0, err[-2000:]
    assert cpu - cpu0 <= AMENDMENT_CPU_PER_CHANGE * MAX_CHANGES, (cpu, cpu0)


@pytest.mark.slow
def test_a_results_file_near_the_size_cap_is_judged_within_its_bound(tmp_path, warm):
    from lit_compliance.hold.results import MAX_RESULTS_BYTES

    small, big = tmp_path / "small.csv", tmp_path / "big.csv"
    _results(small, 5, "\r\n", True)
    rows = int(MAX_RESULTS_BYTES * 0.95) // 60
    size = _results(big, rows, "\r\n", True)
    assert 0.8 * MAX_RESULTS_BYTES < size <= MAX_RESULTS_BYTES
    _, cpu0, rss0, _ = _measured("hold", small, "--config", CONFIG, "-o", tmp_path / "a.txt")
    code, cpu, rss, err = _measured("hold", big, "--config", CONFIG, "-o", tmp_path / "b.txt")
    assert code in (0, 1), err[-2000:]
    assert cpu - cpu0 <= RESULTS_CPU_PER_BYTE * size and rss - rss0 <= RESULTS_MEMORY_PER_BYTE * size, (cpu, rss)
