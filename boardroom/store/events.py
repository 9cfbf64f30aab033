"""The event log: an append-only list of events per game, the command ids it applied, and
the snapshots a game is rebuilt from (then the events after the latest one are folded).

An append is one transaction that checks the game's head version under a row lock, so two
writers (two server processes) are ordered by the database: the loser gets
:class:`Conflict`, reloads and decides again. On SQLite, appends go to the writer thread
(:mod:`boardroom.store.writer`), which commits every append waiting at the moment together;
the server hands them over without waiting (:meth:`EventLog.append_soon`).

>>> from boardroom.store import GameRecord, Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> game = GameRecord("g1", "ABC123", "quiz", {"game": "quiz"}, 0.0, "h")
>>> store.games.create_game(game)
True
>>> store.events.append("g1", 0, "c1", 1.5, [{"type": "started"}])
1
>>> store.events.append("g1", 0, "c2", 2.0, [{"type": "again"}])
Traceback (most recent call last):
...
boardroom.store.records.Conflict: game g1 is at version 1, not 0
>>> [e.body["type"] for e in store.events.events_since("g1", 0)], store.events.applied_ids("g1")
(['started'], {'c1': 1})
>>> store.events.append_soon("g1", 1, "c3", 2.5, [{"type": "ended"}]).result(timeout=5)
2
>>> store.events.append_soon("g1", 1, "c4", 3.0, [{"type": "again"}]).exception(timeout=5)
Conflict('game g1 is at version 2, not 1')
"""

from __future__ import annotations

import json
import sqlite3
from concurrent.futures import Future
from contextlib import suppress

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from boardroom.kernel import Json
from boardroom.store import schema as t
from boardroom.store.db import NOTIFY_CHANNEL, Database, direct
from boardroom.store.records import Conflict, Snapshot, StoredEvent
from boardroom.store.writer import Append, GroupCommit, append_each

_HEAD = select(t.games.c.version).where(t.games.c.game_id == bindparam("game")).with_for_update()
_BUMP = update(t.games).where(t.games.c.game_id == bindparam("of")).values(version=bindparam("to"))
_NEW_EVENTS = insert(t.events)
_NEW_COMMAND = insert(t.commands)
"""An append's statements, built once: building, coercing and keying a statement anew
for every append cost more CPU than the database's own work for it."""


class EventLog:
    """Each game's events, the command ids applied, its snapshots."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine
        self._appends = GroupCommit(self._append_together) if not db.postgres else None
        """SQLite has one writer: appends from many games that wait for it commit together."""
        self._direct: sqlite3.Connection | None = None
        """The writer thread's own connection to SQLite's file (made for its first group)."""

    def close(self) -> None:
        """Close the writer thread's own connection (the engine is the store's to dispose)."""
        if self.db.write_lock is not None:
            with self.db.write_lock:
                connection, self._direct = self._direct, None
                if connection is not None:
                    connection.close()

    def append(
        self, game_id: str, after: int, command_id: str | None, at: float, events: list[Json]
    ) -> int:
        """Append ``events`` after version ``after`` in one durable transaction.

        Raises :class:`Conflict` when the game moved on (or the command id is
        already stored); returns the new version.
        """
        if not events and command_id is None:
            return after
        if self._appends is not None:
            return self._appends.append(Append(game_id, after, command_id, at, events))
        return self._append_alone(Append(game_id, after, command_id, at, events))

    def append_soon(
        self, game_id: str, after: int, command_id: str | None, at: float, events: list[Json]
    ) -> Future[int] | None:
        """:meth:`append` handed to SQLite's writer thread without waiting for it: the
        future of the new version (or of :class:`Conflict`). None where appends are not
        grouped (PostgreSQL: call :meth:`append` in a thread); the module's example shows it."""
        if self._appends is None:
            return None
        if not events and command_id is None:
            done: Future[int] = Future()
            done.set_result(after)
            return done
        return self._appends.submit(Append(game_id, after, command_id, at, events))

    def _append_alone(self, item: Append) -> int:
        """One append in its own transaction."""
        try:
            with self.db.writing() as conn:
                return self._append(conn, *item.args())
        except IntegrityError as exc:
            raise Conflict(f"game {item.game_id}: {exc.orig}") from None

    def _append_together(self, items: list[Append]) -> None:
        """Appends that waited together, in one transaction: one commit, one fsync for all.

        Each is checked (the game's head, its command id) before it writes, so one that
        conflicts writes nothing and the others go on; if the transaction fails as a whole,
        each is tried again alone.
        """
        try:
            if self.db.file is None:
                with self.db.writing() as conn:
                    driver = conn.connection.driver_connection
                    assert driver is not None
                    append_each(driver.cursor(), items)
            else:
                self._append_direct(items)
        except Exception:
            for item in items:
                item.version, item.error = None, None
                try:
                    item.version = self._append_alone(item)
                except Exception as exc:
                    item.error = exc

    def _append_direct(self, items: list[Append]) -> None:
        """The group in one transaction on the writer thread's own SQLite connection
        (:func:`direct`: no pool checkout, no SQLAlchemy transaction around it; with its
        work per append, that was half the writer's CPU). Under the write lock, as every
        other write of this process."""
        lock, file = self.db.write_lock, self.db.file
        assert lock is not None and file is not None
        with lock:
            if self._direct is None:
                self._direct = direct(file)
            cursor = self._direct.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                append_each(cursor, items)
                cursor.execute("COMMIT")
            except BaseException:
                connection, self._direct = self._direct, None
                with suppress(Exception):
                    connection.rollback()
                connection.close()
                raise

    def _append(
        self,
        conn: Connection,
        game_id: str,
        after: int,
        command_id: str | None,
        at: float,
        events: list[Json],
    ) -> int:
        head = conn.execute(_HEAD, {"game": game_id}).scalar_one()
        if head != after:
            raise Conflict(f"game {game_id} is at version {head}, not {after}")
        version = after + len(events)
        if events:
            rows = [
                {"game_id": game_id, "version": after + i, "command_id": command_id}
                | {"at": at, "body": json.dumps(body)}
                for i, body in enumerate(events, start=1)
            ]
            conn.execute(_NEW_EVENTS, rows)
            conn.execute(_BUMP, {"of": game_id, "to": version})
        if command_id is not None:
            conn.execute(
                _NEW_COMMAND, {"game_id": game_id, "command_id": command_id, "version": version}
            )
        if events:
            self.db.notify(conn, NOTIFY_CHANNEL, (f"{game_id}:{version}",))
        return version

    def events_since(self, game_id: str, version: int) -> list[StoredEvent]:
        """The stored events after ``version``, in order."""
        query = (
            select(t.events)
            .where(t.events.c.game_id == game_id, t.events.c.version > version)
            .order_by(t.events.c.version)
        )
        with self.engine.connect() as conn:
            return [
                StoredEvent(r.version, r.command_id, r.at, json.loads(r.body))
                for r in conn.execute(query)
            ]

    def head(self, game_id: str) -> int:
        """The game's current version in the database."""
        query = select(t.games.c.version).where(t.games.c.game_id == game_id)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def applied_ids(self, game_id: str, since: int = 0) -> dict[str, int]:
        """Command ids applied at version ≥ ``since`` (all of them by default)."""
        query = select(t.commands.c.command_id, t.commands.c.version).where(
            t.commands.c.game_id == game_id, t.commands.c.version >= since
        )
        with self.engine.connect() as conn:
            return {r.command_id: r.version for r in conn.execute(query)}

    def command_version(self, game_id: str, command_id: str) -> int | None:
        """The version after the command with this id, if it was applied (ever)."""
        query = select(t.commands.c.version).where(
            t.commands.c.game_id == game_id, t.commands.c.command_id == command_id
        )
        with self.engine.connect() as conn:
            value = conn.execute(query).scalar()
        return int(value) if value is not None else None

    def last_at(self, game_id: str) -> float:
        """The game time of the newest stored event (0 when there is none)."""
        query = select(func.max(t.events.c.at)).where(t.events.c.game_id == game_id)
        with self.engine.connect() as conn:
            value = conn.execute(query).scalar()
        return float(value or 0.0)

    # --- snapshots ------------------------------------------------------------------

    def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        """Keep a snapshot (idempotent: one per game and version)."""
        try:
            with self.db.writing() as conn:
                conn.execute(insert(t.snapshots).values(game_id=game_id, **vars(snapshot)))
        except IntegrityError:
            return

    def latest_snapshot(self, game_id: str, fingerprint: str) -> Snapshot | None:
        """The newest snapshot made by the same core (same ``fingerprint``)."""
        query = (
            select(t.snapshots)
            .where(t.snapshots.c.game_id == game_id, t.snapshots.c.fingerprint == fingerprint)
            .order_by(t.snapshots.c.version.desc())
            .limit(1)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return Snapshot(row.version, row.fingerprint, bytes(row.state))
