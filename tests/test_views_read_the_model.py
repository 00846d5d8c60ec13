"""Every view reads the model, not the YAML document.

Outside ``load/`` (which reads and validates documents), ``model/`` (which types them) and the
semantic diff (``regulator/diff.py``, ``changes.py``, ``matching.py``, which compares two documents
as such), no module reads a loaded document: neither ``.data`` (of a ruleset or a table
configuration) nor ``.sections`` (a model's document under its readings), nor the loader's raw
properties of a ruleset (``rs.wagers``, ``rs.wager(id)``, ``rs.findings``), and no template reads
``.data``. The test walks the package's syntax trees (and the templates' expressions), so a new raw
read fails here naming its file and line.

A module may read the documents it parses as its own input (a round file, a results file, a
proposed paytable, the configuration being validated); those reads are listed by module and
receiver below, each with what the document is.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "lit_compliance"
TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

# Stages and modules that read documents by design.
DOCUMENT_READERS = ("load/", "model/", "regulator/diff.py", "regulator/changes.py", "regulator/matching.py")

# Modules not converted yet: none is left. The list may only shrink: an entry whose module no longer
# reads a document fails the test too.
NOT_YET_CONVERTED: dict[str, str] = {}

# Documents a module parses as its own input: (module, receiver) -> what the document is.
OWN_INPUT = {
    ("table/config.py", "doc"): "the table configuration being validated",
    ("table/config.py", "self"): "TableConfig: the validated configuration it types once (settings)",
    ("hold/results.py", "doc"): "a results file (CSV, YAML or JSON rows)",
    ("operator/floor.py", "doc"): "the floor file being read (its tables' configurations are loaded as such)",
    ("report/whatif.py", "doc"): "a proposed paytable file",
    ("play/round_file.py", "doc"): "the round file being read",
    ("play/round_file.py", "self"): "the round file's own document (RoundFile.data), not the ruleset",
    ("play/round_file.py", "self.doc"): "the round file's own document",
}

READS = ("data", "sections")

# The loader's raw properties (``Ruleset.wagers``, ``.wager(id)``, ``.findings``) hand out the
# document's own mappings; a loaded ruleset is called ``rs`` or ``ruleset`` (or ``x.rs``,
# ``x.ruleset``) throughout the package, so reading one of them through such a name is a raw read.
RAW_PROPERTIES = ("wagers", "wager", "findings")
RULESET_NAMES = re.compile(r"(?:.+\.)?(?:rs|ruleset)")


def _module(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def document_reads() -> dict[str, list[tuple[int, str]]]:
    """{module: [(line, 'receiver.attr'), ...]} for every read of ``.data`` or ``.sections`` outside
    the document readers and the receivers a module owns as its own input, and every read of a
    loaded ruleset's raw properties (``rs.wagers``, ``ruleset.wager(...)``, ``rs.findings``)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        if module.startswith(DOCUMENT_READERS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)):
                continue
            receiver = ast.unparse(node.value)
            if node.attr in RAW_PROPERTIES and RULESET_NAMES.fullmatch(receiver):
                found.setdefault(module, []).append((node.lineno, f"{receiver}.{node.attr}"))
                continue
            if node.attr not in READS:
                continue
            if node.attr == "data" and (module, receiver) in OWN_INPUT:
                continue
            found.setdefault(module, []).append((node.lineno, f"{receiver}.{node.attr}"))
    return found


def test_no_view_reads_a_loaded_document():
    reads = document_reads()
    allowed = set(NOT_YET_CONVERTED)
    offending = {m: r for m, r in reads.items() if m not in allowed}
    assert not offending, "read the model, not the document:\n" + "\n".join(
        f"lit_compliance/{m}:{line}: {what}" for m, rs in sorted(offending.items()) for line, what in rs)


def test_the_list_of_modules_not_yet_converted_only_shrinks():
    reads = document_reads()
    done = sorted(m for m in NOT_YET_CONVERTED if m not in reads)
    assert not done, f"these modules no longer read a document: remove them from NOT_YET_CONVERTED: {done}"


def test_the_detector_finds_a_raw_read():
    tree = ast.parse("def f(rs, config):\n    return rs.data['table'], config.data, model.sections\n")
    hits = [ast.unparse(n.value) + "." + n.attr for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr in READS]
    assert sorted(hits) == ["config.data", "model.sections", "rs.data"]


# A template reads a view or the model it is given; ``x.data`` in one is the loaded document read in
# presentation. (``.sections`` is not scanned here: the PAR sheet's views name their own parts
# ``sections``.)
TEMPLATE_READ = re.compile(r"\b[A-Za-z_][A-Za-z_0-9]*\.data\b")


def template_reads(text: str) -> list[tuple[int, str]]:
    """[(line, 'receiver.data'), ...] for every ``.data`` read inside a Jinja expression or
    statement of ``text``."""
    found = []
    for block in re.finditer(r"{{.*?}}|{%.*?%}", text, flags=re.S):
        for hit in TEMPLATE_READ.finditer(block.group(0)):
            found.append((text.count("\n", 0, block.start() + hit.start()) + 1, hit.group(0)))
    return found


def test_no_template_reads_a_loaded_document():
    offending = [f"templates/{path.relative_to(TEMPLATES).as_posix()}:{line}: {what}"
                 for path in sorted(TEMPLATES.rglob("*.j2"))
                 for line, what in template_reads(path.read_text(encoding="utf-8"))]
    assert not offending, "a template reads the document, not the model:\n" + "\n".join(offending)


def test_the_template_detector_finds_a_raw_read():
    text = "{% set d = rs.data %}\nplain rs.data text\n{{ m.header.source.title }} {{ config.data.x }}\n"
    assert template_reads(text) == [(1, "rs.data"), (3, "config.data")]


def test_the_detector_finds_a_read_through_the_loaders_raw_properties(tmp_path, monkeypatch):
    package = tmp_path / "lit_compliance"
    (package / "operator").mkdir(parents=True)
    (package / "operator" / "view.py").write_text(
        "def f(rs, ctx, model):\n"
        "    a = [w['id'] for w in rs.wagers]\n"
        "    b = ctx.ruleset.wager('base')['paytables']\n"
        "    c = model.wagers, as_printed(rs).findings, ctx.rs.findings\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert {m: sorted(r) for m, r in document_reads().items()} == {
        "operator/view.py": [(2, "rs.wagers"), (3, "ctx.ruleset.wager"), (4, "ctx.rs.findings")]}
