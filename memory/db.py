"""Database engines for SQLite (default) and PostgreSQL, with the pragmas the thread log relies on."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import DateTime, Engine, TypeDecorator, create_engine, event
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from assistant.errors import StorageError


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on every backend.

    SQLite has no timezone type: values are stored as naive UTC and re-attached to UTC on the way out, so
    comparisons in Python never mix naive and aware datetimes.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the database; use UTC-aware datetimes")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Database:
    """Owns the engines. ``write_engine`` starts SQLite transactions with ``BEGIN IMMEDIATE``.

    Why: a deferred SQLite transaction that reads first and writes later can fail with SQLITE_BUSY *without*
    waiting for the busy timeout when another process committed in between. Taking the write lock up front
    makes concurrent writers (two schedulers, the app and the CLI) queue instead of fail.
    """

    def __init__(self, url: str, *, sqlite_synchronous: str = "FULL") -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        if self.is_sqlite:
            path = url.split("///", 1)[1] if "///" in url else ""
            if path and path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
            _install_sqlite_pragmas(self.engine, sqlite_synchronous)
        else:
            # NullPool would cost a connect per append; a small pool is right for one app process.
            self.engine = create_engine(url, pool_size=5, max_overflow=5, pool_pre_ping=True)
        self.write_engine = self.engine.execution_options(sqlite_begin="IMMEDIATE")

    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        with translate_errors(), Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextlib.contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose transaction commits on success and rolls back on error."""
        with (
            translate_errors(),
            Session(self.write_engine, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    def checkpoint(self) -> None:
        """Fold the WAL back into the main file and truncate it (used after erasure so no copy of erased rows
        lingers in the -wal file)."""
        if self.is_sqlite:
            with translate_errors(), self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def dispose(self) -> None:
        self.engine.dispose()


def _install_sqlite_pragmas(engine: Engine, synchronous: str) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event below emit BEGIN instead of pysqlite's implicit transactions.
        dbapi_conn.isolation_level = None
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        # Deleted rows are overwritten with zeros, so erased text does not survive in free pages.
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def rowcount(result: Any) -> int:
    """Rows touched by an UPDATE/DELETE (a CursorResult attribute the generic Result type does not declare)."""
    return int(getattr(result, "rowcount", 0) or 0)


@contextlib.contextmanager
def translate_errors() -> Iterator[None]:
    try:
        yield
    except SQLAlchemyError as exc:
        raise StorageError(f"database error: {type(exc).__name__}") from exc
