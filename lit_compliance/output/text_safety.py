"""One text-safety layer for every output format.

- :func:`visible`: characters that no output may carry raw (C0 and C1 controls other than tab and
  line feed, DEL, lone surrogates, U+FFFE/U+FFFF: XML forbids them, terminals obey them; and the
  bidirectional embeddings, overrides and isolates U+202A-U+202E, U+2066-U+2069, which reorder
  what a reader sees) are shown
  as ``\\u001b``-style text instead. The Jinja environment applies it to every value a template
  prints, so HTML, SVG (which must be well-formed XML), Markdown and terminal text all get it;
  autoescaping then handles ``<``, ``&`` and quotes (attributes are always quoted in the templates).
- :func:`markdown`: text made literal in Markdown, on one line, so a table cell cannot be split
  by ``|`` or a line break and a value cannot start a heading or a list.
"""
from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~])")


def visible(text: str) -> str:
    """``text`` with every unsafe character shown as an escape (``\\u001b``)."""
    if type(text) is str and _UNSAFE.search(text) is None:  # the usual case (a site prints 50,000 values);
        return text                                          # sub() would give a subclass back as a plain str
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def one_line(text: str) -> str:
    """``text`` made :func:`visible` with its line breaks and tabs shown as ``\\n``, ``\\r``, ``\\t``
    too: a name a user gave (a file name) that cannot break a message's line or forge another."""
    return visible(text).replace("\n", "\\n").replace("\t", "\\t")


def json_text(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with every unsafe character written as
    a JSON ``\\uXXXX`` escape: the same document to a parser, nothing raw for a terminal."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class Styled(str):
    """Terminal styling the program itself added around text already made :func:`visible`."""


def styled(text: str, **style) -> Styled:
    """``text`` made visible and styled for a terminal (click's colours)."""
    import click  # lazy: click only where terminal styling is asked for

    return Styled(click.style(visible(text), **style))


def finalize(value):
    """Jinja ``finalize``: every printed string made safe (styling we added is kept); other values untouched."""
    if isinstance(value, Styled) or hasattr(value, "__html__"):
        return value  # markup the program itself built (autoescape already trusts it)
    return visible(value) if isinstance(value, str) else value


def markdown(text: object) -> str:
    """Literal Markdown text on one line: markup characters escaped, line breaks folded."""
    s = " ".join(visible(str(text)).split())
    s = _MD_SPECIAL.sub(r"\\\1", s)
    if (s and s[0] in "-+=") or re.match(r"[0-9]+[.)]\s", s):
        s = "\\" + s  # not a list item or a setext underline
    return s
