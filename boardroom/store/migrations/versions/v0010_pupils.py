"""Pupils across lessons: a class's pupils with stable ids, and the games made for a class.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pupils",
        sa.Column("pupil_id", sa.String(40), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("list_id", sa.String(40), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("merged_into", sa.String(40), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_pupils_class", "pupils", ["owner_hash", "list_id"])
    op.create_table(
        "class_games",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("list_id", sa.String(40), nullable=False),
        sa.Column("linked_at", sa.Float, nullable=False),
    )
    op.create_index("ix_class_games_class", "class_games", ["owner_hash", "list_id"])


def downgrade() -> None:
    op.drop_index("ix_class_games_class", table_name="class_games")
    op.drop_table("class_games")
    op.drop_index("ix_pupils_class", table_name="pupils")
    op.drop_table("pupils")
