"""Thread log, users, bookings, work claims, job runs and the audit trail.

Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None

SEQ = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    _accounts_and_threads()
    _bookings()
    _jobs_and_audit()


def _accounts_and_threads() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("last_active_at", TS, nullable=False),
        sa.Column("is_admin", sa.Boolean(), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
    )
    op.create_index("ix_users_last_active_at", "users", ["last_active_at"])

    op.create_table(
        "threads",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(64), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("last_user_at", TS, nullable=True),
        sa.Column("last_event_at", TS, nullable=True),
        sa.Column("last_seq", sa.BigInteger(), nullable=False),
        sa.Column("promoted_through_seq", sa.BigInteger(), nullable=False),
    )
    op.create_index("ix_threads_last_event_at", "threads", ["last_event_at"])
    op.create_index("ix_threads_user_recent", "threads", ["user_id", "last_event_at"])

    op.create_table(
        "events",
        sa.Column("seq", SEQ, primary_key=True, autoincrement=True),
        sa.Column("thread_id", sa.String(64), sa.ForeignKey("threads.id"), nullable=False),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("turn_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.UniqueConstraint("thread_id", "turn_id", "kind", name="uq_events_thread_turn_kind"),
    )
    op.create_index("ix_events_thread_seq", "events", ["thread_id", "seq"])
    op.create_index("ix_events_user_id", "events", ["user_id"])


def _bookings() -> None:
    op.create_table(
        "bookings",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("idempotency_key", sa.String(64), nullable=False, unique=True),
        sa.Column("flight_id", sa.String(40), nullable=False),
        sa.Column("hotel_id", sa.String(20), nullable=False),
        sa.Column("check_in", sa.Date(), nullable=False),
        sa.Column("check_out", sa.Date(), nullable=False),
        sa.Column("meal", sa.String(40), nullable=True),
        sa.Column("created_at", TS, nullable=False),
    )
    op.create_index("ix_bookings_user_id", "bookings", ["user_id"])


def _jobs_and_audit() -> None:
    op.create_table(
        "work_claims",
        sa.Column("job", sa.String(32), primary_key=True),
        sa.Column("item", sa.String(64), primary_key=True),
        sa.Column("watermark", sa.BigInteger(), primary_key=True),
        sa.Column("user_id", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("lease_until", TS, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("done_at", TS, nullable=True),
        sa.Column("last_error", sa.String(500), nullable=True),
        sa.Column("report", sa.JSON(), nullable=True),
    )
    op.create_index("ix_work_claims_user_id", "work_claims", ["user_id"])

    op.create_table(
        "job_runs",
        sa.Column("id", SEQ, primary_key=True, autoincrement=True),
        sa.Column("job", sa.String(32), nullable=False),
        sa.Column("runner", sa.String(80), nullable=False),
        sa.Column("as_of", TS, nullable=False),
        sa.Column("finished_at", TS, nullable=False),
        sa.Column("report", sa.JSON(), nullable=False),
    )
    op.create_index("ix_job_runs_job", "job_runs", ["job"])

    op.create_table(
        "audit_log",
        sa.Column("id", SEQ, primary_key=True, autoincrement=True),
        sa.Column("at", TS, nullable=False),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("subject_hash", sa.String(64), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
    )
    op.create_index("ix_audit_log_subject_hash", "audit_log", ["subject_hash"])


def downgrade() -> None:
    for table in ("audit_log", "job_runs", "work_claims", "bookings", "events", "threads", "users"):
        op.drop_table(table)
