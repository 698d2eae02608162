"""Test doubles for the model port."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from assistant.errors import ModelOutputError
from assistant.events import EventKind, NewEvent
from assistant.ids import ThreadId, TurnId, UserId
from assistant.model.llm import TokenSink
from assistant.turns import Message, ModelReply, ToolCall, Usage
from memory.inmemory import InMemoryThreadStore

USAGE = Usage(prompt_tokens=10, completion_tokens=5)


@dataclass
class ScriptedModel:
    """Replies from a queue (like a mock model): ``enqueue`` text, tool calls, structured JSON or an exception.

    Every call's messages are kept in ``calls`` so a test can assert what the model was shown.
    """

    model_name: str = "scripted/test"
    queue: list[Any] = field(default_factory=list)
    calls: list[list[Message]] = field(default_factory=list)
    before_call: Callable[[int], None] | None = None

    def enqueue(self, *replies: Any) -> ScriptedModel:
        self.queue.extend(replies)
        return self

    def _next(self, messages: Sequence[Message]) -> Any:
        self.calls.append(list(messages))
        if self.before_call is not None:
            self.before_call(len(self.calls))
        if not self.queue:
            raise AssertionError("ScriptedModel ran out of replies")
        reply = self.queue.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        reply = self._next(messages)
        if isinstance(reply, str):
            if on_token is not None:
                for word in reply.split(" "):
                    await on_token(word + " ")
            return ModelReply(text=reply, tool_calls=(), usage=USAGE, model=self.model_name)
        if isinstance(reply, dict):  # {"tool": name, "args": {...}} or {"tools": [(name, args), ...]}
            calls = reply.get("tools") or [(reply["tool"], reply.get("args", {}))]
            return ModelReply(
                text="",
                tool_calls=tuple(
                    ToolCall(
                        id=f"call_{len(self.calls)}_{i}",
                        name=name,
                        arguments=args if isinstance(args, str) else json.dumps(args),
                    )
                    for i, (name, args) in enumerate(calls)
                ),
                usage=USAGE,
                model=self.model_name,
            )
        raise AssertionError(f"cannot use {reply!r} as a chat reply")

    async def structured(self, messages: Sequence[Message], schema: Any, *, name: str) -> Any:
        reply = self._next(messages)
        text = reply if isinstance(reply, str) else json.dumps(reply)
        try:
            return schema.model_validate_json(text)
        except Exception as exc:
            raise ModelOutputError(f"{name}: invalid JSON") from exc

    def count_tokens(self, messages: Sequence[Message]) -> int:
        return sum(len(json.dumps(m)) // 4 + 4 for m in messages)


def log_said(log: InMemoryThreadStore, user: UserId, thread: str, turn: str, text: str, at: datetime) -> str:
    """Log ``text`` as the user's message of ``turn``, as a turn would have (a fact points at its evidence in
    the log; tests that write facts directly log the words they cite first). Returns the text."""
    log.ensure_user(user, now=at)
    log.open_thread(user, ThreadId(thread), now=at)
    log.append(NewEvent(ThreadId(thread), TurnId(turn), EventKind.USER, {"text": text}, at))
    return text
