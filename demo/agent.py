"""The offline demo model: a deterministic travel agent that needs no key and no network.

It is served to the rest of the app through litellm as the custom provider ``offline/travel-agent`` (see
``demo.provider`` and ``assistant.llm``), so the exact code path real providers take (messages, OpenAI-format
tool calls, streaming, JSON output) is exercised by the demo and the tests. It reads only what a real model
would: the messages, the tool list and the requested response format. It is rule-based, so it answers the
worked example and its neighbours well and everything else with a polite fallback; it is not a language model.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from assistant.dates import human_date, parse_travel_date
from assistant.places import AIRPORTS, airport_code, find_airports
from assistant.prompts import (
    MEMORY_CLOSE,
    MEMORY_HEADING,
    MEMORY_OPEN,
    PROMOTION_SCHEMA_NAME,
    SUMMARY_SCHEMA_NAME,
    TRIP_HEADING,
)
from assistant.turns import Message
from demo.extract import extract_candidates, summarise


@dataclass(frozen=True, slots=True)
class OfflineToolCall:
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True, slots=True)
class OfflineReply:
    text: str = ""
    tool_calls: tuple[OfflineToolCall, ...] = ()


@dataclass(frozen=True, slots=True)
class _Memory:
    """Facts parsed from the memory block: (value, recorded-on text, stale flag) per type label."""

    lines: tuple[str, ...] = ()
    dietary: tuple[tuple[str, str, bool], ...] = ()
    home_airport: str | None = None


@dataclass
class _View:
    today: date
    user_text: str
    memory: _Memory
    trip: dict[str, Any]
    tools: set[str]
    turn_results: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    earlier_options: list[dict[str, Any]] = field(default_factory=list)


def _content(message: Message) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(part.get("text", "") for part in content if isinstance(part, dict))
    return ""


def respond(
    messages: list[Message], tools: list[dict[str, Any]] | None, response_format: Any
) -> OfflineReply:
    """Answer one model call."""
    schema_name = _schema_name(response_format)
    if schema_name == PROMOTION_SCHEMA_NAME:
        return OfflineReply(text=json.dumps({"candidates": extract_candidates(_content(messages[-1]))}))
    if schema_name == SUMMARY_SCHEMA_NAME:
        return OfflineReply(text=json.dumps(summarise(_content(messages[-1]))))
    view = _read(messages, tools or [])
    if view.turn_results:
        return _after_tools(view)
    return _first_step(view)


def _schema_name(response_format: Any) -> str | None:
    if isinstance(response_format, dict):
        schema = response_format.get("json_schema")
        if isinstance(schema, dict):
            name = schema.get("name")
            return name if isinstance(name, str) else None
    return None


def _read(messages: list[Message], tools: list[dict[str, Any]]) -> _View:
    today = date.today()
    memory = _Memory()
    trip: dict[str, Any] = {}
    for message in messages:
        if message.get("role") != "system":
            continue
        text = _content(message)
        if m := re.search(r"Today is \w+, (\d{4}-\d{2}-\d{2})", text):
            today = date.fromisoformat(m.group(1))
        if text.startswith(MEMORY_HEADING):
            memory = _parse_memory(text)
        if text.startswith(TRIP_HEADING):
            body = text.split("\n", 1)[1] if "\n" in text else "{}"
            try:
                trip = json.loads(body)
            except json.JSONDecodeError:
                trip = {}
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    view = _View(
        today=today,
        user_text=_content(messages[last_user]) if last_user >= 0 else "",
        memory=memory,
        trip=trip,
        tools={t.get("function", {}).get("name", "") for t in tools},
    )
    names: dict[str, str] = {}
    for i, message in enumerate(messages):
        for call in message.get("tool_calls") or []:
            names[call["id"]] = call["function"]["name"]
        if message.get("role") != "tool":
            continue
        try:
            payload = json.loads(_content(message))
        except json.JSONDecodeError:
            payload = {"error": _content(message)}
        name = str(names.get(message.get("tool_call_id", ""), message.get("name", "")))
        if i > last_user:
            view.turn_results.append((name, payload))
        elif name == "search_flights" and isinstance(payload.get("options"), list):
            view.earlier_options = payload["options"]
    return view


def _parse_memory(text: str) -> _Memory:
    """Read the memory block's data lines (one JSON object per fact between the markers)."""
    lines: list[str] = []
    dietary = []
    home = None
    rows = text.splitlines()
    start = rows.index(MEMORY_OPEN) + 1 if MEMORY_OPEN in rows else len(rows)
    end = rows.index(MEMORY_CLOSE) if MEMORY_CLOSE in rows else len(rows)
    for raw in rows[start:end]:
        try:
            record = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if not isinstance(record, dict):
            continue
        fact, recorded = str(record.get("fact", "")), str(record.get("recorded", "earlier"))
        stale = "stale" in record
        lines.append(f"{fact} (recorded {recorded}{'; may be out of date' if stale else ''})")
        label, _sep, value = fact.partition(": ")
        if label == "Dietary needs":
            dietary.append((value.strip(), recorded, stale))
        if label == "Home airport" and re.fullmatch(r"[A-Z]{3}", value.strip()):
            home = value.strip()
    return _Memory(lines=tuple(lines), dietary=tuple(dietary), home_airport=home)


# -- first step of a turn: decide what to do ------------------------------------------------------------

_BOOK = re.compile(r"\b(book|reserve|take|go with|i'?ll take)\b", re.I)
_OPTION = re.compile(
    r"\b(?:option|number|no\.?|#)\s*(\d)\b|\b(first|second|third|1st|2nd|3rd|cheapest|earliest|latest)\b",
    re.I,
)
_FLIGHT_WORDS = re.compile(r"\b(flights?|fly|plane|airfare)\b", re.I)
_DINNER = re.compile(r"\b(dinner|lunch|restaurants?|eat|food|places? to eat)\b", re.I)
_BOOKINGS = re.compile(
    r"\b(my bookings?|my trip|my hotel|where am i staying|itinerary|reservations?)\b", re.I
)
_REMEMBER = re.compile(r"\bremember (?:that )?(.+)", re.I)
_RECALL_ME = re.compile(r"\bwhat do you (?:remember|know) about me\b|\bwhat have you remembered\b", re.I)
_GREETING = re.compile(r"^\s*(hi|hello|hey|good (morning|afternoon|evening))\b", re.I)
_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}


def _first_step(view: _View) -> OfflineReply:
    text = view.user_text
    if _RECALL_ME.search(text):
        return OfflineReply(text=_what_i_remember(view))
    if (m := _REMEMBER.search(text)) and "remember_preference" in view.tools:
        statement = m.group(1).strip().rstrip(".!")
        return _call("remember_preference", statement=statement)
    if _BOOK.search(text) and (_OPTION.search(text) or re.search(r"\b[A-Z0-9]{2}\d{3,4}\b", text)):
        return _book(view)
    if _FLIGHT_WORDS.search(text) and not _BOOKINGS.search(text):
        return _search(view)
    if _DINNER.search(text) or _BOOKINGS.search(text):
        return _call("get_my_bookings")
    if _GREETING.search(text):
        return OfflineReply(
            text="Hello! I can find flights, book them, look up your bookings and suggest "
            "restaurants near your hotel. Where would you like to go?"
        )
    if _statement_about_self(text):
        return OfflineReply(
            text="Thanks, noted for this conversation. Is there anything I can book or look up?"
        )
    return OfflineReply(
        text="I'm the offline demo travel assistant, so I can help with a few things: finding flights "
        '("flights to Lisbon on the 14th"), booking one of the options, showing your bookings, suggesting '
        'dinner near your hotel, and remembering a preference ("remember that I prefer aisle seats").'
    )


def _statement_about_self(text: str) -> bool:
    return bool(re.search(r"\b(i'?m|i am|i prefer|i usually|i always|i never|my )\b", text, re.I))


def _call(name: str, **arguments: Any) -> OfflineReply:
    return OfflineReply(tool_calls=(OfflineToolCall(name, arguments),))


def _search(view: _View) -> OfflineReply:
    text = view.user_text
    mentioned = find_airports(text)
    origin = None
    if m := re.search(r"\bfrom\s+([A-Za-z ]{2,30}?)(?=\s+(?:to|on|for)\b|[,.!?]|$)", text, re.I):
        origin = airport_code(m.group(1)) or next(iter(find_airports(m.group(1))), None)
    destinations = [code for code in mentioned if code != origin]
    if not destinations:
        return OfflineReply(
            text='Where would you like to fly to? For example: "flights to Lisbon on the 14th".'
        )
    day = parse_travel_date(text, view.today)
    if day is None:
        city = AIRPORTS[destinations[0]]
        return OfflineReply(text=f"Which date would you like to fly to {city}?")
    arguments: dict[str, Any] = {"destination": destinations[0], "date": day.isoformat()}
    if origin or view.memory.home_airport:
        arguments["origin"] = origin or view.memory.home_airport
    return _call("search_flights", **arguments)


def _book(view: _View) -> OfflineReply:
    text = view.user_text
    options = view.trip.get("options") or view.earlier_options
    flight_id = None
    if m := re.search(r"\b([A-Z0-9]{2}\d{3,4})\b", text):
        flight_id = next((o["flight_id"] for o in options if o.get("flight_no") == m.group(1)), None)
    elif options and (m := _OPTION.search(text)):
        if m.group(1):
            index = int(m.group(1))
        else:
            word = m.group(2).lower()
            if word == "cheapest":
                index = 1 + min(range(len(options)), key=lambda i: options[i].get("price_eur", 0))
            elif word == "earliest":
                index = 1
            elif word == "latest":
                index = len(options)
            else:
                index = _ORDINALS[word]
        if 1 <= index <= len(options):
            flight_id = options[index - 1]["flight_id"]
    if flight_id is None:
        return OfflineReply(text='Which flight should I book? Search first, then say e.g. "book option 1".')
    arguments: dict[str, Any] = {"flight_id": flight_id}
    meal = _meal_for(text, view.memory)
    if meal:
        arguments["meal"] = meal
    return _call("book_flight", **arguments)


def _meal_for(text: str, memory: _Memory) -> str | None:
    """The special meal to request: what the user says now wins over what we remembered."""
    if _CONTRADICTS.search(text):
        return None
    for word in ("vegan", "vegetarian", "halal", "kosher", "gluten-free"):
        if re.search(rf"\b{word}\b", text, re.I) and not re.search(rf"\bnot {word}\b", text, re.I):
            return word
    current = [value for value, _when, stale in memory.dietary if not stale]
    return current[0] if current else None


def _what_i_remember(view: _View) -> str:
    if not view.memory.lines:
        return "I don't have anything saved about you yet. Tell me to remember a preference and I will."
    listed = "\n".join(f"- {line}" for line in view.memory.lines)
    return (
        f"Here is what I have saved about you from earlier conversations:\n{listed}\n"
        "You can see, export or delete these in the memory inspector."
    )


# -- after tool results -----------------------------------------------------------------------------------


def _after_tools(view: _View) -> OfflineReply:
    name, result = view.turn_results[-1]
    if "error" in result:
        return OfflineReply(text=f"Sorry, that didn't work: {result['error']}")
    if name == "search_flights":
        return OfflineReply(text=_describe_options(result))
    if name == "book_flight":
        return OfflineReply(text=_describe_booking(result.get("booking", {})))
    if name == "get_my_bookings":
        return _after_bookings(view, result)
    if name == "find_restaurants":
        return OfflineReply(text=_describe_restaurants(view, result))
    if name == "remember_preference":
        if result.get("saved"):
            return OfflineReply(text=f"Got it. I'll remember that ({result.get('fact', '')}).")
        return OfflineReply(
            text=f"I didn't save that: {result.get('reason', 'it is not something I can remember')}."
        )
    return OfflineReply(text="Done.")


def _clock(iso: str) -> str:
    return datetime.fromisoformat(iso).strftime("%H:%M")


def _describe_options(result: dict[str, Any]) -> str:
    options = result.get("options", [])
    if not options:
        return "I couldn't find any flights for that route and date."
    first = options[0]
    day = datetime.fromisoformat(first["depart_at"]).date()
    origin, destination = first["origin"], first["destination"]
    plural = "s" if len(options) != 1 else ""
    lines = [
        f"I found {len(options)} flight{plural} from {AIRPORTS.get(origin, origin)} ({origin}) to "
        f"{AIRPORTS.get(destination, destination)} ({destination}) on {human_date(day)}:"
    ]
    for i, o in enumerate(options, 1):
        lines.append(
            f"{i}. {o['carrier']} {o['flight_no']}: departs {_clock(o['depart_at'])}, arrives "
            f"{_clock(o['arrive_at'])}, €{o['price_eur']}"
        )
    if result.get("origin_assumed"):
        lines.append(f"(I assumed you're flying from {AIRPORTS.get(origin, origin)}; tell me if not.)")
    lines.append('Which one should I book? Say e.g. "book option 1".')
    return "\n".join(lines)


def _describe_booking(booking: dict[str, Any]) -> str:
    flight, hotel = booking.get("flight", {}), booking.get("hotel", {})
    if not flight:
        return "The booking went through."
    meal = f" I've requested a {booking['meal']} meal." if booking.get("meal") else ""
    return (
        f"Booked! Reference {booking['booking_id']}: {flight['carrier']} {flight['flight_no']} on "
        f"{human_date(datetime.fromisoformat(flight['depart_at']).date())}, departing {_clock(flight['depart_at'])}, "
        f"plus {hotel.get('name')} ({hotel.get('address')}) from {booking.get('check_in')} to "
        f"{booking.get('check_out')}.{meal}"
    )


def _after_bookings(view: _View, result: dict[str, Any]) -> OfflineReply:
    bookings = result.get("bookings", [])
    if not bookings:
        return OfflineReply(text="I can't find any bookings for you yet. Shall I search for flights?")
    upcoming = bookings[0]
    hotel = upcoming.get("hotel", {})
    if _DINNER.search(view.user_text) and "find_restaurants" in view.tools:
        arguments: dict[str, Any] = {"hotel_id": hotel.get("hotel_id", "")}
        dietary = _dietary_for(view)
        if dietary:
            arguments["dietary"] = dietary
        return _call("find_restaurants", **arguments)
    lines = ["Your bookings:"]
    for b in bookings:
        f, h = b.get("flight", {}), b.get("hotel", {})
        lines.append(
            f"- {b['booking_id']}: {f.get('carrier')} {f.get('flight_no')} {f.get('origin')}→{f.get('destination')} "
            f"on {f.get('depart_at', '')[:10]}; hotel {h.get('name')}, {h.get('address')}"
        )
    return OfflineReply(text="\n".join(lines))


_CONTRADICTS = re.compile(
    r"\b(not vegetarian|no longer vegetarian|eat meat|i'?m not veg|i eat everything)\b", re.I
)


def _dietary_for(view: _View) -> list[str]:
    """Dietary filter: what the user says now beats what we remembered."""
    said_now = [
        w
        for w in ("vegan", "vegetarian", "halal", "kosher", "gluten-free")
        if re.search(rf"\b{w}\b", view.user_text, re.I) and not _CONTRADICTS.search(view.user_text)
    ]
    if said_now or _CONTRADICTS.search(view.user_text):
        return said_now
    return [value for value, _when, _stale in view.memory.dietary]


def _describe_restaurants(view: _View, result: dict[str, Any]) -> str:
    hotel = result.get("hotel", {})
    places = result.get("restaurants", [])
    applied = result.get("dietary", [])
    intro = f"Dinner ideas near {hotel.get('name', 'your hotel')} ({hotel.get('address', '')})"
    notes = []
    remembered = {value: (when, stale) for value, when, stale in view.memory.dietary}
    for value in applied:
        if value in remembered:
            when, stale = remembered[value]
            age = " That note is old, so tell me if it has changed." if stale else ""
            notes.append(
                f"I've kept to {value} options because you told me you're {value} (recorded {when}).{age}"
            )
    if _CONTRADICTS.search(view.user_text) and remembered:
        notes.append(
            "You said something different today from what I had saved, so I'm going with what you said "
            "now; my saved note looks outdated."
        )
    if not places:
        return f"{intro}: I couldn't find anything matching {', '.join(applied) or 'that'} nearby."
    lines = [f"{intro}:"]
    for i, r in enumerate(places, 1):
        tags = f" [{', '.join(r['dietary'])}]" if r.get("dietary") else ""
        lines.append(f"{i}. {r['name']}: {r['cuisine']}, {r['address']}, {r['walk_minutes']} min walk{tags}")
    return "\n".join(notes + lines)
