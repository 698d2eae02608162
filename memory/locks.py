"""Named locks across processes, held in the app database (every process that shares the data shares it).

Why in the database: the fact table may live in object storage, where a file lock next to the data means
nothing, and the app workers, the scheduler and CLI calls may run on different machines. What they all share
is the database.

* **Postgres**: a session-level advisory lock (``pg_try_advisory_lock``) on a connection held for the duration.
  If the holder dies, its connection closes and the server releases the lock at once: a killed scheduler
  never leaves maintenance blocked.
* **SQLite** (one machine): a row in ``locks`` with a lease, taken by an insert that only one process can win
  or by taking over an expired lease. A crashed holder's lease runs out after ``lease``.

Waiting polls ``try``-acquires with a short sleep up to ``timeout`` (no process blocks inside the database
holding other locks while it waits), then raises :class:`~assistant.errors.StorageError`.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, text
from sqlalchemy.dialects import sqlite
from sqlmodel import col

from assistant.errors import StorageError
from assistant.facts import Fact, FactDraft, FactMemory, WriteOutcome
from assistant.ids import UserScope
from assistant.ports import FactMaintenance, FactStore
from memory.db import Database, translate_errors
from memory.tables import LockRow

_POLL_SECONDS = 0.05


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for ``name`` (Postgres keys are bigint)."""
    return int.from_bytes(
        hashlib.sha256(b"travel-assistant-lock:" + name.encode()).digest()[:8], "big", signed=True
    )


def hashed(prefix: str, value: str) -> str:
    """A lock name that does not spell out ``value`` (lock names naming a user must not hold the user id)."""
    return f"{prefix}:{hashlib.sha256(value.encode()).hexdigest()[:32]}"


class DbLocks:
    """``with locks.hold("name"):`` runs the block while no other process holds "name"."""

    def __init__(
        self, db: Database, *, timeout: float = 120.0, lease: timedelta = timedelta(minutes=15)
    ) -> None:
        self.db = db
        self.timeout = timeout
        self.lease = lease

    @contextmanager
    def hold(self, name: str, *, timeout: float | None = None) -> Iterator[None]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        if self.db.is_sqlite:
            with self._row_lock(name, deadline):
                yield
        else:
            with self._advisory_lock(name, deadline):
                yield

    @contextmanager
    def _advisory_lock(self, name: str, deadline: float) -> Iterator[None]:
        key = lock_key(name)
        with translate_errors(), self.db.engine.connect() as conn:
            # Autocommit: the lock belongs to the session, and no transaction stays open while it is held.
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            while not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar_one():
                _wait(name, deadline)
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})

    @contextmanager
    def _row_lock(self, name: str, deadline: float) -> Iterator[None]:
        holder = uuid.uuid4().hex
        while not self._take_row(name, holder):
            _wait(name, deadline)
        try:
            yield
        finally:
            with translate_errors(), self.db.write_engine.begin() as conn:
                conn.execute(delete(LockRow).where(col(LockRow.name) == name, col(LockRow.holder) == holder))

    def _take_row(self, name: str, holder: str) -> bool:
        now = datetime.now(UTC)
        insert = sqlite.insert(LockRow).values(name=name, holder=holder, lease_until=now + self.lease)
        statement = insert.on_conflict_do_update(
            index_elements=["name"],
            set_={"holder": holder, "lease_until": now + self.lease},
            where=col(LockRow.lease_until) < now,
        ).returning(col(LockRow.holder))
        # The engine, not a session: a lock is infrastructure under whatever the caller's session is doing.
        with translate_errors(), self.db.write_engine.begin() as conn:
            won = conn.execute(statement).first()
            return won is not None and won[0] == holder


def _wait(name: str, deadline: float) -> None:
    if time.monotonic() >= deadline:
        raise StorageError(
            f"timed out waiting for the {name.split(':', 1)[0]} lock (held by another process)"
        )
    time.sleep(_POLL_SECONDS)


class SerializedFactMemory(FactMemory):
    """:class:`FactMemory` whose read-modify-write operations hold a per-user lock across processes.

    ``record`` reads the key's history, then writes version n+1 and retires version n. Two workers writing the
    same user's fact at once (a "remember that …" on one worker while the scheduler promotes the same user's
    thread on another) would both read version n and both write n+1; holding the user's lock across the read
    and the writes makes the second see the first's version. Different users never wait for each other.
    """

    def __init__(self, store: FactStore, maintenance: FactMaintenance, *, locks: DbLocks) -> None:
        super().__init__(store, maintenance)
        self.locks = locks

    def record(self, scope: UserScope, draft: FactDraft, *, now: datetime) -> WriteOutcome:
        with self.locks.hold(hashed("facts", scope.user)):
            return super().record(scope, draft, now=now)

    def rollback(self, scope: UserScope, key: str, version: int, *, now: datetime) -> Fact:
        with self.locks.hold(hashed("facts", scope.user)):
            return super().rollback(scope, key, version, now=now)
