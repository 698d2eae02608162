"""Rendering our thread log as Chainlit thread/step dictionaries (for the sidebar and for resume).

The transcript lives only in the thread log; Chainlit gets a view of it on demand. Steps are emitted parent
before child and in log order, because the front end silently drops a step whose parent it has not seen.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, assert_never

from assistant.events import Event, EventKind, ThreadRecord
from travel_assistant.web.meter import ELEMENT_NAME as METER
from travel_assistant.web.meter import meter_props
from travel_assistant.web.recall_view import ELEMENT_NAME as RECALL_CARD
from travel_assistant.web.recall_view import INTRO, recalled_title

ASSISTANT_NAME = "Travel Assistant"


def iso(moment: datetime | None) -> str:
    return (moment or datetime.min).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def tool_title(name: str, *, done: bool) -> str:
    """A tool step's title, "Used search_flights": the step says what happened (Chainlit's own "Used"
    prefix is off, so that the recall step can read "Recalled 1 fact")."""
    return f"{'Used' if done else 'Using'} {name}"


def thread_dict(
    thread: ThreadRecord,
    *,
    steps: list[dict[str, Any]] | None = None,
    elements: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "id": thread.id,
        "createdAt": iso(thread.last_event_at or thread.created_at),
        "name": thread.title or "New conversation",
        "userId": thread.user_id,
        "userIdentifier": thread.user_id,
        "tags": [],
        "metadata": {},  # never session blobs, never "is_shared"
        "steps": steps or [],
        "elements": elements or [],
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


def thread_steps(thread: ThreadRecord, events: Sequence[Event]) -> list[dict[str, Any]]:
    return [step for event in events for step in _steps_of(thread, event)]


def thread_elements(
    thread: ThreadRecord,
    events: Sequence[Event],
    recall_cards: Mapping[str, dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The context meter of every turn that made a model call, on that turn's reply, and the recall card of
    every turn that recalled something (turn id -> props, ``recall_view.resumed_cards``), as shown live."""
    replied = {e.turn_id for e in events if e.kind == EventKind.ASSISTANT}
    elements = [
        _custom(thread, f"{turn}-recall", RECALL_CARD, props) for turn, props in (recall_cards or {}).items()
    ]
    for event in events:
        if event.kind != EventKind.CONTEXT or event.turn_id not in replied:
            continue
        props = meter_props(dict(event.body))
        if props is not None:
            elements.append(_custom(thread, f"{event.turn_id}-assistant", METER, props))
    return elements


def _custom(thread: ThreadRecord, step_id: str, name: str, props: dict[str, Any]) -> dict[str, Any]:
    """A custom element shown inline in one step (by ``forId``)."""
    return {
        "id": f"{step_id}-{name.lower()}",
        "threadId": thread.id,
        "type": "custom",
        "url": None,
        "chainlitKey": None,
        "name": name,
        "display": "inline",
        "objectKey": None,
        "size": None,
        "props": props,
        "page": None,
        "autoPlay": None,
        "playerConfig": None,
        "language": None,
        "forId": step_id,
        "mime": None,
    }


def _steps_of(thread: ThreadRecord, event: Event) -> list[dict[str, Any]]:
    """The steps one event is shown as (none for the bookkeeping the user never sees)."""
    match event.parsed_kind.kind:
        case EventKind.USER:
            user_step = f"{event.turn_id}-user"
            return [
                _step(
                    user_step, thread.id, "user_message", thread.user_id, event.created_at, output=event.text
                ),
                # Chainlit renders "on_message" runs transparently; children need it as their parent.
                _step(_run(event), thread.id, "run", "on_message", event.created_at, parent=user_step),
            ]
        case EventKind.RECALL:
            count = len(event.body.get("fact_ids", []))
            if not count:
                return []  # as live: no step when nothing was recalled
            return [_child(thread, event, "recall", "tool", recalled_title(count), output=INTRO)]
        case EventKind.TOOL:
            return [_tool_step(thread, event)]
        case EventKind.CONTEXT:
            return []  # shown as the meter on the reply (thread_elements)
        case EventKind.ASSISTANT:
            return [
                _child(thread, event, "assistant", "assistant_message", ASSISTANT_NAME, output=event.text)
            ]
        case EventKind.FAILURE:
            failed = str(event.body.get("message", "That turn failed."))
            return [
                _child(
                    thread,
                    event,
                    "failure",
                    "assistant_message",
                    ASSISTANT_NAME,
                    output=failed,
                    is_error=True,
                )
            ]
        case EventKind.ASK | EventKind.ANSWER:
            # The opening question and its answers, as said (the buttons were for then, not for a re-read).
            step_id = f"{event.turn_id}-{event.kind}"
            return [
                _step(
                    step_id,
                    thread.id,
                    "assistant_message",
                    ASSISTANT_NAME,
                    event.created_at,
                    output=event.text,
                )
            ]
        case EventKind.MODEL | EventKind.SUMMARY | EventKind.PROMOTION | EventKind.REDACTION:
            return []
        case unreachable:
            assert_never(unreachable)


def _run(event: Event) -> str:
    return f"{event.turn_id}-run"


def _child(
    thread: ThreadRecord,
    event: Event,
    suffix: str,
    type_: str,
    name: str,
    *,
    output: str,
    is_error: bool = False,
) -> dict[str, Any]:
    """A step under its turn's run step."""
    step_id = f"{event.turn_id}-{suffix}"
    return _step(
        step_id,
        thread.id,
        type_,
        name,
        event.created_at,
        parent=_run(event),
        output=output,
        is_error=is_error,
    )


def _tool_step(thread: ThreadRecord, event: Event) -> dict[str, Any]:
    body = event.body
    output = body.get("result") if body.get("ok") else {"error": body.get("error")}
    return _step(
        f"{event.turn_id}-{event.kind}",
        thread.id,
        "tool",
        tool_title(str(body.get("name", "tool")), done=True),
        event.created_at,
        parent=_run(event),
        input_=str(body.get("arguments", "")),
        output=json.dumps(output, ensure_ascii=False, indent=1),
        show_input="json",
        is_error=not body.get("ok"),
    )
