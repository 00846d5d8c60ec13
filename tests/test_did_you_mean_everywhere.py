"""Every unknown id, on every option and in every file field that takes one, gets the nearest
match and the list of choices (one shared helper, :mod:`lit_compliance.suggest`). The choices
expected are read from the catalogue and the model, not typed in."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.model import as_printed, model_of
from lit_compliance.play.irregularities import events
from lit_compliance.regulator.compare import topics
from lit_compliance.suggest import nearest, unknown

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "examples" / "configs" / "maryland.yaml"
ROUND = ROOT / "examples" / "rounds" / "maryland-progressive-envy.yaml"
RESULTS = ROOT / "examples" / "results" / "maryland-lir-2.csv"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _md():
    from lit_compliance.load.catalogue import Catalogue

    return Catalogue.bundled().latest("maryland")


def _wagers():
    return [w.id for w in as_printed(_md()).wagers]


def _tables(wager):
    return [t.id for t in next(w for w in as_printed(_md()).wagers if w.id == wager).paytables]


def _methods():
    return [m.id for m in model_of(_md()).dealing_methods]


def _jurisdictions():
    from lit_compliance.load.catalogue import Catalogue

    return Catalogue.bundled().jurisdictions


def _hands(wager, table):
    lines = next(t for t in model_of(_md()).wager(wager).paytables if t.id == table).lines
    return list(dict.fromkeys(ln.hand for ln in lines))


def _readings(finding):
    return [r.id for r in model_of(_md()).finding(finding).readings]


def _open_findings():
    return [f.id for f in model_of(_md()).findings if f.readings]


INIT = ["init", "--no-interactive", "--casino", "C", "--minimum", "5", "--maximum", "50"]

# (case id, arguments (a callable given tmp_path, for files), the intended id, the choices)
OPTIONS = [
    ("jurisdiction-argument", lambda t: ["show", "marylnd"], "maryland", _jurisdictions),
    ("jurisdiction-version", lambda t: ["show", "maryland@v1.0"], "v1", lambda: ["v1"]),
    ("evaluate-jurisdiction", lambda t: ["evaluate", "As", "Ks", "Qs", "Js", "Ts", "--jurisdiction", "marylnd"],
     "maryland", _jurisdictions),
    ("analyze-wager", lambda t: ["analyze", "maryland", "--wager", "thre-card-bonus"], "three-card-bonus", _wagers),
    ("analyze-paytable", lambda t: ["analyze", "maryland", "--wager", "five-card-bonus", "--paytable", "bb"], "b",
     lambda: _tables("five-card-bonus")),
    ("par-wager", lambda t: ["par", "maryland", "--wager", "thre-card-bonus"], "three-card-bonus", _wagers),
    ("par-paytable", lambda t: ["par", "maryland", "--wager", "five-card-bonus", "--paytable", "bb"], "b",
     lambda: _tables("five-card-bonus")),
    ("irregularity-event", lambda t: ["irregularity", "maryland", "comunity-card-exposed-early"],
     "community_card_exposed_early", events),
    ("deal-plan-method", lambda t: ["deal-plan", "maryland", "--method", "manul-shoe"], "manual_shoe", _methods),
    ("compare-topic", lambda t: ["compare", "qualifyng"], "qualifying-hand", topics),
    ("compare-jurisdiction", lambda t: ["compare", "qualifying-hand", "-j", "marylnd"], "maryland", _jurisdictions),
    ("simulate-anomaly-wager", lambda t: ["simulate", CONFIG, "--rounds", "1", "--anomaly", "bse:flush:+1"],
     "base", _wagers),
    ("simulate-anomaly-hand", lambda t: ["simulate", CONFIG, "--rounds", "1", "--anomaly", "base:flsh:+1"],
     "flush", lambda: _hands("base", "a")),
    ("init-jurisdiction", lambda t: [*INIT, "--jurisdiction", "marylnd", "-o", t / "x.yaml"], "maryland",
     _jurisdictions),
    ("init-wager", lambda t: [*INIT, "--jurisdiction", "maryland", "--dealing-method", "hand", "--wager", "base=a",
                              "--wager", "five-card-bonsu=b", "-o", t / "x.yaml"], "five-card-bonus", _wagers),
    ("init-wager-paytable", lambda t: [*INIT, "--jurisdiction", "maryland", "--dealing-method", "hand",
                                       "--wager", "base=a", "--wager", "five-card-bonus=bb", "-o", t / "x.yaml"],
     "b", lambda: _tables("five-card-bonus")),
    ("init-wager-limit", lambda t: [*INIT, "--jurisdiction", "maryland", "--dealing-method", "hand",
                                    "--wager", "base=a", "--wager-limit", "fiv-card-bonus=1:5", "-o", t / "x.yaml"],
     "five-card-bonus", _wagers),
    ("init-dealing-method", lambda t: [*INIT, "--jurisdiction", "maryland", "--dealing-method", "manul-shoe",
                                       "--wager", "base=a", "-o", t / "x.yaml"], "manual_shoe", _methods),
]


@pytest.mark.parametrize("case, args, meant, choices", OPTIONS, ids=[c[0] for c in OPTIONS])
def test_an_unknown_id_on_an_option_gets_the_nearest_and_the_choices(case, args, meant, choices, tmp_path):
    result = run(*args(tmp_path))
    assert result.exit_code == 2, result.output
    said = result.stderr
    assert f"did you mean {meant!r}?" in said, said
    assert all(c in said for c in choices()), said


def _config(tmp_path, change) -> Path:
    data = yaml.safe_load(CONFIG.read_text())
    change(data)
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def _set(key, value):
    return lambda d: d.update({key: value})


def _wager_field(i, key, value):
    return lambda d: d["wagers"][i].update({key: value})


FINDING = "md-five-card-bonus-two-pair-vs-pair"
CONFIG_FIELDS = [
    ("jurisdiction", _set("jurisdiction", "marylnd"), "maryland", _jurisdictions),
    ("ruleset_version", _set("ruleset_version", "v1.0"), "v1", lambda: ["v1"]),
    ("dealing_method-schema", _set("dealing_method", "automatic_shoe"), "automated_shoe", _methods),
    ("dealing_method-ruleset", _set("dealing_method", "card_shoe"), None, _methods),
    ("sign_size", _set("sign_size", "leter"), "letter", lambda: ["letter", "a4", "tabloid", "a3"]),
    ("wagers.wager", _wager_field(1, "wager", "five-card-bonsu"), "five-card-bonus", _wagers),
    ("wagers.paytable", _wager_field(1, "paytable", "bb"), "b", lambda: _tables("five-card-bonus")),
    ("readings-finding", _set("readings", {FINDING[:-1]: "paytable-as-printed"}), FINDING, _open_findings),
    ("readings-reading", _set("readings", {FINDING: "paytable-as-printd"}), "paytable-as-printed",
     lambda: _readings(FINDING)),
    ("unknown-field", lambda d: d.update(seets=d.pop("seats")), "seats", lambda: ["seats", "wagers", "casino"]),
]


@pytest.mark.parametrize("field, change, meant, choices", CONFIG_FIELDS, ids=[c[0] for c in CONFIG_FIELDS])
def test_an_unknown_id_in_a_configuration_gets_the_nearest_and_the_choices(field, change, meant, choices, tmp_path):
    result = run("check", _config(tmp_path, change))
    assert result.exit_code in (1, 2), result.output
    said = result.output
    if meant is None:   # a near miss whatever it is: the nearest is the helper's, the choices are listed
        meant = nearest("card_shoe", _methods())
    assert f"did you mean {meant!r}?" in said, said
    assert all(c in said for c in choices()), said


def _round(tmp_path, change) -> Path:
    data = yaml.safe_load(ROUND.read_text())
    change(data)
    path = tmp_path / "round.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


ROUND_FIELDS = [
    ("jurisdiction", _set("jurisdiction", "marylnd"), "maryland", _jurisdictions),
    ("dealing_method", _set("dealing_method", "manul_shoe"), "manual_shoe", _methods),
    ("paytables-wager", lambda d: d["paytables"].update({"thre-card-bonus": d["paytables"].pop("three-card-bonus")}),
     "three-card-bonus", _wagers),
    ("paytables-paytable", lambda d: d["paytables"].update({"five-card-bonus": "bb"}), "b",
     lambda: _tables("five-card-bonus")),
    ("side_wagers", lambda d: d["players"][0]["side_wagers"].update({"progresive": 1}), "progressive",
     lambda: [w for w in _wagers() if w != "base"]),
    # the ruleset's own irregularity id and the schema's event are both right answers
    ("irregularities", _set("irregularities", ["comunity_card_exposed_early"]),
     ("community_card_exposed_early", "community-card-exposed-early"), events),
    ("readings", _set("readings", {FINDING: "paytable-as-printd"}), "paytable-as-printed",
     lambda: _readings(FINDING)),
]


@pytest.mark.parametrize("field, change, meant, choices", ROUND_FIELDS, ids=[c[0] for c in ROUND_FIELDS])
def test_an_unknown_id_in_a_round_file_gets_the_nearest_and_the_choices(field, change, meant, choices, tmp_path):
    result = run("settle", _round(tmp_path, change))
    assert result.exit_code == 2, result.output
    said = result.stderr
    assert any(f"did you mean {m!r}?" in said for m in ([meant] if isinstance(meant, str) else meant)), said
    assert all(c in said for c in choices()), said


@pytest.mark.parametrize("column, old, new, meant, choices", [
    ("wager", ",five-card-bonus,", ",five-card-bonsu,", "five-card-bonus", _wagers),
    ("table", ",LIR-2,", ",LIR-3,", "LIR-2", lambda: ["LIR-2"]),
])
def test_an_unknown_id_in_a_results_file_gets_the_nearest_and_the_choices(column, old, new, meant, choices,
                                                                          tmp_path):
    path = tmp_path / "results.csv"
    path.write_text(RESULTS.read_text().replace(old, new))
    result = run("hold", path, "--config", CONFIG, "--format", "json")
    assert result.exit_code == 2, result.output
    problems = [p for p in json.loads(result.stderr)["problems"] if p.get("path") == column]
    assert problems
    said = problems[0]["message"]
    assert f"did you mean {meant!r}?" in said and all(c in said for c in choices()), said


def test_the_helper_ignores_case_and_hyphens_and_lists_every_choice():
    assert nearest("Manual-Shoe", ["manual_shoe", "hand"]) == "manual_shoe"
    assert nearest("zzzz", ["manual_shoe", "hand"]) is None
    assert unknown("method", "zzzz", ["hand"]) == "no method 'zzzz' (choices: hand)"


AMENDMENT = ROOT / "examples" / "maryland-draft-amendment.yaml"
PROPOSAL = ROOT / "examples" / "proposals" / "three-card-bonus.yaml"


def _schema_enum(name: str, *path: str) -> list[str]:
    from lit_compliance.load.validation import schema

    node = schema(name)
    for step in path:
        node = node[step]
    return node["enum"]


@pytest.mark.parametrize("case, command, path, old, new, meant, choices", [
    ("amendment-amends", "validate", AMENDMENT, "amends: maryland@v1", "amends: marylnd@v1", "maryland",
     _jurisdictions),
    ("amendment-fact-id", "validate", AMENDMENT, "- add: wagers.base.paytables", "- add: wagers.bse.paytables",
     "base", _wagers),
    ("proposal-wager", "par", PROPOSAL, "wager: three_card_bonus", "wager: three_card_bonsu", "three_card_bonus",
     lambda: _schema_enum("proposed-paytable", "properties", "wager")),
], ids=["amendment-amends", "amendment-fact-id", "proposal-wager"])
def test_an_unknown_id_in_a_draft_or_a_proposal_gets_the_nearest_and_the_choices(case, command, path, old, new,
                                                                                meant, choices, tmp_path):
    text = path.read_text(encoding="utf-8")
    assert old in text
    changed = tmp_path / path.name
    changed.write_text(text.replace(old, new, 1), encoding="utf-8")
    args = [command, changed] if command == "validate" else [command, "--paytable-file", changed]
    result = run(*args)
    assert result.exit_code == (1 if command == "validate" else 2), result.output   # validate: 1 is "problems found"
    assert f"did you mean {meant!r}?" in result.stderr and all(c in result.stderr for c in choices()), result.stderr
