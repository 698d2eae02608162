"""The thread log and directory on SQL (SQLite by default, Postgres by ``DATABASE_URL``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, String, bindparam, case, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col

from assistant.errors import AccessDenied, NotFound
from assistant.events import USER, AppendResult, Event, NewEvent, ThreadRecord, UserRecord
from assistant.ids import ThreadId, TurnId, UserId
from memory.db import Database, UTCDateTime, translate_errors
from memory.tables import ClaimRow, EventRow, ThreadRow, UserRow


def _insert(db: Database, table: Any) -> Any:
    return (sqlite.insert if db.is_sqlite else postgresql.insert)(table)


_EVENTS = EventRow.__table__  # type: ignore[attr-defined]
_THREADS = ThreadRow.__table__  # type: ignore[attr-defined]
_USERS = UserRow.__table__  # type: ignore[attr-defined]


class _AppendStatements:
    """The append path's statements, built once with bind parameters.

    Building SQLAlchemy statements per call cost more than the database work itself (about 1 ms of CPU per
    append in a profile, on statement coercion and cache-key generation).
    """

    def __init__(self, db: Database) -> None:
        events, threads, users = _EVENTS, _THREADS, _USERS
        at = bindparam("at", type_=UTCDateTime())
        source = select(
            bindparam("thread", type_=String()),
            threads.c.user_id,
            bindparam("turn", type_=String()),
            bindparam("kind", type_=String()),
            bindparam("body", type_=JSON()),
            at,
        ).where(threads.c.id == bindparam("thread"))
        self.insert = (
            (sqlite.insert if db.is_sqlite else postgresql.insert)(events)
            .from_select(["thread_id", "user_id", "turn_id", "kind", "body", "created_at"], source)
            .on_conflict_do_nothing(index_elements=["thread_id", "turn_id", "kind"])
            .returning(events.c.seq)
        )
        self.find = select(events).where(
            events.c.thread_id == bindparam("thread"),
            events.c.turn_id == bindparam("turn"),
            events.c.kind == bindparam("kind"),
        )
        greatest = func.max if db.is_sqlite else func.greatest  # SQLite's two-argument max() is GREATEST

        def later(column: Any) -> Any:
            return case((column < at, at), else_=func.coalesce(column, at))

        values: dict[str, Any] = {
            "last_seq": greatest(threads.c.last_seq, bindparam("seq")),
            "last_event_at": later(threads.c.last_event_at),
        }
        where = threads.c.id == bindparam("thread")
        self.touch = update(threads).where(where).values(values).returning(threads.c.user_id)
        self.touch_user_turn = (
            update(threads)
            .where(where)
            .values({**values, "last_user_at": later(threads.c.last_user_at)})
            .returning(threads.c.user_id)
        )
        self.activity = (
            update(users)
            .where(users.c.id == bindparam("owner"), users.c.last_active_at < at)
            .values(last_active_at=at)
        )


def _event_row(row: Any) -> Event:
    return Event(row.seq, ThreadId(row.thread_id), TurnId(row.turn_id), row.kind, row.body, row.created_at)


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
        self._append = _AppendStatements(db)

    # -- thread log -------------------------------------------------------------------------------------

    def append(self, event: NewEvent) -> AppendResult:
        """Two or three prepared statements in one short write transaction: the hottest path of a turn.

        The insert takes the owner from the threads row (``INSERT … SELECT``), so a missing thread inserts
        nothing instead of costing a separate lookup; only when nothing was inserted do we look again, to
        tell a duplicate (return the stored event) from a missing thread (an error).
        """
        sql = self._append
        body = dict(event.body)
        key = {"thread": event.thread_id, "turn": event.turn_id, "kind": event.kind}
        with translate_errors(), self.db.write_engine.begin() as conn:
            seq = conn.execute(sql.insert, {**key, "body": body, "at": event.created_at}).scalar_one_or_none()
            if seq is None:
                row = conn.execute(sql.find, key).first()
                if row is None:
                    raise NotFound(f"thread {event.thread_id} does not exist")
                return AppendResult(_event_row(row), inserted=False)
            touch = sql.touch_user_turn if event.kind == USER else sql.touch
            owner = conn.execute(
                touch, {"thread": event.thread_id, "seq": seq, "at": event.created_at}
            ).scalar_one()
            if event.kind == USER:
                conn.execute(sql.activity, {"owner": owner, "at": event.created_at})
        return AppendResult(
            Event(seq, event.thread_id, event.turn_id, event.kind, body, event.created_at), True
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
