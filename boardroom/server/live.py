"""A game held in memory: its journal, its connected clients, its timer and robots.

A :class:`Client` is one WebSocket's outbox: acknowledgements and errors are
queued in order; views are coalesced (a slow client gets the newest view, not
every one — each view is the whole projection, so nothing is lost).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from boardroom.kernel import Journal
from boardroom.server.kinds import Kind
from boardroom.store import GameRecord

Json = dict[str, Any]
Sender = Callable[[str], Awaitable[None]]


@dataclass(frozen=True)
class Seat:
    """An authenticated seat: ``role`` is the viewer id the core knows (host, p3, A...)."""

    game_id: str
    seat_id: str
    role: str
    name: str
    robot: bool = False


def encode(frame: Json) -> str:
    """A frame as JSON text (orjson: several times faster than ``json`` on big views).

    >>> encode({"type": "view", "version": 3, "view": {"name": "Пётр"}})
    '{"type":"view","version":3,"view":{"name":"Пётр"}}'
    """
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


class SlowClient(Exception):
    """A client's outbox overflowed: it is disconnected, the others go on."""


@dataclass(eq=False)
class Client:
    """One connection's outbox and its writer task."""

    seat: Seat
    send: Sender
    limit: int = 256
    frames: deque[str] = field(default_factory=deque)
    view: str | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = 0
    closed: bool = False

    def push(self, frame: Json) -> None:
        """Queue a frame that must arrive (an ack, an error, a lobby update)."""
        if len(self.frames) >= self.limit:
            raise SlowClient(self.seat.seat_id)
        self.frames.append(encode(frame))
        self.wake.set()

    def push_view(self, encoded: str) -> None:
        """Offer the newest view; an older one not yet sent is replaced."""
        self.view = encoded
        self.wake.set()

    def _take_view(self) -> str:
        view, self.view = self.view or "", None
        return view

    async def run(self) -> None:
        """Write frames until closed (raises when the socket fails)."""
        while not self.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.frames or self.view is not None:
                frame = self.frames.popleft() if self.frames else self._take_view()
                await self.send(frame)
                self.sent += 1


@dataclass(eq=False)
class LiveGame:
    """One game in memory. ``lock`` orders its commands; ``changed`` wakes its robots."""

    record: GameRecord
    kind: Kind
    journal: Journal[Any]
    last_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    robots: set[str] = field(default_factory=set)
    leader: bool = False
    timer: asyncio.Task[None] | None = None
    robot_task: asyncio.Task[None] | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    snapshot_version: int = 0

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def version(self) -> int:
        return self.journal.version

    def view(self, role: str) -> Json:
        """The one door: the core's projection for ``role``."""
        view: Json = self.journal.rules.view(self.journal.state, role)
        return view

    def view_frame(self, role: str) -> str:
        """A view frame for ``role`` at the current version, encoded once for all its clients."""
        frame = {"type": "view", "game": self.game_id, "version": self.version}
        return encode({**frame, "view": self.view(role)})

    def connected_roles(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for client in self.clients:
            counts[client.seat.seat_id] = counts.get(client.seat.seat_id, 0) + 1
        return counts
