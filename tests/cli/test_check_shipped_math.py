"""A cold ``check`` reads what the wheel ships of the bundled paytables and computes only what is
the table's own: with a shipped layer made as the build makes it (``shipped_math.make_layer``, here
from ``par tribal``, ``analyze nsw`` and ``analyze maryland``, which counts the hands every wager here is settled on), a check of a configuration on Tribal's paytable, or on the NSW paytable whose
damaged lines the table fills in so that it pays as Tribal's, reads the base game's priced record
from the layer (kept by what it is priced from, not by the paytable's names) and computes no entry
but those keyed by the configuration (its file, its settings, its player's round and bands, its
sign); it prints what computing everything from nothing prints, and so does a warm run."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lit_compliance import cache
from lit_compliance.cli import main, shipped_math
from shipped_layer import read_from, refuse

ROOT = Path(__file__).resolve().parent.parent.parent
#: The kinds keyed by a configuration (its file, settings, stakes or sign): nothing of them ships.
THE_TABLES_OWN = {"yaml", "yaml-marks", "validated-config", "sign-fit", "player-round", "player-bands", "par-sheet",
                  "priced"}


@pytest.fixture(scope="module")
def layer(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shipped") / "cache"
    names = shipped_math.make_layer(folder, commands=(("par", "tribal"), ("analyze", "maryland"), ("analyze", "nsw")),
                                    steps=())
    assert any(n.startswith("priced-") for n in names)
    return folder


def _logged(monkeypatch) -> list:
    events: list = []
    peek, store = cache.peek, cache.store

    def logged_peek(kind, inputs):
        got = peek(kind, inputs)
        events.append(("hit" if got is not None else "miss", kind.name, inputs))
        return got

    def logged_store(kind, inputs, value):
        events.append(("store", kind.name, inputs))
        store(kind, inputs, value)
    monkeypatch.setattr(cache, "peek", logged_peek)
    monkeypatch.setattr(cache, "store", logged_store)
    return events


def _check(config: Path) -> str:
    cache.forget()   # a new process: only the disk caches are kept
    result = CliRunner().invoke(main, ["check", str(config)])
    assert result.exit_code == 0, result.output
    return result.output


def _base_record(inputs) -> bool:
    return inputs.get("paytable", [None])[0] == "base-paytable"


@pytest.mark.parametrize("name", ["tribal", "nsw"])
def test_a_cold_check_reads_the_shipped_base_record_and_computes_only_the_tables_own(name, layer, tmp_path,
                                                                                     monkeypatch):
    config = ROOT / "examples" / "configs" / f"{name}.yaml"
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "nothing"))
    from_nothing = _check(config)   # the conftest's default: no shipped layer
    read_from(monkeypatch, layer, tmp_path / "user")
    events = _logged(monkeypatch)
    cold = _check(config)
    assert cold == from_nothing
    assert any(e == "hit" and k == "priced" and _base_record(i) for e, k, i in events)   # read from the layer...
    stored = [(k, i) for e, k, i in events if e == "store"]
    assert not any(k == "priced" and _base_record(i) for k, i in stored)                 # ...not computed
    assert {k for k, _ in stored} <= THE_TABLES_OWN
    # a record stored is at the table's settings (a side wager's stake or meter), never as published
    assert all(len(i["paytable"]) == 5 for k, i in stored if k == "priced")
    assert not any(k == "hold-bands" for _, k, _ in events)   # a check prints no PAR sheet's bands
    events.clear()
    assert _check(config) == cold
    assert not any(e == "store" for e, _, _ in events)   # warm: everything read
    cache.forget()


def test_a_cold_par_sheet_whose_math_ships_works_out_no_distribution(layer, tmp_path, monkeypatch):
    """A sheet's bands are kept by its exact one-round distribution, read without numpy: a cold ``par
    tribal`` with the layer reads every sheet and its bands and works out no distribution at all."""
    from lit_compliance.gamemath import period

    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "nothing"))
    cache.forget()
    from_nothing = CliRunner().invoke(main, ["par", "tribal"]).output
    read_from(monkeypatch, layer, tmp_path / "user")
    refuse(monkeypatch, period, "one_round", "a distribution")
    cache.forget()
    result = CliRunner().invoke(main, ["par", "tribal"])
    assert result.exit_code == 0, result.output
    assert result.output == from_nothing and "95%" in from_nothing
    cache.forget()


def test_a_cold_check_of_a_table_with_nothing_to_price_needs_no_game_math(layer, tmp_path, monkeypatch):
    """NSW's paytable as the source prints it lacks figures, so a table on it states no edge: with the
    layer, its cold check reads the paytable's record and makes its sheet without the base game's
    enumeration (nor numpy, which that module imports)."""
    import sys

    config = ROOT / "examples" / "configs" / "noncompliant-nsw.yaml"
    monkeypatch.setenv("LIT_COMPLIANCE_CACHE", str(tmp_path / "nothing"))
    cache.forget()
    from_nothing = CliRunner().invoke(main, ["check", str(config)])
    assert from_nothing.exit_code == 1 and "error" in from_nothing.output
    read_from(monkeypatch, layer, tmp_path / "user")
    monkeypatch.setitem(sys.modules, "lit_compliance.gamemath.base", None)   # importing it now fails
    cache.forget()
    result = CliRunner().invoke(main, ["check", str(config)])
    assert (result.exit_code, result.output) == (1, from_nothing.output)
    cache.forget()
