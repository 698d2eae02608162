"""Rendering our thread log as Chainlit thread/step dictionaries (for the sidebar and for resume).

The transcript lives only in the thread log; Chainlit gets a view of it on demand. Steps are emitted parent
before child and in log order, because the front end silently drops a step whose parent it has not seen.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from assistant.events import ASSISTANT, CONTEXT, FAILURE, RECALL, USER, Event, ThreadRecord, is_tool_kind

ASSISTANT_NAME = "Travel Assistant"


def iso(moment: datetime | None) -> str:
    return (moment or datetime.min).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def thread_dict(thread: ThreadRecord, *, steps: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "id": thread.id,
        "createdAt": iso(thread.last_event_at or thread.created_at),
        "name": thread.title or "New conversation",
        "userId": thread.user_id,
        "userIdentifier": thread.user_id,
        "tags": [],
        "metadata": {},  # never session blobs, never "is_shared"
        "steps": steps or [],
        "elements": [],
    }


def _step(
    step_id: str,
    thread: str,
    type_: str,
    name: str,
    created: datetime,
    *,
    parent: str | None = None,
    output: str = "",
    input_: str = "",
    show_input: bool | str = False,
    is_error: bool = False,
) -> dict[str, Any]:
    return {
        "id": step_id,
        "threadId": thread,
        "parentId": parent,
        "type": type_,
        "name": name,
        "output": output,
        "input": input_,
        "showInput": show_input,
        "isError": is_error,
        "createdAt": iso(created),
        "start": iso(created),
        "end": iso(created),
        "metadata": {},
        "streaming": False,
        "tags": [],
    }


def context_line(body: dict[str, Any]) -> str:
    """'1,234 of 7,000 tokens (18%) · summary-block · 900 cached-prefix tokens' (compact, per turn)."""
    if "prompt_tokens" not in body:
        return "no model call"
    usable = int(body.get("budget", 0)) - int(body.get("reserve", 0))
    return (
        f"{int(body['prompt_tokens']):,} of {usable:,} tokens ({float(body.get('pressure', 0)):.0%}) · "
        f"{body.get('policy')} · {int(body.get('stable_prefix_tokens', 0)):,} cache-stable prefix tokens · "
        f"{body.get('turns_in_window', 0)} of {body.get('turns_in_log', 0)} earlier turns in window"
    )


def thread_steps(thread: ThreadRecord, events: Sequence[Event]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for event in events:
        turn = event.turn_id
        user_step, run_step = f"{turn}-user", f"{turn}-run"
        if event.kind == USER:
            steps.append(
                _step(
                    user_step, thread.id, "user_message", thread.user_id, event.created_at, output=event.text
                )
            )
            # Chainlit renders "on_message" runs transparently; children need it as their parent.
            steps.append(_step(run_step, thread.id, "run", "on_message", event.created_at, parent=user_step))
        elif event.kind == RECALL:
            count = len(event.body.get("fact_ids", []))
            steps.append(
                _step(
                    f"{turn}-recall",
                    thread.id,
                    "tool",
                    "Recalled from memory",
                    event.created_at,
                    parent=run_step,
                    output=f"{count} fact(s) shown to the model ({event.body.get('path')} recall)",
                )
            )
        elif is_tool_kind(event.kind):
            body = event.body
            output = body.get("result") if body.get("ok") else {"error": body.get("error")}
            steps.append(
                _step(
                    f"{turn}-{event.kind}",
                    thread.id,
                    "tool",
                    str(body.get("name", "tool")),
                    event.created_at,
                    parent=run_step,
                    input_=str(body.get("arguments", "")),
                    output=json.dumps(output, ensure_ascii=False, indent=1),
                    show_input="json",
                    is_error=not body.get("ok"),
                )
            )
        elif event.kind == CONTEXT:
            # Logged when the turn ends, but shown where the live view shows it: before the tool steps.
            after = max(
                (i for i, st in enumerate(steps) if st["id"] in (run_step, f"{turn}-recall")), default=-1
            )
            steps.insert(
                after + 1,
                _step(
                    f"{turn}-context",
                    thread.id,
                    "tool",
                    "Context",
                    event.created_at,
                    parent=run_step,
                    output=context_line(dict(event.body)),
                ),
            )
        elif event.kind == ASSISTANT:
            steps.append(
                _step(
                    f"{turn}-assistant",
                    thread.id,
                    "assistant_message",
                    ASSISTANT_NAME,
                    event.created_at,
                    parent=run_step,
                    output=event.text,
                )
            )
        elif event.kind == FAILURE:
            steps.append(
                _step(
                    f"{turn}-failure",
                    thread.id,
                    "assistant_message",
                    ASSISTANT_NAME,
                    event.created_at,
                    parent=run_step,
                    output=str(event.body.get("message", "That turn failed.")),
                    is_error=True,
                )
            )
    return steps
