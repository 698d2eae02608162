"""The records a turn is made of: what the caller asks, what the model answered, what the turn returns.

Every record is frozen and keyword-only: a record with five string-ish fields built positionally is a bug
waiting for a reordering. ``Message`` is the one alias for an OpenAI-format chat message in the project.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from assistant.ids import ThreadId, TurnId, UserId
from assistant.jsonable import JsonRecord, record_json
from assistant.state import TripState

Message = dict[str, Any]
"""One OpenAI-format chat message (``{"role": …, "content": …}``, plus ``tool_calls`` / ``tool_call_id``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnRequest:
    user: UserId
    thread: ThreadId
    turn: TurnId
    text: str
    now: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    """One tool call as the model produced it."""

    id: str
    name: str
    arguments: str  # JSON text, exactly as the model produced it


@dataclass(frozen=True, slots=True, kw_only=True)
class Usage(JsonRecord):
    """Tokens one model call (or a turn's calls, summed) used, as the provider reported them.

    ``cached_tokens`` and ``cache_write_tokens`` are parts of ``prompt_tokens``: the prompt tokens the
    provider read from its prompt cache (billed at a fraction) and those it wrote to it (Anthropic bills a
    write at a premium). Zero where a provider reports no caching."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            cached_tokens=self.cached_tokens + other.cached_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
        )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Usage:
        """Read a logged usage record (one logged before caching was counted reads as nothing cached)."""
        return cls(
            prompt_tokens=int(data.get("prompt_tokens", 0)),
            completion_tokens=int(data.get("completion_tokens", 0)),
            cached_tokens=int(data.get("cached_tokens", 0)),
            cache_write_tokens=int(data.get("cache_write_tokens", 0)),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ModelReply:
    """One model call's answer: text, tool calls, or both."""

    text: str
    tool_calls: tuple[ToolCall, ...]
    usage: Usage
    model: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCallRecord:
    """A tool call and its outcome, as logged in its ``tool:R.I`` event."""

    round_no: int
    index: int
    call_id: str
    name: str
    arguments: str
    ok: bool
    result: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return record_json(self, rename={"round_no": "round"})


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnResult:
    thread_id: ThreadId
    turn_id: TurnId
    reply: str
    replayed: bool
    tool_calls: tuple[ToolCallRecord, ...]
    usage: Usage
    context: dict[str, Any]
    memory_block: str | None
    recall_path: str
    state: TripState
    user_text: str = ""  # the user's message as logged (secrets masked)
    masked: tuple[str, ...] = ()  # the kinds of secrets masked out of it (the reply says so)


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolContext:
    """Where a tool call runs: whose turn, which call of which model round, and the turn's clock."""

    user: UserId
    thread: ThreadId
    turn: TurnId
    round_no: int
    index: int
    now: datetime

    @property
    def idempotency_key(self) -> str:
        """Stable for (thread, turn, call): a resumed turn that re-runs this call books nothing new."""
        raw = f"{self.thread}/{self.turn}/{self.round_no}.{self.index}"
        return hashlib.sha256(raw.encode()).hexdigest()[:32]
