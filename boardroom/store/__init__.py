"""Persistence: an append-only event log per game, seats, command ids, snapshots, and what a
host keeps between games — one repository per concern over one database.

``Store(url)`` opens SQLite (``sqlite:///path``; WAL, ``synchronous=FULL``) or
PostgreSQL (``postgresql://…``, psycopg 3); ``migrate()`` runs the Alembic
migrations; ``store.events``, ``store.games``, ``store.robots``, ``store.processes``,
``store.uploads``, ``store.shelf`` and ``store.handovers`` are its repositories (see
:mod:`boardroom.store.sql`). A game is rebuilt by folding its events after its latest snapshot.
"""

from boardroom.store.db import (
    NOTIFY_CHANNEL,
    PRESENCE_CHANNEL,
    ROBOTS_NOTICE,
    outage,
    sqlalchemy_url,
)
from boardroom.store.records import (
    ClassList,
    Conflict,
    GameRecord,
    NamedPreset,
    RobotRecord,
    SeatRecord,
    Snapshot,
    StoredEvent,
)
from boardroom.store.sql import Store

__all__ = [
    "NOTIFY_CHANNEL",
    "PRESENCE_CHANNEL",
    "ROBOTS_NOTICE",
    "ClassList",
    "Conflict",
    "GameRecord",
    "NamedPreset",
    "RobotRecord",
    "SeatRecord",
    "Snapshot",
    "Store",
    "StoredEvent",
    "outage",
    "sqlalchemy_url",
]
