"""Pairing the items of two lists by keys tried in turn, then by the most similar text (generic)."""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable


def match(old: list, new: list, keys: Iterable[Callable], similar: Callable | None = None,
          groups: Callable | None = None) -> dict[int, int]:
    """Pair items of ``old`` and ``new``: {new index: old index}.

    Each key function is tried in turn on the items still unpaired; a key pairs two items when
    exactly one unpaired item on each side has it. Then, if ``similar`` is given, the items left
    that share a coarse group (``groups``) are paired by the most similar text.
    """
    pairs: dict[int, int] = {}
    used_old: set[int] = set()
    for key in keys:
        old_by: dict = {}
        new_by: dict = {}
        for i, item in enumerate(old):
            if i not in used_old and (k := freeze(key(item))) is not None:
                old_by.setdefault(k, []).append(i)
        for j, item in enumerate(new):
            if j not in pairs and (k := freeze(key(item))) is not None:
                new_by.setdefault(k, []).append(j)
        for k, js in new_by.items():
            if len(js) == 1 and len(old_by.get(k, ())) == 1:
                pairs[js[0]] = old_by[k][0]
                used_old.add(old_by[k][0])
    if similar is not None:
        candidates = []
        for j, n in enumerate(new):
            if j in pairs:
                continue
            for i, o in enumerate(old):
                if i in used_old or (groups and groups(o) != groups(n)):
                    continue
                score = similarity(similar(o), similar(n))
                if score >= 0.5:
                    candidates.append((-score, i + j, min(i, j), max(i, j), i, j))
        for *_, i, j in sorted(candidates):
            if i not in used_old and j not in pairs:
                pairs[j] = i
                used_old.add(i)
    return pairs


def similarity(a: str, b: str) -> float:
    """How alike two texts are, 0 to 1: shared words over all words (the same either way round)."""
    wa, wb = set(re.findall(r"[a-z0-9]+", a.lower())), set(re.findall(r"[a-z0-9]+", b.lower()))
    if not wa and not wb:
        return 1.0
    return round(len(wa & wb) / len(wa | wb), 9)


def freeze(value: Any) -> Any:
    """A hashable stand-in for a key (lists and dicts as canonical JSON)."""
    if isinstance(value, (list, dict)):
        return json.dumps(value, sort_keys=True)
    return value


def merged_order(old_len: int, new_len: int, pairs: dict[int, int]) -> list[tuple[int | None, int | None]]:
    """(old index, new index) in reading order: new order, removed items where they stood."""
    out: list[tuple[int | None, int | None]] = []
    removed = sorted(set(range(old_len)) - set(pairs.values()))
    for j in range(new_len):
        if j in pairs:
            i = pairs[j]
            while removed and removed[0] < i:
                out.append((removed.pop(0), None))
            out.append((i, j))
        else:
            out.append((None, j))
    out.extend((i, None) for i in removed)
    return out
