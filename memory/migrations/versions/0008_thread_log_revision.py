"""A thread's log epoch and revision, so a process can cache a thread's events and read only the new ones.

Create Date: 2026-12-06

``log_epoch`` is new for every thread row created (a random hex string set by the model; the threads that
exist when this runs share the empty one, which no new row gets), ``log_revision`` counts the events appended
plus the in-place changes (remask, redaction). A cached copy of a thread's events is used only while both
agree with it (``memory.log_cache``).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from memory.migrations.columns import add_columns, drop_columns

revision = "0008_thread_log_revision"
down_revision = "0007_demo_clock"


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("log_epoch", sa.String(32), nullable=False, server_default=""),
        sa.Column("log_revision", sa.BigInteger(), nullable=False, server_default="0"),
    ]


def upgrade() -> None:
    add_columns("threads", _columns())


def downgrade() -> None:
    drop_columns("threads", _columns())
