"""The demo booking system: deterministic inventory (``demo.catalog``) plus a ``bookings`` table.

It is the system of record for trips. Tools query it; long-term memory never copies what it owns.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col

from assistant.booking_types import Booking, FlightOption, Restaurant
from assistant.errors import ToolError
from assistant.ids import UserId
from demo import catalog
from memory.db import Database, translate_errors
from memory.tables import BookingRow

NIGHTS = 3


def _booking_id(idempotency_key: str) -> str:
    return "BK-" + hashlib.sha256(idempotency_key.encode()).hexdigest()[:8].upper()


def _stay(flight: FlightOption) -> tuple[date, date]:
    """Check-in and check-out of the hotel a booking comes with: from the day the flight leaves, NIGHTS nights."""
    check_in = flight.depart_at.date()
    return check_in, check_in + timedelta(days=NIGHTS)


def _resolve(flight_id: str, now: datetime) -> FlightOption:
    flight = catalog.flight_by_id(flight_id)
    if flight is None:
        raise ToolError(f"no such flight {flight_id!r}; use a flight_id returned by search_flights")
    if flight.depart_at <= now:
        raise ToolError(f"flight {flight.flight_no} has already departed")
    return flight


def _to_booking(
    booking_id: str,
    flight_id: str,
    check_in: date,
    check_out: date,
    meal: str | None,
    created_at: datetime,
    cancelled_at: datetime | None = None,
) -> Booking:
    flight = catalog.flight_by_id(flight_id)
    assert flight is not None, "stored bookings always reference catalogue flights"
    hotel = catalog.hotel_for(flight.destination)
    return Booking(booking_id, flight, hotel, check_in, check_out, meal, created_at, cancelled_at)


def _row_booking(row: Any) -> Booking:
    """A ``BookingRow``, or a Core row of its table (the same attribute names)."""
    return _to_booking(
        row.id, row.flight_id, row.check_in, row.check_out, row.meal, row.created_at, row.cancelled_at
    )


def _not_found(booking_id: str) -> ToolError:
    return ToolError(f"no booking {booking_id!r} found for you; use a booking_id from get_my_bookings")


def _check_cancellable(booking: Booking, now: datetime) -> None:
    if booking.cancelled_at is None and booking.flight.depart_at <= now:
        raise ToolError(f"booking {booking.booking_id} has already departed and cannot be cancelled")


class _Catalogue:
    """What both booking systems answer from the deterministic catalogue alone: flights and restaurants."""

    def search_flights(self, *, origin: str, destination: str, day: date) -> list[FlightOption]:
        return catalog.flights(origin, destination, day)

    def find_restaurants(self, *, near_hotel: str, dietary: Sequence[str]) -> list[Restaurant]:
        if catalog.hotel_by_id(near_hotel) is None:
            raise ToolError(f"unknown hotel {near_hotel!r}; use a hotel_id from get_my_bookings")
        wanted = set(dietary)
        found = [r for r in catalog.restaurants_near(near_hotel) if wanted <= set(r.dietary)]
        return sorted(found, key=lambda r: r.walk_minutes)


class SqlBookingSystem(_Catalogue):
    def __init__(self, db: Database) -> None:
        self.db = db

    def book_flight(
        self, *, user: UserId, flight_id: str, idempotency_key: str, meal: str | None, now: datetime
    ) -> Booking:
        flight = _resolve(flight_id, now)
        booking_id = _booking_id(idempotency_key)
        check_in, check_out = _stay(flight)
        insert = sqlite.insert if self.db.is_sqlite else postgresql.insert
        with self.db.write() as session:
            session.execute(
                insert(BookingRow)
                .values(
                    id=booking_id,
                    user_id=user,
                    idempotency_key=idempotency_key,
                    flight_id=flight_id,
                    hotel_id=catalog.hotel_for(flight.destination).hotel_id,
                    check_in=check_in,
                    check_out=check_out,
                    meal=meal,
                    created_at=now,
                )
                # No conflict target: the booking id is derived from the idempotency key, so two deliveries of one
                # turn racing on Postgres may meet on the primary key before the key's own index, and a
                # targeted DO NOTHING would raise there instead of returning the booking the first one made.
                .on_conflict_do_nothing()
            )
            row = session.execute(
                select(BookingRow).where(col(BookingRow.idempotency_key) == idempotency_key)
            ).scalar_one()
        return _row_booking(row)

    def cancel_booking(self, *, user: UserId, booking_id: str, now: datetime) -> Booking:
        mine = (col(BookingRow.id) == booking_id, col(BookingRow.user_id) == user)
        with self.db.write() as session:
            row = session.execute(select(BookingRow).where(*mine)).scalar_one_or_none()
            if row is None:
                raise _not_found(booking_id)
            _check_cancellable(_row_booking(row), now)
            # Conditional: of two racing cancellations the first sets the time, the second changes nothing.
            session.execute(
                update(BookingRow)
                .where(*mine, col(BookingRow.cancelled_at).is_(None))
                .values(cancelled_at=now)
            )
            row = session.execute(select(BookingRow).where(*mine)).scalar_one()
            return _row_booking(row)

    def bookings_of(self, user: UserId) -> list[Booking]:
        """A Core read of one prepared statement: a trip question runs it once or twice (the user's bookings,
        restaurants near their hotel), and a session with ORM objects cost more than twice the query."""
        with translate_errors(), self.db.engine.connect() as conn:
            rows = conn.execute(_BOOKINGS_OF, {"user": user}).all()
        bookings = [_row_booking(r) for r in rows]
        return sorted(bookings, key=lambda b: (b.flight.depart_at, b.booking_id))


_TABLE = BookingRow.__table__  # type: ignore[attr-defined]
_BOOKINGS_OF = select(_TABLE).where(_TABLE.c.user_id == bindparam("user"))


class InMemoryBookingSystem(_Catalogue):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, tuple[UserId, Booking]] = {}

    def book_flight(
        self, *, user: UserId, flight_id: str, idempotency_key: str, meal: str | None, now: datetime
    ) -> Booking:
        flight = _resolve(flight_id, now)
        with self._lock:
            if idempotency_key not in self._rows:
                booking = _to_booking(_booking_id(idempotency_key), flight_id, *_stay(flight), meal, now)
                self._rows[idempotency_key] = (user, booking)
            return self._rows[idempotency_key][1]

    def cancel_booking(self, *, user: UserId, booking_id: str, now: datetime) -> Booking:
        with self._lock:
            key = next(
                (k for k, (owner, b) in self._rows.items() if owner == user and b.booking_id == booking_id),
                None,
            )
            if key is None:
                raise _not_found(booking_id)
            owner, booking = self._rows[key]
            _check_cancellable(booking, now)
            if booking.cancelled_at is None:
                booking = replace(booking, cancelled_at=now)
                self._rows[key] = (owner, booking)
            return booking

    def bookings_of(self, user: UserId) -> list[Booking]:
        with self._lock:
            mine = [b for owner, b in self._rows.values() if owner == user]
        return sorted(mine, key=lambda b: (b.flight.depart_at, b.booking_id))

    def count(self) -> int:
        with self._lock:
            return len(self._rows)
