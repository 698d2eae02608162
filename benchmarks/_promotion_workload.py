"""The promotion benchmark's idle threads: four 4-turn conversations per user, bulk-loaded into the log's tables.

Each conversation searches, books with a dietary remark, states a seat or home-airport preference (which the
same user's later threads change, so supersedes happen) and says thanks.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import get_args

from sqlalchemy import insert

from assistant.fact_types import MenuDiet
from memory.tables import EventRow, ThreadRow, UserRow
from travel_assistant.container import Runtime

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
NOW = START + timedelta(days=30)  # every seeded thread is long idle
DIETS: tuple[str, ...] = get_args(MenuDiet)
AIRPORTS = ("Heathrow", "Gatwick", "Manchester", "Edinburgh", "Dublin", "Lisbon", "Madrid", "Frankfurt")
DESTINATIONS = ("Lisbon", "Porto", "Madrid", "Rome", "Paris", "Berlin", "Vienna", "Prague", "Oslo", "Athens")
OPENERS = ("By the way,", "Oh, and", "Also,", "Just so you know,", "For the record,")


def conversation(user: int, thread: int) -> list[tuple[str, str]]:
    """Four (user message, assistant reply) turns; a user's later threads change their seat and airport."""
    dest = DESTINATIONS[(user + thread) % len(DESTINATIONS)]
    day = 10 + (user + 3 * thread) % 18
    diet = DIETS[(user + thread // 2) % len(DIETS)]
    opener = OPENERS[(user * 7 + thread) % len(OPENERS)]
    seat = ("aisle", "window")[(user + thread) % 2]
    third = (
        f"I prefer {seat} seats, if you can."
        if thread % 2 == 0
        else f"I always fly from {AIRPORTS[(user * 3 + thread) % len(AIRPORTS)]}."
    )
    return [
        (f"Find me flights to {dest} on the {day}th", f"Here are three flights to {dest} on the {day}th."),
        (
            f"Book option 1, please. {opener} I'm {diet}.",
            f"Booked: option 1 to {dest}, with the partner hotel.",
        ),
        (third, "Noted; I'll keep that in mind for next time."),
        ("Thanks, that's all for now.", "Have a good trip!"),
    ]


def seed(rt: Runtime, threads: int, *, prefix: str) -> None:
    """Bulk-load users, threads and events straight into the tables (appending 80k events one by one would
    take minutes and is not what is measured)."""
    users, rows, events = [], [], []
    seq = 0
    for n in range(threads):
        u, t = n // 4, n % 4
        user_id, thread_id = f"{prefix}u{u}", f"{prefix}t{n}"
        at = START + timedelta(days=t, minutes=u % 600)
        if t == 0:
            users.append({"id": user_id, "created_at": at, "last_active_at": at, "is_admin": False})
        for i, (said, reply) in enumerate(conversation(u, t)):
            for kind, body in (("user", {"text": said}), ("assistant", {"text": reply})):
                seq += 1
                when = at + timedelta(minutes=i)
                events.append(
                    {"seq": seq, "thread_id": thread_id, "user_id": user_id, "turn_id": f"t{i}", "kind": kind}
                    | {"body": body, "created_at": when}
                )
        last = at + timedelta(minutes=3)
        rows.append(
            {"id": thread_id, "user_id": user_id, "title": "", "created_at": at, "last_user_at": last}
            | {"last_event_at": last, "last_seq": seq, "promoted_through_seq": 0}
        )
    with rt.db.write() as session:
        for model, values in ((UserRow, users), (ThreadRow, rows), (EventRow, events)):
            for start in range(0, len(values), 5000):
                session.execute(insert(model), values[start : start + 5000])
