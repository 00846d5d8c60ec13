"""The math cache is a cache, not trusted storage (issue 23).

Trust model (docs/conventions.md): the cache is the user's own storage, like ``~/.ssh``. A cache folder owned
by someone else, or writable by group or others, is not used; even a private cache holds data
only (nothing read from it can run code); entries are read only from regular files, without
blocking, with a size cap.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "tests" / "fixtures" / "valid" / "minimal.yaml"


def cli(cache: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    """A fresh process (so nothing of an earlier run is remembered) on the given cache folder."""
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(cache))
    return subprocess.run([sys.executable, "-m", "lit_compliance", *map(str, args)], capture_output=True,
                          timeout=timeout, env=env, cwd=ROOT)


def _entry(payload: bytes) -> bytes:
    """A cache entry whose checksum holds: what anyone who can write the folder can forge."""
    return hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def _poison(node) -> int:
    """Set every house edge inside ``node`` (a priced paytable, or a report that holds some) to -25%."""
    if isinstance(node, list):
        return sum(_poison(x) for x in node)
    if not isinstance(node, dict):
        return 0
    found = 0
    if node.get("house_edge") is not None:
        # a priced record keeps fractions as "n/d" text (its codec refuses a float there)
        node["house_edge"] = "-1/4" if isinstance(node["house_edge"], str) else -0.25
        found = 1
    return found + sum(_poison(v) for v in node.values())


def _poison_house_edges(cache: Path) -> int:
    """Rewrite every house edge in the cache (priced paytables, and the reports that hold them) to -25%,
    checksums recomputed."""
    poisoned = 0
    for path in cache.glob("*.json"):
        entry = json.loads(path.read_bytes().partition(b"\n")[2])
        found = _poison(entry.get("value"))
        if found:
            path.write_bytes(_entry(json.dumps(entry).encode()))
            poisoned += found
    return poisoned


def _edges(stdout: bytes) -> list:
    return [r["house_edge"] for r in json.loads(stdout)["results"]]


def _make_foreign(folder: Path) -> None:
    os.chown(folder, 65534, 65534)  # nobody


FOREIGN_NEEDS_ROOT = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                                        reason="giving a folder to another user needs root")


@pytest.fixture(scope="module")
def poisoned_cache(tmp_path_factory) -> tuple[Path, bytes]:
    """A private cache whose priced paytables were all rewritten to a house edge of -25% (checksums
    recomputed), shown to be trusted while private; and the true answer. Made once for the tests below."""
    cache = tmp_path_factory.mktemp("poisoned") / "cache"
    fresh = cli(cache, "analyze", "tribal", "--format", "json")
    assert fresh.returncode == 0 and fresh.stderr == b""
    assert _poison_house_edges(cache) >= 2
    poisoned = cli(cache, "analyze", "tribal", "--format", "json")
    assert set(_edges(poisoned.stdout)) == {-0.25}, "in a private folder the cache is trusted (the test can fail)"
    return cache, fresh.stdout


@pytest.mark.xdist_group("poisoned_cache")  # one worker makes the poisoned cache once (`--dist loadgroup`)
@pytest.mark.parametrize("spoil", [
    pytest.param(lambda f: f.chmod(0o777), id="world-writable"),
    pytest.param(lambda f: f.chmod(0o770), id="group-writable"),
    pytest.param(_make_foreign, id="owned-by-another-user", marks=FOREIGN_NEEDS_ROOT),
])
def test_a_poisoned_figure_in_a_cache_folder_others_control_has_no_effect(tmp_path, spoil, poisoned_cache):
    import shutil

    cache, fresh_stdout = tmp_path / "cache", poisoned_cache[1]
    shutil.copytree(poisoned_cache[0], cache)  # a copy keeps the folder private (mode 0700) and the entries
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    spoil(cache)
    refused = cli(cache, "analyze", "tribal", "--format", "json")
    assert refused.returncode == 0 and refused.stdout == fresh_stdout
    assert -0.25 not in _edges(refused.stdout)
    assert refused.stderr.count(b"warning:") == 1 and b"is not used" in refused.stderr, refused.stderr


@pytest.mark.parametrize("spoil", [
    pytest.param(lambda f: f.chmod(0o757), id="writable-by-others"),
    pytest.param(_make_foreign, id="owned-by-another-user", marks=FOREIGN_NEEDS_ROOT),
])
def test_a_forged_validation_verdict_in_a_cache_folder_others_control_has_no_effect(tmp_path, spoil):
    bad = tmp_path / "bad.yaml"
    bad.write_text(MINIMAL.read_text(encoding="utf-8").replace("schema_version: 1", "schema_version: 99", 1),
                   encoding="utf-8")
    assert "schema_version: 99" in bad.read_text(encoding="utf-8")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    # the entry's name, worked out by a fresh process (as the command will: the engine as it is on disk)
    name = subprocess.run([sys.executable, "-c", "import sys; from lit_compliance import cache; "
                           "from lit_compliance.load.catalogue import _validated_key; "
                           "from lit_compliance.load.strict_yaml import load_yaml_file; "
                           "from lit_compliance.load.verdict import VALIDATED; "
                           "key = _validated_key(load_yaml_file(sys.argv[1])); "
                           "print(cache.key_digest(['validated', {'key': key}]))", str(bad)],
                          capture_output=True, text=True, cwd=ROOT, check=True, timeout=300).stdout.strip()
    forged = cache / f"validated-{name}.json"
    forged.write_bytes(_entry(json.dumps({"kind": "validated", "key": name, "value": True}).encode()))
    assert cli(cache, "validate", bad).returncode == 0, "in a private folder the verdict is trusted (the test can fail)"
    spoil(cache)
    refused = cli(cache, "validate", bad)
    assert refused.returncode == 1 and b"schema_version" in refused.stdout + refused.stderr
    assert b"is not used" in refused.stderr


def test_folders_the_cache_creates_are_private_and_an_existing_private_one_is_used(tmp_path):
    cache = tmp_path / "a" / "b" / "cache"
    result = cli(cache, "analyze", "tribal", "--wager", "base")
    assert result.returncode == 0 and result.stderr == b""
    for folder in (tmp_path / "a", tmp_path / "a" / "b", cache):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert any(cache.glob("*.json"))
    for entry in cache.iterdir():
        assert stat.S_IMODE(entry.stat().st_mode) & 0o077 == 0, entry


class _RunsCode:
    """Unpickling this creates the marker file: proof that code from the cache ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def test_a_code_carrying_entry_planted_in_a_private_cache_runs_nothing(tmp_path):
    import io

    import jinja2
    import numpy as np

    cache = tmp_path / "cache"
    marker = tmp_path / "code-ran"
    fresh = cli(cache, "summary", "tribal")
    assert fresh.returncode == 0
    code = pickle.dumps(_RunsCode(marker))
    # every entry the cache holds, replaced by a pickle (checksum recomputed)
    entries = [p for p in cache.iterdir() if p.is_file()]
    assert entries
    for path in entries:
        if path.suffix == ".npz":
            buffer = io.BytesIO()
            np.savez(buffer, __key__=np.array(path.stem), a=np.array([_RunsCode(marker)], dtype=object))
            path.write_bytes(_entry(buffer.getvalue()))
        else:
            path.write_bytes(_entry(code))
    # and compiled templates where Jinja's bytecode cache would look for them (pickle + marshal)
    keys = jinja2.BytecodeCache()
    (cache / "templates").mkdir(exist_ok=True)
    for template in (ROOT / "templates").rglob("*.j2"):
        name = template.relative_to(ROOT / "templates").as_posix()
        key = keys.get_cache_key(name, str(template))
        (cache / "templates" / f"{key}.jinja").write_bytes(_entry(jinja2.bccache.bc_magic + code))
    assert pickle.loads(code) and marker.exists(), "the planted payload does run code when unpickled"
    marker.unlink()
    again = cli(cache, "summary", "tribal")
    assert again.returncode == 0 and again.stdout == fresh.stdout and b"Traceback" not in again.stderr
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_a_cache_entry_does_not_block(tmp_path):
    cache = tmp_path / "cache"
    fresh = cli(cache, "analyze", "tribal", "--format", "json")
    entries = sorted(cache.glob("*.json")) + sorted(cache.glob("*.npz"))
    assert len(entries) >= 3
    for path in entries:
        path.unlink()
        os.mkfifo(path)
    # a reader that blocked would wait for a writer forever: the timeout fails the test, not hangs it
    again = cli(cache, "analyze", "tribal", "--format", "json", timeout=300)
    assert again.returncode == 0 and again.stdout == fresh.stdout


def test_an_entry_that_is_a_link_or_too_large_is_a_miss(tmp_path, monkeypatch):
    from lit_compliance import cache as cache_module

    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(cache))
    from lit_compliance.load.strict_yaml import YAML

    probe = {"text": "probe"}
    cache_module.store(YAML, probe, {"data": {"x": 1}})
    assert cache_module.peek(YAML, probe) == {"data": {"x": 1}}
    path = cache_module.entry_path(YAML, probe)
    elsewhere = tmp_path / "elsewhere.json"
    path.rename(elsewhere)
    path.symlink_to(elsewhere)
    assert cache_module.peek(YAML, probe) is None
    path.unlink()
    elsewhere.rename(path)
    monkeypatch.setattr(cache_module, "MAX_ENTRY_BYTES", 4)
    assert cache_module.peek(YAML, probe) is None


def test_markup_planted_in_place_of_a_sign_s_qr_code_never_reaches_the_sign(tmp_path):
    """The QR code is inserted into the sign as markup, so a code read back from the cache is used only
    in the one form segno draws (a view box and one path): a planted script is a miss, recomputed."""
    cache = tmp_path / "cache"
    config = ROOT / "examples" / "configs" / "maryland.yaml"
    fresh = cli(cache, "placard", config, "--format", "html")
    assert fresh.returncode == 0 and b"<svg" in fresh.stdout
    planted = 0
    for path in cache.glob("*.json"):
        entry = json.loads(path.read_bytes().partition(b"\n")[2])
        value = entry.get("value")
        if isinstance(value, dict) and set(value) == {"svg", "size"}:
            value["svg"] = value["svg"].replace('class="segno">', 'class="segno"><script>alert(1)</script>')
            path.write_bytes(_entry(json.dumps(entry).encode()))
            planted += 1
    assert planted == 1
    again = cli(cache, "placard", config, "--format", "html")
    assert again.returncode == 0 and b"<script>" not in again.stdout and again.stdout == fresh.stdout
