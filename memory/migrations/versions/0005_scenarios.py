"""Bookings can be cancelled: a nullable ``cancelled_at`` on ``bookings`` (a cancelled booking stays on record).

Revision ID: 0005_scenarios
Revises: 0001_initial
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_scenarios"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("bookings") as batch:
        batch.add_column(sa.Column("cancelled_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("bookings") as batch:
        batch.drop_column("cancelled_at")
