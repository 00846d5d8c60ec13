"""The ``lit-compliance`` command line: one module per command group, all on one ``main`` group.

``common`` defines the group and the helpers every command shares; each other module adds its
commands to it. Nothing here imports upwards: the command modules import ``common`` only.

Conventions applied to every command here, once:

- ``--version`` is the program's version on every command; a ruleset version is chosen as
  ``JURISDICTION@VERSION`` (``maryland@v1``); the old per-command option stays as the hidden
  ``--ruleset-version``.
- ``--help`` says so.
"""
import click

from .. import __version__
from .common import main
from . import catalogue, math, play, operator, regulator  # noqa: F401,E402  (each adds its commands)

__all__ = ["main"]


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"lit-compliance, version {__version__}")
        ctx.exit()


def _conventions() -> None:
    for command in main.commands.values():
        for param in command.params:
            if isinstance(param, click.Option) and "--version" in param.opts:
                param.opts = ["--ruleset-version"]
                param.hidden = True
                if command.help and "JURISDICTION@VERSION" not in command.help:
                    command.help += "\n\nChoose a ruleset version as JURISDICTION@VERSION (e.g. maryland@v1)."
        command.params.append(click.Option(["--version", "show_program_version"], is_flag=True, expose_value=False, is_eager=True,
                                           callback=_print_version, help="Show the program's version and exit."))


_conventions()
