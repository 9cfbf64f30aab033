"""Creation drafts: a bank upload belongs to a draft, a game takes its media over, and
media no game took expire.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drafts",
        sa.Column("draft_hash", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("game_id", sa.String(40), nullable=True),
    )
    op.create_index("ix_drafts_expires", "drafts", ["expires_at"])
    with op.batch_alter_table("media") as batch:
        batch.add_column(sa.Column("owner", sa.String(80), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.Float, nullable=True))
    op.create_index("ix_media_expires", "media", ["expires_at"])
    op.create_index("ix_media_owner", "media", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_media_owner", "media")
    op.drop_index("ix_media_expires", "media")
    with op.batch_alter_table("media") as batch:
        batch.drop_column("expires_at")
        batch.drop_column("owner")
    op.drop_index("ix_drafts_expires", "drafts")
    op.drop_table("drafts")
