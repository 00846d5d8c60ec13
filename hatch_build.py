"""Build hook (hatchling): the wheel carries every bundled template compiled ahead of time, the
bundled rulesets parsed, located and validated (``lit_compliance/load/prebuilt.py``), and the bundled
catalogue's math and PAR sheet PDFs, the cache's shipped layer (``lit_compliance/cli/shipped_math.py``).

Jinja compiles a template into Python code before rendering it; doing that at build time, once,
instead of in every run (and never into the user's cache, which must hold no code) is what
``lit_compliance/output/compiled_templates.py`` describes. That module imports only Jinja, so it is
loaded here by its file path, without the package's other dependencies.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        spec = importlib.util.spec_from_file_location(
            "_lit_compliance_compiled_templates", root / "lit_compliance" / "output" / "compiled_templates.py")
        compiler = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(compiler)
        out = root / "build" / "compiled_templates"
        shutil.rmtree(out, ignore_errors=True)
        compiler.compile_folder(root / "templates", out)
        build_data["force_include"][str(out)] = "lit_compliance/_data/compiled_templates"
        ready = root / "build" / "prebuilt"
        shutil.rmtree(ready, ignore_errors=True)
        make_prebuilt(root, ready)
        if version != "editable":  # an editable install runs the source tree, which has no _data: nothing would read it
            make_shipped_math(root, ready / "cache")
        build_data["force_include"][str(ready)] = "lit_compliance/_data/prebuilt"


def make_prebuilt(root: Path, out: Path) -> None:
    """The bundled rulesets (and the example draft amendment the wheel carries for the site) made ready by the package's own loader (which needs PyYAML, a build
    requirement), run from this source tree with no cache; a ruleset that does not validate fails
    the build, naming every problem."""
    saved_path, saved_cache = list(sys.path), os.environ.get("LIT_COMPLIANCE_CACHE")
    sys.path.insert(0, str(root))
    os.environ["LIT_COMPLIANCE_CACHE"] = "off"
    try:
        from lit_compliance.load import prebuild
        from lit_compliance.load.strict_yaml import InputError

        try:
            prebuild.make(out, root / "rulesets", (root / "examples" / "maryland-draft-amendment.yaml",))
        except InputError as exc:
            raise SystemExit(f"the bundled rulesets do not validate:\n{exc}") from None
    finally:
        sys.path[:] = saved_path
        if saved_cache is None:
            os.environ.pop("LIT_COMPLIANCE_CACHE", None)
        else:
            os.environ["LIT_COMPLIANCE_CACHE"] = saved_cache


def make_shipped_math(root: Path, out: Path) -> None:
    """The bundled catalogue's math and PAR sheet PDFs (the cache's shipped layer), computed by the
    package's own engine from this source tree (which needs numpy, click and typst, build
    requirements); a command that fails fails the build, with its message."""
    saved_path = list(sys.path)
    sys.path.insert(0, str(root))
    try:
        from lit_compliance.cli import shipped_math

        try:
            shipped_math.make_layer(out, pythonpath=str(root))
        except RuntimeError as exc:
            raise SystemExit(str(exc)) from None
    finally:
        sys.path[:] = saved_path
