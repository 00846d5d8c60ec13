"""The ruleset's header: which jurisdiction and regulator, which version of its rules, and which
source text they were transcribed from.

:func:`header_of` reads it once from a ruleset document; ``model.header`` gives it on a
:class:`~lit_compliance.model.RulesetModel`, so a view says ``header.version.effective_date`` and
``header.source.citation`` instead of subscripting the YAML. Each part keeps its citation.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import field
from types import MappingProxyType
from typing import Mapping

from ..load.ruleset import NOT_STATED, Ruleset  # NOT_STATED: the literal a ruleset gives where its source states no date
from .provenance import finding_id_tuple, quote_text
from ..records import record

DEFAULT_CURRENCY = "USD"


@record
class Jurisdiction:
    """The jurisdiction whose rules these are, its regulator and the currency its amounts are in."""

    id: str
    name: str
    regulator: str
    currency: str
    cite: str
    quote: str | None = None
    findings: tuple[str, ...] = ()


@record
class Version:
    """One version of a jurisdiction's rules: its id, the date it took effect, the version it replaces.

    ``effective_date`` is None where the source states no date; ``effective_date_text`` is the date
    as the ruleset writes it (an ISO date or ``"not stated in source"``)."""

    id: str
    effective_date_text: str
    supersedes: str | None
    change_note: str
    cite: str
    quote: str | None = None
    findings: tuple[str, ...] = ()

    @property
    def effective_date(self) -> dt.date | None:
        """The date the version took effect (None where the source does not state it).

        >>> Version("v1", "2017-04-17", None, "first", "ARSD 1").effective_date
        datetime.date(2017, 4, 17)
        >>> Version("v1", NOT_STATED, None, "first", "ARSD 1").effective_date is None
        True
        """
        return None if self.effective_date_text == NOT_STATED else dt.date.fromisoformat(self.effective_date_text)

    @property
    def date_stated(self) -> bool:
        """Whether the source states the date the version took effect."""
        return self.effective_date_text != NOT_STATED


@record
class Amendment:
    """One earlier amendment of the source, as its history lists it (a citation and a date)."""

    citation: str
    effective_date: str


@record
class SourceText:
    """The source text the rules were transcribed from: title, citation, authority, the bundled file.

    ``clauses_described`` says whether the ruleset describes how the text numbers its clauses (so
    its provisions can be listed); ``no_rule`` maps each clause no fact transcribes to the reason."""

    title: str
    citation: str
    authority: str | None
    file: str
    sha256: str
    history: tuple[Amendment, ...] = ()
    clauses_described: bool = False
    no_rule: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}), compare=False)


@record
class Header:
    """The header of a ruleset: jurisdiction, version and source text."""

    schema_version: str | None
    jurisdiction: Jurisdiction
    version: Version
    source: SourceText

    @property
    def ref(self) -> str:
        """``JURISDICTION@VERSION``."""
        return f"{self.jurisdiction.id}@{self.version.id}"

    @property
    def currency(self) -> str:
        """The currency the ruleset's amounts are in (ISO code)."""
        return self.jurisdiction.currency


def header_of(data: Mapping) -> Header:
    """The header of a ruleset document (validated).

    >>> doc = {"jurisdiction": {"id": "x", "name": "X", "regulator": "R", "cite": "c"},
    ...        "version": {"id": "v1", "effective_date": "not stated in source", "supersedes": None,
    ...                    "change_note": "first", "cite": "c"},
    ...        "source": {"title": "T", "citation": "C", "file": "x.txt", "sha256": "0" * 64}}
    >>> h = header_of(doc)
    >>> (h.ref, h.currency, h.version.effective_date, h.source.clauses_described)
    ('x@v1', 'USD', None, False)
    """
    j, v, s = data["jurisdiction"], data["version"], data["source"]
    clauses = s.get("clauses") or {}
    return Header(
        schema_version=data.get("schema_version"),
        jurisdiction=Jurisdiction(j["id"], j["name"], j["regulator"], j.get("currency", DEFAULT_CURRENCY), j["cite"],
                                  quote_text(j.get("quote")), finding_id_tuple(j.get("finding"))),
        version=Version(v["id"], str(v["effective_date"]), v.get("supersedes"), v["change_note"], v["cite"],
                        quote_text(v.get("quote")), finding_id_tuple(v.get("finding"))),
        source=SourceText(s["title"], s["citation"], s.get("authority"), s["file"], s["sha256"],
                          tuple(Amendment(h.get("citation", ""), str(h.get("effective_date", "")))
                                for h in s.get("history") or ()),
                          bool(clauses), MappingProxyType(dict(clauses.get("no_rule") or {}))))


@record
class Outline:
    """What a catalogue listing shows of a ruleset: its header, its wagers' ids and how many findings
    it records, read without building the whole model."""

    header: Header
    wager_ids: tuple[str, ...]
    finding_count: int


def outline_of(ruleset: Ruleset) -> Outline:
    """The outline of a loaded (validated) ruleset: the same header, wager ids and finding count as
    its whole model (:func:`lit_compliance.model.as_printed`) gives, at the cost of the header alone."""
    data = ruleset.data
    return Outline(header_of(data), tuple(w["id"] for w in data["wagers"]), len(data.get("findings") or ()))
