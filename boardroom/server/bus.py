"""How server processes hear of each other: who leads a game's timers, what changed,
who is connected where.

With SQLite there is one process: :class:`LocalBus` leads every game and hears
nothing. With PostgreSQL, :class:`PgBus` LISTENs on the channels the store
NOTIFYs on (game updates in each append's transaction, so a notice arrives only
for committed events, in commit order; presence changes), and holds a session
advisory lock per game whose timers and robots this process runs; when a process
dies its locks go with its connection and another process takes the games over.

Both connections are re-made when lost. The lock connection is the proof of
leadership: :meth:`PgBus.confirm` asks it (every round of the hub's lead loop),
and once it is lost every lock it held is counted lost (the database released
them with the session), whatever the hub believed; a lock connection of this
process that the database still keeps (a cut it has not noticed yet) is ended on
reconnecting, so its locks come free at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from boardroom.store import NOTIFY_CHANNEL, PRESENCE_CHANNEL

if TYPE_CHECKING:
    import psycopg

Notice = Callable[[str, int], Awaitable[None]]
PresenceNotice = Callable[[str, str], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]
log = logging.getLogger("boardroom.bus")
CHECK_S = 5.0
"""The longest the lock connection may take to answer before it counts as lost."""
KEEPALIVE: dict[str, Any] = {
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
}
"""libpq options: a silently cut connection is noticed in seconds, not hours."""


class Bus(Protocol):
    shared: bool
    """Do several processes share the database (leadership, presence, the sweep)?"""

    instance: str
    """This process's name among the others (in presence and connection names)."""

    @property
    def healthy(self) -> bool:
        """Are both connections up (updates heard, leadership provable)?"""
        ...

    async def start(
        self, on_notice: Notice, on_reconnect: Reconnected, on_presence: PresenceNotice
    ) -> None:
        """Begin listening; ``on_reconnect`` runs after a lost listener comes back."""
        ...

    async def try_lead(self, game_id: str) -> bool:
        """Take the lead of a game's timers and robots if no other process has it."""
        ...

    async def confirm(self, game_ids: Iterable[str]) -> set[str]:
        """Of ``game_ids``, those whose lead this process still holds for sure."""
        ...

    async def release(self, game_id: str) -> None:
        """Give a game's lead up."""
        ...

    async def close(self) -> None: ...


def new_instance() -> str:
    """A process's name: its pid and a random part (pids repeat across machines).

    >>> name = new_instance()
    >>> name.startswith(f"{os.getpid()}-") and len(name) < 30
    True
    """
    return f"{os.getpid()}-{secrets.token_hex(4)}"


class LocalBus:
    """One process: it leads every game.

    >>> bus = LocalBus()
    >>> asyncio.run(bus.try_lead("g1")), asyncio.run(bus.confirm(["g1"])), bus.healthy
    (True, {'g1'}, True)
    """

    shared = False

    def __init__(self) -> None:
        self.instance = new_instance()

    @property
    def healthy(self) -> bool:
        return True

    async def start(
        self, on_notice: Notice, on_reconnect: Reconnected, on_presence: PresenceNotice
    ) -> None:
        return None

    async def try_lead(self, game_id: str) -> bool:
        return True

    async def confirm(self, game_ids: Iterable[str]) -> set[str]:
        return set(game_ids)

    async def release(self, game_id: str) -> None:
        return None

    async def close(self) -> None:
        return None


def libpq_url(url: str) -> str:
    """A store URL as libpq takes it.

    >>> libpq_url("postgresql+psycopg://u@h:5/db")
    'postgresql://u@h:5/db'
    """
    return "postgresql://" + url.split("://", 1)[1]


class PgBus:
    """LISTEN/NOTIFY for updates and presence, advisory locks for timer leadership."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = libpq_url(url)
        self.instance = new_instance()
        self.locks: psycopg.AsyncConnection[tuple[Any, ...]] | None = None
        self.held: set[str] = set()
        self.lock_guard = asyncio.Lock()
        self.listening = False
        self.lock_reconnects = 0
        self.task: asyncio.Task[None] | None = None

    @property
    def lock_name(self) -> str:
        """The lock connection's ``application_name`` (what an operator sees in
        ``pg_stat_activity``)."""
        return f"boardroom-{self.instance}-locks"

    @property
    def healthy(self) -> bool:
        return self.listening and self.locks is not None and not self.locks.closed

    async def start(
        self, on_notice: Notice, on_reconnect: Reconnected, on_presence: PresenceNotice
    ) -> None:
        async with self.lock_guard:
            await self._connect_locks()
        ready = asyncio.Event()
        self.task = asyncio.create_task(self._listen(on_notice, on_reconnect, on_presence, ready))
        await asyncio.wait_for(ready.wait(), timeout=30)

    async def _connect(self, role: str) -> psycopg.AsyncConnection[tuple[Any, ...]]:
        import psycopg

        name = f"boardroom-{self.instance}-{role}"
        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, application_name=name, **KEEPALIVE
        )

    async def _connect_locks(self) -> None:
        """A new lock connection (under ``lock_guard``); an old one of ours the database
        still keeps is ended, so the locks it holds come free now."""
        conn = await self._connect("locks")
        with contextlib.suppress(Exception):
            await conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s AND pid <> pg_backend_pid()",
                (self.lock_name,),
            )
        self.locks = conn

    async def _lose_locks(self, why: str) -> None:
        """The lock connection is gone, and every lock with it (under ``lock_guard``)."""
        if self.locks is not None or self.held:
            log.warning("lock connection lost; leading nothing until it is back: %s", why)
        conn, self.locks = self.locks, None
        self.held.clear()
        if conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), CHECK_S)

    async def _listen(
        self,
        on_notice: Notice,
        on_reconnect: Reconnected,
        on_presence: PresenceNotice,
        ready: asyncio.Event,
    ) -> None:
        first = True
        while True:
            try:
                async with await self._connect("listen") as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    await conn.execute(f"LISTEN {PRESENCE_CHANNEL}")
                    self.listening = True
                    ready.set()
                    if not first:
                        log.warning("listener back")
                        await on_reconnect()
                    first = False
                    async for notice in conn.notifies():
                        if notice.channel == PRESENCE_CHANNEL:
                            await _dispatch_presence(notice.payload, on_presence)
                        else:
                            await _dispatch(notice.payload, on_notice)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening = False
                log.warning("listener lost; reconnecting: %s", exc)
                await asyncio.sleep(1.0)

    async def try_lead(self, game_id: str) -> bool:
        async with self.lock_guard:
            if game_id in self.held:
                return True
            if self.locks is None:
                return False
            try:
                cursor = await asyncio.wait_for(
                    self.locks.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (game_id,)),
                    CHECK_S,
                )
                row = await cursor.fetchone()
            except Exception as exc:
                await self._lose_locks(str(exc))
                return False
            if row and row[0]:
                self.held.add(game_id)
                return True
            return False

    async def confirm(self, game_ids: Iterable[str]) -> set[str]:
        async with self.lock_guard:
            if self.locks is not None:
                try:
                    await asyncio.wait_for(self.locks.execute("SELECT 1"), CHECK_S)
                    return self.held.intersection(game_ids)
                except Exception as exc:
                    await self._lose_locks(str(exc))
            try:
                await self._connect_locks()
                self.lock_reconnects += 1
                log.warning("lock connection back")
            except Exception as exc:
                log.warning("lock connection cannot be made: %s", exc)
            return set()

    async def release(self, game_id: str) -> None:
        async with self.lock_guard:
            if game_id not in self.held or self.locks is None:
                return
            self.held.discard(game_id)
            try:
                await asyncio.wait_for(
                    self.locks.execute("SELECT pg_advisory_unlock(hashtext(%s))", (game_id,)),
                    CHECK_S,
                )
            except Exception as exc:
                await self._lose_locks(str(exc))

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.listening = False
        async with self.lock_guard:
            if self.locks is not None:
                with contextlib.suppress(Exception):
                    await self.locks.close()
            self.locks = None
            self.held.clear()


async def _dispatch(payload: str, on_notice: Notice) -> None:
    game_id, _, version = payload.rpartition(":")
    if game_id and version.isdigit():
        try:
            await on_notice(game_id, int(version))
        except Exception:
            log.exception("notice failed", extra={"game": game_id})


async def _dispatch_presence(payload: str, on_presence: PresenceNotice) -> None:
    game_id, _, instance = payload.partition(":")
    if game_id:
        try:
            await on_presence(game_id, instance)
        except Exception:
            log.exception("presence notice failed", extra={"game": game_id})


def bus_for(url: str) -> Bus:
    """The bus a store URL calls for."""
    if url.startswith(("postgresql", "postgres:")):
        return PgBus(url)
    return LocalBus()
