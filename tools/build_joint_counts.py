"""Rebuild the shipped joint count tables of one player's deal (:mod:`lit_compliance.gamemath.joint_counts`):
one for every base paytable of every bundled ruleset (its strategy) under the ruleset's ranking
rules, with the six-card axis where the ruleset has a wager settled on the six-card hand.

Run:  python tools/build_joint_counts.py
Writes lit_compliance/gamemath/data/joint_counts.json. A test recomputes entries (every one under
``-m slow``). Arrays are stored as little-endian bytes, zlib-compressed, in base64, as
tools/build_base_classes.py stores its own: the file is deterministic.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_base_classes import pack  # noqa: E402

from lit_compliance.gamemath.base import multipliers, not_whole_odds  # noqa: E402
from lit_compliance.gamemath.joint_counts import _enumerate, atoms_digest, shipped_key  # noqa: E402
from lit_compliance.load.catalogue import Catalogue  # noqa: E402
from lit_compliance.model import model_of  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "joint_counts.json"


def wanted() -> list[tuple]:
    """(ranking rules, base net wins, six-card axis) for every base paytable of every bundled ruleset."""
    out = []
    for rs in Catalogue.bundled().all_versions():
        model = model_of(rs)
        if model.hand_rules.wraparound_5:
            continue
        six = any(t.hand_basis.value == "player_and_bonus_community" for w in model.wagers for t in w.paytables)
        for wager in model.wagers:
            if not wager.is_base:
                continue
            for table in wager.paytables:
                m, missing = multipliers(table) if not not_whole_odds(table) else (None, ["odd"])
                if not missing:
                    out.append((model.hand_rules, tuple(int(x) for x in m), six))
    return sorted(set(out), key=repr)


def build() -> dict:
    tables = {}
    for rules, net_wins, six in wanted():
        got = _enumerate(rules, net_wins, six)
        tables[shipped_key(rules, net_wins, six)] = {"atoms": atoms_digest(rules, six), "total": got.total,
                                                    "counts": pack(got.counts)}
        print(f"  {shipped_key(rules, net_wins, six)}", file=sys.stderr)
    return {"tables": tables}


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")
