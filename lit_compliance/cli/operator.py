"""Operator commands: ``paytables``, ``init``, ``check``, ``placard`` and ``summary``.

Thin layers over :mod:`.table_config`, :mod:`.checks`, :mod:`.placard`, :mod:`.summary` and
:mod:`.pdf`; every figure and word comes from those modules, the templates only lay it out.
"""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from ..load.catalogue import CatalogueError, Ruleset
from .common import (EXIT_NO, EXIT_OK, Trouble, catalogue, deliver, emit, filing_options, handled, main, made_stamp,
                     output_option, parse_date, pick, print_pdf, progress, read_answer)
from ..operator.checks import Report, check as check_config
from ..operator.answers import Asker, BuildError, keys_for_errors, match_choice
from ..operator.config_builder import build_config
from ..sign.placard import placard_view, svg_view
from ..sign.layout import SIGN_SIZES, PlacardTooFull, type_sizes_text
from ..output.render import render, to_json
from ..model import model_of
from ..output.text_safety import markdown, one_line
from ..report.priced_json import priced_json
from ..operator.summary import paytables_view, summary_view
from ..table.figures import table_figures, table_lines
from ..table.config import (PART_DIGITS, TableConfig, config_of_document, digest, load_config,
                                      load_config_text, parse_digest, parse_parts, ruleset_for, sign_parts)
from ..operator.floor import floor_of, looks_like_floor
from .floor import check_floor, impact, placard_floor, verify_floor, verify_package
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


@main.command(short_help="List every permitted paytable, with its house edge.")
@click.argument("jurisdiction")
@version_option
@on_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
@handled
def paytables(jurisdiction: str, version: str | None, on: str | None, fmt: str) -> None:
    """List every permitted paytable of every wager, with house edge and hit frequency."""
    rs = pick(jurisdiction, version, on)
    results = _analyse(rs)
    view = paytables_view(rs, results)
    if fmt == "json":
        by_key = {(r.wager_id, r.paytable_id): priced_json(r) for r in results}
        for wager in view["wagers"]:
            for table in wager["tables"]:
                key = (wager["id"], None if table["id"] == "-" else table["id"])
                table["result"] = by_key.get(key)
        emit(to_json(view))
        return
    emit(render("paytables.txt.j2", v=view))


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


@main.command("check", short_help="Say whether a table configuration complies.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "html"]), default="text", show_default=True,
              help="Output format: text or json; csv and html for a floor's summary or a draft's impact only.")
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
    if fmt in ("csv", "html"):
        raise Trouble(f"--format {fmt}: {config} is a table configuration; {fmt} is for a floor's summary "
                      "or a draft's impact (use text or json to check one table)")
    rs = _ruleset(cfg, ruleset_ref)
    report = check_config(rs, cfg, day)
    view = _report_view(report)
    view["table"] = table_figures(rs, cfg)
    view["table_lines"] = table_lines(view["table"])
    view["sign_record"] = _sign_record(rs, cfg) if report.compliant else []
    if fmt == "json":
        emit(to_json(view))
    else:
        emit(render("check.txt.j2", r=view, verbose=verbose))
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


def render_placard(rs: Ruleset, config: TableConfig, fmt: str, stamp: dict | None = None) -> str | bytes:
    """The placard of a configuration in ``fmt`` (html, svg or pdf), with the document's ``stamp``;
    a schedule too full for the sheet is Trouble."""
    try:
        view = placard_view(rs, config, made=stamp["short"] if stamp else None)
    except PlacardTooFull as exc:
        raise Trouble(f"{config.path}: {exc}") from None
    if fmt == "svg":
        return render("placard.svg.j2", v=view, s=svg_view(view))
    if fmt == "pdf":
        return print_pdf("placard.typ.j2", v=view, s=svg_view(view))
    return render("placard.html.j2", v=view)


@main.command(epilog=f"Smallest type by sign size: {type_sizes_text()}.",
              short_help="Render the table placard for a compliant configuration.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["html", "svg", "pdf"]), default="html", show_default=True,
              help="html (print-ready, one sheet), svg, or pdf.")
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
    if fmt == "pdf" and output is None:
        raise Trouble("--format pdf needs --output FILE")
    deliver(render_placard(rs, cfg, fmt, made_stamp([rs], made_on, prepared_by)), output, (config, rs.path))


# --- summary ---------------------------------------------------------------------------------


def render_summary(rs: Ruleset, fmt: str, stamp: dict | None = None) -> str | bytes:
    """The rules summary of a ruleset in ``fmt`` (markdown, html or pdf), each paytable with its house
    edge, with the document's ``stamp``."""
    results = _analyse(rs)  # each paytable states its house edge
    if fmt == "markdown":
        return render("summary.md.j2", v=summary_view(rs, markdown, results),
                      stamp=dict(stamp, text=markdown(stamp["text"])) if stamp else None)
    if fmt == "pdf":
        return print_pdf("summary.typ.j2", v=summary_view(rs, results=results), stamp=stamp)
    return render("summary.html.j2", v=summary_view(rs, results=results), stamp=stamp)


@main.command(short_help="Render a readable rules summary with citations.")
@click.argument("jurisdiction")
@version_option
@on_option
@click.option("--format", "fmt", type=click.Choice(["markdown", "html", "pdf"]), default="markdown",
              show_default=True, help="markdown, html (print-ready) or pdf.")
@output_option
@filing_options
@handled
def summary(jurisdiction: str, version: str | None, on: str | None, fmt: str, output: Path | None,
            made_on: str | None, prepared_by: str | None) -> None:
    """Render a readable rules summary with citations: play, wagers, paytables, procedures, irregularities."""
    rs = pick(jurisdiction, version, on)
    if fmt == "pdf" and output is None:
        raise Trouble("--format pdf needs --output FILE")
    deliver(render_summary(rs, fmt, made_stamp([rs], made_on, prepared_by)), output, (rs.path,))


# --- init ------------------------------------------------------------------------------------


class _ClickAsker(Asker):
    """The builder's questions asked at the terminal (:mod:`lit_compliance.operator.config_builder`)."""

    def prompt(self, text: str, default: str | None) -> str | None:
        if default is None:
            return click.prompt(text, default=None, show_default=False)
        return click.prompt(text, default=default, show_default=bool(default))

    def say(self, text: str) -> None:
        click.echo(text, err="please answer again" in text)


SCHEMA_LINK = "table-config.schema.json"


def config_yaml(data: dict, rs: Ruleset) -> str:
    """The configuration file's text. Its schema link is a relative path to a copy of the schema
    beside the file, which ``lit-compliance schema table-config -o table-config.schema.json`` writes
    (the header says so), so an editor finds the schema wherever the two files go together."""
    header = (f"# yaml-language-server: $schema={SCHEMA_LINK}\n"
              f"# Let It Ride table configuration for {rs.name} ({rs.ref}), written by `lit-compliance init`.\n"
              "# Check this file with `lit-compliance check FILE`; render the sign with `lit-compliance placard FILE`.\n"
              f"# For your editor, export the schema beside it: `lit-compliance schema table-config -o {SCHEMA_LINK}`.\n")
    import yaml  # lazy: only `init` writes YAML; the other operator commands read parsed files from the cache

    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


@main.command(short_help="Write a table configuration, from options or by asking.")
@click.option("--jurisdiction", help="Jurisdiction id (see `lit-compliance list`).")
@click.option("--version", "version", help="Ruleset version (default: the newest).")
@click.option("--casino", help="Casino name, as printed on the placard.")
@click.option("--table", "table", help="Table label printed on the placard.")
@click.option("--minimum", type=float, help="Table minimum, each of the three bets.")
@click.option("--maximum", type=float, help="Table maximum, each of the three bets.")
@click.option("--payout-limit", help="Most paid on one hand, or 'none' (default none).")
@click.option("--wager", "wagers", multiple=True, metavar="ID[=PAYTABLE]",
              help="A wager to offer, with its paytable (repeatable); required wagers are always included.")
@click.option("--wager-limit", "wager_limits", multiple=True, metavar="ID=MIN:MAX",
              help="Least and most stake on a wager (repeatable).")
@click.option("--figure", "figures", multiple=True, metavar="WAGER:HAND=FIGURE",
              help="A figure the house states (repeatable): a line the rules leave without one (it needs the "
                   "regulator's approval), or a line of the house's own paytable where the rules set minimum odds "
                   "(--wager WAGER=house); e.g. base:straight_flush=200, 300 for 1, $500.")
@click.option("--accept-flagged", is_flag=True,
              help="Accept what the game math flags in a chosen paytable (the house loses on average, payouts out "
                   "of order); each flag accepted is recorded in the file under accepted_math_flags. Without it a "
                   "flagged paytable is refused (interactively: asked).")
@click.option("--seed", type=float, help="Progressive meter seed.")
@click.option("--reset", type=float, help="Progressive meter reset (default: the seed).")
@click.option("--rate", type=float, help="Progressive meter rate, percent of each wager.")
@click.option("--dealing-method", help="Dealing method id.")
@click.option("--seats", type=int, help="Number of player positions (default: the ruleset's maximum).")
@click.option("--sign-size", help="Placard sheet size: " + ", ".join(sorted(SIGN_SIZES)) + " (default letter).")
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False), required=False,
              help="Configuration file to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.option("--interactive/--no-interactive", default=None,
              help="Prompt for what options do not give (default: when standard input is a terminal).")
@handled
def init(jurisdiction, version, casino, table, minimum, maximum, payout_limit, wagers, wager_limits, figures,
         accept_flagged, seed, reset, rate, dealing_method, seats, sign_size, output, force, interactive) -> None:
    """Write a table configuration, from options or by asking.

    Non-interactive example:

    \b
      lit-compliance init --jurisdiction maryland --casino "Bay Casino" \\
        --minimum 10 --maximum 500 --wager base=a --wager progressive=a \\
        --seed 10000 --rate 15 --dealing-method automated_shoe --output table.yaml
    """
    if interactive is None:
        interactive = sys.stdin.isatty()
    if interactive and click.termui.visible_prompt_func is input:  # not where a test runner answers
        click.termui.visible_prompt_func = read_answer  # Ctrl-C stops a prompt at any moment
    cat = catalogue()
    if jurisdiction is None:
        if not interactive:
            raise Trouble("init needs --jurisdiction (or run it interactively with --interactive)")
        names = {j: cat.latest(j).name for j in cat.jurisdictions}
        while True:
            answer = click.prompt(f"Jurisdiction ({', '.join(names)})")
            jurisdiction, problem = match_choice(answer, names)
            if not problem:
                break
            click.echo(f"  {problem}; please answer again", err=True)
    if "@" in jurisdiction:
        jurisdiction, _, version = jurisdiction.partition("@")
    versions = [r.version for r in cat.versions(jurisdiction)]
    if version is None and interactive and len(versions) > 1:
        version = click.prompt("Ruleset version", type=click.Choice(versions), default=versions[-1])
    rs = cat.get(jurisdiction, version)
    if output is None:
        if not interactive:
            raise Trouble("init needs --output FILE")
        output = Path(click.prompt("Write the configuration to", default=f"{jurisdiction}-table.yaml"))
    if output.exists() and not force:
        raise Trouble(f"{output} exists; use --force to overwrite it")
    asker = _ClickAsker(interactive)
    options = dict(casino=casino, table=table, minimum=minimum, maximum=maximum, payout_limit=payout_limit,
                   wagers=wagers, wager_limits=wager_limits, seed=seed, reset=reset, rate=rate,
                   dealing_method=dealing_method, seats=seats, sign_size=sign_size, figures=figures)
    accepted: list[str] = []
    while True:
        try:
            data = build_config(rs, asker, **options)
        except BuildError as exc:
            raise Trouble(str(exc)) from None
        text, report = _written(rs, data, output, accepted)
        refused = _confirm_flags(report, accepted, accept_flagged, interactive)
        if refused is not None:
            keys = _keys_for_flag(refused, asker.answers)
            if not keys:
                click.echo(f"{refused['wager']}: no answer chooses another paytable; nothing written to {output}",
                           err=True)
                sys.exit(EXIT_NO)
            asker.redo = set(keys)
            continue
        text, report = _written(rs, data, output, accepted)
        if report.compliant:
            break
        click.echo(f"This configuration does NOT comply with {rs.ref}:", err=True)
        for finding in report.errors:
            click.echo(f"  {finding.path or '(top)'}: {finding.message} [{finding.cite}]", err=True)
        if not interactive:
            break
        keys = keys_for_errors(report.errors, data, asker.answers)
        if keys:
            click.echo("The answers these concern:\n" + "\n".join(
                f"  {asker.prompts.get(k, k)}: {asker.answers[k]}" for k in keys), err=True)
            if click.confirm("Go back and change them (every other answer is kept)?", default=True):
                asker.redo = set(keys)
                continue
        if not click.confirm("Write it anyway?", default=False):
            click.echo(f"nothing written to {output}", err=True)
            sys.exit(EXIT_NO)
        break
    deliver(text, output)
    if report.house_loses:
        click.echo(f"note: the house loses on average on {', '.join(f['says'].split(':')[0] for f in report.flags if f['house_loses'])}"
                   f" (accepted, recorded in the file); `lit-compliance check --strict {output}` fails on it", err=True)
    state = "complies" if report.compliant else f"does NOT comply ({len(report.errors)} error(s))"
    click.echo(f"wrote {output}: {state}, {len(report.warnings)} warning(s); "
               f"see `lit-compliance check {output}`")
    sys.exit(EXIT_OK if report.compliant else EXIT_NO)


def _written(rs: Ruleset, data: dict, output: Path, accepted: list[str]) -> tuple[str, Report]:
    """The file's text with the flags accepted so far (those the math still raises), and its check."""
    data.pop("accepted_math_flags", None)
    text = config_yaml(data, rs)
    report = check_config(rs, load_config_text(text, str(output)))  # what we write must read back valid
    kept = [f["id"] for f in report.flags if f["id"] in accepted]
    if kept:
        data["accepted_math_flags"] = list(dict.fromkeys(kept))
        text = config_yaml(data, rs)
        report = check_config(rs, load_config_text(text, str(output)))
    return text, report


def _confirm_flags(report: Report, accepted: list[str], accept_all: bool, interactive: bool) -> dict | None:
    """Ask the house to accept each flag the math raises on a chosen paytable (accepted ones are
    added to ``accepted``); the first flag refused, or None. Without a terminal, --accept-flagged
    accepts them all, and without it a flagged paytable is trouble: nothing is written."""
    new = [f for f in report.flags if f["id"] not in accepted]
    if not new:
        return None
    if accept_all:
        accepted.extend(f["id"] for f in new)
        return None
    if not interactive:
        raise Trouble("the game math flags a chosen paytable:\n" + "\n".join(
            f"  {f['says']}: {f['problem']} [{f['id']}]" for f in new)
            + "\npass --accept-flagged to accept it (recorded in the file under accepted_math_flags), "
              "or choose another paytable; nothing written")
    by_table: dict[tuple, list[dict]] = {}
    for f in new:
        by_table.setdefault((f["wager"], f["paytable"]), []).append(f)
    for flags in by_table.values():
        flags.sort(key=lambda f: not f["house_loses"])
        click.echo(f"The game math flags {flags[0]['says'].split(':')[0]}:\n"
                   + "\n".join(f"  {f['says']}: {f['problem']} [{f['id']}]" for f in flags)
                   + ("\n  The house LOSES money on average on this paytable; `check --strict` will fail on it."
                      if flags[0]["house_loses"] else ""), err=True)
        if not click.confirm("Accept this paytable as flagged (recorded in the file under accepted_math_flags)?",
                             default=False):
            return flags[0]
        accepted.extend(f["id"] for f in flags)
    return None


def _keys_for_flag(flag: dict, answers: dict) -> list[str]:
    """The answers a refused flag sends back to: the wager's paytable and the figures the house
    stated for it; where there are none, its meter (where the house loses), else whether the wager
    is offered."""
    key = f"wagers.{flag['wager']}"
    mine = [k for k in answers if k == f"{key}.paytable" or k.startswith((f"{key}.house.", f"{key}.figures."))]
    if not mine and flag["house_loses"]:
        mine = [k for k in answers if k.startswith(f"{key}.progressive.")]
    return mine or [k for k in answers if k == key]
