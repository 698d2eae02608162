"""Exactly-once work claims in the database.

APScheduler 3 does not coordinate processes that share a job store: two schedulers run every job twice. So the
jobs never rely on being alone. Each unit of work (one thread's promotion up to a watermark, one user's wipe)
is claimed with an insert that only one process can win (``INSERT … ON CONFLICT DO NOTHING`` on the primary
key). A claim carries a lease; a worker that crashed leaves an unfinished claim whose lease expires, and the
next pass takes it over (on Postgres, rows another worker holds are skipped with ``FOR UPDATE SKIP LOCKED``
instead of waited on).

A lease held by a live worker and work that keeps failing are different things and are reported differently:
a failed (or crashed) attempt is counted, the claim backs off exponentially (capped) and is retried, never
given up on; ``failing`` lists such claims and ``requeue`` makes them due at once (``travel-assistant jobs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col

from assistant.jsonable import JsonRecord
from memory.db import Database
from memory.tables import ClaimRow

CRASHED = "WorkerLost"  # the error kind of an attempt whose lease ran out with neither finish nor fail


@dataclass(frozen=True, slots=True)
class ClaimKey:
    job: str
    item: str
    watermark: int


class ClaimStatus(StrEnum):
    """What a claim attempt found. Only ``WON`` lets the caller work; the others say why not."""

    WON = "won"
    HELD = "held"  # another worker holds an unexpired lease: it is (as far as anyone can tell) working on it
    BACKING_OFF = "backing_off"  # earlier attempts failed; not retried before ``retry_at``
    DONE = "done"


@dataclass(frozen=True, slots=True, kw_only=True)
class Backoff:
    """Exponential backoff after failed attempts, capped: ``base * 2**(failures - 1)``, at most ``cap``.

    There is no attempt limit: a thread whose promotion keeps failing (a model outage, a crash) is retried,
    ever less often, until it succeeds or an admin looks at it (``travel-assistant jobs failing``)."""

    base: timedelta = timedelta(seconds=60)
    cap: timedelta = timedelta(hours=1)

    def after(self, failures: int) -> timedelta:
        if failures <= 0:
            return timedelta(0)
        return min(self.cap, self.base * int(2 ** min(failures - 1, 30)))


@dataclass(frozen=True, slots=True, kw_only=True)
class FailingClaim(JsonRecord):
    """An unfinished claim whose last attempt failed (or crashed), for reports and the admin's list."""

    job: str
    item: str
    watermark: int
    user_id: str
    attempts: int
    failures: int
    error_kind: str
    last_error: str
    retry_at: datetime | None


class SqlClaims:
    """Claims with leases and backoff.

    A row's attempts and failures tell its state apart: ``attempts == failures`` means no attempt is in flight
    (each ended with ``fail``); ``attempts == failures + 1`` means one is, or its worker died. Which of the two
    only the lease can tell: an unexpired lease is a live worker (``HELD``); an expired one whose attempt was
    never failed is a crash, counted as a failure (``WorkerLost``) when the next worker finds it.
    """

    def __init__(self, db: Database, owner: str, *, backoff: Backoff | None = None) -> None:
        self.db = db
        self.owner = owner[:80]
        self.backoff = backoff or Backoff()

    def claim(self, key: ClaimKey, *, user: str, now: datetime, lease: timedelta) -> bool:
        """True if this worker now owns ``key`` (see :meth:`try_claim` for why not)."""
        return self.try_claim(key, user=user, now=now, lease=lease) is ClaimStatus.WON

    def try_claim(self, key: ClaimKey, *, user: str, now: datetime, lease: timedelta) -> ClaimStatus:
        """Take ``key``: freshly inserted, or taken over once its lease has expired and its backoff passed.

        Race: the row is read and updated in one write transaction that holds it (``BEGIN IMMEDIATE`` on
        SQLite, ``FOR UPDATE SKIP LOCKED`` on Postgres, where a row another worker is deciding about counts as
        held), so two workers can never both win a takeover."""
        with self.db.write() as session:
            return self._claim_in(session, key, user=user, now=now, lease=lease)

    def try_claim_many(
        self, keys: Sequence[tuple[ClaimKey, str]], *, now: datetime, lease: timedelta
    ) -> list[ClaimStatus]:
        """:meth:`try_claim` for each (key, user), in one transaction: each key is still claimed (won, held,
        done, backing off) on its own row and by the same rules; only the commit is shared, so a pass over
        thousands of threads does not pay a disk flush per thread."""
        # One order for every worker (by item): on Postgres an insert that conflicts with another
        # transaction's uncommitted insert waits for it, and two batches taking rows in opposite orders
        # would deadlock.
        order = sorted(range(len(keys)), key=lambda i: (keys[i][0].item, keys[i][0].watermark))
        statuses: dict[int, ClaimStatus] = {}
        with self.db.write() as session:
            for i in order:
                key, user = keys[i]
                statuses[i] = self._claim_in(session, key, user=user, now=now, lease=lease)
        return [statuses[i] for i in range(len(keys))]

    def _claim_in(
        self, session: Any, key: ClaimKey, *, user: str, now: datetime, lease: timedelta
    ) -> ClaimStatus:
        insert = sqlite.insert if self.db.is_sqlite else postgresql.insert
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
                failures=0,
            )
            .on_conflict_do_nothing(index_elements=["job", "item", "watermark"])
            # RETURNING, not rowcount: psycopg reports -1 for INSERT … ON CONFLICT through SQLAlchemy.
            .returning(col(ClaimRow.job))
        ).first()
        if inserted is not None:
            return ClaimStatus.WON
        query = select(ClaimRow).where(*_pk(key))
        if not self.db.is_sqlite:
            query = query.with_for_update(skip_locked=True)
        row = session.execute(query).scalars().first()
        if row is None:
            return ClaimStatus.HELD  # another worker is deciding about this row right now
        status = self._decide(row, now)
        if status is ClaimStatus.WON:
            row.failures = min(row.failures, row.attempts)  # keeps "attempts > failures" = in flight
            row.owner, row.lease_until, row.attempts = self.owner, now + lease, row.attempts + 1
        return status

    def _decide(self, row: ClaimRow, now: datetime) -> ClaimStatus:
        """The state of an existing row at ``now``; records a crashed attempt as a failure on the way."""
        if row.done_at is not None:
            return ClaimStatus.DONE
        if row.lease_until > now:
            return ClaimStatus.HELD
        if row.attempts > row.failures:  # the last attempt neither finished nor failed: its worker died
            row.failures += 1
            row.error_kind = CRASHED
            row.last_error = "the worker stopped before finishing (its lease ran out)"
            row.retry_at = row.lease_until + self.backoff.after(row.failures)
        if row.retry_at is not None and row.retry_at > now:
            return ClaimStatus.BACKING_OFF
        return ClaimStatus.WON

    def finish(self, key: ClaimKey, *, now: datetime, report: dict[str, Any] | None = None) -> None:
        with self.db.write() as session:
            session.execute(
                update(ClaimRow)
                .where(*_pk(key), col(ClaimRow.owner) == self.owner)
                .values(done_at=now, report=report, last_error=None, error_kind=None, retry_at=None)
            )

    def finish_many(self, done: Sequence[tuple[ClaimKey, dict[str, Any] | None]], *, now: datetime) -> None:
        """:meth:`finish` for each (key, report), in one transaction."""
        if not done:
            return
        table = ClaimRow.__table__  # type: ignore[attr-defined]
        statement = (
            update(table)
            .where(
                table.c.job == bindparam("k_job"),
                table.c.item == bindparam("k_item"),
                table.c.watermark == bindparam("k_watermark"),
                table.c.owner == self.owner,
            )
            .values(
                done_at=now, report=bindparam("k_report"), last_error=None, error_kind=None, retry_at=None
            )
        )
        rows = [
            {"k_job": k.job, "k_item": k.item, "k_watermark": k.watermark, "k_report": report}
            for k, report in done
        ]
        with self.db.write() as session:
            session.connection().execute(statement, rows)  # one executemany

    def fail(self, key: ClaimKey, *, now: datetime, error: str, kind: str = "Error") -> datetime:
        """Record the failure, release the lease and schedule the retry (exponential backoff, capped).

        Returns when the claim may be taken again."""
        with self.db.write() as session:
            row = (
                session.execute(select(ClaimRow).where(*_pk(key), col(ClaimRow.owner) == self.owner))
                .scalars()
                .first()
            )
            if row is None or row.done_at is not None:
                return now
            row.failures = max(row.failures + 1, row.attempts)  # this attempt, and any crash before it
            row.lease_until, row.last_error, row.error_kind = now, error[:500], kind[:60]
            retry_at = now + self.backoff.after(row.failures)
            row.retry_at = retry_at
            return retry_at

    def state(self, key: ClaimKey, *, now: datetime) -> FailingClaim | None:
        """The claim as a failing one, if its last attempt failed or crashed (None if none, done or healthy)."""
        with self.db.read() as session:
            row = session.get(ClaimRow, (key.job, key.item, key.watermark))
            return _failing(row, now, self.backoff) if row is not None else None

    def failing(self, *, job: str | None, now: datetime) -> list[FailingClaim]:
        """Unfinished claims that failed or crashed, newest watermark per item (an older one is obsolete once
        a newer watermark of the same item exists)."""
        with self.db.read() as session:
            query = select(ClaimRow).order_by(col(ClaimRow.job), col(ClaimRow.item), col(ClaimRow.watermark))
            if job:
                query = query.where(col(ClaimRow.job) == job)
            newest: dict[tuple[str, str], ClaimRow] = {}
            for row in session.execute(query).scalars():
                newest[(row.job, row.item)] = row
        found = (_failing(row, now, self.backoff) for row in newest.values())
        return [f for f in found if f is not None]

    def requeue(self, *, job: str, item: str | None, now: datetime) -> int:
        """Make failing claims (of one item, or all of ``job``) retryable at once; a held lease is left alone.

        The failure count starts again, so the next failure backs off from the base interval."""
        with self.db.write() as session:
            query = select(ClaimRow).where(
                col(ClaimRow.job) == job, col(ClaimRow.done_at).is_(None), col(ClaimRow.lease_until) <= now
            )
            if item is not None:
                query = query.where(col(ClaimRow.item) == item)
            count = 0
            for row in session.execute(query).scalars():
                if row.failures == 0 and row.attempts == 0:
                    continue
                row.attempts = row.failures = 0
                row.retry_at = None
                count += 1
            return count

    def finished_reports(
        self, *, job: str, user: str, limit: int = 50
    ) -> list[tuple[datetime, dict[str, Any]]]:
        """A user's finished claims of ``job`` that carry a report, newest first, with when each finished
        (the memory panel's promotion log)."""
        with self.db.read() as session:
            rows = session.execute(
                select(ClaimRow)
                .where(
                    col(ClaimRow.job) == job,
                    col(ClaimRow.user_id) == user,
                    col(ClaimRow.done_at).is_not(None),
                    col(ClaimRow.report).is_not(None),
                )
                .order_by(col(ClaimRow.done_at).desc())
                .limit(limit)
            ).scalars()
            return [(row.done_at, row.report) for row in rows if row.done_at and row.report is not None]

    def finished_mark(self, *, job: str, user: str) -> tuple[int, datetime | None]:
        """How many of the user's claims of ``job`` have finished, and the newest finish: a cheap mark that
        changes whenever one more finishes (the memory panel watches it)."""
        with self.db.read() as session:
            count, newest = session.execute(
                select(func.count(), func.max(ClaimRow.done_at)).where(
                    col(ClaimRow.job) == job,
                    col(ClaimRow.user_id) == user,
                    col(ClaimRow.done_at).is_not(None),
                )
            ).one()
            return int(count), newest

    def attempts(self, key: ClaimKey) -> int:
        with self.db.read() as session:
            row = session.get(ClaimRow, (key.job, key.item, key.watermark))
            return row.attempts if row else 0

    def report_of(self, key: ClaimKey) -> dict[str, Any] | None:
        with self.db.read() as session:
            row = session.get(ClaimRow, (key.job, key.item, key.watermark))
            return row.report if row else None


def _failing(row: ClaimRow, now: datetime, backoff: Backoff) -> FailingClaim | None:
    if row.done_at is not None:
        return None
    failures, kind, error, retry_at = row.failures, row.error_kind, row.last_error, row.retry_at
    if row.attempts > row.failures and row.lease_until <= now:  # crashed, not yet noticed by a worker
        failures, kind = failures + 1, CRASHED
        error = "the worker stopped before finishing (its lease ran out)"
        retry_at = row.lease_until + backoff.after(failures)
    if failures == 0:
        return None
    return FailingClaim(
        job=row.job,
        item=row.item,
        watermark=row.watermark,
        user_id=row.user_id,
        attempts=row.attempts,
        failures=failures,
        error_kind=kind or "unknown",
        last_error=error or "",
        retry_at=retry_at,
    )


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
