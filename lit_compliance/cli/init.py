"""``lit-compliance init``: write a table configuration, from options or by asking.

The questions and the configuration are :mod:`lit_compliance.operator.config_builder`'s; this module
asks them at the terminal, checks what would be written (:mod:`lit_compliance.operator.checks`), asks
again about the answers a problem concerns, and writes the file.
"""
from __future__ import annotations

import enum
import sys
from pathlib import Path

import click

from ..load.catalogue import Catalogue, Ruleset
from ..operator.answers import Asker, BuildError, keys_for_errors, match_choice
from ..operator.checks import Report, check as check_config
from ..operator.config_builder import build_config
from ..sign.layout import SIGN_SIZES
from ..table.config import load_config_text
from .common import EXIT_NO, EXIT_OK, Trouble, catalogue, deliver, handled, main, read_answer


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

    class Dumper(yaml.SafeDumper):
        """Safe YAML where an enum (a hand, a kind: the engine's labels) is written as its data spelling."""

    Dumper.add_multi_representer(enum.Enum, lambda dumper, value: dumper.represent_str(str(value.value)))
    return header + yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False,
                              width=100)


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
    jurisdiction = _jurisdiction(cat, jurisdiction, interactive)
    rs = _ruleset(cat, jurisdiction, version, interactive)
    output = _destination(output, jurisdiction.partition("@")[0], force, interactive)
    asker = _ClickAsker(interactive)
    options = dict(casino=casino, table=table, minimum=minimum, maximum=maximum, payout_limit=payout_limit,
                   wagers=wagers, wager_limits=wager_limits, seed=seed, reset=reset, rate=rate,
                   dealing_method=dealing_method, seats=seats, sign_size=sign_size, figures=figures)
    text, report = _settled(rs, asker, options, output, accept_flagged, interactive)
    deliver(text, output)
    _say_written(output, report)
    sys.exit(EXIT_OK if report.compliant else EXIT_NO)


def _jurisdiction(cat: Catalogue, given: str | None, interactive: bool) -> str:
    """The jurisdiction given, or asked for (an answer that names none is asked again)."""
    if given is not None:
        return given
    if not interactive:
        raise Trouble("init needs --jurisdiction (or run it interactively with --interactive)")
    names = {j: cat.latest(j).name for j in cat.jurisdictions}
    while True:
        answer = click.prompt(f"Jurisdiction ({', '.join(names)})")
        jurisdiction, problem = match_choice(answer, names)
        if not problem:
            return jurisdiction
        click.echo(f"  {problem}; please answer again", err=True)


def _ruleset(cat: Catalogue, jurisdiction: str, version: str | None, interactive: bool) -> Ruleset:
    """The ruleset: JURISDICTION@VERSION, --version, the version asked for (where there are several), or the newest."""
    if "@" in jurisdiction:
        jurisdiction, _, version = jurisdiction.partition("@")
    versions = [r.version for r in cat.versions(jurisdiction)]
    if version is None and interactive and len(versions) > 1:
        version = click.prompt("Ruleset version", type=click.Choice(versions), default=versions[-1])
    return cat.get(jurisdiction, version)


def _destination(output: Path | None, jurisdiction: str, force: bool, interactive: bool) -> Path:
    """The file to write (asked for when not given); one that exists only with --force."""
    if output is None:
        if not interactive:
            raise Trouble("init needs --output FILE")
        output = Path(click.prompt("Write the configuration to", default=f"{jurisdiction}-table.yaml"))
    if output.exists() and not force:
        raise Trouble(f"{output} exists; use --force to overwrite it")
    return output


def _settled(rs: Ruleset, asker: _ClickAsker, options: dict, output: Path, accept_flagged: bool,
             interactive: bool) -> tuple[str, Report]:
    """Ask, check and ask again until the configuration complies or the house chooses to write it as
    it is: the file's text and its check."""
    accepted: list[str] = []
    while True:
        drafted = _drafted(rs, asker, options, output, accepted, accept_flagged, interactive)
        if drafted is None:   # a flagged paytable refused: its answers are asked again
            continue
        data, text, report = drafted
        if report.compliant or _keep_as_is(rs, data, report, asker, output, interactive):
            return text, report


def _drafted(rs: Ruleset, asker: _ClickAsker, options: dict, output: Path, accepted: list[str],
             accept_flagged: bool, interactive: bool) -> tuple[dict, str, Report] | None:
    """One round of answers: the configuration, its file's text and its check with the flags the house
    accepts; None when it refuses a flagged paytable (the answers that chose it are then asked again)."""
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
        return None
    return data, *_written(rs, data, output, accepted)


def _keep_as_is(rs: Ruleset, data: dict, report: Report, asker: _ClickAsker, output: Path,
                interactive: bool) -> bool:
    """Say why a configuration does not comply; whether to write it as it is (without a terminal, yes),
    False when the house goes back to the answers concerned (marked to be asked again). Exits when it
    writes nothing."""
    click.echo(f"This configuration does NOT comply with {rs.ref}:", err=True)
    for finding in report.errors:
        click.echo(f"  {finding.path or '(top)'}: {finding.message} [{finding.cite}]", err=True)
    if not interactive:
        return True
    keys = keys_for_errors(report.errors, data, asker.answers)
    if keys:
        click.echo("The answers these concern:\n" + "\n".join(
            f"  {asker.prompts.get(k, k)}: {asker.answers[k]}" for k in keys), err=True)
        if click.confirm("Go back and change them (every other answer is kept)?", default=True):
            asker.redo = set(keys)
            return False
    if not click.confirm("Write it anyway?", default=False):
        click.echo(f"nothing written to {output}", err=True)
        sys.exit(EXIT_NO)
    return True


def _say_written(output: Path, report: Report) -> None:
    """What was written: the flags accepted where the house loses, and whether the file complies."""
    if report.house_loses:
        click.echo(f"note: the house loses on average on {', '.join(f['says'].split(':')[0] for f in report.flags if f['house_loses'])}"
                   f" (accepted, recorded in the file); `lit-compliance check --strict {output}` fails on it", err=True)
    state = "complies" if report.compliant else f"does NOT comply ({len(report.errors)} error(s))"
    click.echo(f"wrote {output}: {state}, {len(report.warnings)} warning(s); "
               f"see `lit-compliance check {output}`")


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
