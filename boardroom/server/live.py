"""A game held in memory: its journal, its connected clients, its timer and robots.

A :class:`Client` is one WebSocket's outbox: acknowledgements and errors are
queued in order; views are coalesced (a slow client gets the newest view, not
every one). A view frame carries the whole projection except that its ``events``
may start after the ones the client already holds (``events_from``: the version
they follow), and then its other keys are only those whose value changed since that
version (``kept`` names the ones the client keeps as it has them); the client remembers
the version it holds (and that view's encoded parts) once a frame is handed to its
socket, so a coalesced frame is made from there and loses nothing.
:class:`~boardroom.server.frames.Frames`
makes one version's frames, each (role, events_from) once, each role's view encoded
once.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from boardroom.games.kind import GameKind
from boardroom.i18n import with_name_forms
from boardroom.kernel import Journal, Json
from boardroom.server.frames import Frame
from boardroom.server.framing import Parts, dumps
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


class SlowClient(Exception):
    """A client's outbox overflowed: it is disconnected, the others go on."""


WriteNow = Callable[..., bool]
"""``write(*messages)`` writes the text messages (UTF-8) on the socket at once, in one write,
and says True, or says False and writes none when the socket does not take them now (see
:mod:`boardroom.server.wsprotocol`)."""


class Flusher:
    """Writes the frames pushed to clients in one callback of the event loop, soon after
    they are pushed (after the command that made them has its ack queued too), each
    client's in order: no writer task woken per frame. A client whose socket does not
    take a frame at once is left to its writer task, which waits for the socket."""

    def __init__(self) -> None:
        self.due: list[Client] = []

    def add(self, client: Client) -> None:
        if not self.due:
            asyncio.get_running_loop().call_soon(self.flush)
        self.due.append(client)

    def flush(self) -> None:
        due, self.due = self.due, []
        for client in due:
            try:
                client.flush()
            except Exception:  # its writer task sends, fails and closes the socket
                client.stalled = True
                client.wake.set()


@dataclass(eq=False)
class Client:
    """One connection's outbox and its writer task.

    With ``write`` and ``flusher`` (a real socket), what is pushed is written by the
    flusher at once, as long as the socket takes it; otherwise, and for a socket without
    them, the writer task (:meth:`run`) sends it, waiting for the socket as it must. One
    of the two writes at a time (``stalled``: the writer task has the outbox), so the
    frames go out in order."""

    seat: Seat
    send: Sender
    limit: int = 256
    write: WriteNow | None = None
    flusher: Flusher | None = None
    frames: deque[bytes] = field(default_factory=deque)
    """Acks, errors and lobby updates to send, encoded (UTF-8 JSON)."""
    view: Frame | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = 0
    closed: bool = False
    have: int | None = None
    """The version up to which the client holds the events (None: none yet)."""
    history: Hashable = None
    """The history key of the view frame the client holds (see ``Kind.history_key``)."""
    parts: Parts | None = None
    """The encoded keys of the view the client holds (what a partial frame is made against)."""
    due: bool = False
    """Waiting for the flusher."""
    stalled: bool = False
    """The socket did not take a frame at once: the writer task writes until the outbox is
    empty."""

    def push(self, frame: Json) -> None:
        """Queue a frame that must arrive (an ack, an error, a lobby update)."""
        if len(self.frames) >= self.limit:
            raise SlowClient(self.seat.seat_id)
        self.frames.append(dumps(frame))
        self._pushed()

    def push_view(self, frame: Frame) -> None:
        """Offer the newest view; an older one not yet sent is replaced."""
        self.view = frame
        self._pushed()

    def _pushed(self) -> None:
        if self.flusher is None or self.write is None or self.stalled:
            self.wake.set()
        elif not self.due:
            self.due = True
            self.flusher.add(self)

    def forget(self) -> None:
        """The client lost track of its events: its next view frame is a whole one."""
        self.have = self.parts = None

    def _take_view(self) -> bytes:
        frame, self.view = self.view, None
        if frame is None:
            return b""
        self.have, self.history, self.parts = frame.version, frame.history, frame.parts
        return frame.data

    def flush(self) -> None:
        """Write what is pushed, in order (acks and errors, then the newest view), in one
        write if the socket takes it at once; else leave it all to the writer task (called
        by the :class:`Flusher`)."""
        self.due = False
        write = self.write
        if write is None or self.closed or self.stalled:
            return
        texts = list(self.frames)
        if self.view is not None:
            texts.append(self.view.data)
        if not texts:
            return
        if not write(*texts):
            self.stalled = True
            self.wake.set()
            return
        self.frames.clear()
        self._take_view()
        self.sent += len(texts)

    async def run(self) -> None:
        """Write frames until closed (raises when the socket fails)."""
        while not self.closed:
            await self.wake.wait()
            self.wake.clear()
            while self.frames or self.view is not None:
                frame = self.frames.popleft() if self.frames else self._take_view()
                await self.send(frame.decode())
                self.sent += 1
            self.stalled = False


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
        """The one door: the core's projection for ``role`` (events from ``events_since`` on),
        with the case forms of the names it shows once the game has ended (``name_forms``)."""
        view: Json = self.journal.rules.view(self.journal.state, role, events_since=events_since)
        return with_name_forms(self.kind.name, view)

    def views(self, roles: list[str], events_since: int) -> list[Json]:
        """Several roles' projections at once: the core's batch (``Rules.views``, each view
        equal to its ``view``, the public part made once) where it has one."""
        rules = self.journal.rules
        many = getattr(rules, "views", None)
        if many is None:
            return [self.view(role, events_since) for role in roles]
        made: list[Json] = many(self.journal.state, roles, events_since=events_since)
        return [with_name_forms(self.kind.name, view) for view in made]

    def actions(self, role: str, view: Json | None = None) -> Json:
        """What ``role`` may send now, read from its view (published beside it)."""
        seen = view if view is not None else self.view(role, self.version)
        return self.kind.actions(seen, role)

    def connected_roles(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for client in self.clients:
            counts[client.seat.seat_id] = counts.get(client.seat.seat_id, 0) + 1
        return counts
