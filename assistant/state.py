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
        state = cls()
        for event in events:
            if event.parsed_kind.kind is EventKind.TOOL and event.body.get("ok"):
                state = state.apply(str(event.body.get("name", "")), event.body.get("result") or {})
        return state

    def apply(self, tool: str, result: dict[str, object]) -> TripState:
        """The next state after a successful tool result; unknown tools and malformed results change nothing."""
        try:
            if tool == "search_flights":
                return self._with(
                    {
                        "origin": result["origin"],
                        "destination": result["destination"],
                        "travel_date": date.fromisoformat(str(result["date"])),
                        "options": tuple(FlightChoice.model_validate(o) for o in result.get("options", [])),  # type: ignore[attr-defined]
                        "awaiting": "flight_choice",
                    }
                )
            if tool == "book_flight":
                booking = result["booking"]
                assert isinstance(booking, dict)
                flight = FlightChoice.model_validate(booking["flight"])
                return self._with(
                    {
                        "origin": booking["flight"]["origin"],
                        "destination": booking["flight"]["destination"],
                        "travel_date": date.fromisoformat(booking["flight"]["depart_at"][:10]),
                        "chosen_flight": flight,
                        "booking_id": booking["booking_id"],
                        "hotel": f"{booking['hotel']['name']}, {booking['hotel']['address']}",
                        "options": (),
                        "awaiting": "nothing",
                    }
                )
        except (KeyError, TypeError, ValueError, AssertionError, ValidationError):
            return self
        return self

    def _with(self, update: dict[str, object]) -> TripState:
        # model_copy(update=...) skips validation; rebuilding keeps the state typed even on odd tool output.
        return TripState.model_validate({**self.model_dump(), **update})

    @property
    def is_empty(self) -> bool:
        return self == TripState()

    def render(self) -> str:
        """The trip-state block: a heading line, then JSON."""
        return f"{TRIP_HEADING}\n{json.dumps(self.model_dump(mode='json', exclude_defaults=True), sort_keys=True)}"
