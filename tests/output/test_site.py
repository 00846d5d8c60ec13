"""``lit-compliance site -o DIR``: the catalogue as a static site.

Every expected figure is computed here from the rulesets (independently of the site's own code
where that is cheap), never typed in.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, history
from lit_compliance.load.resources import data_dir
from lit_compliance.output.files import OutputError, write_tree
from lit_compliance.report.references import page, reference, site_facts

from site_html import broken_links, duplicate_ids, heading_jumps, parse_site


def _all_rulesets(cat):
    return [rs for j in cat.jurisdictions for rs in cat.versions(j)]


def _cited_mappings(node, path=()):
    """An independent count of the facts: mappings with a citation, outside the findings."""
    if isinstance(node, dict):
        n = 1 if "cite" in node and path else 0
        return n + sum(_cited_mappings(v, path + (k,)) for k, v in node.items() if not (not path and k == "findings"))
    if isinstance(node, list):
        return sum(_cited_mappings(v, path + (i,)) for i, v in enumerate(node))
    return 0


@pytest.fixture(scope="module")
def pages(built_site):
    return parse_site(built_site)


def test_there_is_a_page_for_every_ruleset_jurisdiction_and_par_sheet(built_site, catalogue):
    assert (built_site / "index.html").is_file() and (built_site / "site.css").is_file()
    for jid in catalogue.jurisdictions:
        assert (built_site / jid / "index.html").is_file()
        for rs in catalogue.versions(jid):
            assert (built_site / page(rs) / "index.html").is_file(), rs.ref
            par = (built_site / page(rs) / "par.html").read_text()
            assert f"PAR sheet: Let It Ride, {rs.name}" in par
    assert (built_site / "drafts" / "maryland-draft-amendment.html").is_file()


def test_home_page_lists_every_jurisdiction_with_counts_from_the_rulesets(built_site, catalogue):
    home = (built_site / "index.html").read_text()
    for rs in _all_rulesets(catalogue):
        row = re.search(rf'<tr data-jurisdiction="{re.escape(rs.jurisdiction)}" data-version="{re.escape(rs.version)}">'
                        r"(.*?)</tr>", home, re.S)
        assert row, rs.ref
        cells = row.group(1)
        facts = _cited_mappings(rs.data)
        paytables = sum(len(w["paytables"]) for w in rs.data["wagers"])
        assert f'<td class="n facts">{facts}</td>' in cells
        assert f'<td class="n findings">{len(rs.data["findings"])}</td>' in cells
        assert f'<td class="n paytables">{paytables}</td>' in cells
        assert rs.name in home


def test_home_page_has_the_topic_matrix(built_site, catalogue):
    from lit_compliance.regulator.compare import topics

    home = (built_site / "index.html").read_text()
    for topic in topics().values():
        assert f'href="compare/{topic.name}.html"' in home
        assert (built_site / "compare" / f"{topic.name}.html").is_file()


def test_every_fact_and_finding_has_its_anchor(built_site, catalogue, pages):
    for rs in _all_rulesets(catalogue):
        ids = set(pages[page(rs) + "index.html"].ids)
        refs = [reference(rs, path) for _, path, _ in site_facts(rs)]
        assert len(refs) == _cited_mappings(rs.data) == len(set(refs))
        for ref in refs:
            assert ref.startswith(page(rs) + "#")
            assert ref.split("#", 1)[1] in ids, ref
        for finding in rs.data["findings"]:
            assert f"findings.{finding['id']}" in ids


def test_reference_scheme_names_list_items_by_id_and_hand(catalogue):
    rs = catalogue.latest("maryland")
    wagers = rs.data["wagers"]
    wi = next(i for i, w in enumerate(wagers) if w["paytables"])
    line = wagers[wi]["paytables"][0]["lines"][0]
    path = ("wagers", wi, "paytables", 0, "lines", 0)
    assert reference(rs, path) == (f"maryland/v1/#wagers.{wagers[wi]['id']}.paytables."
                                   f"{wagers[wi]['paytables'][0]['id']}.lines.{line['hand']}")


def test_findings_show_their_readings_with_the_default_marked_applied(built_site, catalogue):
    for rs in _all_rulesets(catalogue):
        html = (built_site / page(rs) / "index.html").read_text()
        for finding in rs.data["findings"]:
            for reading in finding.get("readings") or ():
                block = html.split(f'id="findings.{finding["id"]}"', 1)[1].split("</article>", 1)[0]
                assert f"<strong>{reading['id']}</strong>" in block
                if reading["default"]:
                    assert f"<strong>{reading['id']}</strong> <span class=\"tag\">default, applied</span>" in block


def test_every_paytable_shows_its_house_edge_as_the_paytables_command_does(built_site, catalogue):
    from lit_compliance.gamemath import analyse
    from lit_compliance.operator.summary import paytables_view

    rs = catalogue.latest("maryland")
    html = (built_site / page(rs) / "index.html").read_text()
    view = paytables_view(rs, analyse(rs))
    for wi, wager in enumerate(view["wagers"]):
        for ti, table in enumerate(wager["tables"]):
            if table["id"] == "-":
                continue
            anchor = reference(rs, ("wagers", wi, "paytables", ti)).split("#")[1]
            block = html.split(f'<h4 id="{anchor}">', 1)[1].split("</section>", 1)[0]
            assert f"House edge: <strong>{table['math']['house_edge']}</strong>" in block
            assert f'href="par.html#{rs.ref}-{wager["id"]}-{table["id"]}"' in block


def test_internal_links_anchors_and_markup(built_site, pages):
    assert broken_links(built_site, pages) == []
    for name, p in pages.items():
        assert p.lang == "en", name
        assert p.headings.count(1) == 1, name
        assert duplicate_ids(p) == [], name
        assert p.scripts == 0, name
        if name.endswith("par.html"):
            continue  # the PAR sheet is the par command's own document
        assert heading_jumps(p) == [], name
        assert p.th_without_scope == 0, name
        assert "#main" in p.links and "main" in p.ids, name
    css = (built_site / "site.css").read_text()
    assert "@media print" in css


def test_timeline_shows_every_amendment_without_a_catalogued_version(built_site, catalogue):
    for jid in catalogue.jurisdictions:
        versions = catalogue.versions(jid)
        html = (built_site / jid / "index.html").read_text()
        for rs in versions:
            assert f'href="{page(rs).split("/", 1)[1]}index.html"' in html
        dates = {rs.effective_date for rs in versions}
        for citation, date in history(versions[-1]):
            if date in dates:
                continue
            assert f"<strong>Amendment {citation}</strong>, effective {date.isoformat()}" in html
    assert history(catalogue.latest("south-dakota"))


def test_draft_amendment_diff_page_matches_the_diff(built_site, catalogue):
    from lit_compliance.load.catalogue import load_ruleset
    from lit_compliance.regulator.diff import diff_rulesets
    from lit_compliance.regulator.diff_view import diff_view

    draft = load_ruleset(data_dir("rulesets").parent / "examples" / "maryland-draft-amendment.yaml")
    summary = diff_view(diff_rulesets(catalogue.get("maryland", "v1"), draft))["summary"]
    html = (built_site / "drafts" / "maryland-draft-amendment.html").read_text()
    assert f"{summary}." in html
    assert 'fact <a href="../maryland/v1/index.html#wagers.' in html


def test_every_pair_of_versions_gets_a_diff_page(tmp_path):
    from lit_compliance.report.site import site_pages

    root = tmp_path / "rulesets"
    shutil.copytree(data_dir("rulesets") / "south-dakota", root / "south-dakota")
    text = (root / "south-dakota" / "2017-04-17.yaml").read_text()
    for new_id, old_id in (("2027-01-01", "2017-04-17"), ("2028-01-01", "2027-01-01")):
        new = re.sub(r'(version:\n(?:  .*\n)*?  id: )"?2017-04-17"?', rf'\g<1>"{new_id}"', text, count=1)
        new = re.sub(r'(  effective_date: )"2017-04-17"', rf'\g<1>"{new_id}"', new, count=1)
        new = re.sub(r"(  supersedes: )null", rf'\g<1>"{old_id}"', new, count=1)
        new = new.replace("value: 1000", "value: 1001", 1) if new_id == "2028-01-01" else new
        (root / "south-dakota" / f"{new_id}.yaml").write_text(new)
    cat = Catalogue.load(root)
    versions = [rs.version for rs in cat.versions("south-dakota")]
    paths = {p.path for p in site_pages(cat)}
    for i, old in enumerate(versions):
        for new in versions[i + 1:]:
            assert f"south-dakota/diff/{old}--{new}.html" in paths
    assert len([p for p in paths if "/diff/" in p]) == len(versions) * (len(versions) - 1) // 2
    from lit_compliance.output.render import render

    changed = next(p for p in site_pages(cat) if p.path == f"south-dakota/diff/{versions[1]}--{versions[2]}.html")
    html = render(changed.template, **changed.context)
    for version in versions[1:]:        # the one change links to its fact on each side's page
        assert re.search(rf'fact <a href="\.\./\.\./south-dakota/{version}/index\.html#wagers\.[^"]+">', html)


def _build(out: Path) -> CliRunner:
    return CliRunner().invoke(main, ["site", "-o", str(out)])


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_identical_inputs_give_byte_identical_sites_and_nothing_outside_the_folder(built_site, tmp_path):
    parent = tmp_path / "parent"
    parent.mkdir()
    assert sorted(os.listdir(built_site.parent)) == ["site"]  # the session's build, into a new folder
    out = parent / "site"
    shutil.copytree(built_site, out)                        # a site written before (the session's)...
    (out / "old-page.html").write_text("a page an older catalogue had")
    result = _build(out)                                    # ...is replaced whole by another build
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(parent)) == ["site"]          # no temporary or stray file beside it
    assert _files(out) == _files(built_site)               # another build, another folder: same bytes


def test_a_site_computed_without_the_cache_has_the_bytes_of_one_read_from_it(built_site, tmp_path, monkeypatch):
    # built_site filled the session's cache (prices, each ruleset's source side) and the first test
    # above read it back; with the cache off everything is computed again
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    result = _build(tmp_path / "s")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "s") == _files(built_site)


def test_another_process_with_another_hash_seed_writes_the_same_bytes(built_site, tmp_path):
    import subprocess
    import sys

    import lit_compliance

    # The same package the suite imports (the installed one in CI, else the checkout).
    env = {**os.environ, "PYTHONHASHSEED": "4242", "PYTHONPATH": str(Path(lit_compliance.__file__).parent.parent)}
    subprocess.run([sys.executable, "-m", "lit_compliance", "site", "-o", str(tmp_path / "s")], env=env,
                   check=True, capture_output=True, timeout=600)
    assert _files(tmp_path / "s") == _files(built_site)


def test_files_and_folders_follow_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_tree(tmp_path / "s", {"a/b.html": "x", "c.css": b"y"})
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "s" / "a" / "b.html").st_mode) == 0o640
    assert stat.S_IMODE(os.stat(tmp_path / "s" / "a").st_mode) == 0o750
    assert stat.S_IMODE(os.stat(tmp_path / "s").st_mode) == 0o750


@pytest.mark.parametrize("rel", ["../escape.html", "/abs.html", "a/../../x", "a//b", "./a"])
def test_nothing_is_written_outside_the_folder(tmp_path, rel):
    with pytest.raises(OutputError):
        write_tree(tmp_path / "s", {"index.html": "x", rel: "y"})
    assert os.listdir(tmp_path) == []


@pytest.fixture
def small_site(monkeypatch):
    """The site command with a two-file site: refusing an output folder is the writer's part, and
    the whole catalogue need not be rendered for each folder refused."""
    import lit_compliance.cli.site as command

    monkeypatch.setattr(command, "site_files_with_progress", lambda: {"index.html": "<!DOCTYPE html>", "site.css": b"body {}"})


def _one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_bad_output_folders_are_refused_in_one_line(tmp_path, small_site):
    a_file = tmp_path / "file"
    a_file.write_text("keep")
    assert "not a folder" in _one_line_error(_build(a_file))
    assert a_file.read_text() == "keep"
    assert "does not exist" in _one_line_error(_build(a_file / "site"))
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    assert "other files" in _one_line_error(_build(other))
    assert os.listdir(other) == ["notes.txt"]
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere")
    assert "symbolic link" in _one_line_error(_build(link))
    assert not (tmp_path / "elsewhere").exists()


def test_an_unwritable_parent_is_refused_in_one_line(tmp_path, small_site):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):   # root ignores folder permissions: use a folder no one may write
            if not Path("/proc/self").is_dir():
                pytest.skip("running as root without /proc: no unwritable folder to try")
            target = Path("/proc/lit-compliance-site")
        else:
            target = locked / "site"
        line = _one_line_error(_build(target))
        assert "cannot write" in line
        assert os.listdir(locked) == []
    finally:
        locked.chmod(0o700)


def test_the_link_check_sees_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "index.html").write_text('<html lang="en"><body><h1 id="top">x</h1><a href="#top">ok</a>'
                                         '<a href="#nowhere">bad</a><a href="gone.html">bad</a>'
                                         '<a href="https://example.org/">out</a><a href="./">folder</a></body></html>')
    bad = broken_links(tmp_path, parse_site(tmp_path))
    assert len(bad) == 4 and any("folder" in b for b in bad) and any("#nowhere" in b for b in bad) and any("gone.html" in b for b in bad)


def _luminance(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    channels = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_text_colours_have_at_least_aa_contrast_on_every_background():
    css = (data_dir("templates") / "site" / "site.css").read_text()
    colours = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{3,6})", css))
    texts = {colours["ink"], colours["muted"], colours["link"]}
    texts |= set(re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})", css))
    backgrounds = {"#fff", colours["flag"]} | set(re.findall(r"background:\s*(#[0-9a-fA-F]{3,6})", css))
    assert len(texts) >= 4 and len(backgrounds) >= 3
    for text in texts:
        for background in backgrounds:
            assert _contrast(text, background) >= 4.5, (text, background)


def test_source_pages_show_every_provision_beside_the_facts_and_findings_that_quote_it(built_site, catalogue, pages):
    import html as html_lib

    import markupsafe

    from lit_compliance.load.provisions import source_index
    from lit_compliance.load.quotes import coverage
    from lit_compliance.report.site.links import anchor_href, clause_anchor, provision_anchor

    described = [rs for rs in _all_rulesets(catalogue) if rs.data["source"].get("clauses")]
    assert described
    marked = 0
    for rs in described:
        ids = set(pages[page(rs) + "source.html"].ids)
        text = (built_site / page(rs) / "source.html").read_text()
        assert 'href="source.html' in (built_site / page(rs) / "index.html").read_text()
        for clause in source_index(rs).clauses:  # every clause keeps its anchor (citations link to it)
            assert clause_anchor(clause.id) in ids, clause.id
        for status in coverage(rs).statuses:
            anchor = provision_anchor(status.provision.id)
            assert anchor in ids and anchor.startswith(clause_anchor(status.provision.clause) + "/p"), anchor
            row = text.split(f'<tr id="{html_lib.escape(anchor)}"', 1)[1].split("</tr>", 1)[0]
            assert f"line {status.provision.line}<" in row
            for fact in status.facts:
                assert f'href="index.html#{fact}"' in row
            for finding in status.findings:
                assert f'href="index.html#findings.{finding}"' in row
            if status.status == "no rule":
                assert str(markupsafe.escape(status.no_rule)) in row
            if status.status == "uncovered":
                assert "<strong>Uncovered</strong>" in row
            words = re.sub(r"<[^>]+>", "", row.split('<td class="text">', 1)[1].split("</td>", 1)[0])
            assert html_lib.unescape(words) == status.provision.text
            for a, b in status.marked:  # the words a quote covers are marked, and only those
                assert f"<mark>{markupsafe.escape(status.provision.text[a:b])}</mark>" in row
                marked += 1
            assert row.count("<mark>") == len(status.marked)
        index_html = (built_site / page(rs) / "index.html").read_text()
        first: dict = {}
        for status in coverage(rs).statuses:  # a fact's citation links to the first provision it quotes
            for fact in status.facts:
                first.setdefault(fact, status.provision.id)
        for fact, provision in first.items():
            fact_html = index_html.split(f'id="{fact}"', 1)[1].split("</p>", 1)[0]
            assert f'href="source.html{html_lib.escape(anchor_href(provision_anchor(provision)))}"' in fact_html, (fact, provision)
    assert marked > 100


# --- the site kept whole in the cache: served only for the same inputs -------------------------------------


def test_a_second_site_run_is_read_from_the_cache_with_the_same_bytes(built_site, tmp_path, monkeypatch):
    # built_site wrote the site under the session's cache; a second run builds nothing and writes the same bytes
    from lit_compliance.output import site as site_command

    def no_build(cat, progress=None):
        raise AssertionError("the site was built again, not read from the cache")

    monkeypatch.setattr(site_command, "build", no_build)
    result = _build(tmp_path / "s")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "s") == _files(built_site)


def test_the_site_s_cache_key_changes_with_every_input_it_is_made_from(tmp_path, monkeypatch):
    from lit_compliance.output import site as site_command

    copies = {}
    for name in ("rulesets", "schema", "sources", "templates"):
        copies[name] = tmp_path / name
        shutil.copytree(data_dir(name), copies[name], ignore=shutil.ignore_patterns("__pycache__"))
    copies["examples"] = tmp_path / "examples"
    copies["examples"].mkdir()
    for name in site_command.EXAMPLE_DRAFTS:
        shutil.copy(data_dir("examples") / name, copies["examples"] / name)
    monkeypatch.setattr(site_command, "data_dir", lambda name: copies[name])
    first = site_command.inputs_key()
    assert site_command.inputs_key() == first
    edits = [copies["rulesets"] / "nsw" / "v1.yaml", copies["schema"] / "ruleset.schema.json",
             next(copies["sources"].iterdir()), copies["templates"] / "site" / "site.css",
             copies["templates"] / "site" / "ruleset.html.j2", copies["examples"] / site_command.EXAMPLE_DRAFTS[0]]
    for path in edits:
        before = path.read_bytes()
        path.write_bytes(before + b"\n")
        assert site_command.inputs_key() != first, path
        path.write_bytes(before)
        assert site_command.inputs_key() == first
    added = copies["rulesets"] / "nsw" / "v2.yaml"
    added.write_bytes((copies["rulesets"] / "nsw" / "v1.yaml").read_bytes())
    assert site_command.inputs_key() != first      # a new version is a new input
    added.unlink()
    (copies["templates"] / "site" / "site.css").rename(copies["templates"] / "site" / "other.css")
    assert site_command.inputs_key() != first      # so is a renamed one
