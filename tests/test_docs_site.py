"""The documentation site (mkdocs.yml, docs/): the README's links lead to pages that exist, every page is
in the site's navigation, and (slow, with the `docs` extra installed) `mkdocs build --strict` builds it
with no broken link, a command reference holding every command of the click group and an API reference
holding every call of `lit_compliance.api`."""
from __future__ import annotations

import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from lit_compliance import api
from lit_compliance.cli import load_all, main

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _nav_pages(items) -> list[str]:
    pages = []
    for item in items:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        pages.extend(_nav_pages(value) if isinstance(value, list) else [value])
    return pages


def _config() -> dict:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=yaml.SafeLoader)


def test_every_link_of_the_readme_leads_to_a_file_that_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)", readme)
    local = [t for t in targets if "://" not in t]
    assert len(local) >= 10, local   # the README's "where to read on" points into docs/
    assert [t for t in local if not (ROOT / t).exists()] == []


def test_the_readme_keeps_the_two_set_up_commands_and_ci_runs_them_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    blocks = re.findall(r"## Set-up \(two commands\)(.*?)\n## ", readme, re.S)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", blocks, re.S)
    assert len(commands) == 2
    for command in commands:
        head = command.split(" && .venv/bin/lit-compliance analyze all")[0]   # CI sends the main job's output away
        assert head in ci, command


def test_every_page_in_docs_is_in_the_navigation_and_every_navigation_entry_exists():
    nav = _nav_pages(_config()["nav"])
    on_disk = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(nav) == on_disk
    assert "commands.md" in nav and "api-reference.md" in nav


def test_the_command_reference_documents_the_cli_group_the_program_runs():
    page = (DOCS / "commands.md").read_text(encoding="utf-8")
    group = re.search(r":module: (\S+)\n\s*:command: (\S+)", page)
    script = re.search(r'lit-compliance = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert group and script and f"{group[1]}:{group[2]}" == script[1]


def _built_site(tmp_path: Path) -> Path:
    if importlib.util.find_spec("mkdocs") is None or shutil.which("mkdocs", path=str(Path(sys.executable).parent)) is None:
        if os.environ.get("CI") == "true":   # .ci/run installs the docs extra before the slow run
            pytest.fail("the docs extra is not installed, so the documentation site cannot be built")
        pytest.skip("the docs extra is not installed (pip install '.[docs]')")
    out = tmp_path / "docs-site"
    result = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict", "-q",
                             "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
                            capture_output=True, text=True, cwd=ROOT, timeout=900,
                            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-4000:]
    return out


@pytest.mark.slow
def test_the_site_builds_strictly_with_every_command_and_every_api_call(tmp_path):
    out = _built_site(tmp_path)
    for page in _nav_pages(_config()["nav"]):
        folder = page.removesuffix(".md").removesuffix("index").removesuffix("README")
        assert (out / folder / "index.html").is_file(), page
    commands = html.unescape((out / "commands" / "index.html").read_text(encoding="utf-8"))
    assert "Sentinel" not in commands   # no placeholder of click's in place of a default
    load_all()
    headings = set(re.findall(r'<h3 id="lit-compliance-([a-z-]+)"', commands))
    assert headings == set(main.commands), set(main.commands) ^ headings
    for name in main.commands:   # each command's own help text is on its page
        first = main.commands[name].help.split("\n\n")[0].split()[:4]
        assert " ".join(first) in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", commands)), name
    reference = (out / "api-reference" / "index.html").read_text(encoding="utf-8")
    assert not re.search(r":(class|meth|mod|func):", reference)   # Sphinx roles would print raw
    for call in api.__all__:
        assert f'id="lit_compliance.api.{call}"' in reference, call


def test_the_sites_home_page_is_the_readme_with_its_commands_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n.*?\n```", readme, re.S)
    assert len(blocks) >= 4 and [b for b in blocks if b not in home] == []
    readme_sections = re.findall(r"^## .*$", readme, re.M)
    assert readme_sections == re.findall(r"^## .*$", home, re.M)
    for target in re.findall(r"\]\(docs/([^)#\s]+)", readme):   # each page the README points to, the home page links too
        assert f"]({target})" in home, target
