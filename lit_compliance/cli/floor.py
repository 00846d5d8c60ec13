"""The command line's batches over a floor, and a draft's impact: ``check FLOOR`` (text, JSON, CSV,
HTML), ``check CONFIG|FLOOR --ruleset DRAFT``, ``placard FLOOR --output-dir DIR``, ``verify FLOOR
SIGNS`` and ``verify --package DIR``. Helpers of the commands in :mod:`.operator`, which pass in what
they share with the single-table commands (rendering a sign, verifying one sign).
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import EXIT_NO, EXIT_OK, Trouble, catalogue, emit, made_stamp
from .formats import Formats
from ..operator.checks import check as check_config
from ..operator.floor import floor_of
from ..output.render import render, to_json
from ..table.config import digest, ruleset_for


def _floor_csv(floor, rows: list, day, filing: tuple) -> str:
    from ..operator.floor_summary import FLOOR_COLUMNS, floor_csv_rows  # lazy: only for a floor
    from ..report.spreadsheet import csv_text  # lazy: only for a floor's CSV summary

    return csv_text(FLOOR_COLUMNS, floor_csv_rows(rows))


def _floor_json(floor, rows: list, day, filing: tuple) -> str:
    from ..operator.floor_summary import floor_view  # lazy: only for a floor

    return to_json(floor_view(floor, rows, day))


def _floor_printed(template: str):
    """The view of a printed floor summary through ``template``, stamped (``filing``: date, preparer)."""
    def printed(floor, rows: list, day, filing: tuple) -> str:
        from ..operator.floor_summary import floor_view  # lazy: only for a floor

        cat = catalogue()
        stamp = made_stamp([cat.resolve(ref) for ref in sorted({r["ruleset"] for r in rows})], *filing)
        return render(template, v=floor_view(floor, rows, day), stamp=stamp)

    return printed


# `check`'s formats: a floor's summary offers them all (a single table's check: operator.CHECK).
FLOOR = Formats({"text": _floor_printed("floor.txt.j2"), "json": _floor_json, "csv": _floor_csv,
                 "html": _floor_printed("floor.html.j2")},
                help="Output format: text or json; csv and html for a floor's summary or a draft's impact only.")


def check_floor(doc, path: Path, ruleset_ref: str | None, fmt: str, strict: bool, day=None,
                 filing: tuple = (None, None)) -> None:
    """``check FLOOR``: one summary, a row per table; exits with the worst table's status."""
    from ..operator.floor_summary import floor_rows  # lazy: only for a floor

    floor = floor_of(doc, path.parent)
    rows = floor_rows(floor, catalogue(), ruleset_ref, strict, day)
    emit(FLOOR[fmt](floor, rows, day, filing))
    sys.exit(EXIT_OK if all(r["passes"] for r in rows) else EXIT_NO)


def _impact_csv(view: dict, rows: list) -> str:
    from ..report.draft_impact import IMPACT_COLUMNS, impact_csv_rows  # lazy: only for a draft
    from ..report.spreadsheet import csv_text  # lazy: only for a CSV summary

    return csv_text(IMPACT_COLUMNS, impact_csv_rows(rows))


def _impact_html(view: dict, rows: list, stamp) -> str:
    return render("impact.html.j2", v=view, stamp=stamp())


# a draft's impact, for one table or a floor; ``stamp()`` makes the printed page's stamp
IMPACT = Formats({"text": lambda view, rows, stamp: render("impact.txt.j2", v=view),
                  "json": lambda view, rows, stamp: to_json(view),
                  "csv": lambda view, rows, stamp: _impact_csv(view, rows), "html": _impact_html})


def impact(floor, cfg, ruleset_ref: str, fmt: str, day, filing: tuple = (None, None)) -> None:
    """``check CONFIG|FLOOR --ruleset DRAFT``: what the draft would do to each table; exits 1 when a
    table of its jurisdiction would not comply under it. The HTML page, a printed document, carries
    the stamp (``filing``: --date and --prepared-by) of the tables' rules and the draft."""
    from ..operator.approvals import for_table  # lazy: only for a draft's impact
    from ..report.draft_impact import impact_view, table_impact  # lazy: only for a draft
    from ..regulator.diff import diff_rulesets  # lazy: only for a draft

    cat = catalogue()
    draft = cat.resolve(ruleset_ref)
    tables = [(t.id, t.config, for_table(floor.approvals, t.id)) for t in floor.tables] if floor else \
        [(cfg.settings.table, cfg, ())]
    diffs: dict = {}
    rows = []
    for table_id, config, approvals in tables:
        diff = None
        if config.jurisdiction == draft.jurisdiction:
            if config.ruleset_ref not in diffs:
                diffs[config.ruleset_ref] = diff_rulesets(ruleset_for(config, cat), draft)
            diff = diffs[config.ruleset_ref]
        rows.append(table_impact(config, draft, cat, day, approvals, str(table_id) if table_id else None, diff))
    view = impact_view(draft, rows, floor.path if floor else cfg.path, day)
    if fmt not in IMPACT:
        raise Trouble(f"--format {fmt}: a draft's impact is printed as {IMPACT.said()}")
    def stamp():
        return made_stamp([cat.resolve(ref) for ref in sorted({r["ruleset"] for r in rows})] + [draft], *filing)

    emit(IMPACT[fmt](view, rows, stamp))
    sys.exit(EXIT_NO if view["failing_after"] else EXIT_OK)


def verify_package(folder: Path) -> None:
    """``verify --package DIR``: the package's files against its manifest."""
    from ..report.filing import package_problems  # lazy: only for a filing package

    if not folder.is_dir():
        raise Trouble(f"{folder}: no such folder")
    manifest, problems = package_problems(folder)
    if manifest is None:
        raise Trouble(problems[0])
    if problems:
        click.echo(f"{folder}: the package does NOT verify:")
        for line in problems:
            click.echo(f"  - {line}")
        sys.exit(EXIT_NO)
    click.echo(f"{folder}: the package verifies: {len(manifest['files'])} files as the manifest lists them "
               f"({manifest.get('configuration')}, {manifest.get('ruleset')}, sign digest {manifest.get('sign_digest')})")
    sys.exit(EXIT_OK)


def verify_floor(floor, signs: str, ruleset_ref: str | None, verify_one) -> None:
    """``verify FLOOR SIGNS``: each table's posted sign, by the digest SIGNS records for it."""
    from ..operator.floor_signs import recorded_signs  # lazy: only for a floor

    recorded = recorded_signs(Path(signs))
    rows = []
    for table in floor.tables:
        given = recorded.get(table.id)
        if given is None:
            rows.append({"table": table.id, "config": table.config.path, "matches": False,
                         "problems": [f"no sign is recorded for table {table.id} in {signs}"]})
            continue
        problems, standing = verify_one(table.config, given, None, ruleset_ref)
        rows.append({"table": table.id, "config": table.config.path, "matches": not problems, "digest": given,
                     "standing": standing, "problems": problems})
    for name in sorted(set(recorded) - {t.id for t in floor.tables}):
        rows.append({"table": name, "config": None, "matches": False,
                     "problems": [f"{signs} records a sign for table {name}, which is not on this floor"]})
    failing = [r["table"] for r in rows if not r["matches"]]
    click.echo(f"{floor.path}: {len(rows) - len(failing)} of {len(rows)} signs match"
               + (f"; not matching: {', '.join(failing)}" if failing else ""))
    for r in rows:
        if r["matches"]:
            click.echo(f"  {r['table']}: matches {r['config']} and {r['standing']} (digest {r['digest']})")
        else:
            click.echo(f"  {r['table']}: does NOT match:")
            for line in r["problems"]:
                click.echo(f"    - {line}")
    sys.exit(EXIT_NO if failing else EXIT_OK)


def placard_floor(floor, ruleset_ref: str | None, fmt: str, output_dir: Path | None, render_placard,
                  made_on=None, prepared_by=None) -> None:
    """``placard FLOOR --output-dir DIR``: a sign per complying table and signs.json, written as a whole."""
    import hashlib  # lazy: only a floor's signs are listed with their files' SHA-256

    from ..operator.floor_signs import SIGNS_MARKER, SUMMARY_NAME, sign_file_names  # lazy: only for signs
    from ..output.files import OutputError, write_tree  # lazy: only for signs

    if output_dir is None:
        raise Trouble(f"{floor.path} is a floor: give --output-dir DIR for its signs (one per table)")
    names = sign_file_names([t.id for t in floor.tables], fmt)
    files: dict = {SIGNS_MARKER: ""}
    rows = []
    cat = catalogue()
    for table in floor.tables:
        cfg = table.config
        rs = ruleset_for(cfg, cat, ruleset_ref)
        report = check_config(rs, cfg)
        row = {"table": table.id, "config": cfg.path, "ruleset": rs.ref, "compliant": report.compliant,
               "digest": digest(rs, cfg), "file": None, "sha256": None}
        if report.compliant:
            content = render_placard(rs, cfg, fmt, made_stamp([rs], made_on, prepared_by))
            data = content.encode("utf-8") if isinstance(content, str) else content
            files[names[table.id]] = data
            row |= {"file": names[table.id], "sha256": hashlib.sha256(data).hexdigest()}
        else:
            row["why"] = f"does not comply ({len(report.errors)} error(s)); no sign made: `check {cfg.path}`"
        rows.append(row)
    summary = {"floor": floor.name, "file": floor.path, "format": fmt, "tables": rows}
    files[SUMMARY_NAME] = to_json(summary)
    try:
        write_tree(output_dir, files, marker=SIGNS_MARKER)
    except OutputError as exc:
        raise Trouble(str(exc)) from None
    emit(render("floor_signs.txt.j2", v=summary, folder=str(output_dir)))
    sys.exit(EXIT_OK if all(r["compliant"] for r in rows) else EXIT_NO)
