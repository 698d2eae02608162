"""Alembic environment. Migrations run through ``memory.migrate.upgrade``, which hands us a live connection."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import memory.tables  # noqa: F401  (registers the tables on SQLModel.metadata for autogenerate)

target_metadata = SQLModel.metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through memory.migrate.upgrade(), not the alembic CLI")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    context.run_migrations()


run()
