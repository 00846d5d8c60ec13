"""The sections the views print are typed model records, read once from the document; the placard,
the rules summary and the cross-jurisdiction compare read the records, not the YAML."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from lit_compliance.load.catalogue import Catalogue
from lit_compliance.model import model_of
from lit_compliance.model.sections import sections_of

PACKAGE = Path(__file__).resolve().parents[2] / "lit_compliance"
TYPED = ("cards", "dealing_methods", "signage", "table_limits", "round_sequence", "definitions")
VIEWS = ("sign/placard.py", "operator/summary.py", "regulator/compare.py")


def _rulesets():
    return list(Catalogue.bundled().all_versions())


@pytest.mark.parametrize("rs", _rulesets(), ids=lambda rs: rs.ref)
def test_every_record_carries_its_item_of_the_document(rs):
    d = rs.data
    s = sections_of(d)
    assert [(x.id, x.rule, x.cite) for x in s.signage] == [(x["id"], x["rule"], x["cite"]) for x in d["signage"]]
    assert [(x.id, x.rule, x.text) for x in s.table_limits] == [(x["id"], x["rule"], x.get("text")) for x in d["table_limits"]]
    assert [(x.step, x.wager, x.order) for x in s.round_steps] == \
        [(x["step"], x.get("wager"), x.get("order")) for x in d["round_sequence"]]
    assert [(x.term, x.meaning) for x in s.definitions] == [(x["term"], x["meaning"]) for x in d["definitions"]]
    assert [(m.id, m.name, [(p.to, p.cards) for p in m.steps]) for m in s.dealing_methods] == \
        [(m["id"], m["name"], [(p["to"], p["cards"]) for p in m["plan"]["steps"]]) for m in d["dealing_methods"]]
    assert (s.cards.decks.count, s.cards.decks.cards_per_deck) == (d["cards"]["decks"]["count"],
                                                                     d["cards"]["decks"]["cards_per_deck"])
    assert s.currency == d["jurisdiction"].get("currency", "USD")
    assert [(m.community_used, m.community_discard and (m.community_discard.cards, m.community_discard.which,
                                                        m.community_discard.when, m.community_discard.cite))
            for m in s.dealing_methods] == \
        [(m["plan"]["community_used"], (x := m["plan"].get("community_discard")) and (x["cards"], x["which"],
                                                                                     x["when"], x["cite"]))
         for m in d["dealing_methods"]]
    assert [(r.topic, r.text, r.cite) for r in s.other_rules] == \
        [(r["topic"], r["text"], r["cite"]) for r in d.get("other_rules") or ()]


@pytest.mark.parametrize("rs", _rulesets(), ids=lambda rs: rs.ref)
def test_the_model_gives_the_records_under_its_readings(rs):
    model = model_of(rs)
    typed = sections_of(model.sections)
    assert (model.signage, model.table_limits, model.round_steps, model.definitions, model.dealing_methods,
            model.cards) == (typed.signage, typed.table_limits, typed.round_steps, typed.definitions,
                             typed.dealing_methods, typed.cards)


@pytest.mark.parametrize("view", VIEWS)
def test_the_views_read_these_sections_as_records_not_as_yaml(view):
    tree = ast.parse((PACKAGE / view).read_text(encoding="utf-8"))
    raw = [f"{view}:{node.lineno}" for node in ast.walk(tree)
           if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in TYPED]
    assert raw == []
