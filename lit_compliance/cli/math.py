"""``lit-compliance analyze``: exact game math for a jurisdiction's paytables."""
from __future__ import annotations

import click

from .common import Trouble, catalogue, check_selection, emit, handled, main, progress, rulesets_for
from .formats import Formats
from ..model import as_printed
from ..output.render import render, to_json


def _analysis_text(reports: list, every: bool, strategy: bool, skipped: list) -> str:
    return render("analyze.txt.j2", reports=reports, strategy=strategy, skipped=skipped)


def _analysis_json(reports: list, every: bool, strategy: bool, skipped: list) -> str:
    """A list of reports for ``all``, else the one report."""
    return to_json(reports if every else reports[0])


ANALYZE = Formats({"text": _analysis_text, "json": _analysis_json})


@main.command(short_help="House edge, return and hit frequency of every wager.")
@click.argument("jurisdiction")
@click.option("--version", "version", help="A version id (default: the newest).")
@click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
@click.option("--wager", "wager", help="Only this wager id (e.g. base, three-card-bonus).")
@click.option("--paytable", "paytable", help="Only this paytable id.")
@click.option("--strategy/--no-strategy", default=True, show_default=True,
              help="Print the base-game strategy (text format).")
@ANALYZE.option
@handled
def analyze(jurisdiction, version, on, wager, paytable, strategy, fmt):
    """House edge, return and hit frequency of every wager and paytable alternative.

    For the base game also the element of risk, the average bet and the strategy. JURISDICTION may
    be 'all'; with --on DATE, each jurisdiction's version for that date, said which.
    """
    from ..gamemath import jobs  # lazy: the math loads only for commands that price (`--help` imports every command module)
    from ..gamemath.analysis import analysis  # lazy: as above
    from ..report.priced_json import analysis_json  # lazy: as above

    targets = catalogue().jurisdictions if jurisdiction == "all" else [jurisdiction]
    if jurisdiction == "all" and version:
        raise Trouble("--version needs a single jurisdiction (use --on DATE with all)")
    reports, skipped = [], []
    for jid, rs, said in rulesets_for(targets, version, on):
        if rs is None:
            skipped.append(said)
            continue
        if wager is not None and wager not in [w.id for w in as_printed(rs).wagers] and jurisdiction == "all":
            skipped.append(f"{rs.ref}: offers no {wager} wager")   # across all: priced where offered
            continue
        check_selection(rs, wager, paytable)
        todo = jobs(rs, wager, paytable)
        if not todo:
            raise Trouble(f"{rs.ref}: no paytable {paytable!r} for the wagers selected")
        reports.append({"ruleset": rs.ref, "name": rs.name, "version_note": said,
                        **analysis_json(analysis(rs, wager, paytable, progress=progress(f"analysing {rs.ref}")))})
    if not reports:
        raise Trouble("; ".join(skipped) or f"no jurisdiction offers a wager {wager!r}")
    emit(ANALYZE[fmt](reports, jurisdiction == "all", strategy, skipped))
