"""Named locks across processes, held in the app database (every process that shares the data shares it).

Why in the database: the fact table may live in object storage, where a file lock next to the data means
nothing, and the app workers, the scheduler and CLI calls may run on different machines. What they all share
is the database.

* **Postgres**: a session-level advisory lock (``pg_try_advisory_lock``) on a connection held for the duration.
  If the holder dies, its connection closes and the server releases the lock at once: a killed scheduler
  never leaves maintenance blocked.
* **SQLite** (one machine by nature: the database is a local file): an OS file lock (``flock``) on a small
  file per name beside the database file. The kernel drops it when the holder's process dies, so a SIGKILLed
  promotion never leaves a user's facts locked (a lease in a table would have kept them locked until it ran
  out, and every pass in between would have failed).

Waiting polls ``try``-acquires with a short sleep up to ``timeout`` (no process blocks inside the database
holding other locks while it waits), then raises :class:`~assistant.errors.StorageError`.
"""

from __future__ import annotations

import fcntl
import hashlib
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import text

from assistant.errors import StorageError
from assistant.fact_records import Fact, FactDraft, WriteOutcome
from assistant.facts.memory import FactMemory
from assistant.ids import UserScope
from assistant.ports import FactBatch, FactMaintenance, FactStore
from memory.db import Database, translate_errors

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

    def __init__(self, db: Database, *, timeout: float = 120.0) -> None:
        self.db = db
        self.timeout = timeout
        # A private in-memory SQLite database has no file to lock beside; its locks live in a temporary folder.
        self._folder = _lock_folder(db)

    @contextmanager
    def hold(self, name: str, *, timeout: float | None = None) -> Iterator[None]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        if self.db.is_sqlite:
            with self._file_lock(name, deadline):
                yield
        else:
            with self._advisory_lock([name], deadline):
                yield

    @contextmanager
    def hold_many(self, names: Sequence[str], *, timeout: float | None = None) -> Iterator[None]:
        """Hold every lock in ``names`` at once (a batch of users' fact writes). They are taken in sorted
        order, so two batches never wait for each other in a cycle; a single :meth:`hold` never waits while
        holding another of these. On Postgres they share one connection."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        ordered = sorted(set(names))
        if not self.db.is_sqlite:
            with self._advisory_lock(ordered, deadline):
                yield
            return
        with ExitStack() as stack:
            for name in ordered:
                stack.enter_context(self._file_lock(name, deadline))
            yield

    @contextmanager
    def _advisory_lock(self, names: Sequence[str], deadline: float) -> Iterator[None]:
        held: list[int] = []
        with translate_errors(), self.db.engine.connect() as conn:
            # Autocommit: the lock belongs to the session, and no transaction stays open while it is held.
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            try:
                for name in names:
                    key = lock_key(name)
                    while not conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": key}).scalar_one():
                        _wait(name, deadline)
                    held.append(key)
                yield
            finally:
                for key in reversed(held):
                    conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": key})

    @contextmanager
    def _file_lock(self, name: str, deadline: float) -> Iterator[None]:
        # One open file per holder: flock excludes other open files (other processes and other threads alike).
        path = self._folder / f"{hashlib.sha256(name.encode()).hexdigest()[:32]}.lock"
        with open(path, "a+b") as handle:
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    _wait(name, deadline)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def _lock_folder(db: Database) -> Path:
    path = db.url.split("///", 1)[1] if "///" in db.url else ""
    if not db.is_sqlite:
        return Path(tempfile.gettempdir())
    if path and path != ":memory:":
        folder = Path(path).resolve().parent / (Path(path).name + ".locks")
    else:
        folder = Path(tempfile.mkdtemp(prefix="travel-locks-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


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

    def __init__(
        self,
        store: FactStore,
        maintenance: FactMaintenance,
        batch: FactBatch | None = None,
        *,
        locks: DbLocks,
    ) -> None:
        super().__init__(store, maintenance, batch)
        self.locks = locks

    def users_held(self, users: Sequence[str]) -> AbstractContextManager[None]:
        return self.locks.hold_many([hashed("facts", user) for user in users])

    def record(self, scope: UserScope, draft: FactDraft, *, now: datetime) -> WriteOutcome:
        with self.locks.hold(hashed("facts", scope.user)):
            return super().record(scope, draft, now=now)

    def rollback(self, scope: UserScope, key: str, version: int, *, now: datetime) -> Fact:
        with self.locks.hold(hashed("facts", scope.user)):
            return super().rollback(scope, key, version, now=now)
