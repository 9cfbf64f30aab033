"""Persistence: an append-only event log per game, seats, command ids, snapshots.

``Store(url)`` opens SQLite (``sqlite:///path``; WAL, ``synchronous=FULL``) or
PostgreSQL (``postgresql://…``, psycopg 3); ``migrate()`` runs the Alembic
migrations. A game is rebuilt by folding its events after its latest snapshot.
"""

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
from boardroom.store.sql import (
    NOTIFY_CHANNEL,
    PRESENCE_CHANNEL,
    ROBOTS_NOTICE,
    Store,
    outage,
    sqlalchemy_url,
)

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
