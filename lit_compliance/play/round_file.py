"""Round files: one dealt round (cards, wagers, decisions, choices), read strictly and checked.

A round file is YAML or JSON checked by ``schema/round.schema.json``, then against its ruleset:
the cards are real and dealt once, every area holds the number of cards the dealing plan gives
(a wrong count is a misdeal, reported with the ruleset's consequence), every wager and paytable is
one the ruleset offers, stakes fixed by the ruleset are respected, withdrawable bets have a
decision, and irregularities name something the ruleset knows. Every problem comes back located
(``file:line:col: path: message``), all at once.
"""
from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..poker.cards import CardError, card_name, parse_card
from ..load.catalogue import Catalogue, CatalogueError, Ruleset
from .dealing import DealingError, DealingPlan, build_plan, methods, misdeal_message
from .notes import FirstMethod, LeastReset, MeterUnused, NewestVersion, NoLimitGiven, Rides, RoundAssumption
from .irregularities import (PER_SEAT, UnknownEvent, by_id, consequence, entry_view, entries,
                             events, normalise_event, settlement_effect)
from ..load.kinds import wrong_kind
from ..load.strict_yaml import Document, InputError, Problem, format_path, load_yaml_file, load_yaml_text
from ..load.validation import schema_problems
from ..model import ReadingError, as_printed, exact, model_of
from ..model.vocabulary import ids, money
from ..suggest import unknown
from ..records import record

ROUND_SCHEMA = "round"
BETS = ("bet1", "bet2", "bet3")


@record(frozen=False)
class PlayerEntry:
    index: int                       # position in the file's players list
    seat: int
    name: str | None
    cards: tuple[int, ...]
    bets: dict[str, Fraction]        # bet1, bet2, bet3
    decisions: dict[str, str]        # bet -> "ride" | "pull" (every bet; fixed bets ride)
    side_wagers: dict[str, Fraction]  # wager id -> stake, in ruleset order
    decision_note: Rides | None = None  # why the decisions are not the player's own


@record(frozen=False)
class IrregularityEntry:
    given: str
    event: str
    view: dict | None                # entry_view of the ruleset entry, None when not addressed
    seat: int | None
    note: str | None

    @property
    def effect(self) -> str:
        return "none" if self.view is None else settlement_effect(self.view["kind"])


@record(frozen=False)
class Round:
    file: str
    ruleset: Ruleset
    model: Any                        # the ruleset's model under the round's readings
    plan: DealingPlan
    paytables: dict[str, str | None]  # wager in play -> paytable id (None: the ruleset has none)
    payout_limits: dict[str, Fraction]
    meter: Fraction | None
    meter_reset: Fraction | None
    community: tuple[int, ...]
    burned: tuple[int, ...]
    six_card_bonus_cards: tuple[int, ...]
    irregularities: list[IrregularityEntry]
    players: list[PlayerEntry]
    notes: list[RoundAssumption] = field(default_factory=list)   # what was assumed where the file is silent

    @property
    def void(self) -> bool:
        """Whether an irregularity voids the whole round."""
        return any(i.effect == "round_void" for i in self.irregularities)

    def seats_with(self, effect: str) -> set[int]:
        """The seats an irregularity with this effect names."""
        return {i.seat for i in self.irregularities if i.effect == effect and i.seat is not None}


# --- loading ----------------------------------------------------------------------------------


def load_round_file(path: Path | str, catalogue: Catalogue | None = None, display: str | None = None) -> Round:
    """A round file, read and checked against its ruleset (InputError with every problem located)."""
    doc = load_yaml_file(path, display)
    mistaken = wrong_kind(doc.data, ("round file",))
    if mistaken:
        raise InputError([doc.problem((), mistaken)])
    return parse_round(doc, catalogue)


def load_round_text(text: str, display: str = "<round>", catalogue: Catalogue | None = None) -> Round:
    """A round from text, read and checked as :func:`load_round_file` does."""
    return parse_round(load_yaml_text(text, display), catalogue)


def parse_round(doc: Document, catalogue: Catalogue | None = None) -> Round:
    """Validate a round document and build the :class:`Round`; raise InputError with every problem."""
    if not isinstance(doc.data, dict):
        raise InputError([doc.problem((), f"the top level must be a mapping, got {type(doc.data).__name__}")])
    problems = schema_problems(doc, ROUND_SCHEMA)
    if problems:
        raise InputError(problems)
    return _Checker(doc, catalogue or Catalogue.bundled()).run()




class _Checker:
    def __init__(self, doc: Document, catalogue: Catalogue):
        self.doc = doc
        self.data = doc.data
        self.catalogue = catalogue
        self.problems: list[Problem] = []
        self.notes: list[RoundAssumption] = []
        self.unreadable: set[tuple] = set()

    def fail(self, path: tuple, message: str) -> None:
        self.problems.append(self.doc.problem(path, message))

    def run(self) -> Round:
        rs = self._ruleset()
        if rs is None:
            raise InputError(self.problems)
        self.rs = rs
        try:
            self.model = model_of(rs, self.data.get("readings"))
        except ReadingError as exc:
            self.fail(("readings",), str(exc))
            raise InputError(self.problems) from None
        self.wagers = {w.id: w for w in self.model.wagers}
        players_data = self.data["players"]
        seats = self._seats(players_data)
        plan = self._plan(len(players_data))
        irregularities = self._irregularities(seats)
        void = any(i.effect == "round_void" for i in irregularities)
        void_seats = {i.seat for i in irregularities if i.effect in ("hand_void", "hand_dead")}
        ride_seats = {i.seat for i in irregularities if i.effect == "hand_rides"}

        community = self._cards(("community",))
        burned = self._cards(("burned",)) if "burned" in self.data else []
        six = self._cards(("six_card_bonus_cards",)) if "six_card_bonus_cards" in self.data else []
        player_cards = [self._cards(("players", i, "cards")) for i in range(len(players_data))]
        self._unique(community + burned + six + [c for cards in player_cards for c in cards])

        if plan is not None and not void:
            self._counts(plan, community, burned, six, player_cards, void_seats, bool(
                "six_card_bonus_cards" in self.data))

        players = [self._player(i, p, [c for c, _ in player_cards[i]], void or p["seat"] in void_seats,
                                p["seat"] in ride_seats)
                   for i, p in enumerate(players_data)]
        in_play = self._wagers_in_play(players)
        tables = self._paytables(in_play, len(players))
        self._stakes(players, tables)
        if plan is not None:
            self._six_card_box(players, tables, plan)
        meter, reset = self._meter(players, tables)
        limits = self._payout_limits()
        if self.problems:
            raise InputError(sorted(set(self.problems), key=lambda p: (p.line, p.column, p.path, p.message)))
        return Round(
            file=self.doc.file, ruleset=rs, model=self.model, plan=plan, paytables=tables, payout_limits=limits,
            meter=meter, meter_reset=reset,
            community=tuple(c for c, _ in community), burned=tuple(c for c, _ in burned),
            six_card_bonus_cards=tuple(c for c, _ in six), irregularities=irregularities,
            players=sorted(players, key=lambda p: p.seat), notes=self.notes)

    # --- ruleset and plan ---------------------------------------------------------------------

    def _ruleset(self) -> Ruleset | None:
        ref = self.data["jurisdiction"]
        jid, _, version = ref.partition("@")
        if "version" in self.data:
            if version and version != self.data["version"]:
                self.fail(("version",), f"{self.data['version']!r} contradicts the version in jurisdiction {ref!r}")
                return None
            version = self.data["version"]
        try:
            rs = self.catalogue.get(jid, version or None)
        except CatalogueError as exc:
            self.fail(("version",) if version and "version" in self.data else ("jurisdiction",), str(exc))
            return None
        if not version:
            self.notes.append(NewestVersion(rs.ref))
        return rs

    def _seats(self, players: list) -> dict[int, int]:
        seats: dict[int, int] = {}
        for i, p in enumerate(players):
            if p["seat"] in seats:
                self.fail(("players", i, "seat"), f"seat {p['seat']} is also players[{seats[p['seat']]}]")
            else:
                seats[p["seat"]] = i
        return seats

    def _plan(self, n_players: int) -> DealingPlan | None:
        method_id = self.data.get("dealing_method")
        known = methods(self.model)
        if method_id is not None and method_id not in known:
            self.fail(("dealing_method",), f"{self.rs.ref} has "
                      + unknown("dealing method", method_id, known, label="methods"))
            return None
        try:
            plan = build_plan(self.model, method_id, n_players)
        except DealingError as exc:
            self.fail(("players",), str(exc))
            return None
        if method_id is None:
            self.notes.append(FirstMethod(plan.method_id))
        return plan

    # --- irregularities -----------------------------------------------------------------------

    def _irregularities(self, seats: dict[int, int]) -> list[IrregularityEntry]:
        out = []
        ids = [e.id for e in as_printed(self.rs).irregularities]
        for i, item in enumerate(self.data.get("irregularities", [])):
            path = ("irregularities", i)
            name = item if isinstance(item, str) else item["irregularity"]
            seat = None if isinstance(item, str) else item.get("seat")
            note = None if isinstance(item, str) else item.get("note")
            name_path = path if isinstance(item, str) else path + ("irregularity",)
            view = by_id(self.model, name)
            if view is not None:
                event = view["event"]
            else:
                try:
                    event = normalise_event(name)
                except UnknownEvent:
                    self.fail(name_path, unknown("irregularity or event", name, [*ids, *events()],
                                                 label=f"irregularities of {self.rs.ref}, then events"))
                    continue
                found = entries(self.model, event)
                if len(found) > 1:
                    cases = "; ".join(f"{e.id} ({e.condition or e.text})" for e in found)
                    self.fail(name_path, f"{self.rs.ref} gives event {event} several consequences; "
                                         f"name the one that applies by its id: {cases}")
                    continue
                view = entry_view(found[0]) if found else None
            if seat is not None and seat not in seats:
                self.fail(path + ("seat",), f"seat {seat} is not a player in this round")
                continue
            if view is not None and view["kind"] in PER_SEAT and seat is None:
                self.fail(name_path, f"irregularity {view['id']} ({view['kind']}) concerns one player's "
                                     f"hand: give the seat ({{irregularity: {name}, seat: N}})")
                continue
            out.append(IrregularityEntry(name, event, view, seat, note))
        return out

    # --- cards --------------------------------------------------------------------------------

    def _cards(self, path: tuple) -> list[tuple[int, tuple]]:
        """The cards at ``path``; an unreadable card is reported and the area marked unreadable."""
        value = self.doc.data
        for part in path:
            value = value[part]
        tokens = [(t, path) for t in value.replace(",", " ").split()] if isinstance(value, str) else \
            [(t, path + (j,)) for j, t in enumerate(value)]
        out = []
        for token, where in tokens:
            try:
                out.append((parse_card(token), where))
            except CardError as exc:
                self.fail(where, str(exc))
                self.unreadable.add(path)
        return out

    def _unique(self, cards: list[tuple[int, tuple]]) -> None:
        decks = as_printed(self.rs).cards.decks.count
        seen: dict[int, list[tuple]] = {}
        for c, where in cards:
            seen.setdefault(c, []).append(where)
            if len(seen[c]) > decks:
                first = _fmt(seen[c][0])
                times = "more than once" if decks == 1 else f"more than {decks} times ({decks} decks)"
                self.fail(where, f"card {card_name(c)} is dealt {times} (also at {first})")

    def _counts(self, plan: DealingPlan, community, burned, six, player_cards, void_seats, six_given) -> None:
        result = consequence(self.model, "wrong_card_count")
        hint = "; if this is what was dealt, list the irregularity under irregularities to settle the round"

        def check(path: tuple, area: str, want: int, got: int) -> None:
            if want != got and path not in self.unreadable:
                self.fail(path, misdeal_message(area, want, got, plan.method_id, result) + hint)

        for i, p in enumerate(self.data["players"]):
            if p["seat"] not in void_seats:
                check(("players", i, "cards"), f"seat {p['seat']}", plan.cards_per_player, len(player_cards[i]))
        check(("community",), "the community (cards in play)", plan.community_used, len(community))
        if "burned" in self.data:
            check(("burned",), "burned/discarded", plan.discarded, len(burned))
        if plan.six_card_bonus_box and not six_given:
            cite = plan.step_cite("six_card_bonus_box")
            self.fail(("six_card_bonus_cards",), f"six_card_bonus_cards is required: the {plan.method_id} plan deals "
                                                 f"{plan.six_card_bonus_box} cards to the six-card bonus box [{cite}]")
        elif six_given:
            check(("six_card_bonus_cards",), "the six-card bonus box", plan.six_card_bonus_box, len(six))

    # --- players and wagers -------------------------------------------------------------------

    def _player(self, i: int, p: dict, cards: list[int], void: bool, rides: bool) -> PlayerEntry:
        path = ("players", i)
        base = as_printed(self.rs).base_game
        if ("bet" in p) == ("bets" in p):
            self.fail(path + (("bets",) if "bets" in p else ()),
                      "give the base bets as bet (one amount for each of the three) or bets (bet1, bet2, bet3), "
                      "not both" if "bet" in p else "missing the base bets: give bet (the amount of each of the three "
                      "bets) or bets (bet1, bet2, bet3)")
        bets = ({b: exact(p["bets"][b]) for b in BETS} if "bets" in p and "bet" not in p
                else {b: exact(p.get("bet", 1)) for b in BETS})
        equal = base.equal_bets
        if "bets" in p and (equal.value if equal.value is not None else equal.assumed):
            if len(set(bets.values())) > 1:
                self.fail(path + ("bets",), f"the three bets must be equal [{equal.cite}]")
        decisions = {}
        given = p.get("decisions", {})
        note = None
        for spec in base.bets:
            bid = spec.id
            choice = given.get(bid)
            if not spec.withdrawable:
                if choice == "pull":
                    self.fail(path + ("decisions", bid), f"{bid} cannot be withdrawn [{spec.cite}]")
                decisions[bid] = "ride"
            elif rides:
                decisions[bid] = "ride"
                note = Rides()
            elif choice is None:
                if not void:
                    self.fail(path + ("decisions",) if "decisions" in p else path,
                              f"missing decision for {bid} (ride or pull): the player may withdraw it [{spec.cite}]")
                decisions[bid] = "ride"
            else:
                decisions[bid] = choice
        side = {}
        for wid, amount in p.get("side_wagers", {}).items():
            wpath = path + ("side_wagers", wid)
            wager = self.wagers.get(wid)
            if wager is None:
                offered = [w for w in self.wagers if not self.wagers[w].is_base]
                self.fail(wpath, f"{self.rs.ref} offers " + unknown("side wager", wid, offered, label="side wagers"))
                continue
            if wager.is_base:
                self.fail(wpath, f"{wid} is the base game: give its three bets with `bet`")
                continue
            side[wid] = exact(amount)
        for wid in list(side):
            for need in self.wagers[wid].requires:
                if need != "base" and need not in side:
                    self.fail(path + ("side_wagers", wid),
                              f"{wid} requires the {need} wager as well [{self.wagers[wid].cite}]")
        ordered = {w: side[w] for w in self.wagers if w in side}
        return PlayerEntry(i, p["seat"], p.get("name"), tuple(cards), bets, decisions, ordered, note)

    def _wagers_in_play(self, players: list[PlayerEntry]) -> list[str]:
        played = {"base"} | {w for p in players for w in p.side_wagers}
        return [w for w in self.wagers if w in played]

    def _paytables(self, in_play: list[str], n_players: int) -> dict[str, str | None]:
        chosen = self.data.get("paytables", {})
        for wid, tid in chosen.items():
            wager = self.wagers.get(wid)
            if wager is None:
                self.fail(("paytables", wid), f"{self.rs.ref} offers " + unknown("wager", wid, self.wagers,
                                                                                 label="wagers"))
            elif not wager.paytables:
                why = f" (finding {ids(wager.findings)})" if wager.findings else ""
                self.fail(("paytables", wid), f"{wid} has no paytable in {self.rs.ref}{why}; remove this entry")
            elif wager.paytable(tid) is None:
                self.fail(("paytables", wid), f"{wid} in {self.rs.ref} has "
                          + unknown("paytable", tid, [t.id for t in wager.paytables], label="paytables"))
        out: dict[str, str | None] = {}
        for wid in in_play:
            wager = self.wagers[wid]
            tables = wager.paytables
            tid = chosen.get(wid)
            if wager.by_player_count:
                match = [t.id for t in tables if t.players == n_players]
                if not match:
                    self.fail(("players",), f"{wid} has no paytable for {n_players} players in {self.rs.ref}")
                    continue
                if tid is not None and tid != match[0] and wager.paytable(tid) is not None:
                    self.fail(("paytables", wid), f"{wid} pays by the number of players: this round has "
                                                  f"{n_players}, so its paytable is {match[0]}, not {tid}")
                out[wid] = match[0]
            elif tid is not None:
                out[wid] = tid
            elif len(tables) == 1:
                out[wid] = tables[0].id
            elif not tables:
                out[wid] = None
            else:
                where = ("paytables",) if "paytables" in self.data else ()
                self.fail(where, f"name the operator's paytable for {wid} under paytables "
                                 f"(one of: {', '.join(t.id for t in tables)}) [{wager.selection_cite}]")
        return out

    def _stakes(self, players: list[PlayerEntry], tables: dict) -> None:
        for p in players:
            for wid, amount in p.side_wagers.items():
                wager = self.wagers[wid]
                path = ("players", p.index, "side_wagers", wid)
                if wager.stake is not None and wager.stake != amount:
                    self.fail(path, f"{wid} is a {_amount(wager.stake)} wager [{wager.stake_cite}]; "
                                    f"got {_amount(amount)}")
                    continue
                table = wager.paytable(tables.get(wid))
                if table and table.stake is not None and table.stake != amount:
                    self.fail(path, f"paytable {table.id} of {wid} is for a {_amount(table.stake)} wager "
                                    f"[{table.cite}]; got {_amount(amount)}")

    def _six_card_box(self, players: list[PlayerEntry], tables: dict, plan: DealingPlan) -> None:
        for p in players:
            for wid in p.side_wagers:
                wager = self.wagers[wid]
                if wager.basis_for(wager.paytable(tables.get(wid))) == "player_and_bonus_community" \
                        and not plan.six_card_bonus_box:
                    self.fail(("players", p.index, "side_wagers", wid),
                              f"{wid} is settled on the six-card bonus cards, which the {plan.method_id} "
                              f"plan does not deal")

    def _meter(self, players: list[PlayerEntry], tables: dict) -> tuple[Fraction | None, Fraction | None]:
        meter = self.data.get("meter")
        needing = []
        for wid, tid in tables.items():
            table = self.wagers[wid].paytable(tid)
            if table and any(ln.payout.is_meter for ln in table.lines + table.envy_lines):
                needing.append(wid)
        if not needing:
            if meter is not None:
                self.notes.append(MeterUnused())
                return exact(meter["amount"]), exact(meter["reset"]) if "reset" in meter else None
            return None, None
        if meter is None:
            self.fail((), f"meter is required: {', '.join(needing)} pays a percentage of the progressive meter "
                          f"(give meter: {{amount: ..., reset: ...}})")
            return None, None
        amount = exact(meter["amount"])
        meters = [self.wagers[w].meter for w in needing]
        stated = [(m.reset_minimum, m.cite) for m in meters if m is not None and m.reset_minimum is not None]
        if "reset" in meter:
            reset = exact(meter["reset"])
            for least, cite in stated:
                if reset < least:
                    self.fail(("meter", "reset"), f"{_amount(reset)} is below the least reset amount, "
                                                  f"{_amount(least)} [{cite}]")
        elif stated:
            reset, cite = max(stated)
            self.notes.append(LeastReset(reset, cite))
        else:
            self.fail(("meter",), "meter.reset is required: the ruleset states no reset amount for the meter")
            return amount, None
        if amount < reset:
            self.fail(("meter", "amount"), f"the meter ({_amount(amount)}) is below its reset amount ({_amount(reset)})")
        return amount, reset

    def _payout_limits(self) -> dict[str, Fraction]:
        if "payout_limit" in self.data and "payout_limits" in self.data:
            self.fail(("payout_limits",), "give payout_limit or payout_limits, not both")
            return {}
        given = self.data.get("payout_limit", self.data.get("payout_limits"))
        key = "payout_limits" if "payout_limits" in self.data else "payout_limit"
        rules = as_printed(self.rs).payout_limits
        if given is None:
            if rules:
                self.notes.append(NoLimitGiven(tuple(r.id for r in rules)))
            return {}
        if not rules:
            self.fail((key,), f"{self.rs.ref} has no payout limit rule to apply this amount to")
            return {}
        if not isinstance(given, dict):
            if len(rules) > 1:
                self.fail((key,), "this ruleset has several payout limit rules: give payout_limits "
                                  f"with an amount for each of {', '.join(r.id for r in rules)}")
                return {}
            return {rules[0].id: exact(given)}
        ids = {r.id for r in rules}
        out = {}
        for name, amount in given.items():
            if name not in ids:
                self.fail(("payout_limits", name), f"{self.rs.ref} has no payout limit {name!r} "
                                                   f"(limits: {', '.join(sorted(ids))})")
            else:
                out[name] = exact(amount)
        return out


def _fmt(path: tuple) -> str:
    return format_path(path)


def _amount(value: Any) -> str:
    return money(exact(value))
