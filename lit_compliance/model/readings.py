"""Readings: the meanings a ruleset allows where its source leaves a rule open.

A finding that leaves a figure or rule open lists its readings. Each reading says in plain words
what it means, whether the engine applies it by default (exactly one per finding does) and why, and
the *changes* to the transcribed document it needs: ``set`` a value at a path, or ``remove`` the
item at a path, or ``add`` an item to the list at a path. The model is built from the document with the chosen readings' changes applied, so
every stage sees one meaning, and any output can say which reading it used and what the others
give (by building the model under each alternative).

Paths address the document by keys and, inside lists, by an item's ``id`` (wagers, paytables,
irregularities), ``hand`` (paytable lines) or position (``#2``), and ``*`` for every item:
``wagers/five-card-bonus/paytables/a/lines/pair_tens_or_better/payout``.
"""
from __future__ import annotations

from dataclasses import field

from ..load.document_changes import (
    DocumentChange, ReadingError, apply_changes, check_change, expand, resolve, resolve_step, split_path)
from .provenance import Source
from ..records import record

# The change machinery lives in load (validation checks every change); it is named here too, beside
# the readings made of it.
__all__ = ["DocumentChange", "Reading", "ReadingError", "ZERO_EV_FINDING", "ZERO_EV_PULLED", "ZERO_EV_RIDDEN",
           "apply_changes", "check_change", "expand", "resolve", "resolve_step", "split_path"]


@record
class Reading:
    id: str
    finding: str                          # the finding that leaves the rule open
    meaning: str
    default: bool
    why: str | None
    cite: str | None
    operator_may_choose: bool
    changes: tuple[DocumentChange, ...]
    source: Source | None = field(default=None, repr=False, compare=False)

    @property
    def ref(self) -> str:
        """``finding/reading``: how a table configuration or a note names this reading."""
        return f"{self.finding}/{self.id}"

    def touches(self, prefix: tuple[str, ...]) -> bool:
        """Whether any change is at or under ``prefix`` (or above it, replacing it whole)."""
        for change in self.changes:
            n = min(len(change.path), len(prefix))
            if all(a == b or a == "*" for a, b in zip(change.path[:n], prefix[:n])):
                return True
        return False


# Conventions of the analysis itself (not of any source): the same kind of choice, stated the same way.
ZERO_EV_FINDING = "analysis-zero-expectation"
ZERO_EV_PULLED = Reading(
    id="pulled", finding=ZERO_EV_FINDING, default=True,
    meaning="a bet whose expectation given the cards seen is exactly zero is pulled",
    why="a player indifferent between riding and pulling keeps the money back; the element of risk "
        "then counts only bets that carry an expected loss or gain",
    cite=None, operator_may_choose=False, changes=())
ZERO_EV_RIDDEN = Reading(
    id="ridden", finding=ZERO_EV_FINDING, default=False,
    meaning="a bet whose expectation given the cards seen is exactly zero is left to ride",
    why="the convention of the published Let It Ride analyses (element of risk 2.8453% on the "
        "standard table)",
    cite=None, operator_may_choose=False, changes=())
