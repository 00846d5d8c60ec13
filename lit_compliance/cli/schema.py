"""``lit-compliance schema NAME``: a bundled JSON Schema, for editors and other validators."""
from __future__ import annotations

import json
from pathlib import Path

import click

from .common import Trouble, deliver, emit, handled, main
from ..load.resources import data_dir
from ..suggest import unknown

#: Other names a schema answers to (the words the README and the files' kinds use).
ALIASES = {"configuration": "table-config", "config": "table-config", "draft-amendment": "amendment",
           "proposal": "proposed-paytable"}


def bundled_schemas() -> dict[str, Path]:
    """Every bundled schema by name (``ruleset``, ``table-config``, ``round``...), sorted."""
    return {p.name.removesuffix(".schema.json"): p for p in sorted(data_dir("schema").glob("*.schema.json"))}


def _title(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8")).get("title", "")


@main.command("schema", short_help="Write a bundled JSON Schema, or list them.")
@click.argument("name", required=False)
@click.option("--output", "-o", "output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to FILE (atomically) instead of standard output.")
@handled
def schema_cmd(name: str | None, output: Path | None) -> None:
    """Write a bundled JSON Schema to standard output or -o FILE; without NAME, list them.

    \b
    NAME: ruleset, table-config, round, amendment, proposed-paytable or floor.

    A configuration that `init` writes links to a copy of its schema in the same folder; this
    makes the copy:

    \b
        lit-compliance schema table-config -o table-config.schema.json

    Results files (for `hold`) are CSV, or YAML or JSON rows that `results` describes.
    """
    schemas = bundled_schemas()
    if name is None:
        emit("\n".join(f"{n:<20} {_title(p)}" for n, p in schemas.items()))
        return
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in schemas:
        raise Trouble(unknown("schema", name, list(schemas), label="schemas", prefix="no"))
    deliver(schemas[key].read_text(encoding="utf-8"), output)
