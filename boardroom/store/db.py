"""One engine and one transaction helper, which every repository of the store shares.

:class:`Database` opens SQLite (``sqlite:///path``; WAL, ``synchronous=FULL``) or PostgreSQL
(``postgresql://…``, psycopg 3). Reads take a connection of :attr:`Database.engine`; every
write is :meth:`Database.writing`: one transaction, under this process's write lock on SQLite
(one writer at a time), and :meth:`Database.notify` tells the other processes (PostgreSQL's
``NOTIFY``, inside the same transaction; nothing on SQLite, where there is one process).

>>> db = Database("sqlite://")
>>> with db.writing() as conn:
...     conn.execute(text("CREATE TABLE t (x INTEGER)")).rowcount
-1
>>> db.postgres, db.file
(False, None)
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import StaticPool

NOTIFY_CHANNEL = "boardroom"
PRESENCE_CHANNEL = "boardroom_presence"
ROBOTS_NOTICE = "robots"
"""The presence channel's word (in place of a process's instance) that a game's robot
seats changed: every process reads them again."""


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


class Database:
    """The engine every repository reads through, and its one way to write."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.write_lock = threading.Lock() if not self.postgres else None
        """SQLite has one writer: this process's writes take turns."""
        database = None if self.postgres else self.engine.url.database
        self.file = database if database not in (None, "", ":memory:") else None
        """SQLite's database file (None: PostgreSQL, or SQLite in memory, whose one
        connection is the pool's)."""

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction (committed when the block ends, rolled back if it raises)."""
        if self.write_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self.write_lock, self.engine.begin() as conn:
            yield conn

    def notify(self, conn: Connection, channel: str, payloads: Iterable[str]) -> None:
        """Tell the other processes, when ``conn``'s transaction commits (PostgreSQL only)."""
        if not self.postgres:
            return
        for payload in payloads:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": channel, "p": payload})

    def notify_presence(self, conn: Connection, games: list[str], instance: str) -> None:
        """The presence channel's notice that ``games``' seats changed (``instance``: the
        process that changed them, or :data:`ROBOTS_NOTICE`, or ``""``: expired ones)."""
        self.notify(conn, PRESENCE_CHANNEL, (f"{game_id}:{instance}" for game_id in games))
