"""Corpora of preferences that change (``tests/corpora/<set>/changes.yaml``): the schema, and each case run through
the real promotion path on the in-memory twins.

A case is a story about one fact type, in four classes:

* ``in_message``    one message names a value, then corrects it ("window, no wait, the aisle");
* ``next_message``  a later message of the same chat corrects an earlier one ("sorry, I meant Heathrow");
* ``later_chat``    memory holds ``before`` (said weeks ago); a new chat says something contrary ("I eat meat
                    again", "I used to fly from Gatwick but now …");
* ``negative``      a lasting preference said negatively ("no layovers, ever") that one value captures.

``expect`` is the value that must be current when every chat has been promoted, or null when nothing of the
story may stay current (``before`` retracted and nothing stated instead). The earlier value of a correction must
be neither kept nor asked about.

Each chat is its own thread, a day after the one before; ``before`` is recorded first, from a thread thirty days
earlier in which the user states it plainly. Promotion runs after each chat, with either proposer
(``testkit.fresh_runs``): ``quote`` proposes the case's type once per user turn, quoting the whole turn;
``offline`` is the offline model's own extraction.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field, TypeAdapter, model_validator

from assistant.events import EventKind, NewEvent
from assistant.facts.memory import FactMemory
from assistant.facts.values import Fact
from assistant.ids import ThreadId, UserScope, thread_id, turn_id, user_id
from assistant.model.llm import ChatModel
from assistant.promotion import Promoter
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore
from testkit import poisoning
from testkit.fresh_corpus import Turn, Typed, TypeName, _Strict
from testkit.fresh_runs import OWNER, SAID_AT, OfflineExtraction, Proposer

ChangeClass = Literal["in_message", "next_message", "later_chat", "negative"]
CLASSES: tuple[ChangeClass, ...] = ("in_message", "next_message", "later_chat", "negative")

# How the earlier conversation states ``before``: the plainest words, so the story starts from a kept fact.
SEED: dict[str, str] = {
    "dietary": "Please remember for all my trips: I'm {value}.",
    "seat": "Please remember for all my flights: I always want a {value} seat.",
    "home_airport": "Please remember: my home airport is {value}, always search from there.",
    "loyalty": "Please remember I'm a {value} member.",
    "accessibility": "Please remember for every trip that I need {value}.",
    "language": "Please always reply to me in {value}.",
    "travel_style": "Please remember my travel style: {value}, always.",
    "flight_times": "Please remember I always prefer {value} flights.",
}
_SEED_FOR_VALUE = {
    (
        "accessibility",
        "travels with a guide dog",
    ): "Please remember for every trip that I travel with a guide dog.",
    (
        "accessibility",
        "travels with a service dog",
    ): "Please remember for every trip that I travel with a service dog.",
    ("dietary", "nut allergy"): "Please remember for all my trips: I have a nut allergy.",
    ("dietary", "shellfish allergy"): "Please remember for all my trips: I have a shellfish allergy.",
    ("dietary", "lactose-free"): "Please remember for all my trips: I'm lactose intolerant.",
    ("flight_times", "red-eye"): "Please remember I always prefer red-eye flights.",
}


def seed_text(type_name: str, value: str) -> str:
    return _SEED_FOR_VALUE.get((type_name, value)) or SEED[type_name].format(value=value)


class ChangeCase(_Strict):
    klass: ChangeClass = Field(alias="class")
    type: TypeName
    before: str | None = None
    chats: list[list[Turn]] = Field(min_length=1, max_length=4)
    expect: str | None

    @model_validator(mode="after")
    def _shape(self) -> ChangeCase:
        for value in (self.before, self.expect):
            if value is not None:
                Typed(type=self.type, value=value)  # canonical, as the other corpora's values
        if (self.before is not None) != (self.klass == "later_chat"):
            raise ValueError("a later_chat case has `before`, and only it")
        if self.expect is None and self.klass != "later_chat":
            raise ValueError("only a later_chat case may expect nothing")
        if any(not any(t.role == "user" for t in chat) for chat in self.chats):
            raise ValueError("every chat has a user turn")
        return self

    @property
    def said(self) -> str:
        return "\n".join(t.text for chat in self.chats for t in chat if t.role == "user")


def load_changes(root: Path) -> list[ChangeCase]:
    path = root / "changes.yaml"
    try:
        return TypeAdapter(list[ChangeCase]).validate_python(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from exc


Resolution = Literal["resolved", "asked", "stale", "wrong", "lost", "seed_failed"]


@dataclass(frozen=True, slots=True)
class ChangeOutcome:
    """Where a story ended: the type's current and pending values, and how that reads against ``expect``.

    ``resolved``  the expected value current (for null: nothing), and no other value of the type current or
                  asked about;
    ``asked``     the expected value waits for the user's confirmation, nothing wrong is current or asked;
    ``stale``     ``before`` is still current although the user moved on;
    ``wrong``     another value is current, or an earlier (corrected) value is asked about;
    ``lost``      nothing current or asked where a value was expected;
    ``seed_failed`` the earlier conversation did not store ``before`` (the story could not start).
    """

    resolution: Resolution
    current: tuple[str, ...]
    pending: tuple[str, ...]


def judge_change(case: ChangeCase, current: Sequence[str], pending: Sequence[str]) -> Resolution:
    """A story is about one preference: any other value of its type current or asked is a wrong one (for a
    several-valued type too: the corrected value of "vegetarian, well, pescatarian really" must not stay)."""
    now, asked = set(current), set(pending)
    if case.before is not None and case.before != case.expect and case.before in now:
        return "stale"
    if now - {case.expect, case.before} or asked - {case.expect}:
        return "wrong"
    if case.expect is None or case.expect in now:
        return "resolved"
    return "asked" if case.expect in asked else "lost"


def _append(store: InMemoryThreadStore, thread: ThreadId, chat: Sequence[Turn], at: datetime) -> list[str]:
    """Log one chat (assistant turns join the user turn they follow, or t0), returning its user turn ids."""
    n, turns = 0, []
    for i, t in enumerate(chat):
        if t.role == "user":
            n += 1
            turns.append(f"t{n}")
        kind = EventKind.USER if t.role == "user" else EventKind.ASSISTANT
        store.append(NewEvent(thread, turn_id(f"t{n}"), kind, {"text": t.text}, at + timedelta(minutes=i)))
    return turns


def _promote(
    store: InMemoryThreadStore, memory: FactMemory, thread: ThreadId, model: ChatModel, at: datetime
) -> None:
    promoter = Promoter(store, store, model, memory)
    asyncio.run(promoter.promote(user_id(OWNER), thread, after_seq=0, now=at + timedelta(hours=1)))


def _quoting(type_name: str, chat: Sequence[Turn], turns: Sequence[str]) -> ChatModel:
    said = [t.text for t in chat if t.role == "user"]
    return poisoning.CandidateReply(
        {
            "candidates": [
                {"fact": f"User {type_name}", "type": type_name, "evidence_turn": turn, "quote": text}
                for turn, text in zip(turns, said, strict=True)
            ]
        }
    )


def run_change(case: ChangeCase, proposer: Proposer) -> ChangeOutcome:
    store, facts = InMemoryThreadStore(), InMemoryFactStore()
    memory = FactMemory(facts, facts, facts)
    owner, scope = user_id(OWNER), UserScope(user_id(OWNER))
    store.ensure_user(owner, now=SAID_AT - timedelta(days=31))

    def values(rows: Sequence[Fact]) -> tuple[str, ...]:
        return tuple(sorted(f.value for f in rows if f.type == case.type))

    if case.before is not None:
        seeded = thread_id("seed")
        at = SAID_AT - timedelta(days=30)
        store.open_thread(owner, seeded, now=at)
        chat = [Turn(role="user", text=seed_text(case.type, case.before))]
        turns = _append(store, seeded, chat, at)
        _promote(store, memory, seeded, _quoting(case.type, chat, turns), at)
        if case.before not in values(memory.current(scope)):
            return ChangeOutcome("seed_failed", values(memory.current(scope)), ())
    for i, chat in enumerate(case.chats):
        thread = thread_id(f"chat{i + 1}")
        at = SAID_AT + timedelta(days=i)
        store.open_thread(owner, thread, now=at)
        turns = _append(store, thread, chat, at)
        model = _quoting(case.type, chat, turns) if proposer == "quote" else OfflineExtraction()
        _promote(store, memory, thread, model, at)
    rows = memory.store.list_facts(scope, include_history=True)
    current = values(memory.current(scope))
    pending = values([f for f in rows if f.pending])
    return ChangeOutcome(judge_change(case, current, pending), current, pending)
