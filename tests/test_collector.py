"""Loading keeps Python's cyclic collector out of its way and leaves no cycle for it to free."""
from __future__ import annotations

import gc

from lit_compliance import collector
from lit_compliance.load.catalogue import Catalogue
from lit_compliance.load.resources import data_dir


def test_a_cold_load_of_the_catalogue_leaves_no_garbage_cycle(tmp_path, monkeypatch):
    """Freezing what is alive after loading would keep a dead cycle for good: there must be none."""
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))  # cold: every file parsed and validated
    was_on = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        catalogue = Catalogue.load(data_dir("rulesets"))
        assert len(catalogue.all_versions()) == len(list(data_dir("rulesets").glob("*/*.yaml")))
        assert gc.collect() == 0
    finally:
        if was_on:
            gc.enable()


def test_loading_pauses_the_collector_then_freezes_what_it_read_and_turns_it_back_on(tmp_path, monkeypatch):
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "cache"))
    seen = []
    count = lambda phase, info: seen.append(phase)  # noqa: E731
    assert gc.isenabled()
    before = gc.get_freeze_count()
    gc.callbacks.append(count)
    try:
        catalogue = Catalogue.load(data_dir("rulesets"))
    finally:
        gc.callbacks.remove(count)
    assert gc.isenabled() and seen == []  # not one collection while the files were read and validated
    assert gc.get_freeze_count() > before
    data = catalogue.all_versions()[0].data  # in the permanent generation, which collections skip
    assert not any(o is data for o in gc.get_objects())
    with collector.paused():
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block leaves the collector to the outer one
    assert gc.isenabled()
