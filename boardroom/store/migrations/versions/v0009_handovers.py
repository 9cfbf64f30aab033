"""Teacher's codes: the host's key (and chosen games) handed to another browser, kept for a
few minutes by the code's hash only, sealed by the code, used once.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "handovers",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("box", sa.LargeBinary, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("used_at", sa.Float, nullable=True),
    )
    op.create_index("ix_handovers_expires", "handovers", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_handovers_expires", table_name="handovers")
    op.drop_table("handovers")
