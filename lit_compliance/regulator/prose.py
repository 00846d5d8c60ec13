"""Saying ruleset values for a reader: numbers, slugs, hands, yes/no facts and whole facts in one line."""
from __future__ import annotations

import re
from typing import Any, Iterable

from ..model.vocabulary import HAND_NAMES, hand_name, odds, words
from .changes import ANNOTATIONS, FIELD_LABELS




def norm(value: Any) -> Any:
    """The value as compared: strings with white space collapsed, ints and floats alike."""
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [norm(v) for v in value]
    if isinstance(value, dict):
        return {k: norm(v) for k, v in value.items()}
    return value


def figure(value: float | int) -> str:
    """A number as the diff prints it: whole floats as integers, thousands separated from 10,000."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) and abs(value) >= 10000 else str(value)


def humanise(slug: str) -> str:
    """An identifier as words (see :func:`lit_compliance.model.vocabulary.words`)."""
    return words(slug)


def cap(text: str) -> str:
    """``text`` with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def say(value: Any, key: str | None = None) -> str:
    """A value as a reader wants to see it."""
    if value is None:
        return "not stated"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return figure(value)
    if isinstance(value, str):
        if key in ("hand",) or (value in HAND_NAMES and key not in ("text", "meaning")):
            return hand_name(value)
        if re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", value):
            return humanise(value)
        return " ".join(value.split())
    if isinstance(value, list):
        if not value:
            return "(none)"
        return ", ".join(say(v, key) for v in value)
    if isinstance(value, dict):
        return summarise(value)
    return str(value)


def summarise(item: dict, skip: Iterable[str] = ()) -> str:
    """A one-line account of a fact (a dict), leaving out its citations."""
    if "kind" in item and "value" in item and set(item) <= {"kind", "value", "finding"}:
        return odds(item)
    if is_flag(item):
        return flag_words(item)
    parts = []
    lead = None
    for key in ("text", "meaning"):
        if isinstance(item.get(key), str):
            lead = " ".join(item[key].split())
    for key, value in item.items():
        if key in ANNOTATIONS or key in ("id", "text", "meaning") or key in skip \
                or isinstance(value, dict) and "cite" in value:
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            parts.append(f"{humanise(key)}: {len(value)} item(s)")
            continue
        label = FIELD_LABELS.get(key, humanise(key))
        parts.append(f"{label}: {say(value, key)}" if label else say(value, key))
    if lead:
        parts.append(lead)
    return "; ".join(parts) if parts else "(no further detail)"


def is_flag(item: Any) -> bool:
    """A yes/no fact (``$defs/flag``): value true, false or null (then ``assumed``)."""
    return (isinstance(item, dict) and "value" in item and "cite" in item
            and (isinstance(item["value"], bool) or item["value"] is None)
            and set(item) <= {"value", "assumed", "finding", "text", "cite"})


def flag_words(item) -> str:
    """A yes/no fact (a :class:`~lit_compliance.model.base_game.Flag`, or its mapping, as the diff
    compares documents) as the diff says it: its value, or not stated (and how it is read)."""
    value, assumed = ((item.get("value"), item.get("assumed")) if isinstance(item, dict)
                      else (item.value, item.assumed))
    if value is None:
        return "not stated" + (f" (read as {say(assumed)})" if assumed is not None else "")
    return say(value)


def line_label(line: dict) -> str:
    """A paytable line's label: the hand (with suits) and its stake where it has one."""
    label = hand_name(line["hand"], line.get("suits"))
    if line.get("stake") is not None:
        label += f" (stake {figure(line['stake'])})"
    return label


def strip_brackets(text: str) -> str:
    """``text`` without bracketed notes, white space collapsed."""
    return " ".join(re.sub(r"\[[^\]]*\]", " ", text).split())
