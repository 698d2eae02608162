"""Anthropic messages on the wire, as the API reference documents and recorded streams show.

A stream is named SSE events: ``message_start`` (the message with its usage: ``input_tokens``,
``cache_creation_input_tokens``, ``cache_read_input_tokens``), a ``ping``, per content block a
``content_block_start`` (``text`` or ``tool_use`` with an empty ``input``), its ``content_block_delta`` events
(``text_delta`` or ``input_json_delta`` with ``partial_json`` fragments) and ``content_block_stop``, then
``message_delta`` (``stop_reason`` and the cumulative usage) and ``message_stop``.

``input_tokens`` counts only the prompt tokens after the last cache breakpoint; read and written tokens are
reported beside it, never inside it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from testkit.prompt_cache import Block, CacheReport, PromptCache, block
from testkit.wire_script import Reply, split_fragments

MESSAGES_PATH = "/messages"
ERROR_KINDS = {
    "rate_limit": "rate_limit_error",
    "overloaded": "overloaded_error",
    "context_length": "invalid_request_error",
    "auth": "authentication_error",
}


def prompt_blocks(body: dict[str, Any], count: Callable[[str], int]) -> list[Block]:
    """The prompt in the order the provider caches it: tools, system blocks, then each message's blocks."""
    blocks = [block(t, count) for t in body.get("tools") or []]
    system = body.get("system")
    if isinstance(system, str):
        blocks.append(block({"type": "text", "text": system}, count))
    else:
        blocks += [block(b, count) for b in system or []]
    for message in body.get("messages") or []:
        content = message.get("content")
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
        blocks += [block({"role": message.get("role"), **part}, count) for part in parts]
    return blocks


def cache_report(body: dict[str, Any], cache: PromptCache, count: Callable[[str], int]) -> CacheReport:
    return cache.breakpoints(prompt_blocks(body, count))


def error_payload(reply: Reply) -> dict[str, Any]:
    message = reply.error_message
    if reply.error_type == "context_length":
        message = "prompt is too long: 210000 tokens > 200000 maximum"
    return {
        "type": "error",
        "error": {"type": ERROR_KINDS.get(reply.error_type, "api_error"), "message": message},
    }


def usage(reply: Reply, report: CacheReport) -> dict[str, int]:
    prompt = reply.prompt_tokens if reply.prompt_tokens is not None else report.prompt_tokens
    return {
        "input_tokens": max(0, prompt - report.cached_tokens - report.cache_write_tokens),
        "cache_creation_input_tokens": report.cache_write_tokens,
        "cache_read_input_tokens": report.cached_tokens,
        "output_tokens": reply.completion_tokens,
    }


def _content(reply: Reply) -> list[dict[str, Any]]:
    content: list[dict[str, Any]] = [{"type": "text", "text": reply.text}] if reply.text else []
    content += [
        {"type": "tool_use", "id": c.id, "name": c.name, "input": json.loads(c.arguments or "{}")}
        for c in reply.tool_calls
    ]
    return content


def _message(reply: Reply, model: str, content: list[dict[str, Any]], used: dict[str, int]) -> dict[str, Any]:
    return {
        "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": None,
        "stop_sequence": None,
        "usage": used,
    }


def completion(reply: Reply, model: str, report: CacheReport) -> dict[str, Any]:
    message = _message(reply, model, _content(reply), usage(reply, report))
    message["stop_reason"] = "tool_use" if reply.tool_calls else "end_turn"
    return message


def _event(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def _content_block(index: int, block: dict[str, Any], deltas: list[dict[str, Any]]) -> list[bytes]:
    """One content block's events: its start, one delta event per delta, its stop."""
    return [
        _event(
            "content_block_start", {"type": "content_block_start", "index": index, "content_block": block}
        ),
        *(
            _event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": d})
            for d in deltas
        ),
        _event("content_block_stop", {"type": "content_block_stop", "index": index}),
    ]


def stream_events(reply: Reply, model: str, report: CacheReport) -> list[bytes]:
    used = usage(reply, report)
    events = [
        _event(
            "message_start",
            {"type": "message_start", "message": _message(reply, model, [], {**used, "output_tokens": 1})},
        ),
        _event("ping", {"type": "ping"}),
    ]
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    if reply.text:
        pieces = [{"type": "text_delta", "text": piece} for piece in reply.stream_pieces()]
        blocks.append(({"type": "text", "text": ""}, pieces))
    for call in reply.tool_calls:
        parts = [
            {"type": "input_json_delta", "partial_json": part}
            for part in ["", *split_fragments(call.arguments)]
        ]
        blocks.append(({"type": "tool_use", "id": call.id, "name": call.name, "input": {}}, parts))
    for index, (opened, deltas) in enumerate(blocks):
        events += _content_block(index, opened, deltas)
    delta = {"stop_reason": "tool_use" if reply.tool_calls else "end_turn", "stop_sequence": None}
    events.append(_event("message_delta", {"type": "message_delta", "delta": delta, "usage": used}))
    events.append(_event("message_stop", {"type": "message_stop"}))
    return events


def sse(reply: Reply, model: str, report: CacheReport, body: dict[str, Any]) -> tuple[list[bytes], bool]:
    """The stream's bytes, and whether it ends cleanly (a "cut" stream stops mid-event)."""
    events = stream_events(reply, model, report)
    if reply.shape in ("empty", "no-choices"):
        return [events[0], events[-2], events[-1]], True
    if reply.shape == "cut":
        return [*events[:4], b'event: content_block_delta\ndata: {"type": "content_bl'], False
    return events, True
