"""The turn engine on in-memory stores: append first, replay on retry, log tool results before use."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

import pytest

from assistant.booking_types import Booking
from assistant.errors import AccessDenied, InvalidInput, ModelUnavailable, TurnConflict
from assistant.events import EventKind, model_kind, tool_kind
from assistant.ids import ThreadId, TurnId, UserId
from assistant.model.llm import LiteLLMChatModel
from assistant.turn.engine import Engine
from assistant.turn.parts import EngineSettings
from assistant.turns import TurnRequest, TurnResult
from demo.bookings import InMemoryBookingSystem
from tests.conftest import MONDAY
from tests.fakes import ScriptedModel
from travel_assistant.twins import Twins

ALICE, BOB = UserId("alice"), UserId("bob")
FLIGHT = "TP1343-20261114-LHRLIS"
USER, ASSISTANT, FAILURE = EventKind.USER, EventKind.ASSISTANT, EventKind.FAILURE
MODEL_1, TOOL_1_1 = model_kind(1), tool_kind(1, 1)


def turn(
    text: str, turn_id: str = "t1", user: UserId = ALICE, thread: str = "th", at: datetime = MONDAY
) -> TurnRequest:
    return TurnRequest(user=user, thread=ThreadId(thread), turn=TurnId(turn_id), text=text, now=at)


def run(engine: Engine, req: TurnRequest) -> TurnResult:
    return asyncio.run(engine.run_turn(req))


def test_monday_flow_logs_user_tool_and_assistant_events_in_order(offline_model: LiteLLMChatModel) -> None:
    world = Twins()
    engine = world.engine(offline_model)
    found = run(engine, turn("Find me flights to Lisbon on the 14th", "t1"))
    assert "TP1343" in found.reply and [c.name for c in found.tool_calls] == ["search_flights"]
    booked = run(
        engine, turn("Book option 1, please. I'm vegetarian.", "t2", at=MONDAY + timedelta(minutes=2))
    )
    assert booked.state.booking_id and "Casa do Rio Lisboa" in booked.reply
    assert [b.flight.flight_id for b in world.bookings.bookings_of(ALICE)] == [FLIGHT]
    assert world.bookings.bookings_of(ALICE)[0].meal == "vegetarian"
    kinds = [
        (e.turn_id, e.kind)
        for e in world.threads.events(ThreadId("th"))
        if e.kind in (USER, MODEL_1, TOOL_1_1, ASSISTANT)
    ]
    assert kinds == [(t, k) for t in ("t1", "t2") for k in (USER, MODEL_1, TOOL_1_1, ASSISTANT)]


def test_a_retried_turn_returns_the_logged_reply_and_writes_nothing(offline_model: LiteLLMChatModel) -> None:
    world = Twins()
    engine = world.engine(offline_model)
    run(engine, turn("Find me flights to Lisbon on the 14th", "t1"))
    first = run(engine, turn("Book option 1", "t2"))
    before = world.threads.events(ThreadId("th"))
    again = run(engine, turn("Book option 1", "t2", at=MONDAY + timedelta(hours=1)))
    assert again.replayed and again.reply == first.reply
    assert [c.name for c in again.tool_calls] == ["book_flight"]
    assert world.threads.events(ThreadId("th")) == before
    assert world.bookings.count() == 1


def test_reusing_a_turn_id_for_another_message_is_refused() -> None:
    world = Twins()
    engine = world.engine(ScriptedModel().enqueue("Hello!"))
    run(engine, turn("Hi", "t1"))
    with pytest.raises(TurnConflict):
        run(engine, turn("Something else", "t1"))
    assert [e.text for e in world.threads.events(ThreadId("th")) if e.kind == USER] == ["Hi"]


def test_tool_results_are_logged_before_the_model_sees_them() -> None:
    world = Twins()
    seen: list[list[str]] = []
    model = ScriptedModel().enqueue({"tool": "get_my_bookings"}, "You have no bookings.")
    model.before_call = lambda n: seen.append([e.kind for e in world.threads.events(ThreadId("th"))])
    run(world.engine(model), turn("Show my bookings"))
    assert TOOL_1_1 not in seen[0]
    assert MODEL_1 in seen[1] and TOOL_1_1 in seen[1]  # durable before the second model call


class CountingBookings(InMemoryBookingSystem):
    def __init__(self, crash_after_booking: bool = False) -> None:
        super().__init__()
        self.calls = 0
        self.crash_after_booking = crash_after_booking

    def book_flight(self, **kwargs: Any) -> Booking:
        self.calls += 1
        booking = super().book_flight(**kwargs)
        if self.crash_after_booking:
            self.crash_after_booking = False
            raise RuntimeError("worker died after the booking system committed")
        return booking


def test_a_resumed_turn_reuses_the_logged_tool_result_instead_of_booking_again() -> None:
    bookings = CountingBookings()
    world = Twins(bookings=bookings)
    failing = ScriptedModel().enqueue(
        {"tool": "book_flight", "args": {"flight_id": FLIGHT}}, ModelUnavailable("provider timed out")
    )
    with pytest.raises(ModelUnavailable):
        run(world.engine(failing), turn("Book TP1343 please", "t1"))
    events = world.threads.events(ThreadId("th"))
    assert [e.kind for e in events if e.kind in (USER, TOOL_1_1, FAILURE, ASSISTANT)] == [
        USER,
        TOOL_1_1,
        FAILURE,
    ]
    healthy = ScriptedModel().enqueue("Booked, see you in Lisbon.")
    result = run(world.engine(healthy), turn("Book TP1343 please", "t1", at=MONDAY + timedelta(minutes=1)))
    assert result.reply == "Booked, see you in Lisbon."
    assert bookings.calls == 1 and bookings.count() == 1
    assert result.tool_calls[0].result["booking"]["flight"]["flight_id"] == FLIGHT


def test_a_crash_between_booking_and_logging_is_absorbed_by_the_idempotency_key() -> None:
    bookings = CountingBookings(crash_after_booking=True)
    world = Twins(bookings=bookings)
    model = ScriptedModel().enqueue({"tool": "book_flight", "args": {"flight_id": FLIGHT}})
    with pytest.raises(RuntimeError):
        run(world.engine(model), turn("Book TP1343 please", "t1"))
    assert TOOL_1_1 not in [e.kind for e in world.threads.events(ThreadId("th"))]
    model.enqueue("Booked.")  # the logged model:1 step is replayed, so its tool call runs again, same key
    run(world.engine(model), turn("Book TP1343 please", "t1"))
    assert bookings.calls == 2 and bookings.count() == 1


@pytest.mark.parametrize("text", ["", "   ", "x" * 4001, "bad\x00byte", "bell\x07"])
def test_bad_messages_are_refused_before_anything_is_written(text: str) -> None:
    world = Twins()
    with pytest.raises(InvalidInput):
        run(world.engine(ScriptedModel()), turn(text))
    assert world.threads.get_user(ALICE) is None and world.threads.events(ThreadId("th")) == []


def test_another_users_thread_is_refused_and_nothing_is_appended() -> None:
    world = Twins()
    run(world.engine(ScriptedModel().enqueue("Hello alice")), turn("Hi", "t1", user=ALICE))
    with pytest.raises(AccessDenied):
        run(world.engine(ScriptedModel().enqueue("Hello bob")), turn("Hi", "t2", user=BOB))
    assert [e.turn_id for e in world.threads.events(ThreadId("th"))].count(TurnId("t2")) == 0


def test_bad_tool_arguments_become_a_tool_error_the_model_can_read() -> None:
    world = Twins()
    model = ScriptedModel().enqueue(
        {"tool": "book_flight", "args": {"flight_id": "nonsense"}}, "Sorry, that flight id was not valid."
    )
    result = run(world.engine(model), turn("Book the thing"))
    assert result.reply == "Sorry, that flight id was not valid."
    assert not result.tool_calls[0].ok and "flight_id" in result.tool_calls[0].result["error"]
    assert "flight_id" in model.calls[1][-1]["content"]  # the error reached the model
    assert world.bookings.count() == 0


def test_the_acting_user_comes_from_the_session_not_from_tool_arguments() -> None:
    world = Twins()
    world.bookings.book_flight(user=BOB, flight_id=FLIGHT, idempotency_key="bob-1", meal=None, now=MONDAY)
    model = ScriptedModel().enqueue(
        {"tool": "get_my_bookings", "args": {"user_id": "bob"}},
        {"tool": "get_my_bookings"},
        "You have no bookings.",
    )
    result = run(world.engine(model), turn("Show my bookings"))
    assert not result.tool_calls[0].ok and "user_id" in result.tool_calls[0].result["error"]
    assert result.tool_calls[1].ok and result.tool_calls[1].result == {"bookings": [], "total": 0}


def test_the_model_is_not_offered_tools_on_the_last_round() -> None:
    world = Twins()
    loop = [{"tool": "get_my_bookings"}] * 3 + ["Here is what I found."]
    model = ScriptedModel().enqueue(*loop)
    result = run(world.engine(model, settings=EngineSettings(max_rounds=4)), turn("Bookings?"))
    assert result.reply == "Here is what I found." and len(result.tool_calls) == 3


def test_secrets_are_masked_before_the_log_and_the_model_and_the_user_is_told_once(
    offline_model: LiteLLMChatModel,
) -> None:
    from assistant.model.tape import RecordingModel

    world = Twins()
    recorder = RecordingModel(offline_model)
    engine = world.engine(recorder)
    said = "I prefer aisle seats and my card is 4111 1111 1111 1111, cvv 123"
    result = run(engine, turn(said))
    assert result.masked == ("card",) or "card" in result.masked
    assert "4111 1111 1111 1111" not in result.user_text and "[card ending 1111]" in result.user_text
    assert "masked" in result.reply and "card" in result.reply
    logged = repr([e.body for e in world.threads.events(ThreadId("th"))])
    assert "4111 1111 1111 1111" not in logged and "cvv 123" not in logged
    assert "4111 1111 1111 1111" not in repr(recorder.prompts)
    [user_event] = [e for e in world.threads.events(ThreadId("th")) if e.kind == USER]
    assert "card" in user_event.body["masked"]
    again = run(engine, turn(said, at=MONDAY + timedelta(minutes=5)))  # a retry: same mask, logged reply
    assert again.replayed and again.reply == result.reply and again.masked == result.masked


def test_a_card_split_over_two_messages_is_masked_in_both_and_the_user_is_told(
    offline_model: LiteLLMChatModel,
) -> None:
    world = Twins()
    engine = world.engine(offline_model)
    run(engine, turn("my card is 4111 1111", "t1"))
    result = run(engine, turn("1111 1111 thanks", "t2", at=MONDAY + timedelta(minutes=1)))
    assert result.masked == ("card",) and "previous message" in result.reply
    logged = [e.text for e in world.threads.events(ThreadId("th")) if e.kind == USER]
    assert logged == ["my card is [card ending 1111]", "[card ending 1111] thanks"]
    # The first message named the thread: its title is corrected with it.
    [record] = world.threads.threads_of(ALICE)
    assert "4111" not in record.title
    # Bob's thread of the same name is his own: Alice's first half never completes his digits.
    other = run(
        engine, turn("1111 1111 thanks", "t3", user=BOB, thread="bob-th", at=MONDAY + timedelta(minutes=2))
    )
    assert other.masked == ()
