"""Build hook (hatchling): the wheel carries every bundled template compiled ahead of time.

Jinja compiles a template into Python code before rendering it; doing that at build time, once,
instead of in every run (and never into the user's cache, which must hold no code) is what
``lit_compliance/output/compiled_templates.py`` describes. That module imports only Jinja, so it is
loaded here by its file path, without the package's other dependencies.
"""
from __future__ import annotations

import importlib.util
import shutil
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
