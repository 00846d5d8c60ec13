"""Making the prebuilt catalogue (what :mod:`lit_compliance.load.prebuilt` reads), at wheel build.

Kept apart from the reader, which the loader imports: this side needs the whole loader and validation.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import cache
from .amendment import is_amendment
from .strict_yaml import InputError, _read_text, load_yaml_text
from .validation import validate_document
from .verdict import validated_key


def make(out: Path, root: Path) -> list[str]:
    """Parse, locate and validate every ``*/*.yaml`` under ``root`` (the bundled rulesets) into
    ``out``; raise InputError naming every problem if any does not validate. The digests made."""
    out.mkdir(parents=True, exist_ok=True)
    files, problems = {}, []
    for path in sorted(Path(root).glob("*/*.yaml")):
        display = f"{path.parent.name}/{path.name}"
        text = _read_text(path, display)
        doc = load_yaml_text(text, display)
        if is_amendment(doc.data):
            continue  # made from its base when read: nothing of its own to keep
        doc.text_digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        found = validate_document(doc)
        if found:
            problems += found
            continue
        _write(out / f"{doc.text_digest}.json", {"data": doc.data})
        _write(out / f"{doc.text_digest}.marks.json", [[list(p), line, col] for p, (line, col) in doc.marks.items()])
        files[doc.text_digest] = validated_key(doc)
    if problems:
        raise InputError(problems)
    _write(out / "index.json", {"engine": cache.engine_fingerprint(), "files": files})
    return sorted(files)


def _write(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")  # keys in file order, as read
