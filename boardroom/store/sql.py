"""The store: one database (:class:`~boardroom.store.db.Database`: one engine, one transaction
helper) and its repositories, one per concern, each over its own tables:

- ``store.events`` — the event log, command ids and snapshots (:mod:`.events`; SQLite's
  writer thread in :mod:`.writer`);
- ``store.games`` — games and seats, the game each goes on in (:mod:`.games`);
- ``store.robots`` — robot seats (:mod:`.robots`);
- ``store.processes`` — deadlines and presence, shared by server processes (:mod:`.processes`);
- ``store.uploads`` — media files and drafts (:mod:`.uploads`);
- ``store.shelf`` — a host's class lists and presets, a game's class (:mod:`.shelf`);
- ``store.handovers`` — the teacher's codes (:mod:`.handovers`);
- ``store.pupils`` — a host's pupils across lessons (:mod:`.pupils`).

Every method is synchronous and thread-safe; the server calls them through
``asyncio.to_thread``, but for SQLite's appends, which it hands to the writer thread
without waiting (:meth:`EventLog.append_soon <boardroom.store.events.EventLog.append_soon>`).

>>> store = Store("sqlite://")
>>> store.migrate()
>>> store.revision() == HEAD, store.ping()
(True, True)
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Connection

from boardroom.store.db import Database
from boardroom.store.events import EventLog
from boardroom.store.games import Games
from boardroom.store.handovers import Handovers
from boardroom.store.processes import Processes
from boardroom.store.pupils import Pupils
from boardroom.store.robots import Robots
from boardroom.store.shelf import Shelf
from boardroom.store.uploads import Uploads

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 7_140_512
HEAD = "0010"
"""The newest migration (a test checks it against Alembic's scripts)."""


class Store:
    """One database and its repositories (the server's rooms take the ones they use)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.db = db = Database(url)
        self.engine = db.engine
        self.postgres = db.postgres
        self.events = EventLog(db)
        self.games = Games(db)
        self.robots = Robots(db)
        self.processes = Processes(db)
        self.uploads = Uploads(db)
        self.shelf = Shelf(db)
        self.handovers = Handovers(db)
        self.pupils = Pupils(db.engine, db.writing)

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
        self.events.close()
        self.engine.dispose()

    def _writing(self) -> AbstractContextManager[Connection]:
        """The one transaction helper (:meth:`Database.writing`), for a repository still
        written as a mix-in of the store."""
        return self.db.writing()
