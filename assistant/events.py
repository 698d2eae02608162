"""Pure value types for the thread log, users and threads.

Storage identity (the ``seq`` column, primary keys) is assigned by the store; these objects only carry it back.
Nothing here knows about SQL.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal, assert_never

from assistant.ids import ThreadId, TurnId, UserId
from language.lexicon.formats import NUMBERED_EVENT

JSON = dict[str, Any]


class EventKind(StrEnum):
    """What an event records. A stored kind is unique within a turn, which is what makes a replayed turn a
    no-op: the log's key is (thread, turn, kind). Model rounds and tool calls are numbered in the stored text
    (``model:N``, ``tool:N.i``) so a turn with several model calls still has unique kinds, and a resumed turn
    finds exactly the step it stopped at; :func:`parse_kind` reads the number back."""

    USER = "user"
    ASSISTANT = "assistant"
    MODEL = "model"  # the model's tool-calling message of one round: stored as ``model:N``
    TOOL = "tool"  # the result of one tool call: stored as ``tool:N.i``
    SUMMARY = "summary"
    CONTEXT = "context"  # per-turn token accounting: prompt size, budget, pressure, cache-stable prefix
    RECALL = "recall"  # which long-term facts (ids and versions, never their text) were shown to the model
    PROMOTION = "promotion"  # a promotion report for this thread (decisions, never secret text)
    FAILURE = "failure"  # a turn that could not finish; the user message stays logged
    REDACTION = "redaction"  # the turn's user message was removed: by whom (role), never what
    # The question a conversation opened with about facts the write gate was unsure of (``assistant.facts.asking``),
    # and each answer to it: facts named by id and canonical value, never by what the user typed. Neither is a
    # message of a turn: the model and promotion never read them; the chat shows them.
    ASK = "ask"
    ANSWER = "answer"


MessageKind = Literal[EventKind.USER, EventKind.ASSISTANT, EventKind.MODEL, EventKind.TOOL]


def message_kind(kind: EventKind) -> MessageKind | None:
    """``kind`` if its events are the conversation itself (what the user, the model and the tools said), None
    for the bookkeeping logged beside it. A new kind is sorted here, once: the model's messages, the transcript
    and the ``log`` command match on this and handle every bookkeeping kind alike."""
    match kind:
        case EventKind.USER | EventKind.ASSISTANT | EventKind.MODEL | EventKind.TOOL:
            return kind
        case (
            EventKind.SUMMARY
            | EventKind.CONTEXT
            | EventKind.RECALL
            | EventKind.PROMOTION
            | EventKind.FAILURE
            | EventKind.REDACTION
            | EventKind.ASK
            | EventKind.ANSWER
        ):
            return None
        case unreachable:
            assert_never(unreachable)


@dataclass(frozen=True, slots=True, kw_only=True)
class ParsedKind:
    """A stored kind read back: ``model:2`` is (MODEL, round 2), ``tool:2.1`` is (TOOL, round 2, call 1)."""

    kind: EventKind
    round_no: int = 0
    index: int = 0


def parse_kind(raw: str) -> ParsedKind:
    """The kind of a stored event. Raises ValueError for text that is no kind (a log only holds kinds
    written through :func:`model_kind`, :func:`tool_kind` or an :class:`EventKind` member)."""
    if ":" not in raw:
        kind = EventKind(raw)
        if kind in (EventKind.MODEL, EventKind.TOOL):
            raise ValueError(f"{raw!r} needs its round number")
        return ParsedKind(kind=kind)
    match = NUMBERED_EVENT.fullmatch(raw)
    if match is None:
        raise ValueError(f"not an event kind: {raw!r}")
    if match.group(1):
        return ParsedKind(kind=EventKind.MODEL, round_no=int(match.group(2)))
    return ParsedKind(kind=EventKind.TOOL, round_no=int(match.group(4)), index=int(match.group(5)))


def model_kind(round_no: int) -> str:
    """The stored kind of the model's tool-calling message of round ``round_no`` (1-based)."""
    return f"{EventKind.MODEL}:{round_no}"


def tool_kind(round_no: int, index: int) -> str:
    """The stored kind of the result of the ``index``-th tool call of round ``round_no``."""
    return f"{EventKind.TOOL}:{round_no}.{index}"


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
    def parsed_kind(self) -> ParsedKind:
        return parse_kind(self.kind)

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
