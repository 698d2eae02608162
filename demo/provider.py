"""The offline agent served as a litellm custom provider, written without importing litellm.

The composition root passes :func:`offline_provider` to ``assistant.model.llm`` (the only module that imports
litellm), which composes :class:`OfflineProvider` with litellm's ``CustomLLM`` and hands it ``ProviderHooks``:
token counting and the response type are litellm's, the rest (answers, deterministic tool-call ids, streaming
chunks, usage) is here. Going through litellm at all, rather than calling the agent directly, is the point: the
demo exercises the code path real providers take.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, ClassVar

from assistant.model.llm import CustomProvider, LLMConfig, ProviderHooks
from assistant.turns import Message
from demo.agent import OfflineReply, respond

OFFLINE_PROVIDER = "offline"
OFFLINE_MODEL = "offline/travel-agent"


def offline_provider(*, stream_delay_ms: int = 0) -> CustomProvider:
    """The offline demo model as an in-process provider, for ``LLMConfig.custom_providers``."""
    return CustomProvider(
        name=OFFLINE_PROVIDER, model=OFFLINE_MODEL, logic=OfflineProvider, stream_delay_ms=stream_delay_ms
    )


def offline_config(**fields: Any) -> LLMConfig:
    """An ``LLMConfig`` for the offline model (tests and benchmarks; the app builds its own from settings)."""
    delay = fields.pop("stream_delay_ms", 0)
    return LLMConfig(
        model=OFFLINE_MODEL, custom_providers=(offline_provider(stream_delay_ms=delay),), **fields
    )


class OfflineProvider:
    """litellm's custom-provider entry points (``completion``, ``acompletion``, ``streaming``, ``astreaming``).

    Not usable alone: the composing class sets ``hooks`` and supplies litellm's ``CustomLLM`` base. Streaming
    yields litellm's generic chunk dicts, a chunk per ~3 words, then one per tool call, then a final chunk with
    the finish reason and usage.
    """

    hooks: ClassVar[ProviderHooks]
    delay_ms: int = 0  # pause between streamed text chunks, so the demo UI visibly streams

    def completion(self, *args: Any, **kwargs: Any) -> Any:
        reply, messages = _reply(kwargs)
        calls = [
            {
                "id": cid,
                "type": "function",
                "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
            }
            for cid, c in zip(call_ids(messages, reply), reply.tool_calls, strict=True)
        ]
        message = {"role": "assistant", "content": reply.text or None, "tool_calls": calls or None}
        return self.hooks.model_response(
            {
                "model": self.hooks.model,
                "choices": [
                    {"index": 0, "finish_reason": "tool_calls" if calls else "stop", "message": message}
                ],
                "usage": self._usage(messages, reply),
            }
        )

    async def acompletion(self, *args: Any, **kwargs: Any) -> Any:
        return self.completion(*args, **kwargs)

    def streaming(self, *args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        for chunk in self._chunks(kwargs):
            if self.delay_ms and chunk["text"]:
                time.sleep(self.delay_ms / 1000)
            yield chunk

    async def astreaming(self, *args: Any, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
        for chunk in self._chunks(kwargs):
            if self.delay_ms and chunk["text"]:
                await asyncio.sleep(self.delay_ms / 1000)
            yield chunk

    def _chunks(self, kwargs: dict[str, Any]) -> Iterator[dict[str, Any]]:
        reply, messages = _reply(kwargs)
        words = re.findall(r"\S+\s*|\s+", reply.text)
        for i in range(0, len(words), 3):
            yield _chunk(text="".join(words[i : i + 3]))
        for i, (cid, call) in enumerate(zip(call_ids(messages, reply), reply.tool_calls, strict=True)):
            tool_use = {
                "id": cid,
                "type": "function",
                "index": i,
                "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
            }
            yield _chunk(tool_use=tool_use)
        finish = "tool_calls" if reply.tool_calls else "stop"
        yield _chunk(finished=True, finish_reason=finish, usage=self._usage(messages, reply))

    def _usage(self, messages: list[Message], reply: OfflineReply) -> dict[str, int]:
        prompt = self.hooks.count_messages(messages)
        completion = self.hooks.count_text(reply.text + json.dumps([c.arguments for c in reply.tool_calls]))
        return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _reply(kwargs: dict[str, Any]) -> tuple[OfflineReply, list[Message]]:
    """The agent's answer to one call; tools and the response format arrive in litellm's optional params."""
    messages = kwargs.get("messages") or []
    optional = kwargs.get("optional_params") or {}
    return respond(messages, optional.get("tools"), optional.get("response_format")), messages


def _chunk(
    *,
    text: str = "",
    tool_use: dict[str, Any] | None = None,
    finished: bool = False,
    finish_reason: str = "",
    usage: dict[str, int] | None = None,
) -> dict[str, Any]:
    """One of litellm's generic streaming chunks."""
    return {
        "text": text,
        "tool_use": tool_use,
        "is_finished": finished,
        "finish_reason": finish_reason,
        "usage": usage,
        "index": 0,
    }


def call_ids(messages: list[Message], reply: OfflineReply) -> list[str]:
    """Deterministic tool-call ids: the same conversation yields the same ids, which keeps replays and
    cache-prefix measurements reproducible."""
    seed = hashlib.sha256(json.dumps(messages, sort_keys=True, default=str).encode()).hexdigest()[:10]
    return [f"call_{seed}_{i}" for i in range(len(reply.tool_calls))]
