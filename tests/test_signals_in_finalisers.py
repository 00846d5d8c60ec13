"""A signal whose interrupt Python cannot raise (it arrives while a finaliser runs: a generator closed
as it is freed) is not lost: the run notes it and ends as interrupted, 130 and one line, and nothing
is printed as "Exception ignored" (lit_compliance/signals.py)."""
from __future__ import annotations

import gc
import signal

from click.testing import CliRunner

from lit_compliance import signals


def _drop_a_generator_closing_on_a_signal():
    def numbers():
        try:
            yield 1
        finally:    # Python closes the generator as it is freed: the signal arrives right then
            signals.on_signal(signal.SIGINT, None)
    started = numbers()
    next(started)
    del started
    gc.collect()


def test_an_interrupt_lost_in_a_finaliser_is_noted_and_not_printed(capsys):
    saved = signals.install()
    try:
        _drop_a_generator_closing_on_a_signal()
        assert signals.swallowed()
    finally:
        signals.restore(saved)
    assert capsys.readouterr().err == ""
    signals.install()
    assert not signals.swallowed()       # a new run starts with nothing noted


def test_a_command_whose_interrupt_was_lost_in_a_finaliser_ends_interrupted(monkeypatch):
    from lit_compliance.cli import main
    from lit_compliance.cli import common

    real = common.LazyGroup.get_command

    def get_command(self, ctx, name):
        _drop_a_generator_closing_on_a_signal()     # at work: the signal's interrupt is lost
        return real(self, ctx, name)

    monkeypatch.setattr(common.LazyGroup, "get_command", get_command)
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 130, result.output
    assert "Exception ignored" not in result.output and "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("lit-compliance: interrupted")
