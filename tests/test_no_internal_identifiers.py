"""No internal identifier reaches people.

Every text, Markdown and HTML (and SVG) output of every command, for every example, is rendered
through the real command line, and what the program itself says (the rulesets' own prose, which
authors write and the program quotes, is taken out first) must carry:

- no snake_case name: a hand (``four_of_a_kind``), a step (``settle_base_wagers``), a status
  (``function_of_wager``), a consequence kind, a dealing method or a field;
- no Python repr: a list or tuple of strings (``['a', 'b']``), a dict, a ``Fraction(...)``;
- on the placard, which players read, no reading id (``finding/reading``).

Addresses stay: a fact's anchor (``maryland/v1/#wagers.base.paytables.a.lines.royal_flush``) and a
file path are references, not wording; they are left out of the scan as any token with ``/`` or
``#`` in it.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, load_ruleset
from lit_compliance.load.strict_yaml import load_yaml_file
from bundled import JURISDICTIONS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CONFIGS = sorted((EXAMPLES / "configs").glob("*.yaml"))
ROUNDS = sorted((EXAMPLES / "rounds").glob("*"))
DRAFT = EXAMPLES / "maryland-draft-amendment.yaml"

SNAKE = re.compile(r"(?<![\w/#.\\-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w/-])")
REPR = re.compile(r"[\[(]'[^']*'(?:, '[^']*')*,?[\])]|\{'[^']*':|Fraction\(|<lit_compliance\.")
ADDRESS = re.compile(r"\S*[/#]\S*")
# A located message's address: ``file:line:col: field.path:`` names the field as the user's own file
# spells it (``payout_limit``), a reference, not wording.
LOCATION = re.compile(r"^\s*(?:error: |warning: )?\S+:\d+:\d+: [^\s:]+:", re.M)



def _config_words() -> set[str]:
    """Field names of a table configuration and the ids its fields take (dealing methods...)."""
    import json

    words: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            words.update(node.get("properties", {}))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(json.loads((ROOT / "schema" / "table-config.schema.json").read_text(encoding="utf-8")))
    cat = Catalogue.bundled()
    for j in cat.jurisdictions:
        for rs in cat.versions(j):
            words.update(m["id"] for m in rs.data["dealing_methods"])
    words.update(w.strip() for c in CONFIGS for w in re.findall(r"[a-z][a-z0-9_]*", c.read_text(encoding="utf-8")))
    return words


CONFIG_WORDS = _config_words()


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _cases() -> list:
    cases = []
    for j in JURISDICTIONS:
        cases += [("show", ["show", j]),
                  ("summary", ["summary", j, "--format", "markdown"]),
                  ("summary", ["summary", j, "--format", "html"]),
                  ("deal-plan", ["deal-plan", j]),
                  ("analyze", ["analyze", j]),
                  ("irregularity", ["irregularity", j, "--list"]),
                  ("par", ["par", j]),
                  ("par", ["par", j, "--format", "markdown"])]
    cases += [("irregularity", ["irregularity", "all", "--list"]),
              ("irregularity", ["irregularity", "all", "community_card_exposed_early"]),
              ("irregularity", ["irregularity", "all", "wrong_card_count"]),
              ("evaluate", ["evaluate", "As", "Kd", "Qh", "Jh", "10h", "--jurisdiction", "maryland"]),
              ("evaluate", ["evaluate", "As", "Ks", "Qs", "--jurisdiction", "south-dakota"]),
              ("evaluate", ["evaluate", "As", "Ks", "Qs", "Js", "10s", "9s", "--jurisdiction", "tribal"]),
              ("par", ["par", "maryland", "--format", "html"])]
    for config in CONFIGS:
        if not config.name.startswith("noncompliant"):
            cases += [("placard", ["placard", _rel(config), "--format", "html"]),
                      ("placard", ["placard", _rel(config), "--format", "svg"]),
                      ("par", ["par", _rel(config)])]
        cases.append(("check", ["check", _rel(config)]))
    cases += [("settle", ["settle", _rel(r)]) for r in ROUNDS]
    for fmt in ("text", "markdown", "html"):
        cases += [("diff", ["diff", "maryland", _rel(DRAFT), "--format", fmt]),
                  ("diff", ["diff", "nsw", "tribal", "--format", fmt]),
                  ("compare", ["compare", "qualifying-hand", "--format", fmt]),
                  ("compare", ["compare", "payout-limit", "--format", fmt]),
                  ("compare", ["compare", "base-paytables", "--format", fmt]),
                  ("compare", ["compare", "community-card-exposed-early", "--format", fmt])]
    cases += [("compare", ["compare", "--list"]), ("list", ["list"]), ("validate", ["validate", "--coverage"]),
              ("paytables", ["paytables", "maryland"]), ("paytables", ["paytables", "tribal"])]
    return [pytest.param(args, marks=(), id=" ".join(args))
            for command, args in cases]


class _Visible(HTMLParser):
    """The text a reader sees: character data outside ``style`` and ``script``, entities resolved."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def _visible(output: str, markup: bool) -> str:
    if markup:
        parser = _Visible()
        parser.feed(output)
        output = " ".join(parser.parts)
    output = re.sub(r"\\(.)", r"\1", output)  # Markdown escapes
    return " ".join(output.split())


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


@pytest.fixture(scope="module")
def authored() -> list[str]:
    """The prose the rulesets, configurations and rounds hold (words with spaces between them)
    that itself names an identifier: the program quotes it, it does not say it."""
    documents = [rs.data for rs in Catalogue.bundled().all_versions()] + [load_ruleset(DRAFT).data]
    documents += [load_yaml_file(p).data for p in CONFIGS + ROUNDS]
    found = set()
    for data in documents:
        for text in _strings(data):
            text = " ".join(text.split())
            if " " in text and (SNAKE.search(text) or REPR.search(text)):
                found.add(text)
    return sorted(found, key=len, reverse=True)


@pytest.fixture(scope="module")
def reading_refs() -> set[str]:
    refs = set()
    for rs in Catalogue.bundled().all_versions():
        for finding in rs.findings:
            for reading in finding.get("readings") or []:
                refs.add(f"{finding['id']}/{reading['id']}")
    return refs


@pytest.mark.parametrize("args", _cases())
def test_no_internal_identifier_in_any_output(args, authored, reading_refs, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    markup = args[-1] in ("html", "svg")
    said = _visible(result.output, markup)
    if args[0] == "placard":
        shown = [ref for ref in reading_refs if ref in said]
        assert shown == [], f"reading ids on the placard: {shown}"
    for text in authored:
        if text in said:
            said = said.replace(text, " ")
    said = ADDRESS.sub(" ", LOCATION.sub(" ", said))
    if args[0] == "check":  # what the operator writes in a configuration: its fields and the values they take
        # a field with an index (``accepted_math_flags[0]``) is the field
        said = " ".join(w for w in re.split(r"(\s+)", said)
                        if re.sub(r"\[\d+\]", "", w).strip(" '\",.;:?()[]") not in CONFIG_WORDS)
    names = sorted(set(SNAKE.findall(said)))
    reprs = sorted(set(REPR.findall(said)))
    assert names == [] and reprs == [], f"internal names {names}, Python reprs {reprs}"


def test_the_scan_finds_what_it_looks_for():
    said = _visible("<p>Pays <b>four_of_a_kind</b> on ['a', 'b'] (see <a href='x#royal_flush'>it</a>)</p>"
                    "<style>.a_b {}</style>", markup=True)
    assert SNAKE.findall(ADDRESS.sub(" ", said)) == ["four_of_a_kind"]
    assert REPR.findall(said) == ["['a', 'b']"]
    assert SNAKE.findall(_visible(r"step settle\_base\_wagers", markup=False)) == ["settle_base_wagers"]
