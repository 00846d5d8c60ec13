"""``lit-compliance diff OLD NEW`` and ``lit-compliance compare TOPIC``.

Both compute their data once (:mod:`.diff`, :mod:`.compare`) and render it as terminal text,
Markdown, HTML or JSON. Colour only in text, and only on a terminal unless ``--color`` says so.
``diff`` exits like ``diff(1)``: 0 no differences, 1 differences, 2 trouble.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

import click

from ..load.catalogue import Catalogue, names_a_file, resolve_ref
from ..suggest import did_you_mean
from .common import EXIT_NO, EXIT_OK, Trouble, handled, main, output_option
from .formats import Formats, is_terminal
from ..regulator.compare import compare as compare_topic
from ..regulator.compare import topics as all_topics
from ..regulator.compare import compare_view
from ..regulator.diff import diff_rulesets
from ..regulator.diff_view import diff_view
from ..output.files import OutputError, write_output
from ..output.render import render, to_json
from ..output.text_safety import markdown, styled

STYLES = {
    "heading": {"bold": True}, "area": {"bold": True, "underline": True}, "group": {"bold": True},
    "added": {"fg": "green"}, "removed": {"fg": "red"}, "changed": {"fg": "yellow"},
    "renamed": {"fg": "cyan"}, "recited": {"dim": True},
}

color_option = click.option("--color/--no-color", "color", default=None,
                            help="Colour the text output (default: only when writing to a terminal).")


def _painter(enabled: bool) -> Callable[[str, str], str]:
    if not enabled:
        return lambda text, role: text
    return lambda text, role: styled(str(text), **STYLES.get(role, {}))


def md(text: object) -> str:
    """Text made safe inside a Markdown table cell."""
    return markdown(text)


def _templated(suffix: str) -> Callable:
    """The view of a result through its template ``NAME.SUFFIX.j2`` (``view()`` gives the template's names)."""
    return lambda name, result, view, paint: render(f"{name}.{suffix}.j2", paint=paint, md=md, **view())


# A diff's or a comparison's formats; a diff of two table configurations offers text and json only.
RESULT = Formats({"text": _templated("txt"), "markdown": _templated("md"), "html": _templated("html"),
                  "json": lambda name, result, view, paint: to_json(result.as_dict())})
CONFIG_DIFF = Formats({"text": RESULT["text"], "json": RESULT["json"]})


def _topic_list(rows: list[dict]) -> str:
    return render("compare_list.txt.j2", topics=rows, width=max(len(r["name"]) for r in rows))


TOPICS = Formats({"text": _topic_list, "markdown": _topic_list, "html": _topic_list, "json": to_json})  # compare --list


def _emit_result(name: str, result, fmt: str, output: Path | None, color: bool | None,
                 view: Callable[[], dict], inputs: tuple = (), formats: Formats = RESULT) -> None:
    """Render a diff or compare result in the chosen format and deliver it."""
    use_color = _use_color(color, fmt, output)
    _deliver(formats[fmt](name, result, view, _painter(use_color)), output, use_color, inputs)


def _deliver(text: str, output: Path | None, color: bool, inputs: tuple = ()) -> None:
    if output is None:
        click.echo(text, nl=False, color=color)
        return
    try:
        write_output(output, text, inputs)
    except OutputError as exc:
        raise Trouble(str(exc)) from None


def _use_color(color: bool | None, fmt: str, output: Path | None) -> bool:
    if not is_terminal(fmt):
        return False
    if color is not None:
        return color
    if os.environ.get("NO_COLOR"):  # https://no-color.org: any non-empty value
        return False
    return output is None and sys.stdout.isatty()


@main.command("diff", short_help="Every difference in meaning between two rulesets.")
@click.argument("old")
@click.argument("new")
@RESULT.option
@output_option
@click.option("--citations/--no-citations", default=False,
              help="Also list citation-only changes (kind 'recited') and count them as differences.")
@click.option("--house-edge/--no-house-edge", "house_edge", default=True, show_default=True,
              help="Compute the house edge before and after each paytable change.")
@click.option("--references", is_flag=True,
              help="Print each changed fact's reference in the site (`lit-compliance site`), e.g. "
                   "maryland/v1/#wagers.base.paytables.a (JSON always has them).")
@color_option
@handled
def diff_cmd(old: str, new: str, fmt: str, output: Path | None, citations: bool, house_edge: bool,
             references: bool, color: bool | None) -> None:
    """Every difference in meaning between two rulesets.

    OLD and NEW are each a jurisdiction (its newest version), JURISDICTION@VERSION, or a path to a
    ruleset file (e.g. a draft amendment). Items are matched by what they are about, not by
    position; a change of citation alone is kind 'recited' and is shown only with --citations.

    OLD and NEW may instead both be table configurations: then what changed in meaning (paytables,
    limits, meter, readings in force, supplied figures, wagers added or removed), with each changed
    wager's house edge before and after (text or json).

    Exit status: 0 no differences, 1 differences, 2 trouble.
    """
    if _is_config(old) or _is_config(new):
        _diff_configs(old, new, fmt, output, house_edge, color)
    old_rs, new_rs = resolve_ref(old), resolve_ref(new)
    result = diff_rulesets(old_rs, new_rs, house_edges=house_edge)
    _emit_result("diff", result, fmt, output, color, lambda: diff_view(result, include_citations=citations, include_references=references),
                 (old_rs.path, new_rs.path))
    sys.exit(EXIT_NO if result.differs(include_citations=citations) else EXIT_OK)


def _is_config(ref: str) -> bool:
    from ..load.kinds import file_kind  # lazy: only to tell a table configuration from a ruleset

    return names_a_file(ref) and Path(ref).is_file() and file_kind(Path(ref)) == "table configuration"


def _diff_configs(old: str, new: str, fmt: str, output: Path | None, house_edge: bool, color: bool | None) -> None:
    """``diff CONFIG_A CONFIG_B``: what changed in meaning between two table configurations."""
    from ..operator.config_diff import config_diff_view, diff_configs  # lazy: only a diff of two configurations
    from ..table.config import load_config  # lazy: as above; a ruleset diff never reads a configuration

    if not (_is_config(old) and _is_config(new)):
        config, other = (old, new) if _is_config(old) else (new, old)
        if names_a_file(other) and not Path(other).is_file():
            raise Trouble(f"{other}: no such file")
        raise Trouble(f"{config} is a table configuration and {other} is not: diff compares two rulesets or two "
                      "table configurations (check CONFIG compares a configuration with its rules)")
    if fmt not in CONFIG_DIFF:
        raise Trouble(f"--format {fmt}: a diff of two table configurations prints {CONFIG_DIFF.said()}")
    result = diff_configs(load_config(old), load_config(new), house_edges=house_edge)
    _emit_result("config_diff", result, fmt, output, color, lambda: config_diff_view(result),
                 (Path(old), Path(new)), CONFIG_DIFF)
    sys.exit(EXIT_NO if result.differs else EXIT_OK)


@main.command("compare", short_help="One topic across all jurisdictions, side by side.")
@click.argument("topic", required=False)
@click.option("--list", "list_topics", is_flag=True, help="List the topics and exit.")
@click.option("--jurisdiction", "-j", "jurisdictions", multiple=True, metavar="REF",
              help="Compare only these (jurisdiction, jurisdiction@version or file); repeatable. "
                   "Default: the newest version of every jurisdiction in the catalogue.")
@RESULT.option
@output_option
@color_option
@handled
def compare_cmd(topic: str | None, list_topics: bool, jurisdictions: tuple[str, ...], fmt: str,
                output: Path | None, color: bool | None) -> None:
    """One TOPIC across all jurisdictions, side by side, with citations.

    `lit-compliance compare --list` shows the topics, e.g. qualifying-hand, payout-limit,
    community-card-exposed-early, base-paytables (with house edges).
    """
    known = all_topics()
    if list_topics:
        rows = [{"name": t.name, "title": t.title, "description": t.description} for t in known.values()]
        _deliver(TOPICS[fmt](rows), output, False)
        return
    if topic is None:
        raise Trouble("name a TOPIC (lit-compliance compare --list shows them)")
    if topic not in known:
        raise Trouble(f"unknown topic {topic!r}{did_you_mean(topic, known)} (topics: {', '.join(known)}; "
                      "`lit-compliance compare --list` says what each covers)")
    if jurisdictions:
        rulesets = [resolve_ref(ref) for ref in jurisdictions]
    else:
        cat = Catalogue.bundled()
        rulesets = [cat.latest(j) for j in cat.jurisdictions]
    result = compare_topic(known[topic], rulesets)
    _emit_result("compare", result, fmt, output, color, lambda: compare_view(result),
                 tuple(rs.path for rs in rulesets))  # never written over one of its own inputs
