"""Dinner near the hotel ("any dinner suggestions near my hotel?") and the bookings themselves ("show my
bookings", "where am I staying?"). The booking system is asked every time: a trip is never recalled from memory.
Restaurants are filtered by the diet the user holds (``demo.moves.diet``), and the reply says where that came
from: today's words, earlier in this conversation, or a memory with its date (and its age, if it is stale)."""

from __future__ import annotations

from typing import Any

from demo.moves import diet
from demo.replies import OfflineReply, call, say
from demo.view import View
from language.text import whole_words

DINNER = whole_words(
    r"dinner|lunch|breakfast|restaurants?|places? to eat|somewhere to eat|something to eat|eat (?:out|near|nearby)|"
    r"where (?:can|should|could|do) (?:i|we) eat|food near"
)
BOOKINGS = whole_words(
    r"my bookings?|my trips?|my hotel|my flights?|where am i staying|itinerary|reservations?|what have i booked"
)


def wants_dinner(view: View) -> bool:
    """Somewhere to eat, not the bookings: as understood by meaning, else by the patterns above."""
    return view.intent == "dinner" if view.intent is not None else bool(DINNER.search(view.user_text))


def first(view: View) -> OfflineReply | None:
    if DINNER.search(view.user_text) or BOOKINGS.search(view.user_text):
        return look_up(view)
    return None


def look_up(view: View) -> OfflineReply:
    """Both start from the booking system (a trip is never recalled from memory)."""
    return call("get_my_bookings")


def after(view: View) -> OfflineReply | None:
    last, result = view.turn_results[-1]
    if last == "find_restaurants":
        return say(describe_restaurants(view, result))
    if last != "get_my_bookings":
        return None
    live = [b for b in result.get("bookings", []) if b.get("status", "confirmed") == "confirmed"]
    if wants_dinner(view) and "find_restaurants" in view.tools:
        if not live:
            return say("I can't find any bookings for you yet. Shall I search for flights?")
        arguments: dict[str, Any] = {"hotel_id": live[0].get("hotel", {}).get("hotel_id", "")}
        needs = [*diet.current(view).values, *diet.untagged(view)]
        if needs:
            arguments["dietary"] = needs[:4]
        return call("find_restaurants", **arguments)
    return say(list_bookings(result.get("bookings", [])))


def list_bookings(bookings: list[dict[str, Any]]) -> str:
    if not bookings:
        return "I can't find any bookings for you yet. Shall I search for flights?"
    lines = ["Your bookings:"]
    for b in bookings:
        f, h = b.get("flight", {}), b.get("hotel", {})
        state = " (cancelled)" if b.get("status") == "cancelled" else ""
        lines.append(
            f"- {b['booking_id']}{state}: {f.get('carrier')} {f.get('flight_no')} {f.get('origin')}→"
            f"{f.get('destination')} on {f.get('depart_at', '')[:10]}; hotel {h.get('name')}, {h.get('address')}"
        )
    return "\n".join(lines)


def _why(view: View, applied: list[str]) -> list[str]:
    """One sentence per diet applied, naming where it came from."""
    notes = []
    remembered = {f.value: f for f in view.memory.of_type("dietary")}
    now = diet.said_now(view.user_text)
    for value in applied:
        if value in now:
            continue
        if value in remembered and value not in diet.earlier_said(view):
            fact = remembered[value]
            age = " That note is old, so tell me if it has changed." if fact.stale else ""
            notes.append(
                f"I've kept to {value} options because you told me you're {value} (recorded {fact.recorded}).{age}"
            )
        else:
            notes.append(f"I've kept to {value} options because you told me earlier in this conversation.")
    return notes


def describe_restaurants(view: View, result: dict[str, Any]) -> str:
    hotel = result.get("hotel", {})
    places = result.get("restaurants", [])
    applied = result.get("dietary", [])
    intro = f"Dinner ideas near {hotel.get('name', 'your hotel')} ({hotel.get('address', '')})"
    notes = _why(view, applied)
    held = diet.current(view)
    if held.contradicted_memory:
        notes.append(
            "You said something different today from what I had saved, so I'm going with what you said "
            "now; my saved note looks outdated."
        )
    unchecked = result.get("unchecked", [])
    if unchecked:
        notes.append(
            f"Menus here don't list allergens, so I couldn't check for {' or '.join(unchecked)}: please "
            "tell the restaurant when you book."
        )
    if not places:
        return f"{intro}: I couldn't find anything matching {', '.join(applied) or 'that'} nearby."
    lines = [f"{intro}:"]
    for i, r in enumerate(places, 1):
        tags = f" [{', '.join(r['dietary'])}]" if r.get("dietary") else ""
        lines.append(f"{i}. {r['name']}: {r['cuisine']}, {r['address']}, {r['walk_minutes']} min walk{tags}")
    return "\n".join(notes + lines)
