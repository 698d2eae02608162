"""Typed thread state: where the current trip stands, derived by code from the thread's tool results.

The model reads it (as the trip-state block) but cannot write it: only successful tool results move it, so a
wrong sentence in a reply or a lossy summary cannot change what the app believes was booked. It is recomputed
from the whole log every turn, which is why it survives summarisation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from assistant.events import Event, EventKind
from assistant.prompts import TRIP_HEADING

Awaiting = Literal["destination", "flight_choice", "nothing"]


class FlightChoice(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    flight_id: str
    flight_no: str
    carrier: str
    depart_at: str
    price_eur: int


class TripState(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    origin: str | None = None
    destination: str | None = None
    travel_date: date | None = None
    options: tuple[FlightChoice, ...] = ()
    chosen_flight: FlightChoice | None = None
    booking_id: str | None = None
    hotel: str | None = None
    awaiting: Awaiting = "destination"

    @classmethod
    def from_events(cls, events: Sequence[Event]) -> TripState:
        """The state after the thread's successful tool results, in order: each field as the newest result that
        sets it (and validates) left it. Read newest first: a booking sets every field, so the scan stops at the
        newest booking, a few events back, instead of validating every search's options of
        a long thread on every turn (the fold from the start cost ~0.8 ms a turn at 200 events)."""
        fields: dict[str, object] = {}
        for event in reversed(events):
            if event.parsed_kind.kind is EventKind.TOOL and event.body.get("ok"):
                update = _update(str(event.body.get("name", "")), event.body.get("result") or {})
                for name, value in (update or {}).items():
                    fields.setdefault(name, value)
                if len(fields) == len(TripState.model_fields):
                    break  # every field set by a newer result: older ones change nothing
        return cls().model_copy(update=fields)  # values validated by _update

    def apply(self, tool: str, result: dict[str, object]) -> TripState:
        """The next state after a successful tool result; unknown tools and malformed results change nothing."""
        update = _update(tool, result)
        return self if update is None else self.model_copy(update=update)  # values validated by _update

    @property
    def is_empty(self) -> bool:
        return self == TripState()

    def render(self) -> str:
        """The trip-state block: a heading line, then JSON."""
        return f"{TRIP_HEADING}\n{json.dumps(self.model_dump(mode='json', exclude_defaults=True), sort_keys=True)}"


def _update(tool: str, result: dict[str, object]) -> dict[str, object] | None:
    """The fields a successful ``tool`` result sets, validated (values as a :class:`TripState` holds them); None
    for an unknown tool or a malformed result. Validity depends on the result alone (no field constrains
    another), so a result's update is the same whatever state it is applied to."""
    try:
        if tool == "search_flights":
            update: dict[str, object] = {
                "origin": result["origin"],
                "destination": result["destination"],
                "travel_date": date.fromisoformat(str(result["date"])),
                "options": tuple(FlightChoice.model_validate(o) for o in result.get("options", [])),  # type: ignore[attr-defined]
                "awaiting": "flight_choice",
            }
        elif tool == "book_flight":
            booking = result["booking"]
            assert isinstance(booking, dict)
            update = {
                "origin": booking["flight"]["origin"],
                "destination": booking["flight"]["destination"],
                "travel_date": date.fromisoformat(booking["flight"]["depart_at"][:10]),
                "chosen_flight": FlightChoice.model_validate(booking["flight"]),
                "booking_id": booking["booking_id"],
                "hotel": f"{booking['hotel']['name']}, {booking['hotel']['address']}",
                "options": (),
                "awaiting": "nothing",
            }
        else:
            return None
        # model_copy(update=...) skips validation; validating keeps the state typed even on odd tool output.
        checked = TripState.model_validate(update)
    except (KeyError, TypeError, ValueError, AssertionError, ValidationError):
        return None
    return {name: getattr(checked, name) for name in update}
