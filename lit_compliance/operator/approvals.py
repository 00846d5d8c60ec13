"""What a table's approvals can cover, each thing's content digest, and which approval holds on a day.

A thing an approval can cover (:class:`Approvable`) is one of a table's own choices the rules
leave to someone's approval: a figure the house supplies, a wager's house paytable, the payout
limit, or the reading the configuration chooses for a finding. Its *content digest* is the first
12 hex digits of sha256 over the RFC 8785 canonical JSON of what it is (its item, the
jurisdiction, what names it, and its value: the payout, the paytable's lines, the limit, the
reading), so any change to the value changes the digest and voids an approval that pinned the old
one; comments and layout of the file do not.

:func:`standing` says, for one thing on one day, which approval it relies on, or why none holds.
"""
from __future__ import annotations

import datetime as dt

from ..load.fingerprint import short_digest
from ..model.approvals import Approval
from ..model.vocabulary import hand_name
from ..table.config import TableConfig
from ..records import record

DIGEST_DIGITS = 12


def today() -> dt.date:
    """The day approvals are judged for when none is given: today's date in UTC."""
    return dt.datetime.now(dt.timezone.utc).date()


@record
class Approvable:
    """One thing of a table an approval can cover: its key, words, place in the file and digest."""

    key: tuple
    label: str
    path: tuple
    content: dict

    @property
    def digest(self) -> str:
        return short_digest(self.content, DIGEST_DIGITS)


def approvable(config: TableConfig) -> dict[tuple, Approvable]:
    """{key: thing} for everything of ``config`` an approval can cover, keyed as
    :attr:`lit_compliance.model.approvals.Covers.key` names it."""
    settings, data = config.settings, config.data
    out: dict[tuple, Approvable] = {}

    def add(key: tuple, label: str, path: tuple, **content) -> None:
        out[key] = Approvable(key, label, path, {"item": key[0], "jurisdiction": settings.jurisdiction, **content})

    for i, choice in enumerate(data["wagers"]):
        wager = choice["wager"]
        for k, line in enumerate(choice.get("supplied_figures") or ()):
            suits = sorted(line.get("suits") or ())
            add(("supplied_figure", wager, line["hand"], tuple(suits)),
                f"the {wager} wager's figure for {hand_name(line['hand'], tuple(suits))}",
                ("wagers", i, "supplied_figures", k), wager=wager, hand=line["hand"], suits=suits,
                payout=line["payout"])
        if "custom_paytable" in choice:
            add(("house_paytable", wager), f"the {wager} wager's house paytable", ("wagers", i, "custom_paytable"),
                wager=wager, paytable=choice["custom_paytable"])
    if data.get("payout_limit") is not None:
        add(("payout_limit",), "the payout limit", ("payout_limit",), payout_limit=data["payout_limit"])
    for finding, reading in sorted(settings.readings.items()):
        add(("reading", finding), f"the reading {finding}/{reading}", ("readings", finding),
            finding=finding, reading=reading)
    return out


@record
class Standing:
    """Whether a thing is approved on a day: the approval relied on, or each approval's reason not."""

    thing: Approvable
    day: dt.date
    relied_on: Approval | None
    refused: tuple[tuple[Approval, str], ...]   # (approval, "expired" | "not_yet" | "mismatch")


def standing(thing: Approvable, approvals: tuple[Approval, ...], day: dt.date) -> Standing:
    """Which of ``approvals`` covering ``thing`` holds on ``day`` (the first on record that matches its
    content and is in force throughout the day), and why each covering one does not when none does."""
    refused = []
    for approval in approvals:
        if approval.covers.key != thing.key:
            continue
        status = "mismatch" if approval.digest != thing.digest else approval.status_on(day)
        if status == "in_force":
            return Standing(thing, day, approval, ())
        refused.append((approval, status))
    return Standing(thing, day, None, tuple(refused))


def covering(approvals: tuple[Approval, ...], key: tuple) -> bool:
    """Whether any of ``approvals`` names the thing ``key``."""
    return any(a.covers.key == key for a in approvals)


def for_table(floor_approvals: tuple[Approval, ...], table_id: str) -> tuple[Approval, ...]:
    """A floor's approvals that are for table ``table_id`` (those naming it, and those naming none)."""
    return tuple(a for a in floor_approvals if a.tables is None or table_id in a.tables)
