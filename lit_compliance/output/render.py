"""Rendering: Jinja templates over views the engine prepares, and atomic file output.

Templates hold presentation only. Undefined variables are errors (StrictUndefined); HTML and SVG
templates are autoescaped, so a casino called ``<script>`` prints as text.
"""
from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from ..load.resources import data_dir
from .wording import flag_text, hand_name, ids, money, odds, percent, prose_list


def _escaped(name: str | None) -> bool:
    """Autoescape HTML, SVG and XML templates (``x.html.j2`` as well as ``x.html``)."""
    stem = (name or "").removesuffix(".j2")
    return stem.endswith((".html", ".htm", ".svg", ".xml"))


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        autoescape=_escaped,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["odds"] = odds
    env.filters["hand"] = hand_name
    env.filters["flag"] = flag_text
    env.filters["refs"] = ids
    env.filters["prose"] = prose_list
    env.filters["money"] = money
    env.filters["percent"] = percent
    env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, sort_keys=True, ensure_ascii=False)
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)


def write_atomic(path: Path | str, content: str | bytes) -> None:
    """Write ``content`` to ``path`` so that readers see the old file or the whole new one."""
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    fd, tmp = tempfile.mkstemp(dir=str(path.parent or Path(".")), prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def to_json(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=False, ensure_ascii=False) + "\n"
