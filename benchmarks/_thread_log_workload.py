"""The thread-log benchmark's workload: whole turns of a realistic mix, bodies built before any timing.

A turn is ``user`` / ``model:1`` / ``tool:1.1`` (a ~2.4 KB flight search result, shaped like the engine's) /
``assistant``, each on one of a few threads of two users.
"""

from __future__ import annotations

import json
import random
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from assistant.events import EventKind, NewEvent, model_kind, tool_kind
from assistant.ids import ThreadId, TurnId, UserId

START = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
USERS = (UserId("bench-alice"), UserId("bench-bob"))
THREADS_PER_USER = 3
KINDS = (EventKind.USER, model_kind(1), tool_kind(1, 1), EventKind.ASSISTANT)

_USER_TEXTS = (
    "Find me flights from Lisbon to Berlin next Friday, morning if possible.",
    "What about something cheaper, maybe the day after?",
    "Book the second option and a hotel near the Hauptbahnhof for three nights.",
    "I'm vegetarian, can you suggest somewhere for dinner near the hotel?",
    "Actually make it an aisle seat, and I only travel carry-on.",
    "Can you show me my bookings for November?",
)
_CARRIERS = (
    ("TP", "TAP Air Portugal"),
    ("LH", "Lufthansa"),
    ("FR", "Ryanair"),
    ("U2", "easyJet"),
    ("IB", "Iberia"),
    ("BA", "British Airways"),
)


def _flight_search_body(rng: random.Random, day: datetime, call_id: str) -> dict[str, Any]:
    """A ``tool:1.1`` body shaped like the engine's: call id, name, arguments and a search_flights result."""
    options = []
    for i in range(9):
        code, _name = rng.choice(_CARRIERS)
        depart = day.replace(hour=6 + i * 2 % 16, minute=rng.choice((0, 15, 30, 45)))
        arrive = depart + timedelta(hours=3, minutes=rng.randint(0, 50))
        options.append(
            {
                "flight_id": f"{code}{rng.randint(100, 9999)}-{day:%Y%m%d}-{i}",
                "carrier": code,
                "flight_no": f"{code} {rng.randint(100, 9999)}",
                "origin": "LIS",
                "destination": "BER",
                "depart_at": depart.isoformat(),
                "arrive_at": arrive.isoformat(),
                "price_eur": rng.randint(39, 420),
                "seats_left": rng.randint(1, 60),
            }
        )
    arguments = json.dumps({"origin": "Lisbon", "destination": "Berlin", "date": f"{day:%Y-%m-%d}"})
    return {
        "call_id": call_id,
        "name": "search_flights",
        "arguments": arguments,
        "ok": True,
        "result": {
            "origin": "LIS",
            "origin_assumed": False,
            "destination": "BER",
            "date": f"{day:%Y-%m-%d}",
            "options": options,
        },
    }


def _body(kind: str, rng: random.Random, at: datetime, call_id: str) -> dict[str, Any]:
    if kind == EventKind.USER:
        return {"text": rng.choice(_USER_TEXTS)}
    if kind == model_kind(1):
        arguments = json.dumps({"origin": "Lisbon", "destination": "Berlin", "date": f"{at:%Y-%m-%d}"})
        return {
            "text": "",
            "tool_calls": [{"id": call_id, "name": "search_flights", "arguments": arguments}],
            "usage": {"prompt_tokens": rng.randint(1800, 4000), "completion_tokens": rng.randint(20, 60)},
        }
    if kind == tool_kind(1, 1):
        return _flight_search_body(rng, at + timedelta(days=7), call_id)
    return {
        "text": "I found nine flights from Lisbon to Berlin on that day. The cheapest is the 06:15 "
        "departure at 39 EUR; the most convenient, leaving mid-morning, is 112 EUR. Shall I book "
        "one of them?",
        "model": "offline/demo",
        "usage": {"prompt_tokens": rng.randint(2500, 5000), "completion_tokens": rng.randint(40, 160)},
    }


def threads() -> list[tuple[UserId, ThreadId]]:
    return [(u, ThreadId(f"{u}-thread-{i}")) for u in USERS for i in range(THREADS_PER_USER)]


def workload(n: int, *, seed: int, prefix: str, start: datetime) -> list[NewEvent]:
    """``n`` events, whole turns of (user, model:1, tool:1.1, assistant), each turn on a random thread."""
    rng = random.Random(seed)
    pool = [t for _u, t in threads()]
    out: list[NewEvent] = []
    turn_no = 0
    while len(out) < n:
        thread = rng.choice(pool)
        turn = TurnId(f"{prefix}{turn_no:06d}")
        call_id = f"call_{uuid.UUID(int=rng.getrandbits(128)).hex[:24]}"
        for kind in KINDS:
            at = start + timedelta(seconds=len(out))
            out.append(NewEvent(thread, turn, kind, _body(kind, rng, at, call_id), at))
            if len(out) == n:
                break
        turn_no += 1
    return out
