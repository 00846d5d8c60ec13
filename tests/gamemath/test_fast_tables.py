"""The fast enumeration paths agree, set by set, with the simple ones they replaced.

The suit-mask categoriser (five and six cards), the block-built colex subset indexes and the
vectorised three-card tally are checked against the sort-based numpy evaluator and the scalar
evaluators, under every ranking option they support, so a fast path cannot drift on an option the
bundled catalogue happens not to use.
"""
from __future__ import annotations

from itertools import product
from math import comb

import numpy as np
import pytest

from lit_compliance.gamemath.record import HoldingGroupKind
from lit_compliance.gamemath.tables import Atom, _count_three_card_atoms
from lit_compliance.poker.hands import CODE_5, HandRules, evaluate3, evaluate5, evaluate6
from lit_compliance.poker.vectorised import (categorise5, categorise_masks, colex_drop_one, colex_sets,
                                             colex_suit_masks, drop_one_indices, suit_masks, table5)

FIVE_CARD_OPTIONS = [HandRules(ace_low_straight_5=v) for v in (True, False)]
THREE_CARD_OPTIONS = [HandRules(ace_low_straight_3=a, ace_king_two_3=b) for a, b in product((True, False), repeat=2)]


@pytest.mark.parametrize("n,k", [(10, 1), (10, 2), (12, 3), (52, 3), (52, 4), (30, 5), (20, 6)])
def test_block_built_subset_indexes_equal_the_direct_ones(n, k):
    assert (colex_drop_one(n, k).T == drop_one_indices(colex_sets(n, k))).all()


@pytest.mark.parametrize("n,k", [(52, 3), (52, 4), (52, 5)])
def test_block_built_suit_masks_equal_the_masks_of_the_cards(n, k):
    assert (colex_suit_masks(n, k) == suit_masks(colex_sets(n, k))).all()


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_every_five_card_category_agrees_with_the_sorting_evaluator(rules):
    table5.cache_clear()
    fast = table5(rules)
    simple = categorise5(colex_sets(52, 5), rules)
    assert fast.dtype == simple.dtype and (fast == simple).all()
    assert len(np.unique(fast)) == len(CODE_5)   # every category is reached, so they could disagree


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_five_card_categories_agree_with_the_scalar_evaluator_on_a_seeded_sample(rules):
    rng = np.random.default_rng(5)
    sets = np.sort(np.argsort(rng.random((20_000, 52)), axis=1)[:, :5], axis=1)
    index = sum(np.array([comb(int(c), i + 1) for c in sets[:, i]]) for i in range(5))
    scalar = [CODE_5[evaluate5([int(c) for c in row], rules).category] for row in sets]
    assert table5(rules)[index].tolist() == scalar


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_best_five_of_six_agrees_with_the_scalar_evaluator_on_a_seeded_sample(rules):
    rng = np.random.default_rng(6)
    sets = np.argsort(rng.random((8_000, 52)), axis=1)[:, :6]
    for i in range(400):  # five or six suited cards and anything else, so flushes are in the sample
        suit = i % 4
        cards = {int(r) * 4 + suit for r in rng.choice(13, size=5 + i % 2, replace=False)}
        while len(cards) < 6:
            cards.add(int(rng.integers(52)))
        sets[i] = sorted(cards)
    sets[400] = [12 * 4 + 2, 11 * 4 + 2, 10 * 4 + 2, 9 * 4 + 2, 8 * 4 + 2, 7 * 4 + 2]   # A-K-Q-J-T-9 of hearts
    sets[401] = [11 * 4 + 3, 10 * 4 + 3, 9 * 4 + 3, 8 * 4 + 3, 7 * 4 + 3, 0]          # K-Q-J-T-9 of spades, 2c
    sets[402] = [12 * 4, 0, 4, 8, 12, 5 * 4 + 1]                                      # A-2-3-4-5 of clubs, 7d
    fast = categorise_masks(suit_masks(sets), rules)
    scalar = []
    for row in sets:
        hand = evaluate6([int(c) for c in row], rules)
        scalar.append(CODE_5["royal_flush"] if hand.category == "super_royal" else CODE_5[hand.category])
    assert fast.tolist() == scalar
    assert {CODE_5[c] for c in ("flush", "straight_flush", "royal_flush", "four_of_a_kind")} <= set(scalar)


def _scalar_three_card_atoms(rules: HandRules) -> tuple[Atom, ...]:
    """The tally as it was made before: every set through the scalar evaluator."""
    tally: dict = {}
    for row in colex_sets(52, 3):
        hand = evaluate3([int(c) for c in row], rules)
        key = (hand.tags, hand.suit if hand.category in ("flush", "straight_flush", "mini_royal") else None)
        tally[key] = tally.get(key, 0) + 1
    return tuple(Atom(tags, suit, n) for (tags, suit), n in
                 sorted(tally.items(), key=lambda kv: (sorted(kv[0][0]), kv[0][1] or "")))


@pytest.mark.parametrize("rules", THREE_CARD_OPTIONS, ids=repr)
def test_three_card_atoms_equal_the_scalar_tally(rules):
    assert _count_three_card_atoms(rules) == _scalar_three_card_atoms(rules)


@pytest.mark.parametrize("rules", [HandRules(ace_low_straight_5=True), HandRules(ace_low_straight_5=False),
                                   HandRules(ace_low_straight_5=True, ace_low_straight_3=False, ace_king_two_3=True)],
                         ids=["ace-low", "no-ace-low", "three-card-options"])
def test_shipped_six_card_counts_equal_a_fresh_enumeration(rules):
    from lit_compliance.gamemath.tables import shipped_six_card_counts
    from lit_compliance.poker.vectorised import best_of_six_counts

    assert shipped_six_card_counts(rules) == [int(n) for n in best_of_six_counts(rules)[0]]
    assert sum(shipped_six_card_counts(rules)) == 20_358_520


def test_the_suit_classes_are_the_sixteen_thousand_four_hundred_and_thirty_two_known_ones():
    """Published counts of suit-isomorphism classes: 1,755 three-card and 16,432 four-card sets."""
    from lit_compliance.gamemath.tables import suit_classes

    for k, known in ((3, 1_755), (4, 16_432)):
        representatives, classes = suit_classes(k)
        assert len(representatives) == known and len(classes) == comb(52, k)
        assert (classes[representatives] == np.arange(known)).all()  # each class holds its representative


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_every_holding_completes_exactly_as_its_suit_class(rules):
    """The class tables stand for every one of the 270,725 four-card and 22,100 three-card sets:
    each set's row of the full tables equals its class's row, and the class sizes add up."""
    from lit_compliance.gamemath.tables import base_classes, full_base_tables, suit_classes

    full, t = full_base_tables(rules), base_classes(rules)
    _, class4 = suit_classes(4)
    _, class3 = suit_classes(3)
    assert (full.counts4 == t.counts4[class4]).all() and (full.counts3 == t.counts3[class3]).all()
    assert (np.bincount(class4) == t.weight4).all() and (np.bincount(class3) == t.weight3).all()
    # a set's three-card subsets fall in its class's subsets' classes (in some order: renaming suits
    # can reorder the cards)
    assert (np.sort(class3[full.sub3_of4], axis=1) == np.sort(t.sub3[class4], axis=1)).all()


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_shipped_base_classes_equal_a_fresh_enumeration(rules):
    from lit_compliance.gamemath.tables import (class_counts, class_structure, shipped_class_counts,
                                                shipped_class_structure)

    structure, shipped = class_structure(), shipped_class_structure()
    assert shipped is not None and structure.keys() == shipped.keys()
    for name, array in structure.items():
        assert shipped[name].dtype == array.dtype and (shipped[name] == array).all(), name
    fresh, shipped_counts = class_counts(rules, structure), shipped_class_counts(rules)
    assert shipped_counts is not None
    for name, array in fresh.items():
        assert shipped_counts[name].dtype == array.dtype and (shipped_counts[name] == array).all(), name


def test_the_base_game_is_priced_the_same_without_the_shipped_tables(tmp_path, monkeypatch):
    """A ranking rule the package does not ship (or a damaged file) is computed, with the same figures."""
    from lit_compliance.gamemath import base, tables

    m = np.array([-1, -1, 1, 2, 3, 5, 8, 11, 50, 200, 1000], dtype=np.int64)
    rules = HandRules()
    shipped = base.analyse_base(m, rules)
    monkeypatch.setattr(tables, "_BASE_SHIPPED", tmp_path / "absent.json")
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    for f in (tables._shipped_base, tables.shipped_class_counts, tables._structure, tables.base_classes):
        f.cache_clear()
    try:
        assert tables.shipped_class_structure() is None and tables.shipped_class_counts(rules) is None
        computed = base.analyse_base(m, rules)
        assert computed == shipped
        assert shipped.house_edge > 0 and shipped.ride3 and shipped.ride4[HoldingGroupKind.FOUR_FLUSH]["riding"] > 0
        assert sorted(p.name for p in (tmp_path / "cache").rglob("*.npz"))  # kept for the next run
    finally:
        for f in (tables._shipped_base, tables.shipped_class_counts, tables._structure, tables.base_classes):
            f.cache_clear()


def test_a_damaged_shipped_structure_is_not_used(tmp_path, monkeypatch):
    from lit_compliance.gamemath import tables

    import json

    data = json.loads(tables._BASE_SHIPPED.read_text())
    data["structure"]["weight3"] = data["structure"]["weight4"]  # sizes that do not add up
    damaged = tmp_path / "base_classes.json"
    damaged.write_text(json.dumps(data))
    monkeypatch.setattr(tables, "_BASE_SHIPPED", damaged)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    for f in (tables._shipped_base, tables.shipped_class_counts, tables._structure, tables.base_classes):
        f.cache_clear()
    try:
        assert not tables._consistent(tables.shipped_class_structure())
        assert int(tables._structure()["weight3"].sum(dtype=np.int64)) == comb(52, 3)
    finally:
        for f in (tables._shipped_base, tables.shipped_class_counts, tables._structure, tables.base_classes):
            f.cache_clear()


@pytest.mark.parametrize("rules", FIVE_CARD_OPTIONS, ids=repr)
def test_five_card_counts_from_the_shipped_classes_equal_the_enumerated_ones(rules, monkeypatch):
    from lit_compliance.gamemath.tables import five_card_counts, five_card_counts_enumerated, shipped_class_counts

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    five_card_counts.cache_clear()
    try:
        assert shipped_class_counts(rules) is not None  # so the derived path is the one measured
        derived, enumerated = five_card_counts(rules), five_card_counts_enumerated(rules)
        assert derived.tolist() == enumerated.tolist() and int(derived.sum()) == comb(52, 5)
    finally:
        five_card_counts.cache_clear()
