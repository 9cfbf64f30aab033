"""Who is connected to which seat — over every server process.

With one process (SQLite) the game's own sockets say it. With several (PostgreSQL)
each process keeps its count of connections per seat in the ``presence`` table,
rewritten whenever a socket comes or goes and every ``presence_ttl_s / 3`` seconds
(a heartbeat); a row not renewed within ``presence_ttl_s`` (its process died) is
forgotten by whichever process next renews its own. Each change NOTIFYs the game
(``boardroom_presence``), so a host's lobby on any process is sent anew.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from boardroom.server.bus import Bus
from boardroom.server.live import LiveGame
from boardroom.store.processes import Processes


class Presence:
    """Connections per seat: this process's sockets, or every process's (``bus.shared``)."""

    def __init__(
        self, notes: Processes, bus: Bus, ttl_s: float, clock: Callable[[], float]
    ) -> None:
        self.notes = notes
        self.bus = bus
        self.ttl_s = ttl_s
        self.clock = clock

    @property
    def shared(self) -> bool:
        return self.bus.shared

    async def changed(self, live: LiveGame, seat_id: str) -> None:
        """A socket of the seat came or went here: note this process's count."""
        if not self.shared:
            return
        count = live.connected_roles().get(seat_id, 0)
        expires = self.clock() + self.ttl_s
        await asyncio.to_thread(
            self.notes.set_presence, self.bus.instance, live.game_id, seat_id, count, expires
        )

    async def online(self, live: LiveGame) -> dict[str, int]:
        """Connections per seat id of the game, over every process."""
        if not self.shared:
            return live.connected_roles()
        here = live.connected_roles()
        stored = await asyncio.to_thread(self.notes.presence, live.game_id, self.clock())
        # This process's own sockets count even if its last note has not reached the table.
        return {seat: max(stored.get(seat, 0), here.get(seat, 0)) for seat in {*stored, *here}}

    async def heartbeat(self, games: Iterable[LiveGame]) -> list[str]:
        """Renew this process's connections; the games whose presence expired elsewhere."""
        if not self.shared:
            return []
        seats = {
            (live.game_id, seat_id): count
            for live in games
            for seat_id, count in live.connected_roles().items()
        }
        now = self.clock()
        return await asyncio.to_thread(
            self.notes.refresh_presence, self.bus.instance, seats, now + self.ttl_s, now
        )

    async def close(self) -> None:
        """This process stops: its connections are forgotten at once."""
        if self.shared:
            await asyncio.to_thread(self.notes.drop_presence, self.bus.instance)
