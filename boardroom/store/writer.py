"""SQLite's writer thread: appends from many games that wait at the same moment commit in one
transaction (one fsync for all), and on SQLite's own cursor.

:class:`GroupCommit` is the thread; :func:`append_each` writes a group's appends, each
checked (its game's head, its command id) before it writes, so one that conflicts writes
nothing and the others go on. The event log (:mod:`boardroom.store.events`) hands it its
appends; PostgreSQL's appends never come here.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from boardroom.kernel import Json
from boardroom.store.records import Conflict

_SQLITE_STORED_ID = "SELECT version FROM commands WHERE game_id = ? AND command_id = ?"
_SQLITE_HEAD = "SELECT version FROM games WHERE game_id = ?"
_SQLITE_NEW_EVENT = (
    "INSERT INTO events (game_id, version, command_id, at, body) VALUES (?, ?, ?, ?, ?)"
)
_SQLITE_BUMP = "UPDATE games SET version = ? WHERE game_id = ?"
_SQLITE_NEW_COMMAND = "INSERT INTO commands (game_id, command_id, version) VALUES (?, ?, ?)"
"""The same statements as SQLite's own SQL, for the writer thread's grouped appends: run
on the driver's cursor, inside the SQLAlchemy transaction, they skip SQLAlchemy's work
per statement (half the writer's CPU per append)."""


@dataclass
class Append:
    """One append waiting for the writer: what to store, then its outcome."""

    game_id: str
    after: int
    command_id: str | None
    at: float
    events: list[Json]
    version: int | None = None
    error: BaseException | None = None
    done: threading.Event | None = None
    """Set for a caller blocked in :meth:`GroupCommit.append`: set once the outcome is known."""
    future: Future[int] | None = None
    """Set for a caller that does not wait (:meth:`GroupCommit.submit`): the outcome."""

    def args(self) -> tuple[str, int, str | None, float, list[Json]]:
        return self.game_id, self.after, self.command_id, self.at, self.events

    def taken(self) -> bool:
        """The writer takes the item: its future can no longer be cancelled (False if it
        was, or if there is none: nobody is told through it then)."""
        return self.future is not None and self.future.set_running_or_notify_cancel()

    def tell(self) -> None:
        """Give the outcome to whoever waits: the thread blocked in ``append``, the future."""
        if self.done is not None:
            self.done.set()
        if self.future is None or not self.future.running():
            return
        if self.error is not None:
            self.future.set_exception(self.error)
        else:
            assert self.version is not None
            self.future.set_result(self.version)


def _append_sqlite(cursor: Any, item: Append) -> int:
    """One grouped append on SQLite's own cursor, as ``EventLog._append`` does it (and the
    command id checked first): :class:`Conflict` if the game moved on or the id is stored."""
    game_id, after, command_id, at, events = item.args()
    if (
        command_id is not None
        and cursor.execute(_SQLITE_STORED_ID, (game_id, command_id)).fetchone()
    ):
        raise Conflict(f"game {game_id}: command id already stored")
    head = cursor.execute(_SQLITE_HEAD, (game_id,)).fetchone()
    if head is None:  # the group is tried again alone, where SQLAlchemy says so
        raise LookupError(f"game {game_id} is not stored")
    if head[0] != after:
        raise Conflict(f"game {game_id} is at version {head[0]}, not {after}")
    version = after + len(events)
    if events:
        rows = [
            (game_id, after + i, command_id, at, json.dumps(body))
            for i, body in enumerate(events, start=1)
        ]
        cursor.executemany(_SQLITE_NEW_EVENT, rows)
        cursor.execute(_SQLITE_BUMP, (version, game_id))
    if command_id is not None:
        cursor.execute(_SQLITE_NEW_COMMAND, (game_id, command_id, version))
    return version


def append_each(cursor: Any, items: list[Append]) -> None:
    """Each grouped append on the cursor, inside the caller's transaction: its version, or
    its :class:`Conflict` (which writes nothing of it)."""
    for item in items:
        try:
            item.version = _append_sqlite(cursor, item)
        except Conflict as exc:
            item.error = exc


class GroupCommit:
    """Group commit: a thread that writes every append waiting at the time in one
    transaction (``commit(items)`` sets each one's version or error). The callers (the
    server's worker threads) wait for their own; nothing returns before it is durable.

    >>> seen = []
    >>> def commit(items):
    ...     seen.append(len(items))
    ...     for item in items:
    ...         item.version = item.after + 1
    >>> GroupCommit(commit).append(Append("g", 4, None, 0.0, [{}])), seen
    (5, [1])
    """

    MAX_GROUP = 64

    def __init__(self, commit: Callable[[list[Append]], None]) -> None:
        self.commit = commit
        self.waiting: queue.SimpleQueue[Append] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.starting = threading.Lock()

    def append(self, item: Append) -> int:
        """Store ``item`` with whatever else waits; its new version (or its error)."""
        item.done = done = threading.Event()
        self._start()
        self.waiting.put(item)
        done.wait()
        if item.error is not None:
            raise item.error
        assert item.version is not None
        return item.version

    def submit(self, item: Append) -> Future[int]:
        """Store ``item`` with whatever else waits, without waiting: the future of its new
        version (or its error), completed by the writer thread once it is durable (an
        event loop awaits it with ``asyncio.wrap_future``: no worker thread in between).

        >>> def commit(items):
        ...     for item in items:
        ...         item.version = item.after + 1
        >>> GroupCommit(commit).submit(Append("g", 4, None, 0.0, [{}])).result(timeout=5)
        5
        """
        item.future = Future()
        self._start()
        self.waiting.put(item)
        return item.future

    def _start(self) -> None:
        thread = self.thread
        if thread is not None and thread.is_alive():  # the usual case: no lock taken
            return
        with self.starting:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            items = [self.waiting.get()]
            while len(items) < self.MAX_GROUP:
                try:
                    items.append(self.waiting.get_nowait())
                except queue.Empty:
                    break
            for item in items:
                item.taken()
            try:
                self.commit(items)
            except BaseException as exc:  # never leave a caller waiting
                for item in items:
                    if item.version is None and item.error is None:
                        item.error = exc
            finally:
                for item in items:
                    item.tell()
