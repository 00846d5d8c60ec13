"""Rebuild the shipped six-card counts: the best five-card category over all 20,358,520 six-card
sets, for each five-card ranking option the vectorised evaluator supports (the ace-low straight
counted or not; wrap-around straights are not supported there).

Run:  python tools/build_six_card_counts.py
Writes lit_compliance/gamemath/data/six_card_counts.json. A test recomputes every entry.
"""
from __future__ import annotations

import json
from pathlib import Path

from lit_compliance.gamemath.tables import rules_key
from lit_compliance.poker.hands import CATEGORIES_5, HandRules
from lit_compliance.poker.vectorised import best_of_six_counts

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "six_card_counts.json"


def build() -> dict:
    out = {"categories": list(CATEGORIES_5), "counts": {}}
    for ace_low in (True, False):
        rules = HandRules(ace_low_straight_5=ace_low, wraparound_5=False)
        counts, _ = best_of_six_counts(rules)
        out["counts"][rules_key(rules)] = [int(n) for n in counts]
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
