"""The tables, as SQLAlchemy Core metadata (the migrations create the same)."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("game", String(20), nullable=False),
    Column("spec", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("host_secret_hash", String(64), nullable=False),
    Column("demo", Boolean, nullable=False, default=False),
    Column("version", Integer, nullable=False, default=0),
    Column("deadline", Float, nullable=True),
    Column("deadline_version", Integer, nullable=False, default=0, server_default="0"),
    Column("lang", String(8), nullable=True),
    Column("next_game", String(40), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seat_id", String(40), primary_key=True),
    Column("role", String(64), nullable=False),
    Column("name", String(80), nullable=False),
    Column("secret_hash", String(64), nullable=False),
    Column("claim", String(64), nullable=False),
    Column("robot", Boolean, nullable=False, default=False),
    UniqueConstraint("game_id", "claim", name="uq_seats_claim"),
    Index("ix_seats_secret", "secret_hash"),
)

events = Table(
    "events",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("command_id", String(160), nullable=True),
    Column("at", Float, nullable=False),
    Column("body", Text, nullable=False),
)

commands = Table(
    "commands",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("command_id", String(160), primary_key=True),
    Column("version", Integer, nullable=False),
)

snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("state", LargeBinary, nullable=False),
)

presence = Table(
    "presence",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seat_id", String(40), primary_key=True),
    Column("instance", String(40), primary_key=True),
    Column("connections", Integer, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_presence_instance", "instance"),
)

media = Table(
    "media",
    metadata,
    Column("blob_id", String(40), primary_key=True),
    Column("content_type", String(100), nullable=False),
    Column("size", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("data", LargeBinary, nullable=False),
    Column("owner", String(80), nullable=True),
    Column("expires_at", Float, nullable=True),
    Index("ix_media_expires", "expires_at"),
    Index("ix_media_owner", "owner"),
)
"""``owner``: ``draft:<hash>`` while an upload's, ``game:<id>`` once a game took it (NULL:
kept from before drafts). ``expires_at``: when a draft's file goes (NULL: kept)."""

drafts = Table(
    "drafts",
    metadata,
    Column("draft_hash", String(64), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("game_id", String(40), nullable=True),
    Index("ix_drafts_expires", "expires_at"),
)
"""A creation ticket (its hash): bank uploads carry it, ``create game`` consumes it."""

robot_seats = Table(
    "robot_seats",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("role", String(64), primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("level", String(20), nullable=False),
    Column("accuracy", Float, nullable=False),
    Column("stand_in", Boolean, nullable=False),
)

class_lists = Table(
    "class_lists",
    metadata,
    Column("list_id", String(40), primary_key=True),
    Column("owner_hash", String(64), nullable=False),
    Column("name", String(80), nullable=False),
    Column("names", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("owner_hash", "name", name="uq_class_lists_name"),
)
"""A host's class: a named list of pupils' names (JSON). ``owner_hash``: the hash of the
host key it belongs to (never the key)."""

named_presets = Table(
    "named_presets",
    metadata,
    Column("preset_id", String(40), primary_key=True),
    Column("owner_hash", String(64), nullable=False),
    Column("name", String(80), nullable=False),
    Column("game", String(20), nullable=False),
    Column("settings", Text, nullable=False),
    Column("created_at", Float, nullable=False),
    UniqueConstraint("owner_hash", "game", "name", name="uq_named_presets_name"),
)
"""A host's named settings for one game kind (JSON), owned like a class list."""

game_classes = Table(
    "game_classes",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("names", Text, nullable=False),
)
"""The class a game was made for: its names (JSON), offered on the join page."""

handovers = Table(
    "handovers",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("box", LargeBinary, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
    Index("ix_handovers_expires", "expires_at"),
)
"""A teacher's code (``web/teacher_code.py``): its slow hash, and until it is used or expires
the host key and host secrets it carries, sealed by the code itself (``box``; NULL after)."""

pupils = Table(
    "pupils",
    metadata,
    Column("pupil_id", String(40), primary_key=True),
    Column("owner_hash", String(64), nullable=False),
    Column("list_id", String(40), nullable=False),
    Column("name", String(80), nullable=False),
    Column("merged_into", String(40), nullable=True),
    Column("created_at", Float, nullable=False),
    Index("ix_pupils_class", "owner_hash", "list_id"),
)
"""A pupil of a host's class (``store/pupils.py``): a stable id for a name. A saved class's
names are its pupils; a name a seat was given that none of them has is a pupil too, until
the teacher merges it into another (``merged_into``: then its name is one more spelling
of that pupil's)."""

class_games = Table(
    "class_games",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("owner_hash", String(64), nullable=False),
    Column("list_id", String(40), nullable=False),
    Column("linked_at", Float, nullable=False),
    Index("ix_class_games_class", "owner_hash", "list_id"),
)
"""A lesson of a host's class: a game made for it (its seats' names are the class's pupils)."""
