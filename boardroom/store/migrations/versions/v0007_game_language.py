"""The game's language: the host's choice at creation, which every page of the game starts
in (none for the games made before it was kept, and for those made without one through the
API: their pages follow each browser, as before).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("lang", sa.String(8), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "lang")
