"""Every conflict the procedure checker reports, as plain data (``validate --procedure``, the site).

The four classes, each checked in its own module: a step's unmet need and incompatible card states
(:mod:`.procedure`), an exception against its rule (:mod:`.exception_scope`), a dealing method's
deal against the round's steps (:mod:`.deal_check`). Each row names the ruleset file and line, both
sides' citations, the smallest player count where it applies, and the findings that record it or
the reason it is no defect.
"""
from __future__ import annotations

from ..load.catalogue import Ruleset
from .deal_check import deal_rows
from .exception_scope import exception_rows
from .procedure import step_rows


def conflict_rows(rulesets: list[Ruleset]) -> list[dict]:
    """Every conflict of every ruleset: classes ``needs``, ``card_state``, ``exception``, ``deal``."""
    out = []
    for rs in rulesets:
        out.extend(step_rows(rs))
        out.extend(exception_rows(rs))
        out.extend(deal_rows(rs))
    return out


__all__ = ["conflict_rows"]
