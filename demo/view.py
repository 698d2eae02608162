"""What the offline model reads from one model call: the messages, the tool list, nothing else.

A real model sees the same messages; this module only parses them into a :class:`View` the moves can query:
today's date (from the system prompt), the long-term memory block (one JSON line per fact), the trip-state
block, this turn's tool results, the flight options of the last earlier search, the previous reply, and what
the user said earlier in the conversation (the window's user messages, and the summary's quotes).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from assistant.fact_types import FACT_TYPES
from assistant.prompts import MEMORY_CLOSE, MEMORY_HEADING, MEMORY_OPEN, SUMMARY_HEADING, TRIP_HEADING
from assistant.turns import Message

_LABELS = {ftype.label: ftype.name for ftype in FACT_TYPES.values()}


@dataclass(frozen=True, slots=True, kw_only=True)
class Remembered:
    """One fact of the memory block."""

    type: str
    value: str
    text: str  # "Dietary needs: vegetarian"
    recorded: str  # "Mon 9 Nov 2026"
    age: str  # "3 days ago"
    stale: bool
    confirmed: bool  # the user explicitly asked for it to be remembered
    outdated: bool = False  # the user said in this conversation that it no longer holds (the engine marks it)

    @property
    def line(self) -> str:
        old = f"; {self.age}, may be out of date" if self.stale else ""
        return f"{self.text} (recorded {self.recorded}{old})"


@dataclass(frozen=True, slots=True)
class Memory:
    facts: tuple[Remembered, ...] = ()

    def of_type(self, type_name: str) -> list[Remembered]:
        """The facts of a type the conversation still goes by: one the user said today no longer holds is not
        applied (today's words win)."""
        return [f for f in self.facts if f.type == type_name and not f.outdated]

    def saved(self, type_name: str) -> list[Remembered]:
        """Every fact of a type memory holds, those the conversation no longer goes by included."""
        return [f for f in self.facts if f.type == type_name]

    @property
    def outdated(self) -> list[Remembered]:
        return [f for f in self.facts if f.outdated]

    @property
    def home_airport(self) -> str | None:
        found = [f.value for f in self.of_type("home_airport") if re.fullmatch(r"[A-Z]{3}", f.value)]
        return found[0] if found else None


@dataclass
class View:
    today: date
    user_text: str
    memory: Memory
    trip: dict[str, Any]
    tools: set[str]
    turn_results: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    earlier_searches: list[dict[str, Any]] = field(default_factory=list)  # one per leg, latest searching turn
    previous_reply: str = ""
    said_before: list[str] = field(default_factory=list)  # earlier user messages, oldest first
    replied_before: list[str] = field(default_factory=list)  # earlier assistant replies, oldest first
    intent: str | None = None  # what the message means (``demo.intents``), when the model reads by meaning

    def result_of(self, name: str) -> dict[str, Any] | None:
        """This turn's latest result of tool ``name``."""
        return next((r for n, r in reversed(self.turn_results) if n == name), None)

    @property
    def earlier_options(self) -> list[dict[str, Any]]:
        """The last search's options: the trip-state block's, else the latest earlier search result's."""
        options = self.trip.get("options")
        if isinstance(options, list) and options:
            return options
        return list(self.earlier_searches[-1].get("options", [])) if self.earlier_searches else []


def content(message: Message) -> str:
    value = message.get("content")
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return " ".join(part.get("text", "") for part in value if isinstance(part, dict))
    return ""


def read_view(messages: list[Message], tools: list[dict[str, Any]]) -> View:
    last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
    view = View(
        today=date.today(),
        user_text=content(messages[last_user]) if last_user >= 0 else "",
        memory=Memory(),
        trip={},
        tools={t.get("function", {}).get("name", "") for t in tools},
    )
    for message in messages:
        if message.get("role") == "system":
            _read_system(view, content(message))
    _read_turns(view, messages, last_user)
    return view


def _read_system(view: View, text: str) -> None:
    if m := re.search(r"Today is \w+, (\d{4}-\d{2}-\d{2})", text):
        view.today = date.fromisoformat(m.group(1))
    if text.startswith(MEMORY_HEADING):
        view.memory = parse_memory(text)
    elif text.startswith(TRIP_HEADING):
        try:
            view.trip = json.loads(text.split("\n", 1)[1] if "\n" in text else "{}")
        except json.JSONDecodeError:
            view.trip = {}
    elif text.startswith(SUMMARY_HEADING):
        view.said_before += re.findall(r'"([^"]+)"', _summary_part(text, "User said: "))
        if loops := _summary_part(text, "Open loops: "):
            view.previous_reply = loops


def _summary_part(text: str, prefix: str) -> str:
    m = re.search(re.escape(prefix) + r"(.*?)(?= Recently asked:| Recently done:|\n|$)", text)
    return m.group(1) if m else ""


def _read_turns(view: View, messages: list[Message], last_user: int) -> None:
    """Tool results of this turn, searches of the latest earlier turn that searched, the previous reply."""
    names: dict[str, str] = {}
    searches: list[dict[str, Any]] = []
    for i, message in enumerate(messages):
        role = message.get("role")
        for call in message.get("tool_calls") or []:
            names[call["id"]] = call["function"]["name"]
        if role == "user" and i < last_user:
            view.said_before.append(content(message))
        elif role == "assistant" and i < last_user and content(message):
            view.previous_reply = content(message)
            view.replied_before.append(content(message))
        elif role == "tool":
            name = str(names.get(message.get("tool_call_id", ""), message.get("name", "")))
            payload = _payload(content(message))
            if i > last_user:
                view.turn_results.append((name, payload))
            elif name == "search_flights" and isinstance(payload.get("options"), list):
                searches = _add_leg(searches, payload, _turn_start(messages, i))
    view.earlier_searches = [{k: v for k, v in s.items() if k != "_turn"} for s in searches]


def _add_leg(searches: list[dict[str, Any]], payload: dict[str, Any], turn: int) -> list[dict[str, Any]]:
    """The legs of the latest searching turn: a search in a newer turn starts a new list."""
    if searches and searches[0]["_turn"] != turn:
        searches = []
    return [*searches, {**payload, "_turn": turn}]


def _turn_start(messages: list[Message], index: int) -> int:
    return max((i for i in range(index) if messages[i].get("role") == "user"), default=-1)


def _payload(text: str) -> dict[str, Any]:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        return {"error": text}
    return payload if isinstance(payload, dict) else {"result": payload}


def parse_memory(text: str) -> Memory:
    """The memory block's data lines: one JSON object per fact between the marker lines."""
    rows = text.splitlines()
    start = rows.index(MEMORY_OPEN) + 1 if MEMORY_OPEN in rows else len(rows)
    end = rows.index(MEMORY_CLOSE) if MEMORY_CLOSE in rows else len(rows)
    facts = []
    for raw in rows[start:end]:
        try:
            record = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and (fact := _remembered(record)) is not None:
            facts.append(fact)
    return Memory(tuple(facts))


def _remembered(record: dict[str, Any]) -> Remembered | None:
    text = str(record.get("fact", ""))
    label, _sep, value = text.partition(": ")
    type_name = _LABELS.get(label)
    if type_name is None:
        return None
    return Remembered(
        type=type_name,
        value=value.strip(),
        text=text,
        recorded=str(record.get("recorded", "earlier")),
        age=str(record.get("age", "")),
        stale="stale" in record,
        confirmed=record.get("how") == "asked to be remembered",
        outdated="outdated" in record,
    )
