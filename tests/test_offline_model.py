"""The offline demo model's behaviour (``demo.agent``), called directly (no litellm): what it does with what a real model sees.

The model reads only the messages, the tool list and the response format, so these tests build those the way
the app does: the system prompt from ``system_prompt(now)``, the memory block from real facts rendered by
``assistant.facts.recall``, the trip-state block from ``TripState.render()``, tool results from the real tools over
the demo booking system, and promotion/summary transcripts from real log events via ``render_transcript``.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from assistant.booking_types import FlightOption
from assistant.candidates import Candidate, CandidateList, judge_candidate
from assistant.events import Event, EventKind, tool_kind
from assistant.fact_records import Authority, FactDraft
from assistant.facts.memory import FactMemory
from assistant.facts.recall import Recaller, RecallSettings, render_block
from assistant.gate.verdict import Accepted
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.promotion import user_turns_of
from assistant.prompts import (
    PROMOTION_INSTRUCTIONS,
    PROMOTION_SCHEMA_NAME,
    SUMMARY_INSTRUCTIONS,
    SUMMARY_SCHEMA_NAME,
    system_prompt,
)
from assistant.state import TripState
from assistant.transcript import render_transcript
from assistant.turn.summary import SummaryOutput
from assistant.turn.tools import ToolRunner, tool_specs
from assistant.turns import Message, ToolContext
from demo import catalog
from demo.agent import OfflineReply, respond
from demo.bookings import InMemoryBookingSystem
from memory.inmemory import InMemoryFactStore
from tests.conftest import MONDAY

ALICE = UserId("alice")
LISBON_DAY = date(2026, 11, 14)
RECORDED = MONDAY - timedelta(days=20)  # Tue 20 Oct 2026
USER, ASSISTANT = EventKind.USER, EventKind.ASSISTANT


# -- building what the model sees -------------------------------------------------------------------------


def memory_block(*facts: tuple[str, str, str], recorded: datetime = RECORDED, now: datetime = MONDAY) -> str:
    """The LONG-TERM MEMORY block for facts given as (type, value, the user's words)."""
    store = InMemoryFactStore()
    memory = FactMemory(store, store)
    scope = UserScope(ALICE)
    for i, (ftype, value, _quote) in enumerate(facts):
        draft = FactDraft(ftype, value, ThreadId("old-thread"), TurnId(f"turn{i}"), Authority.USER)
        memory.record(scope, draft, now=recorded)
    recall = Recaller(store, RecallSettings()).recall(scope, "", now=now)
    block, shown = render_block(recall, now=now, cap_tokens=4000, count_text=lambda text: len(text) // 4)
    assert block is not None
    assert len(shown) == len(facts)
    return block


VEGETARIAN = ("dietary", "vegetarian", "I'm vegetarian")
HOME_MAN = ("home_airport", "MAN", "I usually fly from Manchester")
AISLE = ("seat", "aisle", "I prefer aisle seats")


def lisbon_options(origin: str = "LHR", day: date = LISBON_DAY) -> list[FlightOption]:
    return catalog.flights(origin, "LIS", day)


def search_result(origin: str = "LHR", day: date = LISBON_DAY) -> dict[str, Any]:
    return {
        "origin": origin,
        "origin_assumed": origin == "LHR",
        "destination": "LIS",
        "date": day.isoformat(),
        "options": [o.to_json() for o in lisbon_options(origin, day)],
    }


def trip_block(result: dict[str, Any]) -> str:
    return TripState().apply("search_flights", result).render()


class StubRememberer:
    def __init__(self) -> None:
        self.statements: list[str] = []

    def remember_now(self, ctx: ToolContext, statement: str) -> dict[str, Any]:
        self.statements.append(statement)
        return {"saved": True, "fact": "Seat preference: aisle", "status": "stored", "fact_id": "0" * 32}


class Chat:
    """Just enough of the engine's loop to drive the offline model against the real tools."""

    def __init__(
        self,
        *,
        now: datetime = MONDAY,
        memory: str | None = None,
        trip: str | None = None,
        bookings: InMemoryBookingSystem | None = None,
    ) -> None:
        self.now = now
        self.head: list[Message] = [{"role": "system", "content": system_prompt(now)}]
        if memory:
            self.head.append({"role": "system", "content": memory})
        if trip:
            self.head.append({"role": "system", "content": trip})
        self.history: list[Message] = []
        self.bookings = bookings or InMemoryBookingSystem()
        self.rememberer = StubRememberer()
        self.runner = ToolRunner(self.bookings, self.rememberer)
        self.turns = 0

    def first_step(self, text: str) -> OfflineReply:
        """Only the model's first decision for ``text`` (nothing is executed or remembered)."""
        return respond(
            [*self.head, *self.history, {"role": "user", "content": text}], self.runner.specs(), None
        )

    def turn(self, text: str) -> tuple[str, list[tuple[str, dict[str, Any], dict[str, Any]]]]:
        """Run a whole turn; returns the final text and (tool, arguments, result) for every call made."""
        self.turns += 1
        current: list[Message] = [{"role": "user", "content": text}]
        calls: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        for round_no in range(1, 5):
            reply = respond([*self.head, *self.history, *current], self.runner.specs(), None)
            if not reply.tool_calls:
                current.append({"role": "assistant", "content": reply.text})
                self.history += current
                return reply.text, calls
            ids = [f"call_{self.turns}_{round_no}_{i}" for i in range(len(reply.tool_calls))]
            current.append(
                {
                    "role": "assistant",
                    "content": reply.text or None,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
                        }
                        for cid, c in zip(ids, reply.tool_calls, strict=True)
                    ],
                }
            )
            for index, (cid, call) in enumerate(zip(ids, reply.tool_calls, strict=True), 1):
                ctx = ToolContext(
                    user=ALICE,
                    thread=ThreadId("th"),
                    turn=TurnId(f"turn{self.turns}"),
                    round_no=round_no,
                    index=index,
                    now=self.now,
                )
                outcome = self.runner.run(call.name, json.dumps(call.arguments), ctx)
                payload = outcome.result if outcome.ok else {"error": outcome.result.get("error")}
                calls.append((call.name, call.arguments, payload))
                current.append(
                    {
                        "role": "tool",
                        "tool_call_id": cid,
                        "name": call.name,
                        "content": json.dumps(payload, sort_keys=True),
                    }
                )
        raise AssertionError("the offline model kept calling tools")


def only_call(reply: OfflineReply) -> tuple[str, dict[str, Any]]:
    assert reply.text == ""
    [call] = reply.tool_calls
    return call.name, call.arguments


def booked_lisbon(flight_index: int = 0) -> InMemoryBookingSystem:
    system = InMemoryBookingSystem()
    flight = lisbon_options()[flight_index]
    system.book_flight(user=ALICE, flight_id=flight.flight_id, idempotency_key="k1", meal=None, now=MONDAY)
    return system


# -- flight search ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "expected"),
    [
        (datetime(2026, 11, 9, 9, 0, tzinfo=UTC), "2026-11-14"),
        (datetime(2026, 11, 14, 9, 0, tzinfo=UTC), "2026-11-14"),
        (datetime(2026, 11, 20, 9, 0, tzinfo=UTC), "2026-12-14"),
        (datetime(2026, 12, 20, 9, 0, tzinfo=UTC), "2027-01-14"),
    ],
)
def test_the_14th_is_resolved_from_the_date_in_the_system_prompt(today: datetime, expected: str) -> None:
    reply = Chat(now=today).first_step("Find me flights to Lisbon on the 14th")
    assert only_call(reply) == ("search_flights", {"destination": "LIS", "date": expected})


@pytest.mark.parametrize(
    "text",
    [
        "Find me flights from Manchester to Lisbon on the 14th",
        "Find me flights to Lisbon on the 14th from Manchester",
        "Find me flights to Lisbon on the 14th, from Manchester.",
    ],
)
def test_origin_comes_from_what_the_user_says(text: str) -> None:
    name, arguments = only_call(Chat().first_step(text))
    assert name == "search_flights"
    assert arguments == {"destination": "LIS", "date": "2026-11-14", "origin": "MAN"}


def test_origin_comes_from_the_home_airport_fact_in_memory() -> None:
    chat = Chat(memory=memory_block(HOME_MAN, VEGETARIAN))
    name, arguments = only_call(chat.first_step("Find me flights to Lisbon on the 14th"))
    assert name == "search_flights"
    assert arguments == {"destination": "LIS", "date": "2026-11-14", "origin": "MAN"}


def test_an_origin_said_now_beats_the_remembered_home_airport() -> None:
    chat = Chat(memory=memory_block(HOME_MAN))
    _name, arguments = only_call(chat.first_step("Find me flights from Edinburgh to Lisbon on the 14th"))
    assert arguments["origin"] == "EDI"


def test_it_asks_for_the_destination_when_there_is_none() -> None:
    reply = Chat().first_step("Can you find me some flights on the 14th?")
    assert reply.tool_calls == ()
    assert "Where would you like to fly to?" in reply.text


def test_it_asks_for_the_date_when_there_is_none() -> None:
    reply = Chat().first_step("Find me flights to Lisbon")
    assert reply.tool_calls == ()
    assert reply.text == "Which date would you like to fly to Lisbon?"


def test_a_search_turn_ends_with_the_options_and_a_question() -> None:
    text, calls = Chat().turn("Find me flights to Lisbon on the 14th")
    assert [name for name, _args, _result in calls] == ["search_flights"]
    assert text.startswith(
        "I found 3 flights from London (LHR) to Lisbon (LIS) on Saturday 14 November 2026:"
    )
    for i, option in enumerate(lisbon_options(), 1):
        assert f"{i}. {option.carrier} {option.flight_no}: departs {option.depart_at:%H:%M}" in text
    assert "I assumed you're flying from London" in text
    assert "Which one should I book?" in text


# -- booking ----------------------------------------------------------------------------------------------


def test_book_option_2_uses_the_options_in_the_trip_state_block() -> None:
    chat = Chat(trip=trip_block(search_result()))
    assert only_call(chat.first_step("Book option 2 please")) == (
        "book_flight",
        {"flight_id": lisbon_options()[1].flight_id},
    )


def test_book_option_2_uses_the_options_from_an_earlier_search_result() -> None:
    chat = Chat()
    chat.turn("Find me flights from Manchester to Lisbon on the 14th")
    text, calls = chat.turn("Book option 2")
    [(name, arguments, result)] = calls
    expected = lisbon_options("MAN")[1]
    assert (name, arguments) == ("book_flight", {"flight_id": expected.flight_id})
    assert result["booking"]["flight"]["flight_no"] == expected.flight_no
    assert text.startswith(
        f"Booked! Reference {result['booking']['booking_id']}: {expected.carrier} {expected.flight_no}"
    )


def test_booking_requests_a_vegetarian_meal_when_the_user_says_they_are_vegetarian() -> None:
    chat = Chat(trip=trip_block(search_result()))
    _name, arguments = only_call(chat.first_step("I'm vegetarian, by the way. Book option 2."))
    assert arguments == {"flight_id": lisbon_options()[1].flight_id, "meal": "vegetarian"}


def test_booking_requests_the_remembered_vegetarian_meal() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN), trip=trip_block(search_result()))
    _name, arguments = only_call(chat.first_step("Book option 2"))
    assert arguments == {"flight_id": lisbon_options()[1].flight_id, "meal": "vegetarian"}


def test_the_meal_request_reaches_the_booking_and_the_reply() -> None:
    chat = Chat(trip=trip_block(search_result()))
    text, [(_name, _arguments, result)] = chat.turn("I'm vegetarian. Book option 2.")
    assert result["booking"]["meal"] == "vegetarian"
    assert "I've requested a vegetarian meal." in text


def test_a_diet_the_user_contradicts_now_is_not_requested_as_a_meal() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN), trip=trip_block(search_result()))
    _name, arguments = only_call(
        chat.first_step("I'm not vegetarian any more, I eat meat now. Book option 2.")
    )
    assert "meal" not in arguments


def test_book_the_cheapest_picks_the_lowest_price() -> None:
    options = lisbon_options()
    cheapest = min(options, key=lambda o: o.price_eur)
    chat = Chat(trip=trip_block(search_result()))
    assert only_call(chat.first_step("I'll take the cheapest")) == (
        "book_flight",
        {"flight_id": cheapest.flight_id},
    )


def test_book_by_flight_number() -> None:
    third = lisbon_options()[2]
    chat = Chat(trip=trip_block(search_result()))
    assert only_call(chat.first_step(f"Book {third.flight_no}")) == (
        "book_flight",
        {"flight_id": third.flight_id},
    )


@pytest.mark.parametrize("trip", [None, "search"], ids=["no-search-yet", "option-out-of-range"])
def test_it_asks_which_flight_when_the_option_cannot_be_resolved(trip: str | None) -> None:
    chat = Chat(trip=trip_block(search_result()) if trip else None)
    reply = chat.first_step("Book option 5" if trip else "Book option 2")
    assert reply.tool_calls == ()
    assert "Which flight should I book?" in reply.text


# -- dinner -----------------------------------------------------------------------------------------------


DINNER = "Can you suggest somewhere for dinner near my hotel tonight?"


def test_dinner_looks_up_the_bookings_first() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN), bookings=booked_lisbon())
    assert only_call(chat.first_step(DINNER)) == ("get_my_bookings", {})


def test_dinner_after_the_bookings_finds_restaurants_with_the_remembered_diet() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN), bookings=booked_lisbon())
    text, calls = chat.turn(DINNER)
    assert [(name, arguments) for name, arguments, _result in calls] == [
        ("get_my_bookings", {}),
        ("find_restaurants", {"hotel_id": "H-LIS-1", "dietary": ["vegetarian"]}),
    ]
    restaurants = calls[1][2]["restaurants"]
    assert restaurants
    assert all("vegetarian" in r["dietary"] for r in restaurants)
    assert (
        "I've kept to vegetarian options because you told me you're vegetarian (recorded Tue 20 Oct 2026)"
        in text
    )
    assert "Dinner ideas near Casa do Rio Lisboa (Rua da Prata 112, Baixa, 1100-420 Lisbon)" in text
    for r in restaurants:
        assert r["name"] in text
    assert "Churrasqueira Central" not in text  # the grill has no vegetarian tag


def test_dinner_with_a_stale_diet_still_filters_but_mentions_the_age() -> None:
    long_ago = MONDAY - timedelta(days=3 * 365)  # past the 2-year TTL, before the 5-year deletion
    chat = Chat(memory=memory_block(VEGETARIAN, recorded=long_ago), bookings=booked_lisbon())
    text, calls = chat.turn(DINNER)
    assert calls[1][1] == {"hotel_id": "H-LIS-1", "dietary": ["vegetarian"]}
    assert "That note is old, so tell me if it has changed." in text


def test_what_the_user_says_now_beats_the_remembered_diet() -> None:
    chat = Chat(memory=memory_block(VEGETARIAN), bookings=booked_lisbon())
    text, calls = chat.turn(
        "I'm not vegetarian any more, I eat meat. Where should I go for dinner near my hotel?"
    )
    [(first, _a, _r), (second, arguments, result)] = calls
    assert first == "get_my_bookings"
    assert second == "find_restaurants"
    assert not arguments.get("dietary")
    assert result["dietary"] == []
    assert "going with what you said now" in text
    assert "my saved note looks outdated" in text
    assert "I've kept to vegetarian" not in text
    assert "Churrasqueira Central" in text  # no vegetarian filter: the grill is back


def test_a_remembered_nut_allergy_reaches_the_search_and_the_reply_says_it_was_not_checked() -> None:
    chat = Chat(
        memory=memory_block(VEGETARIAN, ("dietary", "nut allergy", "I'm allergic to nuts")),
        bookings=booked_lisbon(),
    )
    text, calls = chat.turn(DINNER)
    [_bookings, (name, arguments, result)] = calls
    assert (name, arguments["dietary"]) == ("find_restaurants", ["vegetarian", "nut allergy"])
    assert "error" not in result and result["unchecked"] == ["nut allergy"]
    assert all("vegetarian" in r["dietary"] for r in result["restaurants"])  # the menu diet still filters
    assert "couldn't check for nut allergy: please tell the restaurant" in text


def test_an_allergy_said_about_someone_else_is_not_searched_for() -> None:
    text, calls = Chat(bookings=booked_lisbon()).turn(
        "My son is allergic to nuts. Any dinner suggestions near my hotel?"
    )
    assert "dietary" not in calls[1][1] and "allergens" not in text


def test_dinner_without_any_booking_says_so() -> None:
    text, calls = Chat(memory=memory_block(VEGETARIAN)).turn(DINNER)
    assert [name for name, _a, _r in calls] == ["get_my_bookings"]
    assert text == "I can't find any bookings for you yet. Shall I search for flights?"


# -- remembering ------------------------------------------------------------------------------------------


def test_remember_that_calls_remember_preference_with_the_users_words() -> None:
    chat = Chat()
    assert only_call(chat.first_step("Please remember that I prefer aisle seats.")) == (
        "remember_preference",
        {"statement": "I prefer aisle seats"},
    )


def test_remember_that_confirms_what_was_saved() -> None:
    chat = Chat()
    text, calls = chat.turn("remember that I prefer aisle seats")
    assert chat.rememberer.statements == ["I prefer aisle seats"]
    assert [name for name, _a, _r in calls] == ["remember_preference"]
    assert text == "Saved — I'll remember that (Seat preference: aisle)."


def test_remember_that_without_the_tool_calls_nothing() -> None:
    messages = [
        {"role": "system", "content": system_prompt(MONDAY)},
        {"role": "user", "content": "remember that I prefer aisle seats"},
    ]
    reply = respond(messages, tool_specs(["search_flights", "book_flight"]), None)
    assert reply.tool_calls == ()
    assert reply.text


def _assert_lists(block: str, text: str) -> None:
    facts = [json.loads(line) for line in block.splitlines() if line.startswith("{")]
    assert len(facts) == 3
    for fact in facts:
        assert f"{fact['fact']} (recorded {fact['recorded']}" in text
    assert "Here is what I have saved about you" in text


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("What do you know about me?", id="know"),
        pytest.param("What do you remember about me?", id="remember"),
    ],
)
def test_what_do_you_remember_lists_the_memory_block_lines(question: str) -> None:
    block = memory_block(VEGETARIAN, HOME_MAN, AISLE)
    text, calls = Chat(memory=block).turn(question)
    assert calls == []
    _assert_lists(block, text)


def test_what_do_you_remember_lists_the_lines_when_no_remember_tool_is_offered() -> None:
    block = memory_block(VEGETARIAN, HOME_MAN, AISLE)
    messages = [
        {"role": "system", "content": system_prompt(MONDAY)},
        {"role": "system", "content": block},
        {"role": "user", "content": "What do you remember about me?"},
    ]
    reply = respond(messages, tool_specs(["search_flights", "book_flight", "get_my_bookings"]), None)
    assert reply.tool_calls == ()
    _assert_lists(block, reply.text)


@pytest.mark.parametrize(
    "question",
    [
        pytest.param("what do you know about me?", id="know"),
        pytest.param("what do you remember about me?", id="remember"),
    ],
)
def test_what_do_you_remember_with_nothing_saved(question: str) -> None:
    text, calls = Chat().turn(question)
    assert calls == []
    assert "I don't have anything saved about you yet" in text


# -- small talk -------------------------------------------------------------------------------------------


def test_unknown_requests_get_a_polite_fallback() -> None:
    reply = Chat().first_step("Can you explain how tides work?")
    assert reply.tool_calls == ()
    assert "offline demo travel assistant" in reply.text
    assert "flights to Lisbon on the 14th" in reply.text


def test_a_greeting_is_answered() -> None:
    reply = Chat().first_step("Hello there")
    assert reply.tool_calls == ()
    assert reply.text.startswith("Hello!")


# -- structured output: promotion candidates --------------------------------------------------------------

TH = ThreadId("th-1")


class Log:
    """A thread log as real events, rendered the way promotion and summaries render it."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, turn: str, kind: str, body: dict[str, Any]) -> Log:
        self.events.append(Event(len(self.events) + 1, TH, TurnId(turn), kind, body, MONDAY))
        return self

    def user(self, turn: str, text: str) -> Log:
        return self.add(turn, USER, {"text": text})

    def assistant(self, turn: str, text: str) -> Log:
        return self.add(turn, ASSISTANT, {"text": text})

    def tool(self, turn: str, name: str, result: dict[str, Any], *, index: int = 1) -> Log:
        return self.add(
            turn,
            tool_kind(1, index),
            {
                "call_id": f"call_{turn}_{index}",
                "name": name,
                "arguments": "{}",
                "ok": True,
                "result": result,
            },
        )

    @property
    def transcript(self) -> str:
        return render_transcript(self.events)


def response_format(name: str, schema: type[Any]) -> dict[str, Any]:
    """Exactly what ``LiteLLMChatModel.structured`` asks for."""
    return {
        "type": "json_schema",
        "json_schema": {"name": name, "schema": schema.model_json_schema(), "strict": False},
    }


def promote(log: Log) -> CandidateList:
    messages = [
        {"role": "system", "content": PROMOTION_INSTRUCTIONS.format(types="(types)")},
        {"role": "user", "content": log.transcript},
    ]
    reply = respond(messages, None, response_format(PROMOTION_SCHEMA_NAME, CandidateList))
    assert reply.tool_calls == ()
    return CandidateList.model_validate_json(reply.text)


def summarise(log: Log, previous: str | None = None) -> SummaryOutput:
    transcript = log.transcript if previous is None else f"PREVIOUS SUMMARY: {previous}\n{log.transcript}"
    messages = [{"role": "system", "content": SUMMARY_INSTRUCTIONS}, {"role": "user", "content": transcript}]
    reply = respond(messages, None, response_format(SUMMARY_SCHEMA_NAME, SummaryOutput))
    assert reply.tool_calls == ()
    return SummaryOutput.model_validate_json(reply.text)


def booking_result(flight: FlightOption) -> dict[str, Any]:
    system = InMemoryBookingSystem()
    booking = system.book_flight(
        user=ALICE, flight_id=flight.flight_id, idempotency_key="k", meal=None, now=MONDAY
    )
    return {"booking": booking.to_json()}


def candidates(out: CandidateList) -> list[Candidate]:
    return [Candidate.model_validate(c) for c in out.candidates]


def test_promotion_proposes_vegetarian_citing_the_user_turn() -> None:
    log = Log().user("t1", "Hi! I'm vegetarian, so keep that in mind.").assistant("t1", "Noted.")
    out = promote(log)
    [dietary] = [c for c in candidates(out) if c.type == "dietary"]
    assert dietary.evidence_turn == "t1"
    assert dietary.quote in "Hi! I'm vegetarian, so keep that in mind."
    assert "vegetarian" in dietary.fact
    # ... and promotion's own checks would keep it, storing the canonical value.
    verdict = judge_candidate(dietary, user_turns_of(log.events))
    assert isinstance(verdict, Accepted) and verdict.value == "vegetarian"


def test_promotion_proposes_the_trip_which_the_checks_then_reject() -> None:
    log = (
        Log()
        .user("t2", "Find me flights to Lisbon on the 14th")
        .tool("t2", "search_flights", search_result())
    )
    out = promote(log)
    [trip] = [c for c in candidates(out) if c.type == "trip"]
    assert trip.evidence_turn == "t2"
    assert trip.fact == "User is flying to Lisbon on the 14th"
    assert trip.quote in "Find me flights to Lisbon on the 14th"
    assert judge_candidate(trip, user_turns_of(log.events)) == "task_progress"


def test_promotion_infers_morning_flights_from_a_morning_booking() -> None:
    morning = lisbon_options()[0]
    assert morning.depart_at.hour == 7
    log = Log().user("t3", "Book option 1").tool("t3", "book_flight", booking_result(morning))
    out = promote(log)
    [guess] = [c for c in candidates(out) if c.type == "flight_times"]
    assert guess.fact == "User prefers morning flights"
    assert guess.evidence_turn == "t3"
    assert judge_candidate(guess, user_turns_of(log.events)) == "inference"


def test_promotion_does_not_infer_morning_flights_from_a_midday_booking() -> None:
    midday = lisbon_options()[1]
    log = Log().user("t3", "Book option 2").tool("t3", "book_flight", booking_result(midday))
    assert [c for c in candidates(promote(log)) if c.type == "flight_times"] == []


def test_promotion_of_a_plain_question_proposes_nothing() -> None:
    assert promote(Log().user("t1", "What time is it in Lisbon?")).candidates == []


# -- structured output: summaries -------------------------------------------------------------------------


def test_summary_keeps_self_statements_decisions_and_open_loops() -> None:
    options = lisbon_options()
    booking = booking_result(options[0])
    log = (
        Log()
        .user("t1", "I'm vegetarian. Find me flights to Lisbon on the 14th.")
        .tool("t1", "search_flights", search_result())
        .assistant("t1", "I found 3 flights.")
        .user("t2", "Book option 1")
        .tool("t2", "book_flight", booking)
        .assistant("t2", "Booked! Would you like dinner ideas near your hotel?")
    )
    out = summarise(log)
    assert 'User said: "I\'m vegetarian."' in out.summary
    decision = f"booked {options[0].flight_no} ({booking['booking']['booking_id']}) with Casa do Rio Lisboa"
    assert out.decisions == [decision]
    assert decision in out.summary
    assert out.open_loops == ["Waiting for the user to answer: Would you like dinner ideas near your hotel?"]
    rendered = out.render()
    assert "Decisions: " + decision in rendered
    assert "Open loops: Waiting for the user to answer" in rendered


def test_summary_keeps_the_previous_summary() -> None:
    out = summarise(Log().user("t9", "Thanks!"), previous='User said: "I\'m vegetarian."')
    assert out.summary.startswith('User said: "I\'m vegetarian."')


def test_an_answered_question_is_not_an_open_loop() -> None:
    log = (
        Log()
        .user("t1", "Find me flights to Lisbon")
        .assistant("t1", "Which date would you like to fly to Lisbon?")
        .user("t2", "The 14th")
    )
    assert summarise(log).open_loops == []


def test_summary_keeps_the_pending_flight_choice_as_an_open_loop() -> None:
    chat = Chat()
    reply, _calls = chat.turn("Find me flights to Lisbon on the 14th")
    log = (
        Log()
        .user("t1", "Find me flights to Lisbon on the 14th")
        .tool("t1", "search_flights", search_result())
    )
    log.assistant("t1", reply)
    assert any("Which one should I book?" in loop for loop in summarise(log).open_loops)
