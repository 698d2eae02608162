"""Columns added to an existing table, and taken off again in reverse order on the way down.

A migration that adds columns lists them once, in a function that builds them afresh on every call (a Column
belongs to the one table it was first attached to, and a process may run the same upgrade more than once):
``upgrade`` adds that list and ``downgrade`` drops the same names, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op


def add_columns(table: str, columns: Sequence[sa.Column[Any]]) -> None:
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def drop_columns(table: str, columns: Sequence[sa.Column[Any]]) -> None:
    with op.batch_alter_table(table) as batch:
        for column in reversed(columns):
            batch.drop_column(column.name)
