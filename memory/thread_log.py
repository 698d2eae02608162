"""The thread log and directory on SQL (SQLite by default, Postgres by ``DATABASE_URL``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col

from assistant.errors import AccessDenied, NotFound
from assistant.events import USER, AppendResult, Event, NewEvent, ThreadRecord, UserRecord
from assistant.ids import ThreadId, TurnId, UserId
from memory.db import Database
from memory.tables import ClaimRow, EventRow, ThreadRow, UserRow


def _insert(db: Database, table: Any) -> Any:
    return (sqlite.insert if db.is_sqlite else postgresql.insert)(table)


def _event(row: EventRow) -> Event:
    assert row.seq is not None
    return Event(
        seq=row.seq,
        thread_id=ThreadId(row.thread_id),
        turn_id=TurnId(row.turn_id),
        kind=row.kind,
        body=row.body,
        created_at=row.created_at,
    )


def _thread(row: ThreadRow) -> ThreadRecord:
    return ThreadRecord(
        id=ThreadId(row.id),
        user_id=UserId(row.user_id),
        title=row.title,
        created_at=row.created_at,
        last_user_at=row.last_user_at,
        last_event_at=row.last_event_at,
        last_seq=row.last_seq,
        promoted_through_seq=row.promoted_through_seq,
    )


def rowcount(result: Any) -> int:
    """Rows touched by an UPDATE/DELETE (a CursorResult attribute the generic Result type does not declare)."""
    return int(getattr(result, "rowcount", 0) or 0)


def _user(row: UserRow) -> UserRecord:
    return UserRecord(
        id=UserId(row.id),
        created_at=row.created_at,
        last_active_at=row.last_active_at,
        is_admin=row.is_admin,
        password_hash=row.password_hash,
    )


class SqlThreadStore:
    """Implements :class:`assistant.ports.ThreadLog` and :class:`assistant.ports.Directory`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- thread log -------------------------------------------------------------------------------------

    def append(self, event: NewEvent) -> AppendResult:
        with self.db.write() as session:
            thread = session.get(ThreadRow, event.thread_id)
            if thread is None:
                raise NotFound(f"thread {event.thread_id} does not exist")
            stmt = (
                _insert(self.db, EventRow)
                .values(
                    thread_id=event.thread_id,
                    user_id=thread.user_id,
                    turn_id=event.turn_id,
                    kind=event.kind,
                    body=dict(event.body),
                    created_at=event.created_at,
                )
                .on_conflict_do_nothing(index_elements=["thread_id", "turn_id", "kind"])
                .returning(col(EventRow.seq))
            )
            seq = session.execute(stmt).scalar_one_or_none()
            if seq is None:
                existing = session.execute(
                    select(EventRow).where(
                        col(EventRow.thread_id) == event.thread_id,
                        col(EventRow.turn_id) == event.turn_id,
                        col(EventRow.kind) == event.kind,
                    )
                ).scalar_one()
                return AppendResult(_event(existing), inserted=False)
            thread.last_seq = max(thread.last_seq, seq)
            thread.last_event_at = _later(thread.last_event_at, event.created_at)
            if event.kind == USER:
                thread.last_user_at = _later(thread.last_user_at, event.created_at)
                session.execute(
                    update(UserRow)
                    .where(col(UserRow.id) == thread.user_id, col(UserRow.last_active_at) < event.created_at)
                    .values(last_active_at=event.created_at)
                )
            session.add(thread)
            return AppendResult(
                Event(seq, event.thread_id, event.turn_id, event.kind, dict(event.body), event.created_at),
                inserted=True,
            )

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        with self.db.read() as session:
            rows = session.execute(
                select(EventRow)
                .where(col(EventRow.thread_id) == thread, col(EventRow.seq) > after_seq)
                .order_by(col(EventRow.seq))
            ).scalars()
            return [_event(row) for row in rows]

    # -- directory --------------------------------------------------------------------------------------

    def ensure_user(self, user: UserId, *, now: datetime) -> UserRecord:
        with self.db.write() as session:
            session.execute(
                _insert(self.db, UserRow)
                .values(id=user, created_at=now, last_active_at=now, is_admin=False)
                .on_conflict_do_nothing(index_elements=["id"])
            )
            row = session.get(UserRow, user)
            assert row is not None
            return _user(row)

    def get_user(self, user: UserId) -> UserRecord | None:
        with self.db.read() as session:
            row = session.get(UserRow, user)
            return _user(row) if row else None

    def set_password(self, user: UserId, password_hash: str, *, is_admin: bool, now: datetime) -> None:
        self.ensure_user(user, now=now)
        with self.db.write() as session:
            session.execute(
                update(UserRow)
                .where(col(UserRow.id) == user)
                .values(password_hash=password_hash, is_admin=is_admin)
            )

    def open_thread(self, user: UserId, thread: ThreadId, *, now: datetime) -> ThreadRecord:
        with self.db.write() as session:
            if session.get(UserRow, user) is None:
                raise NotFound(f"unknown user {user}")
            session.execute(
                _insert(self.db, ThreadRow)
                .values(id=thread, user_id=user, title="", created_at=now, last_seq=0, promoted_through_seq=0)
                .on_conflict_do_nothing(index_elements=["id"])
            )
            row = session.get(ThreadRow, thread)
            assert row is not None
            if row.user_id != user:
                raise AccessDenied(f"thread {thread} is not available to user {user}")
            return _thread(row)

    def get_thread(self, user: UserId, thread: ThreadId) -> ThreadRecord | None:
        with self.db.read() as session:
            row = session.get(ThreadRow, thread)
            return _thread(row) if row is not None and row.user_id == user else None

    def threads_of(self, user: UserId) -> list[ThreadRecord]:
        with self.db.read() as session:
            rows = session.execute(
                select(ThreadRow)
                .where(col(ThreadRow.user_id) == user)
                .order_by(
                    func.coalesce(col(ThreadRow.last_event_at), col(ThreadRow.created_at)).desc(),
                    col(ThreadRow.id),
                )
            ).scalars()
            return [_thread(row) for row in rows]

    def rename_thread(self, user: UserId, thread: ThreadId, title: str) -> None:
        with self.db.write() as session:
            row = _owned(session, user, thread)
            row.title = title[:200]
            session.add(row)

    def delete_thread(self, user: UserId, thread: ThreadId) -> int:
        with self.db.write() as session:
            _owned(session, user, thread)
            removed = rowcount(session.execute(delete(EventRow).where(col(EventRow.thread_id) == thread)))
            session.execute(
                delete(ClaimRow).where(col(ClaimRow.job) == "promote", col(ClaimRow.item) == thread)
            )
            session.execute(delete(ThreadRow).where(col(ThreadRow.id) == thread))
            return int(removed)


def _owned(session: Session, user: UserId, thread: ThreadId) -> ThreadRow:
    row = session.get(ThreadRow, thread)
    if row is None or row.user_id != user:
        # Same answer for "missing" and "somebody else's": an id probe learns nothing.
        raise NotFound(f"thread {thread} not found")
    return row


def _later(current: datetime | None, new: datetime) -> datetime:
    return new if current is None or new > current else current


class SqlJobQueries:
    """The read and bookkeeping queries the background jobs need (kept out of the engine's ports)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def idle_threads(self, cutoff: datetime) -> list[ThreadRecord]:
        """Threads whose last event is at or before ``cutoff`` and that have events not yet promoted."""
        with self.db.read() as session:
            rows = session.execute(
                select(ThreadRow)
                .where(
                    col(ThreadRow.last_event_at) <= cutoff,
                    col(ThreadRow.last_seq) > col(ThreadRow.promoted_through_seq),
                )
                .order_by(col(ThreadRow.last_event_at))
            ).scalars()
            return [_thread(row) for row in rows]

    def mark_promoted(self, thread: ThreadId, through_seq: int) -> None:
        with self.db.write() as session:
            session.execute(
                update(ThreadRow)
                .where(col(ThreadRow.id) == thread, col(ThreadRow.promoted_through_seq) < through_seq)
                .values(promoted_through_seq=through_seq)
            )

    def inactive_users(self, cutoff: datetime) -> list[UserRecord]:
        with self.db.read() as session:
            rows = session.execute(
                select(UserRow)
                .where(col(UserRow.last_active_at) < cutoff)
                .order_by(col(UserRow.last_active_at))
            ).scalars()
            return [_user(row) for row in rows]


def owner_of(db: Database, thread: ThreadId) -> UserId | None:
    """The owner of a thread, for the web layer's ownership checks (never exposed to other users)."""
    with db.read() as session:
        row = session.get(ThreadRow, thread)
        return UserId(row.user_id) if row else None
