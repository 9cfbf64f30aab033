"""How server processes hear of each other: who leads a game's timers, what changed.

With SQLite there is one process: :class:`LocalBus` leads every game and hears
nothing. With PostgreSQL, :class:`PgBus` LISTENs on the channel the store
NOTIFYs on in each append's transaction (so a notice arrives only for committed
events, in commit order), and holds a session advisory lock per game whose
timers and robots this process runs; when a process dies its locks go with its
connection and another process takes the games over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

from boardroom.store import NOTIFY_CHANNEL

if TYPE_CHECKING:
    import psycopg

Notice = Callable[[str, int], Awaitable[None]]
log = logging.getLogger("boardroom.bus")


class Bus(Protocol):
    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Begin listening; ``on_reconnect`` runs after a lost listener comes back."""
        ...

    async def try_lead(self, game_id: str) -> bool:
        """Take the lead of a game's timers and robots if no other process has it."""
        ...

    async def close(self) -> None: ...


class LocalBus:
    """One process: it leads every game.

    >>> asyncio.run(LocalBus().try_lead("g1"))
    True
    """

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        return None

    async def try_lead(self, game_id: str) -> bool:
        return True

    async def close(self) -> None:
        return None


def libpq_url(url: str) -> str:
    """A store URL as libpq takes it.

    >>> libpq_url("postgresql+psycopg://u@h:5/db")
    'postgresql://u@h:5/db'
    """
    return "postgresql://" + url.split("://", 1)[1]


class PgBus:
    """LISTEN/NOTIFY for updates, advisory locks for timer leadership."""

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.locks: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self.lock_guard = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        import psycopg

        self.locks = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        ready = asyncio.Event()
        self.task = asyncio.create_task(self._listen(on_notice, on_reconnect, ready))
        await asyncio.wait_for(ready.wait(), timeout=30)

    async def _listen(
        self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]], ready: asyncio.Event
    ) -> None:
        import psycopg

        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    ready.set()
                    if not first:
                        await on_reconnect()
                    first = False
                    async for notice in conn.notifies():
                        await _dispatch(notice.payload, on_notice)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listener lost; reconnecting")
                await asyncio.sleep(1.0)

    async def try_lead(self, game_id: str) -> bool:
        if self.locks is None:
            return False
        async with self.lock_guard:
            cursor = await self.locks.execute(
                "SELECT pg_try_advisory_lock(hashtext(%s))", (game_id,)
            )
            row = await cursor.fetchone()
        return bool(row and row[0])

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        if self.locks is not None:
            await self.locks.close()


async def _dispatch(payload: str, on_notice: Notice) -> None:
    game_id, _, version = payload.rpartition(":")
    if game_id and version.isdigit():
        try:
            await on_notice(game_id, int(version))
        except Exception:
            log.exception("notice failed", extra={"game": game_id})


def bus_for(url: str) -> Bus:
    """The bus a store URL calls for."""
    if url.startswith(("postgresql", "postgres:")):
        return PgBus(url)
    return LocalBus()
