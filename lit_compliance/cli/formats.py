"""Output formats, chosen in one place.

Each command declares once, beside itself, the formats it offers and the view that renders each: a
:class:`Formats` table. The table makes the command's ``--format`` option (the choices in the
table's order, the first the default) and picks the view for the format asked for
(``TABLE[fmt](...)``). What a format is (text for a terminal, figures for programs, a file only) is
said once, in :data:`FORMAT_KINDS`; commands ask it (:func:`is_terminal`, :func:`figures_only`...) rather
than compare format names by hand (tests/test_layout.py checks that no command module does).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import click
from ..records import record


@record
class FormatKind:
    """What an output format is, whichever command writes it."""

    terminal: bool = False       #: text for a terminal: the only format coloured
    figures_only: bool = False   #: figures for programs: no display words, charts or stamp are made for it
    file_only: bool = False      #: bytes, not text: written to ``--output FILE`` only
    json_errors: bool = False    #: trouble is said as one JSON object on standard error too


FORMAT_KINDS: dict[str, FormatKind] = {
    "text": FormatKind(terminal=True),
    "markdown": FormatKind(),
    "html": FormatKind(),
    "svg": FormatKind(),
    "pdf": FormatKind(file_only=True),
    "json": FormatKind(figures_only=True, json_errors=True),
    "csv": FormatKind(figures_only=True),
}


def _kind(name: object) -> FormatKind:
    return FORMAT_KINDS.get(name, FormatKind()) if isinstance(name, str) else FormatKind()


def is_terminal(name: str) -> bool:
    """Whether format ``name`` is text for a terminal (``text``)."""
    return _kind(name).terminal


def figures_only(name: str) -> bool:
    """Whether format ``name`` carries the figures alone, for programs (``json``, ``csv``)."""
    return _kind(name).figures_only


def file_only(name: str) -> bool:
    """Whether format ``name`` is bytes written to a file only (``pdf``)."""
    return _kind(name).file_only


def json_errors(name: object) -> bool:
    """Whether a run asked for format ``name`` says its trouble as JSON (``json``)."""
    return _kind(name).json_errors


class Formats(Mapping[str, Callable]):
    """A command's output formats: each name with the view that renders it, in the order ``--help``
    and a wrong choice list them; the first is the default. ``help`` is the option's help text."""

    def __init__(self, views: dict[str, Callable], help: str = "Output format.") -> None:
        unknown = sorted(set(views) - set(FORMAT_KINDS))
        if unknown or not views:
            raise ValueError(f"formats not described in FORMAT_KINDS: {unknown}" if unknown else "no formats")
        self._views = dict(views)
        self.help = help

    def __getitem__(self, name: str) -> Callable:
        return self._views[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._views)

    def __len__(self) -> int:
        return len(self._views)

    @property
    def default(self) -> str:
        return next(iter(self._views))

    def said(self) -> str:
        """The names as a sentence says them: ``text, json or csv``."""
        names = list(self._views)
        return " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)

    def option(self, command: Callable) -> Callable:
        """Decorate ``command`` with its ``--format`` option (the value passed as ``fmt``)."""
        return click.option("--format", "fmt", type=click.Choice(list(self._views)), default=self.default,
                            show_default=True, help=self.help)(command)
