"""The typed, read-only model of one ruleset under one choice of readings.

``model_of(ruleset)`` builds it once from the validated document (default readings), and
``model_of(ruleset, {finding: reading})`` under other readings. Game math, settlement, compliance,
placards, summaries, diff and compare read wagers, paytables, payouts, payout limits, findings and
readings from here; the descriptive sections (definitions, procedures, layout...) are exposed
read-only as ``sections``.
"""
from __future__ import annotations

from dataclasses import field
from functools import cached_property
from types import MappingProxyType
from typing import Callable, Iterable, Mapping, Union

from .enums import FindingKind, HandBasis, SelectionRule, VoidWagers, WagerKind
from .base_game import BaseGame, Flag, base_game_of
from .hand_rankings import HandRankings, hand_rankings_of
from .hand_rules import HandRules
from .header import Header, header_of
from .paytable import Paytable
from .payout import exact
from .provenance import Source, finding_id_tuple, quote_text
from .sections import (Cards, DealingMethod, Definition, RoundStep, Sections, SignageRule, TableLimit,
                       sections_of)
from .table import Table, table_of
from .readings import DocumentChange, Reading, ReadingError, apply_changes
from .wager import Envy, Meter, Wager
from ..load.ruleset import Ruleset
from ..suggest import unknown
from .. import cache
from ..records import record


@record
class Finding:
    id: str
    kind: FindingKind
    cite: str
    says: str
    problem: str
    recorded_as: str
    readings: tuple[Reading, ...]
    source: Source | None = field(default=None, repr=False, compare=False)
    quote: str | None = field(default=None, compare=False)   # the words it is about (pieces joined by " … ")

    @property
    def default_reading(self) -> Reading | None:
        """The reading applied unless another is chosen (None for a finding without readings)."""
        return next((r for r in self.readings if r.default), None)

    @property
    def open(self) -> bool:
        """Whether the finding leaves a meaning open (it lists readings)."""
        return bool(self.readings)


@record
class PayoutFloor:
    """The least payout limit a rule allows (``kind``: ``max_base_win_at_table_minimum`` or
    ``none_stated``), or an amount someone else sets, whichever is greater."""

    kind: str
    or_amount_set_by: str | None
    cite: str
    findings: tuple[str, ...] = ()


@record
class PayoutLimit:
    id: str
    applies_to: tuple[str, ...]
    excludes: tuple[str, ...]
    set_by: str
    floor_kind: str | None
    disclosure: str | None
    cite: str
    findings: tuple[str, ...]
    floor: PayoutFloor | None = None

    def covers(self, wager_id: str) -> bool:
        """Whether the limit applies to the wager with this id."""
        return wager_id in self.applies_to and wager_id not in self.excludes


@record
class Irregularity:
    id: str
    event: str
    kind: str
    text: str
    void_wagers: VoidWagers | None        # what a void hand/round does to the wagers, where it voids
    cite: str
    findings: tuple[str, ...]
    condition: str | None = None          # when the rule applies, where the source narrows the event
    quote: str | None = None              # the source's words (pieces joined by " … ")


@record
class RulesetModel:
    ruleset: Ruleset = field(repr=False, compare=False)   # the loaded ruleset this is the model of
    jurisdiction: str
    name: str
    version: str
    currency: str
    wagers: tuple[Wager, ...]
    findings: tuple[Finding, ...]
    payout_limits: tuple[PayoutLimit, ...]
    irregularities: tuple[Irregularity, ...]
    hand_rules: HandRules
    applied: tuple[Reading, ...]           # one reading per open finding: the ones in force here
    sections: Mapping = field(repr=False, compare=False)   # the document as read (readings applied)

    @property
    def ref(self) -> str:
        """``JURISDICTION@VERSION``."""
        return f"{self.jurisdiction}@{self.version}"

    def wager(self, wager_id: str) -> Wager:
        """The wager with this id (KeyError if none)."""
        for wager in self.wagers:
            if wager.id == wager_id:
                return wager
        raise KeyError(wager_id)

    def finding(self, finding_id: str) -> Finding:
        """The finding with this id (KeyError if none)."""
        for finding in self.findings:
            if finding.id == finding_id:
                return finding
        raise KeyError(finding_id)

    @property
    def open_findings(self) -> tuple[Finding, ...]:
        """The findings that leave a rule open (those with readings)."""
        return tuple(f for f in self.findings if f.open)

    def findings_touching(self, *prefix: str) -> list[Finding]:
        """The open findings whose readings (any of them) change the part of the document at
        ``prefix``, e.g. ``findings_touching("wagers", "five-card-bonus", "paytables", "a")``."""
        return [f for f in self.open_findings if any(r.touches(tuple(prefix)) for r in f.readings)]

    def readings_touching(self, *prefix: str) -> list[Reading]:
        """The readings in force for the findings that concern ``prefix``."""
        return [r for f in self.findings_touching(*prefix) for r in f.readings if r in self.applied]

    def alternatives_touching(self, *prefix: str) -> list[Reading]:
        """The readings *not* in force for the findings that concern ``prefix`` (what the others give)."""
        return [r for f in self.findings_touching(*prefix) for r in f.readings if r not in self.applied]

    def removed_by(self, wager_id: str, paytable_id: str | None = None) -> Reading | None:
        """The reading in force that removes a wager, or a paytable, the source prints (None where it is
        here): a view listing the printed paytables says so instead of pricing what this model lacks."""
        try:
            wager = self.wager(wager_id)
        except KeyError:
            wager = None
        if wager is not None and (paytable_id is None or wager.paytable(paytable_id) is not None):
            return None
        prefix = ("wagers", wager_id) + (("paytables", paytable_id) if paytable_id is not None else ())
        return next((r for r in self.applied if r.touches(prefix)), None)

    def under(self, reading: Reading) -> "RulesetModel":
        """This ruleset with ``reading`` in force instead of its finding's current one."""
        choices = {r.finding: r.id for r in self.applied}
        choices[reading.finding] = reading.id
        return model_of(self.ruleset, choices)

    @cached_property
    def header(self) -> Header:
        """The header: jurisdiction (regulator, currency), version (effective date, what it
        supersedes) and source text, each with its citation."""
        return header_of(self.sections)

    @cached_property
    def base_game(self) -> BaseGame:
        """The base game: the three bets, equal bets, the qualifying hand, independent decisions."""
        return base_game_of(self.sections)

    @cached_property
    def table(self) -> Table:
        """The table: player positions, one player on several, layout requirements, equipment."""
        return table_of(self.sections)

    @cached_property
    def hand_rankings(self) -> HandRankings:
        """The hand rankings as the ruleset states them (with their citations)."""
        return hand_rankings_of(self.sections)

    @cached_property
    def typed(self) -> Sections:
        """The sections the views print (cards, dealing methods, signage, table limits, round steps,
        definitions), typed, under this model's readings."""
        return sections_of(self.sections)

    @property
    def cards(self) -> Cards:
        """The cards: decks, cover card, procedures, second deck, cut, card change."""
        return self.typed.cards

    @property
    def dealing_methods(self) -> tuple[DealingMethod, ...]:
        """The ways of dealing the rules provide for, with their plans."""
        return self.typed.dealing_methods

    @property
    def signage(self) -> tuple[SignageRule, ...]:
        """What signs and the layout must say."""
        return self.typed.signage

    @property
    def table_limits(self) -> tuple[TableLimit, ...]:
        """The rules on table limits."""
        return self.typed.table_limits

    @property
    def round_steps(self) -> tuple[RoundStep, ...]:
        """The steps of a round, in order."""
        return self.typed.round_steps

    @property
    def definitions(self) -> tuple[Definition, ...]:
        """The terms the source defines."""
        return self.typed.definitions

    @property
    def nondefault(self) -> tuple[Reading, ...]:
        """The readings in force that are not their finding's default."""
        return tuple(r for r in self.applied if not r.default)


#: What an engine call that reads "a ruleset" accepts: a loaded ruleset (read under its default
#: readings) or the model of one (under the readings it was built with).
RulesetOrModel = Union[Ruleset, RulesetModel]


def _src(doc, path: tuple) -> Source | None:
    """Where ``path`` stands in the document's file (its line looked up only when asked for)."""
    return None if doc is None else Source(doc.file, None, path, doc.locate)


def parse_readings(data: dict, doc=None) -> tuple[Finding, ...]:
    """The findings of a document with their readings (in file order)."""
    out = []
    for i, f in enumerate(data.get("findings") or []):
        readings = tuple(
            Reading(id=r["id"], finding=f["id"], meaning=r["meaning"], default=bool(r.get("default")),
                    why=r.get("why"), cite=r.get("cite"), operator_may_choose=bool(r.get("operator_may_choose")),
                    changes=tuple(DocumentChange.from_data(c) for c in r.get("changes") or ()),
                    source=_src(doc, ("findings", i, "readings", j)))
            for j, r in enumerate(f.get("readings") or ()))
        out.append(Finding(f["id"], FindingKind(f["kind"]), f["cite"], f["says"], f["problem"],
                           f["recorded_as"], readings, _src(doc, ("findings", i)), quote_text(f.get("quote"))))
    return tuple(out)


def choose(findings: Iterable[Finding], choices: Mapping[str, str] | None) -> tuple[Reading, ...]:
    """The reading in force for each open finding: the chosen one, else the default."""
    choices = dict(choices or {})
    applied = []
    for finding in findings:
        if not finding.readings:
            continue
        wanted = choices.pop(finding.id, None)
        if wanted is None:
            reading = finding.default_reading
        else:
            reading = next((r for r in finding.readings if r.id == wanted), None)
            if reading is None:
                raise ReadingError(f"finding {finding.id} has "
                                   + unknown("reading", wanted, [r.id for r in finding.readings], label="readings"))
        applied.append(reading)
    if choices:
        open_ids = [f.id for f in findings if f.readings]
        raise ReadingError("; ".join(unknown("open finding", k, open_ids, label="open findings")
                                     for k in sorted(choices)) + " in this ruleset")
    return tuple(applied)


def _wager(w: dict, doc, path: tuple) -> Wager:
    tables = [_shared_paytable(t, w, doc, path + ("paytables", j)) for j, t in enumerate(w["paytables"])]
    stake = w.get("stake") or {}
    wins_on = w.get("wins_on") or {}
    meter = w.get("meter")
    envy = w.get("envy")
    return Wager(
        id=w["id"], kind=WagerKind(w["kind"]), name=w["name"], offered=w["offered"],
        hand_basis=HandBasis(w["hand_basis"]), stake=exact(stake.get("amount")), stake_cite=stake.get("cite"),
        wins_on=wins_on.get("hand"), wins_on_cite=wins_on.get("cite"),
        selection=SelectionRule(w["selection"]["rule"]), selection_cite=w["selection"]["cite"], requires=tuple(w.get("requires_wagers") or ()),
        paytables=tuple(tables),
        meter=None if meter is None else Meter(exact(meter.get("reset_minimum")), meter.get("rate_set_by"),
                                               meter["cite"], finding_id_tuple(meter.get("finding")),
                                               meter.get("paid_amount"), meter.get("reset_rule")),
        envy=None if envy is None else Envy(
            tuple(envy["qualifying_hands"]), envy["own_hand_pays"], envy["per_qualifying_hand"],
            envy["requires_wager"], bool(envy.get("scales_with_stake")), envy["cite"],
            finding_id_tuple(envy.get("finding")), envy.get("text")),
        cite=w["cite"], findings=finding_id_tuple(w.get("finding")), source=_src(doc, path),
        stake_as_written=None if stake.get("amount") is None else str(stake["amount"]),
        independent=Flag.from_data(w["independent"]) if w.get("independent") else None,
        returnable=Flag.from_data(w["returnable"]) if w.get("returnable") else None)


#: Typed wagers by the document mapping they were read from: a reading's changes copy only the
#: containers on their path (copy-on-write), so the models of a ruleset under its readings share every
#: wager no reading changed, and each is typed once. Bounded; entries hold their mapping (:class:`cache.Held`).
_WAGERS = cache.Held(8192)


def _shared_wager(w: dict, doc, path: tuple) -> Wager:
    return _typed_once(_WAGERS, w, (path,), doc, lambda: _wager(w, doc, path))


def _typed_once(held: cache.Held, mapping: dict, rest: tuple, doc, make: Callable[[], cache.T]) -> cache.T:
    """``make()``'s typed object for ``mapping`` located in ``doc``, kept in ``held`` by the mapping
    and ``rest``: typed once while the mapping is shared (a typed object from another document is not
    reused: its places are that document's)."""
    got = held.get(mapping, rest)
    if got is not None and got[0] is doc:
        return got[1]
    return held.put(mapping, rest, (doc, make()))[1]


#: Typed paytables likewise, by their mapping, what they read of their wager's and the document they
#: are located in (if any): a reading that changes one paytable copies its wager's mapping, and the
#: wager's other paytables are typed once.
_PAYTABLES = cache.Held(8192)


def _shared_paytable(t: dict, w: dict, doc, path: tuple) -> Paytable:
    return _typed_once(_PAYTABLES, t, (path, w.get("id"), w.get("hand_basis"), id(doc)), doc,
                       lambda: Paytable.from_data(t, w, _src(doc, path), lambda key, k: _src(doc, path + (key, k))))


def irregularities_of(data: Mapping) -> tuple[Irregularity, ...]:
    """The irregularities of a ruleset document: what happens after each event, with its citation."""
    return tuple(
        Irregularity(e["id"], e["event"], e["consequence"]["kind"], e["consequence"]["text"],
                     VoidWagers(e["consequence"]["wagers"]) if e["consequence"].get("wagers") else None,
                     e["cite"], finding_id_tuple(e.get("finding")), e.get("condition"), quote_text(e.get("quote")))
        for e in data.get("irregularities") or ())


def _floor(f: Mapping | None) -> PayoutFloor | None:
    return None if not f else PayoutFloor(f["kind"], f.get("or_amount_set_by"), f["cite"], finding_id_tuple(f.get("finding")))


def build_model(ruleset: Ruleset, data: dict, applied: tuple[Reading, ...],
                findings: tuple[Finding, ...]) -> RulesetModel:
    """The model of ``data`` (a document with ``applied`` readings' changes already made)."""
    doc = getattr(ruleset, "document", None) if data is getattr(ruleset, "data", None) else None
    j = data["jurisdiction"]
    return RulesetModel(
        ruleset=ruleset, jurisdiction=j["id"], name=j["name"], version=data["version"]["id"],
        currency=j.get("currency", "USD"),
        wagers=tuple(_shared_wager(w, doc, ("wagers", i)) for i, w in enumerate(data["wagers"])),
        findings=findings,
        payout_limits=tuple(
            PayoutLimit(p["id"], tuple(p["applies_to"]), tuple(p.get("excludes") or ()), p["set_by"],
                        (p.get("floor") or {}).get("kind"), p.get("disclosure"), p["cite"], finding_id_tuple(p.get("finding")),
                        _floor(p.get("floor")))
            for p in data.get("payout_limits") or ()),
        irregularities=irregularities_of(data),
        hand_rules=HandRules.from_ruleset(data), applied=applied,
        sections=MappingProxyType(data))


_FINDINGS = cache.Held(256)   # by ruleset (held): bounded


def findings_of(ruleset: Ruleset) -> tuple[Finding, ...]:
    """The findings of a loaded ruleset with their readings (:func:`parse_readings`), read once: its
    models under every choice of readings share them (a check builds one model per alternative reading)."""
    hit = _FINDINGS.get(ruleset)
    if hit is None:
        hit = _FINDINGS.put(ruleset, (), parse_readings(ruleset.data, getattr(ruleset, "document", None)))
    return hit


_MODELS = cache.Held(1024)   # by ruleset (held) and choices: bounded


def model_of(ruleset: Ruleset, choices: Mapping[str, str] | None = None) -> RulesetModel:
    """The model of a loaded ruleset under ``choices`` ({finding id: reading id}; default readings
    elsewhere). Built once per (ruleset, choices) and shared: it is read-only."""
    key = (tuple(sorted((choices or {}).items())),)
    hit = _MODELS.get(ruleset, key)
    if hit is not None:
        return hit
    findings = findings_of(ruleset)
    applied = choose(findings, choices)
    data = apply_changes(ruleset.data, list(applied))
    return _MODELS.put(ruleset, key, build_model(ruleset, data, applied, findings))


_PRINTED = cache.Held(256)   # by ruleset (held): bounded


def as_printed(ruleset: Ruleset) -> RulesetModel:
    """The model of a loaded ruleset as its document prints it: no reading applied, so a view that
    reports the rules as written (the rules summary, the cross-jurisdiction comparison) reads the
    source's own words and states, next to each open rule, the readings the engine may apply."""
    hit = _PRINTED.get(ruleset)
    if hit is not None:
        return hit
    return _PRINTED.put(ruleset, (), build_model(ruleset, ruleset.data, (), findings_of(ruleset)))


def with_supplied(model: RulesetModel, figures: Mapping) -> RulesetModel:
    """``model`` with the figures a table supplies (``{(wager, hand, suits): figure}``, each with
    ``as_data()``) on the lines its rules leave without one; each such line is marked as supplied
    by the house. ``model`` itself where there are none."""
    if not figures:
        return model
    # A new copy of each wager, paytable and line on the way to the lines changed; every other part
    # of the document is the model's own, shared, as the models are read-only (a deep copy of the
    # whole document cost a cold check several ms a model).
    data = dict(model.sections, wagers=[dict(w, paytables=[dict(t, lines=[dict(line) for line in t["lines"]])
                                                           for t in w["paytables"]])
                                        for w in model.sections["wagers"]])
    return build_model(model.ruleset, supply(data, figures), model.applied, model.findings)


def supply(data: dict, figures: Mapping) -> dict:
    """The document ``data`` (its lines changed in place: a copy of the model's) with each line its
    rules leave without a figure given the table's (``figures``, as :func:`with_supplied`), marked
    as supplied by the house."""
    for wager in data["wagers"]:
        for table in wager["paytables"]:
            for line in table["lines"]:
                key = (wager["id"], line["hand"], tuple(line.get("suits") or ()))
                if key in figures and line["payout"].get("value") is None and line["payout"]["kind"] != "not_offered":
                    line["payout"] = dict(figures[key].as_data(), finding=line["payout"].get("finding"))
                    line["supplied_by_house"] = True
    return data
