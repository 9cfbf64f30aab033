"""What every room of the server shares: the store, settings, bus, metrics, background tasks.

One :class:`Runtime` a process, made by the hub and handed to each of its parts; it
knows no game's rules. Its store calls run in a worker thread and turn a lost database
into ``unavailable`` (503); its background tasks are kept, and their failures logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

from boardroom.server.bus import Bus, LocalBus
from boardroom.server.config import Settings
from boardroom.server.errors import ApiError
from boardroom.server.live import Flusher, LiveGame
from boardroom.server.metrics import Metrics
from boardroom.store import Store, outage

T = TypeVar("T")
log = logging.getLogger("boardroom.hub")
HOST: Final = "host"
PROJECTOR: Final = "projector"


class Runtime:
    """The process's shared wiring: store, settings, bus, metrics, the draining flag and
    the background tasks."""

    def __init__(self, store: Store, settings: Settings, bus: Bus | None = None) -> None:
        self.store = store
        self.settings = settings
        self.bus = bus or LocalBus()
        self.metrics = Metrics()
        self.flusher = Flusher()
        self.draining = False
        self.background: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Awaitable[T]) -> asyncio.Task[T]:
        """Run ``coro`` in the background (kept until it ends; its failure logged)."""
        task: asyncio.Task[T] = asyncio.ensure_future(coro)
        self.background.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        """A background task ended: forgotten, and its failure logged (never left
        for "Task exception was never retrieved")."""
        self.background.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, ApiError) and exc.code == "unavailable":
            log.warning("background work failed: the database does not answer")
        elif exc is not None:
            log.error("background work failed", exc_info=exc)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """A store call in a worker thread; a lost database is ``unavailable`` (503)."""
        try:
            return await asyncio.to_thread(fn, *args)
        except Exception as exc:
            if outage(exc):
                raise unavailable() from None
            raise

    def game_time(self, live: LiveGame) -> float:
        """Seconds since the game was created, by the wall clock (survives restarts)."""
        return max(0.0, self.settings.clock() - live.record.created_at)

    def stop_tasks(self, live: LiveGame) -> None:
        """The game's own tasks here (its timer, its robots) cancelled."""
        for task in (live.timer, live.robot_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        live.timer = live.robot_task = None


def unavailable() -> ApiError:
    """The refusal for a store call that found the database gone."""
    return ApiError("unavailable", "The database does not answer; send again shortly.", 503)
