"""The round's procedure played under every dealing method the ruleset allows, for every player count
(issue 31).

A dealing method changes what the deal leaves on the table: how many cards each player holds, how
many community cards lie face down (and how many are discarded at the deal), how many go elsewhere.
The round's steps then use them: every ``burn_community_card`` and ``reveal_community_card_*`` step
takes one face-down community card, and a hand is five cards (the player's with the community cards
used). For each method and each player count from 1 to the table's positions, the deal is expanded
with :func:`~lit_compliance.play.dealing.build_plan` and compared with what the steps use:

- a step needs a community card the method did not deal, or the method leaves community cards no
  step uses (or discards);
- the player's cards and the community cards used do not make a five-card hand;
- the deal takes more cards than the deck holds;
- the method deals players in an order other than the one the round's ``deal`` step states.

A conflict is recorded by a finding of a recording kind listed on the method (or its plan) that
cites the method's clauses.
"""
from __future__ import annotations


from ..load.catalogue import Ruleset
from ..model import as_printed
from ..play.dealing import DealingError, build_plan
from .procedure import RECORDING_KINDS, procedure, table_positions
from ..records import record

HAND = 5  # a poker hand
COMMUNITY_STEPS = frozenset({"burn_community_card", "reveal_community_card_1", "reveal_community_card_2"})


@record
class DealConflict:
    index: int              # the method's place in dealing_methods
    method: str
    cite: str
    players: int            # the smallest player count at which it occurs
    says: str
    recorded_by: tuple[str, ...]


def plays(rs: Ruleset) -> list[tuple[str, int]]:
    """Every (dealing method, player count) the procedure is played for."""
    return [(m.id, n) for m in as_printed(rs).dealing_methods for n in range(1, table_positions(rs) + 1)]


def deal_conflicts(rs: Ruleset) -> list[DealConflict]:
    """Every way a dealing method's deal fails the round's steps, each once per method at the
    smallest player count it occurs."""
    model = as_printed(rs)
    steps = procedure(rs)
    taken = sum(1 for s in steps if s.name in COMMUNITY_STEPS)
    deal_order = next((s.order for s in steps if s.name == "deal" and not s.order.startswith("unstated")), None)
    kinds = {f.id: f.kind.value for f in model.findings}
    out: dict[tuple[int, str], DealConflict] = {}
    for index, m in enumerate(model.dealing_methods):
        recorded = tuple(f for f in dict.fromkeys(m.findings + m.plan_findings) if kinds.get(f) in RECORDING_KINDS)
        for players in range(1, table_positions(rs) + 1):
            problems = []
            try:
                plan = build_plan(model, m.id, players)
            except DealingError as exc:
                problems.append(f"cannot be dealt: {exc}")
            else:
                discard = plan.community_discard
                at_deal = discard.cards if discard is not None and discard.when == "at_deal" else 0
                left = plan.community_dealt - at_deal
                if left < taken:
                    problems.append(f"leaves {left} community card(s) face down, but the round's steps burn or turn "
                                    f"{taken}")
                elif left > taken:
                    problems.append(f"leaves {left} community card(s) face down, but the round's steps burn or turn "
                                    f"only {taken}")
                used = plan.community_used if plan.community_used is not None else left
                if plan.cards_per_player + used != HAND:
                    problems.append(f"gives each player {plan.cards_per_player} card(s) and {used} community card(s): "
                                    f"not a {HAND}-card hand")
                if plan.total_dealt > plan.deck_size:
                    problems.append(f"deals {plan.total_dealt} cards from a deck of {plan.deck_size}")
            if deal_order and m.player_order and m.player_order != deal_order:
                problems.append(f"deals the players {m.player_order.replace('_', ' ')}, where the round's deal step "
                                f"says {deal_order.replace('_', ' ')}")
            for says in problems:
                key = (index, says.split(":")[0] if says.startswith("cannot") else says)
                out.setdefault(key, DealConflict(index, m.id, m.plan_cite or m.cite, players, says, recorded))
    return sorted(out.values(), key=lambda c: (c.index, c.players, c.says))


def deal_rows(rs: Ruleset) -> list[dict]:
    """The deal conflicts of ``rs`` as plain data (``validate --procedure``)."""
    lines = rs.document.locate if rs.document is not None else (lambda path: (1, 1))
    return [{"ruleset": rs.ref, "path": rs.path, "line": lines(("dealing_methods", c.index))[0], "class": "deal",
             "step": "deal", "method": c.method, "order": c.method, "cite": c.cite, "cause": None,
             "cause_cite": None, "players": c.players, "needs": c.says, "says": c.says,
             "recorded_by": list(c.recorded_by), "reason": None}
            for c in deal_conflicts(rs)]


__all__ = ["DealConflict", "deal_conflicts", "deal_rows", "plays"]
