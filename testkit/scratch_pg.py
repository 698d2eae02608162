"""Throwaway Postgres databases, for the benchmarks that measure both backends and for the test suite.

Each run creates a database of its own next to the admin connection and drops it ``WITH (FORCE)`` afterwards,
so an aborted run's open connections cannot keep it alive. Only databases named by these helpers (the
``bench_`` or ``travel_`` prefix) are ever dropped.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text

PG_ADMIN_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
_OURS = ("bench_", "travel_")


def _admin(admin_url: str, statement: str) -> None:
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(statement))
    finally:
        admin.dispose()


def create_database(prefix: str, *, admin_url: str = PG_ADMIN_URL) -> str:
    """A new empty database named ``<prefix><hex>``; returns its URL (the admin URL's server and user)."""
    if not prefix.startswith(_OURS):
        raise ValueError(f"scratch database names start with one of {_OURS}, not {prefix!r}")
    name = f"{prefix}{uuid.uuid4().hex[:10]}"
    _admin(admin_url, f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name


def drop_database(url: str, *, admin_url: str = PG_ADMIN_URL) -> None:
    name = url.rsplit("/", 1)[1]
    if not name.startswith(_OURS):
        raise ValueError(f"refusing to drop {name!r}: not a scratch database")
    _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def scratch_database(prefix: str, *, admin_url: str = PG_ADMIN_URL) -> Iterator[str]:
    """A database for the ``with`` block, dropped at its end however the block ends."""
    url = create_database(prefix, admin_url=admin_url)
    try:
        yield url
    finally:
        drop_database(url, admin_url=admin_url)
