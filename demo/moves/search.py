"""Flight search: "flights from Manchester to Lisbon on 14 Dec", "fly to Porto next Friday", multi-leg trips
("London to Lisbon on the 14th, then Lisbon to Madrid on the 18th"), a return ("and back on the 20th").

The origin is what the user says, else the remembered home airport, else the booking system's default (which
the reply then names as an assumption). Each leg is one ``search_flights`` call, all in one model round.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from assistant.turn.tools import DEFAULT_ORIGIN
from demo.replies import OfflineReply, calls, say
from demo.view import View
from demo.wording import plain
from language.dates import human_date, parse_travel_date
from language.lexicon.places import AIRPORTS
from language.places import airport_code, find_airports
from language.text import whole_words

FLIGHT_WORDS = whole_words(r"flights?|fly|flying|plane|airfares?|fares?")
REQUEST = re.compile(
    r"\b(find|search|look(?:ing)? (?:for|up)|show|get me|need|want|any|are there|can you|could you|what|which|"
    r"options?|how much)\b|\?",
    re.I,
)
MY_TRIP = re.compile(r"\bmy (?:bookings?|trip|flights?|hotel|itinerary|reservations?)\b", re.I)
_STOP = (
    r"(?=\s+(?:on|from|to|for|next|this|tomorrow|today|in|at|and|then|please|around|departing)\b|[,.!?;]|$)"
)
DESTINATION = re.compile(r"\b(?:to|into)\s+([A-Za-z][A-Za-z ]{1,30}?)" + _STOP, re.I)
ORIGIN = re.compile(r"\b(?:from|out of)\s+([A-Za-z][A-Za-z ]{1,30}?)" + _STOP, re.I)
LEG_SPLIT = re.compile(
    r"\s*(?:,\s*|\s+)(?:and\s+)?then\b\s*|\s*;\s*|\s+and\s+(?=(?:fly(?:ing)?\s+)?back\b|return)", re.I
)
RETURN = whole_words(r"back|return(?:ing)?|home")


@dataclass(frozen=True, slots=True)
class Leg:
    origin: str | None
    destination: str | None
    day: date | None


def wants_flights(text: str) -> bool:
    """A request for flights, not a statement that mentions flying ("I always fly from Heathrow")."""
    if not FLIGHT_WORDS.search(text) or MY_TRIP.search(text):
        return False
    return bool(REQUEST.search(text) or _place(DESTINATION, text))


def _place(pattern: re.Pattern[str], text: str) -> str | None:
    for m in pattern.finditer(text):
        code = airport_code(m.group(1)) or next(iter(find_airports(m.group(1))), None)
        if code:
            return code
    return None


def legs(text: str, today: date, home: str | None = None) -> list[Leg]:
    found: list[Leg] = []
    for part in filter(None, LEG_SPLIT.split(text)):
        previous = found[-1] if found else None
        origin = _place(ORIGIN, part) or (previous.destination if previous else None)
        destination = _place(DESTINATION, part)
        if destination is None:
            others = [c for c in find_airports(part) if c != origin]
            destination = others[0] if others else None
        if destination is None and previous is not None and RETURN.search(part):
            destination = found[0].origin or home or DEFAULT_ORIGIN
        if previous is not None and destination is None:
            continue  # a clause of the same leg ("… on the 14th, then I'd like a hotel")
        # A later leg's "the 20th" counts from the leg before it, not from today.
        since = previous.day if previous is not None and previous.day is not None else today
        found.append(Leg(origin, destination, parse_travel_date(part, since)))
    return found


def first(view: View) -> OfflineReply | None:
    return act(view) if wants_flights(view.user_text) else None


def act(view: View) -> OfflineReply:
    """Search what the message names (the intent is decided: by the patterns above, or by meaning)."""
    trip = legs(plain(view.user_text), view.today, view.memory.home_airport)
    if not trip or trip[0].destination is None:
        return say('Where would you like to fly to? For example: "flights to Lisbon on the 14th".')
    home = view.memory.home_airport
    searches = []
    for i, leg in enumerate(trip):
        assert leg.destination is not None
        if leg.day is None:
            return say(f"Which date would you like to fly to {AIRPORTS[leg.destination]}?")
        arguments: dict[str, Any] = {"destination": leg.destination, "date": leg.day.isoformat()}
        origin = leg.origin or (home if i == 0 else None)
        if origin:
            arguments["origin"] = origin
        searches.append(("search_flights", arguments))
    return calls(*searches)


def after(view: View) -> OfflineReply | None:
    if view.turn_results[-1][0] != "search_flights":
        return None
    results = [r for name, r in view.turn_results if name == "search_flights"]
    if len(results) == 1:
        return say(describe_options(results[0]) + '\nWhich one should I book? Say e.g. "book option 1".')
    parts = [f"Leg {i}: {describe_options(r)}" for i, r in enumerate(results, 1)]
    return say(
        "\n".join(parts)
        + '\nWhich ones should I book? Say e.g. "book option 1 and option 2" (one option per '
        "leg, in order)."
    )


def clock(iso: str) -> str:
    return datetime.fromisoformat(iso).strftime("%H:%M")


def describe_options(result: dict[str, Any]) -> str:
    options = result.get("options", [])
    if not options:
        return "I couldn't find any flights for that route and date."
    first_option = options[0]
    day = datetime.fromisoformat(first_option["depart_at"]).date()
    origin, destination = first_option["origin"], first_option["destination"]
    plural = "s" if len(options) != 1 else ""
    lines = [
        f"I found {len(options)} flight{plural} from {AIRPORTS.get(origin, origin)} ({origin}) to "
        f"{AIRPORTS.get(destination, destination)} ({destination}) on {human_date(day)}:"
    ]
    for i, o in enumerate(options, 1):
        lines.append(
            f"{i}. {o['carrier']} {o['flight_no']}: departs {clock(o['depart_at'])}, arrives "
            f"{clock(o['arrive_at'])}, €{o['price_eur']}"
        )
    if result.get("origin_assumed"):
        lines.append(f"(I assumed you're flying from {AIRPORTS.get(origin, origin)}; tell me if not.)")
    return "\n".join(lines)
