"""SQLModel tables. Only ``memory`` (and the demo booking system, for ``bookings``) imports this module; the
engine works with the value types in ``assistant.events`` and never sees a table class.

Every table that holds a user's data carries a ``user_id`` column, even where it could be joined through, so
the privacy registry (``memory.registry``) can export and erase by one predicate and a test can prove no table
was forgotten.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from uuid import uuid4

from sqlalchemy import JSON, BigInteger, Column, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

from memory.db import UTCDateTime

# SQLite only auto-increments an INTEGER PRIMARY KEY; Postgres wants BIGINT for a log that only grows.
SeqType = BigInteger().with_variant(Integer(), "sqlite")


def new_log_epoch() -> str:
    return uuid4().hex


class UserRow(SQLModel, table=True):
    __tablename__ = "users"

    id: str = Field(primary_key=True, max_length=64)
    created_at: datetime = Field(sa_type=UTCDateTime)
    # Last *user turn* (not login, not a background job): the inactivity wipe counts from here.
    last_active_at: datetime = Field(sa_type=UTCDateTime, index=True)
    is_admin: bool = Field(default=False)
    password_hash: str | None = Field(default=None, max_length=255)


class ThreadRow(SQLModel, table=True):
    __tablename__ = "threads"
    __table_args__ = (Index("ix_threads_user_recent", "user_id", "last_event_at"),)

    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(foreign_key="users.id", max_length=64)
    title: str = Field(default="", max_length=200)
    created_at: datetime = Field(sa_type=UTCDateTime)
    last_user_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_event_at: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    last_seq: int = Field(default=0, sa_type=BigInteger)
    # Promotion is incremental: events with seq <= this were already offered to promotion.
    promoted_through_seq: int = Field(default=0, sa_type=BigInteger)
    # What lets a process keep a thread's log in memory and read only what was appended since (memory.log_cache):
    # the epoch is new whenever a thread row is created, so a deleted thread whose id comes back is never taken
    # for the old one; the revision goes up by one for every event appended and by at least one for every change
    # made to logged events in place (remask, redaction). Whatever changes the events table must move it too.
    log_epoch: str = Field(
        default_factory=new_log_epoch, max_length=32, sa_column_kwargs={"server_default": ""}
    )
    log_revision: int = Field(default=0, sa_type=BigInteger, sa_column_kwargs={"server_default": "0"})


class EventRow(SQLModel, table=True):
    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("thread_id", "turn_id", "kind", name="uq_events_thread_turn_kind"),
        Index("ix_events_thread_seq", "thread_id", "seq"),
    )

    seq: int | None = Field(default=None, sa_column=Column(SeqType, primary_key=True, autoincrement=True))
    thread_id: str = Field(foreign_key="threads.id", max_length=64)
    user_id: str = Field(max_length=64, index=True)
    turn_id: str = Field(max_length=64)
    kind: str = Field(max_length=32)
    body: dict[str, Any] = Field(sa_type=JSON)
    created_at: datetime = Field(sa_type=UTCDateTime)


class BookingRow(SQLModel, table=True):
    __tablename__ = "bookings"

    id: str = Field(primary_key=True, max_length=32)
    user_id: str = Field(max_length=64, index=True)
    # Derived from thread + turn + tool call: a resumed turn that calls book_flight again gets this row back.
    idempotency_key: str = Field(max_length=64, unique=True)
    flight_id: str = Field(max_length=40)
    hotel_id: str = Field(max_length=20)
    check_in: date
    check_out: date
    meal: str | None = Field(default=None, max_length=40)
    created_at: datetime = Field(sa_type=UTCDateTime)
    cancelled_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class ClaimRow(SQLModel, table=True):
    """Exactly-once work claims for background jobs (APScheduler 3 does not coordinate processes)."""

    __tablename__ = "work_claims"

    job: str = Field(primary_key=True, max_length=32)
    item: str = Field(primary_key=True, max_length=64)
    # What the claim covers: for promotion the thread's last seq, for the wipe the user's last activity.
    watermark: int = Field(primary_key=True, sa_type=BigInteger)
    user_id: str = Field(max_length=64, index=True)
    owner: str = Field(max_length=80)
    lease_until: datetime = Field(sa_type=UTCDateTime)
    attempts: int = Field(default=1)
    done_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    last_error: str | None = Field(default=None, max_length=500)
    # Attempts that ended in an error or a crash; the claim is not taken again before ``retry_at`` (backoff).
    failures: int = Field(default=0)
    retry_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    error_kind: str | None = Field(default=None, max_length=60)
    # The outcome of the work (e.g. a thread's promotion decisions, secrets redacted). It is the user's data,
    # so it lives here (erased with the user) and not in job_runs.
    report: dict[str, Any] | None = Field(default=None, sa_type=JSON)


class JobRunRow(SQLModel, table=True):
    """One row per job pass. Reports hold counts and reasons only, never user content or ids."""

    __tablename__ = "job_runs"

    id: int | None = Field(default=None, sa_column=Column(SeqType, primary_key=True, autoincrement=True))
    job: str = Field(max_length=32, index=True)
    runner: str = Field(max_length=80)
    as_of: datetime = Field(sa_type=UTCDateTime)
    finished_at: datetime = Field(sa_type=UTCDateTime)
    report: dict[str, Any] = Field(sa_type=JSON)


class AuditRow(SQLModel, table=True):
    """Erasure and deletion audit trail. Survives the erasure it records; holds counts, never content.

    The subject is a keyed hash of the user id, so the trail can answer "was this user erased, and when?"
    for someone who already knows the id, without keeping the id itself.
    """

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, sa_column=Column(SeqType, primary_key=True, autoincrement=True))
    at: datetime = Field(sa_type=UTCDateTime)
    actor: str = Field(max_length=80)
    action: str = Field(max_length=40)
    subject_hash: str = Field(max_length=64, index=True)
    details: dict[str, Any] = Field(sa_type=JSON)


class LoginSessionRow(SQLModel, table=True):
    """Server-side login sessions (``assistant.sessions``). ``id`` is a SHA-256 of the token id the browser
    holds, never the id itself. Rows are the user's data: erasure deletes them, which ends every login."""

    __tablename__ = "login_sessions"

    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(foreign_key="users.id", max_length=64, index=True)
    created_at: datetime = Field(sa_type=UTCDateTime)
    # Absolute: set at login and never moved, whatever renews the token.
    expires_at: datetime = Field(sa_type=UTCDateTime, index=True)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    revoked_reason: str | None = Field(default=None, max_length=32)


class DemoClockRow(SQLModel, table=True):
    """A demo user's clock: how far it is set from real time (development and demos only; ignored in
    production). One row per user whose clock is shifted; no row means real time."""

    __tablename__ = "demo_clocks"

    user_id: str = Field(primary_key=True, foreign_key="users.id", max_length=64)
    offset_seconds: float
    updated_at: datetime = Field(sa_type=UTCDateTime)
