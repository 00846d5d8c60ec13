"""`init` asks for a reading only where the rules leave it to the operator (a reading marked
``operator_may_choose``), offers the default, writes a choice only where it is not the default,
and the check accepts what it wrote. Shown on a copy of the Maryland ruleset in which one
alternative reading is left to the operator (no bundled ruleset leaves one)."""
from __future__ import annotations

from pathlib import Path

import yaml

from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.operator.checks import check
from lit_compliance.operator.answers import Asker
from lit_compliance.operator.config_builder import build_config
from lit_compliance.table.config import load_config_text

ROOT = Path(__file__).resolve().parents[2]
FINDING = "md-five-card-bonus-two-pair-vs-pair"


class Scripted(Asker):
    """Answers by the first words of each prompt (the default where the script has none)."""

    def __init__(self, script: dict[str, str]):
        super().__init__(interactive=True)
        self.script, self.asked, self.said = script, [], set()
        self.lines: list[str] = []

    def prompt(self, text, default):
        self.asked.append(text)
        for start, answer in self.script.items():
            if text.startswith(start):
                return answer
        assert default is not None, f"no answer for {text!r}"
        return default

    def say(self, text):
        self.lines.append(text)


def _ruleset(tmp_path):
    text = (ROOT / "rulesets" / "maryland" / "v1.yaml").read_text(encoding="utf-8")
    anchor = "      - id: two-pair-or-better\n        default: false\n"
    assert anchor in text
    folder = tmp_path / "maryland"
    folder.mkdir()
    (folder / "v1.yaml").write_text(text.replace(anchor, anchor + "        operator_may_choose: true\n"),
                                    encoding="utf-8")
    return load_ruleset(folder / "v1.yaml")


SCRIPT = {"Casino name": "Bay", "Table label": "", "Table minimum": "10", "Table maximum": "500",
          "Dealing method": "hand", "Paytable for Let It Ride": "a", "Offer Five": "y",
          "Paytable for Five": "a", "Offer": "n"}


def _config(rs, script):
    ask = Scripted(script)
    data = build_config(rs, ask)
    text = yaml.safe_dump(data, sort_keys=False)
    return ask, data, check(rs, load_config_text(text, "t.yaml"))


def test_a_reading_left_to_the_operator_is_asked_and_a_choice_recorded(tmp_path):
    rs = _ruleset(tmp_path)
    ask, data, report = _config(rs, SCRIPT | {f"Reading for {FINDING}": "two pair or better"})
    assert [p for p in ask.asked if p.startswith("Reading for")] == [f"Reading for {FINDING}"]   # only this one
    assert data["readings"] == {FINDING: "two-pair-or-better"}
    assert not [f for f in report.findings if f.kind == "reading_not_permitted"]
    assert any(r["finding"] == FINDING and r["reading"] == "two-pair-or-better" for r in report.readings)


def test_the_default_reading_is_not_written(tmp_path):
    ask, data, _ = _config(_ruleset(tmp_path), SCRIPT)
    assert f"Reading for {FINDING}" in ask.asked and "readings" not in data
