"""Pure value types for the thread log, users and threads.

Storage identity (the ``seq`` column, primary keys) is assigned by the store; these objects only carry it back.
Nothing here knows about SQL.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from assistant.ids import ThreadId, TurnId, UserId

JSON = dict[str, Any]

# Event kinds. A kind is unique within a turn, which is what makes a replayed turn a no-op: the log's key is
# (thread, turn, kind). Rounds and tool calls are numbered so a turn with several model calls still has
# unique kinds, and a resumed turn finds exactly the step it stopped at.
USER = "user"
ASSISTANT = "assistant"
SUMMARY = "summary"
CONTEXT = "context"  # per-turn token accounting: prompt size, budget, pressure, cache-stable prefix
RECALL = "recall"  # which long-term facts (ids and versions, never their text) were shown to the model
PROMOTION = "promotion"  # a promotion report for this thread (decisions, never secret text)
FAILURE = "failure"  # a turn that could not finish; the user message stays logged


def model_kind(round_no: int) -> str:
    """The model's tool-calling message of round ``round_no`` (1-based)."""
    return f"model:{round_no}"


def tool_kind(round_no: int, index: int) -> str:
    """The result of the ``index``-th tool call of round ``round_no``."""
    return f"tool:{round_no}.{index}"


def is_model_kind(kind: str) -> bool:
    return kind.startswith("model:")


def is_tool_kind(kind: str) -> bool:
    return kind.startswith("tool:")


@dataclass(frozen=True, slots=True)
class NewEvent:
    thread_id: ThreadId
    turn_id: TurnId
    kind: str
    body: Mapping[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    thread_id: ThreadId
    turn_id: TurnId
    kind: str
    body: Mapping[str, Any]
    created_at: datetime

    @property
    def text(self) -> str:
        value = self.body.get("text")
        return value if isinstance(value, str) else ""


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What ``append`` did: ``inserted`` is False when the (thread, turn, kind) key was already logged, in
    which case ``event`` is the earlier, stored event (first write wins)."""

    event: Event
    inserted: bool


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: UserId
    created_at: datetime
    last_active_at: datetime
    is_admin: bool = False
    password_hash: str | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class ThreadRecord:
    id: ThreadId
    user_id: UserId
    title: str
    created_at: datetime
    last_user_at: datetime | None
    last_event_at: datetime | None
    last_seq: int
    promoted_through_seq: int
