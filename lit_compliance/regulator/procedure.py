"""The procedure of a round as data, and a checker that plays it (issue 31, a first part).

The procedure is derived from a ruleset's ``round_sequence``: its steps in order, each done for the
whole table at once or player by player (``per_player``, ``clockwise_from_dealer_left``,
``counterclockwise_from_dealer_right``). Consecutive player-by-player steps form one *pass*: the
dealer does every step of the pass for one player, then for the next (the way the sources write
"for each player, the dealer shall (1) ... (2) ..."). A step whose order the ruleset leaves unstated
is read as done for the whole table at once; the procedure says so.

What each kind of step does to a player's cards and what it needs is the engine's meaning of the
schema's step names (``STEPS``), the same for every ruleset. The checker plays the procedure for
every player count from 1 to the table's positions (``table.max_positions``, or seven where the
ruleset states none) and reports where a step needs what an earlier
step has not yet done or has undone: a player's hand not yet turned face up, or cards already
removed. It also compares the states of cards that rules demand (``cards_must_be`` on an other
rule: kept in view, face up ...) with the states steps may leave them in (``may_leave_cards``:
covered by a signal, removed ...) and reports the pairs that cannot both hold
(:func:`state_conflicts`). (Not yet checked: an exception written for a case its rule does not
cover; nor the dealing methods, which do not change the round's steps here.)

A conflict is *recorded* when the step that needs the cards lists a finding of kind
``contradiction``, ``ambiguous`` or ``silent`` (the finding states the conflict with both
citations); otherwise it is reported as unrecorded.
"""
from __future__ import annotations


from ..load.catalogue import Ruleset
from ..load.clauses import CiteError, resolver_for
from ..model import as_printed
from ..play.dealing import DEFAULT_PLAYERS  # where the ruleset states no number of positions: the usual seven
from ..records import record

PLAYER_ORDERS = frozenset({"per_player", "clockwise_from_dealer_left", "counterclockwise_from_dealer_right"})
RECORDING_KINDS = frozenset({"contradiction", "ambiguous", "silent"})

# step -> (what it needs of the player's cards, what it leaves them as)
#   needs: "cards" (dealt, on the table), "hand" (this player's turned face up), "every hand" (all players' face up)
#   leaves: "face down", "face up", "removed" (None: unchanged)
STEPS: dict[str, tuple[str | None, str | None]] = {
    "place_wagers": (None, None),
    "announce_no_more_bets": (None, None),
    "collect_side_wagers": (None, None),
    "deal": (None, "face down"),
    "examine_cards": ("cards", None),
    "decide_bet1": ("cards", None),
    "burn_community_card": (None, None),
    "reveal_community_card_1": (None, None),
    "decide_bet2": ("cards", None),
    "reveal_community_card_2": (None, None),
    "reveal_player_hands": ("cards", "face up"),
    "collect_losing_wagers": ("hand", None),
    "pay_winning_wagers": ("hand", None),
    "settle_base_wagers": ("hand", None),
    "settle_side_wager": ("hand", None),
    "pay_envy_bonuses": ("every hand", None),
    "settle_cover_all": ("every hand", None),
    "collect_cards": (None, "removed"),
}


@record
class Step:
    index: int              # its place in round_sequence
    name: str               # the step
    wager: str | None
    scope: str              # "table" or "player"
    order: str              # as the ruleset states it, or "unstated (read as the whole table at once)"
    cite: str
    findings: tuple[str, ...]
    not_conflicts: tuple[tuple[str, str], ...] = ()  # (other side, reason it is no defect)

    def excused(self, other: str | None) -> str | None:
        """The recorded reason a conflict of this step with ``other`` is not a defect, if any."""
        return next((why for name, why in self.not_conflicts if name == other), None)


@record
class Conflict:
    step: Step              # the step that needs what is missing
    cause: Step | None      # the step that removed it, or the one that will provide it later
    players: int            # the smallest player count at which it occurs
    what: str               # what is missing, in words
    recorded_by: tuple[str, ...]
    reason: str | None = None  # the recorded reason it is not a defect (the step's not_conflicts)


def procedure(rs: Ruleset) -> list[Step]:
    """The round's steps in order, each with its scope (the whole table, or player by player)."""
    out = []
    for i, step in enumerate(as_printed(rs).round_steps):
        scope = "player" if step.order in PLAYER_ORDERS else "table"
        out.append(Step(i, step.step, step.wager, scope, step.order or "unstated (read as the whole table at once)",
                        step.cite, tuple(step.findings), tuple(step.not_conflicts)))
    return out


def passes(steps: list[Step]) -> list[list[Step]]:
    """The steps grouped: each run of consecutive player-by-player steps is one pass; each table step
    is a pass of its own."""
    out: list[list[Step]] = []
    for step in steps:
        if step.scope == "player" and out and out[-1][0].scope == "player":
            out[-1].append(step)
        else:
            out.append([step])
    return out


def _play(steps: list[Step], players: int) -> list[tuple[Step, Step | None, str]]:
    """Play the procedure for ``players`` players; (step, cause, what is missing) for every need unmet."""
    cards: dict[int, tuple[str | None, Step | None]] = {p: (None, None) for p in range(players)}
    later_face_up: dict[int, Step] = {}
    problems = []

    def check(step: Step, p: int) -> None:
        need = STEPS.get(step.name, (None, None))[0]
        if need is None:
            return
        targets = [p] if need in ("cards", "hand") else [q for q in range(players) if q != p]
        for q in targets:
            state, by = cards[q]
            who = "the player's" if q == p else ("a player's" if p < 0 else "another player's")
            if state == "removed":
                problems.append((step, by, f"{who} cards, removed by an earlier step"))
            elif need in ("hand", "every hand") and state != "face up":
                cause = later_face_up.get(q)
                problems.append((step, cause, f"{who} hand face up, not yet turned"))
            elif state is None:
                problems.append((step, None, f"{who} cards, not yet dealt"))

    def apply(step: Step, p: int) -> None:
        leaves = STEPS.get(step.name, (None, None))[1]
        if leaves is not None:
            cards[p] = (leaves, step)

    for group in passes(steps):
        if group[0].scope == "table":
            step = group[0]
            if STEPS.get(step.name, (None, None))[0] == "every hand":
                check(step, -1)  # done once for the table: every player's hand, none excepted
            else:
                for p in range(players):
                    check(step, p)
            for p in range(players):
                apply(step, p)
            continue
        turners = [s for s in group if STEPS.get(s.name, (None, None))[1] == "face up"]
        if turners:   # every player after the first has a hand a later step turns: once, not once a player before
            later_face_up.update(dict.fromkeys(range(1, players), turners[0]))
        for p in range(players):
            for step in group:
                check(step, p)
                apply(step, p)
    return problems


def _clauses(resolver, cite: str) -> set[str]:
    try:
        return {c.id for c in resolver.resolve(cite)}
    except CiteError:
        return set()


def _within(child: str, parent: str) -> bool:
    """Whether clause id ``child`` is ``parent`` or lies inside it (``.11D(1)`` in ``.11D``, ``.11D`` in ``.11``)."""
    if child == parent:
        return True
    if not child.startswith(parent) or not parent:
        return False
    nxt = child[len(parent)]
    return not nxt.isalnum() or (parent[-1].isdigit() and nxt.isupper())


def _overlap(a: set[str], b: set[str]) -> bool:
    """Whether two sets of clause ids share a clause, or one's clause holds the other's."""
    return any(_within(x, y) or _within(y, x) for x in a for y in b)


def table_positions(rs: Ruleset) -> int:
    """The number of player positions the ruleset states (``table.max_positions.value``), else seven."""
    value = as_printed(rs).table.max_positions.value
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else DEFAULT_PLAYERS


def conflicts(rs: Ruleset, max_players: int | None = None) -> list[Conflict]:
    """Every unmet need of the round's procedure, each once, at the smallest player count it occurs,
    with the findings that record it: a finding listed on the needing step, of a recording kind,
    whose citation names the clause of the step that caused it (or of the step itself, when nothing
    earlier did)."""
    steps = procedure(rs)
    model = as_printed(rs)
    by_id = {f.id: f for f in model.findings}
    resolver = resolver_for(rs) if model.header.source.clauses_described else None
    seen: dict[tuple, Conflict] = {}
    for players in range(1, (max_players or table_positions(rs)) + 1):
        for step, cause, what in _play(steps, players):
            key = (step.index, cause.index if cause else None, what)
            if key in seen:
                continue
            recorded = []
            for fid in step.findings:
                finding = by_id.get(fid)
                if finding is None or finding.kind.value not in RECORDING_KINDS:
                    continue
                if resolver is None or _overlap(_clauses(resolver, finding.cite), _clauses(resolver, (cause or step).cite)):
                    recorded.append(fid)
            seen[key] = Conflict(step, cause, players, what, tuple(recorded), step.excused(cause.name if cause else None))
    return sorted(seen.values(), key=lambda c: (c.step.index, c.players, c.what))


# (the state a rule demands, the state a step may leave) that cannot both hold of the same cards
INCOMPATIBLE = frozenset({("in_view", "covered"), ("in_view", "removed"), ("face_up", "face_down"),
                          ("face_up", "covered"), ("face_up", "removed"), ("face_down", "face_up")})


@record
class StateConflict:
    step: Step              # the step that may leave the cards in a state
    rule: str               # the other rule that demands another state of the same cards
    rule_cite: str
    demanded: str
    left: str
    cards: str
    players: int            # 1, or 2 where the demand lasts until a step done player by player
    recorded_by: tuple[str, ...]
    reason: str | None = None  # the recorded reason it is not a defect (the step's not_conflicts)


def _active(demand, step: Step, steps: list[Step]) -> int:
    """From how many players a demand holds when ``step`` runs: 1, 2 (it lasts until a step of the
    same player-by-player pass, which reaches the later players only after this one), or 0 (not
    in force)."""
    first: dict[str, int] = {}
    for s in steps:
        first.setdefault(s.name, s.index)
    if demand.since is not None and step.index <= first.get(demand.since, len(steps)):
        return 0
    if demand.until is None:
        return 1
    u = first.get(demand.until, len(steps))
    if step.index < u:
        return 1
    groups = passes(steps)
    pass_of = {s.index: k for k, group in enumerate(groups) for s in group}
    same = step.scope == "player" and pass_of.get(u) == pass_of[step.index]
    return 2 if same and any(s.index < u for s in groups[pass_of[u]]) else 0


def state_conflicts(rs: Ruleset) -> list[StateConflict]:
    """Every step that may leave cards in a state an other rule forbids while its demand holds
    (``cards_must_be`` on other rules, ``may_leave_cards`` on round steps); recorded by a finding of
    a recording kind, listed on the step or the rule, that cites both."""
    model = as_printed(rs)
    steps = procedure(rs)
    findings = {f.id: f for f in model.findings}
    resolver = resolver_for(rs) if model.header.source.clauses_described else None

    def cites_both(fid: str, a: str, b: str) -> bool:
        f = findings.get(fid)
        if f is None or f.kind.value not in RECORDING_KINDS:
            return False
        if resolver is None:
            return True
        named = _clauses(resolver, f.cite)
        return _overlap(named, _clauses(resolver, a)) and _overlap(named, _clauses(resolver, b))

    out = []
    for step, typed in zip(steps, model.round_steps):
        left = typed.may_leave_cards
        if left is None:
            continue
        for rule in model.typed.other_rules:
            demand = rule.cards_must_be
            if demand is None or demand.cards != left.cards or (demand.state, left.state) not in INCOMPATIBLE:
                continue
            players = _active(demand, step, steps)
            if not players:
                continue
            named = tuple(dict.fromkeys(tuple(step.findings) + tuple(rule.findings)))
            recorded = tuple(f for f in named if cites_both(f, step.cite, rule.cite))
            out.append(StateConflict(step, rule.id or rule.text, rule.cite, demand.state, left.state, left.cards,
                                     players, recorded, step.excused(rule.id)))
    return out


def step_rows(rs: Ruleset) -> list[dict]:
    """The conflicts of the first two classes in ``rs`` as plain data: a step's unmet need (class
    ``needs``) and incompatible card states (``card_state``); :mod:`.conflicts` adds the others."""
    out = []
    lines = rs.document.locate if rs.document is not None else (lambda path: (1, 1))
    for c in conflicts(rs):
        out.append({"ruleset": rs.ref, "path": rs.path, "class": "needs",
                    "line": lines(("round_sequence", c.step.index))[0],
                    "step": c.step.name, "order": c.step.order, "cite": c.step.cite,
                    "cause": c.cause.name if c.cause else None, "cause_cite": c.cause.cite if c.cause else None,
                    "players": c.players, "needs": c.what, "says": f"needs {c.what}",
                    "recorded_by": list(c.recorded_by), "reason": c.reason})
    for c in state_conflicts(rs):
        out.append({"ruleset": rs.ref, "path": rs.path, "class": "card_state",
                    "line": lines(("round_sequence", c.step.index))[0],
                    "step": c.step.name, "order": c.step.order, "cite": c.step.cite,
                    "cause": f"other rule {c.rule}", "cause_cite": c.rule_cite, "players": c.players,
                    "needs": f"the {c.cards}'s cards {c.demanded.replace('_', ' ')}",
                    "says": f"may leave the {c.cards}'s cards {c.left.replace('_', ' ')}, where a rule keeps them "
                            f"{c.demanded.replace('_', ' ')}",
                    "recorded_by": list(c.recorded_by), "reason": c.reason})
    return out


__all__ = ["Conflict", "STEPS", "StateConflict", "Step", "conflicts", "passes", "procedure", "state_conflicts",
           "step_rows"]
