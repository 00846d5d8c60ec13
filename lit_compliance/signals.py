"""SIGINT and SIGTERM, one policy for the whole program.

- While a command works, either signal unwinds it as ``KeyboardInterrupt`` (Ctrl-C): temporary files
  and child processes are cleaned up, and the program says it stopped (exit status 130).
- Inside :func:`deferred` (the commit of an output: renaming a finished file or folder into place and
  clearing what it replaced) a signal is held and raised as the commit ends, so an output is either
  not in place or in place whole, with nothing of the old one left beside it, and the record of what
  was written (:data:`WRITTEN`) is true when the program says what it did.
- After :func:`finish` (the command has done its work) a signal is only noted (:func:`late`): the
  program then says it was interrupted after its output was complete, and exits 130, rather than
  dying half-way through its exit with a signal's status and no word.
- A run is interrupted once: after the first ``KeyboardInterrupt`` a second signal (Ctrl-C pressed
  again while the run cleans up or says it stopped) is only noted, so it cannot cut the clean-up or
  the message short with a traceback.

Before :func:`install` (the program starting: importing its modules, click choosing the command) the
package's own first statements have SIGINT and SIGTERM end the run at once with one line and status
130 (``lit_compliance._stop_while_starting``): nothing is written then, and no exception is raised.

A ``KeyboardInterrupt`` raised where Python cannot pass it on (a signal arriving while a finaliser
runs: a generator closed as it is freed, a ``__del__``) would be printed as "Exception ignored" and
lost, and the run would go on to exit 0: it is noted instead (:func:`swallowed`), and the run says it
was interrupted and exits 130 like any other.

Only the main thread handles signals; elsewhere :func:`deferred` does nothing."""
from __future__ import annotations

import contextlib
import signal
import sys
import threading

WRITTEN: list[str] = []            # the outputs this run has put in place, whole, in order
_state = {"defer": 0, "held": [], "finished": False, "late": [], "raised": False, "swallowed": False}
_HOOK: list = []                   # Python's unraisable-exception hook while ours is in place


def on_signal(signum, frame) -> None:
    """The handler of SIGINT and SIGTERM (see the module docstring)."""
    if _state["finished"] or _state["raised"]:
        _state["late"].append(signum)
        return
    if _state["defer"]:
        _state["held"].append(signum)
        return
    _state["raised"] = True
    raise KeyboardInterrupt


def install() -> dict:
    """Handle SIGINT and SIGTERM by :func:`on_signal` (main thread only); the handlers replaced, to
    give back to :func:`restore`. A new run: nothing written, nothing noted."""
    WRITTEN.clear()
    _state.update(defer=0, held=[], finished=False, late=[], raised=False, swallowed=False)
    if threading.current_thread() is not threading.main_thread():
        return {}
    if not _HOOK:
        _HOOK.append(sys.unraisablehook)
        sys.unraisablehook = _on_unraisable
    return {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}


def _on_unraisable(unraisable) -> None:
    """Python's hook for an exception it cannot raise: our own interrupt is noted, anything else is
    reported as Python would."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt) and _state["raised"]:
        _state["swallowed"] = True
        return
    (_HOOK[0] if _HOOK else sys.__unraisablehook__)(unraisable)


def swallowed() -> bool:
    """Whether the interrupt a signal raised was lost in a finaliser (see the module docstring)."""
    return _state["swallowed"]


def restore(saved: dict) -> None:
    """Give back the handlers :func:`install` replaced (for a caller that goes on after the command)."""
    for s, handler in saved.items():
        if handler is not None:
            signal.signal(s, handler)
    if _HOOK:
        sys.unraisablehook = _HOOK.pop()


@contextlib.contextmanager
def deferred():
    """Hold SIGINT and SIGTERM until the block ends, then raise the interrupt they asked for."""
    _state["defer"] += 1
    try:
        yield
    finally:
        _state["defer"] -= 1
        if not _state["defer"] and _state["held"] and not _state["finished"]:
            _state["held"] = []
            if not _state["raised"]:
                _state["raised"] = True
                raise KeyboardInterrupt


def written(name: str) -> None:
    """Note an output put in place whole (call inside :func:`deferred`, with the commit)."""
    WRITTEN.append(name)


def finish() -> None:
    """The command has done its work: from now on a signal is noted, not raised."""
    _state["finished"] = True


def late() -> bool:
    """Whether a signal came after :func:`finish` (or is waiting, blocked, to be delivered)."""
    return bool(_state["late"] or _state["held"])


def block_for_exit() -> bool:
    """Block SIGINT and SIGTERM for the rest of the process (its exit: nothing can cut it short
    with a signal's status); whether one is waiting. For the program alone, never a caller that
    goes on (tests invoking the command in their own process)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        return False
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    return bool({signal.SIGINT, signal.SIGTERM} & signal.sigpending())
