"""Garbage collection for a server with a latency goal: freeze what outlives a full collection.

CPython's full (generation 2) collection walks every tracked object while the event
loop waits. A loaded server holds some 140,000 of them (its games, its sockets, the
code) and on the 2-core benchmark machine one walk took 100–400 ms, several times a
minute: that was the p99 of the load benchmark (``docs/server.md``). What survives a
full collection is long-lived, so :class:`Freezer` moves it to the permanent generation
(``gc.freeze``) and the next full collections walk only what is newer (a few ms).
Frozen objects are still freed when their last reference goes; only garbage *cycles*
among them wait for the next thaw: every ``thaw_s`` seconds they are unfrozen, and the
next full collection walks (and frees) everything once.

The youngest generation is collected after :data:`YOUNG` allocations (CPython's default:
700). A command makes thousands of short-lived objects (its views, their frames), most
freed by their reference counts before any collection; collected every 700, the ones
still in use are walked and moved to an older generation, then walked again there. One
young collection in seven does the same job at a few thousand objects more.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

YOUNG = 5000
"""Allocations (less deallocations) between two collections of the youngest generation."""


@dataclass
class Freezer:
    """A ``gc.callbacks`` hook: after each full collection, freeze or (every ``thaw_s``) thaw."""

    thaw_s: float
    clock: Callable[[], float] = time.monotonic
    thawed_at: float = field(init=False)
    thresholds: tuple[int, int, int] = (700, 10, 10)
    """The collector's thresholds before :func:`install` (put back by :func:`uninstall`)."""

    def __post_init__(self) -> None:
        self.thawed_at = self.clock()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info.get("generation") != 2:
            return
        now = self.clock()
        if now - self.thawed_at >= self.thaw_s:
            gc.unfreeze()
            self.thawed_at = now
        else:
            gc.freeze()


def install(thaw_s: float) -> Freezer | None:
    """Freeze what outlives each full collection (``thaw_s`` ≤ 0: leave the collector be)."""
    if thaw_s <= 0:
        return None
    freezer = Freezer(thaw_s)
    freezer.thresholds = gc.get_threshold()
    gc.set_threshold(YOUNG, *freezer.thresholds[1:])
    gc.callbacks.append(freezer)
    return freezer


def uninstall(freezer: Freezer) -> None:
    """Remove the hook and thaw whatever it froze."""
    gc.callbacks.remove(freezer)
    gc.set_threshold(*freezer.thresholds)
    gc.unfreeze()
