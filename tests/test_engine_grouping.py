"""Which events of a turn share a commit, what a crash inside a shared commit leaves, and where the store calls
run (worker threads, never the event loop)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from assistant.events import AppendResult, Event, EventKind, NewEvent, model_kind, tool_kind
from assistant.fact_records import Authority, FactDraft
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.turn.parts import SilentObserver
from assistant.turns import ToolCall, ToolCallRecord, TurnRequest
from memory.inmemory import InMemoryThreadStore
from memory.thread_log import SqlThreadLog
from memory.users import SqlDirectory
from tests.conftest import MONDAY
from tests.fakes import ScriptedModel
from travel_assistant.twins import Twins

ALICE = UserId("alice")
TH = ThreadId("th")
USER, RECALL, CONTEXT, ASSISTANT = EventKind.USER, EventKind.RECALL, EventKind.CONTEXT, EventKind.ASSISTANT
MODEL_1, TOOL_1_1 = model_kind(1), tool_kind(1, 1)


def req(text: str = "Show my bookings", turn: str = "t1") -> TurnRequest:
    return TurnRequest(user=ALICE, thread=TH, turn=TurnId(turn), text=text, now=MONDAY)


class RecordingThreads(InMemoryThreadStore):
    """The twin, noting each commit's kinds and the thread each store call ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.commits: list[list[str]] = []
        self.threads: set[str] = set()

    def append_many(
        self, events: Sequence[NewEvent], *, only_if_new: bool = False, unless_logged: Sequence[str] = ()
    ) -> list[AppendResult]:
        self.commits.append([str(e.kind) for e in events])
        self.threads.add(threading.current_thread().name)
        return super().append_many(events, only_if_new=only_if_new, unless_logged=unless_logged)

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        self.threads.add(threading.current_thread().name)
        return super().events(thread, after_seq=after_seq)


def test_recall_is_committed_with_the_first_model_step_and_the_context_with_the_reply() -> None:
    world = Twins(threads=RecordingThreads())
    seen: list[list[str]] = []
    model = ScriptedModel().enqueue({"tool": "get_my_bookings"}, "You have no bookings.")
    model.before_call = lambda n: seen.append([str(e.kind) for e in world.threads.events(TH)])
    asyncio.run(world.engine(model).run_turn(req()))
    commits = world.threads.commits  # type: ignore[attr-defined]
    # A call that only reads runs before its step is logged, and the step is logged with its result: one
    # commit for the round.
    assert commits == [[USER], [RECALL, MODEL_1, TOOL_1_1], [CONTEXT, ASSISTANT]]
    # Nothing of this turn but the user message is in the log when the model is first called; the step and
    # the tool's result are durable before the model sees it.
    assert seen == [[USER], [USER, RECALL, MODEL_1, TOOL_1_1]]
    assert [str(e.kind) for e in world.threads.events(TH)] == [
        USER,
        RECALL,
        MODEL_1,
        TOOL_1_1,
        CONTEXT,
        ASSISTANT,
    ]


def test_a_booking_step_is_durable_before_the_booking_is_made() -> None:
    world = Twins(threads=RecordingThreads())
    booked: list[list[str]] = []
    book = world.bookings.book_flight

    def booking(**kwargs: Any) -> Any:
        booked.append([str(e.kind) for e in world.threads.events(TH)])
        return book(**kwargs)

    world.bookings.book_flight = booking  # type: ignore[method-assign]
    flight = "TP1343-20261114-LHRLIS"
    model = ScriptedModel().enqueue({"tool": "book_flight", "args": {"flight_id": flight}}, "Booked.")
    asyncio.run(world.engine(model).run_turn(req("Book TP1343 please")))
    assert world.threads.commits == [  # type: ignore[attr-defined]
        [USER],
        [RECALL, MODEL_1],
        [TOOL_1_1],
        [CONTEXT, ASSISTANT],
    ]
    assert booked == [[USER, RECALL, MODEL_1]]


def test_a_text_only_turn_commits_recall_context_and_reply_together() -> None:
    world = Twins(threads=RecordingThreads())
    asyncio.run(world.engine(ScriptedModel().enqueue("Hello!")).run_turn(req("Hi")))
    assert world.threads.commits == [[USER], [RECALL, CONTEXT, ASSISTANT]]  # type: ignore[attr-defined]


def test_a_failed_model_call_logs_the_held_back_recall_with_the_failure() -> None:
    from assistant.errors import ModelUnavailable

    world = Twins(threads=RecordingThreads())
    with pytest.raises(ModelUnavailable):
        asyncio.run(world.engine(ScriptedModel().enqueue(ModelUnavailable("down"))).run_turn(req("Hi")))
    assert world.threads.commits == [[USER], [RECALL, EventKind.FAILURE]]  # type: ignore[attr-defined]


def test_store_calls_run_in_worker_threads_not_on_the_event_loop() -> None:
    world = Twins(threads=RecordingThreads())
    recall_threads: list[str] = []
    facts = world.facts
    original = facts.small_set

    def small_set(scope: UserScope, limit: int) -> Any:
        recall_threads.append(threading.current_thread().name)
        return original(scope, limit)

    facts.small_set = small_set  # type: ignore[method-assign]
    model = ScriptedModel().enqueue({"tool": "get_my_bookings"}, "You have no bookings.")
    loop_thread: list[str] = []

    async def turn() -> None:
        loop_thread.append(threading.current_thread().name)
        await world.engine(model).run_turn(req())

    asyncio.run(turn())
    store_threads = world.threads.threads | set(recall_threads)  # type: ignore[attr-defined]
    assert recall_threads and loop_thread[0] not in store_threads


def test_recall_starts_before_the_user_message_is_logged_and_still_sees_the_facts() -> None:
    world = Twins()
    world.fact_memory.record(
        UserScope(ALICE),
        FactDraft("dietary", "vegetarian", "mon", "t2", Authority.USER),
        now=MONDAY,
    )
    result = asyncio.run(world.engine(ScriptedModel().enqueue("Noted.")).run_turn(req("Dinner ideas?")))
    assert result.recall_path == "keyed" and result.memory_block and "vegetarian" in result.memory_block
    recall = next(e for e in world.threads.events(TH) if e.kind == RECALL)
    assert recall.body["total_current"] == 1


class _Crash(Exception):
    pass


def test_an_error_inside_a_grouped_commit_leaves_none_of_the_group_and_the_retry_completes(
    tmp_path: Path,
) -> None:
    """SQLite: the context is written, then the process "dies" before the reply is: the transaction rolls
    back, so the log holds exactly what was acknowledged (user message, recall + step, tool result); the
    retried turn reuses the logged tool result and answers once."""
    from memory import migrate
    from memory.db import Database

    db = Database(f"sqlite:///{tmp_path / 'log.db'}")
    migrate.upgrade(db)
    log, directory = SqlThreadLog(db), SqlDirectory(db)
    original = log._append_in

    def dying(conn: Any, event: NewEvent) -> AppendResult:
        if event.kind == ASSISTANT:
            raise _Crash("killed between the context and the reply")
        return original(conn, event)

    world = Twins()
    try:
        engine = world.engine(ScriptedModel().enqueue({"tool": "get_my_bookings"}, "No bookings."))
        engine.deps.thread_log, engine.deps.directory = log, directory
        log._append_in = dying  # type: ignore[method-assign]
        with pytest.raises(_Crash):
            asyncio.run(engine.run_turn(req()))
        assert [e.kind for e in log.events(TH)] == [USER, RECALL, MODEL_1, TOOL_1_1]
        log._append_in = original  # type: ignore[method-assign]
        retry = world.engine(ScriptedModel().enqueue("No bookings."))
        retry.deps.thread_log, retry.deps.directory = log, directory
        result = asyncio.run(retry.run_turn(req()))
        assert result.reply == "No bookings." and not result.replayed
        kinds = [e.kind for e in log.events(TH)]
        assert kinds == [USER, RECALL, MODEL_1, TOOL_1_1, CONTEXT, ASSISTANT]
    finally:
        db.dispose()


def test_a_read_only_call_is_shown_once_its_result_is_durable() -> None:
    """The UI's tool step for a call that only reads opens and closes after the step and its result are
    committed, call by call, so two calls of one step never nest inside each other."""
    world = Twins(threads=RecordingThreads())
    shown: list[tuple[str, str, list[str]]] = []

    class Watching(SilentObserver):
        async def tool_started(self, call: ToolCall) -> None:
            shown.append(("started", call.name, [str(e.kind) for e in world.threads.events(TH)]))

        async def tool_finished(self, record: ToolCallRecord) -> None:
            shown.append(("finished", record.name, []))

    two = {
        "tools": [("get_my_bookings", {}), ("search_flights", {"destination": "LIS", "date": "2026-11-14"})]
    }
    model = ScriptedModel().enqueue(two, "Here you go.")
    asyncio.run(world.engine(model).run_turn(req(), Watching()))
    logged = [USER, RECALL, MODEL_1, TOOL_1_1, tool_kind(1, 2)]
    assert shown == [
        ("started", "get_my_bookings", logged),
        ("finished", "get_my_bookings", []),
        ("started", "search_flights", logged),
        ("finished", "search_flights", []),
    ]
