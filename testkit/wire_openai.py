"""OpenAI chat completions on the wire, as the API reference documents and recorded streams show.

A stream is ``data: {chat.completion.chunk}`` events: a first delta with the role, text deltas, for each tool
call a header delta (``index``, ``id``, ``type``, ``function.name`` and empty ``arguments``) then argument
fragments under the same ``index``, a last delta with ``finish_reason``, then (with
``stream_options.include_usage``) a chunk with no choices and the usage, then ``data: [DONE]``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from testkit.prompt_cache import Block, CacheReport, PromptCache, block
from testkit.wire_script import Reply, split_fragments

CHAT_PATH = "/chat/completions"
ERROR_KINDS = {
    "rate_limit": ("requests", "rate_limit_exceeded"),
    "overloaded": ("server_error", "overloaded"),
    "context_length": ("invalid_request_error", "context_length_exceeded"),
    "auth": ("invalid_request_error", "invalid_api_key"),
}


def prompt_blocks(body: dict[str, Any], count: Callable[[str], int]) -> list[Block]:
    """The request's prompt in the order the provider reads it: tools, then messages."""
    return [block(t, count) for t in body.get("tools") or []] + [
        block(m, count) for m in body.get("messages") or []
    ]


def cache_report(body: dict[str, Any], cache: PromptCache, count: Callable[[str], int]) -> CacheReport:
    return cache.automatic(prompt_blocks(body, count))


def error_payload(reply: Reply) -> dict[str, Any]:
    kind, code = ERROR_KINDS.get(reply.error_type, ("server_error", str(reply.status)))
    message = reply.error_message
    if reply.error_type == "context_length":
        message = (
            "This model's maximum context length is 128000 tokens. However, your messages resulted in "
            "131072 tokens. Please reduce the length of the messages."
        )
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def _envelope(obj: str, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-9kLz",
        "object": obj,
        "created": int(time.time()),
        "model": model,
        "system_fingerprint": "fp_44709d6fcb",
    }


def usage(reply: Reply, report: CacheReport) -> dict[str, Any]:
    prompt = reply.prompt_tokens if reply.prompt_tokens is not None else report.prompt_tokens
    return {
        "prompt_tokens": prompt,
        "completion_tokens": reply.completion_tokens,
        "total_tokens": prompt + reply.completion_tokens,
        "prompt_tokens_details": {"cached_tokens": min(report.cached_tokens, prompt), "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    }


def completion(reply: Reply, model: str, report: CacheReport) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text or None, "refusal": None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
            for c in reply.tool_calls
        ]
    choice = {
        "index": 0,
        "message": message,
        "logprobs": None,
        "finish_reason": "tool_calls" if reply.tool_calls else "stop",
    }
    payload = {**_envelope("chat.completion", model), "choices": [choice], "usage": usage(reply, report)}
    if reply.shape == "no-choices":
        payload["choices"] = []
    return payload


def _chunk(model: str, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        **_envelope("chat.completion.chunk", model),
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
    }


def stream_events(reply: Reply, model: str, report: CacheReport, include_usage: bool) -> list[dict[str, Any]]:
    events = [_chunk(model, {"role": "assistant", "content": "", "refusal": None})]
    events += [_chunk(model, {"content": piece}) for piece in reply.stream_pieces()]
    for i, call in enumerate(reply.tool_calls):
        header = {
            "index": i,
            "id": call.id,
            "type": "function",
            "function": {"name": call.name, "arguments": ""},
        }
        events.append(_chunk(model, {"tool_calls": [header]}))
        events += [
            _chunk(model, {"tool_calls": [{"index": i, "function": {"arguments": fragment}}]})
            for fragment in split_fragments(call.arguments)
        ]
    events.append(_chunk(model, {}, "tool_calls" if reply.tool_calls else "stop"))
    if include_usage:
        events.append(
            {**_envelope("chat.completion.chunk", model), "choices": [], "usage": usage(reply, report)}
        )
    return events


def sse(reply: Reply, model: str, report: CacheReport, body: dict[str, Any]) -> tuple[list[bytes], bool]:
    """The stream's bytes, and whether it ends cleanly (a "cut" stream stops mid-event)."""
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    if reply.shape == "empty":
        return [b"data: [DONE]\n\n"], True
    if reply.shape == "no-choices":
        chunk = {**_envelope("chat.completion.chunk", model), "choices": []}
        return [f"data: {json.dumps(chunk)}\n\n".encode(), b"data: [DONE]\n\n"], True
    events = [
        f"data: {json.dumps(e)}\n\n".encode() for e in stream_events(reply, model, report, include_usage)
    ]
    if reply.shape == "cut":
        return [*events[:2], b'data: {"id": "chatcmpl-9kLz", "choi'], False
    return [*events, b"data: [DONE]\n\n"], True
