"""The compiled yes-or-no schema check judges every document exactly as jsonschema does.

Only its "valid" is ever used (an invalid document goes to jsonschema for its messages), but it is
held to exact agreement both ways: on every bundled ruleset, configuration, round file and
proposal, on the edge cases of each keyword, and on thousands of mutations of the bundled documents.
"""
from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lit_compliance.load.schema_check import Unsupported, Unsure, compile_schema, surely_valid
from lit_compliance.load.strict_yaml import load_yaml_file
from lit_compliance.load.validation import _validator, schema, schema_problems, strict_validator_class
from lit_compliance.load.validation import _walk as _subtrees  # every (path, value) of a document

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ["ruleset", "table-config", "round", "proposed-paytable", "amendment"]
DOCUMENTS = {
    "ruleset": sorted((ROOT / "rulesets").glob("*/*.yaml")),
    "amendment": [ROOT / "examples" / "maryland-draft-amendment.yaml"],
    "table-config": sorted((ROOT / "examples" / "configs").glob("*.yaml")),
    "round": sorted((ROOT / "examples" / "rounds").glob("*")),
    "proposed-paytable": sorted((ROOT / "examples" / "proposals").glob("*.yaml")),
}


def _data(path: Path):
    return json.loads(path.read_text()) if path.suffix == ".json" else load_yaml_file(path).data


def _verdicts(name: str, data) -> tuple[bool | None, bool]:
    """(the compiled check's verdict, or None when it declines; jsonschema's)."""
    try:
        fast = compile_schema(schema(name))(data)
    except Unsure:
        fast = None
    return fast, _validator(name).is_valid(data)


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_schema_compiles_so_the_fast_check_is_really_used(name):
    assert callable(compile_schema(schema(name)))


@pytest.mark.parametrize("name,path", [(n, p) for n, ps in DOCUMENTS.items() for p in ps], ids=lambda v: getattr(v, "name", v))
def test_the_bundled_documents_are_proved_valid_without_jsonschema(name, path):
    data = _data(path)
    assert _verdicts(name, data) == (True, True)
    assert surely_valid(name, data)


def test_a_keyword_it_does_not_implement_makes_it_decline_the_schema():
    with pytest.raises(Unsupported):
        compile_schema({"type": "object", "patternProperties": {"^x": {"type": "string"}}})
    with pytest.raises(Unsupported):
        compile_schema({"$ref": "other.json#/x"})


EDGE_CASES = [
    ({"type": "integer"}, [1, 1.0, 2.5, True, "1", None, float("nan"), float("inf")]),
    ({"type": "number"}, [1, 1.5, True, "1", float("nan")]),
    ({"type": ["string", "null"]}, ["", None, 0, False]),
    ({"enum": ["a", 1, None, True]}, ["a", 1, 1.0, True, False, 0, None, "1", ["a"]]),
    ({"const": 0}, [0, 0.0, False, None, "0"]),
    ({"pattern": "^[a-z]+$"}, ["abc", "abc\n", "ABC", 5, ""]),
    ({"format": "date"}, ["2024-02-29", "2023-02-29", "2024-1-01", "2024-01-01\n", "\uff12024-01-01", 7]),
    ({"minimum": 0, "maximum": 10}, [0, -1, 10, 10.5, float("nan"), "x", True]),
    ({"exclusiveMinimum": 0}, [0, 0.0001, -1, float("nan")]),
    ({"minItems": 1, "maxItems": 2, "uniqueItems": True, "items": {"type": "string"}},
     [[], ["a"], ["a", "a"], ["a", "b", "c"], [1], "ab"]),
    ({"minLength": 2}, ["", "ab", "\U0001F0A1\U0001F0A1", 3]),
    ({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"], "additionalProperties": False},
     [{"a": 1}, {"a": "1"}, {}, {"a": 1, "b": 2}, [], "x"]),
    ({"propertyNames": {"pattern": "^[a-z]+$"}, "minProperties": 1, "maxProperties": 2},
     [{"a": 1}, {}, {"A": 1}, {"a": 1, "b": 2, "c": 3}, ["a"]]),
    ({"oneOf": [{"type": "integer"}, {"type": "number"}]}, [1, 1.5, "x"]),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}], "not": {"const": "no"}}, [1, "x", "no", None]),
    ({"if": {"properties": {"v": {"type": "null"}}}, "then": {"required": ["why"]}, "else": {"required": ["v"]}},
     [{"v": None}, {"v": None, "why": 1}, {"v": 1}, {}, 3]),
]


@pytest.mark.parametrize("rule,values", EDGE_CASES, ids=lambda v: json.dumps(v)[:40] if isinstance(v, dict) else "")
def test_each_keyword_agrees_with_jsonschema_on_its_edge_cases(rule, values):
    import jsonschema

    reference = strict_validator_class()(rule, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    check = compile_schema(rule)
    for value in values:
        assert check(value) == reference.is_valid(value), value


def test_a_value_it_cannot_judge_exactly_goes_to_jsonschema():
    check = compile_schema({"uniqueItems": True})
    with pytest.raises(Unsure):
        check([1, True])  # distinct in JSON, equal in Python
    assert compile_schema({"type": "string"})("x") and not surely_valid("ruleset", {"bad": {1, 2}})


def _set(doc, path, value):
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    node = copy
    for part in path[:-1]:
        node = node[part]
    if value is _DELETE:
        if isinstance(node, dict):
            del node[path[-1]]
        else:
            node.pop(path[-1])
    else:
        node[path[-1]] = value
    return copy


_DELETE = object()
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 2000), st.floats(allow_nan=True, allow_infinity=True),
                     st.sampled_from(["", "x", "not_offered", "to_1", "2024-02-30", "2024-02-29", "id\n", "v1",
                                      "maryland", "royal_flush", "fixed", "Z"]))


def _mutations(name: str):
    bases = [_data(p) for p in DOCUMENTS[name]]

    @st.composite
    def mutated(draw):
        doc = draw(st.sampled_from(bases))
        for _ in range(draw(st.integers(1, 3))):
            paths = list(_subtrees(doc))
            path, node = draw(st.sampled_from(paths))
            kind = draw(st.sampled_from(["scalar", "subtree", "delete", "add", "empty"]))
            if kind == "scalar":
                value = draw(_SCALARS)
            elif kind == "subtree":  # a value from elsewhere in the document: often the right shape
                value = draw(st.sampled_from(paths))[1]
            elif kind == "delete" and path:
                value = _DELETE
            elif kind == "add" and isinstance(node, dict):
                value = {**node, draw(st.sampled_from(["extra", "cite", "value", "id", "kind"])): draw(_SCALARS)}
            else:
                value = {} if isinstance(node, dict) else [] if isinstance(node, list) else ""
            doc = _set(doc, path, value)
        return doc
    return mutated()


# A short run in the default suite; the long one is marked slow (`-m slow`) and lengthened further by
# LIT_COMPLIANCE_FUZZ_EXAMPLES (per schema) and LIT_COMPLIANCE_FUZZ_RANDOM, as for the fuzz tests.
RUNS = [pytest.param("short", id="short"), pytest.param("long", id="long", marks=pytest.mark.slow)]


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("name", SCHEMAS)
def test_mutated_documents_get_jsonschemas_verdict(name, run):
    seen = {"valid": 0, "invalid": 0, "declined": 0}
    if run == "short":
        examples = 20 if name == "ruleset" else 60
    else:
        examples = int(os.environ.get("LIT_COMPLIANCE_FUZZ_EXAMPLES", "250" if name == "ruleset" else "400"))

    @settings(max_examples=examples, deadline=None, derandomize=not os.environ.get("LIT_COMPLIANCE_FUZZ_RANDOM"),
              database=None, suppress_health_check=list(HealthCheck))
    @given(_mutations(name))
    def agree(doc):
        fast, reference = _verdicts(name, doc)
        if fast is None:
            seen["declined"] += 1
        else:
            assert fast == reference
        seen["valid" if reference else "invalid"] += 1

    agree()
    # Both verdicts were exercised; but 20 mutations of a ruleset seldom leave it valid: for that short
    # run the valid side is the bundled rulesets' (test above) and the long run's.
    assert seen["invalid"] and (seen["valid"] or (name, run) == ("ruleset", "short")), seen


def test_an_invalid_document_still_gets_jsonschemas_messages(tmp_path):
    text = (ROOT / "examples" / "configs" / "maryland.yaml").read_text()
    path = tmp_path / "config.yaml"
    path.write_text(text + "surprise: 1\n")
    doc = load_yaml_file(path)
    assert not surely_valid("table-config", doc.data)
    problems = schema_problems(doc, "table-config")
    assert [p.path for p in problems] == ["surprise"] and "unknown field 'surprise'" in problems[0].message
    assert problems[0].line == text.count("\n") + 1
    assert not math.isnan(problems[0].line)


def test_the_shared_schema_cannot_be_changed_and_a_callers_copy_changes_no_verdict():
    """The cached schema is read-only all the way down: a caller that tries to change it gets an
    error, and one that changes its own copy (``thawed``) changes neither the compiled check nor
    jsonschema's verdict."""
    from lit_compliance.load.resources import schema as shared, thawed

    doc = _data(DOCUMENTS["ruleset"][0])
    before = (surely_valid("ruleset", doc), _validator("ruleset").is_valid(doc))
    assert before == (True, True)
    s = shared("ruleset")
    with pytest.raises(TypeError):
        s["required"] = ["nothing"]
    with pytest.raises(TypeError):
        s["properties"]["meta"] = {"type": "null"}
    with pytest.raises((TypeError, AttributeError)):
        s["required"].append("nothing")          # arrays are tuples
    with pytest.raises(TypeError):
        s["$defs"]["hand"]["enum"][0] = "joker"
    mine = thawed(s)
    mine["additionalProperties"] = False
    mine["required"] = list(mine["required"]) + ["no-such-field"]
    mine["$defs"]["hand"]["enum"].clear()
    assert shared("ruleset") is s and "no-such-field" not in s["required"] and s["$defs"]["hand"]["enum"]
    assert (surely_valid("ruleset", doc), _validator("ruleset").is_valid(doc)) == before
    assert not strict_validator_class()(mine).is_valid(doc)   # the copy itself did change: it is a real copy
