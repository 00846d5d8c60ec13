"""The analysis of a ruleset as ``analyze`` reports it: every priced record (as data) and the findings
from the math, kept in the cache by the ruleset's content.

Each paytable's figures are cached on their own (:func:`.price_paytable`); what this adds is the rest
of the report (each record under the readings in force, the figures every alternative reading gives,
the math findings under each reading), which asks for the ruleset's model under every alternative
reading. A warm run reads the report whole and types none of those models.
"""
from __future__ import annotations

from typing import Callable, Iterable

from .. import cache
from ..load.catalogue import Ruleset
from ..load.fingerprint import content_digest
from . import analyse
from .codec import CodecError, decode, encode
from .findings import math_finding_records
from .findings_record import MathFinding
from .record import PricedPaytable
from ..records import record


@record
class Analysis:
    """Every priced record of a ruleset (under its default readings) and the findings from the math."""

    results: tuple[PricedPaytable, ...]
    math_findings: tuple[MathFinding, ...]


def analysis(ruleset: Ruleset, wager_id: str | None = None, paytable_id: str | None = None,
             progress: Callable[[Iterable], Iterable] | None = None) -> Analysis:
    """The priced records and math findings of a loaded ruleset under its default readings (one
    wager, or one paytable, without the math findings), from the cache where the same ruleset was
    analysed before. Cold and warm give the same answer (typed records, through one codec)."""
    inputs = {"ruleset": content_digest(ruleset), "wager": wager_id, "paytable": paytable_id}
    return cache.memo(ANALYSIS, inputs, lambda: _analysis(ruleset, wager_id, paytable_id, progress))


def _analysis(ruleset: Ruleset, wager_id, paytable_id, progress) -> Analysis:
    results = analyse(ruleset, wager_id, paytable_id, progress=progress)
    findings = math_finding_records(ruleset, results) if not (wager_id or paytable_id) else []
    return Analysis(tuple(results), tuple(findings))


ANALYSIS = cache.kind("analysis", encode, lambda data: decode(Analysis, data),
                      "a ruleset's analysis report (:func:`analysis`; another shape is a CodecError, a miss)")
