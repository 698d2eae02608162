"""A candidate ``append`` on SQLAlchemy Core, for ``python -m benchmarks.thread_log --compare`` only.

Not production code: it exists so the benchmark can show what the ORM Session costs on top of the same
statements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import BigInteger, bindparam, case, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import SQLModel

from assistant.errors import NotFound
from assistant.events import AppendResult, Event, EventKind, NewEvent
from assistant.ids import ThreadId, TurnId
from memory.db import Database, UTCDateTime
from memory.tables import EventRow  # noqa: F401  (registers the tables on SQLModel.metadata)


def core_append(db: Database) -> Callable[[NewEvent], AppendResult]:
    """What ``SqlThreadLog.append`` would look like on SQLAlchemy Core: the same statements in the same
    transaction (``BEGIN IMMEDIATE`` on SQLite via ``write_engine``), but prebuilt with bind parameters and
    run on a Connection, without an ORM Session, identity map, ``session.get`` or unit-of-work flush."""
    tables = SQLModel.metadata.tables
    events, threads_t, users_t = tables["events"], tables["threads"], tables["users"]
    ins = sqlite.insert if db.is_sqlite else postgresql.insert
    at = bindparam("at", type_=UTCDateTime())
    seq = bindparam("seq", type_=BigInteger())
    owner = select(threads_t.c.user_id).where(threads_t.c.id == bindparam("t"))
    insert_event = (
        ins(events)
        .values(
            thread_id=bindparam("t"),
            user_id=bindparam("u"),
            turn_id=bindparam("turn"),
            kind=bindparam("kind"),
            body=bindparam("body", type_=events.c.body.type),
            created_at=at,
        )
        .on_conflict_do_nothing(index_elements=["thread_id", "turn_id", "kind"])
        .returning(events.c.seq)
    )

    def later(column: ColumnElement[Any]) -> ColumnElement[Any]:
        return case((or_(column.is_(None), column < at), at), else_=column)

    bump: dict[str, Any] = {
        "last_seq": case((threads_t.c.last_seq < seq, seq), else_=threads_t.c.last_seq),
        "last_event_at": later(threads_t.c.last_event_at),
        "log_revision": threads_t.c.log_revision + 1,  # as SqlThreadLog's append moves it (memory.log_cache)
    }
    bump_thread = update(threads_t).where(threads_t.c.id == bindparam("t")).values(**bump)
    bump_thread_user = (
        update(threads_t)
        .where(threads_t.c.id == bindparam("t"))
        .values(**bump, last_user_at=later(threads_t.c.last_user_at))
    )
    touch_user = (
        update(users_t)
        .where(users_t.c.id == bindparam("u"), users_t.c.last_active_at < at)
        .values(last_active_at=at)
    )
    existing = select(events).where(
        events.c.thread_id == bindparam("t"),
        events.c.turn_id == bindparam("turn"),
        events.c.kind == bindparam("kind"),
    )

    def append(event: NewEvent) -> AppendResult:
        params = {"t": event.thread_id, "turn": event.turn_id, "kind": event.kind, "at": event.created_at}
        with db.write_engine.begin() as conn:
            user = conn.execute(owner, params).scalar_one_or_none()
            if user is None:
                raise NotFound(f"thread {event.thread_id} does not exist")
            params["u"] = user
            new_seq = conn.execute(insert_event, {**params, "body": dict(event.body)}).scalar_one_or_none()
            if new_seq is None:
                row = conn.execute(existing, params).one()
                stored = Event(
                    row.seq, ThreadId(row.thread_id), TurnId(row.turn_id), row.kind, row.body, row.created_at
                )
                return AppendResult(stored, inserted=False)
            if event.kind == EventKind.USER:
                conn.execute(bump_thread_user, {**params, "seq": new_seq})
                conn.execute(touch_user, params)
            else:
                conn.execute(bump_thread, {**params, "seq": new_seq})
        body = dict(event.body)
        stored = Event(new_seq, event.thread_id, event.turn_id, event.kind, body, event.created_at)
        return AppendResult(stored, inserted=True)

    return append
