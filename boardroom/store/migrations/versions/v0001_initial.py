"""The first tables: games, seats, events, commands, snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("host_secret_hash", sa.String(64), nullable=False),
        sa.Column("demo", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seat_id", sa.String(40), primary_key=True),
        sa.Column("role", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("claim", sa.String(64), nullable=False),
        sa.Column("robot", sa.Boolean, nullable=False),
        sa.UniqueConstraint("game_id", "claim", name="uq_seats_claim"),
    )
    op.create_index("ix_seats_secret", "seats", ["secret_hash"])
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("command_id", sa.String(160), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
    )
    op.create_table(
        "commands",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("command_id", sa.String(160), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    for table in ("snapshots", "commands", "events", "seats", "games"):
        op.drop_table(table)
