"""Rendering: Jinja templates over views the engine prepares, and atomic file output.

Templates hold presentation only. Undefined variables are errors (StrictUndefined); HTML and SVG
templates are autoescaped, so a casino called ``<script>`` prints as text.
"""
from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from ..load.resources import data_dir


def _odds(payout: dict, words: dict | None = None) -> str:
    """Say a payout in words, e.g. '1,000 to 1', '300 for 1', '$25,000', '10% of meter'."""
    kind, value = payout["kind"], payout.get("value")
    if kind == "not_offered":
        return "not offered"
    if value is None:
        return "(figure missing in source)"
    number = f"{value:,.0f}" if float(value).is_integer() else f"{value:,}"
    if kind == "to_one":
        return f"{number} to 1"
    if kind == "for_one":
        return f"{number} for 1"
    if kind == "fixed_amount":
        return f"${number}"
    return f"{number}% of meter"


HAND_NAMES = {
    "super_royal": "Super Royal", "royal_flush": "Royal flush", "mini_royal": "Mini-royal",
    "ace_king_queen": "Ace, King, Queen", "straight_flush": "Straight flush",
    "four_of_a_kind": "Four of a kind", "full_house": "Full house", "flush": "Flush",
    "straight": "Straight", "three_of_a_kind": "Three of a kind", "two_pair": "Two pair",
    "pair_tens_or_better": "Pair of tens or better", "pair": "Pair", "high_card": "High card",
}


def flag_text(fact: dict) -> str:
    """A yes/no fact in words: 'yes', 'no', or 'not stated (assumed yes)'."""
    if fact["value"] is None:
        return f"not stated (assumed {'yes' if fact.get('assumed') else 'no'})"
    return "yes" if fact["value"] else "no"


def hand_name(hand: str, suits: list | None = None) -> str:
    name = HAND_NAMES.get(hand, hand)
    if suits:
        name += " of " + ", ".join(suits)
    return name


def _escaped(name: str | None) -> bool:
    """Autoescape HTML, SVG and XML templates (``x.html.j2`` as well as ``x.html``)."""
    stem = (name or "").removesuffix(".j2")
    return stem.endswith((".html", ".htm", ".svg", ".xml"))


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        autoescape=_escaped,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["odds"] = _odds
    env.filters["hand"] = hand_name
    env.filters["flag"] = flag_text
    env.filters["refs"] = lambda v: ", ".join(v) if isinstance(v, list) else v
    env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)


def write_atomic(path: Path | str, content: str | bytes) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the whole new one."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(dir=str(path.parent or Path(".")), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def to_json(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=False, ensure_ascii=False) + "\n"
