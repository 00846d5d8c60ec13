"""The ``lit-compliance`` command line.

Exit codes (all commands): 0 success; 1 the answer is "no" (``validate`` found problems, ``check``
found non-compliance, ``diff`` found differences); 2 trouble (bad input, unknown jurisdiction,
usage error). Problems go to standard error as ``file:line:col: path: message``; never a traceback.
"""
from __future__ import annotations

import datetime as dt
import functools
import json
import os
import sys
from pathlib import Path

import click

from . import __version__
from .catalogue import Catalogue, CatalogueError, Ruleset, load_ruleset
from .render import render, to_json
from .strict_yaml import InputError, Problem

EXIT_OK, EXIT_NO, EXIT_TROUBLE = 0, 1, 2


class Trouble(Exception):
    """A clean failure: message(s) for standard error and exit status 2."""


def handled(func):
    """Turn expected failures into clear messages and exit codes, never tracebacks."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except InputError as exc:
            for problem in exc.problems:
                click.echo(f"error: {problem}", err=True)
            sys.exit(EXIT_TROUBLE)
        except (CatalogueError, Trouble) as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(EXIT_TROUBLE)
        except (SystemExit, KeyboardInterrupt, click.exceptions.Exit, click.ClickException):
            raise
        except Exception as exc:  # a bug: say so plainly, keep the traceback for those who ask
            if os.environ.get("LIT_COMPLIANCE_DEBUG"):
                raise
            click.echo(f"error: internal error ({type(exc).__name__}: {exc}); this is a bug in "
                       "lit-compliance: set LIT_COMPLIANCE_DEBUG=1 to see the traceback", err=True)
            sys.exit(EXIT_TROUBLE)

    return wrapper


def progress(label: str):
    """A progress bar over a job list on a terminal (standard error); nothing elsewhere."""
    if not sys.stderr.isatty():
        return None

    def wrap(items):
        with click.progressbar(items, label=label, file=sys.stderr) as bar:
            yield from bar

    return wrap


def catalogue() -> Catalogue:
    return Catalogue.bundled()


def emit(text: str) -> None:
    click.echo(text, nl=not text.endswith("\n"))


format_option = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                              show_default=True, help="Output format.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="lit-compliance")
def main() -> None:
    """Rules catalogue for Let It Ride poker: rulesets, engine, game math, diffs and placards.

    Exit status: 0 success, 1 a negative answer (validation problems, non-compliance,
    differences), 2 trouble (bad input or usage).
    """


@main.command("list")
@format_option
@handled
def list_cmd(fmt: str) -> None:
    """List the jurisdictions and versions in the catalogue."""
    cat = catalogue()
    rows = []
    for jid in cat.jurisdictions:
        for rs in cat.versions(jid):
            d = rs.data
            rows.append({
                "jurisdiction": jid, "name": rs.name, "version": rs.version,
                "effective_date": d["version"]["effective_date"], "citation": d["source"]["citation"],
                "wagers": [w["id"] for w in rs.wagers], "findings": len(rs.findings),
            })
    if fmt == "json":
        emit(to_json(rows))
        return
    emit(render("list.txt.j2", rows=rows))


def pick(jurisdiction: str, version: str | None, on: str | None) -> Ruleset:
    cat = catalogue()
    if version and on:
        raise Trouble("give --version or --on, not both")
    if on:
        try:
            day = dt.date.fromisoformat(on)
        except ValueError:
            raise Trouble(f"--on {on!r} is not a date (use YYYY-MM-DD)") from None
        return cat.in_force(jurisdiction, day)
    if "@" in jurisdiction:
        jurisdiction, _, version = jurisdiction.partition("@")
    return cat.get(jurisdiction, version)


@main.command()
@click.argument("jurisdiction")
@click.option("--version", "version", help="A version id (default: the newest).")
@click.option("--on", "on", metavar="DATE", help="The version in force on DATE (YYYY-MM-DD).")
@format_option
@handled
def show(jurisdiction: str, version: str | None, on: str | None, fmt: str) -> None:
    """Print a ruleset readably (with its findings), or as JSON."""
    rs = pick(jurisdiction, version, on)
    if fmt == "json":
        emit(to_json(rs.data))
    else:
        emit(render("show.txt.j2", rs=rs))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@format_option
@handled
def validate(paths: tuple[Path, ...], fmt: str) -> None:
    """Validate ruleset files (the bundled catalogue when no path is given).

    Exit status 0 when everything is valid, 1 when any problem is found.
    """
    problems: list[Problem] = []
    checked = []
    if not paths:
        try:
            cat = Catalogue.bundled()
            checked = [rs.path for j in cat.jurisdictions for rs in cat.versions(j)]
        except InputError as exc:
            problems.extend(exc.problems)
    for path in paths:
        try:
            load_ruleset(path)
            checked.append(str(path))
        except InputError as exc:
            problems.extend(exc.problems)
    if fmt == "json":
        emit(to_json({"valid": not problems, "checked": checked,
                      "problems": [p.as_dict() for p in problems]}))
    else:
        for problem in problems:
            click.echo(f"error: {problem}", err=True)
        if not problems:
            click.echo(f"ok: {len(checked)} ruleset(s) valid")
    sys.exit(EXIT_NO if problems else EXIT_OK)


def _register_optional_commands() -> None:
    """Commands that live in their own modules register themselves on ``main``."""
    from . import commands  # noqa: F401  (imports add commands to ``main``)


_register_optional_commands()
