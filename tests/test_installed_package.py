"""The installed package is the product: in CI the suite runs against the installed wheel, not the
checkout, so a file missing from the wheel fails a test."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lit_compliance

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI") == "true"


def _from_checkout(path: str) -> bool:
    """Whether ``path`` is the checkout's own copy (the package or its data folders at the root),
    not an installed one (a virtual environment inside the checkout is still an install)."""
    resolved = Path(path).resolve()
    return any(resolved == ROOT / name or ROOT / name in resolved.parents
               for name in ("lit_compliance", "rulesets", "schema", "templates", "sources", "examples"))


@pytest.mark.skipif(not IN_CI, reason="outside CI the suite may test the checkout (CI=true tests the wheel)")
def test_ci_tests_the_installed_package_not_the_checkout():
    assert not _from_checkout(lit_compliance.__file__), lit_compliance.__file__
    out = subprocess.run([sys.executable, "-c", "import lit_compliance; print(lit_compliance.__file__)"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300).stdout.strip()
    assert out and not _from_checkout(out), f"a command run from the checkout imports {out}"


def test_the_package_finds_every_bundled_folder_it_promises():
    from lit_compliance.load.resources import data_dir

    for name in ("rulesets", "schema", "templates", "sources", "examples"):
        assert data_dir(name).is_dir(), name
    assert (data_dir("examples") / "maryland-draft-amendment.yaml").is_file()
    assert (data_dir("schema") / "amendment.schema.json").is_file()
    if not _from_checkout(lit_compliance.__file__):
        # Installed: every folder comes from inside the package, none from the checkout.
        for name in ("rulesets", "schema", "templates", "sources", "examples"):
            assert not _from_checkout(str(data_dir(name))), name
