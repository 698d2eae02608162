"""Cancelling and changing a booking: "cancel my booking", "cancel BK-1A2B3C4D", "cancel my Lisbon trip",
"change my booking to the 16th", "move my flight to next Friday".

Cancel: look the bookings up, then cancel the one meant (``cancel_booking`` is idempotent, like booking). Change:
look the booking up, search the same route on the new date, and offer the options; "book option N" then books
the new flight and cancels the old booking in one step (``demo.moves.book``).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from demo.moves.search import describe_options
from demo.replies import OfflineReply, call, say
from demo.view import View
from language.dates import human_date, parse_travel_date
from language.lexicon.places import AIRPORTS
from language.places import find_airports
from language.text import whole_words

# A request, not a report: "cancel my booking", "could you please cancel …", "I'd like to cancel …"; never
# "my flight was cancelled".
_ASKING = (
    r"^\W*(?:(?:please|pls|ok|okay|so|now|hi|hello|hey|also|and)[\s,]+)*"
    r"(?:(?:can|could|would|will) (?:you|we)\s+(?:please\s+)?|i(?:'d| would) like to\s+|"
    r"i (?:want|need|have|got|must) to\s+|i(?:'ve| have) got to\s+|"
    r"please\s+)?"
)
CANCEL = re.compile(
    _ASKING + r"(?:cancel|call off)\b"
    # Anywhere in the message, with its typo and other words for it: "not going anymore, cancel my flight pls",
    # "void my ticket", "get rid of my booking" (never "cancelled", a report; never "don't cancel").
    r"|(?<!not )(?<!n't )(?<!never )\b(?:cancel|cancle|call off|void|scrap|scratch|undo|get rid of)\b",
    re.I,
)
CHANGE = re.compile(
    _ASKING + r"(?:change|move|reschedule|rebook|shift|push|bring|swap|switch|amend|put my)\b"
    # "can my booking be changed to the 12th", "I'd rather fly on the 18th instead"
    r"|\b(?:be|get|getting) (?:changed|moved|rescheduled|rebooked)\b|\binstead\b",
    re.I,
)
BOOKING_WORDS = whole_words(r"booking|reservation|trip|flights?|ticket|BK-[0-9A-F]{8}")
BOOKING_ID = re.compile(r"\b(BK-[0-9A-F]{8})\b")


def intent(text: str) -> str | None:
    if not BOOKING_WORDS.search(text):
        return None
    if CANCEL.search(text):
        return "cancel"
    return "change" if CHANGE.search(text) else None


def wanted(view: View) -> str | None:
    """Cancel or change: as the message was understood by meaning, else by the patterns above."""
    if view.intent is not None:
        return view.intent if view.intent in ("cancel", "change") else None
    return intent(view.user_text)


def first(view: View) -> OfflineReply | None:
    return act(view, intent(view.user_text))


def act(view: View, wanted: str | None) -> OfflineReply | None:
    if wanted is None or "cancel_booking" not in view.tools:
        return None
    if wanted == "cancel" and (m := BOOKING_ID.search(view.user_text)):
        return call("cancel_booking", booking_id=m.group(1))
    if wanted == "change" and parse_travel_date(view.user_text, view.today) is None:
        return say('To which date should I move it? For example: "change my booking to the 16th".')
    return call("get_my_bookings")


def _meant(view: View, bookings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The confirmed bookings the message can mean: by id, else by a city it names, else all of them."""
    live = [b for b in bookings if b.get("status", "confirmed") == "confirmed"]
    if m := BOOKING_ID.search(view.user_text):
        return [b for b in live if b.get("booking_id") == m.group(1)]
    cities = set(find_airports(view.user_text))
    if cities:
        return [b for b in live if {b["flight"]["origin"], b["flight"]["destination"]} & cities]
    return live


def after(view: View) -> OfflineReply | None:
    meant = wanted(view)
    last, result = view.turn_results[-1]
    if last == "cancel_booking" and view.result_of("book_flight") is None:
        return say(describe_cancelled(result.get("booking", {})))
    if meant is None:
        return None
    if last == "get_my_bookings":
        return _chosen(view, meant, _meant(view, result.get("bookings", [])))
    if last == "search_flights" and meant == "change":
        moving = view.result_of("get_my_bookings") or {}
        booking = _meant(view, moving.get("bookings", []))[0]
        return say(
            describe_options(result)
            + f'\nWhich one should I move you to? Say e.g. "book option 1" and I\'ll move booking '
            f"{booking['booking_id']} to it (the old booking is cancelled once the new one is made)."
        )
    return None


def _chosen(view: View, wanted: str, meant: list[dict[str, Any]]) -> OfflineReply:
    if not meant:
        return say(f'I can\'t find a confirmed booking to {wanted}. Say "show my bookings" to see them all.')
    if len(meant) > 1:
        listed = "\n".join(f"- {b['booking_id']}: {_trip(b)}" for b in meant)
        return say(
            f'Which booking should I {wanted}?\n{listed}\nSay e.g. "{wanted} {meant[0]["booking_id"]}".'
        )
    booking = meant[0]
    if wanted == "cancel":
        return call("cancel_booking", booking_id=booking["booking_id"])
    day = parse_travel_date(view.user_text, view.today)
    assert day is not None  # first() asked for the date otherwise
    flight = booking["flight"]
    return call(
        "search_flights", origin=flight["origin"], destination=flight["destination"], date=day.isoformat()
    )


def _trip(booking: dict[str, Any]) -> str:
    flight = booking.get("flight", {})
    day = human_date(datetime.fromisoformat(flight["depart_at"]).date()) if flight.get("depart_at") else "?"
    route = (
        f"{AIRPORTS.get(flight.get('origin', ''), '?')}→{AIRPORTS.get(flight.get('destination', ''), '?')}"
    )
    return f"{flight.get('carrier')} {flight.get('flight_no')} {route} on {day}"


def describe_cancelled(booking: dict[str, Any]) -> str:
    if not booking:
        return "The booking is cancelled."
    hotel = booking.get("hotel", {}).get("name", "the hotel")
    return f"Cancelled {booking['booking_id']}: {_trip(booking)}, and the stay at {hotel}."
