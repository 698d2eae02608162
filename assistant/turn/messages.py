"""What the model sees of each logged event: the one renderer from the thread log to model messages.

The window (``assistant.turn.context``) decides which turns fit; this module decides what each of their events
becomes, so a resumed turn, a replayed one and the live one send the model the same words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import assert_never

from assistant.events import Event, EventKind, message_kind
from assistant.turns import Message
from language.text import clean, readable


def tool_message(event: Event, *, cleared: bool = False) -> Message:
    body = event.body
    payload = body.get("result") if body.get("ok") else {"error": body.get("error", "tool failed")}
    content = json.dumps(payload, ensure_ascii=False, sort_keys=True)
    if cleared:
        content = json.dumps(
            {"cleared": f"{body.get('name')} result removed from context; see log event {event.seq}"}
        )
    return {
        "role": "tool",
        "tool_call_id": body.get("call_id", ""),
        "name": body.get("name", ""),
        "content": content,
    }


def model_message(event: Event) -> Message:
    calls = [
        {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
        for c in event.body.get("tool_calls", [])
    ]
    return {"role": "assistant", "content": event.body.get("text") or None, "tool_calls": calls}


def event_message(event: Event, *, clear_tool_results: bool = False) -> Message | None:
    """The model message an event of a *finished* turn becomes, or None for events the model never sees."""
    match message_kind(event.parsed_kind.kind):
        case EventKind.USER:
            return {"role": "user", "content": event.text}
        case EventKind.MODEL:
            return model_message(event)
        case EventKind.TOOL:
            return tool_message(event, cleared=clear_tool_results)
        case EventKind.ASSISTANT:
            return {"role": "assistant", "content": event.text}
        case None:
            return None
        case unreachable:
            assert_never(unreachable)


def turn_messages(events: Sequence[Event], *, clear_tool_results: bool = False) -> tuple[Message, ...]:
    """Model messages of one turn's events. An unfinished turn keeps only its user message: half a tool
    exchange (a call without its result) is not a valid conversation for any provider."""
    if not turn_finished(events):
        return tuple(
            {"role": "user", "content": readable(e.text)} for e in events if e.kind == EventKind.USER
        )
    messages = (event_message(e, clear_tool_results=clear_tool_results) for e in events)
    # Logged text predating validation at the edge may not be encodable; the model is sent a readable copy.
    return tuple(clean(m) for m in messages if m is not None)


def turn_finished(events: Sequence[Event]) -> bool:
    """A turn is finished once its reply is logged; until then only its user message is shown."""
    return any(e.kind == EventKind.ASSISTANT for e in events)
