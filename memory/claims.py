"""Exactly-once work claims in the database.

APScheduler 3 does not coordinate processes that share a job store: two schedulers run every job twice. So the
jobs never rely on being alone. Each unit of work (one thread's promotion up to a watermark, one user's wipe)
is claimed with an insert that only one process can win (``INSERT … ON CONFLICT DO NOTHING`` on the primary
key). A claim carries a lease; a worker that crashed leaves an unfinished claim whose lease expires, and the
next pass takes it over with a conditional update (on Postgres, rows another worker holds are skipped with
``FOR UPDATE SKIP LOCKED`` instead of waited on).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col

from memory.db import Database, rowcount
from memory.tables import ClaimRow

MAX_ATTEMPTS = 5


@dataclass(frozen=True, slots=True)
class ClaimKey:
    job: str
    item: str
    watermark: int


class SqlClaims:
    def __init__(self, db: Database, owner: str) -> None:
        self.db = db
        self.owner = owner[:80]

    def claim(self, key: ClaimKey, *, user: str, now: datetime, lease: timedelta) -> bool:
        """True if this worker now owns ``key``: freshly inserted, or taken over after its lease expired."""
        insert = sqlite.insert if self.db.is_sqlite else postgresql.insert
        with self.db.write() as session:
            inserted = session.execute(
                insert(ClaimRow)
                .values(
                    job=key.job,
                    item=key.item,
                    watermark=key.watermark,
                    user_id=user,
                    owner=self.owner,
                    lease_until=now + lease,
                    attempts=1,
                )
                .on_conflict_do_nothing(index_elements=["job", "item", "watermark"])
                # RETURNING, not rowcount: psycopg reports -1 for INSERT … ON CONFLICT through SQLAlchemy.
                .returning(col(ClaimRow.job))
            ).first()
            if inserted is not None:
                return True
            pk = _pk(key)
            if not self.db.is_sqlite:
                locked = session.execute(
                    select(col(ClaimRow.job)).where(*pk).with_for_update(skip_locked=True)
                ).first()
                if locked is None:
                    return False  # another worker is deciding about this row right now
            taken = rowcount(
                session.execute(
                    update(ClaimRow)
                    .where(
                        *pk,
                        col(ClaimRow.done_at).is_(None),
                        col(ClaimRow.lease_until) < now,
                        col(ClaimRow.attempts) < MAX_ATTEMPTS,
                    )
                    .values(owner=self.owner, lease_until=now + lease, attempts=col(ClaimRow.attempts) + 1)
                )
            )
            return bool(taken == 1)

    def finish(self, key: ClaimKey, *, now: datetime, report: dict[str, Any] | None = None) -> None:
        with self.db.write() as session:
            session.execute(
                update(ClaimRow)
                .where(*_pk(key), col(ClaimRow.owner) == self.owner)
                .values(done_at=now, report=report, last_error=None)
            )

    def fail(self, key: ClaimKey, *, now: datetime, error: str) -> None:
        """Record the error and release the lease at once, so the next pass retries (up to MAX_ATTEMPTS)."""
        with self.db.write() as session:
            session.execute(
                update(ClaimRow)
                .where(*_pk(key), col(ClaimRow.owner) == self.owner)
                .values(lease_until=now, last_error=error[:500])
            )

    def attempts(self, key: ClaimKey) -> int:
        with self.db.read() as session:
            row = session.get(ClaimRow, (key.job, key.item, key.watermark))
            return row.attempts if row else 0

    def report_of(self, key: ClaimKey) -> dict[str, Any] | None:
        with self.db.read() as session:
            row = session.get(ClaimRow, (key.job, key.item, key.watermark))
            return row.report if row else None


def _pk(key: ClaimKey) -> tuple[Any, ...]:
    return (
        col(ClaimRow.job) == key.job,
        col(ClaimRow.item) == key.item,
        col(ClaimRow.watermark) == key.watermark,
    )


class SqlJobRuns:
    """The admin-visible history of job passes (counts only)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def record(
        self, *, job: str, runner: str, as_of: datetime, finished_at: datetime, report: dict[str, Any]
    ) -> None:
        from memory.tables import JobRunRow

        with self.db.write() as session:
            session.add(
                JobRunRow(job=job, runner=runner[:80], as_of=as_of, finished_at=finished_at, report=report)
            )

    def recent(self, *, job: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        from memory.tables import JobRunRow

        with self.db.read() as session:
            query = select(JobRunRow).order_by(col(JobRunRow.id).desc()).limit(limit)
            if job:
                query = query.where(col(JobRunRow.job) == job)
            rows = session.execute(query).scalars().all()
            return [
                {
                    "job": r.job,
                    "runner": r.runner,
                    "as_of": r.as_of.isoformat(),
                    "finished_at": r.finished_at.isoformat(),
                    "report": r.report,
                }
                for r in rows
            ]
