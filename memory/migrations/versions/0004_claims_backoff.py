"""Work claims tell a live worker's lease from repeated failure: failures, the next retry time, the error kind.

Revision ID: 0004_claims_backoff
Revises: 0005_scenarios
Create Date: 2026-12-02

``attempts`` keeps counting how often a claim was taken; ``failures`` counts attempts that ended in an error or
in a crash (a lease that ran out with neither ``finish`` nor ``fail``); ``retry_at`` is when the backed-off claim
may be taken again (exponential, capped); ``error_kind`` is the last failure's error class, for the job report
and ``travel-assistant jobs failing``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_claims_backoff"
down_revision = "0005_scenarios"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("work_claims") as batch:
        batch.add_column(sa.Column("failures", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("error_kind", sa.String(60), nullable=True))
    # Claims left behind by the old permanent cap are failing work, not finished work: count their attempts as
    # failures so they show up as failing and are retried.
    op.execute(
        "UPDATE work_claims SET failures = attempts, error_kind = 'unknown' "
        "WHERE done_at IS NULL AND last_error IS NOT NULL"
    )


def downgrade() -> None:
    with op.batch_alter_table("work_claims") as batch:
        batch.drop_column("error_kind")
        batch.drop_column("retry_at")
        batch.drop_column("failures")
