"""Regression tests for the ways a turn, a promotion or a bad input could lose data or leave a thread stuck.

Each test first reproduces the failure as a user would meet it (a retry racing the first delivery, a crash
between two writes, a model outage longer than the old retry cap, a lone surrogate in a message, an
out-of-range clock), then checks the repaired behaviour. The SIGKILL suite is ``test_durability_crash.py``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import pytest

from assistant.errors import InvalidId, InvalidInput, StorageError
from assistant.events import EventKind, NewEvent, model_kind, tool_kind
from assistant.fact_records import Authority, FactDraft
from assistant.facts.memory import FactMemory
from assistant.facts.recall import Recaller, RecallSettings
from assistant.ids import ThreadId, TurnId, UserId, UserScope, thread_id, turn_id, user_id
from assistant.model.llm import TokenSink
from assistant.ports import FactMaintenance
from assistant.turn.engine import Engine
from assistant.turns import Message, ModelReply, ToolCall, TurnRequest, TurnResult, Usage
from memory.claims import Backoff, ClaimKey, ClaimStatus, SqlClaims
from memory.inmemory import InMemoryFactStore
from scheduler.jobs import expire_facts, failing_promotions, promote_idle, retry_promotions
from tests.conftest import MONDAY, RuntimeFactory, run_cli
from tests.fakes import ScriptedModel
from tests.tables import texts
from travel_assistant.cli.common import parse_at
from travel_assistant.twins import Twins

if TYPE_CHECKING:
    from pathlib import Path

    from memory.db import Database
    from memory.lance_store import LanceFactStore
    from travel_assistant.container import Runtime

ALICE = UserId("alice")
OPTIONS = ["TP1343-20261114-LHRLIS", "BA643-20261114-LHRLIS", "U2290-20261114-LHRLIS"]


def req(text: str, turn: str = "t1", thread: str = "th", at: datetime = MONDAY) -> TurnRequest:
    return TurnRequest(user=ALICE, thread=ThreadId(thread), turn=TurnId(turn), text=text, now=at)


# -- 1. a delivery that loses the model:N race runs the logged step, not its own -----------------------------


class RacingModel:
    """A non-deterministic model: the first delivery of round 1 is told to search, the second to book. Round 1
    waits until both deliveries have asked, and the second answer comes a moment later, so the first delivery
    logs ``model:1`` and the second loses that race. Later rounds (after a tool result) answer in text."""

    model_name = "scripted/racing"

    def __init__(self, replies: Sequence[tuple[str, dict[str, Any]]]) -> None:
        self.replies = list(replies)
        self.round_one = 0
        self.both_asked = asyncio.Event()

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        usage = Usage(prompt_tokens=10, completion_tokens=5)
        if any(m.get("role") == "tool" for m in messages):
            return ModelReply(text="Done.", tool_calls=(), usage=usage, model=self.model_name)
        mine = self.round_one
        self.round_one += 1
        if self.round_one == len(self.replies):
            self.both_asked.set()
        await self.both_asked.wait()
        await asyncio.sleep(0.01 * mine)
        name, args = self.replies[mine]
        call = ToolCall(id=f"call_{mine}", name=name, arguments=json.dumps(args))
        return ModelReply(text="", tool_calls=(call,), usage=usage, model=self.model_name)

    async def structured(self, messages: Sequence[Message], schema: Any, *, name: str) -> Any:
        raise AssertionError("not used")

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return sum(len(json.dumps(m)) // 4 + 4 for m in messages)


def delivered_twice(engine: Engine, text: str) -> list[TurnResult]:
    """Two deliveries of one turn (a retry while the first still runs, two tabs), at the same time."""

    async def both() -> list[TurnResult]:
        message = req(text)
        return list(await asyncio.gather(engine.run_turn(message), engine.run_turn(message)))

    return asyncio.run(both())


def test_a_retry_that_loses_the_model_step_race_runs_the_logged_calls_and_books_nothing_unlogged() -> None:
    world = Twins()
    search = ("search_flights", {"destination": "LIS", "date": "2026-11-14"})
    book = ("book_flight", {"flight_id": OPTIONS[1]})
    engine = world.engine(RacingModel([search, book]))

    first, second = delivered_twice(engine, "Lisbon on the 14th, and book the second one")
    events = world.threads.events(ThreadId("th"))
    [step] = [e for e in events if e.kind == model_kind(1)]
    assert [c["name"] for c in step.body["tool_calls"]] == ["search_flights"]
    # The delivery whose model said "book" adopted the logged search: nothing was booked behind the log's back.
    assert world.bookings.count() == 0
    assert [e.body["name"] for e in events if e.kind == tool_kind(1, 1)] == ["search_flights"]
    assert first.reply == second.reply == "Done."


def test_a_read_only_step_never_logs_its_result_under_a_booking_step_logged_first() -> None:
    """One delivery logs a booking step and books (slowly); the other's search runs meanwhile and tries to
    log its step with its result in one commit. It appends nothing (not even the result, which would pass for
    the booking's), adopts the booking step, and both answer with the one booking."""
    world = Twins()
    book = world.bookings.book_flight

    def slow_booking(**kwargs: Any) -> Any:
        time.sleep(0.2)  # in a worker thread: the other delivery's search commits meanwhile
        return book(**kwargs)

    world.bookings.book_flight = slow_booking  # type: ignore[method-assign]
    search = ("search_flights", {"destination": "LIS", "date": "2026-11-14"})
    engine = world.engine(RacingModel([("book_flight", {"flight_id": OPTIONS[0]}), search]))

    first, second = delivered_twice(engine, "Book the first Lisbon flight on the 14th")
    events = world.threads.events(ThreadId("th"))
    [step] = [e for e in events if e.kind == model_kind(1)]
    [result] = [e for e in events if e.kind == tool_kind(1, 1)]
    assert result.body["name"] == step.body["tool_calls"][0]["name"] == "book_flight"
    assert result.body["call_id"] == step.body["tool_calls"][0]["id"]
    assert [r.name for r in first.tool_calls] == [r.name for r in second.tool_calls] == ["book_flight"]
    assert len(world.bookings.bookings_of(ALICE)) == 1


class LateTextModel(RacingModel):
    """Round 1: the first delivery is told to search; the second answers in text only, after the first has
    logged its ``model:1``. Later rounds (after a tool result) answer in text."""

    def __init__(self) -> None:
        super().__init__([("search_flights", {"destination": "LIS", "date": "2026-11-14"})])

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        if self.round_one == 0 or any(m.get("role") == "tool" for m in messages):
            return await super().complete(messages, tools=tools, on_token=on_token)
        await asyncio.sleep(0.2)  # the first delivery logs its step meanwhile
        return ModelReply(text="Nothing to do.", tool_calls=(), usage=Usage(), model=self.model_name)


def test_a_text_answer_that_arrives_after_another_delivery_logged_the_step_adopts_the_step() -> None:
    world = Twins()
    engine = world.engine(LateTextModel())

    first, second = delivered_twice(engine, "Lisbon on the 14th")
    events = world.threads.events(ThreadId("th"))
    assert [e.kind for e in events].count(model_kind(1)) == 1
    assert [e.kind for e in events].count(EventKind.ASSISTANT) == 1
    # The late delivery's text answer was never logged or returned: it took the logged search instead.
    assert first.reply == second.reply == "Done."
    assert [r.name for r in second.tool_calls] == ["search_flights"]
    assert [r.name for r in first.tool_calls] == [r.name for r in second.tool_calls] == ["search_flights"]
    assert sum(e.kind == EventKind.ASSISTANT for e in events) == 1


def test_when_both_race_to_book_the_booking_is_the_logged_one() -> None:
    world = Twins()
    engine = world.engine(
        RacingModel([("book_flight", {"flight_id": OPTIONS[0]}), ("book_flight", {"flight_id": OPTIONS[2]})])
    )

    delivered_twice(engine, "Book a Lisbon flight")
    events = world.threads.events(ThreadId("th"))
    [step] = [e for e in events if e.kind == model_kind(1)]
    [logged] = [e for e in events if e.kind == tool_kind(1, 1)]
    [booking] = world.bookings.bookings_of(ALICE)
    assert json.loads(step.body["tool_calls"][0]["arguments"])["flight_id"] == booking.flight.flight_id
    assert logged.body["result"]["booking"]["booking_id"] == booking.booking_id


# -- 2. an interrupted supersede is repaired by the maintenance pass; recall shows one value per key ----------


class FailingRetire:
    """Fact maintenance whose flag update dies once: the crash between a new version and the old one's
    retirement."""

    def __init__(self, inner: FactMaintenance) -> None:
        self.inner = inner
        self.armed = True

    def set_flags(
        self, scope: UserScope, ids: Sequence[str], *, current: bool | None, stale: bool | None
    ) -> None:
        if self.armed and current is False:
            self.armed = False
            raise StorageError("worker died before retiring the old version")
        self.inner.set_flags(scope, ids, current=current, stale=stale)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _seat(value: str, turn: str) -> FactDraft:
    return FactDraft(
        type="seat",
        value=value,
        source_thread="th",
        source_turn=turn,
        asserted_by=Authority.USER,
        said_at=MONDAY,
    )


def _interrupted_supersede(store: InMemoryFactStore | LanceFactStore) -> None:
    scope = UserScope(ALICE)
    FactMemory(store, store).record(scope, _seat("aisle", "t1"), now=MONDAY)
    with pytest.raises(StorageError):
        FactMemory(store, FailingRetire(store)).record(scope, _seat("window", "t2"), now=MONDAY)
    assert sorted(f.value for f in store.list_facts(scope)) == ["aisle", "window"]  # two current versions


@pytest.mark.parametrize("path", ["keyed", "hybrid"])
def test_every_recall_path_shows_one_value_of_a_key_left_with_two_current_versions(path: str) -> None:
    store = InMemoryFactStore()
    _interrupted_supersede(store)
    recaller = Recaller(store, RecallSettings(keyed_max=50 if path == "keyed" else 0, min_relevance=0.0))
    recall = recaller.recall(UserScope(ALICE), "which seat do I prefer", now=MONDAY)
    assert recall.path == path
    assert [r.fact.value for r in recall.facts] == ["window"]


def test_the_lance_store_search_returns_one_version_per_key(runtime: Runtime) -> None:
    _interrupted_supersede(runtime.facts)
    hits = runtime.facts.search(UserScope(ALICE), "seat preference window aisle", limit=10)
    assert [f.value for f, _ in hits] == ["window"]


def test_the_expiry_pass_repairs_a_key_with_two_current_versions(runtime: Runtime) -> None:
    _interrupted_supersede(runtime.facts)
    report = expire_facts(runtime.job_deps("t"), MONDAY + timedelta(days=1))
    assert report.repaired == 1
    current = runtime.facts.list_facts(UserScope(ALICE))
    assert [(f.value, f.version) for f in current] == [("window", 2)]
    assert expire_facts(runtime.job_deps("t"), MONDAY + timedelta(days=2)).repaired == 0


# -- 3. a failing promotion backs off and is retried for ever, and is reported as failing ----------------------


def test_claims_tell_a_live_lease_from_repeated_failure_and_never_give_up(database: Database) -> None:
    claims = SqlClaims(database, "w", backoff=Backoff(base=timedelta(seconds=60), cap=timedelta(minutes=10)))
    key, lease, now = ClaimKey("promote", "th", 7), timedelta(minutes=5), MONDAY
    assert claims.try_claim(key, user="alice", now=now, lease=lease) is ClaimStatus.WON
    assert SqlClaims(database, "other").try_claim(key, user="alice", now=now, lease=lease) is ClaimStatus.HELD
    waits = []
    for _ in range(8):  # far past the old cap of five attempts
        retry_at = claims.fail(key, now=now, error="ModelUnavailable: outage", kind="ModelUnavailable")
        waits.append(int((retry_at - now).total_seconds()))
        assert claims.try_claim(key, user="alice", now=retry_at - timedelta(seconds=1), lease=lease) is (
            ClaimStatus.BACKING_OFF
        )
        now = retry_at
        assert claims.try_claim(key, user="alice", now=now, lease=lease) is ClaimStatus.WON
    assert waits == [60, 120, 240, 480, 600, 600, 600, 600]  # exponential, capped
    [failing] = claims.failing(job="promote", now=now)
    assert (failing.failures, failing.error_kind) == (8, "ModelUnavailable")
    claims.finish(key, now=now)
    assert claims.failing(job="promote", now=now) == []


def test_a_crashed_worker_is_counted_as_a_failure_once_its_lease_runs_out(database: Database) -> None:
    claims = SqlClaims(database, "w", backoff=Backoff(base=timedelta(seconds=60)))
    key, lease = ClaimKey("promote", "th", 7), timedelta(minutes=5)
    assert claims.claim(key, user="alice", now=MONDAY, lease=lease)  # … and the worker is SIGKILLed
    expired = MONDAY + lease
    [crashed] = claims.failing(job="promote", now=expired)
    assert (crashed.failures, crashed.error_kind) == (1, "WorkerLost")
    assert claims.try_claim(key, user="alice", now=expired, lease=lease) is ClaimStatus.BACKING_OFF
    assert (
        claims.try_claim(key, user="alice", now=expired + timedelta(seconds=60), lease=lease)
        is ClaimStatus.WON
    )


def test_a_failed_promotion_keeps_the_error_kind_not_the_providers_text(
    runtime_factory: RuntimeFactory,
) -> None:
    """A provider's error can quote the prompt; the claim (which the admin lists) keeps only our own words."""
    from assistant.errors import ModelError

    rt = runtime_factory()
    asyncio.run(rt.engine.run_turn(req("My passport number is on file, I'm vegetarian.", thread="mon")))
    quoted = "400 content filter: 'My passport number is on file, I'm vegetarian.'"
    rt.promoter.model = ScriptedModel().enqueue(ModelError(quoted), RuntimeError(quoted))
    deps = rt.job_deps("t")
    for minutes in (31, 60):
        report = asyncio.run(promote_idle(deps, MONDAY + timedelta(minutes=minutes)))
        assert report.errors == 1
        [failing] = failing_promotions(deps, MONDAY + timedelta(minutes=minutes))
        assert "passport" not in failing.last_error and "vegetarian" not in failing.last_error
    assert failing.error_kind == "RuntimeError" and failing.last_error == "RuntimeError: unexpected error"


def test_a_model_outage_longer_than_five_passes_is_failing_then_promoted(
    runtime_factory: RuntimeFactory,
) -> None:
    rt = runtime_factory(claim_retry_base_seconds=60, claim_retry_max_seconds=300)
    asyncio.run(rt.engine.run_turn(req("By the way, I'm vegetarian.", thread="mon")))
    from assistant.errors import ModelUnavailable

    rt.promoter.model = ScriptedModel().enqueue(*[ModelUnavailable("provider down")] * 20)
    deps, at = rt.job_deps("t"), MONDAY + timedelta(minutes=31)
    reports = [asyncio.run(promote_idle(deps, at + timedelta(minutes=m))) for m in range(0, 40)]
    # Failed at minutes 0, 1, 3, 7, 12, 17, 22, 27, 32 and 37: backing off 60 s, 120 s, 240 s, then 300 s (cap).
    assert [m for m, r in enumerate(reports) if r.errors] == [0, 1, 3, 7, 12, 17, 22, 27, 32, 37]
    assert all(r.skipped_claimed_elsewhere == 0 and r.failing == 1 for r in reports)
    assert reports[-1].failing_kinds == {"ModelUnavailable": 1}
    [failing] = failing_promotions(deps, at + timedelta(minutes=40))
    assert (failing.item, failing.error_kind, failing.failures) == ("mon", "ModelUnavailable", 10)
    rt.promoter.model = ScriptedModel().enqueue(
        {"candidates": [{"fact": "veg", "type": "dietary", "evidence_turn": "t1", "quote": "I'm vegetarian"}]}
    )
    assert retry_promotions(deps, ThreadId("mon"), at + timedelta(minutes=40)) == 1
    done = asyncio.run(promote_idle(deps, at + timedelta(minutes=40)))
    assert (done.threads_promoted, done.facts_kept, done.failing) == (1, 1, 0)
    assert failing_promotions(deps, at + timedelta(minutes=41)) == []


def test_admins_list_and_requeue_failing_promotions_from_the_command_line(cli_env: Path) -> None:
    assert (
        run_cli(
            "chat", "--user", "alice", "--thread", "mon", "--at", "2026-11-09T09:00", "I'm vegetarian"
        ).exit_code
        == 0
    )
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import build_settings

    rt = build_runtime(build_settings())
    try:
        mon = rt.thread_for_name(ALICE, "mon")  # the internal id the CLI's thread name maps to
        thread = rt.directory.get_thread(ALICE, mon)
        assert thread is not None
        claims = rt.job_deps("w").claims
        key = ClaimKey("promote", mon, thread.last_seq)
        assert claims.claim(key, user="alice", now=MONDAY, lease=timedelta(minutes=5))
        claims.fail(key, now=MONDAY, error="ModelOutputError: not json", kind="ModelOutputError")
    finally:
        rt.close()
    listed = run_cli("jobs", "failing", "--at", "2026-11-09T09:01", "--json")
    assert listed.exit_code == 0, listed.output
    [row] = json.loads(listed.output)
    assert (row["thread"], row["error_kind"], row["failures"]) == (mon, "ModelOutputError", 1)
    assert "ModelOutputError" in run_cli("jobs", "failing", "--at", "2026-11-09T09:01").output
    assert run_cli("jobs", "retry").exit_code == 2
    assert run_cli("jobs", "retry", "nope", "--at", "2026-11-09T09:01").exit_code == 1
    requeued = run_cli("jobs", "retry", "--all", "--at", "2026-11-09T09:01")
    assert requeued.exit_code == 0 and "re-queued 1" in requeued.output
    promoted = run_cli("jobs", "promote", "--at", "2026-11-09T09:40", "--json")
    assert json.loads(promoted.output)["threads_promoted"] == 1
    assert json.loads(run_cli("jobs", "failing", "--at", "2026-11-09T09:41", "--json").output) == []


# -- 4. text is validated at the edge, and a log holding bad text stays usable ------------------------------


@pytest.mark.parametrize("text", texts("durability", "bad_texts"))
def test_bad_text_is_refused_with_a_clear_error_before_anything_is_logged(text: str) -> None:
    world = Twins()
    with pytest.raises(InvalidInput) as caught:
        asyncio.run(world.engine(ScriptedModel()).run_turn(req(text)))
    message = caught.value.user_message()
    assert message.startswith("the message ") and "character" in message
    message.encode("utf-8")  # printable as it is
    assert world.threads.events(ThreadId("th")) == [] and world.threads.get_user(ALICE) is None


@pytest.mark.parametrize("check", [user_id, thread_id, turn_id])
@pytest.mark.parametrize("raw", ["a\ud800b", "x\udcff", "id\ufffe", "a\x00", "\u200bzero-width"])
def test_ids_with_bad_characters_are_refused_with_a_printable_message(
    check: Callable[[str], object], raw: str
) -> None:
    with pytest.raises(InvalidId) as caught:
        check(raw)
    str(caught.value).encode("utf-8")


def test_a_thread_whose_log_holds_a_lone_surrogate_stays_usable_and_readable(cli_env: Path) -> None:
    assert run_cli("chat", "--user", "alice", "--thread", "old", "--turn-id", "t0", "Hello").exit_code == 0
    from travel_assistant.container import build_runtime
    from travel_assistant.settings import build_settings

    rt = build_runtime(build_settings())
    try:  # written before text was validated at the edge
        rt.thread_log.append(
            NewEvent(
                rt.thread_for_name(ALICE, "old"),
                TurnId("t1"),
                EventKind.USER,
                {"text": "bad \ud800 text"},
                MONDAY,
            )
        )
    finally:
        rt.close()
    turn = run_cli(
        "chat",
        "--user",
        "alice",
        "--thread",
        "old",
        "--turn-id",
        "t2",
        "--json",
        "Find me flights to Lisbon on the 14th",
    )
    assert turn.exit_code == 0, turn.output
    assert "TP1343" in json.loads(turn.output)["reply"]
    shown = run_cli("log", "--user", "alice", "--thread", "old")  # CliRunner's stdout is strict UTF-8
    assert shown.exit_code == 0, shown.output
    assert "bad \ufffd text" in shown.output
    as_json = run_cli("log", "--user", "alice", "--thread", "old", "--json")
    assert as_json.exit_code == 0
    assert any(e["body"].get("text") == "bad \ud800 text" for e in json.loads(as_json.output))


def test_the_cli_refuses_a_message_with_bad_text_and_logs_nothing(cli_env: Path) -> None:
    result = run_cli("chat", "--user", "alice", "--thread", "th", "bad \udcff byte")
    assert result.exit_code == 2
    assert result.output.strip().startswith("error: the message is not valid Unicode text")
    assert len(result.output.strip().splitlines()) == 1
    assert run_cli("log", "--user", "alice", "--thread", "th").exit_code == 1  # no thread was created


def test_invalid_utf8_arguments_are_refused_before_parsing() -> None:
    from travel_assistant.cli.main import invalid_argument

    assert invalid_argument(["chat", "--user", "alice", "ok"]) is None
    assert (
        invalid_argument(["chat", "--user", "al\udcffice"])
        == "argument 3 is not valid UTF-8 text; pass text in UTF-8"
    )


# -- 5. --at is bounded -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    ["0001-01-01T00:00+05:00", "9999-12-31T23:59-05:00", "0001-01-01", "9999-12-31T23:59", "1969-12-31"],
)
def test_out_of_range_at_is_a_clear_input_error(raw: str) -> None:
    with pytest.raises(InvalidInput, match="between 1970-01-01 and 2999-12-31"):
        parse_at(raw)


@pytest.mark.parametrize(
    "command", [["chat", "--user", "alice", "--thread", "th", "hi"], ["jobs", "promote"], ["jobs", "failing"]]
)
def test_out_of_range_at_exits_2_with_one_line_everywhere(cli_env: Path, command: list[str]) -> None:
    result = run_cli(*command, "--at", "0001-01-01T00:00+05:00")
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        "error: --at must be between 1970-01-01 and 2999-12-31 (UTC), not '0001-01-01T00:00+05:00'"
    ]
