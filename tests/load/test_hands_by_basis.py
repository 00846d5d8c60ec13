"""The loader's table of which hands each hand basis can make is the hands' one definition, not a copy.

The loader sits below the model and the hand evaluator (``[tool.importlinter]`` in pyproject.toml), so
``lit_compliance.load.validation.HANDS_BY_BASIS`` spells the hands by their ruleset names. These tests
hold it to the model's :class:`~lit_compliance.model.enums.HandCategory` and :class:`HandBasis`, and to
the hands every deal of each basis actually makes: the union of what the evaluator's enumeration of
every five-, three- and six-card deal satisfies (the atoms the side wagers are priced over).
"""
from __future__ import annotations

import pytest

from lit_compliance.gamemath.side import atoms_for
from lit_compliance.gamemath.tables import five_card_atoms
from lit_compliance.load.validation import HANDS_BY_BASIS
from lit_compliance.model.enums import HandBasis, HandCategory
from lit_compliance.poker.hands import CATEGORIES_3, CATEGORIES_5, IMPLIED, STANDARD, HandRules


def _made_by_every_deal(basis: HandBasis, rules: HandRules) -> set[str]:
    """Every hand some deal of ``basis`` satisfies (its category, the hands that implies, its tags)."""
    atoms = five_card_atoms(rules) if basis is HandBasis.TABLE_HIGHEST else atoms_for(basis.value, rules)
    return {str(hand) for atom in atoms for hand in atom.tags}


def test_the_table_covers_every_hand_basis_and_names_only_hands_the_model_knows():
    assert set(HANDS_BY_BASIS) == {b.value for b in HandBasis}
    known = {h.value for h in HandCategory}
    assert all(hands <= known for hands in HANDS_BY_BASIS.values())
    # and every hand the model knows can occur on some basis
    assert set().union(*HANDS_BY_BASIS.values()) == known


@pytest.mark.parametrize("basis", list(HandBasis), ids=lambda b: b.value)
def test_each_basis_lists_exactly_the_hands_its_deals_make(basis):
    assert HANDS_BY_BASIS[basis.value] == _made_by_every_deal(basis, STANDARD)


def test_the_five_and_three_card_tables_agree_with_the_evaluators_categories():
    five = {str(c) for c in CATEGORIES_5} | {str(h) for c in CATEGORIES_5 for h in IMPLIED.get(c, ())}
    assert HANDS_BY_BASIS["player_and_community"] == HANDS_BY_BASIS["table_highest"] == five
    # three cards: the evaluator's categories, the hands they imply, and the ace-king-queen tag
    three = {str(c) for c in CATEGORIES_3} | {str(h) for c in CATEGORIES_3 for h in IMPLIED.get(c, ())}
    assert HANDS_BY_BASIS["player_three"] - three == {HandCategory.ACE_KING_QUEEN.value}
    assert three <= HANDS_BY_BASIS["player_three"]
