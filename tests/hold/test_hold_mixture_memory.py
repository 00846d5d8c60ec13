"""A results file whose every period was played at its own stakes is judged holding one mixture at a
time: what a judged period keeps of its mixture is its edges, p-value and lattice, not the mixture's
pieces (megabytes each), and the mixtures kept for the next report stay within ``MEMO_BYTES``. A month
of the Maryland example's wagers, each day at its own stakes, once held 600 MB (710 MB at its peak;
now 290 MB)."""
from __future__ import annotations

import json
import weakref
from pathlib import Path

from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.hold import levels
from lit_compliance.hold.levels import Mixtures
from lit_compliance.table.theory import load_theory

ROOT = Path(__file__).resolve().parents[2]
MD = ROOT / "examples" / "configs" / "maryland.yaml"


def _days(tmp_path: Path, days: int) -> Path:
    """``days`` periods of the five-card bonus, each at $2 and $5 for its own numbers of rounds (so
    each its own mixture)."""
    theory = load_theory(MD)
    lines = ["period,table,wager,rounds,wagered,house_win,stakes"]
    for d in range(days):
        low, high = 7950 + d, 4380
        wagered = 2 * low + 5 * high
        lines.append(f"d{d:03d},{theory.table},five-card-bonus,{low + high},{wagered:.2f},{wagered * 0.1:.2f},"
                     f"2:{low};5:{high}")
    path = tmp_path / f"days{days}.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_periods_each_at_their_own_stakes_are_judged_holding_one_mixture_at_a_time(tmp_path, monkeypatch):
    """With none kept for a next report, no more than one period's mixture (and the cumulative's) is
    alive at once: counted as each is made, whatever the machine's allocator does."""
    monkeypatch.setattr(levels, "MEMO_BYTES", 0)
    levels._MEMO.clear()
    alive: weakref.WeakSet = weakref.WeakSet()
    most = [0]
    made = levels.Mixture

    def counted(parts):
        mix = made(parts)
        alive.add(mix)
        most[0] = max(most[0], len(alive))
        return mix

    monkeypatch.setattr(levels, "Mixture", counted)
    got = CliRunner().invoke(main, ["hold", str(_days(tmp_path, 24)), "--config", str(MD), "--format", "json"])
    assert got.exit_code in (0, 1), got.output[-800:]
    periods = json.loads(got.stdout)["tables"][0]["wagers"][0]["periods"]
    assert len(periods) == 24 and all(p["stakes"]["judged_as"] == "mixture" for p in periods)
    assert all(p["status"] == "judged" and 0 < p["p_value"] <= 1 for p in periods)
    assert 1 <= most[0] <= 2
    one = Mixtures().of(load_theory(MD), "five-card-bonus", ((2.0, 7950, None), (5.0, 4380, None)))
    assert one.nbytes > 1 << 20                            # each holds megabytes: 24 alive would be a hundred


def test_the_mixtures_kept_for_the_next_report_stay_within_their_bytes(monkeypatch):
    theory = load_theory(MD)
    one = Mixtures().of(theory, "base", ((10.0, 600, None), (60.0, 400, None)))
    monkeypatch.setattr(levels, "MEMO_BYTES", int(2.5 * one.nbytes))
    levels._MEMO.clear()
    made = [Mixtures().of(theory, "base", ((10.0 + d, 600, None), (60.0 + d, 400, None))) for d in range(6)]
    kept = [m for _c, m in levels._MEMO.values()]
    assert sum(m.nbytes for m in kept) <= levels.MEMO_BYTES
    assert kept and kept[-1] is made[-1]                   # the newest kept, the oldest let go
    assert made[0] not in kept
    again = Mixtures().of(theory, "base", ((65.0, 400, None), (15.0, 600, None)))
    assert again is made[-1]                               # read back, whatever the order of its levels
    levels._MEMO.clear()
