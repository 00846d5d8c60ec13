"""What every family of checks shares: the kinds of finding, a finding, the report, and the
context a check runs in (the ruleset, its model as this table plays it, the configuration, and
where findings are collected).

A finding is an ``error`` (the configuration does not comply) or a ``warning`` (the rules cannot
settle the point, e.g. the ruleset records a finding about a figure the table uses, or a rule
needs someone's approval). Each kind says, once, whether it is *something to fix* in the
configuration (``check --strict`` fails on it) or what already handles it (``handled``): every
error is to fix; a warning the placard already deals with (it states the cap beside an award the
payout limit caps) or that no change to the file can settle is not.
"""
from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from ...load.catalogue import Ruleset, finding_ids
from ...load.strict_yaml import format_path
from fractions import Fraction

from ...model import Paytable, Payout, SelectionRule, Wager, exact, model_of
from ...model.vocabulary import hand_name, odds
from ...model.table_config import WagerChoice
from ...model.vocabulary import finding_note
from ...table.config import TableConfig, chosen_readings, model_for
from ..approvals import today
from ...records import record

ERROR, WARNING = "error", "warning"


class CheckKind(NamedTuple):
    """A kind of finding: its severity, what it means, and what handles it where it is not
    something to fix in the configuration (None: something to fix, so ``check --strict`` fails)."""

    severity: str
    meaning: str
    handled: str | None = None

    @property
    def to_fix(self) -> bool:
        return self.handled is None


_PLACARD = "the placard states it"
_REGULATION = "the regulation's own gap; no change to the table settles it"
_APPROVAL = "the regulator's approval, not a change to the file"
_MATH = "the regulation permits the paytable; the figure is for the operator to know"

# Every kind of finding ``check`` can report, with what it means (documentation and tests).
_KINDS = {
    "wager_not_offered": (ERROR, "the configuration offers a wager the ruleset does not provide for"),
    "required_wager_missing": (ERROR, "a wager the ruleset requires at every table is not offered"),
    "prerequisite_wager_missing": (ERROR, "a wager is offered without a wager it may only be made with"),
    "paytable_missing_in_ruleset": (ERROR, "the ruleset has no paytable for the wager, so no payouts can be posted"),
    "paytable_not_chosen": (ERROR, "the ruleset makes the operator choose a paytable and none is named"),
    "paytable_not_permitted": (ERROR, "the paytable is not one the ruleset permits"),
    "below_minimum_odds": (ERROR, "a house paytable pays less than the ruleset's minimum odds"),
    "stake_mismatch": (ERROR, "a wager's stake differs from the stake the ruleset fixes"),
    "envy_mismatch": (ERROR, "an envy bonus amount differs from the ruleset's"),
    "progressive_settings": (ERROR, "progressive meter settings missing, or given for a wager without a meter"),
    "reset_below_minimum": (ERROR, "the progressive seed or reset is below the ruleset's floor"),
    "payout_limit_below_floor": (ERROR, "the payout limit is below the least limit the ruleset allows"),
    "combined_limit_exceeded": (ERROR, "the wagers together can exceed the table limit where the ruleset forbids it"),
    "dealing_method_not_permitted": (ERROR, "the dealing method is not one the ruleset provides for"),
    "too_many_seats": (ERROR, "more player positions than the ruleset allows"),
    "reading_not_permitted": (ERROR, "the configuration chooses a reading the rules do not leave to the operator"),
    "ruleset_finding": (WARNING, "the ruleset records a finding (gap, garble or contradiction) about something the table uses", _REGULATION),
    "unchecked": (WARNING, "a rule could not be checked because the ruleset lacks the figure", _REGULATION),
    "payout_limit_not_provided": (WARNING, "the configuration sets a payout limit but no rule provides for one"),
    "needs_approval": (WARNING, "a setting takes effect only with a regulator's approval", _APPROVAL),
    "approval_expired": (ERROR, "an approval on record for something the table relies on has lapsed by the end of "
                         "the day checked"),
    "approval_not_yet": (ERROR, "an approval on record for something the table relies on is dated after the day checked"),
    "approval_mismatch": (ERROR, "an approval on record no longer matches what it covers (its content digest differs: "
                          "the thing changed after it was approved)"),
    "approval_unused": (WARNING, "an approval on record covers nothing the configuration has (correct its covers or "
                        "remove it)"),
    "figure_missing": (ERROR, "a line the sign would print has no figure in the rules and the configuration supplies none"),
    "supplied_figure_not_needed": (ERROR, "the configuration supplies a figure the rules already fix"),
    "paytable_flagged_by_math": (WARNING, "the math flags the chosen paytable (out of order of rarity, a line that never "
                                 "pays, a hand that loses while a weaker one wins) and the configuration does not accept "
                                 "it under accepted_math_flags"),
    "math_flag_accepted": (WARNING, "the math flags the chosen paytable and the house has accepted it under "
                           "accepted_math_flags", _MATH),
    "house_loses": (WARNING, "the chosen paytable returns more than it takes at this table's settings: the house loses "
                    "on average (--strict fails on it even where accepted)"),
    "accepted_flag_not_raised": (WARNING, "accepted_math_flags lists a flag the math does not raise for this table"),
    "sign_does_not_fit": (ERROR, "the payout schedule does not fit the configured sign size at the minimum type size"),
    "award_above_payout_limit": (WARNING, "an advertised award can exceed the payout limit; the sign states the cap beside it", _PLACARD),
    "stake_range_lowers_return": (WARNING, "fixed amounts on a stake the rules leave open: at the table's greatest stake a "
                                  "winning line is a loss or the return falls far below the figure at its least stake; "
                                  "the sign says the amounts are whole sums paid whatever the stake", _PLACARD),
}
CHECK_KINDS: dict[str, CheckKind] = {kind: CheckKind(*entry) for kind, entry in _KINDS.items()}


@record
class CheckFinding:
    """One result of checking a configuration."""

    severity: str
    kind: str
    message: str
    cite: str
    file: str
    line: int
    column: int
    path: str
    finding_id: str | None = None

    def __str__(self) -> str:
        ref = finding_note(self.finding_id.split(", ")) if self.finding_id else ""
        where = f"{self.file}:{self.line}:{self.column}: {self.path or '(top)'}"
        return f"{where}: {self.severity} [{self.kind.replace('_', '-')}]: {self.message}{ref} [{self.cite}]"

    def as_dict(self) -> dict:
        return {"severity": self.severity, "kind": self.kind, "message": self.message, "cite": self.cite,
                "file": self.file, "line": self.line, "column": self.column, "path": self.path,
                "findings": self.finding_id.split(", ") if self.finding_id else [],
                "to_fix": CHECK_KINDS[self.kind].to_fix, "handled": CHECK_KINDS[self.kind].handled}


@record
class Report:
    ruleset: Ruleset
    config: TableConfig
    findings: tuple[CheckFinding, ...]
    readings: tuple = ()      # the readings in force for the configured wagers (dicts)
    edges: tuple = ()         # the house edge of each configured wager's paytable (dicts)
    flags: tuple = ()         # what the math flags in each configured paytable (dicts: id, wager, ..., accepted)
    on: dt.date | None = None  # the day the approvals were judged for
    approvals: tuple = ()     # the approvals relied on (dicts: covers, path, digest, the approval's fields)

    @property
    def house_loses(self) -> list[CheckFinding]:
        """The paytables on which the house loses on average, at this table's settings."""
        return [f for f in self.findings if f.kind == "house_loses"]

    @property
    def must_fix(self) -> list[CheckFinding]:
        """What makes the table non-compliant."""
        return self.errors

    @property
    def should_know(self) -> list[CheckFinding]:
        """Warnings about this table's own settings and choices (the operator can act on them)."""
        return [f for f in self.warnings if f.kind != "ruleset_finding"]

    @property
    def to_fix(self) -> list[CheckFinding]:
        """What ``check --strict`` fails on: every error, and each warning of a kind that is
        something to fix in the configuration (``CHECK_KINDS[kind].to_fix``)."""
        return [f for f in self.findings if CHECK_KINDS[f.kind].to_fix]

    @property
    def regulation_defects(self) -> list[CheckFinding]:
        """Gaps, garbles and contradictions in the regulation itself (the operator cannot fix them)."""
        return [f for f in self.warnings if f.kind == "ruleset_finding"]

    @property
    def errors(self) -> list[CheckFinding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[CheckFinding]:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def compliant(self) -> bool:
        return not self.errors


class Context:
    """One run of the checks over one configuration: what they read and where they report."""

    def __init__(self, ruleset: Ruleset, config: TableConfig, on: dt.date | None = None, approvals: tuple = ()):
        self.rs = ruleset
        self.cfg = config
        self.on = on or today()
        self.approvals = tuple(config.settings.approvals) + tuple(approvals)   # the table's, then its floor's
        self.relied_on: list[dict] = []      # approvals relied on, as the report states them
        self.judged: dict[tuple, object] = {}   # {thing's key: its standing}, once judged
        allowed, self.refused_readings = chosen_readings(ruleset, config)
        self.model = model_of(ruleset, allowed)
        self.table_model = model_for(ruleset, config)  # with the figures the house supplies
        self.out: list[CheckFinding] = []
        self.findings_by_id = {f.id: f for f in self.model.findings}
        self.wagers = {w.id: w for w in self.model.wagers}
        self.source = self.model.header.source.citation
        self.pending: dict[tuple, dict] = {}

    def add(self, kind: str, path: tuple, message: str, cite: str, finding=None) -> None:
        """Report one finding of ``kind`` at configuration ``path``."""
        severity = CHECK_KINDS[kind].severity
        finding_id = ", ".join(finding_ids(finding)) or None
        line, col = self.cfg.locate(path)
        self.out.append(CheckFinding(severity, kind, message, cite, self.cfg.path, line, col, format_path(path),
                                     finding_id))

    def ruleset_finding(self, finding, path: tuple, context: str, item: str | None = None) -> None:
        """Surface ruleset findings (one id or a list): one warning per finding id and configuration place."""
        for finding_id in finding_ids(finding):
            if finding_id not in self.findings_by_id:
                continue
            contexts = self.pending.setdefault((finding_id, path), {})
            items = contexts.setdefault(context, [])
            if item and item not in items:
                items.append(item)

    def flush_ruleset_findings(self) -> None:
        """One ``ruleset_finding`` warning per finding and place, naming everything it touches there."""
        for (finding_id, path), contexts in self.pending.items():
            f = self.findings_by_id[finding_id]
            kind = f.kind.value.replace("_", " ")
            where = "; ".join(f"{c}: {', '.join(items)}" if items else c for c, items in contexts.items())
            self.add("ruleset_finding", path, f"{where} -- {kind}: {f.problem} Recorded as: {f.recorded_as}",
                     f.cite, finding_id)

    def chosen_tables(self, choice: WagerChoice, wager: Wager) -> list[Paytable] | None:
        """The ruleset paytables this choice uses (None where it uses none of them)."""
        tables = wager.paytables
        if choice.custom_paytable is not None:
            return None
        if choice.paytable is not None:
            return [t for t in tables if t.id == choice.paytable]
        if wager.selection == SelectionRule.FIXED:
            return list(tables)
        return []

    def offered(self) -> dict:
        """{wager id: the table's choice} for the configured wagers the ruleset provides for."""
        return {c.wager: c for c in self.cfg.settings.wagers if c.wager in self.wagers}


def hand_key(line) -> tuple:
    """A line's hand and suits (a :class:`~lit_compliance.model.Line` or a configuration's line),
    the key two paytables' lines are matched on."""
    return line.hand, tuple(sorted(line.suits))


def hand_words(line) -> str:
    """A line's hand (and suits) in words."""
    return hand_name(line.hand, line.suits)


def payout_words(payout: dict) -> str:
    """A payout in words."""
    return odds(payout)


def at_least(mine: Payout, floor: Payout, floor_stake: Fraction | None) -> bool | None:
    """Whether payout ``mine`` pays at least ``floor``; None where they cannot be compared."""
    a, b = mine, floor
    if a.kind == b.kind and (a.is_fixed or a.is_meter):
        return a.value >= b.value
    a, b = a.net_per_unit(exact(floor_stake)), b.net_per_unit(exact(floor_stake))
    if a is None or b is None:
        return None
    return a >= b
