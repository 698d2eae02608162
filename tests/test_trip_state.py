"""The trip state read newest first equals the state the thread's tool results build in order.

``TripState.from_events`` stops at the newest booking instead of replaying every search of a long thread; these
properties hold it to the fold from the first event, for threads nobody wrote by hand: searches and bookings,
valid and malformed, failed calls, other tools and events the state ignores, in any order.
"""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.events import Event, EventKind, tool_kind
from assistant.ids import ThreadId, TurnId
from assistant.state import TripState
from tests.conftest import MONDAY

THREAD = ThreadId("th")
AIRPORTS = ("LHR", "LIS", "MAD", "CDG")


def _flight(origin: str, destination: str, day: int, price: Any) -> dict[str, Any]:
    return {
        "flight_id": f"TP{day}-{origin}{destination}",
        "flight_no": f"TP{day}",
        "carrier": "TAP",
        "origin": origin,
        "destination": destination,
        "depart_at": f"2026-11-{day:02d}T07:05:00+00:00",
        "price_eur": price,
    }


_route = st.tuples(st.sampled_from(AIRPORTS), st.sampled_from(AIRPORTS), st.integers(1, 28))
# A price the state accepts, or one it refuses (the whole result is then ignored).
_price = st.one_of(st.integers(50, 900), st.sampled_from(["cheap", None]))


@st.composite
def _search(draw: st.DrawFn) -> dict[str, Any]:
    origin, destination, day = draw(_route)
    options = [_flight(origin, destination, day, draw(_price)) for _ in range(draw(st.integers(0, 3)))]
    result: dict[str, Any] = {"origin": origin, "destination": destination, "options": options}
    result["date"] = draw(st.sampled_from([f"2026-11-{day:02d}", "the 14th"]))
    return {"name": "search_flights", "ok": True, "result": result}


@st.composite
def _booking(draw: st.DrawFn) -> dict[str, Any]:
    origin, destination, day = draw(_route)
    booking: Any = {
        "booking_id": f"BK-{draw(st.integers(1, 99))}",
        "flight": _flight(origin, destination, day, draw(_price)),
        "hotel": {"name": f"Hotel {destination}", "address": f"Rua {day}"},
    }
    return {
        "name": "book_flight",
        "ok": True,
        "result": {"booking": draw(st.sampled_from([booking, "junk"]))},
    }


_other = st.sampled_from(
    [
        {"name": "book_flight", "ok": False, "error": "sold out"},
        {"name": "search_flights", "ok": False, "error": "no such airport"},
        {"name": "get_my_bookings", "ok": True, "result": {"bookings": []}},
        {"name": "find_restaurants", "ok": True, "result": {"restaurants": []}},
    ]
)
_tool_body = st.one_of(_search(), _booking(), _other)
_entry = st.one_of(
    _tool_body.map(lambda body: (tool_kind(1, 1), body)),
    st.just((EventKind.ASSISTANT, {"text": "Your booking is BK-999 to Paris."})),
    st.just((EventKind.SUMMARY, {"text": "nothing about the trip"})),
)


def _events(entries: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    return [
        Event(seq, THREAD, TurnId(f"t{seq}"), kind, body, MONDAY)
        for seq, (kind, body) in enumerate(entries, 1)
    ]


def _in_order(events: list[Event]) -> TripState:
    """The definition: every successful tool result applied from the first."""

    def step(state: TripState, event: Event) -> TripState:
        if event.parsed_kind.kind is EventKind.TOOL and event.body.get("ok"):
            return state.apply(str(event.body["name"]), event.body.get("result") or {})
        return state

    return functools.reduce(step, events, TripState())


@settings(max_examples=300, deadline=None)
@given(st.lists(_entry, max_size=14))
def test_the_state_read_newest_first_is_the_state_built_in_order(
    entries: list[tuple[str, dict[str, Any]]],
) -> None:
    events = _events(entries)
    state = TripState.from_events(events)
    assert state == _in_order(events)
    assert state.render() == _in_order(events).render()  # what the model is shown


def test_a_search_after_a_booking_shows_new_options_and_keeps_the_booking() -> None:
    booked = {
        "name": "book_flight",
        "ok": True,
        "result": {
            "booking": {
                "booking_id": "BK-1",
                "flight": _flight("LHR", "LIS", 14, 129),
                "hotel": {"name": "Casa do Rio Lisboa", "address": "Rua da Prata 112"},
            }
        },
    }
    search = {
        "name": "search_flights",
        "ok": True,
        "result": {
            "origin": "LIS",
            "destination": "MAD",
            "date": "2026-11-20",
            "options": [_flight("LIS", "MAD", 20, 80)],
        },
    }
    broken = {"name": "search_flights", "ok": True, "result": {"origin": "LIS"}}
    state = TripState.from_events(
        _events([(tool_kind(1, 1), booked), (tool_kind(1, 1), search), (tool_kind(1, 1), broken)])
    )
    assert (state.booking_id, state.hotel) == ("BK-1", "Casa do Rio Lisboa, Rua da Prata 112")
    assert (state.destination, state.awaiting, len(state.options)) == ("MAD", "flight_choice", 1)
    assert state.chosen_flight is not None and state.chosen_flight.flight_no == "TP14"
