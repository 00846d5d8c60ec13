"""Conventions every command follows, applied once per command when it is loaded.

- ``--version`` is the program's version on every command; a ruleset version is chosen as
  ``JURISDICTION@VERSION`` (``maryland@v1``); the old per-command option stays as the hidden
  ``--ruleset-version``.
- Jurisdiction arguments complete as jurisdiction ids and ``ID@VERSION``; ``--wager`` and
  ``--paytable`` complete from the jurisdiction typed.
- Every number option refuses NaN and infinities (``--bet nan``) with a clear message.
- ``-o -`` (``--output -``) means standard output; for ``site``, which writes a folder, it is refused.
- An option naming a thing to choose (``--wager``, ``--jurisdiction``, ``--ruleset``, ``--method``...)
  may not be empty: ``--wager ''`` is an error, not "no filter".
"""
import inspect
import math

import click
import click.shell_completion

from .. import __version__
from ..load.catalogue import Catalogue
from ..model import as_printed


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
        ids = [t.id for w in as_printed(rs).wagers if w.id == wager for t in w.paytables]
    else:
        ids = [w.id for w in as_printed(rs).wagers]
    return [click.shell_completion.CompletionItem(i) for i in ids if i.startswith(incomplete)]


# Empty is refused here; --wager and --method are checked by their commands, which name the choices.
NON_EMPTY_OPTIONS = {"paytable", "jurisdiction", "jurisdictions", "ruleset_ref", "version", "dealing_method", "on",
                     "casino", "wagers", "wager_limits"}
JURISDICTIONS = {"jurisdiction", "jurisdictions", "ruleset_ref"}


def _chained(param: click.Parameter, check) -> None:
    """Run ``check(ctx, param, value)`` before the parameter's own callback."""
    original = param.callback

    def callback(ctx, p, value):
        value = check(ctx, p, value)
        return original(ctx, p, value) if original is not None else value

    param.callback = callback


def _finite(ctx, param, value):
    for v in value if isinstance(value, (tuple, list)) else (value,):
        if isinstance(v, float) and not math.isfinite(v):
            raise click.BadParameter(f"{v!r} is not a number that can be used (NaN and infinities are refused)",
                                     ctx, param)
    return value


def _not_empty(ctx, param, value):
    for v in value if isinstance(value, (tuple, list)) else (value,):
        if isinstance(v, str) and not v.strip():
            try:
                from ..load.catalogue import Catalogue  # lazy: the catalogue loads only when a command asks for it

                choices = list(Catalogue.bundled().jurisdictions) if param.name in JURISDICTIONS else []
            except Exception:  # noqa: BLE001 (the message must not fail)
                choices = []
            known = f"choose one of {', '.join(map(str, choices[:40]))}" if choices else "give a value (see --help)"
            raise click.BadParameter(f"is empty; {known}, or leave the option out", ctx, param)
    return value


def _dash_is_stdout(ctx, param, value):
    return None if value is not None and str(value) == "-" else value


def _dash_is_not_a_folder(ctx, param, value):
    if value is not None and str(value) == "-":
        raise click.BadParameter("a site is a folder of files; it cannot go to standard output ('-')", ctx, param)
    return value


def apply_conventions(command: click.Command) -> None:
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
        if isinstance(param.type, click.types.FloatParamType):
            _chained(param, _finite)
        elif isinstance(param, click.Option) and param.name in NON_EMPTY_OPTIONS and param.type == click.STRING:
            _chained(param, _not_empty)
        if isinstance(param, click.Option) and param.name == "output":
            _chained(param, _dash_is_not_a_folder if command.name == "site" else _dash_is_stdout)
    for param in command.params:
        if isinstance(param, click.Option) and "--version" in param.opts:
            param.opts = ["--ruleset-version"]
            param.hidden = True
            if command.help and "JURISDICTION@VERSION" not in command.help:
                # dedented first: the added paragraph has no indent, so click could not dedent the whole
                command.help = (inspect.cleandoc(command.help)
                                + "\n\nChoose a ruleset version as JURISDICTION@VERSION (e.g. maryland@v1).")
    command.params.append(click.Option(["--version", "show_program_version"], is_flag=True, expose_value=False, is_eager=True,
                                       callback=_print_version, help="Show the program's version and exit."))

