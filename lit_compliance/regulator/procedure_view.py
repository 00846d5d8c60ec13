"""The round's procedure as ``deal-plan`` and the site show it: each step in order with who acts, for
whom (each player in turn, or the whole table at once), the state of the players' cards and of the
community cards after it, and the wagers still open.

Everything comes from the ruleset: the steps and their order from ``round_sequence`` (as
:func:`~lit_compliance.regulator.procedure.procedure` reads it), the community cards from the
dealing method's plan, the wagers from ``base_game.bets`` and ``wagers``, the states a step may leave
and the states other rules demand from ``may_leave_cards`` and ``cards_must_be``. What a kind of step
does is the engine's meaning of the schema's step names, the same for every ruleset (``ACTOR``,
:data:`~lit_compliance.regulator.procedure.STEPS`).
"""
from __future__ import annotations

from ..load.catalogue import Ruleset
from ..model import as_printed
from ..play.dealing import build_plan
from .procedure import STEPS, passes, procedure

# who does a kind of step
ACTOR = {"place_wagers": "players", "announce_no_more_bets": "dealer", "collect_side_wagers": "dealer",
         "deal": "dealer", "examine_cards": "players", "decide_bet1": "players, asked by the dealer",
         "burn_community_card": "dealer", "reveal_community_card_1": "dealer",
         "decide_bet2": "players, asked by the dealer", "reveal_community_card_2": "dealer",
         "reveal_player_hands": "dealer", "collect_losing_wagers": "dealer", "pay_winning_wagers": "dealer",
         "settle_base_wagers": "dealer", "settle_side_wager": "dealer", "pay_envy_bonuses": "dealer",
         "settle_cover_all": "dealer", "collect_cards": "dealer"}
SETTLING = ("collect_losing_wagers", "pay_winning_wagers", "settle_base_wagers")
STATE_WORDS = {"in_view": "in view of the dealer", "face_up": "face up", "face_down": "face down",
               "covered": "covered (under chips)", "removed": "removed"}


def _scope(order: str) -> str:
    if order == "table":
        return "the whole table at once"
    if order.startswith("unstated"):
        return "order unstated (read as the whole table at once)"
    if order == "per_player":
        return "each player in turn (direction unstated)"
    return "each player in turn, " + order.replace("_", " ")


def round_view(rs: Ruleset, method_id: str | None = None, players: int | None = None) -> dict:
    """The round's steps with who acts, the cards' states and the open wagers after each, for one
    dealing method (default: the ruleset's first) and number of players."""
    model = as_printed(rs)
    plan = build_plan(model, method_id, players)
    steps = procedure(rs)
    discard = plan.community_discard
    at_deal = discard.cards if discard is not None and discard.when == "at_deal" else 0
    bets = [b.id for b in model.base_game.bets]
    side = [w.id for w in model.wagers if w.id != "base"]
    own_step = {s.wager for s in steps if s.wager and s.name in ("settle_side_wager", "settle_cover_all")}
    demands = [r for r in model.typed.other_rules if r.cards_must_be is not None]
    first = {}
    for s in steps:
        first.setdefault(s.name, s.index)
    runs = [run for run in passes(steps) if run[0].scope == "player" and len(run) > 1]
    run_of = {s.index: k for k, run in enumerate(runs, 1) for s in run}

    open_: dict[str, str] = {}
    player, down, up, burned = "not dealt", 0, 0, 0
    rows = []
    for s, typed in zip(steps, model.round_steps):
        name = s.name
        if name == "place_wagers":
            open_ = {b: "placed" for b in bets} | {w: "placed (where offered)" for w in side}
        elif name == "collect_side_wagers":
            for w in ([s.wager] if s.wager else side):
                if w in open_:
                    open_[w] = "chips collected into the tray, not yet settled"
        elif name == "deal":
            player, down = "face down", plan.community_dealt - at_deal
            burned += at_deal
        elif name in ("decide_bet1", "decide_bet2"):
            bet = "bet1" if name == "decide_bet1" else "bet2"
            if bet in open_:
                open_[bet] = "let ride, or withdrawn"
        elif name == "burn_community_card" and down:
            down, burned = down - 1, burned + 1
        elif name.startswith("reveal_community_card") and down:
            down, up = down - 1, up + 1
        elif name == "reveal_player_hands":
            player = "face up"
        elif name == "collect_losing_wagers":
            for w in list(open_):
                if (s.wager in (None, w) or (s.wager == "base" and w in bets)) and w not in own_step:
                    open_[w] = "losing ones collected; winning ones to pay"
        elif name in ("pay_winning_wagers", "settle_base_wagers"):
            targets = bets if name == "settle_base_wagers" or s.wager == "base" else \
                [w for w in open_ if w not in own_step]
            for w in targets:
                open_.pop(w, None)
        elif name in ("settle_side_wager", "settle_cover_all") and s.wager:
            open_.pop(s.wager, None)
        elif name == "pay_envy_bonuses" and s.wager:
            open_.pop(s.wager, None)
        elif name == "collect_cards" and not s.wager:
            player, down, up = "removed", 0, 0
        left = STEPS.get(name, (None, None))[1]
        may = typed.may_leave_cards
        cards = player
        if may is not None and may.cards == "player" and STATE_WORDS[may.state] != player:
            cards += f"; may be left {STATE_WORDS[may.state]}"
        held = [STATE_WORDS[r.cards_must_be.state] + f" ({r.id})" for r in demands
                if r.cards_must_be.cards == "player" and player not in ("not dealt", "removed")
                and _holds(r.cards_must_be, s.index, first, len(steps))]
        rows.append({"n": s.index + 1, "step": name, "wager": s.wager, "actor": ACTOR.get(name, "dealer"),
                     "scope": _scope(s.order), "pass": run_of.get(s.index), "cite": s.cite, "findings": list(s.findings),
                     "player_cards": cards, "rules_keep_cards": held,
                     "community": f"{down} face down, {up} face up" + (f", {burned} burned or discarded"
                                                                        if burned else ""),
                     "open_wagers": [f"{w}: {state}" for w, state in open_.items()],
                     "leaves": left})
    return {"ruleset": rs.ref, "method": plan.method_id, "players": plan.players, "steps": rows,
            "open_at_end": sorted(open_),
            "note": "Steps in the order the rules give them; the steps of one pass (a run of player-by-player steps) are "
                    "done for one player, then for the next; a step whose order the ruleset leaves unstated is read as done for the whole "
                    "table at once. States are those after the step."}


def _holds(demand, index: int, first: dict, count: int) -> bool:
    """Whether a rule's demand on the cards is in force after the step at ``index``."""
    if demand.since is not None and index < first.get(demand.since, count):
        return False
    return demand.until is None or index < first.get(demand.until, count)


__all__ = ["ACTOR", "round_view"]
