"""``lit-compliance site -o DIR``: the catalogue as a static site (no server, no JavaScript needed)."""
from __future__ import annotations

import hashlib
from pathlib import Path

import click
import jinja2

from .common import Trouble, catalogue, handled, main, progress
from .. import cache
from ..load.resources import data_dir
from ..load.catalogue import load_ruleset
from ..model import model_of
from ..output.render import render
from ..output.files import OutputError, write_tree

#: The draft amendments the site shows against the version they amend (bundled examples).
EXAMPLE_DRAFTS = ("maryland-draft-amendment.yaml",)


def _drafts(cat) -> list:
    out = []
    folder = data_dir("examples")  # the wheel carries the example drafts in lit_compliance/_data/examples
    for name in EXAMPLE_DRAFTS:
        path = folder / name
        draft = load_ruleset(path, f"examples/{name}")
        base = cat.get(draft.jurisdiction, model_of(draft).header.version.supersedes)
        out.append((path, draft, base))
    return out


def inputs_key() -> list:
    """The cache key of the site: a hash of every bundled file it is made from (the rulesets, the
    source texts they quote, the schemas that validate them, the templates and the example drafts),
    by path and content, and the Jinja that renders them. With the engine's own fingerprint (:func:`lit_compliance.cache.digest`), a
    site kept under this key is the one these inputs make, byte for byte."""
    h = hashlib.sha256()
    for name in ("rulesets", "schema", "sources", "templates", "examples"):
        folder = data_dir(name)   # found once per folder
        paths = [folder / n for n in EXAMPLE_DRAFTS] if name == "examples" else sorted(
            p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for path in paths:
            h.update(f"{name}/{path.relative_to(folder).as_posix()}".encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return ["site", h.hexdigest(), jinja2.__version__]


def site_files() -> dict[str, str | bytes]:
    """Every file of the bundled catalogue's site, from the cache where these inputs made it before."""
    key = inputs_key()
    kept = cache.load_json(key)
    if isinstance(kept, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in kept.items()):
        return {k: v.encode("utf-8") if k == "site.css" else v for k, v in kept.items()}
    files = build(catalogue())
    cache.save_json(key, {k: v.decode("utf-8") if isinstance(v, bytes) else v for k, v in files.items()})
    return files


def build(cat) -> dict[str, str | bytes]:
    """Every file of the site: relative path -> content."""
    from ..gamemath import analyse  # lazy: the math loads only when a site is built (`--help` imports every command module)
    from ..gamemath.par import ParOptions  # lazy: as above
    from ..report.par_view import par_report, running_heads  # lazy: as above
    from ..report.site import site_pages  # lazy: as above

    priced: dict = {}

    def prices(rs):
        if rs.ref not in priced:
            priced[rs.ref] = analyse(rs)
        return priced[rs.ref]

    def par_page(rs):
        reports = [par_report(model_of(rs), None, None, ParOptions())]
        return "par/par.html.j2", {"reports": reports, "whatif": None, "heads": running_heads(reports)}

    pages = site_pages(cat, _drafts(cat), analyse=prices, par_page=par_page)
    step = progress("writing the site")
    files: dict[str, str | bytes] = {"site.css": (data_dir("templates") / "site" / "site.css").read_bytes()}
    for p in (step(pages) if step else pages):
        files[p.path] = render(p.template, **p.context)
    return files


@main.command("site", short_help="Write the catalogue as a static site to a folder.")
@click.option("--output", "-o", "output", required=True, type=click.Path(path_type=Path),
              help="The folder to write the site to: new, empty, or a site written before (replaced whole).")
@handled
def site(output: Path) -> None:
    """Write the catalogue as a static site to a folder: a home page (jurisdictions, versions,
    counts, the topic matrix), a page per ruleset (every fact with its citation and anchor, every
    finding with its readings, paytables with house edges and PAR sheets, dealing plans), the
    source text clause by clause beside the facts and findings, a timeline per jurisdiction, and
    diff pages. Open index.html in any browser; nothing needs a
    server, the network or JavaScript.
    """
    files = site_files()
    try:
        write_tree(output, files)
    except OutputError as exc:
        raise Trouble(str(exc)) from None
    click.echo(f"wrote {len(files)} files to {output}", err=True)
