"""The game a game goes on in ("play again"): the pointer from the old game to the new one,
so that a seat that comes back later (after a restart too) follows it.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("next_game", sa.String(40), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "next_game")
