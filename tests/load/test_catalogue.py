"""The catalogue: five jurisdictions, versions by effective date, quotes checked against sources."""
from __future__ import annotations

import datetime as dt
import json
import re
import shutil

import pytest
from click.testing import CliRunner

from lit_compliance.load.catalogue import Catalogue, CatalogueError
from lit_compliance.load.strict_yaml import InputError
from lit_compliance.cli import main
from lit_compliance.load.resources import data_dir

JURISDICTIONS = ["maryland", "massachusetts", "nsw", "south-dakota", "tribal"]


def test_catalogue_has_the_five_jurisdictions(catalogue):
    assert catalogue.jurisdictions == JURISDICTIONS


def test_list_command_shows_version_effective_date_and_citation():
    result = CliRunner().invoke(main, ["list", "--format", "json"])
    assert result.exit_code == 0
    rows = {r["jurisdiction"]: r for r in json.loads(result.output)}
    assert set(rows) == set(JURISDICTIONS)
    assert rows["south-dakota"]["effective_date"] == "2017-04-17"
    assert rows["maryland"]["effective_date"] == "not stated in source"
    assert "36.05.18" in rows["maryland"]["citation"]
    text = CliRunner().invoke(main, ["list"]).output
    assert "south-dakota" in text and "2017-04-17" in text


def test_show_text_lists_findings_and_json_round_trips(catalogue):
    result = CliRunner().invoke(main, ["show", "maryland"])
    assert result.exit_code == 0
    assert "Findings (" in result.output
    assert "md-six-card-hand-undefined" in result.output
    data = json.loads(CliRunner().invoke(main, ["show", "maryland", "--format", "json"]).output)
    from lit_compliance.load.ruleset import finding_lists

    assert "provisions" not in data  # the ruleset alone: the source's words only on request
    assert data == finding_lists(catalogue.latest("maryland").data)


def test_show_json_with_source_adds_the_provisions_beside_the_ruleset(catalogue):
    from lit_compliance.load.provisions import provisions as source_provisions
    from lit_compliance.load.ruleset import finding_lists

    result = CliRunner().invoke(main, ["show", "maryland", "--format", "json", "--with-source"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    provisions = data.pop("provisions")
    assert data == finding_lists(catalogue.latest("maryland").data)
    expected = source_provisions(catalogue.latest("maryland"))
    assert [p["provision"] for p in provisions] == [p.id for p in expected]
    assert {p["status"] for p in provisions} <= {"transcribed", "finding only", "no rule", "uncovered"}


def test_show_json_gives_every_finding_field_as_a_list(catalogue):
    """One type per JSON field: the YAML may give one finding id or a list; JSON always a list."""
    data = json.loads(CliRunner().invoke(main, ["show", "maryland", "--format", "json"]).output)
    kinds = set()

    def walk(value):
        if isinstance(value, dict):
            for k, v in value.items():
                if k == "finding":
                    kinds.add(type(v).__name__)
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(data)
    assert kinds == {"list"}
    raw = catalogue.latest("maryland").data
    assert isinstance(raw["definitions"][0]["finding"], str)   # the YAML gives a single id here


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_show_renders_every_jurisdiction_with_all_its_findings(catalogue, jurisdiction):
    result = CliRunner().invoke(main, ["show", jurisdiction])
    assert result.exit_code == 0, result.output
    rs = catalogue.latest(jurisdiction)
    assert f"Findings ({len(rs.findings)})" in result.output
    for finding in rs.findings:
        assert finding["id"] in result.output


def test_show_on_a_date_before_the_first_version_is_refused():
    result = CliRunner().invoke(main, ["show", "south-dakota", "--on", "2001-01-01"])
    assert result.exit_code == 2
    assert "before the earliest version" in result.output
    ok = CliRunner().invoke(main, ["show", "south-dakota", "--on", "2020-06-30"])
    assert ok.exit_code == 0 and "2017-04-17" in ok.output


def test_show_on_a_date_for_an_undated_source_is_refused_with_reason():
    result = CliRunner().invoke(main, ["show", "tribal", "--on", "2020-01-01"])
    assert result.exit_code == 2
    assert "states no effective date" in result.output


def test_unknown_jurisdiction_is_a_clean_error():
    result = CliRunner().invoke(main, ["show", "nevada"])
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown jurisdiction 'nevada'")


def test_validate_with_no_paths_checks_the_bundled_catalogue():
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 0
    assert result.output.strip() == "ok: 5 ruleset(s) valid"


def test_a_new_version_is_just_a_new_file(tmp_path):
    root = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets") / "south-dakota", root / "south-dakota")
    text = (root / "south-dakota" / "2017-04-17.yaml").read_text()
    new = re.sub(r'(version:\n(?:  .*\n)*?  id: )"?2017-04-17"?', r'\g<1>"2027-01-01"', text, count=1)
    new = re.sub(r'(  effective_date: )"2017-04-17"', r'\g<1>"2027-01-01"', new, count=1)
    new = re.sub(r"(  supersedes: )null", r'\g<1>"2017-04-17"', new, count=1)
    (root / "south-dakota" / "2027-01-01.yaml").write_text(new)
    cat = Catalogue.load(root)
    assert [r.version for r in cat.versions("south-dakota")] == ["2017-04-17", "2027-01-01"]
    assert cat.in_force("south-dakota", dt.date(2026, 12, 31)).version == "2017-04-17"
    assert cat.in_force("south-dakota", dt.date(2027, 1, 1)).version == "2027-01-01"
    with pytest.raises(CatalogueError):
        cat.in_force("south-dakota", dt.date(2017, 4, 16))


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _walk(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, path + (i,))


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_every_quote_occurs_in_the_bundled_source_and_holds_its_figure(catalogue, jurisdiction):
    rs = catalogue.latest(jurisdiction)
    source = (data_dir("sources") / rs.data["source"]["file"]).read_text(encoding="utf-8")
    flat = re.sub(r"\s+", " ", source)
    quotes = 0
    for path, node in _walk(rs.data):
        if "quote" not in node:
            continue
        pieces = [node["quote"]] if isinstance(node["quote"], str) else node["quote"]  # a list where not contiguous
        for piece in pieces:
            assert re.sub(r"\s+", " ", piece).strip() in flat, (path, piece)
        quote = " ".join(re.sub(r"\s+", " ", piece) for piece in pieces)
        quotes += 1
        payout = node.get("payout")
        if payout and payout.get("value") is not None:
            value = payout["value"]
            number = f"{value:g}" if not float(value).is_integer() else str(int(value))
            digits = re.sub(r"(?<=\d),(?=\d{3})", "", quote)
            assert re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", digits), (path, quote, value)
    assert quotes > 0


@pytest.mark.parametrize("jurisdiction", JURISDICTIONS)
def test_bundled_source_hash_matches_the_ruleset(catalogue, jurisdiction):
    import hashlib

    rs = catalogue.latest(jurisdiction)
    file = data_dir("sources") / rs.data["source"]["file"]
    assert hashlib.sha256(file.read_bytes()).hexdigest() == rs.data["source"]["sha256"]


def test_an_internal_error_is_reported_in_one_line_without_a_traceback(monkeypatch):
    import lit_compliance.cli.catalogue as cli

    def broken(*args, **kwargs):
        raise RuntimeError("template exploded")

    monkeypatch.delenv("LIT_COMPLIANCE_DEBUG", raising=False)
    monkeypatch.setattr(cli, "render", broken)
    result = CliRunner().invoke(main, ["show", "maryland"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "internal error (RuntimeError: template exploded)" in result.output


def test_show_on_names_the_amendment_in_force_when_its_text_is_not_catalogued(catalogue):
    from lit_compliance.load.catalogue import history

    rs = catalogue.versions("south-dakota")[0]
    entries = history(rs)
    absent = [e for e in entries if e[1] < rs.effective_date]
    assert len(absent) >= 2
    citation, date = absent[1]                       # a day after the second amendment took effect
    day = date + dt.timedelta(days=1)
    result = CliRunner().invoke(main, ["show", "south-dakota", "--on", day.isoformat()])
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and "before the earliest version" in line
    assert f"as amended by {citation} (effective {date.isoformat()})" in line
    assert "not in the catalogue" in line
    for other, _ in entries:
        if other != citation:
            assert other not in line
    early = CliRunner().invoke(main, ["show", "south-dakota", "--on", (entries[0][1] - dt.timedelta(days=1)).isoformat()])
    assert early.exit_code == 2 and "records nothing in force before" in early.output


def test_show_prints_the_site_reference_of_the_ruleset(catalogue):
    from lit_compliance.report.references import reference

    rs = catalogue.latest("maryland")
    result = CliRunner().invoke(main, ["show", "maryland"])
    assert result.exit_code == 0
    assert f"Site page:       {reference(rs)}" in result.output
    assert reference(rs, ("wagers", 0)) in result.output


def _catalogue_with_two_broken_files(tmp_path):
    root = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets"), root)
    (root / "tribal" / "v1.yaml").write_text("jurisdiction: [unclosed\n")
    text = (root / "nsw" / "v1.yaml").read_text()
    (root / "nsw" / "v1.yaml").write_text(text.replace("wagers:", "wagers_misspelt:", 1))
    return root


def test_a_jurisdiction_is_read_and_validated_only_when_asked_for(tmp_path, monkeypatch):
    """One command about Maryland reads Maryland's files only; a broken Tribal file does not stop it,
    and asking for Tribal names that file."""
    from lit_compliance.load import catalogue as catalogue_module

    root = _catalogue_with_two_broken_files(tmp_path)
    read = []
    real = catalogue_module.load_ruleset
    monkeypatch.setattr(catalogue_module, "load_ruleset", lambda path, display=None: read.append(path.parent.name)
                        or real(path, display))
    cat = Catalogue.load(root, lazy=True)
    assert cat.jurisdictions == JURISDICTIONS and read == []
    assert cat.latest("Maryland").jurisdiction == "maryland" and read == ["maryland"]
    cat.versions("maryland")
    assert read == ["maryland"]  # read once
    with pytest.raises(InputError) as broken:
        cat.versions("tribal")
    assert "tribal/v1.yaml" in str(broken.value) and "nsw" not in str(broken.value)


def test_every_problem_of_every_file_is_listed_when_all_are_asked_for(tmp_path):
    root = _catalogue_with_two_broken_files(tmp_path)
    for cat in (Catalogue.load(root, lazy=True), None):
        with pytest.raises(InputError) as broken:
            cat.all_versions() if cat else Catalogue.load(root)
        message = str(broken.value)
        assert "tribal/v1.yaml" in message and "nsw/v1.yaml" in message and "wagers_misspelt" in message


def test_list_names_every_broken_file_of_the_catalogue(tmp_path, monkeypatch):
    from lit_compliance.load import catalogue as catalogue_module

    monkeypatch.setattr(catalogue_module, "_BUNDLED", Catalogue.load(_catalogue_with_two_broken_files(tmp_path), lazy=True))
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "tribal/v1.yaml" in result.output and "nsw/v1.yaml" in result.output


def test_a_folder_not_named_as_its_jurisdiction_is_reported_not_ignored(tmp_path):
    root = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets") / "tribal", root / "Tribal")
    for cat in (Catalogue.load(root, lazy=True), None):
        with pytest.raises(InputError) as wrong:
            cat.versions("tribal") if cat else Catalogue.load(root)
        assert "'tribal' does not match its folder 'Tribal'" in str(wrong.value)
    with pytest.raises(InputError, match="does not match its folder"):
        Catalogue.load(root, lazy=True).all_versions()


def test_list_reads_headers_only_and_prints_what_the_whole_model_gives(monkeypatch):
    """``list`` takes each row from the ruleset's header and its wagers' and findings' lists, not from
    the whole model; its rows, text and JSON, are what the whole printed model of each ruleset gives."""
    from lit_compliance.model import as_printed
    from lit_compliance.model import ruleset as model_ruleset
    from lit_compliance.output.render import render

    expected = []
    for rs in Catalogue.bundled().all_versions():
        printed = as_printed(rs)
        expected.append({"jurisdiction": printed.header.jurisdiction.id, "name": printed.header.jurisdiction.name,
                         "version": printed.header.version.id,
                         "effective_date": printed.header.version.effective_date_text,
                         "citation": printed.header.source.citation,
                         "wagers": [w.id for w in printed.wagers], "findings": len(printed.findings)})
    built = []
    from lit_compliance.cli import catalogue as catalogue_commands

    for module, name in ((model_ruleset, "build_model"), (catalogue_commands, "as_printed")):
        monkeypatch.setattr(module, name, lambda *a, **k: built.append(a))
    result = CliRunner().invoke(main, ["list", "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.output) == expected and not built
    text = CliRunner().invoke(main, ["list"])
    assert text.exit_code == 0 and text.output == render("list.txt.j2", rows=expected).rstrip("\n") + "\n"
