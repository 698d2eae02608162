"""The two tools added for conversations people actually have: ``forget_memory`` (asks first, deletes through
the privacy registry) and ``cancel_booking`` (idempotent, the user's own bookings only)."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import pytest

from assistant.errors import ToolError
from assistant.fact_records import Authority, FactDraft
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.ports import BookingSystem
from assistant.turns import ToolContext, TurnRequest
from demo import catalog
from demo.bookings import InMemoryBookingSystem, SqlBookingSystem
from memory.db import Database
from tests.conftest import MONDAY

if TYPE_CHECKING:
    from travel_assistant.container import Runtime

ALICE, BOB = UserId("alice"), UserId("bob")
TH = ThreadId("forgetting")


def turn(rt: Runtime, turn_id: str, text: str, minutes: int = 0) -> Any:
    request = TurnRequest(
        user=ALICE, thread=TH, turn=TurnId(turn_id), text=text, now=MONDAY + timedelta(minutes=minutes)
    )
    return asyncio.run(rt.engine.run_turn(request))


def remember(rt: Runtime, ftype: str, value: str) -> None:
    draft = FactDraft(ftype, value, ThreadId("old"), TurnId(f"o-{value.replace(' ', '-')}"), Authority.USER)
    rt.fact_memory.record(UserScope(ALICE), draft, now=MONDAY - timedelta(days=3))


def forget(rt: Runtime, turn_id: str, what: str, value: str | None = None) -> dict[str, Any]:
    ctx = ToolContext(user=ALICE, thread=TH, turn=TurnId(turn_id), round_no=1, index=1, now=MONDAY)
    args = {"what": what} | ({"value": value} if value else {})
    outcome = rt.engine.deps.tools.run("forget_memory", json.dumps(args), ctx)
    assert outcome.ok
    return outcome.result


def test_forgetting_asks_first_then_deletes_every_version_through_the_registry(runtime: Runtime) -> None:
    remember(runtime, "seat", "window")
    remember(runtime, "seat", "aisle")  # a second version of the same fact
    remember(runtime, "dietary", "vegan")
    asked = turn(runtime, "t1", "Please forget my seat preference", 0)
    assert asked.tool_calls == () and "shall I forget your seat preference (aisle" in asked.reply
    assert forget(runtime, "t1", "seat")["reason"].startswith("the user has not confirmed")

    done = turn(runtime, "t2", "yes", 1)
    assert [c.name for c in done.tool_calls] == ["forget_memory"]
    assert done.tool_calls[0].result == {
        "forgotten": True,
        "what": "seat preference",
        "facts": ["Seat preference: aisle"],
        "versions_deleted": 2,
    }
    history = runtime.facts.list_facts(UserScope(ALICE), include_history=True)
    assert [f.type for f in history] == ["dietary"]
    assert [a["action"] for a in runtime.registry.audit_trail(ALICE)] == ["forget_fact"]


def test_a_yes_without_a_request_or_for_something_else_deletes_nothing(runtime: Runtime) -> None:
    remember(runtime, "seat", "aisle")
    remember(runtime, "dietary", "vegan")
    turn(runtime, "t1", "Find me flights to Lisbon on the 14th", 0)
    turn(runtime, "t2", "yes", 1)
    assert "did not ask to forget anything" in forget(runtime, "t2", "seat")["reason"]
    turn(runtime, "t3", "forget my seat preference", 2)
    confirmed = turn(runtime, "t4", "yes please", 3)  # the model forgets the seat, as asked
    assert [c.result.get("what") for c in confirmed.tool_calls] == ["seat preference"]
    refused = forget(runtime, "t4", "all")
    assert refused == {
        "forgotten": False,
        "reason": "the user asked to forget seat preference, not everything",
        "what": "everything",
    }
    assert [f.type for f in runtime.fact_memory.current(UserScope(ALICE))] == ["dietary"]
    assert forget(runtime, "t4", "shoe_size")["reason"].startswith("unknown memory 'shoe_size'")


def test_forgetting_a_named_value_deletes_only_it_and_never_a_value_the_user_did_not_name(
    runtime: Runtime,
) -> None:
    remember(runtime, "dietary", "vegan")
    remember(runtime, "dietary", "nut allergy")
    asked = turn(runtime, "t1", "Forget that I'm vegan", 0)
    assert "shall I forget your dietary needs: vegan (recorded" in asked.reply
    assert "The rest stays." in asked.reply
    done = turn(runtime, "t2", "yes", 1)
    assert [c.result.get("facts") for c in done.tool_calls] == [["Dietary needs: vegan"]]
    assert [f.value for f in runtime.fact_memory.current(UserScope(ALICE))] == ["nut allergy"]
    # A model that swaps or widens the value is refused: the request named vegan, not the allergy.
    refused = forget(runtime, "t2", "dietary", "nut allergy")
    assert refused["reason"] == "the user did not name 'nut allergy' when they asked to forget"
    assert [f.value for f in runtime.fact_memory.current(UserScope(ALICE))] == ["nut allergy"]


def test_forget_everything_after_a_yes_erases_all_facts(runtime: Runtime) -> None:
    remember(runtime, "seat", "aisle")
    remember(runtime, "dietary", "vegan")
    turn(runtime, "t1", "Forget everything you know about me", 0)
    done = turn(runtime, "t2", "Yes", 1)
    assert done.tool_calls[0].result == {"forgotten": True, "what": "everything", "rows_deleted": 2}
    assert "forgotten everything" in done.reply
    assert runtime.registry.counts(ALICE)["facts (LanceDB)"] == 0


def _flight() -> str:
    return catalog.flights("LHR", "LIS", MONDAY.date() + timedelta(days=5))[0].flight_id


@pytest.fixture
def system(twin_or_database: Database | None) -> BookingSystem:
    """The booking system of record: the in-memory twin, and SQL on both databases (the new column migrated)."""
    return InMemoryBookingSystem() if twin_or_database is None else SqlBookingSystem(twin_or_database)


def test_cancelling_is_idempotent_and_only_for_the_owner(system: BookingSystem) -> None:
    booking = system.book_flight(user=ALICE, flight_id=_flight(), idempotency_key="k1", meal=None, now=MONDAY)
    with pytest.raises(ToolError, match="no booking"):
        system.cancel_booking(user=BOB, booking_id=booking.booking_id, now=MONDAY)
    first = system.cancel_booking(user=ALICE, booking_id=booking.booking_id, now=MONDAY)
    again = system.cancel_booking(user=ALICE, booking_id=booking.booking_id, now=MONDAY + timedelta(hours=1))
    assert first == again and first.cancelled_at == MONDAY and first.status == "cancelled"
    assert first.to_json()["status"] == "cancelled" and first.to_json()["cancelled_at"] == MONDAY.isoformat()
    [listed] = system.bookings_of(ALICE)
    assert listed.cancelled_at == MONDAY and system.bookings_of(BOB) == []


def test_a_departed_flight_cannot_be_cancelled(system: BookingSystem) -> None:
    booking = system.book_flight(user=ALICE, flight_id=_flight(), idempotency_key="k2", meal=None, now=MONDAY)
    with pytest.raises(ToolError, match="already departed"):
        system.cancel_booking(user=ALICE, booking_id=booking.booking_id, now=MONDAY + timedelta(days=9))
