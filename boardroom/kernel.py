"""The event-sourcing kernel both games stand on.

A game is a :class:`Rules` object: ``decide(state, command, now)`` checks a
command against the state and returns the events it causes (or raises
:class:`Refused`, changing nothing); ``evolve(state, event)`` applies one event.
The state is the fold of the events. A :class:`Journal` keeps one game's state,
its event log, the per-game version and the ids of commands already applied.

Time is an argument (seconds since the game was created), never read from a
clock. Deadlines are data: ``next_deadline(state)`` tells when a ``tick``
command will make something happen.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

Json = dict[str, Any]
State = TypeVar("State")


class Refused(ValueError):
    """A command the game refuses: a stable ``code`` and a plain sentence.

    >>> err = Refused("wrong_phase", "Orders are taken only during a session.")
    >>> err.code, str(err)
    ('wrong_phase', 'Orders are taken only during a session.')
    >>> err.as_json()
    {'code': 'wrong_phase', 'message': 'Orders are taken only during a session.'}
    """

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def as_json(self) -> Json:
        return {"code": self.code, "message": self.message, **self.details}


class Rules(Protocol[State]):
    """What a game core provides to the kernel (and through it to every outer layer)."""

    name: str

    def setup(self, spec: Json) -> State:
        """Validate a setup line and return the initial state (raise :class:`Refused`)."""
        ...

    def decide(self, state: State, command: Json, now: float) -> list[Json]:
        """Return the events ``command`` causes at time ``now``; never mutate ``state``."""
        ...

    def evolve(self, state: State, event: Json) -> State:
        """Apply one event; may update ``state`` in place and returns it."""
        ...

    def next_deadline(self, state: State) -> float | None:
        """The earliest time at which a ``tick`` changes something, or None."""
        ...

    def view(self, state: State, viewer: str, *, events_since: int = 0) -> Json:
        """The one projection: everything ``viewer`` may see, nothing more.

        Its ``events`` are the viewer's reading of the game's events from number
        ``events_since`` on (0: all; the game's version: none), each exactly as the
        whole view shows it now — so the whole view's ``events`` are those of
        ``view(state, viewer, events_since=n)`` preceded by the ones before ``n``.
        A caller that keeps the earlier ones (a live client) or needs none (a
        robot) asks for less. The rest of the view does not depend on it.
        """
        ...


class Decided(list[Json]):
    """The events ``decide`` returns, able to bring the state to the result at once.

    Rules whose ``decide`` applies its events to a copy of the state as it goes may
    return them as ``Decided``: ``settle(state, events)`` then makes ``state`` into the
    copy's result — what folding ``events`` with ``evolve`` would give — and says True,
    provided ``state`` is the very state decided on, nothing changed it since and
    ``events`` are the very events decided (not a copy); else it says False and changes
    nothing. :meth:`Journal.record` settles when it can and folds the events otherwise,
    so the same events are not applied twice. To everyone else it is a plain list of
    events (a copy or a pickle of it is one).

    >>> events = Decided([{"type": "noted"}])
    >>> events.settle = lambda state, events: False
    >>> events == [{"type": "noted"}], events.settle(None, events)
    (True, False)
    >>> type(copy.deepcopy(events)), type(copy.copy(events))
    (<class 'list'>, <class 'list'>)
    """

    __slots__ = ("settle",)
    settle: Callable[[Any, list[Json]], bool]
    """Set right after the events are given (``Decided(events)``, then ``settle``): one is
    made for every command, and list's own ``__init__`` needs no interpreted call."""

    def __reduce__(self) -> tuple[type[list[Json]], tuple[list[Json]]]:
        return (list, (list(self),))

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Json]:
        return copy.deepcopy(list(self), memo)


@dataclass
class Outcome:
    """What handling one command did: the events it caused and the version after it."""

    events: list[Json]
    version: int
    duplicate: bool = False


@dataclass
class Journal(Generic[State]):
    """One game: its rules, current state, event log, version and applied command ids.

    ``handle`` is all or nothing: a refused command leaves everything as it was.
    """

    rules: Rules[State]
    setup_spec: Json
    state: State
    events: list[Json] = field(default_factory=list)
    applied_ids: dict[str, int] = field(default_factory=dict)
    base_version: int = 0
    """Events folded into ``state`` before ``events`` (a game opened from a snapshot)."""

    @classmethod
    def open(cls, rules: Rules[State], spec: Json) -> Journal[State]:
        return cls(rules=rules, setup_spec=copy.deepcopy(spec), state=rules.setup(spec))

    @property
    def version(self) -> int:
        return self.base_version + len(self.events)

    def handle(self, command: Json, now: float) -> Outcome:
        """Decide and apply ``command``; a repeated command ``id`` is applied once."""
        command_id = command.get("id")  # is_duplicate, inline: handle runs for every command
        if isinstance(command_id, str) and command_id in self.applied_ids:
            return Outcome([], self.version, duplicate=True)
        return self.record(command, self.rules.decide(self.state, command, now))

    def is_duplicate(self, command: Json) -> bool:
        """Has a command with this ``id`` been applied already?"""
        command_id = command.get("id")
        return isinstance(command_id, str) and command_id in self.applied_ids

    def record(self, command: Json, events: list[Json]) -> Outcome:
        """Apply the events already decided for ``command`` (e.g. once they are stored).

        ``handle`` is ``decide`` then ``record``; a server that must store the events
        before applying them calls the two halves itself. Events ``decide`` returned as
        :class:`Decided` on this very state are settled rather than folded again.
        """
        if isinstance(events, Decided) and events.settle(self.state, events):
            self.events.extend(events)
        else:
            for event in events:
                self.apply(event)
        version = self.base_version + len(self.events)
        command_id = command.get("id")
        if isinstance(command_id, str):
            self.applied_ids[command_id] = version
        return Outcome(list(events), version)

    def apply(self, event: Json) -> None:
        """Append an already-decided event and fold it into the state."""
        self.events.append(event)
        self.state = self.rules.evolve(self.state, event)

    def since(self, version: int) -> list[Json]:
        """The events after ``version`` (what a reconnecting client missed)."""
        return self.events[max(version - self.base_version, 0) :]


def fold(rules: Rules[State], spec: Json, events: Iterable[Json]) -> State:
    """Rebuild a state from its setup and its events."""
    state = rules.setup(copy.deepcopy(spec))
    for event in events:
        state = rules.evolve(state, event)
    return state
