"""`verify` says "in force today" only when the ruleset's dates say so; of a version whose source
states no effective date it says what it knows (the latest in the catalogue, no date)."""
from __future__ import annotations

import copy
import datetime as dt
from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance.cli import main
from lit_compliance.load.catalogue import Catalogue, Ruleset
from lit_compliance.table.config import digest, load_config, ruleset_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "configs"


def _verify(name: str):
    path = EXAMPLES / f"{name}.yaml"
    config = load_config(path)
    return CliRunner().invoke(main, ["verify", str(path), digest(ruleset_for(config), config)])


def test_a_dated_version_is_said_to_be_in_force_today(catalogue):
    rs = catalogue.latest("south-dakota")
    assert rs.effective_date is not None and rs.effective_date <= dt.date.today()
    result = _verify("south-dakota")
    assert result.exit_code == 0, result.output
    assert f"{rs.ref}, the rules in force today (effective {rs.effective_date.isoformat()})" in result.output


@pytest.mark.parametrize("name", ["tribal", "maryland", "nsw", "massachusetts"])
def test_an_undated_version_is_not_claimed_to_be_in_force(name, catalogue):
    rs = catalogue.latest(name)
    assert rs.effective_date is None
    result = _verify(name)
    assert result.exit_code == 0, result.output
    assert "in force today" not in result.output.replace("whether it is in force today", "")
    assert "the latest version in the catalogue; its source states no effective date" in result.output


def _version(rs: Ruleset, version: str, effective: str) -> Ruleset:
    data = copy.deepcopy(rs.data)
    data["version"]["id"], data["version"]["effective_date"] = version, effective
    return Ruleset(data, rs.path, rs.document)


def test_the_dates_decide_in_force_not_yet_and_superseded(catalogue):
    base = catalogue.latest("south-dakota")
    later = _version(base, "2030-01-01", "2030-01-01")
    cat = Catalogue([base, later])
    day = dt.date(2026, 11, 28)
    assert cat.standing(base, day)[0] == "in force"
    state, words = cat.standing(later, day)
    assert state == "not yet" and "takes effect on 2030-01-01" in words
    after = dt.date(2030, 1, 1)
    state, words = cat.standing(base, after)
    assert state == "superseded" and f"{later.ref} is in force on 2030-01-01" in words
    assert cat.standing(later, after)[0] == "in force"


def test_an_undated_earlier_version_is_superseded_by_the_latest(catalogue):
    base = catalogue.latest("tribal")
    newer = _version(base, "v2", "not stated in source")
    cat = Catalogue([base, newer])
    assert cat.standing(newer, dt.date.today())[0] == "undated"
    state, words = cat.standing(base, dt.date.today())
    assert state == "superseded" and f"{newer.ref} is" in words
