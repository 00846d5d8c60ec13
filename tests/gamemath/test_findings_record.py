"""The math's findings as typed records (:mod:`lit_compliance.gamemath.findings_record`): each kind of
finding, built from a bundled ruleset, holds the numbers it rests on, computed again here another
way (hands counted by enumeration or by combinatorics, figures read from the ruleset's data); what
it says (:mod:`lit_compliance.model.findings_vocabulary`) states those numbers; the records go to and
from the analysis cache by the codec, and foreign data is refused."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from lit_compliance.gamemath import analyse
from lit_compliance.gamemath.analysis import ANALYSIS, Analysis
from lit_compliance.gamemath.codec import CodecError, decode, encode
from lit_compliance.gamemath.findings import math_finding_records, math_findings
from lit_compliance.gamemath.findings_record import MathFinding, MathFlaw, MeterSide
from lit_compliance.model import model_of
from lit_compliance.model.enums import FindingKind, HandCategory
from lit_compliance.model.findings_vocabulary import finding_cite, finding_json, finding_problem, finding_says
from lit_compliance.model.vocabulary import priced_note
from lit_compliance.poker.hands import CATEGORIES_3, evaluate3

FIVE = comb(52, 5)
THREE_CARD_HANDS = [evaluate3(cards) for cards in combinations(range(52), 3)]   # all 22,100, evaluated one by one


@pytest.fixture(scope="module")
def found(catalogue) -> dict:
    """Every bundled version's math findings as records, by ruleset ref, then by id."""
    return {rs.ref: {f.id: f for f in math_finding_records(rs, analyse(rs))} for rs in catalogue.all_versions()}


def _one(found, ref_prefix: str, fid: str) -> MathFinding:
    (records,) = [v for k, v in found.items() if k.startswith(ref_prefix)]
    return records[fid]


def _data_wager(ruleset, wager_id: str) -> dict:
    return next(w for w in ruleset.data["wagers"] if w["id"] == wager_id)


def _data_table(ruleset, wager_id: str, table_id: str) -> dict:
    return next(t for t in _data_wager(ruleset, wager_id)["paytables"] if t["id"] == table_id)


def _three_card_share(hand: str, suits=()) -> Fraction:
    """How often three cards satisfy a line naming ``hand`` (and suits), counted over every deal."""
    return Fraction(sum(h.satisfies(hand, suits) for h in THREE_CARD_HANDS), len(THREE_CARD_HANDS))


def test_the_catalogue_has_a_finding_of_every_flaw(found):
    flaws = {f.flaw for records in found.values() for f in records.values()}
    assert flaws == set(MathFlaw)
    for records in found.values():
        for f in records.values():
            assert f.kind is f.flaw.kind and finding_problem(f)
            assert finding_json(f)["kind"] == f.kind.value


def test_a_return_over_100_holds_the_priced_record_it_comes_from(catalogue, found):
    checked = 0
    for rs in catalogue.all_versions():
        priced = {(r.wager_id, r.paytable_id): r for r in analyse(rs)}
        for f in found[rs.ref].values():
            if f.flaw is not MathFlaw.RETURN_OVER_100:
                continue
            assert f.priced == priced[(f.wager_id, f.paytable_id)]
            assert f.return_to_player == f.priced.return_to_player > 1
            assert f.kind is FindingKind.IMPLAUSIBLE_VALUE and f.hands == ()
            table = _data_table(rs, f.wager_id, f.paytable_id)
            assert finding_cite(f) == table["cite"]
            note = priced_note(f.priced)
            assert finding_says(f) == (f"{_data_wager(rs, f.wager_id)['name']}, {table['name']}: return to player "
                                       f"{float(f.return_to_player) * 100:.2f}%" + (f" ({note})" if note else ""))
            checked += 1
    assert checked >= 4    # South Dakota's three-card bonus B, C and D (pair 25 to 1), Maryland's progressive B


def test_missing_figures_name_the_lines_the_data_leaves_blank(catalogue, found):
    sd = catalogue.latest("south-dakota")
    f = _one(found, "south-dakota", "math-five-card-bonus-a-missing-figures")
    blank = [ln for ln in _data_table(sd, "five-card-bonus", "a")["lines"]
             if ln["payout"]["kind"] != "not_offered" and ln["payout"].get("value") is None]
    assert [(h.hand, h.suits, h.probability) for h in f.hands] == [(HandCategory(ln["hand"]), (), None) for ln in blank]
    assert f.cites == tuple(ln["cite"] for ln in blank) and f.kind is FindingKind.MISSING_FIGURE
    assert finding_says(f).endswith(": no figure for " + ", ".join(HandCategory(ln["hand"]).display for ln in blank))


def test_out_of_rarity_order_states_both_lines_exact_probabilities(catalogue, found):
    sd = catalogue.latest("south-dakota")
    f = _one(found, "south-dakota", "math-three-card-bonus-b-pair-over-straight")
    rarer, commoner = f.hands
    assert (rarer.hand, commoner.hand) == (HandCategory.STRAIGHT, HandCategory.PAIR)
    assert rarer.probability == _three_card_share("straight") == Fraction(720, 22100)
    assert commoner.probability == _three_card_share("pair") == Fraction(3744, 22100)
    pays = {ln["hand"]: ln["payout"]["value"] for ln in _data_table(sd, "three-card-bonus", "b")["lines"]}
    assert pays["pair"] > pays["straight"] and not f.at_least_meter
    wager, table = _data_wager(sd, "three-card-bonus"), _data_table(sd, "three-card-bonus", "b")
    assert finding_says(f) == (f"{wager['name']}, {table['name']}: Pair (probability {3744 / 22100:.6f}) pays more "
                               f"than the rarer straight (probability {720 / 22100:.6f})")


def test_out_of_order_by_meter_states_the_meter_where_the_order_turns(catalogue, found):
    model = model_of(catalogue.latest("massachusetts"))
    f = _one(found, "massachusetts", "math-progressive-table-1-four_of_a_kind-over-royal_flush-by-meter")
    rarer, commoner = f.hands
    assert (rarer.hand, commoner.hand) == (HandCategory.ROYAL_FLUSH, HandCategory.FOUR_OF_A_KIND)
    assert (rarer.probability, commoner.probability) == (Fraction(4, FIVE), Fraction(13 * 48, FIVE))
    wager = model.wager("progressive")
    table = wager.paytable("table-1")
    lines = {ln.hand: ln for ln in table.lines}
    stake = table.line_stake(lines["royal_flush"], wager.stake) or Fraction(1)

    def pays(hand, meter):
        return lines[hand].payout.per_unit(stake, meter)
    assert f.side is MeterSide.BELOW and f.meter > 0
    assert pays("royal_flush", f.meter) == pays("four_of_a_kind", f.meter)
    assert pays("royal_flush", f.meter - 1) < pays("four_of_a_kind", f.meter - 1)
    assert pays("royal_flush", f.meter + 1) > pays("four_of_a_kind", f.meter + 1)
    assert finding_json(f)["meter"] == float(f.meter)
    assert f"below a meter of ${float(f.meter):,.2f} the royal flush (probability {4 / FIVE:.6f}) pays less than " \
           f"the commoner four of a kind (probability {624 / FIVE:.6f})" in finding_says(f)


def test_a_line_that_never_pays_is_taken_by_an_earlier_line_for_every_hand_it_names(catalogue, found):
    model = model_of(catalogue.latest("maryland"))
    f = _one(found, "maryland", "math-progressive-b-mini_royal-never-pays")
    (named,) = f.hands
    table = model.wager("progressive").paytable("b")
    (line,) = [ln for ln in table.lines if ln.hand == named.hand and ln.suits == named.suits]
    hands = [h for h in THREE_CARD_HANDS if h.satisfies(line.hand, line.suits)]
    assert len(hands) == 3     # A-K-Q of each of the three suits the line names
    assert all(table.line_for(h) is not line and table.lines.index(table.line_for(h)) < table.lines.index(line)
               for h in hands)
    assert f.cites == (line.cite,) and f.kind is FindingKind.CONTRADICTION
    assert finding_says(f).endswith(": the mini-royal of hearts, diamonds, clubs line is never the first line a hand "
                                    "satisfies")


def test_a_hand_that_loses_while_a_weaker_wins_under_a_reading(catalogue, found):
    model = model_of(catalogue.latest("south-dakota"))
    fid = "math-three-card-bonus-a-mini_royal-loses-under-sd-three-card-mini-royal-dashes-pays-nothing"
    f = _one(found, "south-dakota", fid)
    lost, weaker, winning_line = f.hands
    assert (f.reading.finding, f.reading.reading) == ("sd-three-card-mini-royal-dashes", "pays-nothing")
    (reading,) = [r for x in model.open_findings for r in x.readings
                  if (r.finding, r.id) == (f.reading.finding, f.reading.reading)]
    assert reading not in model.applied
    table = model.under(reading).wager("three-card-bonus").paytable("a")
    assert CATEGORIES_3.index(lost.hand) > CATEGORIES_3.index(weaker.hand)
    losing = [h for h in THREE_CARD_HANDS if h.category == lost.hand and h.suit in lost.suits]
    assert losing and all(table.line_for(h) is not None and not table.line_for(h).payout.offered for h in losing)
    assert f.on_unpaid_line
    winning = [table.line_for(h) for h in THREE_CARD_HANDS if h.category == weaker.hand]
    assert any(ln is not None and ln.payout.offered and (ln.hand, ln.suits) == (winning_line.hand, winning_line.suits)
               for ln in winning)
    wager, tbl = model.wager("three-card-bonus"), table
    assert finding_says(f) == (f"under reading sd-three-card-mini-royal-dashes/pays-nothing: {wager.name}, {tbl.name}: "
                               f"a mini-royal of {lost.suits[0]} is on a line that pays nothing, while the weaker "
                               "straight flush wins (straight flush line)")
    assert finding_json(f)["reading"] == {"finding": "sd-three-card-mini-royal-dashes", "reading": "pays-nothing"}


def test_a_wager_with_no_printed_paytable(catalogue, found):
    ma = catalogue.latest("massachusetts")
    lost = [w for w in ma.data["wagers"] if not w.get("paytables") and w["kind"] != "base"]
    records = [f for f in found[ma.ref].values() if f.flaw is MathFlaw.NO_PAYTABLE]
    assert [(f.wager_id, f.cites, f.paytable_id) for f in records] == [(w["id"], (w["cite"],), None) for w in lost]
    for f, w in zip(records, lost):
        assert finding_says(f) == f"{w['name']}: the source prints no paytable for this wager"
        assert finding_problem(f) == "the wager cannot be priced or settled as written"


def test_the_said_form_is_made_from_the_records(catalogue):
    nsw = catalogue.latest("nsw")
    results = analyse(nsw)
    assert math_findings(nsw, results) == [finding_json(f) for f in math_finding_records(nsw, results)]


def test_every_record_round_trips_through_the_codec(found):
    for records in found.values():
        for f in records.values():
            data = json.loads(json.dumps(encode(f)))
            assert decode(MathFinding, data) == f
            if f.meter is not None:
                assert data["meter"] == f"{f.meter.numerator}/{f.meter.denominator}"


def test_the_analysis_kind_keeps_its_findings_as_records(catalogue, found):
    sd = catalogue.latest("south-dakota")
    whole = Analysis(tuple(analyse(sd)), tuple(found[sd.ref].values()))
    stored = json.loads(json.dumps(ANALYSIS.encode(whole)))
    assert ANALYSIS.decode(stored) == whole
    assert all(isinstance(f, MathFinding) for f in ANALYSIS.decode(stored).math_findings)


def test_foreign_finding_data_is_refused(found):
    f = next(iter(found[next(k for k in found if k.startswith("south-dakota"))].values()))
    data = json.loads(json.dumps(encode(f)))
    for bad in ({**data, "flaw": "no_such_flaw"}, {k: v for k, v in data.items() if k != "cites"},
                {**data, "hands": [{"hand": "seven_card_straight", "suits": [], "probability": None}]},
                {**data, "meter": 300.0}):
        with pytest.raises(CodecError):
            decode(MathFinding, bad)
