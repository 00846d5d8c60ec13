"""Every view reads the model, not the YAML document.

Outside ``load/`` (which reads and validates documents), ``model/`` (which types them) and the
semantic diff (``regulator/diff.py``, ``changes.py``, ``matching.py``, which compares two documents
as such), no module reads a loaded document: neither ``.data`` (of a ruleset or a table
configuration) nor ``.sections`` (a model's document under its readings). The test walks the
package's syntax trees, so a new raw read fails here naming its file and line.

A module may read the documents it parses as its own input (a round file, a results file, a
proposed paytable, the configuration being validated); those reads are listed by module and
receiver below, each with what the document is.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "lit_compliance"

# Stages and modules that read documents by design.
DOCUMENT_READERS = ("load/", "model/", "regulator/diff.py", "regulator/changes.py", "regulator/matching.py")

# Modules not converted yet: the dealing plans are read as the document states them (deal-plan's JSON
# prints the methods' requirements and stub rules as written). This list may only shrink: an entry
# whose module no longer reads a document fails the test too.
NOT_YET_CONVERTED = {
    "play/dealing.py": "dealing plans (steps, burns, community discards) as the document states them",
}

# Documents a module parses as its own input: (module, receiver) -> what the document is.
OWN_INPUT = {
    ("operator/table_config.py", "doc"): "the table configuration being validated",
    ("operator/table_config.py", "self"): "TableConfig: the validated configuration it types once (settings)",
    ("operator/hold_results.py", "doc"): "a results file (CSV, YAML or JSON rows)",
    ("report/whatif.py", "doc"): "a proposed paytable file",
    ("play/round_file.py", "doc"): "the round file being read",
    ("play/round_file.py", "self"): "the round file's own document (RoundFile.data), not the ruleset",
    ("play/round_file.py", "self.doc"): "the round file's own document",
}

READS = ("data", "sections")


def _module(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def document_reads() -> dict[str, list[tuple[int, str]]]:
    """{module: [(line, 'receiver.attr'), ...]} for every read of ``.data`` or ``.sections`` outside
    the document readers and the receivers a module owns as its own input."""
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module(path)
        if module.startswith(DOCUMENT_READERS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and node.attr in READS and isinstance(node.ctx, ast.Load)):
                continue
            receiver = ast.unparse(node.value)
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
