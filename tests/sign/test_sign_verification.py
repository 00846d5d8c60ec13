"""A posted sign checks itself: the command it prints (and its QR code's) runs as printed beside the
configuration on file, says whether the sign matches it and the rules in force, and names what
differs; the digest follows the recipe in docs/operating.md (RFC 8785), recomputed here independently."""
from __future__ import annotations

import hashlib
import json
import math
import re
import shlex
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from lit_compliance.cli import main
from bundled import COMPLIANT

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"


def run_in(folder: Path, args: list[str], monkeypatch):
    monkeypatch.chdir(folder)
    return CliRunner().invoke(main, args)


def printed_commands(svg: str) -> tuple[str, str]:
    """The verify command printed in the sign's fine print, and the one its QR code holds."""
    printed = re.findall(r">(lit-compliance verify [^<]+)<", svg)
    qr = re.findall(r"lit-compliance verify [^<\"]+ --parts [^<\"]+", svg)
    assert printed and qr, "the sign carries no verify command"
    return printed[0].strip(), qr[0].strip()


def placard_and_commands(name: str, folder: Path, monkeypatch) -> tuple[str, str]:
    shutil.copy(EXAMPLES / f"{name}.yaml", folder / f"{name}.yaml")
    result = run_in(folder, ["placard", f"{name}.yaml", "--format", "svg", "-o", "sign.svg"], monkeypatch)
    assert result.exit_code == 0, result.output
    return printed_commands((folder / "sign.svg").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", COMPLIANT)
def test_the_printed_verify_command_runs_as_printed_beside_the_filed_configuration(name, tmp_path, monkeypatch):
    printed, qr = placard_and_commands(name, tmp_path, monkeypatch)
    for command in (printed, qr):
        words = shlex.split(command)
        assert words[:2] == ["lit-compliance", "verify"]
        result = run_in(tmp_path, words[1:], monkeypatch)
        assert result.exit_code == 0, result.output
        assert "the sign matches" in result.output


def test_a_changed_paytable_fails_verification_and_the_qr_command_names_the_wager(tmp_path, monkeypatch):
    printed, qr = placard_and_commands("maryland", tmp_path, monkeypatch)
    config = tmp_path / "maryland.yaml"
    text = config.read_text()
    # The five-card bonus entry chooses paytable b: choose c instead.
    changed = re.sub(r"(- wager: five-card-bonus\n\s+paytable:) b", r"\1 c", text)
    assert changed != text
    config.write_text(changed)
    short = run_in(tmp_path, shlex.split(printed)[1:], monkeypatch)
    assert short.exit_code == 1 and "does NOT match" in short.output
    named = run_in(tmp_path, shlex.split(qr)[1:], monkeypatch)
    assert named.exit_code == 1
    assert "Five Card Bonus" in named.output and "paytable, limits or figures differ" in named.output
    assert "Three Card Bonus" not in named.output and "the rules (" not in named.output


def test_a_changed_table_setting_is_named_as_such(tmp_path, monkeypatch):
    _, qr = placard_and_commands("tribal", tmp_path, monkeypatch)
    config = tmp_path / "tribal.yaml"
    config.write_text(config.read_text().replace("casino: ", "casino: X", 1))
    result = run_in(tmp_path, shlex.split(qr)[1:], monkeypatch)
    assert result.exit_code == 1 and "the table's settings" in result.output


@pytest.mark.parametrize("given", ["digest {d}", "{D}", "ruleset tribal@v1 \u00b7 digest {d}", " {d} "])
def test_verify_takes_the_digest_as_the_sign_prints_it(given, tmp_path, monkeypatch):
    printed, _ = placard_and_commands("tribal", tmp_path, monkeypatch)
    d = shlex.split(printed)[3]
    result = run_in(tmp_path, ["verify", "tribal.yaml", given.format(d=d, D=d.upper())], monkeypatch)
    assert result.exit_code == 0, result.output
    assert "digest digest" not in result.output


def test_verify_refuses_text_that_holds_no_digest(tmp_path, monkeypatch):
    shutil.copy(EXAMPLES / "tribal.yaml", tmp_path / "tribal.yaml")
    result = run_in(tmp_path, ["verify", "tribal.yaml", "digest 5d17\u2026"], monkeypatch)
    assert result.exit_code == 2 and "12-hex-digit" in result.output


# --- the documented recipe (docs/operating.md), recomputed with an independent RFC 8785 implementation ----------------

def _jcs_number(value) -> str:
    if isinstance(value, bool):
        raise TypeError
    if isinstance(value, int):
        return str(value)
    assert math.isfinite(value)
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:  # ECMAScript: 1e-7, 1.5e+21
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        return f"{mantissa}e{sign}{int(exponent.lstrip('+-'))}"
    return text


def _jcs_string(text: str) -> str:
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif code < 0x20:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out) + '"'


def jcs(value) -> str:
    """RFC 8785: object members sorted by their names' UTF-16 code units, no white space."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return _jcs_number(value)
    if isinstance(value, str):
        return _jcs_string(value)
    if isinstance(value, list):
        return "[" + ",".join(jcs(v) for v in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: k.encode("utf-16-be"))
        return "{" + ",".join(_jcs_string(k) + ":" + jcs(value[k]) for k in keys) + "}"
    raise TypeError(type(value))


def test_the_jcs_of_this_test_agrees_with_the_rfc_examples():
    # RFC 8785 section 3.2.3's sorting example and number forms from its appendix.
    assert jcs({"\u20ac": 1, "\r": 2, "\ufb33": 3, "1": 4, "\U0001f600": 5, "\u0080": 6, "\u00f6": 7}) == \
        '{"\\r":2,"1":4,"\u0080":6,"\u00f6":7,"\u20ac":1,"\U0001f600":5,"\ufb33":3}'
    assert [jcs(x) for x in (1e21, 1e-7, 0.5, 100.0, -0.0)] == ["1e+21", "1e-7", "0.5", "100", "0"]


@pytest.mark.parametrize("name", COMPLIANT)
def test_the_digest_follows_the_documented_recipe(name, tmp_path, monkeypatch):
    recipe = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")  # moved there from the README
    assert "RFC 8785" in recipe and '{"config": <configuration>, "ruleset": <ruleset>}' in recipe
    assert "`approvals`, records about the table\nrather than what it does, are left out" in recipe
    printed, _ = placard_and_commands(name, tmp_path, monkeypatch)
    config = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    config.pop("approvals", None)   # as the recipe says
    folder = ROOT / "rulesets" / config["jurisdiction"]
    ruleset = yaml.safe_load((folder / f"{config['ruleset_version']}.yaml").read_text(encoding="utf-8"))
    text = jcs({"config": config, "ruleset": ruleset})
    assert shlex.split(printed)[3] == hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
