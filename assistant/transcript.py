"""The thread log as a plain-text transcript, for the two model calls that read a conversation as a whole:
promotion (which facts to propose) and the rolling summary.

One line per user, tool and assistant event, each tagged with its turn id: the turn id is the evidence key a
promotion candidate must cite, so it has to be on every line the model may quote from.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import assert_never

from assistant.events import Event, EventKind, message_kind
from language.text import TRANSCRIPT_LINE_BREAK


def render_transcript(events: Sequence[Event]) -> str:
    lines = []
    for event in events:
        line = transcript_line(event)
        if line is not None:
            lines.append(line)
    return "\n".join(lines)


def transcript_line(event: Event) -> str | None:
    """``[turn T] ROLE: text`` for the events a reader of the conversation sees; None for bookkeeping."""
    match message_kind(event.parsed_kind.kind):
        case EventKind.USER:
            role, text = "USER", event.text
        case EventKind.ASSISTANT:
            role, text = "ASSISTANT", event.text
        case EventKind.TOOL:
            role = f"TOOL {event.body.get('name', 'unknown')}"
            payload = event.body.get("result") if event.body.get("ok") else {"error": event.body.get("error")}
            text = json.dumps(payload, ensure_ascii=False, sort_keys=True)
        case EventKind.MODEL | None:
            return None
        case unreachable:
            assert_never(unreachable)
    return f"[turn {event.turn_id}] {role}: {TRANSCRIPT_LINE_BREAK.join(text.splitlines())}"
