"""The thread log on SQL (SQLite by default, Postgres by ``DATABASE_URL``): the :class:`assistant.ports.ThreadLog`
port. Users and thread ownership are in ``memory.users``; both work on the same tables, because an append moves
its thread's watermarks and its owner's activity clock in the same transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, String, and_, bindparam, case, func, select, type_coerce, update
from sqlalchemy.dialects import postgresql, sqlite

from assistant.errors import NotFound
from assistant.events import AppendResult, Event, EventKind, NewEvent
from assistant.faults import crash_point
from assistant.ids import ThreadId, TurnId
from assistant.remask import check_remask
from memory.db import Database, UTCDateTime, translate_errors
from memory.log_cache import CachedLog, LogCache
from memory.tables import EventRow, ThreadRow, UserRow

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
        key = [events.c.seq, events.c.thread_id, events.c.turn_id, events.c.kind]
        # On SQLite the stored text of the body and the time, decoded by _sqlite_event.
        raw = [type_coerce(events.c.body, String()), type_coerce(events.c.created_at, String())]
        columns = [*key, *(raw if db.is_sqlite else [events.c.body, events.c.created_at])]
        after = events.c.seq > bindparam("after")
        self.events = (
            select(*columns).where(events.c.thread_id == bindparam("thread"), after).order_by(events.c.seq)
        )
        self.logged = _with_log_revision(columns, after)
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
            # One per event appended (memory.log_cache): a group's events move it by their number, at once.
            "log_revision": threads.c.log_revision + bindparam("added"),
        }
        where = threads.c.id == bindparam("thread")
        self.touch = update(threads).where(where).values(values).returning(threads.c.user_id)
        user_at = bindparam("user_at", type_=UTCDateTime())
        last_user = case(
            (threads.c.last_user_at < user_at, user_at), else_=func.coalesce(threads.c.last_user_at, user_at)
        )
        self.touch_user_turn = (
            update(threads)
            .where(where)
            .values({**values, "last_user_at": last_user})
            .returning(threads.c.user_id)
        )
        self.activity = (
            update(users)
            .where(users.c.id == bindparam("owner"), users.c.last_active_at < at)
            .values(last_active_at=at)
        )


def _with_log_revision(columns: list[Any], after: Any) -> Any:
    """The thread row's log epoch and revision with its events after a seq, in one statement (one snapshot): a
    row of NULL events when there are none, no row when there is no such thread."""
    events, threads = _EVENTS, _THREADS
    return (
        select(threads.c.log_epoch, threads.c.log_revision, *columns)
        .select_from(threads.outerjoin(events, and_(events.c.thread_id == threads.c.id, after)))
        .where(threads.c.id == bindparam("thread"))
        .order_by(events.c.seq)
    )


def log_changed(thread: ThreadId) -> Any:
    """The statement that tells every process's cached copy of ``thread``'s log (``memory.log_cache``) that
    its logged events were changed in place: run it in the transaction that changes them."""
    return update(_THREADS).where(_THREADS.c.id == thread).values(log_revision=_THREADS.c.log_revision + 1)


def _event_row(row: Any) -> Event:
    return Event(row.seq, ThreadId(row.thread_id), TurnId(row.turn_id), row.kind, row.body, row.created_at)


def _read_event(row: Any) -> Event:
    """An event read by ``_AppendStatements.events`` (or the event part of ``logged``) on Postgres."""
    seq, thread, turn, kind, body, at = row
    return Event(seq, thread, turn, kind, body, at)


def _sqlite_event(row: Any) -> Event:
    """An event read as SQLite stores it: its body as JSON text and its time as naive UTC ISO text, decoded
    here as the column types would (``json.loads``; ``UTCDateTime``'s UTC re-attached), without their
    per-value processors: every turn reads its whole thread, and they were a third of that read's cost."""
    seq, thread, turn, kind, body, text = row
    at = datetime.fromisoformat(text)
    at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    return Event(seq, thread, turn, kind, json.loads(body), at)


class _Logged(Exception):
    """An ``only_if_new`` group met a key already logged: raised to roll its transaction back."""


class SqlThreadLog:
    """Implements :class:`assistant.ports.ThreadLog`."""

    def __init__(self, db: Database, *, cached_events: int = 10_000) -> None:
        """``cached_events``: how many events of recently read threads this process keeps in memory (0: none),
        so that reading a thread again reads only the events appended since (``memory.log_cache``). An event
        of the benchmark's conversation takes ~2.4 KB decoded: 10,000 are ~25 MB, ~50 threads of 200 events."""
        self.db = db
        self._append = _AppendStatements(db)
        self._decode = _sqlite_event if db.is_sqlite else _read_event
        self._cache = LogCache(cached_events) if cached_events > 0 else None
        self.whole_reads = 0  # reads of a whole thread, the cache's misses included (for tests and profiling)

    def append(self, event: NewEvent) -> AppendResult:
        """Two or three prepared statements in one short write transaction: the hottest path of a turn.

        The insert takes the owner from the threads row (``INSERT … SELECT``), so a missing thread inserts
        nothing instead of costing a separate lookup; only when nothing was inserted do we look again, to
        tell a duplicate (return the stored event) from a missing thread (an error).
        """
        return self.append_many([event])[0]

    def append_many(
        self, events: Sequence[NewEvent], *, only_if_new: bool = False, unless_logged: Sequence[str] = ()
    ) -> list[AppendResult]:
        """Several events in one write transaction (one commit, one fsync): all of them or, after a crash or an
        error, none. Each is insert-or-ignore on its own key, and they get ``seq`` in the order given; with
        ``only_if_new``, the first key found logged rolls the whole group back (an empty list)."""
        try:
            with translate_errors(), self.db.write_engine.begin() as conn:
                if only_if_new and events:
                    first = events[0]
                    for kind in unless_logged:
                        key = {"thread": first.thread_id, "turn": first.turn_id, "kind": kind}
                        if conn.execute(self._append.find, key).first() is not None:
                            raise _Logged
                results = []
                for number, event in enumerate(events):
                    if number:
                        # Nothing of the group is committed yet: a crash here must leave none of it in the log.
                        crash_point(f"log.uncommitted:{event.kind}")
                    result = self._append_in(conn, event)
                    if only_if_new and not result.inserted:
                        raise _Logged  # leaves the block, so the transaction rolls back
                    results.append(result)
                self._touch(conn, [r.event for r in results if r.inserted])
                return results
        except _Logged:
            return []

    def _append_in(self, conn: Any, event: NewEvent) -> AppendResult:
        sql = self._append
        body = dict(event.body)
        key = {"thread": event.thread_id, "turn": event.turn_id, "kind": event.kind}
        seq = conn.execute(sql.insert, {**key, "body": body, "at": event.created_at}).scalar_one_or_none()
        if seq is None:
            row = conn.execute(sql.find, key).first()
            if row is None:
                raise NotFound(f"thread {event.thread_id} does not exist")
            return AppendResult(_event_row(row), inserted=False)
        return AppendResult(
            Event(seq, event.thread_id, event.turn_id, event.kind, body, event.created_at), inserted=True
        )

    def _touch(self, conn: Any, added: Sequence[Event]) -> None:
        """The threads' watermarks and log revisions, once per thread for the events a group added, and the
        owner's activity clock when one of them is a user's message (one update a thread instead of one an
        event: a turn's groups hold two to four events)."""
        sql = self._append
        for thread in dict.fromkeys(e.thread_id for e in added):
            mine = [e for e in added if e.thread_id == thread]
            said = [e.created_at for e in mine if e.kind == EventKind.USER]
            params = {
                "thread": thread,
                "seq": max(e.seq for e in mine),
                "at": max(e.created_at for e in mine),
                "added": len(mine),
            }
            if said:
                owner = conn.execute(sql.touch_user_turn, {**params, "user_at": max(said)}).scalar_one()
                conn.execute(sql.activity, {"owner": owner, "at": max(said)})
            else:
                conn.execute(sql.touch, params)

    def remask(self, thread: ThreadId, turn: TurnId, *, was: str, text: str) -> bool:
        """Compare-and-set in one write transaction: a message already corrected, redacted or changed since it
        was read is left alone (two tabs finishing the same split card both try; one wins, nothing is lost)."""
        check_remask(text)
        with translate_errors(), self.db.write_engine.begin() as conn:
            key = (
                (_EVENTS.c.thread_id == thread)
                & (_EVENTS.c.turn_id == turn)
                & (_EVENTS.c.kind == EventKind.USER)
            )
            row = conn.execute(select(_EVENTS.c.seq, _EVENTS.c.body).where(key)).first()
            if row is None or not isinstance(row.body, dict) or row.body.get("text") != was:
                return False
            conn.execute(
                update(_EVENTS).where(_EVENTS.c.seq == row.seq).values(body={**row.body, "text": text})
            )
            conn.execute(log_changed(thread))
            return True

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        """A whole thread comes from this process's copy of it plus the events appended since, when the thread
        row shows nothing else changed (``memory.log_cache``); otherwise, and for ``after_seq``, from the
        database. Read with prepared Core statements: building ORM objects for a 200-event thread cost more
        than the query itself."""
        cache = self._cache
        if after_seq or cache is None:
            return self._read(thread, after_seq)
        cached = cache.get(thread)
        log = self._read_logged(thread, cached.last_seq if cached else 0)
        if cached is not None and log is not None:
            # The copy plus what was appended since, or, if the thread changed in place or is a new thread under
            # the same id, the whole thread read again.
            log = cached.extended(log) or self._read_logged(thread, 0)
        if log is None:  # no such thread (deleted, or never made): the events as they are, none kept
            cache.drop(thread)
            return self._read(thread, 0)
        cache.put(thread, log)
        return list(log.events)

    def _read(self, thread: ThreadId, after_seq: int) -> list[Event]:
        if not after_seq:
            self.whole_reads += 1
        with translate_errors(), self.db.engine.connect() as conn:
            rows = conn.execute(self._append.events, {"thread": thread, "after": after_seq})
            return [self._decode(row) for row in rows]

    def _read_logged(self, thread: ThreadId, after_seq: int) -> CachedLog | None:
        """The thread row's log epoch and revision and its events after ``after_seq`` (all of them when 0), in
        one statement; None when there is no such thread."""
        if not after_seq:
            self.whole_reads += 1
        with translate_errors(), self.db.engine.connect() as conn:
            rows = conn.execute(self._append.logged, {"thread": thread, "after": after_seq}).all()
        if not rows:
            return None
        decode = self._decode
        events = tuple(decode(row[2:]) for row in rows if row[2] is not None)
        return CachedLog(rows[0][0], rows[0][1], events)
