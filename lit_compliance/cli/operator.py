"""Operator commands: ``paytables``, ``check``, ``verify``, ``placard`` and ``summary`` (``init``: :mod:`.init`).

Thin layers over :mod:`.table_config`, :mod:`.checks`, :mod:`.placard`, :mod:`.summary` and
:mod:`.pdf`; every figure and word comes from those modules, the templates only lay it out.
"""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from ..load.catalogue import CatalogueError, Ruleset
from .common import (EXIT_NO, EXIT_OK, Trouble, catalogue, check_destination, deliver, emit, filing_options, handled,
                     main, made_stamp, output_option, parse_date, pick, print_pdf, progress)
from .formats import Formats
from ..operator.checks import Report, check as check_config
from ..sign.placard import placard_view, svg_view
from ..sign.layout import PlacardTooFull, type_sizes_text
from ..output.render import render, to_json
from ..model import model_of
from ..output.text_safety import markdown, one_line
from ..table.figures import table_figures
from ..model.table_vocabulary import table_lines
from ..report.table_json import table_json
from ..table.config import (PART_DIGITS, TableConfig, config_of_document, digest, load_config, parse_digest,
                            parse_parts, ruleset_for, sign_parts)
from ..operator.floor import floor_of, looks_like_floor
from .floor import FLOOR, check_floor, impact, placard_floor, verify_floor, verify_package
from ..load.strict_yaml import load_yaml_file


def _analyse(rs: Ruleset) -> list:
    from ..gamemath import analyse  # lazy: the math loads only for `paytables` and `summary`, not for check or placard

    return analyse(rs, progress=progress(f"pricing {rs.ref} paytables"))


version_option = click.option("--version", "version", help="A ruleset version id (default: the newest).")
on_option = click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
ruleset_option = click.option("--ruleset", "ruleset_ref", metavar="REF|FILE",
                              help="Check against this ruleset (jurisdiction@version or a ruleset file) "
                                   "instead of the bundled one the configuration names; it must be the "
                                   "same jurisdiction and version.")


def _ruleset(config: TableConfig, ruleset_ref: str | None) -> Ruleset:
    """The configuration's ruleset, or ``--ruleset``'s (one naming nothing is refused naming the option)."""
    cat = catalogue()
    if ruleset_ref:
        try:
            cat.resolve(ruleset_ref)
        except (CatalogueError, OSError) as exc:   # a name that names nothing, a path that cannot be read
            raise Trouble(f"--ruleset: {exc}" if isinstance(exc, CatalogueError) else
                          f"--ruleset: cannot read {one_line(ruleset_ref)}: {exc.strerror or exc}") from None
    return ruleset_for(config, cat, ruleset_ref)


# --- paytables -------------------------------------------------------------------------------


def _paytables_json(view: dict, results: list) -> str:
    """The view with each paytable's priced record beside it."""
    from ..report.priced_json import priced_json  # lazy: `paytables` only, not every command of this module (1 ms)

    by_key = {(r.wager_id, r.paytable_id): priced_json(r) for r in results}
    for wager in view["wagers"]:
        for table in wager["tables"]:
            key = (wager["id"], None if table["id"] == "-" else table["id"])
            table["result"] = by_key.get(key)
    return to_json(view)


PAYTABLES = Formats({"text": lambda view, results: render("paytables.txt.j2", v=view), "json": _paytables_json})


@main.command(short_help="List every permitted paytable, with its house edge.")
@click.argument("jurisdiction")
@version_option
@on_option
@PAYTABLES.option
@handled
def paytables(jurisdiction: str, version: str | None, on: str | None, fmt: str) -> None:
    """List every permitted paytable of every wager, with house edge and hit frequency."""
    from ..operator.summary import paytables_view  # lazy: `paytables` only, not `check` (1 ms with its facts)

    rs = pick(jurisdiction, version, on)
    results = _analyse(rs)
    emit(PAYTABLES[fmt](paytables_view(rs, results), results))


# --- check -----------------------------------------------------------------------------------


def _load(config_path: Path, ruleset_ref: str | None) -> tuple[Ruleset, TableConfig, Report]:
    config = load_config(config_path)
    rs = _ruleset(config, ruleset_ref)
    return rs, config, check_config(rs, config)


def _report_view(report: Report) -> dict:
    return {
        "config": report.config.path,
        "casino": report.config.casino,
        "ruleset_ref": report.ruleset.ref,
        "digest": digest(report.ruleset, report.config),
        "compliant": report.compliant,
        "verdict": "complies" if report.compliant else "does NOT comply",
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "findings": [dict(f.as_dict(), where=f"{f.file}:{f.line}:{f.column}: {f.path or '(top)'}")
                     for f in report.findings],
        "must_fix": [_where(f) for f in report.must_fix],
        "should_know": [_where(f) for f in report.should_know],
        "regulation_defects": [_where(f) for f in report.regulation_defects],
        "house_loses": sorted({f"{fl['says'].split(':')[0]}" for fl in report.flags if fl["house_loses"]}),
        "math_flags": list(report.flags),
        "house_edges": list(report.edges),
        "readings": list(report.readings),
        "on": report.on.isoformat() if report.on else None,
        "approvals": list(report.approvals),
    }


def _where(f) -> dict:
    return dict(f.as_dict(), where=f"{f.file}:{f.line}:{f.column}: {f.path or '(top)'}")


# One table's check offers text and json; `check`'s --format offers a floor summary's formats (floor.FLOOR).
CHECK = Formats({"text": lambda view, verbose: render("check.txt.j2", r=view, verbose=verbose),
                 "json": lambda view, verbose: to_json(view)})


@main.command("check", short_help="Say whether a table configuration complies.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@FLOOR.option
@click.option("--strict", is_flag=True, help="Exit 1 on warnings that are something to fix too (not on those the placard "
              "already handles, approvals or the regulation's own defects).")
@click.option("--verbose", "-v", is_flag=True, help="List the regulation's own defects too, not just their count.")
@click.option("--on", "on", metavar="DATE", help="Judge the approvals on record for the day DATE (YYYY-MM-DD; "
              "default: today, UTC).")
@filing_options
@handled
def check_cmd(config: Path, ruleset_ref: str | None, fmt: str, strict: bool, verbose: bool, on: str | None,
              made_on: str | None, prepared_by: str | None) -> None:
    """Say whether a table configuration complies with its ruleset, each finding with its citation.

    CONFIG may also be a floor file (schema `floor`: `floor_version`, `floor`, `tables`, each
    table by its configuration file): then one summary, a row per table (id, ruleset, compliant or
    not, things to fix, base house edge, win per hour per player), exiting with the worst table's
    status.

    Exit status 0 when it complies, 1 when it does not (or, with --strict, when a warning is
    something to fix), 2 when the configuration (or floor) cannot be read.

    With --ruleset naming another version of the table's jurisdiction (a draft amendment file, or
    JURISDICTION@VERSION), and for a floor with any --ruleset: the draft's impact instead. Each table is
    checked under the rules it names and under the draft, and the output says per table whether it
    complies before and after, the errors that would appear or go, the figures it posts and the house
    edges that would change and by how much, and the draft's changes (with their citations) that
    touch it; a table of another jurisdiction is not affected. Exit 1 when a table of the draft's
    jurisdiction would not comply under it.

    Approvals on record (the configuration's `approvals`, and a floor's) are judged for one calendar
    day, today (UTC) or --on DATE: each one relied on is stated; a setting that needs approval and has
    none is a warning naming the day and the content digest to record; one whose approval has lapsed
    by the end of the day, is dated later or no longer matches its content is an error.
    """
    day = parse_date(on, "--on") if on is not None else None
    doc = load_yaml_file(config)
    if looks_like_floor(doc):
        if ruleset_ref:
            impact(floor_of(doc, config.parent), None, ruleset_ref, fmt, day, (made_on, prepared_by))
        check_floor(doc, config, ruleset_ref, fmt, strict, day, (made_on, prepared_by))
    cfg = config_of_document(doc)
    if ruleset_ref and _another_version(cfg, ruleset_ref):
        impact(None, cfg, ruleset_ref, fmt, day, (made_on, prepared_by))
    if fmt not in CHECK:
        raise Trouble(f"--format {fmt}: {config} is a table configuration; {fmt} is for a floor's summary "
                      f"or a draft's impact (use {CHECK.said()} to check one table)")
    rs = _ruleset(cfg, ruleset_ref)
    report = check_config(rs, cfg, day)
    view = _report_view(report)
    figures = table_figures(rs, cfg)
    view["table"] = table_json(figures)
    view["table_lines"] = table_lines(figures)
    view["sign_record"] = _sign_record(rs, cfg) if report.compliant else []
    emit(CHECK[fmt](view, verbose))
    failed = not report.compliant or (strict and bool(report.to_fix))
    sys.exit(EXIT_NO if failed else EXIT_OK)


def _another_version(cfg: TableConfig, ruleset_ref: str) -> bool:
    """Whether ``--ruleset`` names another version of the configuration's own jurisdiction (a draft's
    impact), not the version it names (a plain check against that file)."""
    rs = catalogue().resolve(ruleset_ref)
    return rs.jurisdiction == cfg.jurisdiction and rs.version != cfg.ruleset_version


def _sign_record(rs: Ruleset, cfg: TableConfig) -> list[str]:
    """What the sign does where the rules' wording or figures call for it (odds restated, figures
    the house sets, the readings it follows): for the regulator, so never on the sign itself."""
    try:
        return placard_view(rs, cfg, with_qr=False)["record"]
    except PlacardTooFull:
        return []


@main.command("verify", short_help="Say whether a posted sign matches its configuration.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False), required=False)
@click.argument("sign_digest", metavar="DIGEST", required=False)
@click.option("--package", "package", type=click.Path(path_type=Path, file_okay=False),
              help="Instead: check a filing package (`par CONFIG --package DIR`) against its manifest.")
@click.option("--parts", "parts", metavar="LIST",
              help="The fingerprints of the sign's parts, as its QR code gives them (names what differs).")
@ruleset_option
@handled
def verify_cmd(config: Path | None, sign_digest: str | None, parts: str | None, ruleset_ref: str | None,
               package: Path | None) -> None:
    """Say whether a posted sign matches CONFIG (the configuration on file) and the rules in force.

    Run the command the sign prints, as printed, beside the configuration on file; DIGEST may be
    given as the sign prints it ("digest 5d177d49d4fd") or alone, in either case. The QR code's
    command adds --parts, so that a mismatch names what differs: the rules, the table's settings
    or a wager (its paytable, limits or figures). It says the rules are in force today only when
    their effective date says so; of a version whose source states no date it says that it is the
    latest in the catalogue. Exit status 0 when the sign matches and its rules are neither replaced
    by a later dated version nor not yet in force, 1 when not, 2 when the configuration cannot be read.

    CONFIG may be a floor file: then DIGEST is the file of the signs posted, the signs.json that
    `placard FLOOR --output-dir` writes or a CSV with the columns table and digest (as an inspector
    notes them), and each table's sign is verified; exit 1 when any does not match (or none is recorded).

    With --package DIR (and no CONFIG or DIGEST): whether a filing package is whole and unchanged:
    every file its manifest lists is there with that SHA-256, none is unlisted, and SHA256SUMS agrees.
    """
    if package is not None:
        if config is not None or sign_digest is not None:
            raise Trouble("--package DIR takes no CONFIG or DIGEST")
        verify_package(package)
    if config is None or sign_digest is None:
        raise Trouble("give CONFIG and DIGEST (the sign's), a floor and its signs file, or --package DIR")
    doc = load_yaml_file(config)
    if looks_like_floor(doc):
        if parts is not None:
            raise Trouble("--parts is for one table's sign, not a floor's")
        verify_floor(floor_of(doc, config.parent), sign_digest, ruleset_ref, _verify_one)
    given = parse_digest(sign_digest)
    if given is None:
        raise Trouble(f"DIGEST: {sign_digest!r} holds no 12-hex-digit digest; give the digest the sign "
                      "prints (e.g. 5d177d49d4fd)")
    signed_parts = None
    if parts is not None:
        signed_parts = parse_parts(parts)
        if signed_parts is None:
            raise Trouble(f"--parts: {parts!r} is not a parts list (name={PART_DIGITS} hex digits, "
                          "separated by commas, as the sign's QR code gives it)")
    cfg = config_of_document(doc)
    problems, standing = _verify_one(cfg, given, signed_parts, ruleset_ref)
    if not problems:
        click.echo(f"{config}: the sign matches this configuration and {standing} (digest {given})")
        sys.exit(EXIT_OK)
    click.echo(f"{config}: the sign does NOT match:")
    for line in problems:
        click.echo(f"  - {line}")
    sys.exit(EXIT_NO)


def _verify_one(cfg: TableConfig, given: str, signed_parts: dict | None, ruleset_ref: str | None) -> tuple[list, str]:
    """(what is wrong with a sign of digest ``given`` for ``cfg``, the standing of its rules today)."""
    cat = catalogue()
    rs = _ruleset(cfg, ruleset_ref)
    expected = digest(rs, cfg)
    problems: list[str] = []
    if given != expected:
        problems.append(f"the sign's digest {given} is not this configuration's with {rs.ref} "
                        f"(made now, the sign would carry {expected})")
        if signed_parts is not None:
            problems.extend(_differing_parts(rs, cfg, signed_parts, sign_parts(rs, cfg)))
        else:
            problems.append("the command in the sign's QR code (with --parts) names the part that differs")
    state, standing = cat.standing(rs, dt.date.today())
    if state in ("superseded", "not yet") and ruleset_ref is None:
        problems.append(f"the sign's rules: {standing}")
    return problems, standing


def _differing_parts(rs: Ruleset, cfg: TableConfig, signed: dict[str, str], now: dict[str, str]) -> list[str]:
    """One line per part whose fingerprint differs between the sign and the configuration now."""
    names = {w.id: w.name for w in model_of(rs).wagers}
    def said(part: str) -> str:
        if part == "rules":
            return f"the rules ({rs.ref}) differ from those the sign was made with"
        if part == "table":
            return "the table's settings (limits, payout limit, seats, dealing method, readings or figures) differ"
        return f"{names.get(part, part)}: its paytable, limits or figures differ"
    out = [said(p) for p in now if p in signed and signed[p] != now[p]]
    out += [f"{names.get(p, p)}: offered now, not on the sign" for p in now if p not in signed]
    out += [f"{names.get(p, p)}: on the sign, not offered now" for p in signed if p not in now]
    return out


# --- placard ---------------------------------------------------------------------------------


PLACARD = Formats({"html": lambda view: render("placard.html.j2", v=view),
                   "svg": lambda view: render("placard.svg.j2", v=view, s=svg_view(view)),
                   "pdf": lambda view: print_pdf("placard.typ.j2", v=view, s=svg_view(view))},
                  help="html (print-ready, one sheet), svg, or pdf.")


def render_placard(rs: Ruleset, config: TableConfig, fmt: str, stamp: dict | None = None) -> str | bytes:
    """The placard of a configuration in ``fmt`` (html, svg or pdf), with the document's ``stamp``;
    a schedule too full for the sheet is Trouble."""
    try:
        view = placard_view(rs, config, made=stamp["short"] if stamp else None)
    except PlacardTooFull as exc:
        raise Trouble(f"{config.path}: {exc}") from None
    return PLACARD[fmt](view)


@main.command(epilog=f"Smallest type by sign size: {type_sizes_text()}.",
              short_help="Render the table placard for a compliant configuration.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@PLACARD.option
@output_option
@click.option("--output-dir", "output_dir", type=click.Path(path_type=Path, file_okay=False),
              help="For a floor: the folder to write a sign per table into (new, empty, or written so before), "
                   "with signs.json, each sign's digest and file SHA-256.")
@filing_options
@handled
def placard(config: Path, ruleset_ref: str | None, fmt: str, output: Path | None, output_dir: Path | None,
            made_on: str | None, prepared_by: str | None) -> None:
    """Render the table placard for a compliant configuration.

    The placard states the payout schedule of every wager offered, the limits and the casino name
    in the wording the jurisdiction requires, with the ruleset version and a digest of the exact
    rules and configuration it was made from. A configuration that does not comply gets no
    placard (exit status 1; run `check` for the findings).

    The sign is laid out for the configuration's sign_size (letter, a4, tabloid, a3): the type is
    set as large as the sheet allows, and no text in the header or payout schedule is smaller than
    the minimum for the size, listed below (the notes, citation and digest at the foot are fine
    print). A schedule that would need smaller type is refused (exit status 2).

    CONFIG may be a floor file: then --output-dir DIR gets a sign per complying table (named after
    its table id) and signs.json (a row per table: configuration, ruleset, the sign's digest, its
    file and that file's SHA-256), which `verify FLOOR DIR/signs.json` reads back; a summary is
    printed, and the exit status is the worst table's (1 when one does not comply and gets no sign).
    """
    doc = load_yaml_file(config)
    if looks_like_floor(doc):
        placard_floor(floor_of(doc, config.parent), ruleset_ref, fmt, output_dir, render_placard, made_on, prepared_by)
    if output_dir is not None:
        raise Trouble(f"--output-dir is for a floor's signs; {config} is one table (use --output FILE)")
    rs, cfg, report = _load(config, ruleset_ref)
    if not report.compliant:
        for finding in report.errors:
            click.echo(f"error: {finding}", err=True)
        click.echo(f"error: {cfg.path} does not comply with {rs.ref}; no placard written", err=True)
        sys.exit(EXIT_NO)
    check_destination(fmt, output)
    deliver(render_placard(rs, cfg, fmt, made_stamp([rs], made_on, prepared_by)), output, (config, rs.path))


# --- summary ---------------------------------------------------------------------------------


def _summary_view(*args, **kwargs) -> dict:
    """:func:`lit_compliance.operator.summary.summary_view`, imported when a summary is made."""
    from ..operator.summary import summary_view as view  # lazy: the summary only, not `check` (1 ms with its facts)

    return view(*args, **kwargs)


def _summary_markdown(rs: Ruleset, results: list, stamp: dict | None) -> str:
    return render("summary.md.j2", v=_summary_view(rs, markdown, results),
                  stamp=dict(stamp, text=markdown(stamp["text"])) if stamp else None)


SUMMARY = Formats({
    "markdown": _summary_markdown,
    "html": lambda rs, results, stamp: render("summary.html.j2", v=_summary_view(rs, results=results), stamp=stamp),
    "pdf": lambda rs, results, stamp: print_pdf("summary.typ.j2", v=_summary_view(rs, results=results), stamp=stamp),
}, help="markdown, html (print-ready) or pdf.")


def render_summary(rs: Ruleset, fmt: str, stamp: dict | None = None) -> str | bytes:
    """The rules summary of a ruleset in ``fmt`` (markdown, html or pdf), each paytable with its house
    edge, with the document's ``stamp``."""
    return SUMMARY[fmt](rs, _analyse(rs), stamp)  # each paytable states its house edge


@main.command(short_help="Render a readable rules summary with citations.")
@click.argument("jurisdiction")
@version_option
@on_option
@SUMMARY.option
@output_option
@filing_options
@handled
def summary(jurisdiction: str, version: str | None, on: str | None, fmt: str, output: Path | None,
            made_on: str | None, prepared_by: str | None) -> None:
    """Render a readable rules summary with citations: play, wagers, paytables, procedures, irregularities."""
    rs = pick(jurisdiction, version, on)
    check_destination(fmt, output)
    deliver(render_summary(rs, fmt, made_stamp([rs], made_on, prepared_by)), output, (rs.path,))
