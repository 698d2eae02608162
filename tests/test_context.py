"""Window policies, the fixed context order, the budget and reserve rules, context pressure, typed state."""

from __future__ import annotations

import asyncio
import itertools
import logging
from datetime import timedelta
from typing import Any

import pytest

from assistant.errors import ContextTooLong
from assistant.events import Event, EventKind, model_kind, tool_kind
from assistant.fact_records import Authority, FactDraft
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.model.llm import LiteLLMChatModel
from assistant.model.tokens import CachedCounter
from assistant.prompts import MEMORY_HEADING, SUMMARY_HEADING, TRIP_HEADING
from assistant.state import TripState
from assistant.turn.context import ContextStats, Policy, assemble, read_log
from assistant.turn.engine import Engine
from assistant.turn.parts import EngineSettings
from assistant.turns import Message, TurnRequest
from tests.conftest import MONDAY
from tests.fakes import ScriptedModel
from tests.test_fact_store_contract import MULTI
from travel_assistant.twins import Twins

USER, ASSISTANT, SUMMARY = EventKind.USER, EventKind.ASSISTANT, EventKind.SUMMARY
ALICE = UserId("alice")
THREAD = ThreadId("th")


def words(n: int, tag: str = "w") -> str:
    return " ".join(f"{tag}{i}" for i in range(n))


def count(messages: Any) -> int:  # Any: the assembler calls it with lists and tuples of messages
    """A transparent tokenizer for tests: 3 per call, 4 per message, 1 per word."""
    return 3 + sum(4 + len(str(m.get("content") or "").split()) for m in messages)


def ev(seq: int, turn: str, kind: str, text: str) -> Event:
    return Event(seq, THREAD, TurnId(turn), kind, {"text": text}, MONDAY)


def log_of(turns: int, size: int = 10) -> list[Event]:
    events: list[Event] = []
    for i in range(turns):
        events.append(ev(len(events) + 1, f"t{i}", USER, f"question {i} " + words(size)))
        events.append(ev(len(events) + 1, f"t{i}", ASSISTANT, f"answer {i} " + words(size)))
    return events


def build(
    policy: Policy,
    events: list[Event],
    budget: int,
    *,
    memory: str | None = None,
    state: str | None = None,
    reserve: int = 20,
) -> tuple[list[Message], ContextStats]:
    return assemble(
        policy=policy,
        system="system prompt",
        memory_block=memory,
        view=read_log(events, exclude_turn="now"),
        state_block=state,
        current=[{"role": "user", "content": "current question"}],
        budget=budget,
        reserve=reserve,
        count=count,
    )


def contents(messages: list[Message]) -> list[str]:
    return [str(m.get("content") or "") for m in messages]


def test_full_policy_keeps_the_whole_log_and_refuses_to_overflow() -> None:
    messages, stats = build("full", log_of(5), budget=1000)
    assert stats.turns_in_window == 5 and len(messages) == 1 + 10 + 1
    with pytest.raises(ContextTooLong):
        build("full", log_of(50), budget=1000)


def test_sliding_policy_keeps_the_newest_turns_that_fit_in_order() -> None:
    messages, stats = build("sliding", log_of(20), budget=150)
    kept = [c.split()[1] for c in contents(messages) if c.startswith("question")]
    assert kept == [str(i) for i in range(20 - len(kept), 20)] and 0 < len(kept) < 20
    assert stats.prompt_tokens <= 150 - 20


def test_summary_block_policy_shows_the_latest_summary_and_only_the_turns_since() -> None:
    events = log_of(3)
    events.append(
        Event(len(events) + 1, THREAD, TurnId("t3"), SUMMARY, {"text": "the user is vegetarian"}, MONDAY)
    )
    events += [
        ev(len(events) + 1, "t4", USER, "question 4"),
        ev(len(events) + 2, "t4", ASSISTANT, "answer 4"),
    ]
    messages, stats = build("summary-block", events, budget=1000)
    text = contents(messages)
    assert text[1] == f"{SUMMARY_HEADING}\nthe user is vegetarian"
    assert [c for c in text if c.startswith("question")] == ["question 4"]  # older turns superseded
    assert stats.summary_tokens > 0 and stats.turns_in_window == 1 and stats.turns_in_log == 4


def test_the_context_order_is_fixed_with_the_stable_part_first() -> None:
    messages, _ = build(
        "summary-block",
        log_of(2),
        budget=1000,
        memory=f"{MEMORY_HEADING}\n- Dietary needs: vegan",
        state=f"{TRIP_HEADING}\n{{}}",
    )
    text = contents(messages)
    assert text[0] == "system prompt" and text[1].startswith(MEMORY_HEADING)
    assert text[-2] == "current question" and text[-1].startswith(TRIP_HEADING)


def test_room_for_the_reply_is_reserved_before_anything_is_admitted() -> None:
    _, roomy = build("sliding", log_of(20), budget=400, reserve=0)
    _, reserved = build("sliding", log_of(20), budget=400, reserve=200)
    assert reserved.prompt_tokens <= 200 < roomy.prompt_tokens
    assert reserved.turns_in_window < roomy.turns_in_window


def test_a_turn_that_cannot_fit_fails_before_the_model_is_called() -> None:
    engine, _world, model = engine_with(budget=1200, reserve=1000)
    with pytest.raises(ContextTooLong):
        asyncio.run(engine.run_turn(request("t1", words(300))))
    assert model.calls == []  # nothing was spent on an oversized prompt


def test_pressure_is_measured_against_the_usable_budget(caplog: pytest.LogCaptureFixture) -> None:
    _, stats = build("sliding", log_of(40), budget=220, reserve=20)
    assert stats.pressure == pytest.approx(stats.prompt_tokens / 200) and stats.pressure >= 0.75
    engine, _world, _model = engine_with(budget=1400, reserve=1000, replies=["ok"] * 3)
    with caplog.at_level(logging.WARNING, logger="assistant.turn.engine"):
        asyncio.run(engine.run_turn(request("t1", words(60))))
    assert any("context pressure" in r.getMessage() for r in caplog.records)


def test_old_tool_results_are_cleared_to_a_reference_but_stay_in_the_log() -> None:
    events: list[Event] = []
    for i in range(3):
        events.append(ev(len(events) + 1, f"t{i}", USER, f"search {i}"))
        events.append(
            Event(
                len(events) + 1,
                THREAD,
                TurnId(f"t{i}"),
                model_kind(1),
                {"tool_calls": [{"id": f"c{i}", "name": "search_flights", "arguments": "{}"}]},
                MONDAY,
            )
        )
        events.append(
            Event(
                len(events) + 1,
                THREAD,
                TurnId(f"t{i}"),
                tool_kind(1, 1),
                {
                    "call_id": f"c{i}",
                    "name": "search_flights",
                    "ok": True,
                    "result": {"options": words(50, f"o{i}")},
                },
                MONDAY,
            )
        )
        events.append(ev(len(events) + 1, f"t{i}", ASSISTANT, f"found {i}"))
    view = read_log(events, exclude_turn=None, clear_before_turn=2)
    tool_contents = [m["content"] for t in view.all_turns for m in t.messages if m["role"] == "tool"]
    assert "removed from context; see log event 3" in tool_contents[0] and "o2" in tool_contents[2]
    assert "o0" in str(events[2].body)  # the full result is still in the log


def test_counts_are_additive_for_litellms_counter(offline_model: LiteLLMChatModel) -> None:
    messages: list[Message] = [
        {"role": "system", "content": words(40)},
        {"role": "user", "content": "flights to Lisbon"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c", "type": "function", "function": {"name": "search_flights", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c", "name": "search_flights", "content": words(80)},
    ]
    cached = CachedCounter(offline_model.count_tokens)
    assert cached(messages) == offline_model.count_tokens(messages)
    assert cached([]) == offline_model.count_tokens([])


def engine_with(
    *,
    budget: int = 12_000,
    reserve: int = 1000,
    replies: list[Any] | None = None,
    policy: Policy = "summary-block",
    summary_every: int = 8,
) -> tuple[Engine, Twins, ScriptedModel]:
    twins = Twins()
    model = ScriptedModel().enqueue(*(replies or []))
    settings = EngineSettings(
        policy=policy, budget_tokens=budget, reply_reserve_tokens=reserve, summary_every=summary_every
    )
    return twins.engine(model, settings=settings), twins, model


def request(turn: str, text: str, minutes: int = 0) -> TurnRequest:
    return TurnRequest(
        user=ALICE, thread=THREAD, turn=TurnId(turn), text=text, now=MONDAY + timedelta(minutes=minutes)
    )


def test_a_summary_event_is_appended_every_n_turns_and_nothing_is_edited() -> None:
    summary = {"summary": 'User said: "I am vegetarian"', "decisions": ["booked TP1343"], "open_loops": []}
    replies: list[Any] = [f"reply {i}" for i in range(3)] + [summary] + ["reply 3"]
    engine, twins, model = engine_with(replies=replies, summary_every=3)
    snapshots = []
    for i in range(4):
        asyncio.run(engine.run_turn(request(f"t{i}", f"message {i}", minutes=i)))
        snapshots.append(twins.threads.events(THREAD))
    for before, after in itertools.pairwise(snapshots):
        assert after[: len(before)] == before  # append-only
    [written] = [e for e in snapshots[-1] if e.kind == SUMMARY]
    assert written.turn_id == "t3" and "Decisions: booked TP1343" in written.body["text"]
    last_prompt = contents(model.calls[-1])
    assert any(c.startswith(SUMMARY_HEADING) and "vegetarian" in c for c in last_prompt)
    assert not any(c.startswith("message 0") for c in last_prompt)


def test_the_prompt_prefix_is_stable_within_a_block() -> None:
    engine, _, _model = engine_with(replies=[f"reply {i}" for i in range(4)])
    seen: list[ContextStats] = []

    class Watch:
        async def recalled(self, *a: Any) -> None: ...
        async def token(self, *a: Any) -> None: ...
        async def tool_started(self, *a: Any) -> None: ...
        async def tool_finished(self, *a: Any) -> None: ...

        async def context(self, stats: ContextStats) -> None:
            seen.append(stats)

    for i in range(4):
        asyncio.run(engine.run_turn(request(f"t{i}", f"message {i}"), Watch()))
    assert seen[0].stable_prefix_tokens == 0
    for previous, current in itertools.pairwise(seen):
        # Everything the previous call sent, except its final user message, is a byte-identical prefix now.
        assert current.stable_prefix_tokens >= previous.prompt_tokens - 20


def test_long_term_facts_take_at_most_half_the_budget() -> None:
    engine, twins, _model = engine_with(budget=1500, reserve=100, replies=["ok"])
    memory = twins.fact_memory
    for i, (ftype, value) in enumerate(MULTI):  # under the keyed-recall limit: all are candidates
        memory.record(UserScope(ALICE), FactDraft(ftype, value, "old", f"t{i}", Authority.USER), now=MONDAY)
    result = asyncio.run(engine.run_turn(request("t1", "hello")))
    assert 0 < result.context["memory_tokens"] <= 750
    assert result.memory_block is not None and result.memory_block.count('{"fact"') < len(MULTI)


def test_trip_state_is_derived_by_code_and_survives_summaries() -> None:
    search = {
        "origin": "LHR",
        "destination": "LIS",
        "date": "2026-11-14",
        "options": [
            {
                "flight_id": "TP1343-20261114-LHRLIS",
                "flight_no": "TP1343",
                "carrier": "TAP",
                "depart_at": "x",
                "price_eur": 129,
            }
        ],
    }
    booking = {
        "booking": {
            "booking_id": "BK-1",
            "flight": {
                "flight_id": "TP1343-20261114-LHRLIS",
                "flight_no": "TP1343",
                "carrier": "TAP",
                "origin": "LHR",
                "destination": "LIS",
                "depart_at": "2026-11-14T07:05:00+00:00",
                "price_eur": 129,
            },
            "hotel": {"name": "Casa do Rio Lisboa", "address": "Rua da Prata 112"},
        }
    }
    events = [
        Event(
            1,
            THREAD,
            TurnId("a"),
            tool_kind(1, 1),
            {"name": "search_flights", "ok": True, "result": search},
            MONDAY,
        ),
        Event(
            2,
            THREAD,
            TurnId("b"),
            tool_kind(1, 1),
            {"name": "book_flight", "ok": True, "result": booking},
            MONDAY,
        ),
        Event(3, THREAD, TurnId("c"), ASSISTANT, {"text": "Your booking is BK-999 to Paris."}, MONDAY),
        Event(4, THREAD, TurnId("d"), SUMMARY, {"text": "nothing about the trip"}, MONDAY),
        Event(
            5,
            THREAD,
            TurnId("e"),
            tool_kind(1, 1),
            {"name": "book_flight", "ok": False, "error": "sold out"},
            MONDAY,
        ),
        Event(
            6,
            THREAD,
            TurnId("f"),
            tool_kind(1, 1),
            {"name": "book_flight", "ok": True, "result": {"booking": "junk"}},
            MONDAY,
        ),
    ]
    state = TripState.from_events(events)
    assert (state.booking_id, state.destination, state.awaiting) == ("BK-1", "LIS", "nothing")
    assert state.hotel == "Casa do Rio Lisboa, Rua da Prata 112" and state.chosen_flight is not None
    assert TripState.from_events(events[:1]).awaiting == "flight_choice"
    assert state.render().startswith(TRIP_HEADING)
    with pytest.raises(Exception):
        state.booking_id = "BK-999"  # type: ignore[misc]  # frozen: the model's text cannot rewrite it
