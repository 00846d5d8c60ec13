"""One validated version of one jurisdiction's rules, as the loader hands it on."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from .strict_yaml import Document

NOT_STATED = "not stated in source"


@dataclass(frozen=True)
class Ruleset:
    """One validated version of one jurisdiction's rules."""

    data: dict = field(repr=False, compare=False)
    path: str
    document: Document = field(repr=False, compare=False)

    @property
    def jurisdiction(self) -> str:
        return self.data["jurisdiction"]["id"]

    @property
    def name(self) -> str:
        return self.data["jurisdiction"]["name"]

    @property
    def version(self) -> str:
        return self.data["version"]["id"]

    @property
    def effective_date(self) -> dt.date | None:
        value = self.data["version"]["effective_date"]
        return None if value == NOT_STATED else dt.date.fromisoformat(value)

    @property
    def ref(self) -> str:
        return f"{self.jurisdiction}@{self.version}"

    def wager(self, wager_id: str) -> dict:
        for wager in self.data["wagers"]:
            if wager["id"] == wager_id:
                return wager
        raise KeyError(wager_id)

    @property
    def wagers(self) -> list[dict]:
        return self.data["wagers"]

    @property
    def findings(self) -> list[dict]:
        return self.data["findings"]


def finding_ids(value) -> list[str]:
    """A fact's ``finding`` as a list of ids (a ruleset may give one id or a list)."""
    if not value:
        return []
    return [value] if isinstance(value, str) else list(value)
