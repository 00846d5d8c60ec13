"""``lit-compliance site -o DIR``: the catalogue as a static site (no server, no JavaScript needed)."""
from __future__ import annotations

from pathlib import Path

import click

from .common import Trouble, catalogue, handled, main, progress
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


@main.command("site")
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
    files = build(catalogue())
    try:
        write_tree(output, files)
    except OutputError as exc:
        raise Trouble(str(exc)) from None
    click.echo(f"wrote {len(files)} files to {output}", err=True)
