"""One validated version of one jurisdiction's rules, as the loader hands it on."""
from __future__ import annotations

import datetime as dt
from dataclasses import field

from .strict_yaml import Document
from ..records import record

NOT_STATED = "not stated in source"


@record
class Ruleset:
    """One validated version of one jurisdiction's rules."""

    data: dict = field(repr=False, compare=False)
    path: str
    document: Document = field(repr=False, compare=False)

    @property
    def jurisdiction(self) -> str:
        """The jurisdiction id (``maryland``)."""
        return self.data["jurisdiction"]["id"]

    @property
    def name(self) -> str:
        """The jurisdiction's name as the ruleset gives it."""
        return self.data["jurisdiction"]["name"]

    @property
    def version(self) -> str:
        """The version id."""
        return self.data["version"]["id"]

    @property
    def effective_date(self) -> dt.date | None:
        """The date the version took effect (None where the source does not state it)."""
        value = self.data["version"]["effective_date"]
        return None if value == NOT_STATED else dt.date.fromisoformat(value)

    @property
    def ref(self) -> str:
        """``JURISDICTION@VERSION``."""
        return f"{self.jurisdiction}@{self.version}"

    def wager(self, wager_id: str) -> dict:
        """The wager with this id, as the document gives it (KeyError if none)."""
        for wager in self.data["wagers"]:
            if wager["id"] == wager_id:
                return wager
        raise KeyError(wager_id)

    @property
    def wagers(self) -> list[dict]:
        """The wagers, as the document gives them."""
        return self.data["wagers"]

    @property
    def findings(self) -> list[dict]:
        """The findings, as the document gives them."""
        return self.data["findings"]


def finding_ids(value) -> list[str]:
    """A fact's ``finding`` as a list of ids (a ruleset may give one id or a list)."""
    if not value:
        return []
    return [value] if isinstance(value, str) else list(value)


def finding_lists(value):
    """The document with every ``finding`` as a list of ids (one type in JSON, whatever the YAML says)."""
    if isinstance(value, dict):
        return {k: (list(finding_ids(v)) if k == "finding" else finding_lists(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [finding_lists(v) for v in value]
    return value


def published(ruleset: Ruleset) -> dict:
    """The ruleset's document as ``show --format json`` publishes it: as loaded (an amendment: its
    base with its changes), every ``finding`` a list of ids."""
    return finding_lists(ruleset.data)
