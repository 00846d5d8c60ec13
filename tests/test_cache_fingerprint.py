"""The engine's fingerprint is a hash of every file of the package, each under its path within it,
in the order of their paths: worked out here the plain way (a Path a file) and compared."""
from __future__ import annotations

import hashlib
import os

from lit_compliance import cache


def _fingerprint_the_plain_way(package) -> str:
    h = hashlib.sha256(cache.MATH_VERSION.encode())
    files = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = [d for d in subfolders if d not in ("__pycache__", "_data")]
        files += [package.joinpath(os.path.relpath(folder, package), n) for n in names
                  if not n.endswith((".pyc", ".tmp"))]
    for path in sorted(files):
        h.update(str(path.relative_to(package)).encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def test_the_fingerprint_is_every_files_bytes_under_its_path_in_path_order(monkeypatch, tmp_path):
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "_data").mkdir()
    for name, text in {"b.py": "b", "a.py": "a", "sub/z.py": "z", "sub/deeper/x.txt": "x", "sub.py": "s",
                       "__pycache__/a.cpython-311.pyc": "c", "_data/table.json": "{}", "c.tmp": "t", "A.py": "A"}.items():
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(cache, "_PACKAGE", tmp_path)
    monkeypatch.setattr(cache, "_FINGERPRINT", None)
    made = cache.engine_fingerprint()
    assert made == _fingerprint_the_plain_way(tmp_path)
    (tmp_path / "sub" / "z.py").write_text("changed")
    monkeypatch.setattr(cache, "_FINGERPRINT", None)
    assert cache.engine_fingerprint() != made


def test_the_installed_packages_fingerprint_is_the_plain_ways():
    assert cache.engine_fingerprint() == _fingerprint_the_plain_way(cache._PACKAGE)
