"""A small Chainlit app that serves the real memory panel with real data, for the browser tests.

It runs from the repository root (so ``public/``, ``.chainlit/`` and the theme are the app's own) and wires
the panel the way the app does: ``panel_element.announce`` on chat start, the header button's window message
and the composer's Memories command open it, and every panel action is answered with
``panel.action_result`` carrying fresh props built by ``panel.build_panel_props`` from an in-memory fact
store (the same ``FactMemory`` rules as the app: supersede, rollback, forget). Each session starts from the
same seeded memory; every action call is appended as a JSON line to ``$PANEL_HARNESS_LOG``.

Start: ``CHAINLIT_AUTH_SECRET=… PANEL_HARNESS_LOG=… chainlit run tests/browser/panel_harness.py``.
(No ``from __future__ import annotations``: Chainlit runs this file without registering it in
``sys.modules``, and dataclasses cannot resolve string annotations of such a module.)
"""

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import chainlit as cl

from assistant.errors import TravelAssistantError
from assistant.events import EventKind, NewEvent
from assistant.fact_records import Authority, Fact, FactDraft
from assistant.facts.memory import FactMemory
from assistant.facts.pending import discard, keep
from assistant.facts.words import EvidenceWords
from assistant.ids import ThreadId, TurnId, UserId, UserScope, fact_id
from memory.inmemory import InMemoryFactStore, InMemoryThreadStore
from travel_assistant.memory_view import fact_rows
from travel_assistant.web import branding
from travel_assistant.web.panel import element as panel_element
from travel_assistant.web.panel.view import ClockInput, action_result, build_panel_props

USERS = {"alice": ("alice-demo-pass", True), "bob": ("bob-demo-pass", False)}
MONDAY = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)
THURSDAY = MONDAY + timedelta(days=3, hours=10, minutes=30)
MON_THREAD = "0b7f4f4e-8c4e-4b7a-9a53-0e6d2c1d9a10"
GONE_THREAD = "77777777-8c4e-4b7a-9a53-0e6d2c1d9a10"
TITLES = {MON_THREAD: "Find me flights to Lisbon on the 14th"}


@dataclass
class Demo:
    user: str
    is_admin: bool
    store: InMemoryFactStore = field(default_factory=InMemoryFactStore)
    log: InMemoryThreadStore = field(default_factory=InMemoryThreadStore)  # the words facts point at
    offset: timedelta = timedelta(0)
    reports: list[dict[str, Any]] = field(default_factory=list)

    @property
    def memory(self) -> FactMemory:
        return FactMemory(self.store, self.store)

    @property
    def scope(self) -> UserScope:
        return UserScope.of(self.user)

    def now(self) -> datetime:
        return THURSDAY + self.offset

    def props(self) -> dict[str, Any]:
        now = self.now()
        return build_panel_props(
            user=self.user,
            rows=fact_rows(self.memory, self.store, self.scope, now=now, words=EvidenceWords(self.log)),
            reports=self.reports,
            threads=TITLES,
            now=now,
            is_admin=self.is_admin,
            revision=panel_element.next_revision(),
            clock=ClockInput(enabled=True, now=now, real_now=THURSDAY, presets=[("Monday 09:00", MONDAY)]),
        )


def seeded(user: str, is_admin: bool) -> Demo:
    demo = Demo(user, is_admin)
    memory, scope = demo.memory, demo.scope

    def said(ftype: str, value: str, quote: str, turn: str, at: datetime, thread: str = MON_THREAD) -> str:
        demo.log.ensure_user(UserId(user), now=at)
        demo.log.open_thread(UserId(user), ThreadId(thread), now=at)
        demo.log.append(NewEvent(ThreadId(thread), TurnId(turn), EventKind.USER, {"text": quote}, at))
        draft = FactDraft(ftype, value, thread, turn, Authority.USER, at, evidence_end=len(quote))
        fact = memory.record(scope, draft, now=at + timedelta(minutes=31)).fact
        assert fact is not None
        return fact.id

    veg = said("dietary", "vegetarian", "Book option 1, please. By the way, I'm vegetarian.", "t2", MONDAY)
    said("seat", "aisle", "I always take an aisle seat", "t3", MONDAY - timedelta(days=20), GONE_THREAD)
    said("seat", "window", "Make that window seats from now on", "t4", MONDAY + timedelta(minutes=5))
    said("home_airport", "MAN", "I usually fly from Manchester", "t0", MONDAY - timedelta(days=400))
    # One the write gate was unsure of: pending, shown under "Should I remember this?" with Keep / Discard.
    unsure = FactDraft(
        "travel_style", "boutique hotels", MON_THREAD, "t5", Authority.USER, MONDAY, pending=True
    )
    memory.record(scope, unsure, now=MONDAY + timedelta(minutes=31))
    demo.reports = [
        {
            "thread_id": MON_THREAD,
            "through_seq": 14,
            "promoted_at": (MONDAY + timedelta(minutes=40)).isoformat(),
            "decisions": [
                {"type": "trip", "evidence_turn": "t1", "kept": False, "reason": "task_progress"},
                {"type": "dietary", "evidence_turn": "t2", "kept": True, "reason": "stored", "fact_id": veg},
                {"type": "seat", "evidence_turn": "t2", "kept": False, "reason": "inference"},
            ],
        },
        {
            "thread_id": GONE_THREAD,
            "through_seq": 6,
            "promoted_at": (MONDAY - timedelta(days=19)).isoformat(),
            "decisions": [
                {"type": "payment", "evidence_turn": "t1", "kept": False, "reason": "secret"},
                {"type": "dietary", "evidence_turn": "t2", "kept": False, "reason": "third_party"},
            ],
        },
    ]
    return demo


def demo() -> Demo:
    found = cl.user_session.get("demo")
    if found is None:
        user = cl.user_session.get("user")
        name = user.identifier if user else "alice"
        found = seeded(name, USERS.get(name, ("", False))[1])
        cl.user_session.set("demo", found)
    return found  # type: ignore[no-any-return]


def record(name: str, payload: dict[str, Any]) -> None:
    path = os.environ.get("PANEL_HARNESS_LOG")
    if path:
        with Path(path).open("a", encoding="utf-8") as log:
            log.write(json.dumps({"name": name, "payload": payload, "user": demo().user}) + "\n")


def answer(message: str, *, ok: bool = True, download: tuple[str, str, str] | None = None) -> dict[str, Any]:
    return action_result(ok=ok, message=message, panel=demo().props(), download=download)


branding.install()


@cl.password_auth_callback
async def _login(username: str, password: str) -> cl.User | None:
    known = USERS.get(username)
    if known is None or known[0] != password:
        return None
    return cl.User(identifier=username, metadata={"is_admin": known[1]})


@cl.on_chat_start
async def _start() -> None:
    await cl.context.emitter.set_commands([panel_element.COMMAND])
    await panel_element.announce()


@cl.on_window_message
async def _window(data: Any) -> None:
    if panel_element.is_open_request(data):
        await panel_element.show(demo().props())


@cl.on_message
async def _message(message: cl.Message) -> None:
    if message.command == panel_element.COMMAND_ID:
        await panel_element.show(demo().props())
        return
    await cl.Message(content=f"(harness) you said: {message.content}", author="Travel Assistant").send()


def on_fact(
    action: cl.Action,
    verb: str,
    change: Callable[[Demo, Fact], str],
    errors: tuple[type[Exception], ...] = (TravelAssistantError,),
) -> dict[str, Any]:
    """Record the action, apply ``change`` to the fact it names and answer what it says, or, on one of
    ``errors``, that ``verb`` failed."""
    record(action.name, action.payload)
    d = demo()
    try:
        said = change(d, d.memory.find(d.scope, fact_id(action.payload.get("fact_id"))))
    except errors as exc:
        return answer(f"Could not {verb} that: {exc}", ok=False)
    return answer(said)


@cl.action_callback("forget_fact")
async def _forget(action: cl.Action) -> dict[str, Any]:
    def forget(d: Demo, fact: Fact) -> str:
        removed = d.memory.forget(d.scope, fact.id)
        return f"Deleted “{fact.text}” ({removed} version{'s' if removed != 1 else ''})."

    return on_fact(action, "delete", forget)


@cl.action_callback("keep_fact")
async def _keep(action: cl.Action) -> dict[str, Any]:
    def kept(d: Demo, fact: Fact) -> str:
        keep(d.memory, d.scope, fact.id, now=d.now())
        return f"Kept “{fact.text}”: I'll remember it."

    return on_fact(action, "keep", kept)


@cl.action_callback("discard_fact")
async def _discard(action: cl.Action) -> dict[str, Any]:
    def discarded(d: Demo, fact: Fact) -> str:
        discard(d.memory, d.scope, fact.id)
        return f"Discarded “{fact.text}”: I won't remember it."

    return on_fact(action, "discard", discarded)


@cl.action_callback("forget_all")
async def _forget_all(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    removed = demo().store.erase(demo().scope)
    return answer(f"Forgotten: {removed} stored versions deleted.")


@cl.action_callback("rollback_fact")
async def _rollback(action: cl.Action) -> dict[str, Any]:
    def restore(d: Demo, target: Fact) -> str:
        restored = d.memory.rollback(d.scope, target.key, int(action.payload.get("version", 0)), now=d.now())
        return f"Restored “{restored.text}” as version {restored.version}."

    return on_fact(action, "restore", restore, (TravelAssistantError, ValueError))


@cl.action_callback("export")
async def _export(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    d = demo()
    rows = fact_rows(d.memory, d.store, d.scope, now=d.now(), words=EvidenceWords(d.log))
    content = json.dumps({"user": d.user, "facts": rows}, indent=2, ensure_ascii=False)
    return answer(
        "Your data is downloading.", download=(f"memories-{d.user}.json", "application/json", content)
    )


@cl.action_callback("refresh_memory")
async def _refresh(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    return answer("Up to date.")


@cl.action_callback("promote_now")
async def _promote(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    if not demo().is_admin:
        return answer("Only an admin can run promotion from here.", ok=False)
    return answer("Promotion ran: no idle conversation had anything new.")


@cl.action_callback("clock_advance")
async def _advance(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    demo().offset += timedelta(minutes=int(action.payload.get("minutes", 0)))
    return answer(f"The demo clock moved on {int(action.payload.get('minutes', 0))} minutes.")


@cl.action_callback("clock_set")
async def _set(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    demo().offset = datetime.fromisoformat(str(action.payload.get("iso"))) - THURSDAY
    return answer("The demo clock was set.")


@cl.action_callback("clock_reset")
async def _reset(action: cl.Action) -> dict[str, Any]:
    record(action.name, action.payload)
    demo().offset = timedelta(0)
    return answer("The demo clock is back to real time.")
