"""The ``lit-compliance`` command line: one module per command group, all on one ``main`` group.

``common`` defines the group and the helpers every command shares; each other module adds its
commands to it. The group imports a command's module only when that command is run (or listed by
``--help``), so an everyday command does not pay for the game math or the other commands; see
``common.COMMAND_MODULES``. ``conventions`` gives each command the shared conventions as it loads.
Nothing here imports upwards: the command modules import ``common`` only.
"""
import importlib
import signal
import sys
import threading


try:
    from ..signals import on_signal   # SIGTERM unwinds like an interrupt (Ctrl-C): see lit_compliance.signals

    if threading.current_thread() is threading.main_thread():  # first thing, so start-up is covered too
        signal.signal(signal.SIGTERM, on_signal)
    from .common import COMMAND_MODULES, main
except KeyboardInterrupt:  # interrupted while the program was still loading
    sys.stderr.write("lit-compliance: interrupted; stopped, nothing written\n")
    raise SystemExit(130) from None

__all__ = ["main", "load_all"]


def load_all() -> None:
    """Import every command module (for tools that walk ``main.commands``)."""
    for module in sorted(set(COMMAND_MODULES.values())):
        importlib.import_module(f"{__name__}.{module}")
