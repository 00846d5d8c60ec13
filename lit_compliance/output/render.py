"""Rendering: Jinja templates over views the engine prepares, and atomic file output.

Templates hold presentation only. Undefined variables are errors (StrictUndefined); HTML and SVG
templates are autoescaped, so a casino called ``<script>`` prints as text.

Compiled templates are not kept in the math cache: Jinja's compiled form is Python code, and
nothing read from the cache may run code (see ``cache``). The package carries them compiled when it
is built (:mod:`.compiled_templates`), and each is compiled once per process otherwise.
"""
from __future__ import annotations

import json
from typing import Any

import jinja2

from ..load.resources import data_dir
from .compiled_templates import OPTIONS, CompiledLoader, escaped
from .text_safety import finalize, json_text, markdown
from ..model.vocabulary import argument, flag_text, hand_name, ids, money, odds, percent, prose_list, status_text, words
from .. import cache


def compiled_folder():
    """The templates compiled when the package was built (or by ``tools/compile_templates.py`` in
    a checkout), or None."""
    try:
        return data_dir("compiled_templates")
    except FileNotFoundError:
        return None


class _Environment(jinja2.Environment):
    """Jinja's environment, with ``x.key`` on a view's dict looking the key up first (Jinja tries
    the attribute first, and a dict has none by those names: an exception for every field a page
    prints). A key that is not there still falls back to the attribute (``.items()``)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@cache.remembered(1)
def environment() -> jinja2.Environment:
    """The Jinja environment: bundled templates, strict undefined, autoescaped HTML and SVG, the vocabulary as filters."""
    env = _Environment(
        loader=CompiledLoader(str(data_dir("templates")), compiled_folder()),
        undefined=jinja2.StrictUndefined,
        autoescape=escaped,
        finalize=finalize,
        **OPTIONS,
    )
    env.filters["odds"] = odds
    env.filters["hand"] = hand_name
    env.filters["flag"] = flag_text
    env.filters["refs"] = ids
    env.filters["prose"] = prose_list
    env.filters["money"] = money
    env.filters["percent"] = percent
    env.filters["md"] = markdown
    env.filters["words"] = words
    env.filters["argument"] = argument
    env.filters["status"] = status_text
    env.filters["tojson_pretty"] = lambda v: json_text(json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False))
    return env


def render(template: str, **context: Any) -> str:
    """A bundled template rendered with ``context``."""
    return environment().get_template(template).render(**context)


def to_json(value: Any) -> str:
    """A value as the JSON every command prints (indented, keys in the order given, UTF-8; the
    characters no output carries raw escaped)."""
    return json_text(json.dumps(value, indent=2, sort_keys=False, ensure_ascii=False)) + "\n"
