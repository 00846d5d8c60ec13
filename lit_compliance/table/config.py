"""Table configurations: what one casino table offers, loaded strictly and validated.

A configuration is a YAML file checked by ``schema/table-config.schema.json`` plus a few checks the
schema cannot express (one entry per wager, minimum not above maximum...). Every problem is located
``file:line:col: path: message``. Whether the configuration *complies* with its ruleset is a
separate question, answered by :mod:`lit_compliance.operator.checks`.
"""
from __future__ import annotations

import re
from dataclasses import field
from functools import cached_property
from pathlib import Path

from ..load.catalogue import Catalogue, CatalogueError, Ruleset, canonical_digest
from ..suggest import did_you_mean
from ..load.fingerprint import PART_DIGITS, document_parts, documents_digest
from ..load.kinds import wrong_kind
from ..load.strict_yaml import Document, InputError, Problem, load_yaml_file, load_yaml_text
from ..load.validation import schema_problems
from ..load.verdict import valid_once
from .. import cache
from ..load.resources import data_dir
from ..model import model_of
from ..model.ruleset import with_supplied
from ..model.approvals import approval_problems
from ..model.table_config import ConfigModel, WagerChoice, table_config_of
from ..records import record

CONFIG_SCHEMA = "table-config"


@record
class TableConfig:
    """One validated table configuration: the document as loaded (for its fingerprint and the
    positions of its problems) and its typed model, :attr:`settings`, which the views read."""

    data: dict = field(repr=False, compare=False)
    path: str
    document: Document = field(repr=False, compare=False)

    @cached_property
    def settings(self) -> ConfigModel:
        """The configuration, typed: the ruleset as this table plays it."""
        return table_config_of(self.data, self.path, self.document.locate)

    @property
    def jurisdiction(self) -> str:
        """The jurisdiction id the table runs under."""
        return self.settings.jurisdiction

    @property
    def ruleset_version(self) -> str:
        """The ruleset version the table runs under."""
        return self.settings.ruleset_version

    @property
    def ruleset_ref(self) -> str:
        """``JURISDICTION@VERSION``."""
        return self.settings.ruleset_ref

    @property
    def casino(self) -> str:
        """The casino's name as printed on the placard."""
        return self.settings.casino

    @property
    def sign_size(self) -> str:
        """The placard's sheet size."""
        return self.settings.sign_size

    @property
    def wagers(self) -> tuple[WagerChoice, ...]:
        """The wagers the table offers, as it chooses them."""
        return self.settings.wagers

    def wager(self, wager_id: str) -> WagerChoice | None:
        """The table's choice for this wager (None where it is not offered)."""
        return self.settings.wager(wager_id)

    def locate(self, path: tuple) -> tuple[int, int]:
        return self.document.locate(path)

    def problem(self, path: tuple, message: str) -> Problem:
        return self.document.problem(path, message)


def config_problems(doc: Document) -> list[Problem]:
    """Every schema and consistency problem in a configuration document."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), f"the top level must be a mapping, got {type(doc.data).__name__}")]
    problems = schema_problems(doc, CONFIG_SCHEMA)
    if problems:
        return problems
    data = doc.data
    out: list[Problem] = []
    limits = data["limits"]
    if limits["minimum"] > limits["maximum"]:
        out.append(doc.problem(("limits", "minimum"),
                               f"the table minimum {limits['minimum']:g} is above the maximum {limits['maximum']:g}"))
    seen: dict[str, int] = {}
    for i, choice in enumerate(data["wagers"]):
        path = ("wagers", i)
        wid = choice["wager"]
        if wid in seen:
            out.append(doc.problem(path + ("wager",), f"wager {wid!r} is listed twice (also at wagers[{seen[wid]}])"))
        else:
            seen[wid] = i
        if "paytable" in choice and "custom_paytable" in choice:
            out.append(doc.problem(path + ("custom_paytable",),
                                   "give either paytable (one of the ruleset's) or custom_paytable, not both"))
        low, high = choice.get("minimum"), choice.get("maximum")
        if low is not None and high is not None and low > high:
            out.append(doc.problem(path + ("minimum",), f"minimum {low:g} is above maximum {high:g}"))
        if "custom_paytable" in choice:
            keys: dict = {}
            for li, line in enumerate(choice["custom_paytable"]["lines"]):
                key = (line["hand"], tuple(sorted(line.get("suits", []))))
                if key in keys:
                    out.append(doc.problem(path + ("custom_paytable", "lines", li, "hand"),
                                           f"hand {line['hand']!r} listed twice (also line {keys[key]})"))
                keys[key] = li
        envy_keys: dict = {}
        for ei, envy in enumerate(choice.get("envy", [])):
            key = (envy["hand"], tuple(sorted(envy.get("suits", []))), envy.get("stake"))
            if key in envy_keys:
                out.append(doc.problem(path + ("envy", ei, "hand"),
                                       f"envy amount for {envy['hand']!r} listed twice (also envy[{envy_keys[key]}])"))
            envy_keys[key] = ei
    out.extend(approval_problems(data.get("approvals") or [], ("approvals",), doc.problem))
    return sorted(out, key=lambda p: (p.line, p.column, p.path, p.message))


def _checked(doc: Document) -> TableConfig:
    """The configuration, validated; content that validated before (with this schema and engine)
    is not validated again (the cache remembers it, so jsonschema is not even imported)."""
    mistaken = wrong_kind(doc.data, ("table configuration",))
    if mistaken:
        raise InputError([doc.problem((), mistaken)])
    schema = data_dir("schema") / f"{CONFIG_SCHEMA}.schema.json"
    inputs = {"config": canonical_digest(doc.data), "schema": canonical_digest(schema.read_text(encoding="utf-8"))}
    valid_once(VALIDATED_CONFIG, inputs, lambda: config_problems(doc))
    return TableConfig(doc.data, doc.file, doc)


VALIDATED_CONFIG = cache.kind("validated-config", cache.same, cache.verdict,
                              "a table configuration found valid, by its content and the schema")


def config_of_document(doc: Document) -> TableConfig:
    """The table configuration in a loaded document, validated (for a command that first looks at
    what kind of document a file is)."""
    return _checked(doc)


def load_config(path: Path | str, display: str | None = None) -> TableConfig:
    """Load and validate a configuration file; raise InputError listing every problem."""
    return _checked(load_yaml_file(Path(path), display))


def load_config_text(text: str, display: str) -> TableConfig:
    """A table configuration from text (``display`` names it in problems), validated."""
    return _checked(load_yaml_text(text, display))


def ruleset_for(config: TableConfig, catalogue: Catalogue | None = None,
                override: str | None = None) -> Ruleset:
    """The ruleset a configuration names, or ``override`` (a ref or a ruleset file) if given.

    An override must be the same jurisdiction and version as the configuration names, so that a
    placard never states a ruleset other than the one it was checked against.
    """
    cat = catalogue or Catalogue.bundled()
    if override:
        rs = cat.resolve(override)
    else:
        try:
            rs = cat.get(config.jurisdiction, config.ruleset_version)
        except CatalogueError as exc:
            field = "ruleset_version" if config.jurisdiction.lower() in cat.jurisdictions else "jurisdiction"
            line, col = config.locate((field,))
            raise CatalogueError(f"{config.path}:{line}:{col}: {field}: {exc}") from None
    if (rs.jurisdiction, rs.version) != (config.jurisdiction, config.ruleset_version):
        line, col = config.locate(("jurisdiction",))
        raise CatalogueError(f"{config.path}:{line}:{col}: jurisdiction: the configuration names {config.ruleset_ref}, "
                             f"but the ruleset given is {rs.ref}")
    return rs


def chosen_readings(ruleset: Ruleset, config: TableConfig) -> tuple[dict, list[tuple[tuple, str]]]:
    """The readings a configuration may choose, and a (config path, message) per choice it may not."""
    base = model_of(ruleset)
    allowed, refused = {}, []
    for finding_id, reading_id in config.settings.readings.items():
        path = ("readings", finding_id)
        try:
            finding = base.finding(finding_id)
        except KeyError:
            ids = [f.id for f in base.open_findings]
            refused.append((path, f"{ruleset.ref} has no finding {finding_id!r}{did_you_mean(finding_id, ids)} "
                                  f"(findings with readings: {', '.join(ids) or 'none'})"))
            continue
        reading = next((r for r in finding.readings if r.id == reading_id), None)
        if reading is None:
            known = ", ".join(r.id for r in finding.readings) or "none: the finding leaves no meaning open"
            mean = did_you_mean(str(reading_id), [r.id for r in finding.readings])
            refused.append((path, f"finding {finding_id} has no reading {reading_id!r}{mean} (readings: {known})"))
        elif not reading.operator_may_choose and not reading.default:
            refused.append((path, f"reading {finding_id}/{reading_id} is not left to the operator: the rules do not "
                                  f"let a table choose it (only the regulator can settle {finding_id})"))
        else:
            allowed[finding_id] = reading_id
    return allowed, refused


def supplied(config: TableConfig) -> dict:
    """{(wager, hand, suits): figure} for the figures the configuration supplies where the rules give none."""
    return config.settings.supplied()


def model_for(ruleset: Ruleset, config: TableConfig):
    """The ruleset's model as this table plays it: the readings the configuration may choose
    (default readings elsewhere), and the figures it supplies on lines the rules leave without one."""
    return with_supplied(model_of(ruleset, chosen_readings(ruleset, config)[0]), supplied(config))


def digest(ruleset: Ruleset, config: TableConfig) -> str:
    """A short fingerprint of the exact rules and configuration a placard was made from.

    The first 12 hex digits of sha256 over the UTF-8 bytes of the RFC 8785 canonical JSON of
    ``{"config": <configuration data>, "ruleset": <ruleset data>}`` (each file as data: YAML read
    with every scalar as written, dates and other look-alikes staying strings; an amendment is its
    base with its changes applied). Comments and layout of either file do not change it; any
    changed value does. docs/operating.md gives the recipe; a test recomputes it independently.
    """
    return documents_digest(ruleset, config)


def sign_parts(ruleset: Ruleset, config: TableConfig) -> dict[str, str]:
    """Fingerprints of the parts of what a sign was made from, so a mismatch can be named.

    ``rules``: the whole ruleset; ``table``: the configuration but its wagers; then one part per
    offered wager (its configuration entry with the ruleset's paytable it chooses), by wager id.
    Each is the first 6 hex digits of sha256 over RFC 8785 JSON, as for :func:`digest`.
    """
    return document_parts(ruleset, config)


def parts_text(parts: dict[str, str]) -> str:
    """A parts list as a sign's QR code carries it: ``rules=ab12cd,table=...,base=...``."""
    return ",".join(f"{name}={value}" for name, value in parts.items())


def parse_parts(text: str) -> dict[str, str] | None:
    """The parts list of :func:`parts_text`, or None when ``text`` is not one."""
    out = {}
    for item in text.split(","):
        name, sep, value = item.strip().partition("=")
        if not sep or not name or not re.fullmatch(r"[0-9a-f]{%d}" % PART_DIGITS, value.strip().lower()):
            return None
        out[name.strip()] = value.strip().lower()
    return out or None


_HEX = re.compile(r"(?<![0-9a-f])[0-9a-f]{12}(?![0-9a-f])")


def parse_digest(text: str) -> str | None:
    """The 12-digit digest in ``text`` as a sign prints it ("digest 5d177d49d4fd", the digest alone,
    or the whole fine-print line), or None when it holds no such digest (or more than one)."""
    found = set(_HEX.findall(text.strip().lower()))
    return found.pop() if len(found) == 1 else None
