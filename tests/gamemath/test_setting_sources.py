"""How a price's meter and stake were decided is a typed value (:class:`lit_compliance.gamemath.settings.SettingSource`)
on the settings and on the priced record; its words are made once, by
:func:`lit_compliance.model.vocabulary.setting_source_text` (issue 29)."""
from __future__ import annotations

from pathlib import Path

import pytest

from lit_compliance.gamemath import paytable_result
from lit_compliance.gamemath.record import PricedPaytable, settings_json
from lit_compliance.gamemath.settings import SettingSource
from lit_compliance.model.vocabulary import SETTING_SOURCES, setting_source_text
from lit_compliance.table.config import load_config, model_for, ruleset_for
from lit_compliance.table.configured import table_settings

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = sorted((ROOT / "examples" / "configs").glob("*.yaml"))


def test_every_way_of_deciding_has_its_words():
    assert set(SETTING_SOURCES) == {d.value for d in SettingSource}
    assert setting_source_text(None) is None
    assert len({setting_source_text(d) for d in SettingSource}) == len(SettingSource)     # no two ways said alike


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_a_configured_table_prices_at_its_reset_and_minimum_and_says_so(path, catalogue):
    cfg = load_config(path)
    rs = ruleset_for(cfg, catalogue)
    model = model_for(rs, cfg)
    seen = 0
    for choice in cfg.settings.wagers:
        settings = table_settings(cfg, choice.wager)
        prog = choice.progressive
        if prog is not None:
            assert settings.meter == (prog.reset if prog.reset is not None else prog.seed)
            assert settings.meter_from is SettingSource.CONFIGURED_RESET
        else:
            assert settings.meter is None and settings.meter_from is None
        assert settings.stake_from is (SettingSource.CONFIGURED_MINIMUM if choice.minimum else None)
        try:
            wager = model.wager(choice.wager)
        except KeyError:
            continue
        ids = [t.id for t in wager.paytables]
        if choice.paytable not in ids or wager.is_base:
            continue
        record = paytable_result(model, choice.wager, choice.paytable, settings)
        at = record.held_at
        if at.meter is not None:       # a progressive priced at the configured reset, said in words in JSON
            assert at.meter == settings.meter and at.meter_from is SettingSource.CONFIGURED_RESET
            assert settings_json(record.settings)["meter_from"] == "the configured reset"
            seen += 1
        if at.stake_from is not None:
            fixed = wager.stake_for(wager.paytable(choice.paytable))
            assert at.stake_from in (SettingSource.FIXED_BY_RULES, SettingSource.PER_DOLLAR, SettingSource.CONFIGURED_MINIMUM)
            assert (at.stake_from is SettingSource.FIXED_BY_RULES) == bool(fixed)
            assert settings_json(record.settings)["stake_from"] == setting_source_text(at.stake_from)
        # the codec keeps the enum: what is decoded is the record encoded
        back = PricedPaytable.from_json(record.as_json())
        assert back == record and back.held_at.meter_from is at.meter_from
    if path.stem in ("maryland", "massachusetts", "south-dakota"):   # each configures one progressive
        assert seen == 1
