"""The view frames of one version of a game, each (role, events_from) made once — pure
(no asyncio), compiled with mypyc with the core (:mod:`boardroom.native`), for the server's
fan-out (:meth:`boardroom.server.fanout.Fanout.broadcast`).

A client that holds the view of some version gets only the events after it and the keys
of its view that changed since (each role's view is encoded once, and compared key by key
with the one the client holds: the seat's own previous projection) — unless its seat now
reads the earlier events differently (its history key changed, or the new events reread
the old: a quiz judgement reveals an answer); then, like a new client, it gets the whole
view (``events_from`` 0). The game and its clients are the server's
(:class:`boardroom.server.live.LiveGame`, :class:`~boardroom.server.live.Client`), read
through the small protocols below.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from boardroom.server.framing import Parts, Shared, frame_data, view_body

Json = dict[str, Any]


@dataclass(frozen=True)
class Frame:
    """An encoded view frame: the version it brings the client to, the history key it was
    made under, and the parts of the whole view the client then holds."""

    data: bytes
    """The frame's JSON text, UTF-8 (as the socket sends it)."""
    version: int
    history: Hashable = None
    parts: Parts | None = None

    @property
    def text(self) -> str:
        return self.data.decode()


class Kind(Protocol):
    """What of a game kind the frames read (:class:`boardroom.games.kind.GameKind`)."""

    @property
    def history_key(self) -> Callable[[Json], Hashable]: ...

    @property
    def rereads(self) -> Callable[[list[Json]], bool]: ...


class Game(Protocol):
    """A game in memory, as its frames read it."""

    @property
    def kind(self) -> Kind: ...

    @property
    def game_id(self) -> str: ...

    @property
    def version(self) -> int: ...

    def view(self, role: str, events_since: int = 0) -> Json: ...

    def views(self, roles: list[str], events_since: int) -> list[Json]: ...

    def actions(self, role: str, view: Json | None = None) -> Json: ...


class Role(Protocol):
    @property
    def role(self) -> str: ...


class Holder(Protocol):
    """A client, as its frames read it: the view it holds (version, history key, parts)."""

    @property
    def seat(self) -> Role: ...

    @property
    def have(self) -> int | None: ...

    @property
    def history(self) -> Hashable: ...

    @property
    def parts(self) -> Parts | None: ...

    def push_view(self, frame: Frame) -> None: ...


class Frames:
    """The view frames of one version of ``live``, each (role, events_from) made once."""

    def __init__(self, live: Game) -> None:
        self.live = live
        self.kind: Kind = live.kind
        self.version: int = live.version
        self.views: dict[tuple[str, int], tuple[Json, Hashable]] = {}
        self.shared: Shared = {}
        self.frames: dict[tuple[str, int], Frame] = {}

    def push(self, clients: Iterable[Holder]) -> int:
        """Offer each client its frame (the views projected in one batch first); how many."""
        listed = list(clients)
        self.prepare(listed)
        for client in listed:
            client.push_view(self.for_client(client))
        return len(listed)

    def prepare(self, clients: Sequence[Holder]) -> None:
        """Project at once the views these clients' frames will be made of (one batch per
        ``events_from``: see :meth:`boardroom.server.live.LiveGame.views`)."""
        wanted: dict[int, set[str]] = {}
        for client in clients:
            have = client.have
            start = have if have is not None and self._follows(client) else 0
            roles = wanted.get(start)
            if roles is None:
                roles = wanted[start] = set()
            roles.add(client.seat.role)
        history_key = self.kind.history_key
        for start, roles in wanted.items():
            missing = sorted(r for r in roles if (r, start) not in self.views)
            made = self.live.views(missing, start)
            if len(made) != len(missing):
                raise ValueError(f"{len(made)} views made for {len(missing)} roles")
            for index, role in enumerate(missing):
                view = made[index]
                self.views[role, start] = (view, history_key(view))

    def _follows(self, client: Holder) -> bool:
        """Could the client's next frame follow on from the view it holds?"""
        have = client.have
        return have is not None and 0 < have <= self.version and client.parts is not None

    def for_client(self, client: Holder) -> Frame:
        """The frame for ``client``: what changed since the view it holds, or the whole view."""
        role, have, held = client.seat.role, client.have, client.parts
        if have is not None and held is not None and self._follows(client):
            view, history = self.view(role, have)
            if history == client.history and not self.kind.rereads(view["events"]):
                return self.frame(role, have, held)
        return self.frame(role, 0)

    def view(self, role: str, events_from: int) -> tuple[Json, Hashable]:
        """The role's view with the events after ``events_from``, and its history key."""
        key = (role, events_from)
        found = self.views.get(key)
        if found is None:
            view = self.live.view(role, events_from)
            found = self.views[key] = (view, self.kind.history_key(view))
        return found

    def frame(self, role: str, events_from: int, held: Parts | None = None) -> Frame:
        """The encoded frame of that view (made once, shared by the role's clients): whole
        for ``events_from`` 0, else against ``held``, the parts of the role's view at
        version ``events_from`` (the same for every client of the role holding it)."""
        key = (role, events_from)
        found = self.frames.get(key)
        if found is None:
            view, history = self.view(role, events_from)
            header: Json = {"type": "view", "game": self.live.game_id, "version": self.version}
            header["events_from"] = events_from
            body, parts = view_body(view, held if events_from else None, self.shared)
            data = frame_data(header, body, self.live.actions(role, view))
            found = self.frames[key] = Frame(data, self.version, history, parts)
        return found
