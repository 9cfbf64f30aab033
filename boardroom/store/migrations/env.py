"""Alembic's environment: run the migrations on the connection the store hands over."""

from __future__ import annotations

from alembic import context

from boardroom.store.schema import metadata


def run_migrations_online() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only when Alembic runs us, not on a plain import
    run_migrations_online()
