"""Validation of a ruleset document: the JSON Schema, then cross-reference and sanity checks.

Every problem comes back as a :class:`Problem` with file, line, column and path, all of them at
once; nothing here raises for bad data.
"""
from __future__ import annotations


import hashlib
import json
from pathlib import Path
from typing import Any, Iterator


from .document_changes import DocumentChange, ReadingError, check_change
from .resources import data_dir, schema, thawed
from .ruleset import Ruleset
from .schema_check import anchored, surely_valid
from .strict_yaml import Document, Problem
from ..suggest import did_you_mean
from .. import cache

# Which hands each basis can produce at all: a line naming any other hand can never pay. The loader
# sits below the model and the hand evaluator (the layers contract), so it spells the hands by their
# ruleset names; tests/load/test_hands_by_basis.py holds this table to the model's HandCategory and
# to the hands every deal of each basis makes (the evaluator's enumeration), so it cannot drift.
_FIVE_CARD_HANDS = frozenset({"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
                              "three_of_a_kind", "two_pair", "pair_tens_or_better", "pair", "high_card"})
HANDS_BY_BASIS = {
    "player_and_community": _FIVE_CARD_HANDS,
    "table_highest": _FIVE_CARD_HANDS,   # the highest of the players' five-card hands
    "player_three": frozenset({"mini_royal", "ace_king_queen", "straight_flush", "three_of_a_kind", "straight",
                               "flush", "pair", "high_card"}),
    "player_and_bonus_community": _FIVE_CARD_HANDS | {"super_royal"},
}


def _pattern(validator, pattern: str, instance, schema_: dict):
    from jsonschema.exceptions import ValidationError  # lazy: jsonschema only for a document the compiled check cannot prove valid

    if validator.is_type(instance, "string") and not anchored(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def strict_validator_class():
    """Draft 2020-12 with two strictures: a pattern matches the whole string (``_pattern``), and an
    integer is an integer, not a float with no fraction (``players: 3.0`` is refused: the engine
    counts with it)."""
    import jsonschema  # lazy: jsonschema, only to explain an invalid document

    base = jsonschema.Draft202012Validator
    integers = base.TYPE_CHECKER.redefine("integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool))
    return jsonschema.validators.extend(base, {"pattern": _pattern}, type_checker=integers)


@cache.remembered(16)
def _validator(name: str):
    """The schema's validator (jsonschema is imported only by commands that validate something)."""
    import jsonschema  # lazy: as above: a warm run never imports jsonschema

    # jsonschema gets its own mutable copy: the shared schema is read-only (resources.schema)
    return strict_validator_class()(thawed(schema(name)), format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def schema_problems(doc: Document, name: str = "ruleset") -> list[Problem]:
    """Every JSON Schema violation in ``doc``, each located and phrased for a person.

    A document the compiled check proves valid is not given to jsonschema (see :mod:`.schema_check`)."""
    if surely_valid(name, doc.data):
        return []
    problems = []
    for error in _validator(name).iter_errors(doc.data):
        problems.extend(_explain(doc, error))
    return sorted(set(problems), key=lambda p: (p.line, p.column, p.path, p.message))


def _explain(doc: Document, error) -> Iterator[Problem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        for key in sorted(set(error.instance) - allowed):
            hint = ", ".join(sorted(allowed))
            mean = did_you_mean(key, sorted(allowed))
            yield doc.problem(path + (key,), f"unknown field {key!r}{mean} (allowed here: {hint})")
        return
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        yield doc.problem(path, f"missing required field {missing!r}")
        return
    if error.validator in ("oneOf", "anyOf") and error.context:
        formats = [e for e in error.context if e.validator == "format"]
        from jsonschema.exceptions import best_match  # lazy: as above

        deepest = formats[0] if formats else best_match(error.context)
        sub_path = path + tuple(deepest.relative_path)
        if deepest.validator == "type" and deepest.instance is not None and len(error.context) > 1:
            yield doc.problem(path, f"{_short(error.instance)} is not valid here ({_alternatives(error)})")
            return
        yield doc.problem(sub_path, _message(deepest))
        return
    yield doc.problem(path, _message(error))


def _alternatives(error) -> str:
    kinds = []
    for sub in error.context:
        if sub.validator == "const":
            kinds.append(repr(sub.validator_value))
        elif sub.validator == "type":
            kinds.append(str(sub.validator_value))
    return "expected " + " or ".join(dict.fromkeys(kinds)) if kinds else error.message


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _message(error) -> str:
    v = error.validator
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return f"expected {want}, got {type(error.instance).__name__} {_short(error.instance)}"
    if v == "enum":
        choices = [str(c) for c in error.validator_value]
        mean = did_you_mean(error.instance, choices) if isinstance(error.instance, str) else ""
        return f"{_short(error.instance)} is not one of: {', '.join(choices)}{mean}"
    if v == "const":
        return f"must be {error.validator_value!r}, got {_short(error.instance)}"
    if v == "format":
        return f"{_short(error.instance)} is not a valid {error.validator_value} (use YYYY-MM-DD)"
    if v == "pattern":
        return f"{_short(error.instance)} does not match the pattern {error.validator_value}"
    if v == "minLength" and error.validator_value == 1:
        return "must not be empty"
    if v == "minItems":
        return f"needs at least {error.validator_value} item(s)"
    return error.message


# --- cross-reference and sanity checks -------------------------------------------------------


def _walk(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _walk(value, path + (i,))


def _unique(doc: Document, items: list, base: tuple, what: str, key: str = "id") -> list[Problem]:
    seen: dict = {}
    out = []
    for i, item in enumerate(items or []):
        if not isinstance(item, dict) or key not in item:
            continue
        if item[key] in seen:
            out.append(doc.problem(base + (i, key), f"duplicate {what} {item[key]!r} (also at index {seen[item[key]]})"))
        else:
            seen[item[key]] = i
    return out


def reference_problems(doc: Document, sources_dir: Path | None = None) -> list[Problem]:
    """Checks the schema cannot express. Call only on a document that passed the schema."""
    data = doc.data
    out: list[Problem] = []
    finding_ids = {f["id"] for f in data["findings"]}
    out += _unique(doc, data["findings"], ("findings",), "finding id")
    out += _unique(doc, data["wagers"], ("wagers",), "wager id")
    out += _unique(doc, data["irregularities"], ("irregularities",), "irregularity id")
    out += _unique(doc, data["dealing_methods"], ("dealing_methods",), "dealing method")
    out += _unique(doc, data["payout_limits"], ("payout_limits",), "payout limit id")
    for name in ("signage", "other_rules", "table_limits"):
        out += _unique(doc, data[name], (name,), f"{name} id")

    for path, value in _walk(data):
        if path and path[-1] == "finding":
            for i, ref in enumerate([value] if isinstance(value, str) else value):
                if ref not in finding_ids:
                    where = path if isinstance(value, str) else path + (i,)
                    out.append(doc.problem(where, f"names finding {ref!r}, which is not in findings"))

    wager_ids = {w["id"] for w in data["wagers"]}
    bases = [i for i, w in enumerate(data["wagers"]) if w["kind"] == "base"]
    if len(bases) != 1:
        out.append(doc.problem(("wagers",), f"exactly one wager of kind 'base' is required, found {len(bases)}"))
    elif data["wagers"][bases[0]]["id"] != "base":
        out.append(doc.problem(("wagers", bases[0], "id"), "the base wager's id must be 'base'"))

    def check_refs(path: tuple, refs: list | None) -> None:
        for i, ref in enumerate(refs or []):
            if ref not in wager_ids:
                out.append(doc.problem(path + (i,), f"names wager {ref!r}, which this ruleset does not offer"))

    for i, limit in enumerate(data["payout_limits"]):
        check_refs(("payout_limits", i, "applies_to"), limit.get("applies_to"))
        check_refs(("payout_limits", i, "excludes"), limit.get("excludes"))
    for i, limit in enumerate(data["table_limits"]):
        check_refs(("table_limits", i, "wagers"), limit.get("wagers"))
    for i, step in enumerate(data["round_sequence"]):
        if "wager" in step:
            check_refs(("round_sequence", i), [step["wager"]])

    for wi, wager in enumerate(data["wagers"]):
        wpath = ("wagers", wi)
        check_refs(wpath + ("requires_wagers",), wager.get("requires_wagers"))
        out += _unique(doc, wager["paytables"], wpath + ("paytables",), "paytable id")
        for pi, table in enumerate(wager["paytables"]):
            out += _paytable_problems(doc, wager, table, wpath + ("paytables", pi))

    out += _source_problems(doc, sources_dir)
    return out


MAX_BASE_ODDS = 1_000_000       # exact strategy sums stay far inside 64-bit integers
MAX_SIDE_FIGURE = 1_000_000_000  # odds, amounts and percentages on side wagers


def _paytable_problems(doc: Document, wager: dict, table: dict, path: tuple) -> list[Problem]:
    out = []
    basis = table.get("hand_basis", wager["hand_basis"])
    possible = HANDS_BY_BASIS[basis]
    for group in ("lines", "envy_lines"):
        seen: dict = {}
        for li, line in enumerate(table.get(group, [])):
            lpath = path + (group, li)
            key = (line["hand"], tuple(sorted(line.get("suits", []))), line.get("stake"))
            if key in seen:
                out.append(doc.problem(lpath + ("hand",), f"hand {line['hand']!r} listed twice in this paytable (also line {seen[key]})"))
            seen[key] = li
            if group == "lines" and line["hand"] not in possible:
                out.append(doc.problem(lpath + ("hand",),
                                       f"a {line['hand']!r} cannot occur on hand basis {basis!r}; this line could never pay"))
            payout = line["payout"]
            value = payout.get("value")
            if value is None:
                continue
            if payout["kind"] == "percent_of_meter" and value > 100:
                out.append(doc.problem(lpath + ("payout", "value"), f"{value}% of the meter is more than the whole meter"))
            if payout["kind"] == "for_one" and value < 1:
                out.append(doc.problem(lpath + ("payout", "value"), f"{value} for 1 returns less than the stake on a win"))
            if payout["kind"] in ("to_one", "fixed_amount") and value == 0:
                out.append(doc.problem(lpath + ("payout", "value"), "a winning line that pays nothing; use kind not_offered"))
            if wager["kind"] == "base" and group == "lines":
                if payout["kind"] != "to_one":
                    out.append(doc.problem(lpath + ("payout", "kind"), "the base game pays 'to 1' odds on each bet"))
                elif value != int(value):
                    out.append(doc.problem(lpath + ("payout", "value"),
                                           f"{value} to 1: base game odds are whole numbers (the strategy is exact on them)"))
                elif value > MAX_BASE_ODDS:
                    out.append(doc.problem(lpath + ("payout", "value"),
                                           f"{value} to 1 is beyond any base game paytable (at most {MAX_BASE_ODDS:,} to 1)"))
            elif value > MAX_SIDE_FIGURE:
                out.append(doc.problem(lpath + ("payout", "value"),
                                       f"{value} is beyond any payout (at most {MAX_SIDE_FIGURE:,})"))
    return out


def _source_problems(doc: Document, sources_dir: Path | None) -> list[Problem]:
    src = doc.data["source"]
    directory = sources_dir or data_dir("sources")
    file = directory / src["file"]
    if not file.is_file():
        return []  # a draft may cite a text we do not bundle
    digest = hashlib.sha256(file.read_bytes()).hexdigest()
    if digest != src["sha256"]:
        return [doc.problem(("source", "sha256"),
                            f"does not match the bundled copy of {src['file']} (sha256 {digest})")]
    return []


def validate_document(doc: Document) -> list[Problem]:
    """Every problem of a ruleset document, located: the schema first, then references, readings, voids and clause citations."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), f"the top level must be a mapping, got {type(doc.data).__name__}")]
    problems = schema_problems(doc)
    if problems:
        return problems
    return reference_problems(doc) + reading_problems(doc) + void_problems(doc) + clause_problems(doc)


def clause_problems(doc: Document) -> list[Problem]:
    """Where the ruleset describes its source's numbering (``source.clauses``) and the source is
    bundled unchanged: every unit and break it names is in the text, every citation (of a fact or
    a finding) names a clause of it, and every quote occurs in a clause its citation names."""
    from .clauses import cite_problems, clause_config_problems  # lazy: parsing sources costs start-up; a warm run never validates
    from .quotes import quote_problems  # lazy: as above
    from .claims import claim_problems  # lazy: as above

    src = doc.data["source"]
    if "clauses" not in src:
        return []
    file = data_dir("sources") / src["file"]
    if not file.is_file() or hashlib.sha256(file.read_bytes()).hexdigest() != src["sha256"]:
        return []
    rs = Ruleset(doc.data, doc.file, doc)
    problems = [doc.problem(path, message) for path, message in clause_config_problems(rs)]
    if problems:
        return problems
    return ([doc.problem(path, f"{cite!r}: {message}") for path, cite, message in cite_problems(rs)]
            + [doc.problem(path, message) for path, message in quote_problems(rs)]
            + [doc.problem(path, message) for path, message in claim_problems(rs)])


VOID_KINDS = frozenset({"all_hands_void_reshuffle", "round_void", "misdeal_new_round", "void_and_wagers_returned",
                        "all_hands_void_deck_removed", "hand_void_wager_returned"})


def void_problems(doc: Document) -> list[Problem]:
    """A consequence that voids hands says what that does to the wagers (returned, or not stated
    with a finding whose readings decide it): the engine never assumes it."""
    problems = []
    for i, entry in enumerate(doc.data["irregularities"]):
        consequence = entry["consequence"]
        if consequence["kind"] in VOID_KINDS and "wagers" not in consequence:
            problems.append(doc.problem(("irregularities", i, "consequence"),
                                        f"consequence kind {consequence['kind']} voids hands, so it must say what happens to the wagers "
                                        "(wagers: returned | not_stated)"))
        elif consequence.get("wagers") == "not_stated" and not entry.get("finding"):
            problems.append(doc.problem(("irregularities", i, "consequence", "wagers"),
                                        "wagers not_stated needs a finding (with readings) saying what the engine applies"))
    return problems


def reading_problems(doc: Document) -> list[Problem]:
    """Each open finding has exactly one default reading, and every change a reading makes names a
    place the document has (checked by applying it: what validates must also model)."""
    problems = []
    for i, finding in enumerate(doc.data["findings"]):
        readings = finding.get("readings") or []
        if not readings:
            continue
        base = ("findings", i, "readings")
        problems += _unique(doc, readings, base, "reading")
        defaults = [r["id"] for r in readings if r["default"]]
        if len(defaults) != 1:
            problems.append(doc.problem(base, f"finding {finding['id']} needs exactly one default reading, "
                                              f"has {len(defaults)}"))
        for j, reading in enumerate(readings):
            for k, data in enumerate(reading["changes"]):
                change = DocumentChange.from_data(data)
                try:
                    check_change(doc.data, change)
                except ReadingError as exc:
                    problems.append(doc.problem(base + (j, "changes", k), f"{change.text}: {exc}"))
    return problems
