"""Conventions every command follows, applied once per command when it is loaded.

- ``--version`` is the program's version on every command; a ruleset version is chosen as
  ``JURISDICTION@VERSION`` (``maryland@v1``); the old per-command option stays as the hidden
  ``--ruleset-version``.
- Jurisdiction arguments complete as jurisdiction ids and ``ID@VERSION``; ``--wager`` and
  ``--paytable`` complete from the jurisdiction typed.
"""
import click
import click.shell_completion

from .. import __version__
from ..load.catalogue import Catalogue


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"lit-compliance, version {__version__}")
        ctx.exit()


def complete_ruleset(ctx, param, incomplete: str) -> list:
    """Shell completion: jurisdiction ids, then JURISDICTION@VERSION."""
    try:
        cat = Catalogue.bundled()
        refs = [j for j in cat.jurisdictions] + [rs.ref for rs in cat.all_versions()]
    except Exception:  # noqa: BLE001 (completion must never fail loudly)
        return []
    return [click.shell_completion.CompletionItem(r) for r in refs if r.startswith(incomplete.lower())]


def complete_wager(ctx, param, incomplete: str) -> list:
    """Shell completion of wager ids (and paytable ids) of the jurisdiction already typed."""
    try:
        typed = ctx.params.get("jurisdiction") or next((a for a in ctx.args if not a.startswith("-")), "")
        rs = Catalogue.bundled().resolve(typed)
    except Exception:  # noqa: BLE001
        return []
    wager = ctx.params.get("wager")
    if param.name == "paytable" and wager:
        ids = [t["id"] for w in rs.data["wagers"] if w["id"] == wager for t in w["paytables"]]
    else:
        ids = [w["id"] for w in rs.data["wagers"]]
    return [click.shell_completion.CompletionItem(i) for i in ids if i.startswith(incomplete)]


def apply(command: click.Command) -> None:
    """Give one command the conventions (once; commands are loaded on first use)."""
    if getattr(command, "_conventions_applied", False):
        return
    command._conventions_applied = True
    for param in command.params:
        if isinstance(param, click.Argument) and param.name in ("jurisdiction", "old", "new", "target"):
            param._custom_shell_complete = complete_ruleset
        elif isinstance(param, click.Option) and param.name in ("wager", "paytable"):
            param._custom_shell_complete = complete_wager
    for param in command.params:
        if isinstance(param, click.Option) and "--version" in param.opts:
            param.opts = ["--ruleset-version"]
            param.hidden = True
            if command.help and "JURISDICTION@VERSION" not in command.help:
                command.help += "\n\nChoose a ruleset version as JURISDICTION@VERSION (e.g. maryland@v1)."
    command.params.append(click.Option(["--version", "show_program_version"], is_flag=True, expose_value=False, is_eager=True,
                                       callback=_print_version, help="Show the program's version and exit."))

