"""Removing one of your own messages from the record, in the browser. Choosing a message redacts it through
``Runtime.redact`` (as ``travel-assistant log redact`` does): scrubbed from the log, the summaries, the title and
every fact drawn from it, audited.

The command (or ``/redact``, or the Account answer's button) lists the messages. The handlers here take (app,
chat) like every other; ``web.handlers`` wraps them in ``requires_chat``, so the thread is the caller's own
conversation, checked at the door.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import chainlit as cl

from assistant.errors import TravelAssistantError
from assistant.events import EventKind
from assistant.ids import turn_id
from language.scrub import MESSAGE_REMOVED
from language.text import readable
from travel_assistant.web.ui import ChatContext, say

if TYPE_CHECKING:
    from travel_assistant.web.context import App

REDACT = "Remove a message"
OFFER = "offer_redaction"  # the Account answer's "Remove one of my messages" button
ACTION = "redact_message"
LISTED = 10  # the latest messages offered; older ones are removed from the command line
SHOWN_CHARS = 60


def _label(text: str) -> str:
    shown = " ".join(readable(text).split())
    return shown if len(shown) <= SHOWN_CHARS else shown[: SHOWN_CHARS - 1] + "…"


async def offer(app: App, chat: ChatContext) -> None:
    """List this conversation's messages (newest first), each with a button that removes it."""
    events = await asyncio.to_thread(app.runtime.thread_log.events, chat.thread)
    mine = [e for e in events if e.kind == EventKind.USER and not e.body.get("redacted")]
    if not mine:
        await say("There is no message of yours in this conversation to remove.")
        return
    latest = list(reversed(mine))[:LISTED]
    actions = [
        cl.Action(
            name=ACTION,
            payload={"turn": e.turn_id},
            label=f"Remove “{_label(e.text)}”",
            tooltip="Remove this message and everything drawn from it",
        )
        for e in latest
    ]
    await say(
        "Which message should I remove? It is scrubbed from this conversation's record, its summaries and "
        "anything I remembered from it; a note says a message was removed, never what it said.",
        actions=actions,
    )


async def offer_action(app: App, chat: ChatContext, action: cl.Action) -> None:
    await offer(app, chat)


async def redact(app: App, chat: ChatContext, action: cl.Action) -> None:
    """Redact the chosen message (validated: a turn id, in the caller's own thread) and say what went."""
    rt = app.runtime
    try:
        turn = turn_id(action.payload.get("turn"))
        report = await asyncio.to_thread(
            rt.redact,
            chat.user,
            chat.thread,
            turn,
            actor=f"user:{chat.user}",
            now=rt.clocks.now(chat.user),  # the demo clock, when this user's is shifted
        )
    except TravelAssistantError as exc:
        await say(f"Could not remove that message: {exc.user_message()}")
        return
    await action.remove()
    if report.already_redacted:
        await say("That message was removed already.")
        return
    # The browser still shows the words; the message's id is its turn id, so it can be replaced in place.
    await cl.Message(id=turn, content=MESSAGE_REMOVED, type="user_message", author=chat.user).update()
    drawn = (
        f" and {report.fact_versions_deleted} remembered fact version(s) drawn from it"
        if report.fact_versions_deleted
        else ""
    )
    await say(f"Removed your message from the record{drawn}. The record now says only that it was removed.")
