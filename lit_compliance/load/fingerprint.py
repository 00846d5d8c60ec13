"""Fingerprints of loaded documents: RFC 8785 canonical JSON of a ruleset's or a table
configuration's data, and the short sha256 digests signs print of it.

A fingerprint is defined over the documents as loaded (every scalar as written), so it lives with
the loader; the views ask for it by the ruleset and configuration and never read their data.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any
from .. import cache
from .ruleset import Ruleset

#: Digits of each part's fingerprint in a sign's parts list.
PART_DIGITS = 6


def canonical_json(value: Any) -> str:
    """RFC 8785 (JSON Canonicalization Scheme) text of ``value``: sorted keys, no white space,
    numbers as ECMAScript prints them, UTF-8.

    Where the two cannot differ, the text is the standard library's JSON (C code: a bundled
    ruleset's in 1.5-3 ms against 5-10 ms for ``rfc8785``, at every ``check`` and sign): keys that are
    text without a character at or above U+D800 (sorted by code point, so as by UTF-16 code unit),
    whole numbers within 2^53, and floats as ECMAScript prints them (a whole float within 2^53 as
    its integer, any other from 1e-4 to below 1e16 in Python's shortest repr, which is ECMAScript's);
    strings are escaped alike by both. Anything else (another float, a key of another type, a
    surrogate) is ``rfc8785``'s, which also refuses what RFC 8785 cannot say.
    ``tests/load/test_canonical_json.py`` holds the two equal."""
    try:
        text = json.dumps(_as_plain_json(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
        text.encode("utf-8")   # a surrogate: rfc8785 refuses it
        return text
    except (_NotPlain, UnicodeEncodeError, ValueError, TypeError):
        import rfc8785  # lazy: only data the standard library's JSON cannot print canonically needs it

        return rfc8785.dumps(value).decode("utf-8")


class _NotPlain(Exception):
    """A value whose canonical text the standard library's JSON may not give."""


_SAFE_INTEGER = 2 ** 53 - 1


def _as_plain_json(value: Any) -> Any:
    """``value`` (itself, or a copy where a float prints as an integer) for ``json.dumps`` to give its
    RFC 8785 text; :class:`_NotPlain` where it cannot."""
    kind = type(value)
    if kind is str or value is None or kind is bool:
        return value
    if kind is dict:
        changed = None
        for key, item in value.items():
            if type(key) is not str or (key and not key.isascii() and max(key) >= "\ud800"):
                raise _NotPlain
            plain = _as_plain_json(item)
            if plain is not item:
                changed = changed or {}
                changed[key] = plain
        return value if changed is None else {**value, **changed}
    if kind is list or kind is tuple:
        items = [_as_plain_json(item) for item in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if kind is int:
        if -_SAFE_INTEGER <= value <= _SAFE_INTEGER:
            return value
        raise _NotPlain
    if kind is float:
        whole = value.is_integer()
        if whole and -_SAFE_INTEGER <= value <= _SAFE_INTEGER:
            return int(value)
        if not whole and 1e-4 <= abs(value) < 1e16:
            return value
    raise _NotPlain


def short_digest(value: Any, digits: int) -> str:
    """The first ``digits`` hex digits of sha256 over the UTF-8 bytes of ``value``'s canonical JSON."""
    return _hex(canonical_json(value), digits)


def _hex(text: str, digits: int) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:digits]


_RULES_JSON: list = []  # [(ruleset, its data, its canonical JSON)], the last few: a sign names them several times


def ruleset_json(ruleset: Ruleset) -> str:
    """The canonical JSON of a loaded ruleset's document (an amendment: its base with its changes),
    made once per ruleset in a process (the digest, the parts list and the fit check each need it;
    a ruleset's data is read-only)."""
    for known, data, text in _RULES_JSON:
        if known is ruleset and data is ruleset.data:
            return text
    text = canonical_json(ruleset.data)
    _RULES_JSON[:] = _RULES_JSON[-3:] + [(ruleset, ruleset.data, text)]
    return text


# A configuration's records about the table, not what the table does: approvals on record (renewing
# one changes no figure, so it voids no sign and no cached price). Every fingerprint leaves them out.
RECORDS = ("approvals",)


def _table_data(config) -> dict:
    """A configuration's document but its records (:data:`RECORDS`)."""
    return {k: v for k, v in config.data.items() if k not in RECORDS}


def config_json(config, without: tuple[str, ...] = ()) -> str:
    """The canonical JSON of a loaded table configuration's document (but its records), leaving out
    the top-level keys ``without``."""
    return canonical_json({k: v for k, v in _table_data(config).items() if k not in without})


def documents_digest(ruleset: Ruleset, config) -> str:
    """12 hex digits of sha256 over the canonical JSON of ``{"config": ..., "ruleset": ...}``."""
    # RFC 8785 orders members by key ("config" before "ruleset") and nests each value's own text
    return _hex('{"config":' + config_json(config) + ',"ruleset":' + ruleset_json(ruleset) + "}", 12)


def document_parts(ruleset: Ruleset, config) -> dict[str, str]:
    """Fingerprints (``PART_DIGITS`` hex digits) of the whole ruleset (``rules``), the configuration
    but its wagers (``table``), and per configured wager its entry with the ruleset paytable it chooses."""
    parts = {"rules": _hex(ruleset_json(ruleset), PART_DIGITS),
             "table": short_digest({k: v for k, v in _table_data(config).items() if k != "wagers"}, PART_DIGITS)}
    tables = {w.get("id"): w.get("paytables") or [] for w in ruleset.data.get("wagers") or []}
    for entry in config.data["wagers"]:
        chosen = [t for t in tables.get(entry["wager"], []) if t.get("id") == entry.get("paytable")]
        parts[entry["wager"]] = short_digest({"entry": entry, "paytable": chosen}, PART_DIGITS)
    return parts


def document_sha256(ruleset: Ruleset) -> str:
    """sha256 (hex) of a loaded ruleset's document as compact JSON (sorted keys, no white space):
    equal documents, equal digests (computed once per document)."""
    held = _DOCUMENT_SHA256.get(ruleset.data)
    if held is None:
        text = json.dumps(ruleset.data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        held = _DOCUMENT_SHA256.put(ruleset.data, (), hashlib.sha256(text.encode("utf-8")).hexdigest())
    return held


_DOCUMENT_SHA256 = cache.Held(256)   # document (held) -> its digest; bounded, as the other per-document memos


def sheet_digest(ruleset: Ruleset) -> str:
    """12 hex digits of :func:`document_sha256` (the digest a PAR sheet's title block prints)."""
    return document_sha256(ruleset)[:12]


def content_digest(ruleset: Ruleset) -> str:
    """What a loaded ruleset's meaning depends on, as a digest: its file's text where its data is that
    file's (cheap: read when the file was), else its data (a draft amendment applied to its base)."""
    doc = getattr(ruleset, "document", None)
    if doc is not None and doc.text_digest and doc.data is ruleset.data:
        return doc.text_digest
    return document_sha256(ruleset)
