"""One contract for the thread log and directory, run against the in-memory twin, SQLite and Postgres."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import timedelta

import pytest

from assistant.errors import AccessDenied, InvalidInput, NotFound
from assistant.events import AppendResult, EventKind, NewEvent, model_kind, tool_kind
from assistant.ids import ThreadId, TurnId, UserId
from assistant.ports import Directory, ThreadLog
from memory.db import Database
from memory.inmemory import InMemoryThreadStore
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from tests.conftest import MONDAY

ALICE, BOB = UserId("alice"), UserId("bob")
T1 = ThreadId("t1")
USER, ASSISTANT = EventKind.USER, EventKind.ASSISTANT


@dataclass(frozen=True)
class Stores:
    """The two ports this contract covers. On SQL they are two objects over one database; the in-memory twin
    is one object implementing both (see ``memory.inmemory``)."""

    log: ThreadLog
    directory: Directory


@pytest.fixture
def store(twin_or_database: Database | None) -> Stores:
    if twin_or_database is None:
        twin = InMemoryThreadStore()
        return Stores(log=twin, directory=twin)
    return Stores(log=SqlThreadLog(twin_or_database), directory=SqlDirectory(twin_or_database))


def ev(turn: str, kind: str, text: str = "x", minutes: int = 0, thread: ThreadId = T1) -> NewEvent:
    return NewEvent(thread, TurnId(turn), kind, {"text": text}, MONDAY + timedelta(minutes=minutes))


def test_append_is_idempotent_on_thread_turn_kind(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    first = store.log.append(ev("a", USER, "hello"))
    again = store.log.append(ev("a", USER, "hello, retried"))
    assert first.inserted and not again.inserted
    assert again.event.seq == first.event.seq and again.event.text == "hello"  # first write wins
    assert [e.text for e in store.log.events(T1)] == ["hello"]


def test_events_come_back_in_append_order(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    kinds = [
        ("a", USER),
        ("a", model_kind(1)),
        ("a", tool_kind(1, 1)),
        ("a", ASSISTANT),
        ("b", USER),
        ("b", ASSISTANT),
    ]
    for i, (turn, kind) in enumerate(kinds):
        store.log.append(ev(turn, kind, f"{turn}-{kind}", minutes=i))
    events = store.log.events(T1)
    assert [(e.turn_id, e.kind) for e in events] == kinds
    assert [e.seq for e in events] == sorted(e.seq for e in events)
    assert [e.kind for e in store.log.events(T1, after_seq=events[3].seq)] == [USER, ASSISTANT]


def test_append_many_writes_a_group_in_order_each_event_insert_or_ignore(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    store.log.append(ev("a", USER, "hi"))
    first = store.log.append(ev("a", EventKind.RECALL, "recalled"))  # logged by an earlier delivery
    results = store.log.append_many(
        [ev("a", EventKind.RECALL, "again"), ev("a", EventKind.CONTEXT, "ctx"), ev("a", ASSISTANT, "bye")]
    )
    assert [r.inserted for r in results] == [False, True, True]
    assert results[0].event.seq == first.event.seq and results[0].event.text == "recalled"
    events = store.log.events(T1)
    assert [e.kind for e in events] == [USER, EventKind.RECALL, EventKind.CONTEXT, ASSISTANT]
    assert [e.seq for e in events[2:]] == [r.event.seq for r in results[1:]]


def test_append_many_only_if_new_appends_nothing_when_one_key_is_logged(store: Stores) -> None:
    """A model step with its calls' results is appended whole or not at all: a result must never be logged
    under a step another delivery logged first."""
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    store.log.append(ev("a", USER, "hi"))
    store.log.append(ev("a", "model:1", "theirs"))
    assert (
        store.log.append_many(
            [ev("a", "model:1", "mine"), ev("a", "tool:1.1", "my result")], only_if_new=True
        )
        == []
    )
    assert [e.kind for e in store.log.events(T1)] == [USER, "model:1"]
    # A reply is not appended once another delivery's step of the round is logged.
    reply = [ev("a", EventKind.CONTEXT, "ctx"), ev("a", ASSISTANT, "bye")]
    assert store.log.append_many(reply, only_if_new=True, unless_logged=["model:1"]) == []
    assert [e.kind for e in store.log.events(T1)] == [USER, "model:1"]
    results = store.log.append_many([ev("a", "tool:1.1", "r"), ev("a", ASSISTANT, "bye")], only_if_new=True)
    assert [r.inserted for r in results] == [True, True]
    assert [e.kind for e in store.log.events(T1)] == [USER, "model:1", "tool:1.1", ASSISTANT]


def test_append_many_is_all_or_nothing(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    with pytest.raises(NotFound):
        store.log.append_many([ev("a", USER), ev("a", ASSISTANT, thread=ThreadId("missing"))])
    assert store.log.events(T1) == []


def test_same_kind_in_another_turn_or_thread_is_a_new_event(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    store.directory.open_thread(ALICE, ThreadId("t2"), now=MONDAY)
    assert store.log.append(ev("a", USER)).inserted
    assert store.log.append(ev("b", USER)).inserted
    assert store.log.append(ev("a", USER, thread=ThreadId("t2"))).inserted
    assert len(store.log.events(T1)) == 2


def test_a_thread_belongs_to_the_user_who_started_it(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.ensure_user(BOB, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    with pytest.raises(AccessDenied):
        store.directory.open_thread(BOB, T1, now=MONDAY)
    assert store.directory.get_thread(BOB, T1) is None
    assert store.directory.threads_of(BOB) == []
    with pytest.raises(NotFound):
        store.directory.rename_thread(BOB, T1, "mine now")
    with pytest.raises(NotFound):
        store.directory.delete_thread(BOB, T1)
    assert store.directory.get_thread(ALICE, T1) is not None


def test_appending_to_an_unknown_thread_fails_and_writes_nothing(store: Stores) -> None:
    with pytest.raises(NotFound):
        store.log.append(ev("a", USER, thread=ThreadId("nope")))
    assert store.log.events(ThreadId("nope")) == []


def test_user_turns_record_activity(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    store.log.append(ev("a", USER, minutes=5))
    store.log.append(ev("a", ASSISTANT, minutes=6))
    user = store.directory.get_user(ALICE)
    thread = store.directory.get_thread(ALICE, T1)
    assert user is not None and thread is not None
    assert user.last_active_at == MONDAY + timedelta(minutes=5)  # assistant events do not count as activity
    assert thread.last_user_at == MONDAY + timedelta(minutes=5)
    assert thread.last_event_at == MONDAY + timedelta(minutes=6)
    assert thread.last_seq == store.log.events(T1)[-1].seq


def test_threads_are_listed_newest_first_and_deleted_with_their_events(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    for i, name in enumerate(["old", "new"]):
        store.directory.open_thread(ALICE, ThreadId(name), now=MONDAY)
        store.log.append(ev("a", USER, minutes=i, thread=ThreadId(name)))
    store.directory.rename_thread(ALICE, ThreadId("new"), "Dinner in Lisbon")
    assert [(t.id, t.title) for t in store.directory.threads_of(ALICE)] == [
        ("new", "Dinner in Lisbon"),
        ("old", ""),
    ]
    assert store.directory.delete_thread(ALICE, ThreadId("old")) == 1
    assert store.log.events(ThreadId("old")) == []
    assert [t.id for t in store.directory.threads_of(ALICE)] == ["new"]


def test_concurrent_appends_of_one_key_store_one_event(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    results: list[AppendResult] = []

    def worker(i: int) -> None:
        results.append(store.log.append(ev("same", USER, f"attempt {i}")))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r.inserted for r in results) == 1
    assert len(store.log.events(T1)) == 1
    assert {r.event.seq for r in results} == {store.log.events(T1)[0].seq}


def test_remask_corrects_a_logged_message_only_to_hide_a_secret_and_only_if_unchanged(store: Stores) -> None:
    store.directory.ensure_user(ALICE, now=MONDAY)
    store.directory.open_thread(ALICE, T1, now=MONDAY)
    store.log.append(ev("a", USER, "card is 4111 1111", minutes=1))
    store.log.append(ev("a", ASSISTANT, "go on", minutes=2))

    with pytest.raises(InvalidInput):
        store.log.remask(T1, TurnId("a"), was="card is 4111 1111", text="something else entirely")
    assert not store.log.remask(T1, TurnId("a"), was="card is 9999", text="card is [card ending 1111]")
    assert store.log.remask(T1, TurnId("a"), was="card is 4111 1111", text="card is [card ending 1111]")
    # Done once: a second correction from the same reading finds the text changed and leaves it.
    assert not store.log.remask(T1, TurnId("a"), was="card is 4111 1111", text="card is [card ending 1111]")

    events = store.log.events(T1)
    assert [e.text for e in events] == ["card is [card ending 1111]", "go on"]
    assert [e.seq for e in events] == sorted(e.seq for e in events)  # nothing moved in the log's order
