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

Run as the program (the ``lit-compliance`` script or ``python -m lit_compliance``), this package's
first statements are the program's first: they hand SIGINT and SIGTERM to :func:`_stop_while_starting`
before anything else is imported, so an interrupt at any moment of start-up ends the run with one line
and status 130, never a traceback; the command line takes them over (:mod:`lit_compliance.signals`)
as it starts a command. Imported by other code, the package leaves signals alone.
"""
import sys as _sys   # already loaded, as _signal is: neither import runs any code that a signal could cut


def _stop_while_starting(signum, frame):
    """SIGINT or SIGTERM while the program is starting: nothing is written yet, so say so and end
    the process at once (no exception, hence no traceback from wherever start-up was)."""
    import os  # lazy: loaded by then in any run (the handler is installed before the package imports anything)

    try:
        os.write(2, b"lit-compliance: interrupted; stopped, nothing written\n")
    except OSError:
        pass
    os._exit(130)


# The program, not a library import: its script's name (``lit-compliance``, the console script), or
# ``-m lit_compliance``, whose first word is "-m" while the package loads. Plain operations only, no
# call into Python code, up to the handler's installation (a signal is handled only at such a call).
_word = _sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] if _sys.argv else ""
if (_word in ("lit-compliance", "lit-compliance.exe", "lit-compliance-script.py")
        or (_word == "-m" and ("lit_compliance" in _sys.orig_argv or "-mlit_compliance" in _sys.orig_argv))):
    import _signal

    try:
        _signal.signal(_signal.SIGINT, _stop_while_starting)
        _signal.signal(_signal.SIGTERM, _stop_while_starting)
    except ValueError:   # not the main thread (an embedding): signals stay its business
        pass
del _word

from typing import TYPE_CHECKING, Any  # noqa: E402

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
