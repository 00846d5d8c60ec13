"""Catalogue commands: ``list``, ``show`` and ``validate``."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..model import as_printed
from ..model.header import outline_of
from ..load.catalogue import Catalogue, load_ruleset
from ..load.ruleset import published
from ..load.strict_yaml import InputError, Problem
from ..output.render import render, to_json
from .common import EXIT_NO, EXIT_OK, catalogue, emit, handled, main, pick
from .formats import Formats
from ..report.references import reference

LIST = Formats({"text": lambda rows: render("list.txt.j2", rows=rows), "json": to_json})


@main.command("list", short_help="List the jurisdictions and versions in the catalogue.")
@LIST.option
@handled
def list_cmd(fmt: str) -> None:
    """List the jurisdictions and versions in the catalogue."""
    rows = []
    for rs in catalogue().all_versions():  # every file read: a problem anywhere is listed with the others
        outline = outline_of(rs)  # the header, wager ids and finding count: no whole model built for a row
        rows.append({
            "jurisdiction": rs.jurisdiction, "name": rs.name, "version": rs.version,
            "effective_date": outline.header.version.effective_date_text,
            "citation": outline.header.source.citation,
            "wagers": list(outline.wager_ids), "findings": outline.finding_count,
        })
    emit(LIST[fmt](rows))


def _show_json(rs, with_source: bool) -> str:
    """The ruleset document alone; with ``--with-source``, each provision of its source too."""
    document = published(rs)
    if with_source:
        from ..regulator.coverage import ruleset_provisions  # lazy: parses the source

        document = {**document, "provisions": ruleset_provisions(rs)}
    return to_json(document)


def _show_text(rs, with_source: bool) -> str:
    printed = as_printed(rs)   # the rules as the source states them: no reading applied
    return render("show.txt.j2", m=printed, site_reference=reference(rs),
                  site_example=reference(rs, ("wagers", 0)) if printed.wagers else None)


SHOW = Formats({"text": _show_text, "json": _show_json})


@main.command(short_help="Print a ruleset readably, or as JSON.")
@click.argument("jurisdiction")
@click.option("--version", "version", help="A version id (default: the newest).")
@click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
@click.option("--with-source", "with_source", is_flag=True,
              help="With --format json: also give, under ``provisions``, each provision of the source text "
                   "with its status (the law's words, kept apart from the ruleset unless asked for).")
@SHOW.option
@handled
def show(jurisdiction: str, version: str | None, on: str | None, with_source: bool, fmt: str) -> None:
    """Print a ruleset readably (with its findings), or as JSON (the ruleset document alone; with
    `--with-source`, also each provision of its source with its status under `provisions`)."""
    emit(SHOW[fmt](pick(jurisdiction, version, on), with_source))


def _validate_json(problems: list, checked: list, _count: int, coverage, gaps, conflicts) -> None:
    """One JSON object: valid, the files checked, the problems, and what each check asked for found."""
    out = {"valid": not problems, "checked": checked, "problems": [p.as_dict() for p in problems]}
    if conflicts is not None:
        out["procedure_conflicts"] = conflicts
    if coverage is not None:
        out["coverage"] = coverage
    if gaps is not None:
        out["gaps"] = gaps
    emit(to_json(out))


def _validate_text(problems: list, checked: list, count: int, coverage, gaps, conflicts) -> None:
    """The problems on standard error; "ok", and each check asked for, on standard output."""
    for problem in problems:
        click.echo(f"error: {problem}", err=True)
    if not problems:
        click.echo(f"ok: {len(checked)} ruleset(s) valid")
    if coverage:
        emit(render("coverage.txt.j2", rows=coverage))
    if gaps is not None and not problems:
        emit(render("gaps.txt.j2", gaps=gaps, checked=count))
    if conflicts is not None and not problems:
        emit(render("procedure_conflicts.txt.j2", conflicts=conflicts, checked=count))


VALIDATE = Formats({"text": _validate_text, "json": _validate_json})


@main.command(short_help="Validate ruleset files or the bundled catalogue.")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--coverage", is_flag=True,
              help="Also check that every provision (sentence, list item) of each source is quoted by a fact or "
                   "a finding or has a reason it holds no rule, and that every fact and finding has a quote "
                   "(exit 1 naming each uncovered provision and unquoted item).")
@click.option("--gaps", "gaps", is_flag=True,
              help="Also check that the content words of every requirement (the quality, action, actor, figure, "
                   "document, prohibition) are carried by the value or typed fields of the facts that claim it, or "
                   "the claim says why not (exit 1 naming each gap: file, line and the missing words).")
@click.option("--procedure", "procedure", is_flag=True,
              help="Also play each ruleset's round procedure for every player count up to its positions and report every step that needs a "
                   "hand not yet turned or cards already removed (exit 1 on one no finding records).")
@VALIDATE.option
@handled
def validate(paths: tuple[Path, ...], coverage: bool, gaps: bool, procedure: bool, fmt: str) -> None:
    """Validate ruleset files (the bundled catalogue when no path is given).

    Exit status 0 when everything is valid, 1 when any problem is found.
    """
    problems: list[Problem] = []
    checked, rulesets = [], []
    if not paths:
        try:
            rulesets = Catalogue.bundled().all_versions()
            checked = [rs.path for rs in rulesets]
        except InputError as exc:
            problems.extend(exc.problems)
    for path in paths:
        try:
            rulesets.append(load_ruleset(path))
            checked.append(str(path))
        except InputError as exc:
            problems.extend(exc.problems)
    if coverage and not problems:
        from ..regulator.coverage import coverage_view, incomplete as failing  # lazy: the clause parser loads only for --coverage

        rows = [coverage_view(rs) for rs in rulesets]
        incomplete = any(failing(r) for r in rows)
    else:
        rows, incomplete = [], False
    gap_rows = []
    if gaps and not problems:
        from ..regulator.gaps import gap_rows as find_gaps  # lazy: as above

        gap_rows = find_gaps(rulesets)
    conflict_rows = []
    if procedure and not problems:
        from ..regulator.conflicts import conflict_rows as find_conflicts  # lazy: as above

        conflict_rows = find_conflicts(rulesets)
    unrecorded = any(not c["recorded_by"] and not c["reason"] for c in conflict_rows)
    VALIDATE[fmt](problems, checked, len(rulesets), coverage=rows if coverage else None,
                  gaps=gap_rows if gaps else None, conflicts=conflict_rows if procedure else None)
    sys.exit(EXIT_NO if problems or incomplete or gap_rows or unrecorded else EXIT_OK)

