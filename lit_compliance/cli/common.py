"""The ``lit-compliance`` command line.

Exit codes (all commands): 0 success; 1 the answer is "no" (``validate`` found problems, ``check``
found non-compliance, ``diff`` found differences); 2 trouble (bad input, unknown jurisdiction,
usage error). Problems go to standard error as ``file:line:col: path: message``; never a traceback.
"""
from __future__ import annotations

import datetime as dt
import functools
import os
import re
import sys

import click

from .. import __version__
from ..load.catalogue import Catalogue, CatalogueError, Ruleset
from ..load.strict_yaml import InputError

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

def pick(jurisdiction: str, version: str | None, on: str | None) -> Ruleset:
    cat = catalogue()
    if version and on is not None:
        raise Trouble("give --version or --on, not both")
    if on is not None:
        return cat.in_force(jurisdiction, parse_date(on, "--on"))
    if "@" in jurisdiction:
        jurisdiction, _, version = jurisdiction.partition("@")
    return cat.get(jurisdiction, version)


def parse_date(text: str, option: str) -> dt.date:
    """A calendar date written YYYY-MM-DD, and nothing else (no week dates, no empty string)."""
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError
        return dt.date.fromisoformat(text)
    except ValueError:
        raise Trouble(f"{option} {text!r} is not a date (use YYYY-MM-DD)") from None
