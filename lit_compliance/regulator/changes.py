"""The diff's records: one :class:`Change` per difference, the two :class:`Side` headers, the :class:`Diff`.

Also the vocabulary they are reported in: the areas of a ruleset in reading order, the fields that
are annotations (where the source says a thing, not what it says), and field labels.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import Any
from ..load.facts import site_folder
from ..records import record

CHANGE_KINDS = ("added", "removed", "changed", "renamed", "recited")
LOW_IMPORTANCE = frozenset({"recited"})

#: Areas in reading order: (top-level key, title).
AREAS = (
    ("wagers", "Wagers and paytables"),
    ("base_game", "Base game"),
    ("payout_limits", "Payout limits"),
    ("table_limits", "Table limits"),
    ("hand_rankings", "Hand rankings"),
    ("cards", "Cards and shuffling"),
    ("table", "Table and layout"),
    ("dealing_methods", "Dealing"),
    ("round_sequence", "Round sequence"),
    ("irregularities", "Irregularities"),
    ("signage", "Signage"),
    ("other_rules", "Other rules"),
    ("definitions", "Definitions"),
    ("findings", "Findings"),
)
AREA_TITLES = dict(AREAS)

#: Keys that say where or how the source says a thing rather than what it says.
ANNOTATIONS = ("cite", "quote", "finding", "note")

WAGER_KINDS = {
    "base": "Base game", "five_card_bonus": "Five-card bonus", "three_card_bonus": "Three-card bonus",
    "six_card_bonus": "Six-card bonus", "progressive": "Progressive", "cover_all": "Cover all",
}

FIELD_LABELS = {
    "max_hours": "maximum hours between changes", "min_cards": "minimum cards in the cut",
    "cards_per_deck": "cards per deck", "count": "count", "high_to_low": "rank order",
    "value": "", "amount": "", "five_card": "five-card ranking", "three_card": "three-card ranking",
    "six_card": "six-card ranking", "requires_wagers": "requires wagers", "set_by": "set by",
    "applies_to": "applies to", "or_amount_set_by": "or an amount set by", "meaning": "",
    "lines": "", "envy_lines": "", "categories": "", "bets": "", "payout": "", "text": "wording",
}


# ----------------------------------------------------------------------------------------------
# The records


@record
class Change:
    """One difference between the two sides."""

    area: str                      # the top-level key, e.g. "wagers"
    path: tuple                    # domain labels, e.g. ("Three-card bonus", "Paytable B", "Straight")
    kind: str                      # added, removed, changed, renamed, recited
    old: Any = None                # raw values (JSON-able)
    new: Any = None
    old_text: str | None = None    # the same values said for a reader
    new_text: str | None = None
    old_cite: str | None = None
    new_cite: str | None = None
    old_line: int | None = None    # line of the fact in each side's file
    new_line: int | None = None
    old_fact: str | None = None    # id of the fact in each side (load.facts), its site anchor
    new_fact: str | None = None
    details_old: tuple = ()        # further lines, e.g. the lines of an added paytable
    details_new: tuple = ()
    paytable: tuple | None = None  # the paytable (as labels) this change belongs to
    house_edge_old: float | None = None
    house_edge_new: float | None = None
    edge_status_old: str | None = None
    edge_status_new: str | None = None

    @property
    def area_title(self) -> str:
        return AREA_TITLES[self.area]

    @property
    def path_label(self) -> str:
        return ", ".join(self.path)

    @property
    def low_importance(self) -> bool:
        return self.kind in LOW_IMPORTANCE

    def as_dict(self) -> dict:
        out = asdict(self)
        out["path"] = list(self.path)
        out["paytable"] = list(self.paytable) if self.paytable else None
        out["details_old"] = list(self.details_old)
        out["details_new"] = list(self.details_new)
        return {"area": self.area, "area_title": self.area_title, "path_label": self.path_label,
                "importance": "low" if self.low_importance else "normal", **out}


@record
class Side:
    """What one side of the comparison is."""

    ref: str
    jurisdiction: str
    name: str
    version: str
    effective_date: str
    supersedes: str | None
    citation: str
    findings: int
    label: str  # the short name used for this side in output
    catalogued: bool = False  # one of the bundled catalogue's rulesets (so it has a page in the site)

    def as_dict(self) -> dict:
        return asdict(self)


@record
class Diff:
    old: Side
    new: Side
    same_jurisdiction: bool
    changes: tuple
    house_edges: bool

    @property
    def substantive(self) -> tuple:
        """The changes in meaning (citation-only changes left out)."""
        return tuple(c for c in self.changes if not c.low_importance)

    @property
    def recited(self) -> tuple:
        """The changes only of citation or wording of the source."""
        return tuple(c for c in self.changes if c.low_importance)

    def differs(self, include_citations: bool = False) -> bool:
        """Whether the two sides differ in meaning (or, with ``include_citations``, at all)."""
        return bool(self.changes if include_citations else self.substantive)

    def counts(self) -> dict:
        """The number of changes of each kind."""
        return {kind: sum(1 for c in self.changes if c.kind == kind) for kind in CHANGE_KINDS}

    def as_dict(self) -> dict:
        """The diff as JSON-able data (what ``diff --format json`` prints)."""
        return {
            "old": self.old.as_dict(), "new": self.new.as_dict(),
            "same_jurisdiction": self.same_jurisdiction,
            "findings_compared": self.same_jurisdiction,
            "house_edges_computed": self.house_edges,
            "counts": self.counts(),
            "differences": len(self.substantive),
            "changes": [{**c.as_dict(), "old_reference": self.reference("old", c), "new_reference": self.reference("new", c)}
                        for c in self.changes],
        }

    def reference(self, side: str, change: "Change") -> str | None:
        """Where the changed fact is in the site (``lit-compliance site``): ``maryland/v1/#id``."""
        fact = change.old_fact if side == "old" else change.new_fact
        who = self.old if side == "old" else self.new
        return f"{site_folder(who.jurisdiction, who.version)}#{fact}" if fact and who.catalogued else None
