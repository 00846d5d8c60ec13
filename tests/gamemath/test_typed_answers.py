"""The priced record's parts that people read are typed, and their words are the vocabulary's.

- The base game's holdings that ride (:class:`~lit_compliance.gamemath.record.Holding`, bet 2's by
  :class:`HoldingGroupKind`) are exactly the holdings whose expectation, counted here over every
  completion with the vectorised evaluator, is positive; the groups count every four-card set.
- Cover All's method (:class:`Method`, its rounds, the category it is exact from) is the shipped
  distribution's; the words say those numbers.
- How a setting was decided is a :class:`SettingSource`; a wager with no paytable names none.
- No priced record of the catalogue holds engine words: every text in its JSON form is a fraction,
  an identifier or the ruleset's own name for a thing.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from lit_compliance.gamemath import analyse, paytable_result
from lit_compliance.gamemath.base import multipliers
from lit_compliance.gamemath.coverall import shipped_distribution
from lit_compliance.gamemath.record import Holding, HoldingGroupKind, HoldingKind, Method
from lit_compliance.gamemath.settings import SettingSource, TableSettings
from lit_compliance.model import model_of
from lit_compliance.model.par_vocabulary import method_text
from lit_compliance.model.vocabulary import (NO_PAYTABLE_NAME, SETTING_SOURCES, cover_all_method_text,
                                             holding_group_text, holding_text, priced_note, setting_source_text)
from lit_compliance.poker.cards import RANK_LETTERS
from lit_compliance.poker.hands import CATEGORIES_5
from lit_compliance.poker.vectorised import colex_index, table5
from lit_compliance.report.priced_json import priced_json

RANKS = range(2, 15)


def _expectation(cards: list[int], m: np.ndarray, lookup: np.ndarray) -> int:
    """The sum of the net win ``m`` over every completion of the held ``cards`` to five."""
    rest = np.array([c for c in range(52) if c not in cards], dtype=np.int64)
    need = 5 - len(cards)
    picks = rest[np.array(list(combinations(range(len(rest)), need)), dtype=np.int64)]
    hands = np.sort(np.hstack([np.tile(np.array(cards, dtype=np.int64), (len(picks), 1)), picks]), axis=1)
    return int(m[lookup[colex_index(hands)]].sum())


def _cards(ranks, suited: bool) -> list[int]:
    """One holding of these ranks (card = 4 x (rank - 2) + suit): all of suit 0 if suited, else each
    repeat of a rank, and each next card, in the next suit (no flush is then possible)."""
    return [4 * (r - 2) + (0 if suited else i % 4) for i, r in enumerate(ranks)]


def _told_by(ranks: tuple[int, ...], suited: bool) -> Holding:
    """The holding a rank pattern is listed as, written out here from the ranks themselves."""
    counts = {r: ranks.count(r) for r in ranks}
    most = max(counts.values())
    top = max(r for r, n in counts.items() if n == most)
    if most == 4:
        return Holding(HoldingKind.FOUR_OF_A_KIND)
    if most == 3:
        return Holding(HoldingKind.THREE_OF_A_KIND, (top,))
    if sorted(counts.values()) == [2, 2]:
        return Holding(HoldingKind.TWO_PAIR)
    if most == 2:
        return Holding(HoldingKind.PAIR, (top,))
    return Holding(HoldingKind.RANKS, tuple(sorted(ranks, reverse=True)), suited)


def _patterns(k: int):
    """Every (ranks high to low, all one suit) a k-card holding can have, up to suits that cannot matter."""
    for ranks in {tuple(sorted(c, reverse=True)) for c in combinations([r for r in RANKS for _ in range(4)], k)}:
        yield ranks, False
        if len(set(ranks)) == k:
            yield ranks, True


@pytest.fixture(scope="module")
def maryland(catalogue):
    return model_of(catalogue.latest("maryland"))


@pytest.fixture(scope="module", params=["a", "c"])
def priced_base(request, maryland):
    """A base paytable's record, with its net wins and the five-card lookup of its ranking rule."""
    table = maryland.wager("base").paytable(request.param)
    return paytable_result(maryland, "base", request.param), multipliers(table)[0], table5(maryland.hand_rules)


def test_bet_one_lists_exactly_the_three_card_holdings_of_positive_expectation(priced_base):
    record, m, lookup = priced_base
    riding = {_told_by(ranks, suited) for ranks, suited in _patterns(3) if _expectation(_cards(ranks, suited), m, lookup) > 0}
    bet1 = record.base.bet1
    assert len(bet1) == len(set(bet1)) and set(bet1) == riding
    assert all(isinstance(h, Holding) and isinstance(h.kind, HoldingKind) for h in bet1)
    # best first: repeated ranks (trips before pairs, higher first), then suited, then unsuited, by rank
    place = [(h.kind is HoldingKind.RANKS, not h.suited, h.kind is not HoldingKind.THREE_OF_A_KIND,
              tuple(-r for r in h.ranks)) for h in bet1]
    assert place == sorted(place)


def test_bet_two_groups_count_every_four_card_set_and_list_the_ones_that_ride(priced_base):
    record, m, lookup = priced_base
    groups = {g.group: g for g in record.base.bet2}
    assert [g.group for g in record.base.bet2] == list(HoldingGroupKind)
    distinct = comb(13, 4) * 4 ** 4
    assert groups[HoldingGroupKind.FOUR_FLUSH].of == 4 * comb(13, 4)
    assert groups[HoldingGroupKind.OTHER].of == distinct - 4 * comb(13, 4)
    assert groups[HoldingGroupKind.PAIRS].of == comb(52, 4) - distinct
    assert Fraction(sum(g.riding for g in record.base.bet2), comb(52, 4)) == record.base.ride_bet2_share
    riding: dict = {g: set() for g in HoldingGroupKind}
    for ranks, suited in _patterns(4):
        if _expectation(_cards(ranks, suited), m, lookup) > 0:
            group = (HoldingGroupKind.PAIRS if len(set(ranks)) < 4 else
                     HoldingGroupKind.FOUR_FLUSH if suited else HoldingGroupKind.OTHER)
            riding[group].add(_told_by(ranks, suited))
    for group, g in groups.items():
        assert len(g.holdings) == len(set(g.holdings)) and set(g.holdings) == riding[group], group
    # a whole group that rides lists every one of its rank sets
    if groups[HoldingGroupKind.FOUR_FLUSH].riding == groups[HoldingGroupKind.FOUR_FLUSH].of:
        assert len(groups[HoldingGroupKind.FOUR_FLUSH].holdings) == comb(13, 4)


def _said(h: Holding) -> str:
    """A holding in words, written out here from poker's own rank letters."""
    letters = "".join(RANK_LETTERS[r] for r in h.ranks)
    return {HoldingKind.FOUR_OF_A_KIND: "four of a kind", HoldingKind.TWO_PAIR: "two pair",
            HoldingKind.THREE_OF_A_KIND: f"three {letters}s", HoldingKind.PAIR: f"a pair of {letters}s",
            HoldingKind.RANKS: letters + ({True: " suited", False: " unsuited"}[h.suited] if len(h.ranks) == 3 else "")
            }[h.kind]


def test_the_holdings_words_say_the_records(priced_base):
    record = priced_base[0]
    details = priced_json(record)["details"]
    assert details["strategy_bet1"] == [_said(h) for h in record.base.bet1] == [holding_text(h) for h in record.base.bet1]
    assert list(details["strategy_bet2"]) == [holding_group_text(g.group) for g in record.base.bet2] \
        == ["pairs and better", "four to a flush", "other rank sets"]
    for g in record.base.bet2:
        said = details["strategy_bet2"][holding_group_text(g.group)]
        assert said == {"riding": g.riding, "of": g.of, "holdings": [_said(h) for h in g.holdings]}


def test_a_base_record_read_back_from_its_json_holds_typed_holdings(priced_base):
    record = priced_base[0]
    back = type(record).from_json(json.loads(json.dumps(record.as_json())))
    assert back == record
    assert all(type(h) is Holding and type(h.kind) is HoldingKind for h in back.base.bet1)
    assert all(type(g.group) is HoldingGroupKind for g in back.base.bet2)


@pytest.fixture(scope="module")
def cover_all(catalogue):
    model = model_of(catalogue.latest("massachusetts"))
    return model, [r for r in analyse(model, "cover-all")]


def test_cover_alls_method_is_the_shipped_distributions(cover_all):
    model, records = cover_all
    shipped = shipped_distribution(model.hand_rules)
    seen = set()
    for r in records:
        c = r.cover_all
        seen.add(c.method)
        assert type(c.method) is Method
        if c.players in shipped["exact"]:
            assert (c.method, c.rounds, c.interval, c.exact_from) == (Method.EXACT, 0, None, None)
        elif c.players in shipped["tail"] and c.method is Method.TAIL_ALIKE:
            assert c.rounds == 0 and c.interval is None and c.exact_return is not None
            assert c.exact_from == CATEGORIES_5[shipped["tail"][c.players]["from"]]
        else:
            assert (c.method, c.rounds, c.exact_from) == (Method.SIMULATED, shipped["rounds"], None)
            assert c.interval[0] < float(r.return_to_player) < c.interval[1]
    assert {Method.EXACT, Method.SIMULATED, Method.TAIL_ALIKE} <= seen   # the catalogue shows each


def test_cover_alls_method_words_say_its_numbers(cover_all):
    model, records = cover_all
    shipped = shipped_distribution(model.hand_rules)
    for r in records:
        c, note = r.cover_all, priced_note(r)
        said = cover_all_method_text(c)
        assert note.endswith(said) or f"; {said}, seed fixed" in note
        if c.method is Method.SIMULATED:
            assert said == f"simulated, {shipped['rounds']:,} rounds with control variates"
        if c.method is Method.TAIL_ALIKE:
            category = c.exact_from.replace("_", " ")
            assert said.startswith(f"exact: every deal counted for {category} and better")
            # the PAR sheet says the same method its own way
            assert method_text(c).startswith(f"exact for {category} and better, every deal counted")
        if c.method is Method.EXACT:
            assert said == "exact: every deal counted" and method_text(c) == "exact"


def test_where_a_setting_came_from_is_typed_and_said(maryland):
    progressive = paytable_result(maryland, "progressive", "a")
    at = progressive.held_at
    assert at.meter == maryland.wager("progressive").meter.reset_minimum and at.meter_from is SettingSource.LEAST_RESET
    assert at.stake_from is SettingSource.PER_DOLLAR
    said = priced_json(progressive)["settings"]
    assert said["meter_from"] == setting_source_text(at.meter_from) == SETTING_SOURCES["least_reset"]
    assert said["stake_from"] == SETTING_SOURCES["per_dollar"]
    given = paytable_result(maryland, "progressive", "a", TableSettings(meter=Fraction(25_000)))
    assert given.held_at.meter == 25_000 and given.held_at.meter_from is SettingSource.AS_GIVEN
    assert f"({SETTING_SOURCES['as_given']})" in priced_note(given)
    # every source has its words, and the vocabulary says no source the engine lacks
    assert set(SETTING_SOURCES) == {s.value for s in SettingSource}


def test_a_wager_with_no_paytable_names_none(catalogue):
    missing = [r for j in catalogue.jurisdictions for r in analyse(catalogue.latest(j)) if r.paytable_id is None]
    assert missing and all(r.paytable_name is None for r in missing)
    assert all(priced_json(r)["paytable_name"] == NO_PAYTABLE_NAME for r in missing)


#: A text in a priced record's JSON form: a fraction, an identifier (an enum value, a hand, a ruleset
#: id, a line's hand and suits), or a rank set in card notation (a strategy rule's ``A-2-3``).
IDENTIFIER = re.compile(r"-?\d+/\d+|[a-z0-9][a-z0-9_\-/,.]*|[2-9TJQKA](-[2-9TJQKA])+")
#: Fields that carry the ruleset's own names and sentences (its wager and paytable names, a reading's meaning).
RULESET_WORDS = {"wager_name", "paytable_name", "meaning"}


def _texts(data, key=None):
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in RULESET_WORDS:
                yield from _texts(v, k)
    elif isinstance(data, list):
        for v in data:
            yield from _texts(v, key)
    elif isinstance(data, str):
        yield key, data


def test_no_priced_record_holds_engine_words(catalogue):
    found = [(r.wager_id, r.paytable_id, key, text)
             for j in catalogue.jurisdictions for r in analyse(catalogue.latest(j))
             for key, text in _texts(r.as_json()) if not IDENTIFIER.fullmatch(text)]
    assert not found, found[:10]


def test_the_word_check_finds_words():
    assert not IDENTIFIER.fullmatch("a pair of Qs") and not IDENTIFIER.fullmatch("the least reset the rules allow")
    assert not IDENTIFIER.fullmatch("exact: every deal counted") and IDENTIFIER.fullmatch("Q-K-A")
    assert IDENTIFIER.fullmatch("royal_flush/hearts") and IDENTIFIER.fullmatch("37390512924600867/41317157255374000")
