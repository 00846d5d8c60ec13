"""The stamp every printed document carries, so it can be filed: the tool and its version, the
digest of each ruleset it was made from, the date it was made and, where given, who prepared it.

The date is reproducible: ``--date`` where given, else the UTC day of ``SOURCE_DATE_EPOCH`` where
set, else none, and the stamp says "date not given" rather than read the clock, so the same inputs
always give the same bytes. The ruleset digest is the one a PAR sheet's title block prints (the
first 12 hex digits of sha256 over the ruleset's document as compact JSON with sorted keys,
:func:`lit_compliance.load.fingerprint.sheet_digest`).
"""
from __future__ import annotations

import datetime as dt
import os

from ..load.fingerprint import sheet_digest

MAX_PREPARER = 200


def stamp_date(given: dt.date | None = None) -> tuple[str | None, str | None]:
    """(the date a document is made, YYYY-MM-DD, and where it comes from), or (None, None)."""
    if given is not None:
        return given.isoformat(), "--date"
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if value.isdigit():
        day = dt.datetime.fromtimestamp(int(value), dt.timezone.utc).date()
        return day.isoformat(), "SOURCE_DATE_EPOCH"
    return None, None


def document_stamp(rulesets, version: str, date: dt.date | None = None, prepared_by: str | None = None) -> dict:
    """The stamp of a document made from ``rulesets`` (each listed once, in order) by lit-compliance
    ``version`` (the command line gives the package's own)."""
    seen, listed = set(), []
    for rs in rulesets:
        if rs.ref not in seen:
            seen.add(rs.ref)
            listed.append({"ref": rs.ref, "digest": sheet_digest(rs)})
    day, source = stamp_date(date)
    parts = [f"Made with lit-compliance {version}"]
    parts += [f"rules {r['ref']} (digest {r['digest']})" for r in listed]
    parts.append(f"on {day}" if day else "date not given (set --date or SOURCE_DATE_EPOCH)")
    if prepared_by:
        parts.append(f"prepared by {prepared_by}")
    return {"tool": "lit-compliance", "version": version, "rulesets": listed, "date": day, "date_from": source,
            "prepared_by": prepared_by or None, "text": " \u00b7 ".join(parts),
            "short": " \u00b7 ".join([f"lit-compliance {version}"]
                                     + [f"rules digest {r['digest']}" for r in listed]
                                     + [f"made {day}" if day else "undated"]
                                     + ([f"prepared by {prepared_by}"] if prepared_by else []))}


def stamp_facts(stamp: dict) -> list[dict]:
    """The stamp as rows of a title block (a PAR sheet's), each marked ``stamp``."""
    rows = [{"label": "Made with", "value": f"lit-compliance {stamp['version']}", "stamp": True},
            {"label": "Date made", "value": stamp["date"] or "not given (set --date or SOURCE_DATE_EPOCH)",
             "stamp": True}]
    if stamp["prepared_by"]:
        rows.append({"label": "Prepared by", "value": stamp["prepared_by"], "stamp": True})
    return rows
