"""Rebuild the shipped base-game tables over suit classes: the 16,432 classes of four-card sets and
1,755 of three-card sets, how they nest, and for each five-card ranking option the catalogue uses
(the ace-low straight counted or not) how many cards complete each class into each category.

Run:  python tools/build_base_classes.py
Writes lit_compliance/gamemath/data/base_classes.json. A test recomputes every array from nothing.
Arrays are stored as little-endian bytes, zlib-compressed, in base64: the file is deterministic.
"""
from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

from lit_compliance.gamemath.tables import class_counts, class_structure, rules_key
from lit_compliance.poker.hands import CATEGORIES_5, HandRules

OUT = Path(__file__).resolve().parent.parent / "lit_compliance" / "gamemath" / "data" / "base_classes.json"
RULES = [HandRules(ace_low_straight_5=True, wraparound_5=False), HandRules(ace_low_straight_5=False, wraparound_5=False)]


def pack(array) -> dict:
    array = array.astype(array.dtype.newbyteorder("<"))
    return {"dtype": array.dtype.str, "shape": list(array.shape),
            "zlib_base64": base64.b64encode(zlib.compress(array.tobytes(), 9)).decode("ascii")}


def build() -> dict:
    structure = class_structure()
    return {"categories": list(CATEGORIES_5),
            "structure": {name: pack(a) for name, a in structure.items()},
            "counts": {rules_key(r): {name: pack(a) for name, a in class_counts(r, structure).items()} for r in RULES}}


def dumps(data: dict) -> str:
    return json.dumps(data, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(dumps(build()), encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")
