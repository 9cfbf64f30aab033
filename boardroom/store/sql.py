"""The event store on SQLAlchemy Core: SQLite (WAL, ``synchronous=FULL``) or PostgreSQL.

Every method is synchronous and thread-safe; the server calls them through
``asyncio.to_thread``, but for SQLite's appends, which it hands to the writer thread
without waiting (:meth:`Store.append_soon`). An append is one transaction that checks
the game's head version under a row lock, so two writers (two server processes) are
ordered by the database: the loser gets :class:`Conflict`, reloads and decides again.

>>> store = Store("sqlite://")
>>> store.migrate()
>>> game = GameRecord("g1", "ABC123", "quiz", {"game": "quiz"}, 0.0, "h")
>>> store.create_game(game)
True
>>> store.append("g1", 0, "c1", 1.5, [{"type": "started"}])
1
>>> store.append("g1", 0, "c2", 2.0, [{"type": "again"}])
Traceback (most recent call last):
...
boardroom.store.records.Conflict: game g1 is at version 1, not 0
>>> [e.body["type"] for e in store.events_since("g1", 0)], store.applied_ids("g1")
(['started'], {'c1': 1})
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from boardroom.kernel import Json
from boardroom.store import schema as t
from boardroom.store.pupils import Pupils
from boardroom.store.records import (
    Conflict,
    GameRecord,
    RobotRecord,
    SeatRecord,
    Snapshot,
    StoredEvent,
)
from boardroom.store.shelf import Shelf

MIGRATIONS = Path(__file__).with_name("migrations")
NOTIFY_CHANNEL = "boardroom"
PRESENCE_CHANNEL = "boardroom_presence"
ROBOTS_NOTICE = "robots"
"""The presence channel's word (in place of a process's instance) that a game's robot
seats changed: every process reads them again."""
MIGRATION_LOCK = 7_140_512
HEAD = "0010"
"""The newest migration (a test checks it against Alembic's scripts)."""


def sqlalchemy_url(url: str) -> str:
    """The SQLAlchemy URL for a store URL (``postgresql://`` → psycopg 3).

    >>> sqlalchemy_url("postgresql://u@h/db")
    'postgresql+psycopg://u@h/db'
    >>> sqlalchemy_url("sqlite:///var/x.sqlite3")
    'sqlite:///var/x.sqlite3'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def outage(exc: BaseException) -> bool:
    """Is ``exc`` the database going away (down, restarting, a cut connection), not a
    refused statement?

    >>> from sqlalchemy.exc import OperationalError
    >>> outage(OperationalError("SELECT 1", {}, Exception("server closed the connection")))
    True
    >>> outage(ValueError("no"))
    False
    """
    from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

    if isinstance(exc, OperationalError | InterfaceError):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _engine(url: str) -> Engine:
    full = sqlalchemy_url(url)
    if full.startswith("sqlite"):
        path = full.split(":///", 1)[1] if ":///" in full else ""
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        memory = not path or path == ":memory:"
        engine = create_engine(
            full,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(full, pool_size=8, max_overflow=8, pool_pre_ping=True)


_HEAD = select(t.games.c.version).where(t.games.c.game_id == bindparam("game")).with_for_update()
_BUMP = update(t.games).where(t.games.c.game_id == bindparam("of")).values(version=bindparam("to"))
_NEW_EVENTS = insert(t.events)
_NEW_COMMAND = insert(t.commands)
"""An append's statements, built once: building, coercing and keying a statement anew
for every append cost more CPU than the database's own work for it."""
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
    """One grouped append on SQLite's own cursor, as :meth:`Store._append` does it (and the
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


def _append_each(cursor: Any, items: list[Append]) -> None:
    """Each grouped append on the cursor, inside the caller's transaction: its version, or
    its :class:`Conflict` (which writes nothing of it)."""
    for item in items:
        try:
            item.version = _append_sqlite(cursor, item)
        except Conflict as exc:
            item.error = exc


def direct(path: str) -> sqlite3.Connection:
    """A connection of SQLite's own driver to the database file at ``path``, set up as the
    engine's are (WAL, ``synchronous=FULL``: a commit is on disk when it returns), whose
    transactions are the caller's own (``BEGIN``/``COMMIT``, no implicit ones).

    >>> import tempfile
    >>> connection = direct(tempfile.mkdtemp() + "/x.sqlite3")
    >>> [connection.execute(f"PRAGMA {p}").fetchone()[0] for p in ("journal_mode", "synchronous")]
    ['wal', 2]
    >>> connection.in_transaction, connection.isolation_level
    (False, None)
    """
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    _sqlite_pragmas(connection, None)
    return connection


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


class Store(Shelf):
    """An append-only event log per game, with seats, command ids and snapshots."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._write_lock = threading.Lock() if not self.postgres else None
        self._appends = GroupCommit(self._append_together) if not self.postgres else None
        """SQLite has one writer: appends from many games that wait for it commit together."""
        database = None if self.postgres else self.engine.url.database
        self._file = database if database not in (None, "", ":memory:") else None
        """SQLite's database file (None: PostgreSQL, or SQLite in memory, whose one
        connection is the pool's)."""
        self.pupils = Pupils(self.engine, self._writing)
        self._direct: sqlite3.Connection | None = None
        """The writer thread's own connection to :attr:`_file` (made for its first group)."""

    # --- lifecycle ------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the tables to the newest Alembic revision (one process at a time).

        Alembic is imported only when the database is not at :data:`HEAD` already,
        which keeps a restart after ``kill -9`` quick.
        """
        if self.revision() == HEAD:
            return
        from alembic import command as alembic_command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            config.attributes["connection"] = conn
            alembic_command.upgrade(config, "head")

    def revision(self) -> str | None:
        """The database's Alembic revision (None before the first migration)."""
        try:
            with self.engine.connect() as conn:
                value = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except Exception:
            return None
        return str(value) if value is not None else None

    def ping(self) -> bool:
        """Can the database be reached?"""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return True

    def close(self) -> None:
        if self._write_lock is not None:
            with self._write_lock:
                connection, self._direct = self._direct, None
                if connection is not None:
                    connection.close()
        self.engine.dispose()

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    # --- games and seats --------------------------------------------------------

    def create_game(self, game: GameRecord) -> bool:
        """Store a new game at version 0; False if a game of that id is stored already
        (one the server named itself, made by another process or before a crash).

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> made, again = (GameRecord("g1", code, "russian", {}, 0.0, "h") for code in "AX")
        >>> store.create_game(made), store.create_game(again)
        (True, False)
        """
        try:
            self._insert_game(game)
        except IntegrityError:
            if self.game(game.game_id) is None:
                raise  # not the id: the code (or anything else) was taken
            return False
        return True

    def _insert_game(self, game: GameRecord) -> None:
        with self._writing() as conn:
            conn.execute(
                insert(t.games).values(
                    game_id=game.game_id,
                    code=game.code,
                    game=game.game,
                    spec=json.dumps(game.spec),
                    created_at=game.created_at,
                    host_secret_hash=game.host_secret_hash,
                    demo=game.demo,
                    lang=game.lang,
                    version=0,
                )
            )

    def set_host_secret(self, game_id: str, secret_hash: str) -> None:
        """Replace a game's host secret (the demo games get a new one at each start)."""
        with self._writing() as conn:
            conn.execute(
                update(t.games)
                .where(t.games.c.game_id == game_id)
                .values(host_secret_hash=secret_hash)
            )

    def game(self, game_id: str) -> GameRecord | None:
        return self._one_game(t.games.c.game_id == game_id)

    def game_by_code(self, code: str) -> GameRecord | None:
        return self._one_game(t.games.c.code == code.upper())

    def games(self, demo_only: bool = False) -> list[GameRecord]:
        query = select(t.games)
        if demo_only:
            query = query.where(t.games.c.demo.is_(True))
        with self.engine.connect() as conn:
            return [_game(row._mapping) for row in conn.execute(query.order_by(t.games.c.code))]

    def _one_game(self, where: Any) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(t.games).where(where)).first()
        return _game(row._mapping) if row is not None else None

    def add_seat(self, seat: SeatRecord) -> bool:
        """Store a seat; False when its claim (an exclusive role) is taken already."""
        try:
            with self._writing() as conn:
                conn.execute(insert(t.seats).values(**vars(seat)))
        except IntegrityError:
            return False
        return True

    def seats(self, game_id: str) -> list[SeatRecord]:
        query = select(t.seats).where(t.seats.c.game_id == game_id).order_by(t.seats.c.seat_id)
        with self.engine.connect() as conn:
            return [SeatRecord(**row._mapping) for row in conn.execute(query)]

    def seat_by_secret(self, game_id: str, secret_hash: str) -> SeatRecord | None:
        query = select(t.seats).where(
            t.seats.c.game_id == game_id, t.seats.c.secret_hash == secret_hash
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return SeatRecord(**row._mapping) if row is not None else None

    # --- the game a game goes on in ("play again") ------------------------------------

    def set_next_game(self, game_id: str, next_game: str) -> str:
        """Point ``game_id`` at the game it goes on in, unless it points at one already;
        the pointer kept (the first one set wins: a game goes on in one game only)."""
        games = t.games.c
        with self._writing() as conn:
            conn.execute(
                update(t.games)
                .where(games.game_id == game_id, games.next_game.is_(None))
                .values(next_game=next_game)
            )
            kept = conn.execute(select(games.next_game).where(games.game_id == game_id)).scalar()
        return str(kept)

    def take_carried_seat(self, game_id: str, held: str, secret_hash: str) -> SeatRecord | None:
        """The seat kept in ``game_id`` under the placeholder ``held``, now opened by
        ``secret_hash`` (None if no such seat is waiting: taken already, or never kept)."""
        seats = t.seats.c
        where = (seats.game_id == game_id) & (seats.secret_hash == held)
        with self._writing() as conn:
            row = conn.execute(select(t.seats).where(where)).first()
            if row is None:
                return None
            conn.execute(update(t.seats).where(where).values(secret_hash=secret_hash))
        return SeatRecord(**{**row._mapping, "secret_hash": secret_hash})

    # --- robot seats ---------------------------------------------------------------

    def set_robot(self, robot: RobotRecord) -> None:
        """Keep (or replace) the robot that plays ``robot.role``; the other processes
        hear of it on the presence channel (their lobbies and robot tables follow).

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.set_robot(RobotRecord("g1", "p2", "raider", "strong", 0.6))
        >>> store.set_robot(RobotRecord("g1", "p2", "noise", "club", 0.6, stand_in=True))
        >>> [(r.role, r.kind, r.stand_in) for r in store.robots("g1")]
        [('p2', 'noise', True)]
        >>> store.end_stand_in("g1", "p2"), store.end_stand_in("g1", "p2"), store.robots("g1")
        (True, False, [])
        """
        r = t.robot_seats.c
        with self._writing() as conn:
            conn.execute(
                delete(t.robot_seats).where(r.game_id == robot.game_id, r.role == robot.role)
            )
            conn.execute(insert(t.robot_seats).values(**vars(robot)))
            self._notify_presence(conn, [robot.game_id], ROBOTS_NOTICE)

    def end_stand_in(self, game_id: str, role: str) -> bool:
        """The stand-in robot of ``role`` leaves it (its person is back); False if the role
        had none (a robot seat of its own is never ended so)."""
        r = t.robot_seats.c
        with self._writing() as conn:
            gone = conn.execute(
                delete(t.robot_seats).where(
                    r.game_id == game_id, r.role == role, r.stand_in.is_(True)
                )
            ).rowcount
            if gone:
                self._notify_presence(conn, [game_id], ROBOTS_NOTICE)
        return bool(gone)

    def hand_robot_seat(self, seat: SeatRecord) -> bool:
        """The robot seat of ``seat.role`` becomes a person's (``seat``: their seat id, name,
        secret and claim), and its robot leaves it, in one transaction; False if no robot
        seat of that role is left to hand (another hand got there first).

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> _ = store.add_seat(SeatRecord("g1", "s1", "p2", "Robot", "h0", "p2", robot=True))
        >>> store.set_robot(RobotRecord("g1", "p2", "raider", "strong", 0.6))
        >>> store.hand_robot_seat(SeatRecord("g1", "s2", "p2", "Аня", "h1", "p2"))
        True
        >>> [(s.seat_id, s.name, s.robot) for s in store.seats("g1")], store.robots("g1")
        ([('s2', 'Аня', False)], [])
        >>> store.hand_robot_seat(SeatRecord("g1", "s3", "p2", "Боря", "h2", "p2"))
        False
        """
        s, r = t.seats.c, t.robot_seats.c
        with self._writing() as conn:
            handed = conn.execute(
                update(t.seats)
                .where(s.game_id == seat.game_id, s.role == seat.role, s.robot.is_(True))
                .values(
                    seat_id=seat.seat_id,
                    name=seat.name,
                    secret_hash=seat.secret_hash,
                    claim=seat.claim,
                    robot=False,
                )
            ).rowcount
            if not handed:
                return False
            conn.execute(
                delete(t.robot_seats).where(r.game_id == seat.game_id, r.role == seat.role)
            )
            self._notify_presence(conn, [seat.game_id], ROBOTS_NOTICE)
        return True

    def robots(self, game_id: str) -> list[RobotRecord]:
        """The robots of a game, by role."""
        r = t.robot_seats.c
        query = select(t.robot_seats).where(r.game_id == game_id).order_by(r.role)
        with self.engine.connect() as conn:
            return [
                RobotRecord(**{**row._mapping, "stand_in": bool(row.stand_in)})
                for row in conn.execute(query)
            ]

    # --- the event log ------------------------------------------------------------

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
        grouped (PostgreSQL: call :meth:`append` in a thread).

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> _ = store.create_game(GameRecord("g1", "ABC123", "quiz", {"game": "quiz"}, 0.0, "h"))
        >>> store.append_soon("g1", 0, "c1", 1.5, [{"type": "started"}]).result(timeout=5)
        1
        >>> store.append_soon("g1", 0, "c2", 2.0, [{"type": "again"}]).exception(timeout=5)
        Conflict('game g1 is at version 1, not 0')
        """
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
            with self._writing() as conn:
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
            if self._file is None:
                with self._writing() as conn:
                    driver = conn.connection.driver_connection
                    assert driver is not None
                    _append_each(driver.cursor(), items)
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
        assert self._write_lock is not None and self._file is not None
        with self._write_lock:
            if self._direct is None:
                self._direct = direct(self._file)
            cursor = self._direct.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                _append_each(cursor, items)
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
        if self.postgres and events:
            payload = f"{game_id}:{version}"
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": payload})
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

    # --- several processes: deadlines and presence -------------------------------------

    def set_deadline(self, game_id: str, version: int, deadline: float | None) -> None:
        """Note the game's next deadline (epoch seconds, None: none) as of ``version``;
        an older version's note never overwrites a newer one's."""
        with self._writing() as conn:
            conn.execute(
                update(t.games)
                .where(t.games.c.game_id == game_id, t.games.c.deadline_version <= version)
                .values(deadline=deadline, deadline_version=version)
            )

    def games_with_deadlines(self) -> list[str]:
        """The games that may need a timer: a deadline noted, or changed since the last note
        (the process that changed it may have died before noting the new deadline)."""
        query = select(t.games.c.game_id).where(
            or_(t.games.c.deadline.is_not(None), t.games.c.deadline_version < t.games.c.version)
        )
        with self.engine.connect() as conn:
            return [row.game_id for row in conn.execute(query.order_by(t.games.c.game_id))]

    def set_presence(
        self, instance: str, game_id: str, seat_id: str, connections: int, expires_at: float
    ) -> None:
        """How many connections ``instance`` (one server process) holds to a seat (0: none)."""
        p = t.presence.c
        with self._writing() as conn:
            conn.execute(
                delete(t.presence).where(
                    p.game_id == game_id, p.seat_id == seat_id, p.instance == instance
                )
            )
            if connections > 0:
                conn.execute(
                    insert(t.presence).values(
                        game_id=game_id,
                        seat_id=seat_id,
                        instance=instance,
                        connections=connections,
                        expires_at=expires_at,
                    )
                )
            self._notify_presence(conn, [game_id], instance)

    def refresh_presence(
        self, instance: str, seats: dict[tuple[str, str], int], expires_at: float, now: float
    ) -> list[str]:
        """``instance``'s connections are exactly ``seats`` ((game, seat) → connections),
        alive until ``expires_at``; every process's that expired (a process that died) are
        forgotten. The games whose presence changed so (the expired ones)."""
        p = t.presence.c
        with self._writing() as conn:
            conn.execute(delete(t.presence).where(p.instance == instance))
            rows = [
                {"game_id": game_id, "seat_id": seat_id, "instance": instance}
                | {"connections": count, "expires_at": expires_at}
                for (game_id, seat_id), count in seats.items()
                if count > 0
            ]
            if rows:
                conn.execute(insert(t.presence), rows)
            expired = [
                row.game_id
                for row in conn.execute(
                    select(p.game_id).where(p.expires_at < now).group_by(p.game_id)
                )
            ]
            if expired:
                conn.execute(delete(t.presence).where(p.expires_at < now))
                self._notify_presence(conn, expired, "")
        return expired

    def drop_presence(self, instance: str) -> list[str]:
        """Forget every connection of ``instance`` (it stops); the games concerned."""
        p = t.presence.c
        with self._writing() as conn:
            games = [
                row.game_id
                for row in conn.execute(
                    select(p.game_id).where(p.instance == instance).group_by(p.game_id)
                )
            ]
            conn.execute(delete(t.presence).where(p.instance == instance))
            self._notify_presence(conn, games, instance)
        return games

    def presence(self, game_id: str, now: float) -> dict[str, int]:
        """Connections per seat of a game, over every process (expired ones left out)."""
        p = t.presence.c
        query = (
            select(p.seat_id, func.sum(p.connections).label("n"))
            .where(p.game_id == game_id, p.expires_at >= now)
            .group_by(p.seat_id)
        )
        with self.engine.connect() as conn:
            return {row.seat_id: int(row.n) for row in conn.execute(query)}

    def _notify_presence(self, conn: Connection, games: list[str], instance: str) -> None:
        if not self.postgres:
            return
        for game_id in games:
            payload = f"{game_id}:{instance}"
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": PRESENCE_CHANNEL, "p": payload})

    # --- snapshots ------------------------------------------------------------------

    def save_snapshot(self, game_id: str, snapshot: Snapshot) -> None:
        """Keep a snapshot (idempotent: one per game and version)."""
        try:
            with self._writing() as conn:
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

    # --- media ----------------------------------------------------------------------

    def put_media(
        self,
        blob_id: str,
        content_type: str,
        data: bytes,
        at: float,
        owner: str | None = None,
        expires_at: float | None = None,
    ) -> None:
        """Keep a media file's bytes under ``blob_id`` (the same id twice: kept once),
        owned by ``owner`` (``draft:<hash>`` or ``game:<id>``) until ``expires_at``.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.put_media("b1", "image/png", b"png", 0.0)
        >>> store.media("b1"), store.media("b2")
        (('image/png', b'png'), None)
        """
        row = {"blob_id": blob_id, "content_type": content_type, "size": len(data)}
        row |= {"owner": owner, "expires_at": expires_at}
        try:
            with self._writing() as conn:
                conn.execute(insert(t.media).values(**row, created_at=at, data=data))
        except IntegrityError:
            return

    # --- drafts: the creation tickets bank uploads carry -------------------------

    def add_draft(self, draft_hash: str, at: float, expires_at: float) -> None:
        """Keep a new creation ticket (by its hash) until ``expires_at``."""
        values = {"draft_hash": draft_hash, "created_at": at, "expires_at": expires_at}
        with self._writing() as conn:
            conn.execute(insert(t.drafts).values(**values))

    def open_draft(self, draft_hash: str, now: float) -> float | None:
        """When an open ticket (not expired, no game made with it) expires; None if not open.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.add_draft("h", 0.0, 10.0)
        >>> store.open_draft("h", 5.0), store.open_draft("h", 10.0), store.open_draft("x", 0.0)
        (10.0, None, None)
        """
        query = select(t.drafts.c.expires_at).where(
            t.drafts.c.draft_hash == draft_hash,
            t.drafts.c.expires_at > now,
            t.drafts.c.game_id.is_(None),
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return float(found) if found is not None else None

    def take_draft(self, draft_hash: str, game_id: str, blob_ids: list[str], now: float) -> bool:
        """Consume an open ticket for ``game_id``: the draft's media the game names
        become the game's (kept as long as it); False (nothing changed) if not open.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.add_draft("h", 0.0, 10.0)
        >>> store.put_media("b1", "image/png", b"1", 0.0, "draft:h", 10.0)
        >>> store.put_media("b2", "image/png", b"2", 0.0, "draft:h", 10.0)
        >>> store.take_draft("h", "g1", ["b1"], 1.0), store.take_draft("h", "g2", [], 1.0)
        (True, False)
        >>> store.sweep_uploads(11.0), store.media("b1"), store.media("b2")
        (1, ('image/png', b'1'), None)
        """
        drafts, media = t.drafts, t.media
        with self._writing() as conn:
            taken = conn.execute(
                update(drafts)
                .where(
                    drafts.c.draft_hash == draft_hash,
                    drafts.c.expires_at > now,
                    drafts.c.game_id.is_(None),
                )
                .values(game_id=game_id)
            ).rowcount
            if taken != 1:
                return False
            for start in range(0, len(blob_ids), 500):
                conn.execute(
                    update(media)
                    .where(
                        media.c.owner == f"draft:{draft_hash}",
                        media.c.blob_id.in_(blob_ids[start : start + 500]),
                    )
                    .values(owner=f"game:{game_id}", expires_at=None)
                )
        return True

    def sweep_uploads(self, now: float) -> int:
        """Forget expired tickets and the media no game took from them; how many files went."""
        with self._writing() as conn:
            gone = conn.execute(delete(t.media).where(t.media.c.expires_at <= now)).rowcount
            conn.execute(delete(t.drafts).where(t.drafts.c.expires_at <= now))
        return int(gone or 0)

    def media(self, blob_id: str) -> tuple[str, bytes] | None:
        """A media file's content type and bytes (None when none is kept under the id)."""
        query = select(t.media.c.content_type, t.media.c.data).where(t.media.c.blob_id == blob_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row.content_type, bytes(row.data)) if row is not None else None


def _game(row: Any) -> GameRecord:
    return GameRecord(
        game_id=row["game_id"],
        code=row["code"],
        game=row["game"],
        spec=json.loads(row["spec"]),
        created_at=float(row["created_at"]),
        host_secret_hash=row["host_secret_hash"],
        demo=bool(row["demo"]),
        lang=row["lang"],
        next_game=row["next_game"],
    )
