"""Operator commands: ``paytables``, ``init``, ``check``, ``placard`` and ``summary``.

Thin layers over :mod:`.table_config`, :mod:`.checks`, :mod:`.placard`, :mod:`.summary` and
:mod:`.pdf`; every figure and word comes from those modules, the templates only lay it out.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click
import yaml

from ..load.catalogue import Ruleset
from ..load.resources import data_dir
from .common import EXIT_NO, EXIT_OK, Trouble, catalogue, deliver, emit, handled, main, pick, print_pdf, progress
from ..operator.checks import Report, check as check_config
from ..operator.placard import placard_view, svg_view
from ..operator.sign_layout import SIGN_SIZES, PlacardTooFull, type_sizes_text
from ..output.render import render, to_json
from ..output.wording import money
from ..operator.summary import markdown_escape, paytables_view, summary_view
from ..operator.table_config import TableConfig, digest, load_config, load_config_text, ruleset_for


def _analyse(rs: Ruleset) -> list:
    from ..gamemath import analyse

    return analyse(rs, progress=progress(f"pricing {rs.ref} paytables"))


version_option = click.option("--version", "version", help="A ruleset version id (default: the newest).")
on_option = click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
ruleset_option = click.option("--ruleset", "ruleset_ref", metavar="REF|FILE",
                              help="Check against this ruleset (jurisdiction@version or a ruleset file) "
                                   "instead of the bundled one the configuration names; it must be the "
                                   "same jurisdiction and version.")
output_option = click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
                             help="Write to FILE (atomically) instead of standard output.")


# --- paytables -------------------------------------------------------------------------------


@main.command()
@click.argument("jurisdiction")
@version_option
@on_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@handled
def paytables(jurisdiction: str, version: str | None, on: str | None, fmt: str) -> None:
    """List every permitted paytable of every wager, with house edge and hit frequency."""
    rs = pick(jurisdiction, version, on)
    results = _analyse(rs)
    view = paytables_view(rs, results)
    if fmt == "json":
        by_key = {(r.wager_id, r.paytable_id): r.as_dict() for r in results}
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
    rs = ruleset_for(config, catalogue(), ruleset_ref)
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
        "house_edges": list(report.edges),
        "readings": list(report.readings),
    }


def _where(f) -> dict:
    return dict(f.as_dict(), where=f"{f.file}:{f.line}:{f.column}: {f.path or '(top)'}")


@main.command("check")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Exit 1 on warnings that are something to fix too (not on those the placard "
              "already handles, approvals or the regulation's own defects).")
@click.option("--verbose", "-v", is_flag=True, help="List the regulation's own defects too, not just their count.")
@handled
def check_cmd(config: Path, ruleset_ref: str | None, fmt: str, strict: bool, verbose: bool) -> None:
    """Say whether a table configuration complies with its ruleset, each finding with its citation.

    Exit status 0 when it complies, 1 when it does not (or, with --strict, when a warning is
    something to fix), 2 when the configuration cannot be read.
    """
    _, _, report = _load(config, ruleset_ref)
    view = _report_view(report)
    if fmt == "json":
        emit(to_json(view))
    else:
        emit(render("check.txt.j2", r=view, verbose=verbose))
    failed = not report.compliant or (strict and bool(report.to_fix))
    sys.exit(EXIT_NO if failed else EXIT_OK)


@main.command("verify")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@click.argument("sign_digest", metavar="DIGEST")
@click.option("--parts", "parts", metavar="LIST",
              help="The fingerprints of the sign's parts, as its QR code gives them (names what differs).")
@ruleset_option
@handled
def verify_cmd(config: Path, sign_digest: str, parts: str | None, ruleset_ref: str | None) -> None:
    """Say whether a posted sign matches CONFIG (the configuration on file) and the rules in force.

    Run the command the sign prints, as printed, beside the configuration on file; DIGEST may be
    given as the sign prints it ("digest 5d177d49d4fd") or alone, in either case. The QR code's
    command adds --parts, so that a mismatch names what differs: the rules, the table's settings
    or a wager (its paytable, limits or figures). Exit status 0 when the sign matches and its rules
    are the version in force today, 1 when not, 2 when the configuration cannot be read.
    """
    import datetime as dt

    from ..operator.table_config import PART_DIGITS, parse_digest, parse_parts, sign_parts

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
    cfg = load_config(config)
    cat = catalogue()
    rs = ruleset_for(cfg, cat, ruleset_ref)
    expected = digest(rs, cfg)
    problems: list[str] = []
    if given != expected:
        problems.append(f"the sign's digest {given} is not this configuration's with {rs.ref} "
                        f"(made now, the sign would carry {expected})")
        if signed_parts is not None:
            problems.extend(_differing_parts(rs, cfg, signed_parts, sign_parts(rs, cfg)))
        else:
            problems.append("the command in the sign's QR code (with --parts) names the part that differs")
    try:
        current = cat.in_force(rs.jurisdiction, dt.date.today())
    except Exception:  # no dated version: the latest catalogued one stands for "in force"
        current = cat.latest(rs.jurisdiction) if rs.jurisdiction in cat.jurisdictions else rs
    if current.ref != rs.ref and ruleset_ref is None:
        problems.append(f"the sign's rules are {rs.ref}, but {current.ref} is in force today"
                        + (f" (effective {current.effective_date.isoformat()})" if current.effective_date else ""))
    if not problems:
        click.echo(f"{config}: the sign matches this configuration and {rs.ref}, the rules in force today "
                   f"(digest {given})")
        sys.exit(EXIT_OK)
    click.echo(f"{config}: the sign does NOT match:")
    for line in problems:
        click.echo(f"  - {line}")
    sys.exit(EXIT_NO)


def _differing_parts(rs: Ruleset, cfg: TableConfig, signed: dict[str, str], now: dict[str, str]) -> list[str]:
    """One line per part whose fingerprint differs between the sign and the configuration now."""
    from ..model import model_of

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


def render_placard(rs: Ruleset, config: TableConfig, fmt: str) -> str | bytes:
    try:
        view = placard_view(rs, config)
    except PlacardTooFull as exc:
        raise Trouble(f"{config.path}: {exc}") from None
    if fmt == "svg":
        return render("placard.svg.j2", v=view, s=svg_view(view))
    html = render("placard.html.j2", v=view)
    return print_pdf(html) if fmt == "pdf" else html


@main.command(epilog=f"Smallest type by sign size: {type_sizes_text()}.")
@click.argument("config", type=click.Path(path_type=Path, dir_okay=False))
@ruleset_option
@click.option("--format", "fmt", type=click.Choice(["html", "svg", "pdf"]), default="html", show_default=True,
              help="html (print-ready, one sheet), svg, or pdf (needs Chromium).")
@output_option
@handled
def placard(config: Path, ruleset_ref: str | None, fmt: str, output: Path | None) -> None:
    """Render the table placard for a compliant configuration.

    The placard states the payout schedule of every wager offered, the limits and the casino name
    in the wording the jurisdiction requires, with the ruleset version and a digest of the exact
    rules and configuration it was made from. A configuration that does not comply gets no
    placard (exit status 1; run `check` for the findings).

    The sign is laid out for the configuration's sign_size (letter, a4, tabloid, a3): the type is
    set as large as the sheet allows, and no text in the header or payout schedule is smaller than
    the minimum for the size, listed below (the notes, citation and digest at the foot are fine
    print). A schedule that would need smaller type is refused (exit status 2).
    """
    rs, cfg, report = _load(config, ruleset_ref)
    if not report.compliant:
        for finding in report.errors:
            click.echo(f"error: {finding}", err=True)
        click.echo(f"error: {cfg.path} does not comply with {rs.ref}; no placard written", err=True)
        sys.exit(EXIT_NO)
    if fmt == "pdf" and output is None:
        raise Trouble("--format pdf needs --output FILE")
    deliver(render_placard(rs, cfg, fmt), output, (config, rs.path))


# --- summary ---------------------------------------------------------------------------------


def render_summary(rs: Ruleset, fmt: str) -> str | bytes:
    if fmt == "markdown":
        return render("summary.md.j2", v=summary_view(rs, markdown_escape))
    html = render("summary.html.j2", v=summary_view(rs))
    return print_pdf(html) if fmt == "pdf" else html


@main.command()
@click.argument("jurisdiction")
@version_option
@on_option
@click.option("--format", "fmt", type=click.Choice(["markdown", "html", "pdf"]), default="markdown",
              show_default=True, help="markdown, html (print-ready) or pdf (needs Chromium).")
@output_option
@handled
def summary(jurisdiction: str, version: str | None, on: str | None, fmt: str, output: Path | None) -> None:
    """Render a readable rules summary with citations: play, wagers, paytables, procedures, irregularities."""
    rs = pick(jurisdiction, version, on)
    if fmt == "pdf" and output is None:
        raise Trouble("--format pdf needs --output FILE")
    deliver(render_summary(rs, fmt), output, (rs.path,))


# --- init ------------------------------------------------------------------------------------


def _parse_pairs(values: tuple[str, ...], option: str) -> list[tuple[str, str | None]]:
    out = []
    for value in values:
        key, sep, rest = value.partition("=")
        if not key.strip():
            raise Trouble(f"{option} {value!r}: expected ID or ID=VALUE")
        out.append((key.strip(), rest.strip() if sep else None))
    return out


def _amount(text: str, what: str) -> float | int:
    try:
        value = float(text)
        if not math.isfinite(value) or value > 1e12:
            raise ValueError
    except ValueError:
        raise Trouble(f"{what}: {text!r} is not an amount (a number such as 25 or 2.50)") from None
    if value <= 0:
        raise Trouble(f"{what}: must be more than 0")
    return int(value) if value.is_integer() else value


class _Asker:
    """Values from options, else (interactively) from prompts, else a list of what is missing."""

    def __init__(self, interactive: bool):
        self.interactive = interactive
        self.missing: list[str] = []

    def value(self, given, option: str, prompt: str, check=None, **prompt_kw):
        """An answer: the option's value, else (interactively) the prompt's, asked again until
        ``check`` (a function returning a problem or None) accepts it; earlier answers are kept."""
        if given is not None:
            problem = check(given) if check else None
            if problem:
                raise Trouble(f"{option} {given}: {problem}")
            return given
        if not self.interactive:
            if "default" in prompt_kw:
                return prompt_kw["default"]
            self.missing.append(option)
            return None
        while True:
            answer = click.prompt(prompt, **prompt_kw)
            problem = check(answer) if check else None
            if not problem:
                return answer
            click.echo(f"  {problem}; please answer again", err=True)

    def confirm(self, prompt: str, default: bool = False) -> bool:
        return click.confirm(prompt, default=default) if self.interactive else default


def _amount_problem(text, floor=None, what: str = "amount") -> str | None:
    """Why ``text`` is not an acceptable amount (at least ``floor``), or None."""
    try:
        value = _amount(str(text).replace("$", "").replace(",", "").strip(), what)
    except Trouble as exc:
        return str(exc).split(": ", 1)[-1]
    if floor is not None and value < floor:
        return f"{money(value)} is below the least the rules allow, {money(floor)}"
    return None


def _clean(text) -> str:
    return str(text).replace("$", "").replace(",", "").strip()


def _paytable_hint(rs: Ruleset, wager: dict) -> str:
    try:
        from ..gamemath import paytable_result
    except ImportError:
        return ""
    bits = []
    for table in wager["paytables"]:
        try:
            r = paytable_result(rs, wager["id"], table["id"])
        except Exception:  # a hint only; `paytables` gives the full account
            continue
        edge = "n/a" if r.house_edge is None else f"{r.house_edge * 100:.2f}%"
        bits.append(f"{table['id']}: {table['name']}, house edge {edge}")
    return "\n".join(f"  {b}" for b in bits)


def build_config(rs: Ruleset, ask: _Asker, *, casino, table, minimum, maximum, payout_limit, wagers,
                 wager_limits, seed, reset, rate, dealing_method, seats, sign_size) -> dict:
    data: dict = {"config_version": 1}
    data["casino"] = ask.value(casino, "--casino", "Casino name",
                               check=lambda v: None if str(v).strip() else "a casino name is needed")
    table = ask.value(table, "--table", "Table label (blank for none)", default="", show_default=False)
    if table:
        data["table"] = table
    data["jurisdiction"] = rs.jurisdiction
    data["ruleset_version"] = rs.version
    low = ask.value(minimum, "--minimum", "Table minimum (each bet)", check=_amount_problem)
    low_value = None if low is None else _amount(_clean(low), "--minimum")
    high = ask.value(maximum, "--maximum", "Table maximum (each bet)",
                     check=lambda v: _amount_problem(v) or (
                         f"the maximum is below the minimum, {money(low_value)}"
                         if low_value is not None and _amount(_clean(v), "--maximum") < low_value else None))
    data["limits"] = {"minimum": low_value,
                      "maximum": None if high is None else _amount(_clean(high), "--maximum")}
    limit = ask.value(payout_limit, "--payout-limit", "Payout limit per hand ('none' for no limit)", default="none",
                      check=lambda v: None if str(v).strip().lower() in ("none", "") else _amount_problem(v))
    data["payout_limit"] = None if str(limit).strip().lower() in ("none", "") else _amount(_clean(limit), "--payout-limit")

    methods = [m["id"] for m in rs.data["dealing_methods"]]
    default_method = methods[0] if len(methods) == 1 else None
    if ask.interactive and dealing_method is None and len(methods) > 1:
        click.echo("Dealing methods:\n" + "\n".join(f"  {m['id']}: {m['name']}" for m in rs.data["dealing_methods"]))
    data["dealing_method"] = ask.value(dealing_method, "--dealing-method", "Dealing method",
                                       type=click.Choice(methods),
                                       **({"default": default_method} if default_method else {}))
    max_seats = rs.data["table"]["max_positions"]["value"]
    data["seats"] = ask.value(seats, "--seats", "Number of seats", type=click.IntRange(1, 12),
                              **({"default": max_seats} if max_seats else {}))
    data["sign_size"] = ask.value(sign_size, "--sign-size", "Sign size", type=click.Choice(sorted(SIGN_SIZES)),
                                  default="letter")

    chosen = dict(_parse_pairs(wagers, "--wager"))
    known = {w["id"]: w for w in rs.wagers}
    for wid in chosen:
        if wid not in known:
            raise Trouble(f"--wager {wid}: {rs.ref} has no such wager ({', '.join(known)})")
    limits = {}
    for wid, text in _parse_pairs(wager_limits, "--wager-limit"):
        low_text, sep, high_text = (text or "").partition(":")
        if not sep:
            raise Trouble(f"--wager-limit {wid}={text}: expected ID=MIN:MAX")
        limits[wid] = (_amount(low_text, f"--wager-limit {wid}"), _amount(high_text, f"--wager-limit {wid}"))

    entries = []
    for wager in rs.wagers:
        wid = wager["id"]
        if wid not in chosen:
            required = wager["offered"] == "required"
            if not required and not (ask.interactive and not wagers and ask.confirm(f"Offer {wager['name']}?")):
                continue
            chosen[wid] = None
        entry: dict = {"wager": wid}
        tables = [t["id"] for t in wager["paytables"]]
        paytable = chosen[wid]
        rule = wager["selection"]["rule"]
        if paytable is None and tables and not (rule == "fixed"):
            if len(tables) == 1:
                paytable = tables[0]
            elif ask.interactive:
                hint = _paytable_hint(rs, wager)
                if hint:
                    click.echo(f"Paytables for {wager['name']}:\n{hint}")
                paytable = click.prompt(f"Paytable for {wager['name']}", type=click.Choice(tables))
            else:
                raise Trouble(f"{wager['name']}: choose a paytable with --wager {wid}=ID ({', '.join(tables)})")
        if paytable is not None:
            if paytable not in tables:
                raise Trouble(f"--wager {wid}={paytable}: not a paytable of {wid} ({', '.join(tables) or 'none'})")
            entry["paytable"] = paytable
        if wid in limits:
            entry["minimum"], entry["maximum"] = limits[wid]
        elif wager["kind"] != "base" and ask.interactive:
            optional = lambda v: None if not str(v).strip() else _amount_problem(v)  # noqa: E731
            low = ask.value(None, "", f"{wager['name']}: least stake (blank: default)", check=optional,
                            default="", show_default=False)
            high = ask.value(None, "", f"{wager['name']}: most stake (blank: default)", check=optional,
                             default="", show_default=False)
            if low:
                entry["minimum"] = _amount(_clean(low), "minimum")
            if high:
                entry["maximum"] = _amount(_clean(high), "maximum")
        if wager.get("meter"):
            floor = wager["meter"].get("reset_minimum")
            hint = f" (at least {money(floor)})" if floor else ""
            s = ask.value(seed, "--seed", f"{wager['name']}: meter seed{hint}",
                          check=lambda v: _amount_problem(v, floor))
            r = ask.value(reset, "--reset", f"{wager['name']}: meter reset{hint}", default=s,
                          check=lambda v: _amount_problem(v, floor))
            p = ask.value(rate, "--rate", f"{wager['name']}: meter rate, percent of each wager",
                          check=lambda v: _amount_problem(v) or (
                              "a rate is a percentage, at most 100" if _amount(_clean(v), "--rate") > 100 else None))
            if None not in (s, r, p):
                entry["progressive"] = {"seed": _amount(_clean(s), "--seed"), "reset": _amount(_clean(r), "--reset"),
                                        "rate_percent": _amount(_clean(p), "--rate")}
        entries.append(entry)
    data["wagers"] = entries
    if ask.missing:
        raise Trouble("init needs " + ", ".join(dict.fromkeys(ask.missing))
                      + " (or run it interactively with --interactive)")
    return data


def config_yaml(data: dict, rs: Ruleset) -> str:
    header = (f"# yaml-language-server: $schema={(data_dir('schema') / 'table-config.schema.json').as_uri()}\n"
              f"# Let It Ride table configuration for {rs.name} ({rs.ref}), written by `lit-compliance init`.\n"
              "# Check it with `lit-compliance check FILE`; render the sign with `lit-compliance placard FILE`.\n")
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


@main.command()
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
@click.option("--seed", type=float, help="Progressive meter seed.")
@click.option("--reset", type=float, help="Progressive meter reset (default: the seed).")
@click.option("--rate", type=float, help="Progressive meter rate, percent of each wager.")
@click.option("--dealing-method", help="Dealing method id.")
@click.option("--seats", type=click.IntRange(1, 12), help="Number of player positions (default: the ruleset's maximum).")
@click.option("--sign-size", type=click.Choice(sorted(SIGN_SIZES)), help="Placard sheet size (default letter).")
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False), required=False,
              help="Configuration file to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@click.option("--interactive/--no-interactive", default=None,
              help="Prompt for what options do not give (default: when standard input is a terminal).")
@handled
def init(jurisdiction, version, casino, table, minimum, maximum, payout_limit, wagers, wager_limits, seed, reset,
         rate, dealing_method, seats, sign_size, output, force, interactive) -> None:
    """Write a table configuration, from options or by asking.

    Non-interactive example:

    \b
      lit-compliance init --jurisdiction maryland --casino "Bay Casino" \\
        --minimum 10 --maximum 500 --wager base=a --wager progressive=a \\
        --seed 10000 --rate 15 --dealing-method automated_shoe --output table.yaml
    """
    if interactive is None:
        interactive = sys.stdin.isatty()
    cat = catalogue()
    if jurisdiction is None:
        if not interactive:
            raise Trouble("init needs --jurisdiction (or run it interactively with --interactive)")
        jurisdiction = click.prompt("Jurisdiction", type=click.Choice(cat.jurisdictions))
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
    data = build_config(rs, _Asker(interactive), casino=casino, table=table, minimum=minimum, maximum=maximum,
                        payout_limit=payout_limit, wagers=wagers, wager_limits=wager_limits, seed=seed,
                        reset=reset, rate=rate, dealing_method=dealing_method, seats=seats, sign_size=sign_size)
    text = config_yaml(data, rs)
    config = load_config_text(text, str(output))  # what we write must read back valid
    report = check_config(rs, config)
    if not report.compliant:
        click.echo(f"This configuration does NOT comply with {rs.ref}:", err=True)
        for finding in report.errors:
            click.echo(f"  {finding.message} [{finding.cite}]", err=True)
        if interactive and not click.confirm("Write it anyway?", default=False):
            click.echo(f"nothing written to {output}", err=True)
            sys.exit(EXIT_NO)
    deliver(text, output)
    state = "complies" if report.compliant else f"does NOT comply ({len(report.errors)} error(s))"
    click.echo(f"wrote {output}: {state}, {len(report.warnings)} warning(s); "
               f"see `lit-compliance check {output}`")
    sys.exit(EXIT_OK if report.compliant else EXIT_NO)
