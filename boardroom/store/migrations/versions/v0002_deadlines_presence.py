"""Several processes: each game's next deadline (for the sweep that gives every running
game a timer holder) and who is connected to which seat through which process.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("deadline", sa.Float, nullable=True))
    op.add_column(
        "games",
        sa.Column("deadline_version", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "presence",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seat_id", sa.String(40), primary_key=True),
        sa.Column("instance", sa.String(40), primary_key=True),
        sa.Column("connections", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_presence_instance", "presence", ["instance"])


def downgrade() -> None:
    op.drop_index("ix_presence_instance", "presence")
    op.drop_table("presence")
    op.drop_column("games", "deadline_version")
    op.drop_column("games", "deadline")
