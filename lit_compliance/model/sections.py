"""Typed records of the ruleset sections the views print: cards, dealing methods, signage, table
limits, the round's steps and the definitions.

Each record is read once from a document (:func:`sections_of`), so a view says "the signage rules"
and "a step's wager" instead of subscripting the YAML. :class:`~lit_compliance.model.RulesetModel`
gives them under its readings (``model.signage``...); a view that reports the rules as printed
(the rules summary) reads them from the document itself with :func:`sections_of`.
"""
from __future__ import annotations

from typing import Mapping

from .base_game import Flag
from .provenance import finding_id_tuple
from ..records import record


@record
class CardState:
    """A state of cards a rule demands or a step leaves: whose cards (``player``, ``community``), the
    state (``in_view``, ``face_up``, ``face_down``, ``covered``, ``removed``) and, for a demand, the
    round steps after which (``since``) and until which (``until``) it holds (None: from the start,
    at all times)."""

    cards: str
    state: str
    until: str | None = None
    since: str | None = None

    @classmethod
    def from_data(cls, data: Mapping | None) -> "CardState | None":
        """The state a ``{cards, state, from, until}`` mapping states (None for none)."""
        return cls(data["cards"], data["state"], data.get("until"), data.get("from")) if data else None


@record
class Rule:
    """A rule stated in words with its citation (a procedure, a condition, a requirement)."""

    id: str | None
    text: str
    cite: str
    findings: tuple[str, ...] = ()
    topic: str | None = None        # what the rule is about, where the document says (other rules)
    cards_must_be: CardState | None = None  # a state of cards the rule demands (other rules)

    @classmethod
    def from_data(cls, data: Mapping) -> "Rule":
        """The rule an ``{id, text, cite, finding, topic, cards_must_be}`` item states."""
        return cls(data.get("id"), data["text"], data["cite"], finding_id_tuple(data.get("finding")), data.get("topic"),
                   CardState.from_data(data.get("cards_must_be")))


@record
class SignageRule:
    """What a sign or layout must say (``rule`` is its kind, e.g. ``odds_wording``)."""

    id: str
    rule: str
    where: str | None
    text: str | None
    cite: str
    forbidden_words: tuple[str, ...] = ()
    allowed_words: tuple[str, ...] = ()
    findings: tuple[str, ...] = ()


@record
class TableLimit:
    """A rule on the table's limits (``rule`` is its kind, e.g. ``combined_wagers_within_table_limit``)."""

    id: str
    rule: str
    text: str | None
    cite: str
    findings: tuple[str, ...] = ()
    wagers: tuple[str, ...] | None = None   # the wagers the rule names (None: it names none)
    minutes: int | None = None


@record
class RoundStep:
    """One step of the round, in order: what happens (``step``), for which wager, in what order of seats."""

    step: str
    order: str | None
    wager: str | None
    text: str | None
    cite: str
    findings: tuple[str, ...] = ()
    may_leave_cards: CardState | None = None  # a state the step may leave the cards in (a signal, a placing)
    not_conflicts: tuple[tuple[str, str], ...] = ()  # (the other side, why it is no defect) per conflict excused


@record
class Definition:
    """A term the source defines, and its meaning."""

    term: str
    meaning: str
    cite: str
    findings: tuple[str, ...] = ()


@record
class PlanStep:
    """One step of a dealing plan: so many cards to an area (``each_player``, ``community``...)."""

    to: str
    cards: int
    as_stack: bool
    cite: str


@record
class StubRules:
    """What happens to the undealt cards after the deal."""

    to_discard_unexposed: bool
    count_every_rounds: int | None
    count_exempt_with_counting_shuffler: bool
    cite: str
    findings: tuple[str, ...] = ()
    text: str = ""   # the handling in plain words (who removes, counts and places the stub, when, how)


@record
class CommunityDiscard:
    """Community cards discarded unused: how many, which, and when (as the document words them)."""

    cards: int
    which: str
    when: str
    cite: str
    findings: tuple[str, ...] = ()


@record
class DealingMethod:
    """A way of dealing the rules provide for: its requirements and its plan."""

    id: str
    name: str
    cite: str
    findings: tuple[str, ...]
    requires: tuple[Rule, ...]
    player_order: str | None
    steps: tuple[PlanStep, ...]
    plan_findings: tuple[str, ...]
    stub: StubRules | None
    community_used: int | None = None              # community cards each hand uses
    community_discard: CommunityDiscard | None = None
    plan_cite: str | None = None                   # the citation of the plan as a whole


@record
class Decks:
    count: int
    cards_per_deck: int
    jokers: bool | None
    cite: str


@record
class SecondDeck:
    permitted: bool
    requires: str | None
    conditions: tuple[Rule, ...]
    cite: str


@record
class Cut:
    required_when: str
    min_cards: int | None
    cite: str


@record
class CardChange:
    """How often cards dealt from one source (hand, shoe, shuffler) must be changed."""

    dealt_from: str
    max_hours: float | None
    text: str | None
    cite: str


@record
class Cards:
    """The cards: decks, cover card (a yes/no fact), procedures, second deck, cut and card change."""

    decks: Decks
    cover_card: Flag
    procedures: tuple[Rule, ...]
    second_deck: SecondDeck
    cut: Cut | None
    card_change: tuple[CardChange, ...]


@record
class Situation:
    """What situation a rule or an exception covers: per dimension (``subject``, ``during``,
    ``dealing``...), the values it covers; a dimension left out covers every value."""

    dims: tuple[tuple[str, frozenset[str]], ...]

    @classmethod
    def from_data(cls, data: Mapping) -> "Situation":
        """The situation a ``{dimension: [values]}`` mapping states."""
        return cls(tuple((k, frozenset(v)) for k, v in data.items()))

    def get(self, dim: str) -> frozenset[str] | None:
        """The values covered along ``dim`` (None: every value)."""
        return dict(self.dims).get(dim)


@record
class SourceException:
    """An exception the source writes to one of its rules, and the situations both cover."""

    id: str
    text: str
    cite: str
    covers: Situation
    rule_text: str
    rule_cite: str
    rule_covers: Situation
    findings: tuple[str, ...] = ()
    not_a_conflict: str | None = None

    @classmethod
    def from_data(cls, data: Mapping) -> "SourceException":
        """The exception an ``exceptions`` item states."""
        rule = data["rule"]
        return cls(data["id"], data["text"], data["cite"], Situation.from_data(data["covers"]), rule["text"],
                   rule["cite"], Situation.from_data(rule["covers"]), finding_id_tuple(data.get("finding")),
                   data.get("not_a_conflict"))


@record
class Sections:
    """The sections of one document, typed."""

    cards: Cards
    dealing_methods: tuple[DealingMethod, ...]
    signage: tuple[SignageRule, ...]
    table_limits: tuple[TableLimit, ...]
    round_steps: tuple[RoundStep, ...]
    definitions: tuple[Definition, ...]
    currency: str
    other_rules: tuple[Rule, ...] = ()     # further facts no structured field carries
    exceptions: tuple[SourceException, ...] = ()  # exceptions the source writes to its own rules


def _method(m: Mapping) -> DealingMethod:
    plan = m["plan"]
    stub, discard = m.get("stub"), plan.get("community_discard")
    return DealingMethod(
        id=m["id"], name=m["name"], cite=m["cite"], findings=finding_id_tuple(m.get("finding")),
        requires=tuple(Rule.from_data(r) for r in m.get("requires", ())),
        player_order=m.get("player_order"),
        steps=tuple(PlanStep(s["to"], s["cards"], bool(s.get("as_stack")), s["cite"]) for s in plan["steps"]),
        plan_findings=finding_id_tuple(plan.get("finding")),
        stub=None if not stub else StubRules(bool(stub.get("to_discard_unexposed")), stub.get("count_every_rounds"),
                                             bool(stub.get("count_exempt_with_counting_shuffler")), stub["cite"],
                                             finding_id_tuple(stub.get("finding")), stub.get("text") or ""),
        community_used=plan.get("community_used"),
        community_discard=None if not discard else CommunityDiscard(
            discard["cards"], discard["which"], discard["when"], discard["cite"],
            finding_id_tuple(discard.get("finding"))),
        plan_cite=plan.get("cite"))


def _cards(c: Mapping) -> Cards:
    d, sd, cut = c["decks"], c["second_deck"], c.get("cut")
    return Cards(
        decks=Decks(d["count"], d["cards_per_deck"], d.get("jokers"), d["cite"]),
        cover_card=Flag.from_data(c["cover_card"]),
        procedures=tuple(Rule.from_data(p) for p in c.get("procedures", ())),
        second_deck=SecondDeck(bool(sd["permitted"]), sd.get("requires"),
                               tuple(Rule.from_data(x) for x in sd.get("conditions", ())), sd["cite"]),
        cut=None if not cut else Cut(cut["required_when"], cut.get("min_cards"), cut["cite"]),
        card_change=tuple(CardChange(x["dealt_from"], x.get("max_hours"), x.get("text"), x["cite"])
                          for x in c.get("card_change", ())))


def sections_of(data: Mapping) -> Sections:
    """The typed sections of a ruleset document (as printed, or with readings applied)."""
    return Sections(
        cards=_cards(data["cards"]),
        dealing_methods=tuple(_method(m) for m in data["dealing_methods"]),
        signage=tuple(SignageRule(s["id"], s["rule"], s.get("where"), s.get("text"), s["cite"],
                                  tuple(s.get("forbidden_words", ())), tuple(s.get("allowed_words", ())),
                                  finding_id_tuple(s.get("finding"))) for s in data["signage"]),
        table_limits=tuple(TableLimit(t["id"], t["rule"], t.get("text"), t["cite"], finding_id_tuple(t.get("finding")),
                                      tuple(t["wagers"]) if t.get("wagers") else None, t.get("minutes"))
                           for t in data["table_limits"]),
        round_steps=tuple(RoundStep(s["step"], s.get("order"), s.get("wager"), s.get("text"), s["cite"],
                                    finding_id_tuple(s.get("finding")), CardState.from_data(s.get("may_leave_cards")),
                                    tuple((n["with"], n["reason"]) for n in s.get("not_conflicts", ())))
                          for s in data["round_sequence"]),
        definitions=tuple(Definition(x["term"], x["meaning"], x["cite"], finding_id_tuple(x.get("finding")))
                          for x in data["definitions"]),
        currency=data["jurisdiction"].get("currency", "USD"),
        other_rules=tuple(Rule.from_data(r) for r in data.get("other_rules") or ()),
        exceptions=tuple(SourceException.from_data(x) for x in data.get("exceptions") or ()),
    )
