"""Python's cyclic garbage collector kept out of the hot path of loading.

Reading a ruleset makes hundreds of thousands of small dicts, lists and strings that live as long as
the catalogue (and no reference cycle a collection could free): with the collector on, every 700
new objects start a collection that traverses them again, a cost that grows with the catalogue.
:func:`paused` turns it off while a block runs, then moves what is alive into the permanent
generation (``gc.freeze``), which later collections skip, and turns it back on.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """Run the block with the cyclic collector off; after it, freeze what is alive and turn the
    collector back on (if it was on: a nested block leaves that to the outer one)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()
            gc.enable()
