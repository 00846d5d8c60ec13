"""What a settlement notes is a typed record; its words are made by the vocabulary at the view.

Each kind of note (:class:`NoteKind`) and each assumption about a round file
(:class:`AssumptionKind`) is reached here by a real round, settled by the engine. The record's
fields are checked against what they come from (the ruleset's own data, the stakes and odds of the
round, worked out here), and the sentence ``settle`` prints for it (the view's JSON) is checked
against those fields. A last test holds the module to reaching every kind.
"""
from __future__ import annotations

import copy
import textwrap
from fractions import Fraction

import pytest

from lit_compliance.load.catalogue import Catalogue, Ruleset
from lit_compliance.model.enums import HandCategory, PayoutKind
from lit_compliance.model.round_vocabulary import NOTE_WORDS, note_text, payment_order_text
from lit_compliance.play import notes as n
from lit_compliance.play.notes import AssumptionKind, NoteKind
from lit_compliance.play.round_file import load_round_text
from lit_compliance.play.settlement import settle, settlement_view

REACHED: set = set()


def reaches(*kinds):
    """Mark a test as reaching these kinds (the last test checks every kind is reached)."""
    REACHED.update(kinds)
    return lambda test: test


def _settle(text: str, cat: Catalogue | None = None):
    s = settle(load_round_text(textwrap.dedent(text), "round.yaml", catalogue=cat))
    return s, settlement_view(s)


def _rows(s, seat: int, wager: str, bet=None):
    player = next(p for p in s.players if p.seat == seat)
    return [r for r in player.rows if r.wager == wager and r.bet == bet]


def _one(s, seat: int, wager: str, bet=None):
    (row,) = _rows(s, seat, wager, bet)
    return row


def _said(view: dict, s, row) -> list[str]:
    """The notes ``settle`` prints for one engine row (the view's row at the same place)."""
    player = next(p for p in s.players if row in p.rows)
    shown = next(p for p in view["results"] if p["seat"] == player.seat)
    return shown["wagers"][player.rows.index(row)]["notes"]


def _only(row, cls):
    found = [note for note in row.notes if isinstance(note, cls)]
    assert len(found) == 1, row.notes
    return found[0]


def _ids(value) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _usd(x: Fraction) -> str:
    """Dollars to the cent with thousands separators, worked out here."""
    return f"${Fraction(x).numerator / Fraction(x).denominator:,.2f}"


def _data(jid: str) -> dict:
    return Catalogue.bundled().latest(jid).data


def _wager(jid: str, wid: str) -> dict:
    return next(w for w in _data(jid)["wagers"] if w["id"] == wid)


def _variant(jid: str, change) -> Catalogue:
    rs = Catalogue.bundled().latest(jid)
    data = copy.deepcopy(rs.data)
    change(data)
    return Catalogue([Ruleset(data, rs.path, rs.document)])


def test_every_kind_has_its_words_in_the_vocabulary():
    assert set(NOTE_WORDS) == {k.value for k in NoteKind} | {k.value for k in AssumptionKind}
    assert not {k.value for k in NoteKind} & {k.value for k in AssumptionKind}


def test_records_are_frozen():
    note = n.EnvyFor(2, HandCategory.ROYAL_FLUSH)
    with pytest.raises(AttributeError):
        note.seat = 3  # type: ignore[misc]


# --- Tribal: a withdrawn bet, a win a payout limit cuts, one it excludes, a void round ---------

TRIBAL_LIMIT = """
    jurisdiction: tribal
    payout_limit: 5000
    community: [Qs, Js]
    players:
      - {seat: 1, cards: [As, Ks, Ts], bet: 25, decisions: {bet1: ride, bet2: ride},
         side_wagers: {five-card-bonus: 1}}
      - {seat: 2, cards: [2c, 5d, 9s], bet: 5, decisions: {bet1: pull, bet2: ride}}
    """


@reaches(NoteKind.CAPPED, NoteKind.NOT_LIMITED, NoteKind.WITHDRAWN, NoteKind.NO_LINE,
         AssumptionKind.NEWEST_VERSION, AssumptionKind.FIRST_METHOD)
def test_tribal_limit_round_notes_the_cut_the_excluded_bonus_and_the_withdrawn_bet():
    s, view = _settle(TRIBAL_LIMIT)
    limit = _data("tribal")["payout_limits"][0]
    odds = next(ln["payout"]["value"] for t in _wager("tribal", "base")["paytables"] for ln in t["lines"]
                if ln["hand"] == "royal_flush")
    # Bet 1 takes 5,000 of its 25 x odds win; bets 2 and 3 are cut to nothing.
    cuts = []
    for bet, paid in (("bet1", 5000), ("bet2", 0), ("bet3", 0)):
        row = _one(s, 1, "base", bet)
        cap = _only(row, n.Capped)
        assert (cap.uncapped, cap.paid, cap.cap) == (25 * odds, paid, 5000)
        assert (cap.limit, cap.applies_to, cap.cite, cap.symbol) == (
            limit["id"], tuple(limit["applies_to"]), limit["cite"], "$")
        (said,) = _said(view, s, row)
        assert said == note_text(cap)
        assert said.startswith(f"win capped: {_usd(cap.uncapped)} by the paytable, {_usd(cap.paid)} paid; ")
        assert f"payout limit {cap.limit} caps the wins on base at {_usd(cap.cap)}" in said
        assert said.endswith(f"[{cap.cite}]")
        cuts.append(row.capped_by)
    assert cuts == [25 * odds - 5000, 25 * odds, 25 * odds]
    bonus = _one(s, 1, "five-card-bonus")
    free = _only(bonus, n.NotLimited)
    assert (free.limit, free.cite) == (limit["id"], limit["cite"])
    assert "five-card-bonus" in limit["excludes"]
    assert _said(view, s, bonus) == [f"not subject to payout limit {free.limit} [{free.cite}]"]
    # Seat 2 pulls bet 1 back: the ruleset's label for it says so.
    pulled = _one(s, 2, "base", "bet1")
    withdrawn = _only(pulled, n.Withdrawn)
    label = next(b["label"] for b in _data("tribal")["base_game"]["bets"] if b["id"] == "bet1")
    assert (withdrawn.bet, withdrawn.label) == ("bet1", label)
    assert _said(view, s, pulled) == [f"{label} withdrawn: returned to the player"]
    # Seat 2's nine high satisfies no line.
    lost = _one(s, 2, "base", "bet2")
    assert lost.notes == [n.NoLine()] and lost.outcome == "lose"
    assert _said(view, s, lost) == ["no paytable line is satisfied"]
    # The file names no version and no dealing method.
    version = _only(s, n.NewestVersion)
    assert version.ruleset == Catalogue.bundled().latest("tribal").ref
    method = _only(s, n.FirstMethod)
    assert method.method == _data("tribal")["dealing_methods"][0]["id"] == s.round.plan.method_id
    assert view["notes"] == [
        f"no version given: the newest, {version.ruleset}, is used",
        f"the round file names no dealing method: {method.method.replace('_', ' ')}, the ruleset's first, is assumed"]


@reaches(NoteKind.HAND_EFFECT)
def test_a_void_round_notes_what_the_irregularity_did_to_each_wager():
    s, view = _settle("""
        jurisdiction: tribal
        irregularities: [multiple_cards_face_up_in_deck]
        community: [Qs]
        players:
          - {seat: 1, cards: [As, Ks, Ts], bet: 10, side_wagers: {five-card-bonus: 1}}
        """)
    entry = next(e for e in _data("tribal")["irregularities"] if e["event"] == "multiple_cards_face_up_in_deck")
    rows = s.players[0].rows
    assert len(rows) == 4
    for row in rows:
        effect = _only(row, n.HandEffect)
        assert (effect.effect, effect.wagers_not_stated, effect.irregularities) == ("round_void", False, (entry["id"],))
        assert _said(view, s, row) == [f"the round is void: every wager is returned ({entry['id']})"]


def _tribal_void(readings: str = ""):
    method = _data("tribal")["dealing_methods"][0]["id"]
    return _settle(f"""
        jurisdiction: tribal
        dealing_method: {method}
        community: [2c, 7d]
        irregularities: [multiple_cards_face_up_in_deck]
        players:
          - {{seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {{bet1: pull, bet2: pull}}}}
        {readings}""")


@reaches(NoteKind.VOID_UNSTATED)
def test_a_void_hand_the_rules_do_not_settle_is_noted_on_the_round_and_on_each_wager():
    s, view = _tribal_void("readings: {void-hands-wagers-silent: not-settled}")
    rows = s.players[0].rows
    assert rows and all(r.outcome == "unsettleable" for r in rows)
    assert all(_only(r, n.HandEffect).wagers_not_stated for r in rows)
    assert _said(view, s, rows[0])[0].startswith("the round is void: the rules do not say what happens to the wagers")
    # One round note per unsettled wager of the seat, after what reading the file assumed.
    void = [note for note in s.notes if note.kind is NoteKind.VOID_UNSTATED]
    assert void == [n.VoidUnstated(1)] * len(rows)
    assert view["notes"][-len(rows):] == ["seat 1: the rules do not say what a void hand does to the wagers"] * len(rows)


# --- NSW: a missing figure, a hand made dead, bets made to ride, no payout limit given --------


@reaches(NoteKind.MISSING_FIGURE, AssumptionKind.NO_LIMIT_GIVEN)
def test_nsw_straight_has_no_figure_and_the_note_names_the_finding():
    s, view = _settle("""
        jurisdiction: nsw
        community: [Th, 7d]
        players:
          - {seat: 1, cards: [9c, 8s, 6c], bet: 10, decisions: {bet1: ride, bet2: ride}}
        """)
    line = next(ln for t in _wager("nsw", "base")["paytables"] for ln in t["lines"] if ln["hand"] == "straight")
    assert line["payout"].get("value") is None
    for row in _rows(s, 1, "base", "bet1") + _rows(s, 1, "base", "bet2"):
        missing = _only(row, n.MissingFigure)
        assert list(missing.findings) == _ids(line["payout"]["finding"])
        assert _said(view, s, row) == [
            f"the paytable's figure for this hand is missing (finding {', '.join(missing.findings)})"]
    limits = tuple(p["id"] for p in _data("nsw")["payout_limits"])
    assert _only(s, n.NoLimitGiven).limits == limits
    assert f"the round file gives no payout limit: the payout limit rule ({', '.join(limits)}) is not applied" \
        in view["notes"]


@reaches(NoteKind.RIDES)
def test_an_absent_player_s_bets_ride_and_the_first_row_says_why():
    s, view = _settle("""
        jurisdiction: nsw
        irregularities:
          - {irregularity: absent-player-cards-viewed, seat: 1}
        community: [Th, 7d]
        players:
          - {seat: 1, cards: [Jc, Js, 2c], bet: 10, decisions: {bet1: pull, bet2: pull}}
        """)
    rows = s.players[0].rows
    assert [r.outcome for r in rows] == ["win"] * 3
    assert n.Rides() in rows[0].notes and all(n.Rides() not in r.notes for r in rows[1:])
    assert _said(view, s, rows[0])[-1] == "an irregularity treats this player's bets as let it ride"


@reaches(NoteKind.HAND_EFFECT)
def test_a_dead_hand_notes_that_its_wagers_lose():
    s, view = _settle("""
        jurisdiction: nsw
        community: [2c, 7d]
        irregularities: [{irregularity: player-hand-wrong-count, seat: 1}]
        readings: {nsw-r12-7-truncated: dead-wagers-lost}
        players:
          - {seat: 1, cards: [As, Kd, 9h], bet: 5, decisions: {bet1: pull, bet2: pull}}
          - {seat: 2, cards: [Qs, Qd, 9c], bet: 5, decisions: {bet1: ride, bet2: ride}}
        """)
    dead = next(p for p in s.players if p.seat == 1)
    assert dead.status == "hand_dead"
    for row in dead.rows:
        effect = _only(row, n.HandEffect)
        assert (effect.effect, effect.irregularities) == ("hand_dead", ("player-hand-wrong-count",))
        assert _said(view, s, row) == ["the player's hand is dead: that player's wagers lose (player-hand-wrong-count)"]


# --- Massachusetts: Cover All by the table's highest hand, wagers with no paytable --------------

from test_settlement import MASSACHUSETTS  # noqa: E402 - the round test_settlement.py settles, read here for its notes


@reaches(NoteKind.TABLE_HIGHEST, NoteKind.BELOW_LEAST, NoteKind.NO_PAYTABLE)
def test_massachusetts_notes_the_highest_hand_and_the_wagers_the_source_prints_no_table_for():
    s, view = _settle(MASSACHUSETTS)
    tables = {t["players"]: t for t in _wager("massachusetts", "cover-all")["paytables"]}
    for seat in (1, 2, 3):
        row = _one(s, seat, "cover-all")
        high = _only(row, n.TableHighest)
        assert (high.seat, high.hand, high.players) == (1, HandCategory.FULL_HOUSE, 3)
        assert (high.paytable_id, high.paytable_name) == (tables[3]["id"], tables[3]["name"])
        assert _said(view, s, row)[0] == (f"the highest hand at the table is seat 1's full house; 3 player(s) in "
                                          f"the round, so the {tables[3]['name']} paytable")
    # A pair of fours is below the base game's least winning hand; the base has no paytable.
    least = _data("massachusetts")["base_game"]["qualifying_hand"]
    low = _one(s, 3, "base", "bet1")
    assert _only(low, n.BelowLeast).least == HandCategory(least["hand"]) and low.cite == least["cite"]
    assert _said(view, s, low) == [f"below the least winning hand, {HandCategory(least['hand']).display.lower()}"]
    # Seat 3's pair wins the three card bonus, which prints no table.
    three = _one(s, 3, "three-card-bonus")
    none = _only(three, n.NoPaytable)
    assert list(none.findings) == _ids(_wager("massachusetts", "three-card-bonus")["finding"])
    assert _said(view, s, three) == [f"the ruleset has no paytable for this wager (finding {', '.join(none.findings)})"]


@reaches(AssumptionKind.METER_UNUSED)
def test_a_meter_no_wager_in_play_pays_from_is_noted():
    s, view = _settle("""
        jurisdiction: massachusetts
        dealing_method: manual_shoe
        meter: {amount: 15000, reset: 1000}
        community: [Kh, 8d]
        players:
          - {seat: 1, cards: [2c, 5d, 9s], bet: 10, decisions: {bet1: pull, bet2: pull}}
        """)
    assert _only(s, n.MeterUnused) == n.MeterUnused() and s.round.meter == 15000
    assert view["notes"][s.notes.index(n.MeterUnused())] == "meter given but no wager in play pays from it"


@reaches("payment_order")
def test_the_payment_order_is_a_record_said_by_the_vocabulary():
    s, view = _settle(MASSACHUSETTS)
    assert s.payment_order_basis == n.PaymentOrder() and s.payment_order == [1, 2, 3]
    assert view["payment_order_basis"] == "the ruleset fixes no payment order; seats are paid in ascending order"
    s, view = _settle(MARYLAND_ENVY)
    basis = s.payment_order_basis
    steps = [st for st in _data("maryland")["round_sequence"]
             if (st.get("step"), st.get("order"), st.get("cite")) == (basis.step, basis.order, basis.cite)]
    assert steps and basis.order == "counterclockwise_from_dealer_right"
    assert s.payment_order == sorted(s.payment_order, reverse=True)
    assert view["payment_order_basis"] == payment_order_text(basis) == \
        f"{basis.step.replace('_', ' ')} counterclockwise from dealer right [{basis.cite}]"


# --- Maryland: the meter, envy bonuses ---------------------------------------------------------

MARYLAND_ENVY = """
    jurisdiction: maryland
    dealing_method: manual_shoe
    paytables: {base: a, progressive: a}
    meter: {amount: 20000, reset: 1000}
    six_card_bonus_cards: [As, 4c, 2d]
    community: [9h, 8h]
    players:
      - {seat: 1, cards: [7h, 6h, 5h], bet: 10, decisions: {bet1: ride, bet2: ride},
         side_wagers: {progressive: 1}}
      - {seat: 2, cards: [Qh, Jh, Th], bet: 10, decisions: {bet1: ride, bet2: pull},
         side_wagers: {progressive: 5}}
    """


def _progressive_line(hand: str) -> dict:
    table = next(t for t in _wager("maryland", "progressive")["paytables"] if t["id"] == "a")
    return next(ln for ln in table["lines"] if ln["hand"] == hand)


@reaches(NoteKind.METER_SHARE, NoteKind.ENVY_FOR)
def test_maryland_meter_share_is_the_meter_as_it_stood_and_envy_names_the_other_seat():
    s, view = _settle(MARYLAND_ENVY)
    line = _progressive_line("straight_flush")
    assert line["payout"]["kind"] == "percent_of_meter"
    share = Fraction(line["payout"]["value"]) / 100
    # Paid counterclockwise: seat 2 from the full meter, seat 1 from what seat 2 left.
    first = _only(_one(s, 2, "progressive"), n.MeterShare)
    second = _only(_one(s, 1, "progressive"), n.MeterShare)
    assert (first.percent, first.meter, first.symbol) == (line["payout"]["value"], 20000, "$")
    assert second.meter == 20000 - 20000 * share
    for row, note in ((_one(s, 2, "progressive"), first), (_one(s, 1, "progressive"), second)):
        assert row.returned == note.meter * share
        assert _said(view, s, row) == [f"{line['payout']['value']}% of the meter ({_usd(note.meter)})"]
    for seat, other in ((1, 2), (2, 1)):
        (envy,) = _rows(s, seat, "progressive", "envy")
        note = _only(envy, n.EnvyFor)
        assert (note.seat, note.hand) == (other, HandCategory.STRAIGHT_FLUSH) == (envy.trigger_seat, envy.hand.category)
        assert _said(view, s, envy) == [f"envy bonus for seat {other}'s straight flush"]


from test_settlement import ENVY_AT_A_2_DOLLAR_WAGER as ENVY_AT_2_DOLLARS  # noqa: E402 - the round test_settlement.py settles


def _envy_lines(data: dict, hand: str) -> list[dict]:
    table = next(t for t in next(w for w in data["wagers"] if w["id"] == "progressive")["paytables"] if t["id"] == "a")
    return [ln for ln in table["envy_lines"] if ln["hand"] == hand]


@reaches(NoteKind.ENVY_SCALED, AssumptionKind.LEAST_RESET)
def test_envy_scaled_from_the_listed_stake_below_the_wager_and_the_least_reset_assumed():
    s, view = _settle(ENVY_AT_2_DOLLARS)
    listed = sorted(Fraction(ln["stake"]) for ln in _envy_lines(_data("maryland"), "straight_flush"))
    below = max(x for x in listed if x <= 2)
    (envy,) = _rows(s, 2, "progressive", "envy")
    scaled = _only(envy, n.EnvyScaled)
    assert (scaled.listed_stake, scaled.factor) == (below, 2 / below)
    said = _said(view, s, envy)
    assert f"scaled from the {_usd(below)} wager's amount by {scaled.factor} (envy scales with the wager)" in said
    meter = _wager("maryland", "progressive")["meter"]
    reset = _only(s, n.LeastReset)
    assert (reset.reset, reset.cite) == (meter["reset_minimum"], meter["cite"]) == (s.round.meter_reset, meter["cite"])
    assert f"meter.reset not given: the ruleset's least reset amount, ${int(reset.reset):,} [{reset.cite}], is used" \
        in view["notes"]


@reaches(NoteKind.ENVY_STAKES_ONLY)
def test_envy_that_does_not_scale_names_the_stakes_it_is_given_for():
    def change(data):
        next(w for w in data["wagers"] if w["id"] == "progressive")["envy"]["scales_with_stake"] = False

    cat = _variant("maryland", change)
    s, view = _settle(ENVY_AT_2_DOLLARS, cat)
    (envy,) = _rows(s, 2, "progressive", "envy")
    only = _only(envy, n.EnvyStakesOnly)
    listed = tuple(Fraction(ln["stake"]) for ln in _envy_lines(cat.latest("maryland").data, "straight_flush"))
    assert only.stakes == listed and envy.outcome == "unsettleable"
    assert _said(view, s, envy)[-1] == ("the ruleset gives envy amounts only for wagers of "
                                        f"{', '.join(_usd(x) for x in listed)} and does not scale them")


@reaches(NoteKind.ENVY_ONCE)
def test_one_envy_bonus_per_round_cites_the_rule():
    def change(data):
        envy = next(w for w in data["wagers"] if w["id"] == "progressive")["envy"]
        envy["per_qualifying_hand"] = False
        envy["own_hand_pays"] = True

    cat = _variant("maryland", change)
    s, view = _settle(MARYLAND_ENVY, cat)
    (envy,) = _rows(s, 1, "progressive", "envy")
    once = _only(envy, n.EnvyOnce)
    assert once.cite == _wager("maryland", "progressive")["envy"]["cite"]
    assert _said(view, s, envy)[-1] == f"one envy bonus per round, not one per qualifying hand [{once.cite}]"


@reaches(NoteKind.ENVY_KIND)
def test_an_envy_line_paid_as_odds_has_no_meaning_and_is_not_settled():
    def change(data):
        for ln in _envy_lines(data, "straight_flush"):
            ln["payout"] = {"kind": "to_one", "value": 10}

    s, view = _settle(MARYLAND_ENVY, _variant("maryland", change))
    for seat in (1, 2):
        (envy,) = _rows(s, seat, "progressive", "envy")
        odd = _only(envy, n.EnvyKind)
        assert odd.payout_kind is PayoutKind.TO_ONE and envy.outcome == "unsettleable"
        assert _said(view, s, envy)[-1] == "an envy payout of kind to_one has no defined meaning"


# --- South Dakota: a line marked not offered ---------------------------------------------------


@reaches(NoteKind.NOT_OFFERED)
def test_a_line_not_offered_under_the_literal_reading_pays_nothing():
    s, view = _settle("""
        jurisdiction: south-dakota
        dealing_method: hand
        paytables: {base: a, three-card-bonus: a}
        readings: {sd-three-card-mini-royal-dashes: pays-nothing}
        community: [Qs, Js]
        players:
          - {seat: 1, cards: [Ah, Kh, Qh], bet: 5, decisions: {bet1: ride, bet2: ride},
             side_wagers: {three-card-bonus: 1}}
        """)
    row = _one(s, 1, "three-card-bonus")
    assert row.notes == [n.NotOffered()] and row.line.hand == "mini_royal" and row.returned == 0
    assert _said(view, s, row) == ["the line is marked not offered: it pays nothing"]


def test_every_kind_is_reached_by_a_round_here():
    assert REACHED >= set(NoteKind) | set(AssumptionKind) | {"payment_order"}
