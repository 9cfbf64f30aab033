"""Robot seats: the host's choice for each robot (kind, level, accuracy) and the stand-ins
that keep a departed person's seat until they return.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "robot_seats",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("role", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("level", sa.String(20), nullable=False),
        sa.Column("accuracy", sa.Float, nullable=False),
        sa.Column("stand_in", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("robot_seats")
