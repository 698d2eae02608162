"""A process's cached copy of a thread's log (``memory.log_cache``) never serves an event another process
changed or removed: two thread logs over one database stand for two processes (the app, the scheduler, the
CLI), on SQLite and on Postgres."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest

from assistant.events import Event, EventKind, NewEvent
from assistant.ids import ThreadId, TurnId, UserId
from assistant.turns import TurnRequest
from language.scrub import MESSAGE_REMOVED
from memory import migrate
from memory.db import Database
from memory.log_cache import CachedLog, LogCache
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from tests.conftest import MONDAY

if TYPE_CHECKING:
    from tests.conftest import RuntimeFactory

ALICE = UserId("alice")
T1, T2 = ThreadId("t1"), ThreadId("t2")
USER, ASSISTANT = EventKind.USER, EventKind.ASSISTANT
CARD = "4111 1111 1111 1111"


@dataclass
class Process:
    """What one process holds: its own engine (connection pool) and its own thread log and its cache."""

    db: Database
    log: SqlThreadLog
    directory: SqlDirectory


@pytest.fixture
def processes(db_url: str) -> Iterator[tuple[Process, Process]]:
    dbs = [Database(db_url), Database(db_url)]
    migrate.upgrade(dbs[0])
    try:
        a, b = (Process(db, SqlThreadLog(db), SqlDirectory(db)) for db in dbs)
        yield a, b
    finally:
        for db in dbs:
            db.dispose()


def ev(turn: str, kind: str, text: str, thread: ThreadId = T1) -> NewEvent:
    return NewEvent(thread, TurnId(turn), kind, {"text": text}, MONDAY)


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def started(p: Process, *turns: str) -> None:
    p.directory.ensure_user(ALICE, now=MONDAY)
    p.directory.open_thread(ALICE, T1, now=MONDAY)
    for turn in turns:
        p.log.append_many([ev(turn, USER, f"{turn} asked"), ev(turn, ASSISTANT, f"{turn} answered")])


def test_a_read_after_appends_elsewhere_reads_only_the_new_events(processes: tuple[Process, Process]) -> None:
    a, b = processes
    started(b, "t1", "t2")
    assert texts(a.log.events(T1)) == ["t1 asked", "t1 answered", "t2 asked", "t2 answered"]
    b.log.append(ev("t3", USER, "t3 asked"))
    a.log.append(ev("t3", ASSISTANT, "t3 answered"))
    assert texts(a.log.events(T1))[-2:] == ["t3 asked", "t3 answered"]
    assert a.log.events(T1) == b.log.events(T1)
    assert a.log.whole_reads == 1  # the second read was a tail read


def test_a_remask_elsewhere_is_seen_at_the_next_read(processes: tuple[Process, Process]) -> None:
    a, b = processes
    started(a, "t1")
    a.log.append(ev("t2", USER, f"my card is {CARD}"))
    assert texts(a.log.events(T1))[-1] == f"my card is {CARD}"
    assert b.log.remask(T1, TurnId("t2"), was=f"my card is {CARD}", text="my card is [card ending 1111]")
    assert texts(a.log.events(T1))[-1] == "my card is [card ending 1111]"
    # Also when events were appended after the remask: their count does not hide the change.
    assert b.log.remask(T1, TurnId("t1"), was="t1 asked", text="t1 [card ending 1111]")
    b.log.append(ev("t3", USER, "t3 asked"))
    assert texts(a.log.events(T1)) == [
        "t1 [card ending 1111]",
        "t1 answered",
        "my card is [card ending 1111]",
        "t3 asked",
    ]
    assert a.log.events(T1) == b.log.events(T1)


def test_a_deleted_thread_reads_empty_and_its_reused_id_reads_the_new_thread(
    processes: tuple[Process, Process],
) -> None:
    a, b = processes
    started(b, "t1")
    assert len(a.log.events(T1)) == 2
    assert b.directory.delete_thread(ALICE, T1) == 2
    assert a.log.events(T1) == []
    # The id comes back with a new log whose revision matches the old copy's plus what was appended since (one
    # event, two changes in place): only the thread row's epoch tells the two apart.
    started(b)
    b.log.append(ev("n1", USER, "a new thread"))
    assert a.log.events(T1) == b.log.events(T1)
    assert texts(a.log.events(T1)) == ["a new thread"]
    # Another thread's event keeps SQLite from giving the deleted events' seqs again (their seqs are higher).
    b.directory.open_thread(ALICE, T2, now=MONDAY)
    b.log.append(ev("o1", USER, "elsewhere", thread=T2))
    assert b.directory.delete_thread(ALICE, T1) == 1
    started(b)
    b.log.append(ev("n2", USER, "again"))
    assert b.log.remask(T1, TurnId("n2"), was="again", text="[card ending 1111]")
    assert texts(a.log.events(T1)) == ["[card ending 1111]"]


def test_an_erased_user_s_thread_reads_empty(runtime_factory: RuntimeFactory, db_url: str) -> None:
    a, b = runtime_factory(database_url=db_url), runtime_factory(database_url=db_url)
    migrate.upgrade(a.db)
    a.directory.ensure_user(ALICE, now=MONDAY)
    a.directory.open_thread(ALICE, T1, now=MONDAY)
    a.thread_log.append(ev("t1", USER, "hello"))
    assert texts(a.thread_log.events(T1)) == ["hello"]
    assert b.registry.erase(ALICE, actor="admin:test", now=MONDAY).verified
    assert a.thread_log.events(T1) == []


def test_a_redaction_elsewhere_is_seen_by_the_next_turn(runtime_factory: RuntimeFactory, db_url: str) -> None:
    """Two runtimes over one database: the web app runs the turns, the CLI redacts a message in between."""
    web, cli = runtime_factory(database_url=db_url), runtime_factory(database_url=db_url)
    migrate.upgrade(web.db)
    said = "By the way, I'm vegetarian and my dog is called Quxbertine."

    def turn(turn_id: str, text: str, minutes: int) -> None:
        at = MONDAY + timedelta(minutes=minutes)
        req = TurnRequest(user=ALICE, thread=T1, turn=TurnId(turn_id), text=text, now=at)
        asyncio.run(web.engine.run_turn(req))

    turn("t1", said, 0)
    turn("t2", "Find me flights to Lisbon on the 14th", 1)
    assert any("Quxbertine" in str(e.body) for e in web.thread_log.events(T1))
    cli.redact(ALICE, T1, TurnId("t1"), actor="admin:test", now=MONDAY + timedelta(minutes=2))
    events = web.thread_log.events(T1)
    assert not any("Quxbertine" in str(e.body) for e in events)
    assert events[0].text == MESSAGE_REMOVED and events[-1].kind == EventKind.REDACTION
    turn("t3", "What do you know about me?", 3)
    assert not any("Quxbertine" in str(e.body) for e in web.thread_log.events(T1))


@pytest.mark.postgres
def test_an_append_committed_after_a_later_one_is_not_skipped(pg_url: str) -> None:
    """On Postgres an append that took a lower seq can commit after one that took a higher seq, after a reader
    cached the higher one: the revision it adds, with no event after the copy's last seq, forces a full read."""
    migrate.upgrade(Database(pg_url))
    a, b, c = (Database(pg_url) for _ in range(3))
    try:
        reader, writer, slow = SqlThreadLog(a), SqlThreadLog(b), SqlThreadLog(c)
        SqlDirectory(b).ensure_user(ALICE, now=MONDAY)
        SqlDirectory(b).open_thread(ALICE, T1, now=MONDAY)
        writer.append(ev("t1", USER, "first"))
        assert texts(reader.events(T1)) == ["first"]
        with c.write_engine.begin() as conn:
            # An append half done: its event has its seq, its thread row update (and commit) are still to come.
            late = ev("t1", ASSISTANT, "late")
            key = {"thread": T1, "turn": late.turn_id, "kind": late.kind, "at": MONDAY}
            seq = conn.execute(slow._append.insert, {**key, "body": dict(late.body)}).scalar_one()
            writer.append(ev("t2", USER, "later"))
            assert texts(reader.events(T1)) == ["first", "later"]
            conn.execute(slow._append.touch, {"thread": T1, "seq": seq, "at": MONDAY, "added": 1})
        assert texts(reader.events(T1)) == ["first", "late", "later"]
    finally:
        for db in (a, b, c):
            db.dispose()


def test_the_cache_holds_at_most_its_events_least_recently_used_first() -> None:
    def log(thread: str, n: int, revision: int = 0) -> CachedLog:
        return CachedLog(
            "e", revision, tuple(Event(i, ThreadId(thread), TurnId("t"), USER, {}, MONDAY) for i in range(n))
        )

    cache = LogCache(max_events=10)
    cache.put(ThreadId("a"), log("a", 4))
    cache.put(ThreadId("b"), log("b", 4))
    assert cache.get(ThreadId("a")) is not None  # now the most recently used
    cache.put(ThreadId("c"), log("c", 4))
    assert cache.get(ThreadId("b")) is None and len(cache) == 2
    cache.put(ThreadId("d"), log("d", 11))  # larger than the whole cache: not kept
    assert cache.get(ThreadId("d")) is None
    cache.put(ThreadId("a"), log("a", 2, revision=5))
    cache.put(ThreadId("a"), log("a", 1, revision=3))  # an older reader's copy does not replace a newer one
    held = cache.get(ThreadId("a"))
    assert held is not None and held.revision == 5


def test_a_thread_s_next_turn_reads_only_the_events_appended_since(runtime_factory: RuntimeFactory) -> None:
    rt = runtime_factory()

    def turn(turn_id: str, text: str) -> None:
        req = TurnRequest(user=ALICE, thread=T1, turn=TurnId(turn_id), text=text, now=MONDAY)
        asyncio.run(rt.engine.run_turn(req))

    turn("t1", "Find me flights to Lisbon on the 14th")
    whole = rt.thread_log.whole_reads
    turn("t2", "Book option 1, please.")
    assert rt.thread_log.whole_reads == whole
    assert rt.thread_log.events(T1) == SqlThreadLog(rt.db, cached_events=0).events(T1)
