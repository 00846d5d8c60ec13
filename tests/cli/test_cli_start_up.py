"""The command line loads a command's module only when that command runs, so everyday commands
do not import the game math (numpy), jsonschema (on a warm cache) or the other commands."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from lit_compliance.cli import load_all, main
from lit_compliance.cli.common import COMMAND_MODULES

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_map_names_every_command_and_its_module():
    load_all()
    found = {name: cmd.callback.__module__.rsplit(".", 1)[-1] for name, cmd in main.commands.items()}
    assert found == COMMAND_MODULES


def test_help_lists_every_command_without_running_any():
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in COMMAND_MODULES:
        assert f"  {name} " in result.output or f"  {name}\n" in result.output, name


PROBE = """
import json, sys
from lit_compliance.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
mods = sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'jsonschema', 'yaml', 'segno')
              or m.startswith('lit_compliance.cli.') or m.startswith('lit_compliance.gamemath'))
print(json.dumps(mods), file=sys.stderr)
"""


def _modules_loaded(args: list[str], cache: Path, runs: int = 2) -> list[str]:
    env = dict(os.environ, LIT_COMPLIANCE_CACHE=str(cache))
    for _ in range(runs):  # the first run fills the cache; the second is what a user sees every day
        done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_warm_list_and_show_load_no_math_no_jsonschema_and_no_other_command(tmp_path):
    for args in (["list"], ["show", "maryland"]):
        loaded = _modules_loaded(args, tmp_path / "cache")
        assert not [m for m in loaded if m.startswith(("numpy", "jsonschema", "yaml", "lit_compliance.gamemath"))], (args, loaded)
        assert [m for m in loaded if m.startswith("lit_compliance.cli.")] == [
            "lit_compliance.cli.catalogue", "lit_compliance.cli.common", "lit_compliance.cli.conventions",
            "lit_compliance.cli.formats"]



def test_warm_analyze_and_par_read_every_figure_from_the_cache_without_numpy(tmp_path):
    # One cache: analyze fills it and reads it back; par then adds what it needs beyond analyze's
    # figures (its first run reuses those, so this costs less than two cold caches) and reads it back.
    for command in ("analyze", "par"):
        loaded = _modules_loaded([command, "all"], tmp_path / "cache")
        assert not [m for m in loaded if m.startswith(("numpy", "jsonschema", "yaml"))], (command, loaded)
        assert "lit_compliance.gamemath" in loaded  # it did price (from the cache)


def test_warm_check_and_placard_read_parsed_files_and_the_sign_from_the_cache(tmp_path):
    """A file whose exact text was parsed before comes from the cache (no YAML parser is imported), and
    so do the sign's layout and its QR code (no QR encoder is imported)."""
    for args in (["check", "examples/configs/maryland.yaml"], ["placard", "examples/configs/maryland.yaml"]):
        loaded = _modules_loaded(args, tmp_path / "cache")
        assert not [m for m in loaded if m.startswith(("yaml", "numpy", "jsonschema", "segno"))], (args, loaded)


def test_cold_commands_on_valid_documents_never_import_jsonschema(tmp_path):
    """The compiled schema check proves the bundled rulesets and a configuration valid on their own."""
    for i, args in enumerate((["validate"], ["show", "maryland"], ["check", "examples/configs/maryland.yaml"])):
        loaded = _modules_loaded(args, tmp_path / f"empty-{i}", runs=1)
        assert not [m for m in loaded if m.startswith("jsonschema")], (args, loaded)


def test_an_invalid_document_is_explained_by_jsonschema(tmp_path):
    bad = tmp_path / "config.yaml"
    bad.write_text((ROOT / "examples" / "configs" / "maryland.yaml").read_text() + "surprise: 1\n")
    loaded = _modules_loaded(["check", str(bad)], tmp_path / "cache", runs=1)
    assert "jsonschema" in loaded
