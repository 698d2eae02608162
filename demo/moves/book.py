"""Booking from the options shown: "book option 2", "I'll take the cheapest", "book TP1343", one option per leg
of a multi-leg search ("book option 1 and option 3"), and the second half of a change ("book option 2" after
"Change my booking to the 16th" also cancels the old booking)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from demo.moves import diet
from demo.moves.search import clock
from demo.replies import OfflineReply, calls, say
from demo.view import View
from language.dates import human_date
from language.text import whole_words

BOOK = whole_words(r"book|reserve|take|go with|i'?ll take|i'?ll have")
OPTION = re.compile(
    r"\b(?:option|opt\.?|number|no\.?|#)\s*(\d)\b|\b(first|second|third|1st|2nd|3rd|cheapest|earliest|latest)\b",
    re.I,
)
FLIGHT_NO = re.compile(r"\b([A-Z0-9]{2}\d{3,4})\b")
EVERY_LEG = whole_words(r"both|each|all|every")
MOVING = re.compile(r"I'll move booking (BK-[0-9A-F]{8}) to it")
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}
ASK = 'Which flight should I book? Search first, then say e.g. "book option 1".'


def wants_booking(text: str) -> bool:
    return bool(BOOK.search(text) and (OPTION.search(text) or FLIGHT_NO.search(text)))


def _index(m: re.Match[str], options: list[dict[str, Any]]) -> int:
    if m.group(1):
        return int(m.group(1))
    word = m.group(2).lower()
    if word == "cheapest":
        return 1 + min(range(len(options)), key=lambda i: options[i].get("price_eur", 0))
    if word == "latest":
        return len(options)
    return 1 if word == "earliest" else _ORDINALS[word]


def chosen_flights(view: View) -> list[str] | None:
    """The flight ids the message picks, one per leg of the last search; None if it cannot be resolved."""
    legs = [s.get("options", []) for s in view.earlier_searches] if len(view.earlier_searches) > 1 else []
    legs = legs or [view.earlier_options]
    every = [o for leg in legs for o in leg]
    if m := FLIGHT_NO.search(view.user_text):
        found = [o["flight_id"] for o in every if o.get("flight_no") == m.group(1)]
        return found or None
    picks = list(OPTION.finditer(view.user_text))
    if not picks and len(legs) == 1 and (index := described_pick(view.user_text, legs[0])) is not None:
        return [legs[0][index]["flight_id"]]
    if len(legs) == 1:
        picks = picks[:1]  # "the first one, option 1" names one flight twice
    elif len(picks) == 1 and EVERY_LEG.search(view.user_text):
        picks = picks * len(legs)
    if not picks or len(picks) != len(legs):
        return None
    chosen = []
    for m, options in zip(picks, legs, strict=True):
        index = _index(m, options) if options else 0
        if not 1 <= index <= len(options):
            return None
        chosen.append(options[index - 1]["flight_id"])
    return chosen


_DEPARTURE = re.compile(r"\b(\d{1,2})(?:(?::|h|\.)(\d{2}))?\s*(am|pm)?\b", re.I)
_KIND = {
    "later": -1,
    "last": -1,
    "earlier": 0,
    "middle": 1,
}
_DAYPART = {
    "morning": range(5, 12),
    "afternoon": range(12, 18),
    "evening": range(17, 24),
    "night": range(19, 24),
}


def described_pick(text: str, options: list[dict[str, Any]]) -> int | None:
    """The option (0-based) a message describes rather than numbers: by departure time ("the 9:40 one", "the
    6pm"), by position ("the later one", "the last one"), by part of the day when one option is in it, or the
    cheaper one. None when nothing, or more than one option, fits."""
    hours = [datetime.fromisoformat(o["depart_at"]) for o in options]
    for m in _DEPARTURE.finditer(text):
        if m.group(2) is None and m.group(3) is None:
            continue  # a bare number is an option number or a date, not a time
        hour, suffix = int(m.group(1)), (m.group(3) or "").lower()
        if suffix == "pm" and hour < 12:
            hour += 12
        elif suffix == "am" and hour == 12:
            hour = 0
        minute = int(m.group(2)) if m.group(2) else None
        fits = [i for i, t in enumerate(hours) if t.hour == hour and (minute is None or t.minute == minute)]
        if len(fits) == 1:
            return fits[0]
    lowered = text.lower()
    if re.search(r"\bcheaper\b", lowered):
        return min(range(len(options)), key=lambda i: options[i].get("price_eur", 0))
    for word, index in _KIND.items():
        if re.search(rf"\b{word}\b", lowered) and len(options) > abs(index):
            return index % len(options)
    for part, span in _DAYPART.items():
        if re.search(rf"\b{part}\b", lowered):
            fits = [i for i, t in enumerate(hours) if t.hour in span]
            return fits[0] if len(fits) == 1 else None
    return None


def first(view: View) -> OfflineReply | None:
    return act(view) if wants_booking(view.user_text) else None


def act(view: View) -> OfflineReply:
    """Book what the message picks (the intent is decided: by the patterns above, or by meaning)."""
    flights = chosen_flights(view)
    if flights is None:
        return say(ASK)
    meal = meal_for(view)
    bookings = [("book_flight", {"flight_id": f, **({"meal": meal} if meal else {})}) for f in flights]
    if moving := MOVING.search(view.previous_reply):
        bookings.append(("cancel_booking", {"booking_id": moving.group(1)}))
    return calls(*bookings)


def meal_for(view: View) -> str | None:
    """The special meal to request: said now, else held (remembered or said earlier), never a stale memory."""
    held = diet.current(view, include_stale=False)
    return held.values[0] if held.values else None


def after(view: View) -> OfflineReply | None:
    booked = [
        r.get("booking", {}) for name, r in view.turn_results if name == "book_flight" and "booking" in r
    ]
    if not booked or view.turn_results[-1][0] not in ("book_flight", "cancel_booking"):
        return None
    lines = [describe_booking(b) for b in booked]
    cancelled = [r.get("booking", {}) for name, r in view.turn_results if name == "cancel_booking"]
    if cancelled and "booking" in view.turn_results[-1][1]:
        old = cancelled[-1].get("booking_id")
        lines.insert(0, f"Moved: your old booking {old} is cancelled and the new one is made.")
    return say("\n".join(lines))


def describe_booking(booking: dict[str, Any]) -> str:
    flight, hotel = booking.get("flight", {}), booking.get("hotel", {})
    if not flight:
        return "The booking went through."
    meal = f" I've requested a {booking['meal']} meal." if booking.get("meal") else ""
    day = human_date(datetime.fromisoformat(flight["depart_at"]).date())
    return (
        f"Booked! Reference {booking['booking_id']}: {flight['carrier']} {flight['flight_no']} on {day}, "
        f"departing {clock(flight['depart_at'])}, plus {hotel.get('name')} ({hotel.get('address')}) from "
        f"{booking.get('check_in')} to {booking.get('check_out')}.{meal}"
    )
