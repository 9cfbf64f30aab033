"""A game held in memory: its journal, its connected clients, its timer and robots.

A :class:`Client` is one WebSocket's outbox: acknowledgements and errors are
queued in order; views are coalesced (a slow client gets the newest view, not
every one). A view frame carries the whole projection except that its ``events``
may start after the ones the client already holds (``events_from``: the version
they follow), and then its other keys are only those whose value changed since that
version (``kept`` names the ones the client keeps as it has them); the client remembers
the version it holds (and that view's encoded parts) once a frame is handed to its
socket, so a coalesced frame is made from there and loses nothing. :class:`Frames`
makes one version's frames, each (role, events_from) once, each role's view encoded
once.
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
Parts = dict[str, bytes]
"""A view's top-level keys, but its ``events``, each with its value's JSON."""
OPTIONS = orjson.OPT_NON_STR_KEYS


@dataclass(frozen=True)
class Seat:
    """An authenticated seat: ``role`` is the viewer id the core knows (host, p3, A...)."""

    game_id: str
    seat_id: str
    role: str
    name: str
    robot: bool = False


def dumps(value: Any) -> bytes:
    """``value`` as JSON, as orjson writes it with :data:`OPTIONS`; a value whose keys are
    all text (every view's, the exchange's) takes orjson's faster path for text keys
    (1.7× on a view's firms), the same bytes.

    >>> dumps({"1": [1, 2], "a": None}), dumps({1: "x"})
    (b'{"1":[1,2],"a":null}', b'{"1":"x"}')
    """
    try:
        return orjson.dumps(value)
    except TypeError:  # a key that is not text (or what cannot be encoded at all)
        return orjson.dumps(value, option=OPTIONS)


def encode(frame: Json) -> str:
    """A frame as JSON text (orjson: several times faster than ``json`` on big views).

    >>> encode({"type": "view", "version": 3, "view": {"name": "Пётр"}})
    '{"type":"view","version":3,"view":{"name":"Пётр"}}'
    """
    return dumps(frame).decode()


def parts_of(view: Json) -> Parts:
    """Each key of a view but its events, with its value encoded (compared as bytes):
    what a client holds once it has the view (see :func:`view_body`).

    >>> parts_of({"year": 2, "events": [], "book": {"1": []}})
    {'year': b'2', 'book': b'{"1":[]}'}
    """
    return view_body(view, None)[1]


def view_frame(header: Json, view: Json, held: Parts | None, actions: Json) -> str:
    """A view frame's text, as :func:`encode` writes it: the whole view when ``held`` is
    None, else only its events and the keys whose encoding differs from ``held`` (the
    view the client has), the others named in ``kept`` (:func:`view_body`, then
    :func:`frame_text`).

    >>> view = {"year": 2, "events": [{"type": "x"}], "book": {"1": []}}
    >>> whole = view_frame({"type": "view"}, view, None, {})
    >>> whole == encode({"type": "view", "view": view, "actions": {}})
    True
    >>> view_frame({"type": "view"}, view, {"year": b"1", "book": b'{"1":[]}'}, {})
    '{"type":"view","view":{"year":2,"events":[{"type":"x"}]},"kept":["book"],"actions":{}}'
    """
    return frame_text(header, view_body(view, held)[0], actions)


Shared = dict[str, tuple[Any, bytes]]
"""Values of one version's views already encoded, by key (views made together share
their public values: :meth:`LiveGame.views`)."""


def view_body(view: Json, held: Parts | None, shared: Shared | None = None) -> tuple[bytes, Parts]:
    """A view frame's ``"view":{…}`` (and ``"kept":[…]`` when ``held`` is given) in one pass
    over the view's keys, and the view's parts (what the client holds once it has the
    frame). A value that is the very object ``shared`` holds for its key is not encoded
    again; the cache holds the objects themselves, so none is mistaken for another (the
    views are read, never changed, while their frames are made).

    >>> view = {"year": 2, "events": [], "book": {"1": []}}
    >>> view_body(view, {"year": b"2"})
    (b'"view":{"events":[],"book":{"1":[]}},"kept":["year"]', {'year': b'2', 'book': b'{"1":[]}'})
    >>> view_body(view, None)[1] == parts_of(view)
    True
    """
    known: Shared = {} if shared is None else shared
    items: list[bytes] = []
    kept: list[str] = []
    parts: Parts = {}
    for key, value in view.items():
        hit = known.get(key)
        if hit is not None and hit[0] is value:
            text = hit[1]
        else:
            text = dumps(value)
            known[key] = (value, text)
        if key != "events":
            parts[key] = text
            if held is not None and held.get(key) == text:
                kept.append(key)
                continue
        items.append(_label(key) + text)
    body = b'"view":{' + b",".join(items) + b"}"
    if held is not None:
        body += b',"kept":' + orjson.dumps(kept)
    return body, parts


def frame_text(header: Json, body: bytes, actions: Json) -> str:
    """The frame: ``header``'s keys, the view's ``body``, then ``actions``.

    >>> frame_text({"type": "view", "version": 3}, b'"view":{}', {"pass": {}})
    '{"type":"view","version":3,"view":{},"actions":{"pass":{}}}'
    """
    head = dumps(header)[:-1]
    listed = dumps(actions)
    return (head + b"," + body + b',"actions":' + listed + b"}").decode()


_LABELS: dict[str, bytes] = {}
"""Each view key's JSON with its colon (a view's keys are the core's few names)."""


def _label(key: str) -> bytes:
    label = _LABELS.get(key)
    if label is None:
        label = _LABELS[key] = orjson.dumps(key) + b":"
    return label


@dataclass(frozen=True)
class Frame:
    """An encoded view frame: the version it brings the client to, the history key it was
    made under, and the parts of the whole view the client then holds."""

    text: str
    version: int
    history: Hashable = None
    parts: Parts | None = None


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
    frames: deque[str] = field(default_factory=deque)
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
        self.frames.append(encode(frame))
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

    def _take_view(self) -> str:
        frame, self.view = self.view, None
        if frame is None:
            return ""
        self.have, self.history, self.parts = frame.version, frame.history, frame.parts
        return frame.text

    def flush(self) -> None:
        """Write what is pushed, in order (acks and errors, then the newest view), in one
        write if the socket takes it at once; else leave it all to the writer task (called
        by the :class:`Flusher`)."""
        self.due = False
        write = self.write
        if write is None or self.closed or self.stalled:
            return
        texts = [text.encode() for text in self.frames]
        if self.view is not None:
            texts.append(self.view.text.encode())
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
                await self.send(frame)
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
        """The one door: the core's projection for ``role`` (events from ``events_since`` on)."""
        view: Json = self.journal.rules.view(self.journal.state, role, events_since=events_since)
        return view

    def views(self, roles: list[str], events_since: int) -> list[Json]:
        """Several roles' projections at once: the core's batch (``Rules.views``, each view
        equal to its ``view``, the public part made once) where it has one."""
        rules = self.journal.rules
        many = getattr(rules, "views", None)
        if many is None:
            return [self.view(role, events_since) for role in roles]
        made: list[Json] = many(self.journal.state, roles, events_since=events_since)
        return made

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

    A client that holds the view of some version gets only the events after it and the
    keys of its view that changed since (each role's view is encoded once, and compared
    key by key with the one the client holds: the seat's own previous projection) —
    unless its seat now reads the earlier events differently (its history key changed,
    or the new events reread the old: a quiz judgement reveals an answer); then, like a
    new client, it gets the whole view (``events_from`` 0).
    """

    def __init__(self, live: LiveGame) -> None:
        self.live = live
        self.version = live.version
        self.views: dict[tuple[str, int], tuple[Json, Hashable]] = {}
        self.shared: Shared = {}
        self.frames: dict[tuple[str, int], Frame] = {}

    def prepare(self, clients: list[Client]) -> None:
        """Project at once the views these clients' frames will be made of (one batch per
        ``events_from``: see :meth:`LiveGame.views`)."""
        wanted: dict[int, set[str]] = {}
        for client in clients:
            start = client.have if self._follows(client) else 0
            wanted.setdefault(start or 0, set()).add(client.seat.role)
        for start, roles in wanted.items():
            missing = sorted(r for r in roles if (r, start) not in self.views)
            for role, view in zip(missing, self.live.views(missing, start), strict=True):
                self.views[role, start] = (view, self.live.kind.history_key(view))

    def _follows(self, client: Client) -> bool:
        """Could the client's next frame follow on from the view it holds?"""
        have = client.have
        return have is not None and 0 < have <= self.version and client.parts is not None

    def for_client(self, client: Client) -> Frame:
        """The frame for ``client``: what changed since the view it holds, or the whole view."""
        role, have = client.seat.role, client.have
        if have is not None and self._follows(client) and client.parts is not None:
            view, history = self.view(role, have)
            if history == client.history and not self.live.kind.rereads(view["events"]):
                return self.frame(role, have, client.parts)
        return self.frame(role, 0)

    def view(self, role: str, events_from: int) -> tuple[Json, Hashable]:
        """The role's view with the events after ``events_from``, and its history key."""
        key = (role, events_from)
        if key not in self.views:
            view = self.live.view(role, events_from)
            self.views[key] = (view, self.live.kind.history_key(view))
        return self.views[key]

    def frame(self, role: str, events_from: int, held: Parts | None = None) -> Frame:
        """The encoded frame of that view (made once, shared by the role's clients): whole
        for ``events_from`` 0, else against ``held``, the parts of the role's view at
        version ``events_from`` (the same for every client of the role holding it)."""
        key = (role, events_from)
        if key not in self.frames:
            view, history = self.view(role, events_from)
            header = {"type": "view", "game": self.live.game_id, "version": self.version}
            header["events_from"] = events_from
            body, parts = view_body(view, held if events_from else None, self.shared)
            text = frame_text(header, body, self.live.actions(role, view))
            self.frames[key] = Frame(text, self.version, history, parts)
        return self.frames[key]
