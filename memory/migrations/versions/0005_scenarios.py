"""Bookings can be cancelled: a nullable ``cancelled_at`` on ``bookings`` (a cancelled booking stays on record).

Create Date: 2026-12-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from memory.migrations.columns import add_columns, drop_columns

revision = "0005_scenarios"
down_revision = "0001_initial"


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True),
    ]


def upgrade() -> None:
    add_columns("bookings", _columns())


def downgrade() -> None:
    drop_columns("bookings", _columns())
