"""What the durability suite counts, and how it reads the state it checks (the database and the fact store).

Invariants: no acknowledged event lost (every event appended before a kill is still in the log, and every reply
a command printed is the logged one), no duplicate event or booking (one event per turn and kind, one booking
per booking turn, none the log does not show, one current version per single-valued fact), nothing stuck (the
retried turn or promotion completes).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlmodel import col

from assistant.events import Event, EventKind
from assistant.fact_types import FACT_TYPES
from assistant.ids import ThreadId, UserId, named_thread_id, thread_name_key
from memory.db import Database
from memory.tables import BookingRow, ThreadRow, UserRow
from memory.thread_log import SqlThreadLog

_COUNTS = ("tried", "killed", "survived", "lost", "duplicated", "stuck")  # Tally's counters, in table order


@dataclass
class Tally:
    """One row of the durability table."""

    tried: int = 0
    killed: int = 0
    survived: int = 0
    lost: int = 0
    duplicated: int = 0
    stuck: int = 0
    notes: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.notes.extend(other.notes)

    def to_json(self) -> dict[str, Any]:
        return {**{name: getattr(self, name) for name in _COUNTS}, "notes": self.notes[:10]}


class State:
    """Read-only views of one database, for the checks."""

    def __init__(self, db_url: str) -> None:
        from travel_assistant.settings import build_settings

        self.db = Database(db_url)
        self.log = SqlThreadLog(self.db)
        # The command line stores ``--thread NAME`` under a per-user id keyed by the app secret (the same
        # derivation as ``Runtime.thread_for_name``); the checks name threads as the commands did.
        self._key = thread_name_key(build_settings().chainlit_auth_secret.get_secret_value())
        self._ids: dict[str, ThreadId] = {}

    def close(self) -> None:
        self.db.dispose()

    def thread_id(self, name: str) -> ThreadId:
        """The stored id of the thread a command called ``name`` (whichever user's it is)."""
        if name in self._ids:
            return self._ids[name]
        with self.db.read() as session:
            candidates = [ThreadId(name)] + [
                named_thread_id(self._key, UserId(u), name)
                for u in session.execute(select(UserRow.id)).scalars()  # type: ignore[call-overload]
            ]
            found = next((t for t in candidates if session.get(ThreadRow, t) is not None), None)
        if found is None:
            return ThreadId(name)  # not created (yet): nothing logged under any id
        self._ids[name] = found
        return found

    def events(self, thread: str) -> list[Event]:
        return self.log.events(self.thread_id(thread))

    def turn_kinds(self, thread: str, turn: str) -> list[str]:
        return [e.kind for e in self.events(thread) if e.turn_id == turn]

    def bookings(self, user: str) -> list[BookingRow]:
        with self.db.read() as session:
            return list(session.execute(select(BookingRow).where(col(BookingRow.user_id) == user)).scalars())

    def watermarks(self, thread: str) -> tuple[int, int]:
        with self.db.read() as session:
            row = session.get(ThreadRow, self.thread_id(thread))
            return (row.last_seq, row.promoted_through_seq) if row else (0, 0)


def duplicates(events: list[Event]) -> int:
    """Events logged twice for one (turn, kind): the log's unique key must make this 0."""
    counts = Counter((e.turn_id, e.kind) for e in events)
    return sum(n - 1 for n in counts.values() if n > 1)


def unlogged_bookings(state: State, user: str, threads: list[str]) -> int:
    """Bookings that no logged tool result and logged model step of the user's threads show."""
    shown: set[str] = set()
    steps: dict[tuple[str, int], set[str]] = {}
    for thread in threads:
        for e in state.events(thread):
            kind = e.parsed_kind.kind
            if kind is EventKind.MODEL:
                for call in e.body.get("tool_calls", []):
                    if call["name"] == "book_flight":
                        args = json.loads(call["arguments"] or "{}")
                        steps.setdefault((e.turn_id, e.parsed_kind.round_no), set()).add(
                            str(args.get("flight_id"))
                        )
            elif kind is EventKind.TOOL and e.body.get("name") == "book_flight" and e.body.get("ok"):
                booking = e.body["result"]["booking"]
                if booking["flight"]["flight_id"] in steps.get((e.turn_id, e.parsed_kind.round_no), set()):
                    shown.add(booking["booking_id"])
    return sum(1 for b in state.bookings(user) if b.id not in shown)


def current_per_single_key(facts: list[Any]) -> int:
    """Single-valued keys holding more than one current version (what an interrupted supersede leaves)."""
    single = {name for name, t in FACT_TYPES.items() if not t.multi_valued}
    counts = Counter(f.key for f in facts if f.current and f.type in single)
    return sum(1 for n in counts.values() if n > 1)


def user_of(thread: str) -> UserId:
    return UserId(thread.split("-")[0])
