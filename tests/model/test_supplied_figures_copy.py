"""``with_supplied``: the model a table's supplied figures make is the one a deep copy of the document
gives, and the model it started from (shared, cached) is left as it was."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from lit_compliance.model import model_of
from lit_compliance.model.ruleset import build_model, supply, with_supplied
from lit_compliance.table.config import chosen_readings, load_config, ruleset_for, supplied

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "configs"


def _deep_copy_way(model, figures):
    """What ``with_supplied`` did before: the whole document copied, then the same lines supplied."""
    data = supply(copy.deepcopy(dict(model.sections)), figures)
    return build_model(model.ruleset, data, model.applied, model.findings)


def _text(sections) -> str:
    return json.dumps(dict(sections), sort_keys=True, default=repr)


@pytest.mark.parametrize("name", ["nsw", "noncompliant-nsw-approvals"])
def test_supplied_figures_make_the_model_a_deep_copy_made_and_leave_the_first_as_it_was(name):
    config = load_config(EXAMPLES / f"{name}.yaml")
    ruleset = ruleset_for(config)
    figures = supplied(config)
    assert figures, "the example supplies figures"
    start = model_of(ruleset, chosen_readings(ruleset, config)[0])
    before = _text(start.sections)

    made = with_supplied(start, figures)

    assert _text(start.sections) == before
    expected = _deep_copy_way(start, figures)
    assert _text(made.sections) == _text(expected.sections)
    assert made == expected and made.wagers == expected.wagers
    assert any(line.get("supplied_by_house") for w in made.sections["wagers"] for t in w["paytables"]
               for line in t["lines"])
