"""Output files: regular files only, never over an input, atomic, with the user's permissions."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.output.files import OutputError, write_output

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "configs"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_users_umask(tmp_path):
    old = os.umask(0o022)
    try:
        write_output(tmp_path / "a.txt", "x")
        os.umask(0o077)
        write_output(tmp_path / "b.txt", "x")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "a.txt") == 0o644
    assert _mode(tmp_path / "b.txt") == 0o600


def test_a_replaced_file_keeps_its_mode(tmp_path):
    target = tmp_path / "sign.svg"
    target.write_text("old")
    target.chmod(0o640)
    write_output(target, "new")
    assert target.read_text() == "new" and _mode(target) == 0o640


def test_a_symbolic_link_is_not_followed_or_replaced(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("keep")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(OutputError, match="symbolic link"):
        write_output(link, "x")
    assert real.read_text() == "keep" and link.is_symlink()


def test_a_device_node_is_never_replaced():
    with pytest.raises(OutputError, match="not a regular file"):
        write_output(Path("/dev/null"), "x")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_placard_is_never_written_over_its_own_configuration(tmp_path):
    config = tmp_path / "cfg.yaml"
    config.write_text((EXAMPLES / "maryland.yaml").read_text())
    before = config.read_text()
    result = CliRunner().invoke(main, ["placard", str(config), "--format", "svg", "-o", str(config)])
    assert result.exit_code == 2 and "is an input of this command" in result.output
    assert config.read_text() == before


def test_an_overlong_output_name_is_a_clean_error(tmp_path):
    result = CliRunner().invoke(main, ["placard", str(EXAMPLES / "maryland.yaml"), "--format", "svg",
                                       "-o", str(tmp_path / ("a" * 300 + ".svg"))])
    assert result.exit_code == 2 and "not a usable file name" in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
