"""PDF output typeset by Typst (the ``typst`` package the project installs from PyPI): no browser.

Each printed document has a Typst markup template (``templates/*.typ.j2``), filled by Jinja from the
same views as the HTML. Every value a template prints passes through :func:`markup` (Jinja's
``finalize``), so a ruleset or configuration string is always literal text, never Typst markup or
code; the template's own markup is trusted. Where a template needs a Typst string (inside code), the
``typst_string`` filter gives a literal (:func:`string`). Drawings (charts, the QR code) go to Typst as
inputs (``sys.inputs``), never through the markup.

The PDF is typeset in the fonts the package carries (``fonts/``) and Typst's own, never the
machine's, and carries no date unless ``SOURCE_DATE_EPOCH`` gives one (then it is PDF/A-2b, which
must be dated): the same inputs give the same bytes on every machine. PDFs are kept in the cache, keyed by their Typst source and inputs,
the Typst version and the fonts.
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
from typing import Any

import jinja2

from .. import cache
from ..load.resources import data_dir
from .compiled_templates import OPTIONS, CompiledLoader
from .render import compiled_folder, environment as html_environment
from .text_safety import visible
from .typst_columns import columns

#: ASCII punctuation: each may open Typst markup (``#`` code, ``$`` maths, ``*`` strong, ``_``
#: emphasis, `````` raw, ``<`` labels, ``@`` references, ``[``/``]`` content, ``\\`` escapes, ``=``,
#: ``-``, ``+``, ``/`` at a line's start, ``//`` comments, ``~``, ``--``, ``...``, quotes made
#: typographic, ``http://`` links); a backslash before any of them prints it as itself.
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029]+")
_STRING_SPECIAL = re.compile(r'[\\"\r\n\t]')
_STRING_ESCAPES = {"\\": "\\\\", '"': '\\"', "\r": "\\r", "\n": "\\n", "\t": "\\t"}


#: PDF/A (archival) needs a document date: a PDF is made PDF/A-2b when SOURCE_DATE_EPOCH gives one.
PDF_A = ["a-2b"]


class Trusted(str):
    """Typst markup the program itself wrote (a string literal, an image call): printed as it is."""


class PdfError(Exception):
    """Typst could not typeset a document (a defect in a template: never caused by a value)."""


def printed(value: object) -> str:
    """The text ``value`` prints as: unsafe characters shown (:func:`visible`), line breaks folded to
    spaces (a value never starts a paragraph, a heading or a list)."""
    return _LINE_BREAKS.sub(" ", visible(str(value)))


def markup(value: object) -> str:
    """``value`` as Typst markup that prints exactly its text (:func:`printed`), a backslash before
    every ASCII punctuation character."""
    return _PUNCTUATION.sub(r"\\\1", printed(value))


def table_columns(rows, header=(), bold=(), width: str = "full") -> Trusted:
    """A table's ``columns:`` for a template (``{{ columns(cells, head) }}``): each column as wide as
    Typst would make it, from the text the cells print (:func:`.typst_columns.columns`)."""
    cells = [[printed(cell) for cell in row] for row in rows]
    return Trusted(columns(cells, [printed(h) for h in header], bold, width))


def string(value: object) -> Trusted:
    """``value`` as a Typst string literal (``"..."``), for a template's code."""
    text = visible(str(value))
    return Trusted('"' + _STRING_SPECIAL.sub(lambda m: _STRING_ESCAPES[m.group()], text) + '"')


def typst_finalize(value: Any) -> Any:
    """Jinja ``finalize`` for Typst templates: strings literal (:func:`markup`), the program's own
    markup (:class:`Trusted`) and numbers as they are. Booleans and None print as Typst's."""
    if isinstance(value, Trusted):
        return value
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return value
    return markup(value)


class Drawings:
    """The drawings (SVG) a document shows, handed to Typst as inputs; a template places one with
    ``{{ drawings.svg(chart, "100%") }}``."""

    def __init__(self) -> None:
        self.inputs: dict[str, str] = {}

    def svg(self, svg: object, width: str = "100%") -> Trusted:
        if not re.fullmatch(r"[0-9.]+(%|pt|in|em)", width):
            raise ValueError(f"width {width!r}")
        name = f"svg-{len(self.inputs) + 1}"
        self.inputs[name] = str(svg)
        return Trusted(f'#image(bytes(sys.inputs.at("{name}")), format: "svg", width: {width})')


@cache.remembered(1)
def typst_environment():
    """The Jinja environment for ``*.typ.j2`` templates (values made literal by :func:`typst_finalize`);
    each template from its code compiled when the package was built, where that matches (as the
    other templates, :mod:`.compiled_templates`)."""
    html = html_environment()
    env = jinja2.Environment(loader=CompiledLoader(str(data_dir("templates")), compiled_folder()),
                             undefined=jinja2.StrictUndefined, autoescape=False, finalize=typst_finalize,
                             **OPTIONS)
    env.filters.update(html.filters)
    env.filters["typst_string"] = string
    env.filters["macro"] = Trusted  # a template's own macro: its values were made literal where it printed them
    env.globals["columns"] = table_columns
    return env


def typst_source(template: str, **context: Any) -> tuple[str, dict[str, str]]:
    """The Typst source of a bundled template rendered with ``context``, and its drawings."""
    drawings = Drawings()
    text = typst_environment().get_template(template).render(drawings=drawings, **context)
    return text, drawings.inputs


@cache.remembered(1)
def _fonts() -> tuple[list[str], str]:
    """The folder of bundled fonts (as Typst takes it), and a digest of the files (part of a PDF's cache key)."""
    folder = data_dir("fonts")
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.ttf")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return [str(folder)], h.hexdigest()


def _timestamp() -> int | None:
    """``SOURCE_DATE_EPOCH`` as the document's date, when it is set (a whole number of seconds)."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else None


def typeset(text: str, inputs: dict[str, str] | None = None) -> bytes:
    """The PDF Typst makes of ``text`` (Typst markup) with ``inputs`` (``sys.inputs``)."""
    import typst  # lazy: the typesetter loads only for PDF output

    inputs = dict(inputs or {})
    folders, fonts_digest = _fonts()
    stamp = _timestamp()
    if stamp is None:
        text = "#set document(date: none)\n" + text
    keyed = {"typst": getattr(typst, "__version__", "?"), "fonts": fonts_digest, "date": stamp, "text": text,
             "inputs": sorted(inputs.items())}

    def compile_pdf() -> bytes:
        try:
            data = typst.compile(text.encode("utf-8"), font_paths=folders, ignore_system_fonts=True, sys_inputs=inputs,
                                 timestamp=stamp, pdf_standards=PDF_A if stamp is not None else [])
        except Exception as exc:  # typst.TypstError and its kin: a template's defect, said in one line
            raise PdfError(f"the PDF could not be typeset: {visible(' '.join(str(exc).split()))[:600]}") from None
        check_pdf(data)
        return data
    return cache.memo(PDF, keyed, compile_pdf)


def _pdf_from_json(kept) -> bytes:
    """A PDF read back from the cache: base64 text that decodes to a PDF (else a miss)."""
    if not isinstance(kept, str):
        raise TypeError("a PDF is kept as base64 text")
    data = base64.b64decode(kept, validate=True)
    try:
        check_pdf(data)
    except PdfError as exc:
        raise ValueError(str(exc)) from None
    return data


PDF = cache.kind("pdf", lambda data: base64.b64encode(data).decode("ascii"), _pdf_from_json,
                 "a PDF Typst made of a text, by the text, its inputs, the fonts and Typst's version (:func:`typeset`)")


def render_pdf(template: str, **context: Any) -> bytes:
    """A bundled Typst template rendered with ``context`` and typeset to PDF."""
    text, inputs = typst_source(template, **context)
    return typeset(text, inputs)


def check_pdf(data: bytes) -> None:
    """Raise PdfError unless ``data`` is a whole PDF (header, end marker, one page or more):
    nothing else may replace an output file."""
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-2048:] or page_count(data) < 1:
        raise PdfError("the typesetter's output is not a whole PDF; nothing written")


def page_count(pdf: bytes) -> int:
    """Pages in a PDF: its ``/Type /Page`` objects (not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
