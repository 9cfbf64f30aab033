"""The sockets of each game: who is connected, every seat's own frame out, resync.

Every byte to a seat is its own view (:class:`boardroom.server.frames.Frames`); this
module only decides when and to whom, and keeps the gauges of connections and seats.
"""

from __future__ import annotations

import contextlib

from boardroom.server.frames import Frames
from boardroom.server.live import Client, LiveGame, SlowClient
from boardroom.server.runtime import Runtime


class Fanout:
    """The connected clients of every game here, and the frames they are sent."""

    def __init__(self, runtime: Runtime) -> None:
        self.metrics = runtime.metrics
        self.connections = 0
        self.connected: dict[tuple[str, str], int] = {}
        """Per seat (game, seat id): its open connections here (the seats gauge)."""

    def broadcast(self, live: LiveGame) -> None:
        """Every connected seat gets its own view of the current version: the events it
        does not hold yet, or all of them (see :class:`Frames`)."""
        self.metrics.frames.inc(Frames(live).push(live.clients))

    def goes_on(self, live: LiveGame) -> None:
        """Every socket of the game hears which game it goes on in (the same frame to every
        seat: a game id, no secret; each device follows with its own)."""
        told = {"type": "goes_on", "game": live.game_id, "next": live.record.next_game}
        for client in list(live.clients):
            with contextlib.suppress(SlowClient):  # its socket is closed; it hears on return
                client.push(told)

    def resync(self, live: LiveGame, client: Client) -> None:
        """A client that lost track of its events gets the whole current view."""
        client.forget()
        client.push_view(Frames(live).frame(client.seat.role, 0))

    async def attach(self, live: LiveGame, client: Client, known: int | None) -> None:
        """A new connection gets its seat and the whole current view (under the game's
        lock: no frame of a command in flight overtakes it)."""
        client.push(
            {
                "type": "welcome",
                "game": live.game_id,
                "seat": client.seat.seat_id,
                "role": client.seat.role,
                "version": live.version,
                "missed": max(0, live.version - known) if known is not None else None,
                "next": live.record.next_game,
            }
        )
        async with live.lock:
            live.clients.add(client)
            client.push_view(Frames(live).frame(client.seat.role, 0))
        self._connections_changed(client, +1)

    def detach(self, live: LiveGame, client: Client) -> None:
        """A connection ended: no more frames to it."""
        client.closed = True
        client.wake.set()
        if client in live.clients:
            live.clients.discard(client)
            self._connections_changed(client, -1)

    def _connections_changed(self, client: Client, change: int) -> None:
        """One connection more (+1) or fewer (-1): the gauges of connections and of seats
        with one, kept as counts (not by walking every client: 1,200 sockets closing at
        once would walk 1,200 × 1,200)."""
        seat = (client.seat.game_id, client.seat.seat_id)
        left = self.connected.get(seat, 0) + change
        if left > 0:
            self.connected[seat] = left
        else:
            self.connected.pop(seat, None)
        self.connections += change
        self.metrics.connections.set(self.connections)
        self.metrics.seats.set(len(self.connected))
