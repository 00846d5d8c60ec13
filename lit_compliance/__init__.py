"""lit-compliance: the rules catalogue, engine and game math for Let It Ride poker.

The public Python API (documented in ``docs/python-api.md``)::

    import lit_compliance as lc

    rs = lc.ruleset("maryland")                      # or lc.load_ruleset("draft.yaml"), lc.catalogue()
    model = lc.readings(rs, {"finding-id": "reading-id"})   # choose how open rules are read
    lc.price(model, "base", "a").house_edge          # one paytable's exact figures
    lc.check("examples/configs/maryland.yaml")       # a table configuration against its rules
    lc.settle("examples/rounds/tribal-bonus.yaml")   # a round, wager by wager
    lc.diff(rs, lc.load_ruleset("draft.yaml"))       # every difference in meaning

The names are loaded on first use, so ``import lit_compliance`` stays instant (the command line
imports it for the version alone).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "catalogue", "check", "diff", "load_config", "load_round", "load_ruleset", "price",
           "readings", "ruleset", "settle"]

if TYPE_CHECKING:  # type checkers see the API; at run time it loads on first attribute access
    from .api import catalogue, check, diff, load_config, load_round, load_ruleset, price, readings, ruleset, settle


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api  # lazy: `import lit_compliance` (as the command line does) must not load the engine

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'lit_compliance' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
