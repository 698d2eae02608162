"""Translating between Chainlit and the engine: typed chat context, the live turn observer, friendly errors.

No conversation logic lives here; ``assistant.turn.engine`` decides everything. This module only turns engine
callbacks into Chainlit steps and messages.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import chainlit as cl

from assistant.errors import AccessDenied
from assistant.facts.recall import Recall
from assistant.ids import ThreadId, UserId, thread_id, user_id
from assistant.turn.context import ContextStats
from assistant.turns import ToolCall, ToolCallRecord, TurnResult
from travel_assistant.web.meter import ELEMENT_NAME as METER
from travel_assistant.web.meter import meter_props
from travel_assistant.web.recall_view import ELEMENT_NAME as RECALL_CARD
from travel_assistant.web.recall_view import INTRO, recall_card_props
from travel_assistant.web.render import ASSISTANT_NAME, tool_title


@dataclass(frozen=True, slots=True, kw_only=True)
class ChatContext:
    """Who is talking in which thread: validated ids, read from Chainlit's session on every event."""

    user: UserId
    thread: ThreadId
    is_admin: bool


def current_chat(public_origin: str) -> ChatContext:
    session = cl.context.session
    origin = (getattr(session, "environ", None) or {}).get("HTTP_ORIGIN")
    if origin and origin.rstrip("/") != public_origin.rstrip("/"):
        # The socket.io server accepts any Origin; a foreign page must not drive a logged-in user's session.
        raise AccessDenied("this page's origin is not allowed")
    user = session.user
    if user is None:
        raise AccessDenied("not logged in")
    metadata = getattr(user, "metadata", None) or {}
    return ChatContext(
        user=user_id(user.identifier),
        thread=thread_id(session.thread_id),
        is_admin=bool(metadata.get("is_admin")),
    )


@dataclass
class LiveTurn:
    """Engine observer that renders one turn live: a recall step (only when something was recalled), tool
    steps, the streamed reply, and the context meter on the reply."""

    # The user's conversations by id -> title (a store read, run in a worker thread when a fact is recalled),
    # and the turn's clock: the recall card names a fact's source and says how long ago it was said.
    threads: Callable[[], Mapping[str, str]] = dict
    now: datetime = field(default_factory=lambda: datetime.now(UTC))
    message: cl.Message | None = None
    steps: dict[str, cl.Step] = field(default_factory=dict)
    stats: ContextStats | None = None

    async def recalled(self, recall: Recall, block: str | None) -> None:
        if not recall.facts or not block:
            return  # nothing recalled: no step (the quiet case is the common one)
        titles = await asyncio.to_thread(self.threads)
        props = recall_card_props([r.fact for r in recall.facts], block, threads=titles, now=self.now)
        if props is None:
            return
        async with cl.Step(name=props["title"], type="tool", show_input=False) as step:
            step.output = INTRO
            card = cl.CustomElement(name=RECALL_CARD, props=props, display="inline")
            card.content = "{}"  # the props are the user's facts: no copy of them in Chainlit's .files
            step.elements = [card]

    async def token(self, text: str) -> None:
        if self.message is None:
            self.message = cl.Message(content="", author=ASSISTANT_NAME)
        await self.message.stream_token(text)

    async def tool_started(self, call: ToolCall) -> None:
        # Entered like ``async with cl.Step(...)`` so it nests under this turn's run and shows in order.
        step = cl.Step(name=tool_title(call.name, done=False), type="tool", show_input="json")
        step.input = call.arguments
        await step.__aenter__()
        self.steps[call.id] = step

    async def tool_finished(self, record: ToolCallRecord) -> None:
        step = self.steps.pop(record.call_id, None)
        if step is None:
            return
        step.name = tool_title(record.name, done=True)
        step.output = json.dumps(record.result, ensure_ascii=False, indent=1)
        step.is_error = not record.ok
        await step.__aexit__(None, None, None)

    async def context(self, stats: ContextStats) -> None:
        """Kept for the meter: the last model call's accounting is what the turn logs."""
        self.stats = stats

    async def finish(self, result: TurnResult) -> None:
        if self.message is None:
            self.message = cl.Message(content=result.reply, author=ASSISTANT_NAME)
        elif self.message.content != result.reply:
            self.message.content = result.reply
        logged = {**self.stats.to_json(), "usage": result.usage.to_json()} if self.stats is not None else None
        props = meter_props(logged) if logged is not None else None
        if props is not None:
            meter = cl.CustomElement(name=METER, props=props, display="inline")
            self.message.elements = [*(self.message.elements or []), meter]
        await self.message.send()


async def say(
    text: str, *, actions: list[cl.Action] | None = None, elements: list[Any] | None = None
) -> None:
    await cl.Message(
        content=text, author=ASSISTANT_NAME, actions=actions or [], elements=elements or []
    ).send()
