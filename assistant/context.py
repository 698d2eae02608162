"""Turning the thread log into the model's context: window policies, fixed ordering, token budget.

Order, stable part first so provider prompt caches can reuse it:

    system prompt → long-term memory block (≤ half the budget) → summary → earlier turns → current turn
    → trip state

Room for the current turn and for the reply is reserved before anything else is admitted, and the budget is
asserted before the model is called. The trip state is the one part that changes whenever a tool result moves
the trip, so it goes last: anywhere earlier, each change would invalidate the cached prefix from that point
on (measured: placing it after the summary cost the full buffer a quarter of its cache hits). At the end it
costs only its own few tokens per call.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from assistant.errors import ContextTooLong
from assistant.events import ASSISTANT, SUMMARY, USER, Event, is_model_kind, is_tool_kind
from assistant.prompts import SUMMARY_HEADING

Message = dict[str, Any]
Policy = Literal["full", "sliding", "summary-block"]
Counter = Callable[[Sequence[Message]], int]
PRESSURE_WARNING = 0.75


@dataclass(frozen=True, slots=True)
class Turn:
    """One completed (or abandoned) turn of the log, as model messages."""

    turn_id: str
    first_seq: int
    messages: tuple[Message, ...]
    complete: bool


@dataclass(frozen=True, slots=True)
class LogView:
    """What a window policy needs from the log: the latest summary and the turns around it."""

    summary: str | None
    summary_seq: int
    turns_before_summary: tuple[Turn, ...]
    turns_since_summary: tuple[Turn, ...]

    @property
    def all_turns(self) -> tuple[Turn, ...]:
        return self.turns_before_summary + self.turns_since_summary


@dataclass(frozen=True, slots=True)
class ContextStats:
    prompt_tokens: int
    budget: int
    reserve: int
    policy: str
    stable_prefix_tokens: int
    memory_tokens: int
    summary_tokens: int
    turns_in_window: int
    turns_in_log: int
    message_hashes: tuple[str, ...]
    prefix_tokens: tuple[int, ...]

    @property
    def pressure(self) -> float:
        """Share of the usable budget (budget minus the reply reserve) taken by the prompt."""
        return self.prompt_tokens / max(1, self.budget - self.reserve)

    def to_json(self) -> dict[str, Any]:
        return {
            "prompt_tokens": self.prompt_tokens,
            "budget": self.budget,
            "reserve": self.reserve,
            "pressure": round(self.pressure, 4),
            "policy": self.policy,
            "stable_prefix_tokens": self.stable_prefix_tokens,
            "memory_tokens": self.memory_tokens,
            "summary_tokens": self.summary_tokens,
            "turns_in_window": self.turns_in_window,
            "turns_in_log": self.turns_in_log,
            "message_hashes": list(self.message_hashes),
            "prefix_tokens": list(self.prefix_tokens),
        }


class CachedCounter:
    """Token counts per message, memoised by content hash.

    A chat token count is additive: a fixed priming cost plus each message's own tokens (checked for
    litellm's counter: count([a, b]) == count([a]) + count([b]) - 3). So the window policy can price
    hundreds of candidate turns from a cache instead of re-tokenising the whole log on every call; the sum is
    the counter's own total for the whole prompt (a test holds litellm to this), so the budget assertion
    stays exact.
    """

    PRIMING = 3

    def __init__(self, exact: Counter, max_entries: int = 50_000) -> None:
        self.exact = exact
        self.max_entries = max_entries
        self._cache: dict[str, int] = {}

    def one(self, message: Message) -> int:
        key = message_hash(message)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= self.max_entries:
                self._cache.clear()
            found = self._cache[key] = self.exact([message]) - self.PRIMING
        return found

    def __call__(self, messages: Sequence[Message]) -> int:
        return self.PRIMING + sum(self.one(m) for m in messages)


def message_hash(message: Message) -> str:
    return hashlib.sha256(json.dumps(message, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def tool_message(event: Event, *, cleared: bool = False) -> Message:
    body = event.body
    payload = body.get("result") if body.get("ok") else {"error": body.get("error", "tool failed")}
    content = json.dumps(payload, ensure_ascii=False, sort_keys=True)
    if cleared:
        content = json.dumps(
            {"cleared": f"{body.get('name')} result removed from context; see log event {event.seq}"}
        )
    return {
        "role": "tool",
        "tool_call_id": body.get("call_id", ""),
        "name": body.get("name", ""),
        "content": content,
    }


def model_message(event: Event) -> Message:
    calls = [
        {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
        for c in event.body.get("tool_calls", [])
    ]
    return {"role": "assistant", "content": event.body.get("text") or None, "tool_calls": calls}


def turn_messages(events: Sequence[Event], *, clear_tool_results: bool = False) -> tuple[Message, ...]:
    """Model messages of one turn's events. An unfinished turn keeps only its user message: half a tool
    exchange (a call without its result) is not a valid conversation for any provider."""
    complete = any(e.kind == ASSISTANT for e in events)
    out: list[Message] = []
    for event in events:
        if event.kind == USER:
            out.append({"role": "user", "content": event.text})
        elif not complete:
            continue
        elif is_model_kind(event.kind):
            out.append(model_message(event))
        elif is_tool_kind(event.kind):
            out.append(tool_message(event, cleared=clear_tool_results))
        elif event.kind == ASSISTANT:
            out.append({"role": "assistant", "content": event.text})
    return tuple(out)


def read_log(
    events: Sequence[Event], *, exclude_turn: str | None, clear_before_turn: int | None = None
) -> LogView:
    """Group the log into turns around the latest summary event (a summary supersedes what came before it)."""
    summary, summary_seq = None, 0
    grouped: dict[str, list[Event]] = {}
    for event in events:
        if event.kind == SUMMARY:
            summary, summary_seq = str(event.body.get("text", "")), event.seq
        elif event.turn_id != exclude_turn and (event.kind == USER or event.turn_id in grouped):
            grouped.setdefault(event.turn_id, []).append(event)
    turns = []
    ordered = sorted(grouped.items(), key=lambda item: item[1][0].seq)
    for position, (turn_id, turn_events) in enumerate(ordered):
        clear = clear_before_turn is not None and position < clear_before_turn
        turns.append(
            Turn(
                turn_id,
                turn_events[0].seq,
                turn_messages(turn_events, clear_tool_results=clear),
                any(e.kind == ASSISTANT for e in turn_events),
            )
        )
    before = tuple(t for t in turns if t.first_seq < summary_seq)
    since = tuple(t for t in turns if t.first_seq > summary_seq)
    return LogView(summary, summary_seq, before, since)


def assemble(
    *,
    policy: Policy,
    system: str,
    memory_block: str | None,
    log: LogView,
    state_block: str | None,
    current: Sequence[Message],
    budget: int,
    reserve: int,
    count: Counter,
    previous_hashes: Sequence[str] = (),
    previous_prefix_tokens: Sequence[int] = (),
) -> tuple[list[Message], ContextStats]:
    """Build the message list for one model call and account for it."""
    usable = budget - reserve
    head: list[Message] = [{"role": "system", "content": system}]
    memory_tokens = 0
    if memory_block:
        head.append({"role": "system", "content": memory_block})
        memory_tokens = count([head[-1]])
    tail: list[Message] = list(current)
    if state_block:
        tail.append({"role": "system", "content": state_block})
    fixed = count(head + tail)
    if fixed > usable:
        raise ContextTooLong(f"the current turn needs {fixed} tokens; the budget allows {usable}")

    summary_tokens = 0
    if policy == "summary-block" and log.summary:
        summary_msg = {"role": "system", "content": f"{SUMMARY_HEADING}\n{log.summary}"}
        cost = count([summary_msg])
        if fixed + cost <= usable:
            head.append(summary_msg)
            summary_tokens = cost
            fixed += cost
    candidates = log.turns_since_summary if policy == "summary-block" and log.summary else log.all_turns
    chosen: list[Turn] = []
    if policy == "full":
        chosen = list(candidates)
    else:
        room = usable - fixed
        for turn in reversed(candidates):  # newest first: recency beats age when something must go
            cost = count(turn.messages)
            if cost > room:
                break
            chosen.append(turn)
            room -= cost
        chosen.reverse()
    messages = head + [m for t in chosen for m in t.messages] + tail
    prompt_tokens = count(messages)
    if prompt_tokens > usable:
        raise ContextTooLong(f"the context needs {prompt_tokens} tokens; the budget allows {usable}")
    hashes = tuple(message_hash(m) for m in messages)
    prefix: list[int] = []
    base = count([])
    running = base
    for message in messages:  # counts are additive (see CachedCounter), so prefixes are running sums
        running += count([message]) - base
        prefix.append(running)
    stable = _stable_prefix(hashes, prefix, previous_hashes, previous_prefix_tokens)
    stats = ContextStats(
        prompt_tokens=prompt_tokens,
        budget=budget,
        reserve=reserve,
        policy=policy,
        stable_prefix_tokens=stable,
        memory_tokens=memory_tokens,
        summary_tokens=summary_tokens,
        turns_in_window=len(chosen),
        turns_in_log=len(log.all_turns),
        message_hashes=hashes,
        prefix_tokens=tuple(prefix),
    )
    return messages, stats


def _stable_prefix(
    hashes: Sequence[str], prefix: Sequence[int], previous: Sequence[str], previous_prefix: Sequence[int]
) -> int:
    """Tokens at the start of this prompt that are byte-identical to the previous call's prompt, in whole
    messages (a provider cache matches on a prefix; we count conservatively per message)."""
    same = 0
    for mine, theirs in zip(hashes, previous, strict=False):
        if mine != theirs:
            break
        same += 1
    if same == 0:
        return 0
    return min(prefix[same - 1], previous_prefix[same - 1]) if previous_prefix else prefix[same - 1]
