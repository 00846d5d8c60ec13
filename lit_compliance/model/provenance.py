"""Where a fact comes from: its citation, the findings about it, and its place in the file."""
from __future__ import annotations

from dataclasses import dataclass


def finding_ids(value) -> tuple[str, ...]:
    """A fact's ``finding`` as a tuple of ids (a ruleset may give one id or a list)."""
    if not value:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def quote_text(value) -> str | None:
    """A fact's ``quote`` as one string: a list of pieces (words not contiguous) joined by " … "."""
    if value is None or isinstance(value, str):
        return value
    return " … ".join(str(piece) for piece in value)


@dataclass(frozen=True)
class Source:
    """The position of a fact: the ruleset file, its line, and the path of keys to it."""

    file: str
    line: int
    path: tuple

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"
