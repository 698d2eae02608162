"""One contract for the thread log and directory, run against the in-memory twin, SQLite and Postgres."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from assistant.errors import AccessDenied, NotFound
from assistant.events import ASSISTANT, USER, NewEvent
from assistant.ids import ThreadId, TurnId, UserId
from memory.inmemory import InMemoryThreadStore
from memory.thread_log import SqlThreadStore
from tests.conftest import MONDAY

ALICE, BOB = UserId("alice"), UserId("bob")
T1 = ThreadId("t1")


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Any]:
    if request.param == "memory":
        yield InMemoryThreadStore()
        return
    url = (
        request.getfixturevalue("pg_url") if request.param == "postgres" else f"sqlite:///{tmp_path / 't.db'}"
    )
    from memory import migrate
    from memory.db import Database

    db = Database(url)
    migrate.upgrade(db)
    yield SqlThreadStore(db)
    db.dispose()


def ev(turn: str, kind: str, text: str = "x", minutes: int = 0, thread: ThreadId = T1) -> NewEvent:
    return NewEvent(thread, TurnId(turn), kind, {"text": text}, MONDAY + timedelta(minutes=minutes))


def test_append_is_idempotent_on_thread_turn_kind(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    first = store.append(ev("a", USER, "hello"))
    again = store.append(ev("a", USER, "hello, retried"))
    assert first.inserted and not again.inserted
    assert again.event.seq == first.event.seq and again.event.text == "hello"  # first write wins
    assert [e.text for e in store.events(T1)] == ["hello"]


def test_events_come_back_in_append_order(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    kinds = [
        ("a", USER),
        ("a", "model:1"),
        ("a", "tool:1.1"),
        ("a", ASSISTANT),
        ("b", USER),
        ("b", ASSISTANT),
    ]
    for i, (turn, kind) in enumerate(kinds):
        store.append(ev(turn, kind, f"{turn}-{kind}", minutes=i))
    events = store.events(T1)
    assert [(e.turn_id, e.kind) for e in events] == kinds
    assert [e.seq for e in events] == sorted(e.seq for e in events)
    assert [e.kind for e in store.events(T1, after_seq=events[3].seq)] == [USER, ASSISTANT]


def test_same_kind_in_another_turn_or_thread_is_a_new_event(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    store.open_thread(ALICE, ThreadId("t2"), now=MONDAY)
    assert store.append(ev("a", USER)).inserted
    assert store.append(ev("b", USER)).inserted
    assert store.append(ev("a", USER, thread=ThreadId("t2"))).inserted
    assert len(store.events(T1)) == 2


def test_a_thread_belongs_to_the_user_who_started_it(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.ensure_user(BOB, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    with pytest.raises(AccessDenied):
        store.open_thread(BOB, T1, now=MONDAY)
    assert store.get_thread(BOB, T1) is None
    assert store.threads_of(BOB) == []
    with pytest.raises(NotFound):
        store.rename_thread(BOB, T1, "mine now")
    with pytest.raises(NotFound):
        store.delete_thread(BOB, T1)
    assert store.get_thread(ALICE, T1) is not None


def test_appending_to_an_unknown_thread_fails_and_writes_nothing(store: Any) -> None:
    with pytest.raises(NotFound):
        store.append(ev("a", USER, thread=ThreadId("nope")))
    assert store.events(ThreadId("nope")) == []


def test_user_turns_record_activity(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    store.append(ev("a", USER, minutes=5))
    store.append(ev("a", ASSISTANT, minutes=6))
    user = store.get_user(ALICE)
    thread = store.get_thread(ALICE, T1)
    assert user.last_active_at == MONDAY + timedelta(minutes=5)  # assistant events do not count as activity
    assert thread.last_user_at == MONDAY + timedelta(minutes=5)
    assert thread.last_event_at == MONDAY + timedelta(minutes=6)
    assert thread.last_seq == store.events(T1)[-1].seq


def test_threads_are_listed_newest_first_and_deleted_with_their_events(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    for i, name in enumerate(["old", "new"]):
        store.open_thread(ALICE, ThreadId(name), now=MONDAY)
        store.append(ev("a", USER, minutes=i, thread=ThreadId(name)))
    store.rename_thread(ALICE, ThreadId("new"), "Dinner in Lisbon")
    assert [(t.id, t.title) for t in store.threads_of(ALICE)] == [("new", "Dinner in Lisbon"), ("old", "")]
    assert store.delete_thread(ALICE, ThreadId("old")) == 1
    assert store.events(ThreadId("old")) == []
    assert [t.id for t in store.threads_of(ALICE)] == ["new"]


def test_concurrent_appends_of_one_key_store_one_event(store: Any) -> None:
    store.ensure_user(ALICE, now=MONDAY)
    store.open_thread(ALICE, T1, now=MONDAY)
    results: list[Any] = []

    def worker(i: int) -> None:
        results.append(store.append(ev("same", USER, f"attempt {i}")))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r.inserted for r in results) == 1
    assert len(store.events(T1)) == 1
    assert {r.event.seq for r in results} == {store.events(T1)[0].seq}
