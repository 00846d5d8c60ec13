"""Commands beyond the catalogue basics; each one is a thin layer over an engine module."""
from __future__ import annotations
from . import cli_math  # noqa: F401
from . import cli_engine  # noqa: F401
from . import cli_operator  # noqa: F401
from . import cli_diff  # noqa: F401
