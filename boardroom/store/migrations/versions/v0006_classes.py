"""Class lists and named presets kept for a host key, and the class a game was made for.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_lists",
        sa.Column("list_id", sa.String(40), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("names", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("owner_hash", "name", name="uq_class_lists_name"),
    )
    op.create_table(
        "named_presets",
        sa.Column("preset_id", sa.String(40), primary_key=True),
        sa.Column("owner_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("owner_hash", "game", "name", name="uq_named_presets_name"),
    )
    op.create_table(
        "game_classes",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("names", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("game_classes")
    op.drop_table("named_presets")
    op.drop_table("class_lists")
