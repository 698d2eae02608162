"""Demo clocks on SQL: how far each demo user's clock is set from real time.

An offset rather than a fixed moment, so time keeps running after a jump (a conversation's turns are minutes
apart, as they would be), and "advance 30 minutes" is an addition. Rows are the user's data: erasure deletes
them with the user (``memory.registry``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlmodel import col

from assistant.errors import NotFound
from assistant.ids import UserId
from memory.db import Database
from memory.tables import DemoClockRow, UserRow


class SqlDemoClocks:
    def __init__(self, db: Database) -> None:
        self.db = db

    def offset(self, user: UserId) -> timedelta:
        with self.db.read() as session:
            row = session.get(DemoClockRow, user)
            return timedelta(seconds=row.offset_seconds) if row is not None else timedelta(0)

    def shifted(self) -> dict[UserId, timedelta]:
        """Every user whose clock is not real time, with its offset."""
        with self.db.read() as session:
            rows = session.execute(select(DemoClockRow)).scalars()
            return {UserId(r.user_id): timedelta(seconds=r.offset_seconds) for r in rows}

    def set_offset(self, user: UserId, offset: timedelta, *, now: datetime) -> None:
        """Store ``offset`` for ``user``; a zero offset removes the row (real time)."""
        with self.db.write() as session:
            if session.get(UserRow, user) is None:
                raise NotFound(f"unknown user {user}")
            row = session.get(DemoClockRow, user)
            if not offset:
                if row is not None:
                    session.delete(row)
                return
            if row is None:
                session.add(DemoClockRow(user_id=user, offset_seconds=offset.total_seconds(), updated_at=now))
            else:
                row.offset_seconds = offset.total_seconds()
                row.updated_at = now
                session.add(row)

    def clear(self, user: UserId) -> None:
        with self.db.write() as session:
            session.execute(delete(DemoClockRow).where(col(DemoClockRow.user_id) == user))
