"""A game held in memory: its journal, its connected clients, its timer and robots.

A :class:`Client` is one WebSocket's outbox: acknowledgements and errors are
queued in order; views are coalesced (a slow client gets the newest view, not
every one). A view frame carries the whole projection except that its ``events``
may start after the ones the client already holds (``events_from``: the version
they follow); the client remembers the version whose events it holds once a frame
is handed to its socket, so a coalesced frame is made from there and loses nothing.
:class:`Frames` makes one version's frames, each (role, events_from) once.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import orjson

from boardroom.games.kind import GameKind
from boardroom.kernel import Journal, Json
from boardroom.store import GameRecord

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


@dataclass(frozen=True)
class Frame:
    """An encoded view frame: the version its events reach, the history key it was made under."""

    text: str
    version: int
    history: Hashable = None


class SlowClient(Exception):
    """A client's outbox overflowed: it is disconnected, the others go on."""


@dataclass(eq=False)
class Client:
    """One connection's outbox and its writer task."""

    seat: Seat
    send: Sender
    limit: int = 256
    frames: deque[str] = field(default_factory=deque)
    view: Frame | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = 0
    closed: bool = False
    have: int | None = None
    """The version up to which the client holds the events (None: none yet)."""
    history: Hashable = None
    """The history key of the view frame the client holds (see ``Kind.history_key``)."""

    def push(self, frame: Json) -> None:
        """Queue a frame that must arrive (an ack, an error, a lobby update)."""
        if len(self.frames) >= self.limit:
            raise SlowClient(self.seat.seat_id)
        self.frames.append(encode(frame))
        self.wake.set()

    def push_view(self, frame: Frame) -> None:
        """Offer the newest view; an older one not yet sent is replaced."""
        self.view = frame
        self.wake.set()

    def forget(self) -> None:
        """The client lost track of its events: its next view frame is a whole one."""
        self.have = None

    def _take_view(self) -> str:
        frame, self.view = self.view, None
        if frame is None:
            return ""
        self.have, self.history = frame.version, frame.history
        return frame.text

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
    kind: GameKind
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
    noted_deadline: tuple[float | None] | None = None
    """The next deadline this process last noted in the store (None: none noted yet)."""

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def version(self) -> int:
        return self.journal.version

    def view(self, role: str, events_since: int = 0) -> Json:
        """The one door: the core's projection for ``role`` (events from ``events_since`` on)."""
        view: Json = self.journal.rules.view(self.journal.state, role, events_since=events_since)
        return view

    def actions(self, role: str, view: Json | None = None) -> Json:
        """What ``role`` may send now, read from its view (published beside it)."""
        seen = view if view is not None else self.view(role, self.version)
        return self.kind.actions(seen, role)

    def connected_roles(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for client in self.clients:
            counts[client.seat.seat_id] = counts.get(client.seat.seat_id, 0) + 1
        return counts


class Frames:
    """The view frames of one version of a game, each (role, events_from) made once.

    A client that holds the events up to some version gets only the ones after it —
    unless its seat now reads the earlier ones differently (its history key changed,
    or the new events reread the old: a quiz judgement reveals an answer); then, like
    a new client, it gets the whole view (``events_from`` 0).
    """

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.version = live.version
        self.views: dict[tuple[str, int], tuple[Json, Hashable]] = {}
        self.frames: dict[tuple[str, int], Frame] = {}

    def for_client(self, client: Client) -> Frame:
        """The frame for ``client``: the events after those it holds, or the whole view."""
        role, have = client.seat.role, client.have
        if have is not None and 0 < have <= self.version:
            view, history = self.view(role, have)
            if history == client.history and not self.live.kind.rereads(view["events"]):
                return self.frame(role, have)
        return self.frame(role, 0)

    def view(self, role: str, events_from: int) -> tuple[Json, Hashable]:
        """The role's view with the events after ``events_from``, and its history key."""
        key = (role, events_from)
        if key not in self.views:
            view = self.live.view(role, events_from)
            self.views[key] = (view, self.live.kind.history_key(view))
        return self.views[key]

    def frame(self, role: str, events_from: int) -> Frame:
        """The encoded frame of that view (made once, shared by the role's clients)."""
        key = (role, events_from)
        if key not in self.frames:
            view, history = self.view(role, events_from)
            header = {"type": "view", "game": self.live.game_id, "version": self.version}
            actions = self.live.actions(role, view)
            text = encode({**header, "events_from": events_from, "view": view, "actions": actions})
            self.frames[key] = Frame(text, self.version, history)
        return self.frames[key]
