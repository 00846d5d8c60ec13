"""Approvals on record, typed: who approved what, when, until when, and by content.

An approval (a table configuration's or a floor's ``approvals`` entry) covers one thing a table
relies on: a figure the house supplies where the rules give none, a wager's house paytable, the
payout limit, or the reading chosen for a finding. It names the thing (:class:`Covers`) and pins
its content by digest, so a later change to the thing voids the approval. ``date`` is the day it
was given (it holds from the start of that day); ``expires``, where given, is an instant with an
explicit time zone offset.

:func:`approval_problems` finds what the schema cannot say (a date that is no day, an expiry not
after the approval, ``covers`` fields that do not fit its item); :func:`approvals_of` builds the
typed approvals of a validated list.
"""
from __future__ import annotations

import datetime as dt
from typing import Callable, Mapping
from ..records import record

# Which fields of ``covers`` each item needs, and which it may have.
COVERS_FIELDS = {
    "supplied_figure": ({"wager", "hand"}, {"suits"}),
    "house_paytable": ({"wager"}, set()),
    "payout_limit": (set(), set()),
    "reading": ({"finding"}, set()),
}


@record
class Covers:
    """What an approval covers: ``item`` and the fields that name the thing."""

    item: str
    wager: str | None = None
    hand: str | None = None
    suits: tuple[str, ...] = ()
    finding: str | None = None

    @property
    def key(self) -> tuple:
        """The key the thing is known by (:func:`lit_compliance.operator.approvals.approvable`)."""
        if self.item == "supplied_figure":
            return (self.item, self.wager, self.hand, tuple(sorted(self.suits)))
        if self.item == "house_paytable":
            return (self.item, self.wager)
        if self.item == "reading":
            return (self.item, self.finding)
        return (self.item,)


@record
class Approval:
    """One approval on record, with where it is recorded (``file``, ``line``, ``path``)."""

    reference: str
    approver: str
    date: dt.date
    expires: dt.datetime | None
    covers: Covers
    digest: str
    note: str | None
    tables: tuple[str, ...] | None   # a floor's approval: the table ids it is for (None: every table)
    file: str
    line: int
    path: tuple      # its place in the file, e.g. ("approvals", 0)

    @property
    def where(self) -> str:
        """``file:line: approvals[i]``, where it is recorded."""
        return f"{self.file}:{self.line}: {self.path[0]}[{self.path[1]}]"

    def status_on(self, day: dt.date) -> str:
        """``in_force``, ``not_yet`` (given after ``day``) or ``expired`` (it lapses before the end of
        ``day``, read in the expiry's own time zone) on the calendar day ``day``: an approval holds
        on a day only if it holds throughout it."""
        if self.date > day:
            return "not_yet"
        if self.expires is not None:
            end = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), self.expires.tzinfo)
            if self.expires < end:
                return "expired"
        return "in_force"

    def as_dict(self) -> dict:
        """The approval as JSON states it (dates in ISO 8601, where it is recorded)."""
        return {"reference": self.reference, "approver": self.approver, "date": self.date.isoformat(),
                "expires": None if self.expires is None else self.expires.isoformat(),
                "digest": self.digest, "note": self.note, "recorded_at": self.where,
                **({"tables": list(self.tables)} if self.tables is not None else {})}


def parse_day(text: str) -> dt.date | None:
    """A YYYY-MM-DD calendar date, or None when it names no day."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def parse_instant(text: str) -> dt.datetime | None:
    """A date and time with an explicit offset (``Z`` for UTC), or None when it is not one."""
    try:
        value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return value if value.tzinfo is not None else None


def approval_problems(entries: list, base: tuple, problem: Callable[[tuple, str], object]) -> list:
    """What the schema cannot check in a validated ``approvals`` list at ``base``: each problem made
    by ``problem(path, message)``."""
    out = []
    for i, entry in enumerate(entries):
        path = base + (i,)
        day = parse_day(entry["date"])
        if day is None:
            out.append(problem(path + ("date",), f"{entry['date']!r} is not a calendar date (YYYY-MM-DD)"))
        if "expires" in entry:
            until = parse_instant(entry["expires"])
            if until is None:
                out.append(problem(path + ("expires",), f"{entry['expires']!r} is not a date and time with a time "
                                                        "zone offset (e.g. 2027-03-01T00:00:00+11:00)"))
            elif day is not None and until.date() < day:
                out.append(problem(path + ("expires",), f"the approval expires ({entry['expires']}) before the "
                                                        f"day it was given ({entry['date']})"))
        covers = entry["covers"]
        needs, may = COVERS_FIELDS[covers["item"]]
        given = set(covers) - {"item"}
        for name in sorted(needs - given):
            out.append(problem(path + ("covers",), f"an approval of a {covers['item'].replace('_', ' ')} names "
                                                   f"its {name} (covers.{name})"))
        for name in sorted(given - needs - may):
            out.append(problem(path + ("covers", name), f"an approval of a {covers['item'].replace('_', ' ')} "
                                                        f"has no {name}"))
    return out


def approvals_of(entries: list, file: str, base: tuple,
                 locate: Callable[[tuple], tuple[int, int]]) -> tuple[Approval, ...]:
    """The typed approvals of a validated ``approvals`` list at ``base`` in ``file``."""
    out = []
    for i, entry in enumerate(entries):
        c: Mapping = entry["covers"]
        covers = Covers(c["item"], c.get("wager"), c.get("hand"), tuple(c.get("suits") or ()), c.get("finding"))
        expires = parse_instant(entry["expires"]) if "expires" in entry else None
        tables = tuple(str(t) for t in entry["tables"]) if "tables" in entry else None
        out.append(Approval(entry["reference"], entry["approver"], dt.date.fromisoformat(entry["date"]), expires,
                            covers, entry["digest"], entry.get("note"), tables, file, locate(base + (i,))[0],
                            base + (i,)))
    return tuple(out)
