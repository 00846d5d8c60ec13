"""Approvals on record, judged on the day checked (``Context.on``).

Where a rule makes a setting take effect only with the regulator's approval (a figure the house
supplies, a payout limit the operator sets with approval), the check calls :func:`needs_approval`:
an approval on record that covers the thing, matches its content digest and is in force throughout
the day is *relied on* (the report states it); none on record is the ``needs_approval`` warning,
with the day and the content digest to record; one on record that has lapsed, is dated later or no
longer matches is an error (the table claims an approval it does not have that day).

:func:`check_recorded_approvals` then judges every other approval on record: one covering a house
paytable or a reading the configuration chooses (or a setting no rule asks approval for) is judged
the same way, since the table relies on it; one covering nothing the configuration has is
``approval_unused``.
"""
from __future__ import annotations

from ...load.strict_yaml import format_path
from ..approvals import approvable, standing
from .core import Context

_REFUSED = {"expired": "approval_expired", "not_yet": "approval_not_yet", "mismatch": "approval_mismatch"}


def _why(approval, status: str, thing, day) -> str:
    named = f"approval {approval.reference} ({approval.approver}, {approval.date.isoformat()}; {approval.where})"
    if status == "expired":
        return (f"{thing.label}: {named} expired at {approval.expires.isoformat()}, before the end of "
                f"{day.isoformat()}, so on {day.isoformat()} it is not approved")
    if status == "not_yet":
        return f"{thing.label}: {named} is dated after {day.isoformat()}, so on {day.isoformat()} it is not yet approved"
    return (f"{thing.label}: {named} is for content digest {approval.digest}, but it now has digest {thing.digest}: "
            "it changed after it was approved, so the approval no longer covers it")


def _judge(ctx: Context, key: tuple) -> tuple:
    """(the thing, its standing on ``ctx.on``), the standing recorded as relied on where it holds."""
    thing = _things(ctx)[key]
    if key in ctx.judged:
        return thing, ctx.judged[key]
    st = ctx.judged[key] = standing(thing, ctx.approvals, ctx.on)
    if st.relied_on is not None:
        ctx.relied_on.append({"covers": thing.label, "path": format_path(thing.path), "digest": thing.digest,
                              **st.relied_on.as_dict()})
    for approval, status in st.refused:
        ctx.add(_REFUSED[status], thing.path, _why(approval, status, thing, ctx.on), f"approval {approval.reference}")
    return thing, st


def needs_approval(ctx: Context, key: tuple, path: tuple, message: str, cite: str, finding=None) -> None:
    """A setting at ``path`` (the thing ``key``) that takes effect only with the regulator's approval."""
    thing, st = _judge(ctx, key)
    if st.relied_on is None and not st.refused:
        ctx.add("needs_approval", path, f"{message}; no approval of it is on record for {ctx.on.isoformat()} "
                                        f"(its content digest, to record one: {thing.digest})", cite, finding)


def check_recorded_approvals(ctx: Context) -> None:
    """Every approval on record not judged yet: judged where it covers something the table has,
    ``approval_unused`` where it covers nothing (the table's own; a floor's approval that fits
    another table is no concern of this one)."""
    things = _things(ctx)
    for approval in ctx.approvals:
        key = approval.covers.key
        if key in ctx.judged:
            continue
        if key in things:
            _judge(ctx, key)
        elif approval.file == ctx.cfg.path:
            ctx.add("approval_unused", approval.path,
                    f"approval {approval.reference} covers {' '.join(str(k) for k in key if k)}, which this "
                    "configuration does not have (correct its covers, or remove it)", f"approval {approval.reference}")


def _things(ctx: Context) -> dict:
    """What the configuration has that an approval can cover (made once per check)."""
    if not hasattr(ctx, "approvable"):
        ctx.approvable = approvable(ctx.cfg)
    return ctx.approvable
