"""``lit-compliance site -o DIR``: the catalogue as a static site (no server, no JavaScript needed)."""
from __future__ import annotations

from pathlib import Path

import click

from .common import Trouble, handled, main, progress
from ..output import site as made
from ..output.files import OutputError, write_tree


def site_files_with_progress() -> dict[str, str | bytes]:
    """Every file of the bundled catalogue's site (:func:`lit_compliance.output.site.site_files`)."""
    return made.site_files(progress)


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
    files = site_files_with_progress()
    try:
        write_tree(output, files)
    except OutputError as exc:
        raise Trouble(str(exc)) from None
    click.echo(f"wrote {len(files)} files to {output}", err=True)
