"""The read and bookkeeping queries the background jobs need (kept out of the engine's ports)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, select, update
from sqlmodel import col

from assistant.events import Event, ThreadRecord, UserRecord
from assistant.ids import ThreadId, TurnId
from memory.db import Database
from memory.tables import EventRow, ThreadRow, UserRow
from memory.users import thread_record, user_record


class SqlJobQueries:
    """Cross-user scans (idle threads, inactive users) and the promotion watermark."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def idle_threads(self, cutoff: datetime, *, user: str | None = None) -> list[ThreadRecord]:
        """Threads (of ``user``, or everyone's) whose last event is at or before ``cutoff`` and that have events
        not yet promoted."""
        query = select(ThreadRow).where(
            col(ThreadRow.last_event_at) <= cutoff,
            col(ThreadRow.last_seq) > col(ThreadRow.promoted_through_seq),
        )
        if user is not None:
            query = query.where(col(ThreadRow.user_id) == user)
        with self.db.read() as session:
            rows = session.execute(query.order_by(col(ThreadRow.last_event_at))).scalars()
            return [thread_record(row) for row in rows]

    def mark_promoted(self, thread: ThreadId, through_seq: int) -> None:
        with self.db.write() as session:
            session.execute(
                update(ThreadRow)
                .where(col(ThreadRow.id) == thread, col(ThreadRow.promoted_through_seq) < through_seq)
                .values(promoted_through_seq=through_seq)
            )

    def mark_promoted_many(self, marks: Sequence[tuple[ThreadId, int]]) -> None:
        """:meth:`mark_promoted` for each (thread, seq), in one transaction (a watermark only moves forward)."""
        if not marks:
            return
        table = ThreadRow.__table__  # type: ignore[attr-defined]
        statement = (
            update(table)
            .where(table.c.id == bindparam("k_id"), table.c.promoted_through_seq < bindparam("k_seq"))
            .values(promoted_through_seq=bindparam("k_seq"))
        )
        with self.db.write() as session:
            session.connection().execute(statement, [{"k_id": t, "k_seq": seq} for t, seq in marks])

    def events_of(self, threads: Sequence[ThreadRecord]) -> dict[str, list[Event]]:
        """Each thread's events in append order, for a chunk of threads in one query (the promotion pass reads
        a chunk's logs at once instead of one query per thread). Only events written under the thread's owner
        are returned, so a thread's log is read in its owner's scope, as ``Directory.get_thread`` would."""
        owners = {t.id: t.user_id for t in threads}
        found: dict[str, list[Event]] = {t.id: [] for t in threads}
        if not owners:
            return found
        table = EventRow.__table__  # type: ignore[attr-defined]
        query = (
            select(table.c.seq, table.c.thread_id, table.c.user_id, table.c.turn_id, table.c.kind)
            .add_columns(table.c.body, table.c.created_at)
            .where(table.c.thread_id.in_(list(owners)))
            .order_by(table.c.seq)
        )
        with self.db.read() as session:
            for row in session.execute(query):
                if owners.get(row.thread_id) == row.user_id:
                    found[row.thread_id].append(
                        Event(
                            row.seq,
                            ThreadId(row.thread_id),
                            TurnId(row.turn_id),
                            row.kind,
                            row.body,
                            row.created_at,
                        )
                    )
        return found

    def promoted_through(self, threads: list[ThreadId]) -> dict[str, int]:
        """Each existing thread's promotion watermark (threads that no longer exist are absent)."""
        if not threads:
            return {}
        with self.db.read() as session:
            rows = session.execute(
                select(col(ThreadRow.id), col(ThreadRow.promoted_through_seq)).where(
                    col(ThreadRow.id).in_(threads)
                )
            ).all()
            return {str(thread): int(seq) for thread, seq in rows}

    def inactive_users(self, cutoff: datetime) -> list[UserRecord]:
        with self.db.read() as session:
            rows = session.execute(
                select(UserRow)
                .where(col(UserRow.last_active_at) < cutoff)
                .order_by(col(UserRow.last_active_at))
            ).scalars()
            return [user_record(row) for row in rows]
