"""Named locks with a lease (SQLite's cross-process lock; Postgres uses advisory locks).

Revision ID: 0003_ops
Revises: 0001_initial
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_ops"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "locks",
        sa.Column("name", sa.String(80), primary_key=True),
        sa.Column("holder", sa.String(40), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("locks")
