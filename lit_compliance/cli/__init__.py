"""The ``lit-compliance`` command line: one module per command group, all on one ``main`` group.

``common`` defines the group and the helpers every command shares; each other module adds its
commands to it. The group imports a command's module only when that command is run (or listed by
``--help``), so an everyday command does not pay for the game math or the other commands; see
``common.COMMAND_MODULES``. ``conventions`` gives each command the shared conventions as it loads.
Nothing here imports upwards: the command modules import ``common`` only.
"""
import importlib

from .. import collector

# Run as the program, SIGINT and SIGTERM are already handled (the package's first statements, before
# this import: see lit_compliance/__init__.py) and the group takes them over as it starts a command
# (lit_compliance.signals); imported by other code, the command line leaves signals alone.
with collector.paused():   # modules, classes and functions live as long as the run: no collection walks them
    from .common import COMMAND_MODULES, main

__all__ = ["main", "load_all"]


def load_all() -> None:
    """Import every command module (for tools that walk ``main.commands``)."""
    for module in sorted(set(COMMAND_MODULES.values())):
        importlib.import_module(f"{__name__}.{module}")
