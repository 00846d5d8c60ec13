"""Dealing plans: who gets which card, in what order, under each dealing method a ruleset permits.

Everything comes from the ruleset's ``dealing_methods[].plan``: the steps in dealing order, how many
community cards are used, which are burned or discarded and when, and the stub rules. Seats are
numbered in dealing order: seat 1 is the first player served (for ``clockwise_from_dealer_left``,
the player farthest to the dealer's left).

``check_deal`` compares the cards an area actually received with the plan; every difference is a
misdeal, reported with the consequence the ruleset gives for ``wrong_card_count`` (or none, when the
ruleset does not address it).
"""
from __future__ import annotations

from dataclasses import asdict, field
from typing import Any

from ..model import RulesetModel, RulesetOrModel, model_of
from ..model.sections import DealingMethod
from ..suggest import unknown
from .irregularities import consequence
from ..records import record

CARD_AREAS = ("each_player", "community", "six_card_bonus_box", "discard")
AREA_LABELS = {"community": "community area", "six_card_bonus_box": "six-card bonus box",
               "discard": "discard rack (burned)"}
DEFAULT_PLAYERS = 7  # used only where the ruleset states no table size (its finding says so): the usual seven


class DealingError(ValueError):
    """A request the ruleset's dealing methods cannot answer (unknown method, too many players)."""


@record
class DealtCard:
    position: int          # 1-based position from the top of the deck
    area: str              # "player", "community", "six_card_bonus_box" or "discard"
    seat: int | None       # for player cards
    step: int              # index of the plan step
    stack: bool            # dealt as part of a stack
    cite: str

    @property
    def label(self) -> str:
        return f"seat {self.seat}" if self.area == "player" else AREA_LABELS[self.area]


@record
class DealingPlan:
    """One dealing method's plan, expanded for a number of players."""

    method: DealingMethod = field(repr=False)
    players: int
    order: tuple[DealtCard, ...]
    deck_size: int

    @property
    def method_id(self) -> str:
        return self.method.id

    def count(self, area: str, seat: int | None = None) -> int:
        return sum(1 for c in self.order if c.area == area and (seat is None or c.seat == seat))

    @property
    def cards_per_player(self) -> int:
        return self.count("player", 1) if self.players else sum(
            s.cards for s in self.method.steps if s.to == "each_player")

    @property
    def community_dealt(self) -> int:
        return self.count("community")

    @property
    def community_used(self) -> int | None:
        return self.method.community_used

    @property
    def six_card_bonus_box(self) -> int:
        return self.count("six_card_bonus_box")

    @property
    def burned_at_deal(self) -> int:
        return self.count("discard")

    @property
    def community_discard(self):
        """The community cards discarded unused (:class:`~lit_compliance.model.sections.CommunityDiscard`), or None."""
        return self.method.community_discard

    @property
    def discarded(self) -> int:
        """Cards dealt but never in play: burns during the deal plus community discards."""
        extra = self.community_discard.cards if self.community_discard else 0
        return self.burned_at_deal + extra

    @property
    def total_dealt(self) -> int:
        return len(self.order)

    @property
    def stub(self) -> int:
        return self.deck_size - self.total_dealt

    def step_cite(self, area: str) -> str | None:
        """The citation of the first step that deals to ``area``, or None."""
        return next((s.cite for s in self.method.steps if s.to == area), None)

    def view(self) -> dict[str, Any]:
        """A plain view for templates and JSON."""
        m = self.method
        steps = []
        for i, step in enumerate(m.steps):
            cards = [c for c in self.order if c.step == i]
            steps.append({
                "to": step.to, "cards": step.cards, "as_stack": step.as_stack,
                "dealt": len(cards),
                "positions": _span([c.position for c in cards]),
                "sequence": [{"position": c.position, "to": c.label, "stack": c.stack} for c in cards],
                "cite": step.cite,
            })
        discard = self.community_discard
        return {
            "method": m.id, "name": m.name, "cite": m.cite,
            "players": self.players,
            "player_order": m.player_order,
            "player_order_note": None if m.player_order else
            "the source fixes no player order for this method; seats are listed in ascending order",
            "steps": steps,
            "areas": {
                "each_player": self.cards_per_player,
                "community_dealt": self.community_dealt,
                "community_used": self.community_used,
                "six_card_bonus_box": self.six_card_bonus_box,
                "burned_at_deal": self.burned_at_deal,
            },
            "community_discard": None if not discard else {
                "cards": discard.cards, "which": discard.which, "when": discard.when, "cite": discard.cite,
                "findings": list(discard.findings)},
            "total_dealt": self.total_dealt,
            "deck_size": self.deck_size,
            "stub": self.stub,
            "stub_rules": None if m.stub is None else dict(asdict(m.stub), findings=list(m.stub.findings)),
            "requires": [{"id": r.id, "text": r.text, "cite": r.cite, "findings": list(r.findings)} for r in m.requires],
            "findings": list(dict.fromkeys(m.findings + m.plan_findings)),
        }


def _span(positions: list[int]) -> str:
    if not positions:
        return ""
    if positions == list(range(positions[0], positions[-1] + 1)):
        return str(positions[0]) if len(positions) == 1 else f"{positions[0]}-{positions[-1]}"
    return ", ".join(str(p) for p in positions)


def _model(ruleset: RulesetOrModel) -> RulesetModel:
    """The model the plans are drawn from: a model as given, a loaded ruleset under its default readings."""
    return ruleset if isinstance(ruleset, RulesetModel) else model_of(ruleset)


def methods(ruleset: RulesetOrModel) -> list[str]:
    """The ids of the ruleset's dealing methods."""
    return [m.id for m in _model(ruleset).dealing_methods]


def method(ruleset: RulesetOrModel, method_id: str | None = None) -> DealingMethod:
    """The named dealing method, or the ruleset's first one when ``method_id`` is None."""
    model = _model(ruleset)
    if method_id is None:
        return model.dealing_methods[0]
    for m in model.dealing_methods:
        if m.id in (method_id, method_id.replace("-", "_")):  # as configurations write it, or as typed
            return m
    raise DealingError(f"{model.ref} has " + unknown("dealing method", method_id, methods(model), label="methods"))


def deck_size(ruleset: RulesetOrModel) -> int:
    """The number of cards in play (decks times cards per deck)."""
    decks = _model(ruleset).cards.decks
    return decks.count * decks.cards_per_deck


def max_players(ruleset: RulesetOrModel) -> int | None:
    """The most player positions the rules allow, if they say."""
    return _model(ruleset).table.max_positions.value


def default_players(ruleset: RulesetOrModel) -> int:
    """The number of players a plan is drawn for when none is given."""
    return max_players(ruleset) or DEFAULT_PLAYERS


def build_plan(ruleset: RulesetOrModel, method_id: str | None = None, players: int | None = None) -> DealingPlan:
    """Expand a method's steps for ``players`` players into the order cards leave the deck."""
    model = _model(ruleset)
    m = method(model, method_id)
    if players is None:
        players = default_players(model)
    limit = model.table.max_positions
    if players < 1:
        raise DealingError(f"a round needs at least 1 player, got {players}")
    if limit.value is not None and players > limit.value:
        raise DealingError(f"{model.ref} allows at most {limit.value} player positions [{limit.cite}]; got {players}")
    order: list[DealtCard] = []
    for i, step in enumerate(m.steps):
        if step.to == "each_player":
            targets = [("player", seat) for seat in range(1, players + 1)]
        else:
            targets = [(step.to, None)]
        for area, seat in targets:
            for _ in range(step.cards):
                order.append(DealtCard(len(order) + 1, area, seat, i, step.as_stack, step.cite))
    size = deck_size(model)
    if len(order) > size:
        raise DealingError(f"{players} players need {len(order)} cards under {m.id}, "
                           f"more than the {size} in the deck")
    return DealingPlan(m, players, tuple(order), size)


def all_plans(ruleset: RulesetOrModel, players: int | None = None) -> list[DealingPlan]:
    """The dealing plan of every dealing method of the ruleset."""
    return [build_plan(ruleset, mid, players) for mid in methods(ruleset)]


def check_deal(ruleset: RulesetOrModel, method_id: str | None, counts: dict) -> list[dict]:
    """Misdeal findings for a dealt round.

    ``counts`` gives the cards each area received: ``players`` (a mapping seat -> count, or a list
    in seat order), and any of ``community`` (cards dealt to the community area, burn card
    included), ``community_in_play`` (the community cards used), ``six_card_bonus_box`` and
    ``burned`` (cards burned or discarded). Areas not given are not checked. Each finding names the
    area, the expected and actual counts, and the ruleset's consequence for ``wrong_card_count``
    (``None`` when the ruleset does not address it).
    """
    players = counts.get("players", {})
    if isinstance(players, (list, tuple)):
        players = {i + 1: n for i, n in enumerate(players)}
    plan = build_plan(ruleset, method_id, max(len(players), 1))
    expected: list[tuple[str, int, int | None]] = []
    for seat, got in sorted(players.items()):
        expected.append((f"seat {seat}", plan.cards_per_player, got))
    for key, want in (("community", plan.community_dealt), ("community_in_play", plan.community_used),
                      ("six_card_bonus_box", plan.six_card_bonus_box), ("burned", plan.discarded)):
        if key in counts:
            expected.append((key.replace("_", " "), want, counts[key]))
    found = []
    result = consequence(ruleset, "wrong_card_count")
    for area, want, got in expected:
        if got != want:
            found.append({
                "area": area, "expected": want, "got": got, "method": plan.method_id,
                "plan_cite": plan.method.plan_cite,
                "consequence": result,
                "message": misdeal_message(area, want, got, plan.method_id, result),
            })
    return found


def misdeal_message(area: str, want: int, got: int, method_id: str, result: dict | None) -> str:
    """What a wrong card count in an area means under the plan: a misdeal (and its consequence) or not addressed."""
    what = f"{area} has {got} card{'s' if got != 1 else ''}; the {method_id} plan gives {want}"
    if result is None:
        return f"{what}: a wrong card count, which this ruleset does not address"
    return f"{what}: a misdeal ({describe(result)})"


def describe(result: dict) -> str:
    """One line for a consequence (or for each case of an event with several)."""
    if result.get("cases"):
        return "either " + "; or ".join(f"{c['id']}, when {_clause(c['condition'] or c['event'])}: "
                                        f"{_clause(c['text'])} [{c['cite']}]" for c in result["cases"])
    return f"{_clause(result['text'])} [{result['cite']}]"


def _clause(text: str) -> str:
    """'The hand is void.' -> 'the hand is void', for use inside a sentence."""
    text = text.strip().rstrip(".")
    first = text.split(" ", 1)[0]
    return text if len(first) > 1 and first.isupper() else text[:1].lower() + text[1:]
