"""Did you mean: the one helper every "unknown id" message uses.

An id the user gave that names nothing gets the nearest known id (``difflib``, ignoring case and
the difference between hyphens, underscores and spaces) and the list of the choices, so every
command and every file field says it the same way::

    >>> unknown("wager", "thre-card-bonus", ["base", "three-card-bonus"])
    "no wager 'thre-card-bonus'; did you mean 'three-card-bonus'? (choices: base, three-card-bonus)"
    >>> did_you_mean("zzz", ["maryland"])
    ''
"""
from __future__ import annotations

import re
from typing import Iterable

__all__ = ["did_you_mean", "nearest", "unknown"]

MOST_LISTED = 100    # a message lists at most this many choices, then how many more


def _plain(text) -> str:
    return re.sub(r"[\s_\-]+", "-", str(text).strip().lower())


def nearest(given, choices: Iterable) -> str | None:
    """The choice closest to ``given`` (as the choices spell it), or None when none is close."""
    import difflib  # lazy: only a message for an unknown id needs it, not every start (1.2 ms)

    spelled: dict[str, str] = {}
    for choice in choices:
        spelled.setdefault(_plain(choice), str(choice))
    close = difflib.get_close_matches(_plain(given), list(spelled), n=1, cutoff=0.6)
    return spelled[close[0]] if close else None


def did_you_mean(given, choices: Iterable) -> str:
    """``"; did you mean 'maryland'?"`` for a near miss, else ``""``."""
    near = nearest(given, choices)
    return f"; did you mean {near!r}?" if near is not None else ""


def unknown(what: str, given, choices: Iterable, *, label: str = "choices", prefix: str = "no") -> str:
    """``no WHAT 'given'; did you mean 'x'? (choices: a, b, c)``: the message for an unknown id.
    ``prefix`` words the start (``"unknown"`` gives ``unknown WHAT 'given'...``); with no choices
    at all the message says so."""
    listed = [str(c) for c in choices]
    shown = listed[:MOST_LISTED]
    known = (", ".join(shown) + (f" and {len(listed) - len(shown):,} more" if len(listed) > len(shown) else "")
             if listed else "none")
    return f"{prefix} {what} {str(given)!r}{did_you_mean(given, listed)} ({label}: {known})"
