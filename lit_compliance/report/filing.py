"""A filing package: the documents a regulator is sent for one table, with a manifest of digests.

``par CONFIG --package DIR`` writes the PAR sheet, the configuration (its file's bytes), the placard,
the rules summary, ``manifest.json`` (the tool and version, the date made, the preparer, the ruleset
and its digest, the sign's digest, and every file with its SHA-256 and size) and ``SHA256SUMS``
(every file, the manifest included, in the form ``sha256sum -c`` reads). :func:`package_problems`
checks a package against its manifest: every file listed is there with its digest, none is
unlisted, and ``SHA256SUMS`` agrees (``verify --package DIR``).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

MANIFEST = "manifest.json"
SUMS = "SHA256SUMS"
MARKER = ".lit-compliance-package"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def package_files(documents: list[tuple[str, str, bytes]], head: dict) -> dict[str, bytes]:
    """The package's files: each document (``(name, what it is, bytes)``), the manifest (``head``
    and a row per document) and SHA256SUMS, by name."""
    files = {name: data for name, _, data in documents}
    manifest = dict(head, files=[{"name": name, "what": what, "sha256": _sha(data), "bytes": len(data)}
                                 for name, what, data in documents])
    files[MANIFEST] = (json.dumps(manifest, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")
    files[SUMS] = "".join(f"{_sha(files[name])}  {name}\n" for name in sorted(files)).encode("utf-8")
    return files


def package_problems(folder: Path) -> tuple[dict | None, list[str]]:
    """(the manifest, what is wrong with the package in ``folder``: nothing when it verifies)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        listed = {row["name"]: row["sha256"] for row in manifest["files"]}
    except FileNotFoundError:
        return None, [f"{folder}: no {MANIFEST} (not a filing package)"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return None, [f"{folder / MANIFEST}: not a package manifest ({exc.__class__.__name__})"]
    problems = []
    for name, digest in listed.items():
        path = folder / name
        if "/" in name or name.startswith(".") or not path.is_file():
            problems.append(f"{name}: listed in the manifest but not in the package")
        elif _sha(path.read_bytes()) != digest:
            problems.append(f"{name}: its SHA-256 is {_sha(path.read_bytes())}, the manifest says {digest}")
    present = {p.name for p in folder.iterdir() if p.name not in (MANIFEST, SUMS, MARKER)}
    problems += [f"{name}: in the package but not in the manifest" for name in sorted(present - set(listed))]
    try:
        sums = dict(reversed(line.split("  ", 1)) for line in (folder / SUMS).read_text(encoding="utf-8").splitlines())
    except (OSError, ValueError):
        sums = None
    if sums is None:
        problems.append(f"{SUMS}: missing or unreadable")
    else:
        for name in sorted(set(sums) | set(listed) | {MANIFEST}):
            path = folder / name
            if name not in sums:
                problems.append(f"{SUMS}: lists no digest for {name}")
            elif not path.is_file() or _sha(path.read_bytes()) != sums[name]:
                problems.append(f"{SUMS}: the digest of {name} does not match")
    return manifest, problems
