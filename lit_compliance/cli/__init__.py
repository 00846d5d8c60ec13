"""The ``lit-compliance`` command line: one module per command group, all on one ``main`` group.

``common`` defines the group and the helpers every command shares; each other module adds its
commands to it. Nothing here imports upwards: the command modules import ``common`` only.
"""
from .common import main
from . import catalogue, math, play, operator, regulator  # noqa: F401,E402  (each adds its commands)

__all__ = ["main"]
