"""A reading that removes a paytable the source prints, made the default: every view that lists the
printed paytables says the reading in force removes it, instead of stopping with an internal error
(south-dakota's ``by-wager-amount`` removes progressive paytable ``lirp-1``; ``site``, ``compare``
and ``diff`` stopped with ``KeyError``)."""
from __future__ import annotations

import re

import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.resources import data_dir


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _removing_reading(data: dict) -> tuple[str, str, str, str, str]:
    """(finding, its default reading, the reading that removes a paytable, wager, paytable), read from the data."""
    for finding in data["findings"]:
        for reading in finding.get("readings") or ():
            for change in reading.get("changes") or ():
                parts = str(change.get("remove", "")).split("/")
                if len(parts) == 4 and parts[0] == "wagers" and parts[2] == "paytables" and not reading["default"]:
                    default = next(r["id"] for r in finding["readings"] if r["default"])
                    return finding["id"], default, reading["id"], parts[1], parts[3]
    raise AssertionError("no reading removes a paytable")


def _with_default(text: str, finding: str, old: str, new: str) -> str:
    """The ruleset's text with ``new`` as ``finding``'s default reading in place of ``old``."""
    start = text.index(f"- id: {finding}\n")
    head, tail = text[:start], text[start:]
    tail, n_old = re.subn(rf"(- id: {re.escape(old)}\n\s+default: )true", r"\1false", tail, count=1)
    tail, n_new = re.subn(rf"(- id: {re.escape(new)}\n\s+default: )false", r"\1true", tail, count=1)
    assert n_old == n_new == 1
    return head + tail


def _moved(tmp_path):
    """South Dakota's ruleset with a reading that removes a printed paytable made the default, written
    to a file: (the file, (finding, old default, the removing reading, wager, paytable))."""
    source = data_dir("rulesets") / "south-dakota" / "2017-04-17.yaml"
    text = source.read_text(encoding="utf-8")
    found = _removing_reading(yaml.safe_load(text))
    moved = tmp_path / "moved.yaml"
    moved.write_text(_with_default(text, *found[:3]), encoding="utf-8")
    return moved, found


def test_a_default_reading_that_removes_a_printed_paytable_is_said_not_crashed_on(tmp_path):
    moved, (finding, default, removing, wager, paytable) = _moved(tmp_path)
    assert run("validate", moved).exit_code == 0
    said = f"the reading in force ({finding}/{removing}) removes this paytable"

    # compare: the printed paytable's column says so in its house-edge row.
    topic = f"{wager}-paytables"
    result = run("compare", topic, "-j", moved, "--format", "json")
    assert result.exit_code == 0, result.output
    assert said in result.output

    # paytables: the printed paytable is listed, not priced, and says why.
    result = run("paytables", moved)
    assert result.exit_code == 0, result.output
    assert f"({paytable})" in result.output and said in result.output

    # diff: a change inside the removed paytable is reported, its house edge said to be removed.
    data = yaml.safe_load(moved.read_text(encoding="utf-8"))
    table = next(t for w in data["wagers"] if w["id"] == wager for t in w["paytables"] if t["id"] == paytable)
    line = next(ln for ln in table["lines"] if isinstance(ln["payout"].get("value"), int) and ln["payout"]["value"] > 1)
    full = moved.read_text(encoding="utf-8")
    at = full.index(f"- id: {paytable}\n")
    old_payout = f"payout: {{kind: {line['payout']['kind']}, value: {line['payout']['value']}"
    new_payout = f"payout: {{kind: {line['payout']['kind']}, value: {line['payout']['value'] - 1}"
    assert old_payout in full[at:]
    changed = tmp_path / "changed.yaml"
    changed.write_text(full[:at] + full[at:].replace(old_payout, new_payout, 1), encoding="utf-8")
    result = run("diff", moved, changed)
    assert result.exit_code == 1, result.output   # differences: a negative answer, not trouble
    assert "the reading in force removes this paytable" in result.output
    assert "internal error" not in result.output


def test_the_site_page_of_such_a_ruleset_says_so_and_links_no_missing_par_sheet(tmp_path):
    from lit_compliance.gamemath import analyse
    from lit_compliance.load.catalogue import load_ruleset
    from lit_compliance.output.render import render
    from lit_compliance.report.site.ruleset_page import ruleset_view

    moved, (finding, default, removing, wager, paytable) = _moved(tmp_path)
    rs = load_ruleset(moved)
    results = analyse(rs)
    assert (wager, paytable) not in {(r.wager_id, r.paytable_id) for r in results}   # not priced: removed
    view = ruleset_view(rs, results, f"{rs.jurisdiction}/{rs.version}/index.html", "par.html")
    page = render("site/ruleset.html.j2", **view)
    said = f"the reading in force ({finding}/{removing}) removes this paytable"
    assert said in page
    assert f"par.html#{rs.ref}-{wager}-{paytable}" not in page                 # the PAR sheet has no such section
    priced_table = next(r for r in results if r.wager_id == wager)
    assert f"par.html#{rs.ref}-{wager}-{priced_table.paytable_id}" in page     # the priced ones keep their link
