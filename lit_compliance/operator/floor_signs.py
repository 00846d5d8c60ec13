"""A floor's signs: which file each table's sign goes to, the summary of a folder of signs, and
the signs an inspector recorded, read back for ``verify FLOOR SIGNS``.

``placard FLOOR --output-dir DIR`` writes one sign per complying table into DIR, named after its
table id (:func:`sign_file_names`), and ``signs.json``: a row per table with its configuration,
ruleset, whether it got a sign, the sign's digest (the one it prints, :func:`.table_config.digest`)
and the SHA-256 of the file written. ``verify FLOOR SIGNS`` reads that file, or a CSV with the
columns ``table`` and ``digest`` (what an inspector notes walking the floor), as {table id: digest}.
"""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from ..load.strict_yaml import InputError, Problem
from ..table.config import parse_digest

SUMMARY_NAME = "signs.json"
SIGNS_MARKER = ".lit-compliance-signs"


def sign_file_names(table_ids: list[str], ext: str) -> dict[str, str]:
    """{table id: file name}: the id with anything but letters, digits, ``.``, ``_`` and ``-``
    replaced by ``_`` (never a hidden file), made unique by a suffix where two ids meet."""
    out, used = {}, {SUMMARY_NAME, SIGNS_MARKER}
    for table_id in table_ids:
        stem = re.sub(r"[^A-Za-z0-9._-]", "_", table_id).lstrip(".") or "table"
        name, n = f"{stem}.{ext}", 1
        while name.lower() in {u.lower() for u in used}:
            n += 1
            name = f"{stem}-{n}.{ext}"
        used.add(name)
        out[table_id] = name
    return out


def recorded_signs(path: Path) -> dict[str, str]:
    """{table id: digest} from a signs file: the ``signs.json`` a floor's placards were written
    with, or a CSV with ``table`` and ``digest`` columns; InputError naming the file and line."""
    display = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(display, 1, 1, "", f"cannot read it ({getattr(exc, 'strerror', None) or exc})")])
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
            rows = [(i + 1, r["table"], r.get("digest")) for i, r in enumerate(data["tables"])]
        except (ValueError, KeyError, TypeError):
            raise InputError([Problem(display, 1, 1, "tables", "not a signs summary (the signs.json "
                                                             "`placard FLOOR --output-dir` writes)")]) from None
        return {str(t): d for _, t, d in rows if d}
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or not {"table", "digest"} <= set(reader.fieldnames):
        raise InputError([Problem(display, 1, 1, "", "a signs CSV needs the columns table and digest")])
    out, problems = {}, []
    for row in reader:
        digest = parse_digest(row.get("digest") or "")
        if digest is None:
            problems.append(Problem(display, reader.line_num, 1, "digest",
                                    f"{row.get('digest')!r} holds no 12-hex-digit digest"))
            continue
        out[str(row["table"])] = digest
    if problems:
        raise InputError(problems)
    return out
