"""A thread's log epoch and revision, so a process can cache a thread's events and read only the new ones.

Revision ID: 0008_thread_log_revision
Revises: 0007_demo_clock
Create Date: 2026-12-06

``log_epoch`` is new for every thread row created (a random hex string set by the model; the threads that
exist when this runs share the empty one, which no new row gets), ``log_revision`` counts the events appended
plus the in-place changes (remask, redaction). A cached copy of a thread's events is used only while both
agree with it (``memory.log_cache``).

Column types are spelled out here instead of imported from ``memory.tables`` so this migration keeps meaning
the same thing after the models change.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_thread_log_revision"
down_revision = "0007_demo_clock"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("threads") as batch:
        batch.add_column(sa.Column("log_epoch", sa.String(32), nullable=False, server_default=""))
        batch.add_column(sa.Column("log_revision", sa.BigInteger(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("threads") as batch:
        batch.drop_column("log_revision")
        batch.drop_column("log_epoch")
