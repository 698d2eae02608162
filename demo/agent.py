"""The offline demo model: a deterministic travel agent that needs no key and no network.

It is served to the rest of the app through litellm as the custom provider ``offline/travel-agent`` (see
``demo.provider`` and ``assistant.llm``), so the exact code path real providers take (messages, OpenAI-format
tool calls, streaming, JSON output) is exercised by the demo and the tests. It reads only what a real model
would: the messages, the tool list and the requested response format (``demo.view``). It is rule-based: a fixed
order of moves (``demo.moves``), each with a table of phrasings, and a polite fallback that says what it can do.
Whatever a message says about the user is acknowledged only as far as promotion will keep it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from assistant.prompts import PROMOTION_SCHEMA_NAME, SUMMARY_SCHEMA_NAME
from assistant.turns import Message
from demo.extract import extract_candidates, summarise
from demo.moves import book, change, dinner, forget, recall_me, remember, search, smalltalk, statements
from demo.replies import OfflineReply, OfflineToolCall, say
from demo.view import View, content, read_view

__all__ = ["MOVES", "Move", "OfflineReply", "OfflineToolCall", "respond"]

Step = Callable[[View], OfflineReply | None]


@dataclass(frozen=True, slots=True)
class Move:
    name: str
    first: Step
    after: Step | None = None
    notes: bool = True  # its final reply also says what will (and will not) be remembered from the message


MOVES: tuple[Move, ...] = (
    Move("forget-answer", forget.answer, notes=False),
    Move("what-do-you-remember", recall_me.first, notes=False),
    Move("remember", remember.first, remember.after, notes=False),
    Move("forget", forget.first, forget.after, notes=False),
    Move("change-or-cancel", change.first, change.after),
    Move("book", book.first, book.after),
    Move("search", search.first, search.after),
    Move("dinner-and-bookings", dinner.first, dinner.after),
    Move("greeting", smalltalk.greeting),
    Move("statement", statements.first, notes=False),
    Move("thanks", smalltalk.thanks),
)


def respond(
    messages: list[Message], tools: list[dict[str, Any]] | None, response_format: Any
) -> OfflineReply:
    """Answer one model call."""
    schema_name = _schema_name(response_format)
    if schema_name == PROMOTION_SCHEMA_NAME:
        return say(json.dumps({"candidates": extract_candidates(content(messages[-1]))}))
    if schema_name == SUMMARY_SCHEMA_NAME:
        return say(json.dumps(summarise(content(messages[-1]))))
    view = read_view(messages, tools or [])
    return _after_tools(view) if view.turn_results else _first_step(view)


def _schema_name(response_format: Any) -> str | None:
    if isinstance(response_format, dict):
        schema = response_format.get("json_schema")
        if isinstance(schema, dict):
            name = schema.get("name")
            return name if isinstance(name, str) else None
    return None


def _first_step(view: View) -> OfflineReply:
    for move in MOVES:
        reply = move.first(view)
        if reply is not None:
            return _noted(view, reply) if move.notes else reply
    return smalltalk.fallback(view)


def _after_tools(view: View) -> OfflineReply:
    _name, result = view.turn_results[-1]
    if "error" in result:
        return say(f"Sorry, that didn't work: {result['error']}")
    for move in MOVES:
        reply = move.after(view) if move.after is not None else None
        if reply is not None:
            return _noted(view, reply) if move.notes else reply
    return say("Done.")


def _noted(view: View, reply: OfflineReply) -> OfflineReply:
    """A final reply also says what will be remembered from the message, so it never contradicts memory."""
    if reply.tool_calls:
        return reply
    note = statements.note(view)
    return OfflineReply(text=f"{reply.text}\n{note}") if note else reply
