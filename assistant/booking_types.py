"""Value types of the demo booking system (the system of record for trips)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from assistant.jsonable import JsonRecord, record_json


@dataclass(frozen=True, slots=True)
class FlightOption(JsonRecord):
    flight_id: str
    carrier: str
    flight_no: str
    origin: str
    destination: str
    depart_at: datetime
    arrive_at: datetime
    price_eur: int
    seats_left: int


@dataclass(frozen=True, slots=True)
class Hotel:
    hotel_id: str
    name: str
    address: str
    city: str


@dataclass(frozen=True, slots=True)
class Booking:
    booking_id: str
    flight: FlightOption
    hotel: Hotel
    check_in: date
    check_out: date
    meal: str | None
    created_at: datetime
    cancelled_at: datetime | None = None  # a cancelled booking stays on record, marked

    @property
    def status(self) -> str:
        return "confirmed" if self.cancelled_at is None else "cancelled"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "booking_id": self.booking_id,
            "status": self.status,
            "flight": self.flight.to_json(),
            "hotel": record_json(self.hotel),
            "check_in": self.check_in.isoformat(),
            "check_out": self.check_out.isoformat(),
            "meal": self.meal,
            "created_at": self.created_at.isoformat(),
        }
        if self.cancelled_at is not None:
            data["cancelled_at"] = self.cancelled_at.isoformat()
        return data


@dataclass(frozen=True, slots=True)
class Restaurant(JsonRecord):
    name: str
    cuisine: str
    address: str
    walk_minutes: int
    dietary: tuple[str, ...]
