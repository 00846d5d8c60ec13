"""``analyze`` keeps each ruleset's report (priced records, alternatives, math findings) in the cache by
the ruleset's content: a warm run reads it whole, with the bytes a cold run prints."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.gamemath import analysis as analysis_module
from lit_compliance.load.catalogue import load_ruleset
from lit_compliance.load.fingerprint import content_digest


@pytest.mark.parametrize("args", [["analyze", "nsw"], ["analyze", "maryland", "--format", "json"],
                                  ["analyze", "tribal", "--wager", "base", "--format", "json"]])
def test_a_warm_analysis_is_read_whole_from_the_cache_with_the_bytes_of_a_cold_one(tmp_path, monkeypatch, args):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    cold = CliRunner().invoke(main, args)
    assert cold.exit_code == 0, cold.output

    def no_analysis(*a, **k):
        raise AssertionError("analysed again, not read from the cache")

    monkeypatch.setattr(analysis_module, "analyse", no_analysis)
    monkeypatch.setattr(analysis_module, "math_finding_records", no_analysis)
    warm = CliRunner().invoke(main, args)
    assert warm.exit_code == 0, warm.output
    assert warm.output == cold.output
    monkeypatch.undo()
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", "off")
    assert CliRunner().invoke(main, args).output == cold.output     # and with no cache at all


def test_the_analysis_is_keyed_by_the_ruleset_s_content(catalogue, tmp_path):
    rs = catalogue.get("nsw")
    copy = tmp_path / "nsw" / "v1.yaml"
    copy.parent.mkdir()
    text = open(rs.path, encoding="utf-8").read()
    copy.write_text(text, encoding="utf-8")
    assert content_digest(load_ruleset(copy)) == content_digest(rs)
    copy.write_text(text + "\n# a comment changes the text\n", encoding="utf-8")
    assert content_digest(load_ruleset(copy)) != content_digest(rs)
