"""Work claims tell a live worker's lease from repeated failure: failures, the next retry time, the error kind.

Create Date: 2026-12-02

``attempts`` keeps counting how often a claim was taken; ``failures`` counts attempts that ended in an error or
in a crash (a lease that ran out with neither ``finish`` nor ``fail``); ``retry_at`` is when the backed-off claim
may be taken again (exponential, capped); ``error_kind`` is the last failure's error class, for the job report
and ``travel-assistant jobs failing``.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from memory.migrations.columns import add_columns, drop_columns

revision = "0004_claims_backoff"
down_revision = "0005_scenarios"


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("retry_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error_kind", sa.String(60), nullable=True),
    ]


def upgrade() -> None:
    add_columns("work_claims", _columns())
    # Claims left behind by the old permanent cap are failing work, not finished work: count their attempts as
    # failures so they show up as failing and are retried.
    op.execute(
        "UPDATE work_claims SET failures = attempts, error_kind = 'unknown' "
        "WHERE done_at IS NULL AND last_error IS NOT NULL"
    )


def downgrade() -> None:
    drop_columns("work_claims", _columns())
