"""Safe, strict YAML reading with source positions.

What it guarantees, beyond PyYAML's safe loader:

* duplicate mapping keys are errors (YAML says keys are unique; PyYAML silently keeps the last);
* YAML 1.1 surprises are not applied: only ``true``/``false`` are booleans (``no``, ``on``, ``yes``
  stay strings), unquoted dates stay strings, integers are plain decimals (``010`` is the string
  "010", never octal 8), and ``<<`` merge keys and explicit tags are refused;
* aliases, nesting depth, node count and file size are capped, so an alias bomb cannot eat memory;
* every value's position is kept, so later checks can say ``file:line:col`` for any path.
"""
from __future__ import annotations

import hashlib
import math
import re
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import cache
from . import prebuilt
from .input_file import read_input
from ..records import record

if TYPE_CHECKING:  # the annotations' names; PyYAML itself is imported where a file is parsed
    import yaml

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ALIASES = 64
MAX_DEPTH = 40
MAX_NODES = 200_000
MAX_EXPANDED_CHARS = 4 * MAX_FILE_BYTES  # text of every scalar, aliases expanded
MAX_NUMBER = 10 ** 15                    # no figure, amount or count in these files comes near
MAX_INDENT = 400                         # columns; deeper indentation is nesting no ruleset needs


@record
class Problem:
    """One thing wrong with an input, located as precisely as we can."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        if self.line == 0:  # about the file as a whole (missing, unreadable): no position to give
            return f"{self.file}: {self.message}"
        where = f"{self.file}:{self.line}:{self.column}"
        return f"{where}: {self.path or '(top)'}: {self.message}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column, "path": self.path,
                "message": self.message}


MAX_PROBLEMS = 1_000   # problems listed from one run; the rest are counted (a million bad rows: one line more)


class Problems(list):
    """Problems as they are found, at most ``cap`` kept and the rest counted, so a file of a million
    bad rows costs a thousand messages, not a million. :meth:`listed` gives the kept ones (in the
    order given) and a last line saying how many more there were."""

    def __init__(self, items=(), cap: int = MAX_PROBLEMS):
        super().__init__()
        self.cap, self.more = cap, 0
        self.extend(items)

    def append(self, problem: Problem) -> None:
        if len(self) < self.cap:
            super().append(problem)
        else:
            self.more += 1

    def extend(self, items) -> None:
        for problem in items:
            self.append(problem)
        self.more += getattr(items, "more", 0)

    def __iadd__(self, items):
        self.extend(items)
        return self

    def listed(self, order=None) -> list[Problem]:
        kept = sorted(self, key=order) if order else list(self)
        if not self.more:
            return kept
        return kept + [Problem(kept[-1].file, 0, 0, "", f"and {self.more:,} more problem(s) not listed "
                                                        f"(the first {len(kept):,} found are)")]


class InputError(Exception):
    """Raised with every problem found in one or more inputs."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def format_path(path: tuple) -> str:
    """A path into the data as a problem names it: ``wagers[2].paytables[0].lines``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


@cache.remembered(1)
def _loader_class() -> type:
    """The strict loader: parses and composes nodes; implicit typing follows YAML 1.2's core schema,
    narrowly. Made on first use, so a run that finds every file it reads in the cache never imports
    PyYAML."""
    import yaml  # lazy: a warm run reads parsed files from the cache and needs no parser

    if getattr(yaml, "__with_libyaml__", False):  # libyaml's C parser, when PyYAML was built with it
        parser = yaml.cyaml.CParser
    else:  # pragma: no cover - the pure-Python parser gives the same nodes, more slowly
        class parser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer):
            def __init__(self, stream):
                yaml.reader.Reader.__init__(self, stream)
                yaml.scanner.Scanner.__init__(self)
                yaml.parser.Parser.__init__(self)
                yaml.composer.Composer.__init__(self)

    class StrictLoader(parser, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
        def __init__(self, stream):
            parser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    StrictLoader.yaml_implicit_resolvers = {}
    for tag, regex, first in [
        ("tag:yaml.org,2002:bool", r"^(?:true|false)\Z", list("tf")),
        ("tag:yaml.org,2002:int", r"^[-+]?(?:0|[1-9][0-9]*)\Z", list("-+0123456789")),
        ("tag:yaml.org,2002:float", r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+(?=[eE]))(?:[eE][-+]?[0-9]+)?\Z",
         list("-+0123456789.")),
        ("tag:yaml.org,2002:null", r"^(?:~|null|)\Z", ["~", "n", ""]),
    ]:
        StrictLoader.add_implicit_resolver(tag, re.compile(regex), first)
    return StrictLoader


_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


@record(frozen=False)
class Document:
    """Parsed YAML data plus the source position of every path in it."""

    file: str
    data: Any
    marks: dict  # path tuple -> (line, column), 1-based; for mapping keys, the key's position
    text_digest: str | None = field(default=None, compare=False, repr=False)  # SHA-256 of the file's text, when read from one
    marks_from: Any = field(default=None, compare=False, repr=False)  # gives ``marks`` when first needed (a cached file)

    def locate(self, path: tuple) -> tuple[int, int]:
        """The position of ``path``, or of its nearest located ancestor."""
        if self.marks_from is not None:
            load, self.marks_from = self.marks_from, None
            self.marks = load()
        path = tuple(path)
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, (1, 1))

    def problem(self, path: tuple, message: str) -> Problem:
        line, col = self.locate(path)
        return Problem(self.file, line, col, format_path(path), message)


def _read_text(path: Path, display: str) -> str:
    def fail(msg: str) -> InputError:
        return InputError([Problem(display, 0, 0, "", msg)])  # line 0: the file as a whole

    def too_big(size: int | None) -> str:
        return (f"file is {size} bytes; the limit is {MAX_FILE_BYTES}" if size is not None
                else f"file is more than {MAX_FILE_BYTES} bytes; the limit is {MAX_FILE_BYTES}")

    text = read_input(path, fail, kind="YAML file", expected="UTF-8 YAML text", limit=MAX_FILE_BYTES,
                      too_big=too_big)[1]
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise fail("file is empty (no YAML document)")
    return text


# Characters YAML does not allow in a stream (C0 and C1 controls but tab and line ends, surrogates,
# U+FFFE and U+FFFF): named themselves, not as what is left of YAML's printable set
# ([^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff], the same characters,
# tests/load/test_prescan.py), which takes 4 ms to compile at every start against 0.6 ms.
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")


def _prescan(text: str, display: str) -> None:
    """Refuse, with a position, what the parser would choke on: characters YAML forbids, and
    nesting deeper than the cap (checked here, before any recursive step can overflow a stack)."""
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        raise InputError([Problem(display, line, col, "",
                                  f"character U+{ord(bad.group()):04X} is not allowed in YAML text")])
    deep = _DEEP_INDENT.search(text)
    if deep:
        line = text.count("\n", 0, deep.start()) + 1
        raise InputError([Problem(display, line, MAX_INDENT + 1, "", f"indented more than {MAX_INDENT} columns: "
                                  f"nested deeper than {MAX_DEPTH} levels")])
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for token in _FLOW_TOKENS.finditer(text):
        kind = token.lastgroup
        if kind == "open":
            at = token.start()
            if depth == 0 and at > 0 and text[at - 1] not in " \t:-,\n":
                continue  # a bracket inside plain text, not a collection
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, at) + 1
                col = at - (text.rfind("\n", 0, at) + 1) + 1
                raise InputError([Problem(display, line, col, "", f"nested deeper than {MAX_DEPTH} levels")])
        elif kind == "close" and depth > 0:
            depth -= 1


# Lines indented (with spaces and "- " entries) beyond any nesting a document may have.
_DEEP_INDENT = re.compile(rf"(?m)^[ -]{{{MAX_INDENT + 1}}}")
# What flow nesting is made of, skipping quoted strings and comments (which may hold brackets). Each
# token begins with one of the characters "'#[]{} (what may come before it is checked by a look-behind
# after that character), so the regex engine skips the text between tokens at C speed instead of
# trying four branches at every character; inside a string the loops are unrolled, so a long string
# is one pass. The tokens are those of the plain form (tests/load/test_prescan.py compares the two).
_FLOW_TOKENS = re.compile(r"""
    (?P<string>"(?<![^\s:\-\[{,]")[^"\\]*(?:\\.[^"\\]*)*"
             | '(?<![^\s:\-\[{,]')[^']*(?:''[^']*)*')
  | (?P<comment>\#(?<!\S\#)[^\n]*)
  | (?P<open>[\[{])
  | (?P<close>[\]}])
""", re.VERBOSE | re.MULTILINE | re.DOTALL)


def load_yaml_text(text: str, display: str) -> Document:
    """Parse YAML text strictly; raise InputError listing every problem found."""
    builder = _Builder(display)
    data = builder.build(_compose(text, display), (), 0)
    if builder.problems:
        raise InputError(builder.problems)
    return Document(display, data, builder.marks)


def _compose(text: str, display: str):
    """The one YAML document of ``text`` as libyaml's node tree (after the bounded pre-scan)."""
    import yaml  # lazy: as for _loader_class

    _prescan(text, display)
    try:
        loader = _loader_class()(text)
        try:
            if not loader.check_node():
                raise InputError([Problem(display, 1, 1, "", "file is empty (no YAML document)")])
            root = loader.get_node()
            if loader.check_node():
                mark = loader.peek_event().start_mark
                raise InputError([Problem(display, mark.line + 1, mark.column + 1, "",
                                          "more than one YAML document; a ruleset is one document")])
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise InputError([_yaml_error(exc, display)]) from None
    return root


class _Builder:
    """Builds plain data from a node tree, refusing what the strict subset forbids (tags, merge keys,
    complex or duplicate keys) and bounding what aliases can expand to (values, characters, alias
    uses, depth); records each path's line and column in :attr:`marks`."""

    def __init__(self, display: str):
        import yaml  # lazy: as for _loader_class

        self.mapping_node, self.sequence_node, self.scalar_node = yaml.MappingNode, yaml.SequenceNode, yaml.ScalarNode
        self.display = display
        self.problems: list[Problem] = []
        self.marks: dict = {}
        self.count = 0
        self.seen: set[int] = set()  # composed nodes already built: meeting one again is an alias use
        self.aliases = 0
        self.chars = 0

    def _bounded(self, node, path: tuple, depth: int) -> None:
        """Raise when building ``node`` would pass a bound on the expanded document."""
        display = self.display
        self.count += 1
        if isinstance(node, self.scalar_node):
            self.chars += len(node.value)
            if self.chars > MAX_EXPANDED_CHARS:
                raise InputError([_at(display, node, path, f"more than {MAX_EXPANDED_CHARS} characters once aliases "
                                                           "are expanded; refusing to expand")])
        if isinstance(node, (self.mapping_node, self.sequence_node)) or (
                isinstance(node, self.scalar_node) and len(node.value) > 64):
            if id(node) in self.seen:
                self.aliases += 1
                if self.aliases > MAX_ALIASES:
                    raise InputError([_at(display, node, path,
                                          f"more than {MAX_ALIASES} alias uses; refusing to expand")])
            self.seen.add(id(node))
        if self.count > MAX_NODES:
            raise InputError([Problem(display, node.start_mark.line + 1, node.start_mark.column + 1,
                                      format_path(path), f"more than {MAX_NODES} values; refusing to expand")])
        if depth > MAX_DEPTH:
            raise InputError([Problem(display, node.start_mark.line + 1, node.start_mark.column + 1,
                                      format_path(path), f"nested deeper than {MAX_DEPTH} levels")])

    def build(self, node, path: tuple, depth: int) -> Any:
        self._bounded(node, path, depth)
        self.marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, self.mapping_node):
            return self._mapping(node, path, depth)
        if isinstance(node, self.sequence_node):
            if node.tag != "tag:yaml.org,2002:seq":
                self.problems.append(_at(self.display, node, path, f"explicit tag {node.tag!r} is not allowed"))
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return _scalar(node, self.display, path, self.problems)

    def _mapping(self, node, path: tuple, depth: int) -> dict:
        display, problems = self.display, self.problems
        if node.tag != "tag:yaml.org,2002:map":
            problems.append(_at(display, node, path, f"explicit tag {node.tag!r} is not allowed"))
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge" or (
                isinstance(key_node, self.scalar_node) and key_node.value == "<<" and not key_node.style
            ):
                problems.append(_at(display, key_node, path, "merge keys ('<<') are not allowed"))
                continue
            if not isinstance(key_node, self.scalar_node):
                problems.append(_at(display, key_node, path, "mapping keys must be plain scalars"))
                continue
            key = _scalar(key_node, display, path, problems)
            if not isinstance(key, str):
                key = str(key_node.value)
            kpath = path + (key,)
            if key in out:
                first = self.marks.get(kpath, (0, 0))[0]
                problems.append(_at(display, key_node, kpath, f"duplicate key {key!r} (first defined on line {first})"))
                continue
            self.marks[kpath] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = self.build(value_node, kpath, depth + 1)
        return out


def load_yaml_file(path: Path | str, display: str | None = None) -> Document:
    """Load a YAML file strictly. A file whose exact text parsed before comes from the cache, so the
    catalogue loads without re-parsing unchanged files: its data at once, its positions (kept apart,
    as they are larger) only when something is located in it."""
    path = Path(path)
    display = display or str(path)
    text = _read_text(path, display)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    inputs = {"text": digest}
    stored = prebuilt.data(digest)  # a bundled ruleset made ready in the wheel
    parsed: list[Document] = []

    def parse() -> dict:
        parsed.append(load_yaml_text(text, display))
        return {"data": parsed[0].data}
    if stored is None:
        stored = cache.memo(YAML, inputs, parse)
    if parsed:
        doc = parsed[0]
        doc.text_digest = digest
        cache.store(YAML_MARKS, inputs, doc.marks)
        return doc

    def marks() -> dict:
        ready = prebuilt.marks(digest)
        if ready is not None:
            return ready
        return cache.memo(YAML_MARKS, inputs, lambda: load_yaml_text(text, display).marks)
    return Document(display, stored["data"], {}, digest, marks)


def _data(stored) -> dict:
    if not isinstance(stored, dict) or "data" not in stored:
        raise ValueError("not a parsed YAML file")
    return stored


def _marks_from_json(stored) -> dict:
    if not isinstance(stored, list):
        raise TypeError("positions are a list")
    return {tuple(p): (line, col) for p, line, col in stored}


YAML = cache.kind("yaml", cache.same, _data, "a YAML file's data, by the SHA-256 of its exact text (:func:`load_yaml_file`)")
YAML_MARKS = cache.kind("yaml-marks", lambda marks: [[list(p), line, col] for p, (line, col) in marks.items()],
                        _marks_from_json, "every path's position in a YAML file, by the SHA-256 of its text")


def _at(display: str, node: yaml.Node, path: tuple, message: str) -> Problem:
    return Problem(display, node.start_mark.line + 1, node.start_mark.column + 1, format_path(path), message)


def _scalar(node: yaml.ScalarNode, display: str, path: tuple, problems: list) -> Any:
    tag = node.tag
    if tag not in _SCALAR_TAGS:
        problems.append(_at(display, node, path, f"explicit tag {tag!r} is not allowed"))
        return node.value
    value = node.value
    if tag == "tag:yaml.org,2002:str":
        return value
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        if value not in ("true", "false"):
            problems.append(_at(display, node, path, f"{value!r} is not a boolean; write true or false"))
            return value
        return value == "true"
    if tag == "tag:yaml.org,2002:int":
        if not re.fullmatch(r"[-+]?(0|[1-9][0-9]*)", value):
            problems.append(_at(display, node, path, f"{value!r} is not a plain decimal integer"))
            return value
        number = int(value)
    else:
        try:
            number = float(value)
        except ValueError:
            problems.append(_at(display, node, path, f"{value!r} is not a number"))
            return value
    if not math.isfinite(number) or abs(number) >= MAX_NUMBER:
        problems.append(_at(display, node, path, f"{value} is out of range (numbers must be finite and below "
                                                 f"{MAX_NUMBER:,})"))
        return value
    return number


def _yaml_error(exc: yaml.YAMLError, display: str) -> Problem:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    message = f"YAML syntax error: {problem}" + (f" ({context})" if context else "")
    return Problem(display, line, col, "", message)
