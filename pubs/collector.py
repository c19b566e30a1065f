"""Python's cyclic garbage collector, paused for a bulk job whose objects live until it ends.

An import makes a million small objects (entries, names, plans, rows) that stay alive until
it is done. With the collector on, each young-generation pass walks all of them again, for
nothing: a fifth of a 10,000-entry import's time. Paused, reference counting still frees what
the job drops, and cycles wait for the collector's next full pass.

When the job ends, what it left alive is counted as old at once (moved to the oldest
generation, as ``gc.freeze()`` then ``gc.unfreeze()`` do, without a pass over it): otherwise
the first allocation after the job would walk it all in a young-generation pass. This is
skipped when objects are kept frozen on purpose (a server that froze its startup objects).
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def collector_paused(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run with the cyclic garbage collector paused (see the module)."""

    @functools.wraps(function)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:  # the outermost pause ends
                if gc.get_freeze_count() == 0:
                    gc.freeze()
                    gc.unfreeze()
                gc.enable()

    return paused
