"""Templates compiled ahead of time, when the package is built, never at run time into a cache.

Jinja turns a template into Python code before it can render it, which costs more than rendering a
small page. A wheel therefore carries every bundled template already compiled
(``lit_compliance/_data/compiled_templates/``, written by the build hook ``hatch_build.py`` with
:func:`compile_folder`); in a source checkout ``python tools/compile_templates.py`` writes the same
into ``compiled_templates/`` at the project root (ignored by git; ``benchmarks/bench_all.py`` runs it,
as an install would). The folder belongs to the package, like its modules: nothing is ever read
from the user's cache that can carry code (see :mod:`lit_compliance.cache`). The Typst templates
(PDF output) are compiled too, in an environment like the Typst one (:func:`typst_compiler_environment`).

A compiled template is used only when it was compiled from the very source the program would
read (its sha256) by the same Jinja with the same settings and filters (:func:`signature`);
otherwise the template is compiled from its source as before, so an edited template, a missing or
stale compiled one, or another Jinja never changes what is printed.

This module imports only Jinja: the build hook loads it by file path, without the package.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any, Callable

import jinja2

#: Settings of the one environment (:func:`lit_compliance.output.render.environment`); the compiled
#: code depends on them, so the compiler and the program take them from here.
OPTIONS = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True}

#: The filters the program registers (the compiler checks each name a template uses).
FILTERS = ("odds", "hand", "flag", "refs", "prose", "money", "percent", "md", "words", "argument", "status",
           "tojson_pretty")

HEADER = "# lit-compliance compiled template"

#: Typst templates (PDF output): compiled in their own environment (values printed as Typst
#: literals, :mod:`lit_compliance.output.typeset`), which has two more filters.
TYPST_SUFFIX = ".typ.j2"
TYPST_FILTERS = FILTERS + ("typst_string", "macro")


def escaped(name: str | None) -> bool:
    """Autoescape HTML, SVG and XML templates (``x.html.j2`` as well as ``x.html``)."""
    stem = (name or "").removesuffix(".j2")
    return stem.endswith((".html", ".htm", ".svg", ".xml"))


def _kind(function: Any) -> str:
    """How Jinja calls a filter or ``finalize`` (plain, or passed the context, eval context or environment)."""
    return str(getattr(function, "jinja_pass_arg", None))


def signature(env: jinja2.Environment) -> str:
    """What compiled code depends on besides the template's source: Jinja's version, the
    environment's syntax and settings, and how each filter and ``finalize`` is called."""
    settings = {
        "jinja": jinja2.__version__,
        "syntax": [env.block_start_string, env.block_end_string, env.variable_start_string,
                   env.variable_end_string, env.comment_start_string, env.comment_end_string,
                   env.line_statement_prefix, env.line_comment_prefix, env.newline_sequence],
        "options": [env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline, env.optimized,
                    env.autoescape is escaped, env.undefined.__name__, sorted(env.extensions)],
        "finalize": None if env.finalize is None else _kind(env.finalize),
        "filters": sorted((name, _kind(f)) for name, f in env.filters.items()),
        "tests": sorted((name, _kind(f)) for name, f in env.tests.items()),
    }
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:32]


def module_file(name: str) -> str:
    """The file a template's compiled code is kept in: ``site/ruleset.html.j2`` -> ``site__ruleset_html_j2.py``."""
    return name.replace("/", "__").replace(".", "_").replace("-", "_") + ".py"


def _source_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def _header(name: str, source: str, env_signature: str) -> str:
    return f"{HEADER} {json.dumps(name)} source {_source_digest(source)} environment {env_signature}\n"


class CompiledLoader(jinja2.FileSystemLoader):
    """Templates from ``searchpath``, each from its compiled module in ``compiled`` where that was
    compiled from the same source in the same environment (else compiled from the source)."""

    def __init__(self, searchpath, compiled: Path | None) -> None:
        super().__init__(searchpath)
        self.compiled = compiled
        self._signature: tuple[int, str] | None = None

    def _env_signature(self, environment: jinja2.Environment) -> str:
        if self._signature is None or self._signature[0] != id(environment):
            self._signature = (id(environment), signature(environment))
        return self._signature[1]

    def load(self, environment: jinja2.Environment, name: str, globals=None) -> jinja2.Template:
        if self.compiled is not None:
            source, _, _ = self.get_source(environment, name)
            path = self.compiled / module_file(name)
            try:
                with open(path, encoding="utf-8") as handle:
                    first = handle.readline()
            except OSError:
                first = ""
            if first == _header(name, source, self._env_signature(environment)):
                spec = importlib.util.spec_from_file_location(f"lit_compliance_template_{path.stem}", path)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                return environment.template_class.from_module_dict(
                    environment, module.__dict__, {} if globals is None else globals)
        return super().load(environment, name, globals)


def _stand_in(*args: Any, **kwargs: Any) -> Any:
    """The build's stand-in for the program's ``finalize`` and filters (the build has not the package's
    code): called the same way, and never run. Jinja folds a constant (``{{ none }}``, ``{{ "#"|f }}``)
    at compile time through them where it can; this refuses, so the compiled code calls the program's
    own at run time and prints what the template's source prints."""
    raise jinja2.nodes.Impossible()


def compiler_environment(searchpath, finalize: Callable | None = None,
                         filters: dict[str, Callable] | None = None) -> jinja2.Environment:
    """An environment that compiles as the program's does: the same settings, and filters (and
    ``finalize``) called the same way; the build passes stand-ins, as it has not the package's code."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(searchpath)), undefined=jinja2.StrictUndefined,
                             autoescape=escaped, finalize=finalize or _stand_in, **OPTIONS)
    env.filters.update(filters or {name: _stand_in for name in FILTERS})
    return env


def typst_compiler_environment(searchpath, finalize: Callable | None = None,
                               filters: dict[str, Callable] | None = None) -> jinja2.Environment:
    """An environment that compiles Typst templates (``*.typ.j2``) as the program's Typst environment
    does (:func:`lit_compliance.output.typeset.typst_environment`): no autoescape, a ``finalize``, the
    filters called the same way; the build passes stand-ins."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(searchpath)), undefined=jinja2.StrictUndefined,
                             autoescape=False, finalize=finalize or _stand_in, **OPTIONS)
    env.filters.update(filters or {name: _stand_in for name in TYPST_FILTERS})
    return env


def compile_folder(templates: Path, out: Path, env: jinja2.Environment | None = None,
                   typst_env: jinja2.Environment | None = None) -> list[str]:
    """Compile every ``*.j2`` template under ``templates`` into ``out`` (made if need be), the Typst
    ones (``*.typ.j2``) in ``typst_env``, the others in ``env``; the names compiled, in order."""
    envs = {False: env or compiler_environment(templates), True: typst_env or typst_compiler_environment(templates)}
    signatures = {typst: signature(e) for typst, e in envs.items()}
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for path in sorted(templates.rglob("*.j2")):
        name = path.relative_to(templates).as_posix()
        typst = name.endswith(TYPST_SUFFIX)
        source = path.read_text(encoding="utf-8")
        code = envs[typst].compile(source, name, str(path), raw=True, defer_init=True)
        (out / module_file(name)).write_text(_header(name, source, signatures[typst]) + code, encoding="utf-8")
        names.append(name)
    return names
