"""``lit-compliance par``: PAR sheets for a jurisdiction's paytables, a table configuration, or a
proposed paytable (``--paytable-file``)."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import click

from .common import (Trouble, catalogue, check_destination, check_selection, deliver, filing_options, handled, main,
                     made_stamp, print_pdf, rulesets_for)
from .formats import Formats, figures_only
from ..load.catalogue import names_a_file
from ..load.kinds import file_kind
from ..model import exact, model_of
from ..output.render import render, to_json
from ..gamemath.settings import SettingSource
from ..table.par_options import configured_options
from ..table.theory import configured_paytable
from ..table.figures import table_figures
from ..model.table_vocabulary import table_lines
from ..report.table_json import table_json
from ..table.config import digest, load_config, model_for, ruleset_for



def _par_json(reports: list, whatif: dict | None) -> str:
    """The figures alone (no charts); with --paytable-file, where the paytable is permitted too."""
    from ..report.par_view import strip_charts  # lazy: the PAR view loads the math; only `par` needs it

    body = [strip_charts(r) for r in reports]
    value = body if len(body) > 1 else body[0]
    if whatif:
        value = {"permitted": whatif["permitted"], "nearest": whatif["nearest"], "par": value}
    return to_json(value)


def _par_csv(reports: list, whatif: dict | None) -> str:
    from ..report.par_view import par_csv  # lazy: as above

    return par_csv(reports)


def _par_sheet(make, template: str):
    """The view of a printed PAR sheet: ``make(template, ...)`` with each sheet's running heads (in a
    PDF the typesetter sets them, with the contents and page numbers, in one pass)."""
    def sheet(reports: list, whatif: dict | None) -> str | bytes:
        from ..report.par_view import running_heads  # lazy: as above

        return make(template, reports=reports, whatif=whatif, heads=running_heads(reports))

    return sheet


PAR = Formats({"text": _par_sheet(render, "par/par.txt.j2"), "markdown": _par_sheet(render, "par/par.md.j2"),
               "json": _par_json, "csv": _par_csv, "html": _par_sheet(render, "par/par.html.j2"),
               "pdf": _par_sheet(print_pdf, "par/par.typ.j2")},
              help="text, markdown, json, csv (one row per line), html (print-ready) or pdf.")


def _is_ruleset_file(target: str) -> bool:
    """Whether a file given as TARGET is a ruleset or a draft amendment (not a configuration)."""

    return file_kind(Path(target)) in ("ruleset", "draft amendment")


def _bet_within(config, model, wager_id: str | None, bet: Fraction, path: Path) -> None:
    """Refuse a --bet that a configured wager (the one asked for, else every one) does not take: its
    win per hour would be priced at a bet the table never sees."""
    table = config.settings
    outside = []
    for choice in table.wagers:
        if wager_id is not None and choice.wager != wager_id:
            continue
        is_base = model.wager(choice.wager).is_base
        low = choice.minimum if choice.minimum is not None else (table.limits.minimum if is_base else None)
        high = choice.maximum if choice.maximum is not None else table.limits.maximum
        if (low is not None and bet < exact(low)) or (high is not None and bet > exact(high)):
            span = f"${float(low or 0):,.2f} to " + (f"${float(high):,.2f}" if high is not None else "no maximum")
            outside.append(f"{choice.wager} ({span})")
    if outside:
        raise Trouble(f"--bet {float(bet):,.2f}: outside the limits {path} configures for {', '.join(outside)}; "
                      "give a bet every wager takes, or choose one wager with --wager")


def _config_report(path: Path, opts, wager_id: str | None, shown: bool = True, bet_given: bool = False,
                   meter_given: bool = False):
    from ..report.par_view import par_report  # lazy: PAR figures load the math; only `par` needs them


    config = load_config(path)
    rs = ruleset_for(config, catalogue())
    model = model_for(rs, config)
    table = config.settings
    seats, limit = table.seats, table.payout_limit
    chosen = {}
    for i, choice in enumerate(table.wagers):
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            line, col = config.locate(("wagers", i, "wager"))
            raise Trouble(f"{path}:{line}:{col}: wagers[{i}].wager: {rs.ref} offers no wager {choice.wager!r}") from None
        w_opts = configured_options(config, model, choice, wager, opts)
        if bet_given:   # the win per hour (and money amounts paid whatever the wager) at the bet asked for
            w_opts = replace(w_opts, bet=opts.bet)
        if meter_given and choice.progressive is not None:   # a meter above the reset, as hold prices a row's meter
            w_opts = replace(w_opts, meter=opts.meter, settings=replace(w_opts.settings, meter=opts.meter,
                                                                        meter_from=SettingSource.METER_ASKED))
        custom = None
        if choice.custom_paytable is not None or choice.envy:   # the house's paytable, or its own envy amounts
            custom = configured_paytable(wager, choice, None)
        chosen[wager.id] = {"paytable": choice.paytable, "custom": custom, "options": w_opts}
    if wager_id is not None and wager_id not in chosen:
        raise Trouble(f"--wager {wager_id}: the table configuration {path} offers no such wager "
                      f"(it offers {', '.join(chosen) or 'none'})")
    if bet_given:
        _bet_within(config, model, wager_id, opts.bet, path)
    method = [f"Table configuration {path.name}: {config.casino}, {seats or 'unstated'} seats; priced at the table's own "
              "settings, as check prices it: money amounts the rules state for no wager amount at the wager's "
              "configured minimum bet, the progressive meter "
              + (f"at ${float(opts.meter):,.2f} (--meter)" if meter_given else
                 "at the configured reset (the least the meter stands at on this table)")
              + ", rate as configured; win per hour at "
              + (f"a ${float(opts.bet):,.2f} bet on every wager (--bet)" if bet_given else "the wager minimums")
              + "; envy bonus with "
              f"{(seats - 1) if seats else 'each number of'} other players; payout limit "
              f"{limit if limit is not None else 'none'}: the main figures are uncapped; where the limit reaches a "
              "wager, its figures at the wager's maximum bet with every win capped at the limit are shown too "
              "(base game: strategy unchanged)."]
    title = f"{config.casino}, table {table.table if table.table is not None else ''} (configuration digest {digest(rs, config)})"
    report = par_report(model, wager_id, None, opts, {"wagers": chosen, "title": title, "method": method}, shown)
    if wager_id is None:   # the whole table: every offered wager at its stakes and meter
        figures = table_figures(rs, config, opts.hands_per_hour)
        report["table"] = table_json(figures)
        report["table_lines"] = table_lines(figures)
    return report


def _package(target: str | None, folder: Path, fmt: str, made_on, prepared_by, output) -> None:
    """``par CONFIG --package DIR``: the PAR sheet, configuration, placard and rules summary, with a manifest."""
    from ..gamemath.par import ParOptions  # lazy: the math loads only when `par` runs
    from ..output.files import OutputError, write_tree  # lazy: only for a package
    from ..report.filing import MARKER, package_files  # lazy: only for a package
    from ..operator.stamp import stamp_facts  # lazy: only for a package
    from .operator import PLACARD, SUMMARY, render_placard, render_summary  # lazy: only for a package

    if target is None or not names_a_file(target) or _is_ruleset_file(target) or output is not None:
        raise Trouble("--package DIR takes a table configuration file (par CONFIG --package DIR), and no --output")
    if not Path(target).is_file():
        raise Trouble(f"{target}: no such file")
    # every document in the format asked for where each of them offers it (pdf), else in html
    doc = fmt if fmt in PAR and fmt in PLACARD and fmt in SUMMARY else "html"
    config = load_config(target)
    rs = ruleset_for(config, catalogue())
    stamp = made_stamp([rs], made_on, prepared_by)
    report = _config_report(Path(target), ParOptions(), None)
    report["title"]["facts"] = list(report["title"]["facts"]) + stamp_facts(stamp)
    sheet = PAR[doc]([report], None)

    def data(content) -> bytes:
        return content.encode("utf-8") if isinstance(content, str) else content

    suffix = Path(target).suffix or ".yaml"
    documents = [(f"par-sheet.{doc}", "PAR sheet", data(sheet)),
                 (f"configuration{suffix}", "table configuration, as filed", Path(target).read_bytes()),
                 (f"placard.{doc}", "the table's sign", data(render_placard(rs, config, doc, stamp))),
                 (f"rules-summary.{doc}", "rules summary", data(render_summary(rs, doc, stamp)))]
    head = {"package": "Let It Ride filing package", "tool": "lit-compliance", "version": stamp["version"],
            "date": stamp["date"], "date_from": stamp["date_from"], "prepared_by": stamp["prepared_by"],
            "configuration": config.path, "casino": config.casino, "table": config.settings.table,
            "ruleset": rs.ref, "ruleset_digest": stamp["rulesets"][0]["digest"], "sign_digest": digest(rs, config)}
    files = package_files(documents, head)
    files[MARKER] = ""
    try:
        write_tree(folder, files, marker=MARKER)
    except OutputError as exc:
        raise Trouble(str(exc)) from None
    click.echo(f"{folder}: filing package for {config.path} ({rs.ref}): " + ", ".join(n for n, _, _ in documents)
               + ", manifest.json, SHA256SUMS; check it with `lit-compliance verify --package "
               + f"{folder}` (or `sha256sum -c SHA256SUMS` inside it)")
    raise SystemExit(0)


@main.command(short_help="PAR sheet of every wager and paytable.")
@click.argument("target", required=False)
@click.option("--version", "version", help="A ruleset version id (default: the newest).")
@click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
@click.option("--wager", "wager", help="Only this wager id (e.g. base, three-card-bonus).")
@click.option("--paytable", "paytable", help="Only this paytable id.")
@click.option("--paytable-file", "paytable_file", type=click.Path(path_type=Path, dir_okay=False),
              help="Price a proposed paytable (YAML: wager kind and lines; see schema/proposed-paytable.schema.json) "
                   "and say where it is permitted.")
@click.option("--bet", type=click.FloatRange(min=0.01, max=1e7), default=None,
              help="Bet per hand for the theoretical win per hour (each base bet; the side wager).  [default: 10.00; "
                   "for a table configuration, each wager's configured minimum]")
@click.option("--hands-per-hour", type=click.IntRange(1, 1000), default=60, show_default=True,
              help="Hands an hour for the theoretical win per hour.")
@click.option("--meter", type=click.FloatRange(min=0, max=1e9), help="Price progressives at this meter.")
@click.option("--rate", "rate", type=click.FloatRange(min=0, max=100),
              help="Progressive meter rate, percent of each wager (long-run return).")
@click.option("--reset", type=click.FloatRange(min=0, max=1e9), help="Progressive reset (long-run return).")
@PAR.option
@click.option("--package", "package", type=click.Path(path_type=Path, file_okay=False),
              help="With a table configuration: write a filing package into this folder (new, empty, or written "
                   "so before): the PAR sheet, the configuration, the placard and the rules summary (in pdf with "
                   "--format pdf, else html), manifest.json with every file's SHA-256, and SHA256SUMS. "
                   "`verify --package DIR` checks it.")
@filing_options
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
@handled
def par(target, version, on, wager, paytable, paytable_file, bet, hands_per_hour, meter, rate, reset, fmt, output,
        made_on, prepared_by, package):
    """PAR sheet (probability and accounting report) of every wager and paytable: combinations,
    probability, cycle, pay and contribution per line; return, edge, hit frequency, variance, SD,
    volatility; base-game per-bet figures; progressive and stake curves; Cover All per player count;
    sensitivity; confidence bands; charts.

    TARGET is a jurisdiction, 'all', or a table configuration file (its meter, reset, envy amounts and
    seats applied). With --paytable-file, TARGET may be omitted.
    """
    if package is not None:
        _package(target, package, fmt, made_on, prepared_by, output)
    check_destination(fmt, output)
    from ..gamemath.par import ParOptions  # lazy: the math loads only when `par` runs (`--help` imports every command module)
    from ..report.par_view import par_report  # lazy: as above

    opts = ParOptions(bet=Fraction(str(bet)) if bet is not None else ParOptions.bet, hands_per_hour=hands_per_hour,
                      meter=None if meter is None else Fraction(str(meter)),
                      rate_percent=None if rate is None else Fraction(str(rate)),
                      reset=None if reset is None else Fraction(str(reset)))
    shown = not figures_only(fmt)   # JSON and CSV print the figures alone: no display strings or charts made
    whatif = None
    if paytable_file is not None:
        from ..report.whatif import what_if  # lazy: as above
        whatif = what_if(paytable_file, catalogue(), opts)
        reports = [whatif["report"]]
    elif target is None:
        raise Trouble("name a jurisdiction, 'all', or a table configuration file (or give --paytable-file)")
    elif names_a_file(target) and not _is_ruleset_file(target):
        if not Path(target).is_file():
            raise Trouble(f"{target}: no such file")
        if paytable is not None:
            raise Trouble(f"--paytable {paytable}: a table configuration names its own paytables; "
                          "--paytable applies to a jurisdiction")
        if rate is not None or reset is not None:
            raise Trouble(f"--{'rate' if rate is not None else 'reset'}: a table configuration sets its progressive's "
                          "reset and rate (its 'progressive' entry); --rate and --reset apply to a jurisdiction")
        reports = [_config_report(Path(target), opts, wager, shown, bet_given=bet is not None,
                                  meter_given=meter is not None)]
    else:
        targets = catalogue().jurisdictions if target == "all" else [target]
        if target == "all" and version:
            raise Trouble("a ruleset version (JURISDICTION@VERSION) needs a single jurisdiction, not all "
                          "(use --on DATE with all)")
        reports = []
        for jid, rs, said in rulesets_for(targets, version, on):
            if rs is None:
                raise Trouble(said)
            check_selection(rs, wager, paytable)
            report = par_report(model_of(rs), wager, paytable, opts, shown=shown)
            if paytable and not any(w["sections"] for w in report["wagers"]):
                raise Trouble(f"{rs.ref}: no paytable {paytable!r} for the wagers selected")
            if said:   # which version the date gave, and why
                report["title"]["version_note"] = said
                if shown:
                    report["title"]["facts"].append({"label": "Version used", "value": said})
            reports.append(report)
    if shown:   # each sheet's title block: the tool, the date made, the preparer (the ruleset digest is there)
        from ..operator.stamp import stamp_facts  # lazy: as above

        facts = stamp_facts(made_stamp([], made_on, prepared_by))
        for report in reports:
            report["title"]["facts"] = list(report["title"]["facts"]) + facts
    content = PAR[fmt](reports, whatif)
    inputs = tuple(p for p in (paytable_file, Path(target) if target and names_a_file(target) else None) if p)
    deliver(content, output, inputs)
