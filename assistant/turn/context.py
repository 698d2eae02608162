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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from assistant.errors import ContextTooLong
from assistant.events import Event, EventKind
from assistant.prompts import SUMMARY_HEADING, SUMMARY_INSTRUCTIONS
from assistant.turn.messages import turn_finished, turn_messages
from assistant.turn.tokens import Counter, message_hash
from assistant.turn.transcript import render_transcript
from assistant.turns import Message
from language.text import readable

Policy = Literal["full", "sliding", "summary-block"]
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


@dataclass(frozen=True, slots=True, kw_only=True)
class PreviousPrompt:
    """The previous model call's prompt, message by message: what this call's prompt is compared with to
    count the cache-stable prefix."""

    message_hashes: tuple[str, ...] = ()
    prefix_tokens: tuple[int, ...] = ()


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
    def as_previous(self) -> PreviousPrompt:
        return PreviousPrompt(message_hashes=self.message_hashes, prefix_tokens=self.prefix_tokens)

    @property
    def pressure(self) -> float:
        """Share of the usable budget (budget minus the reply reserve) taken by the prompt."""
        return self.prompt_tokens / max(1, self.budget - self.reserve)

    @property
    def pressure_text(self) -> str:
        """How full the window is, for a warning: "83% (8,300 of 10,000 tokens)"."""
        return f"{self.pressure:.0%} ({self.prompt_tokens:,} of {self.budget - self.reserve:,} tokens)"

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


def read_log(
    events: Sequence[Event],
    *,
    exclude_turn: str | None,
    clear_before_turn: int | None = None,
    summarised_messages: bool = True,
) -> LogView:
    """Group the log into turns around the latest summary event (a summary supersedes what came before it).

    ``summarised_messages=False``: the turns the summary replaced keep no messages (a summary-block window
    never shows them, and rendering them was most of the cost of reading a long thread on every turn)."""
    summary, summary_seq, ordered = _grouped(events, exclude_turn=exclude_turn)
    turns = []
    for position, (turn_id, turn_events) in enumerate(ordered):
        clear = clear_before_turn is not None and position < clear_before_turn
        first_seq = turn_events[0].seq
        shown = summarised_messages or first_seq > summary_seq
        messages = turn_messages(turn_events, clear_tool_results=clear) if shown else ()
        turns.append(Turn(turn_id, first_seq, messages, turn_finished(turn_events)))
    before = tuple(t for t in turns if t.first_seq < summary_seq)
    since = tuple(t for t in turns if t.first_seq > summary_seq)
    return LogView(summary, summary_seq, before, since)


def _grouped(
    events: Sequence[Event], *, exclude_turn: str | None
) -> tuple[str | None, int, list[tuple[str, list[Event]]]]:
    """The latest summary's text and seq, and the log's turns (each a user event and what followed it), in
    order: what :func:`read_log` renders, and all that :func:`summary_due` needs (without the rendering)."""
    summary, summary_seq = None, 0
    grouped: dict[str, list[Event]] = {}
    for event in events:
        if event.kind == EventKind.SUMMARY:
            summary, summary_seq = readable(str(event.body.get("text", ""))), event.seq
        elif event.turn_id != exclude_turn and (event.kind == EventKind.USER or event.turn_id in grouped):
            grouped.setdefault(event.turn_id, []).append(event)
    return summary, summary_seq, sorted(grouped.items(), key=lambda item: item[1][0].seq)


# -- when to summarise, what to clear ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryDue:
    """A summary is due: the events it will replace, and the summary it extends."""

    covered: tuple[Event, ...]
    previous: str | None
    previous_seq: int
    turns: int

    @property
    def covers_through_seq(self) -> int:
        return self.covered[-1].seq if self.covered else self.previous_seq

    def request(self) -> list[Message]:
        """The summary call's messages: instructions, then the covered transcript after the old summary."""
        transcript = render_transcript(self.covered)
        if self.previous:
            transcript = f"PREVIOUS SUMMARY: {self.previous}\n{transcript}"
        return [{"role": "system", "content": SUMMARY_INSTRUCTIONS}, {"role": "user", "content": transcript}]


def summary_due(events: Sequence[Event], *, current_turn: str, every: int) -> SummaryDue | None:
    """Due once ``every`` turns have completed since the latest summary (summary-block policy).

    Asked on every turn, so it groups the log without rendering a message: turning a few hundred events into
    model messages costs more than the rest of this check, and the window renders them once anyway."""
    summary, summary_seq, ordered = _grouped(events, exclude_turn=current_turn)
    done = sum(1 for _, turn in ordered if turn[0].seq > summary_seq and turn_finished(turn))
    if done < every:
        return None
    covered = tuple(e for e in events if e.seq > summary_seq and e.turn_id != current_turn)
    return SummaryDue(covered=covered, previous=summary, previous_seq=summary_seq, turns=done)


def tool_results_cleared_before(
    events: Sequence[Event], *, current_turn: str, every: int, enabled: bool
) -> int | None:
    """How many of the earliest turns show their tool results as a one-line stub instead of the payload
    (None: clearing is off).

    Clearing moves in steps of ``every`` turns, in line with the summaries, rather than one turn at a time: each
    step changes the prompt prefix once, so the cache-stable prefix survives between steps.
    """
    if not enabled:
        return None
    earlier = {e.turn_id for e in events if e.kind == EventKind.USER and e.turn_id != current_turn}
    return (len(earlier) // every) * every


def previous_prompt(events: Sequence[Event], *, current_turn: str) -> PreviousPrompt:
    """The latest earlier turn's prompt (from its ``context`` event), for the cache-stability count."""
    for event in reversed(events):
        if event.kind == EventKind.CONTEXT and event.turn_id != current_turn:
            return PreviousPrompt(
                message_hashes=tuple(event.body.get("message_hashes", ())),
                prefix_tokens=tuple(event.body.get("prefix_tokens", ())),
            )
    return PreviousPrompt()


def stable_head(messages: Sequence[Message]) -> int:
    """How many messages open the prompt as its cache-stable head: the leading system messages (system
    prompt, memory block, summary block, in that order; see :func:`assemble`). A provider that caches only
    at explicit breakpoints (Anthropic's ``cache_control``) is given one after each of them."""
    head = 0
    for message in messages:
        if message.get("role") != "system":
            break
        head += 1
    return head


SHRINK = 0.75  # a window the provider refused is retried at this share of the tokens it held


def shrunk_window(policy: Policy, refused: ContextStats) -> tuple[Policy, int]:
    """The policy and budget to retry with after the provider refused ``refused`` as too long: a quarter
    fewer prompt tokens (the reply's reserve kept), and a policy that can drop turns ("full" keeps every
    turn, so it becomes "sliding")."""
    budget = refused.reserve + int(refused.prompt_tokens * SHRINK)
    return ("sliding" if policy == "full" else policy), budget


# -- assembling one prompt -------------------------------------------------------------------------------------


def assemble(
    *,
    policy: Policy,
    system: str,
    memory_block: str | None,
    view: LogView,
    state_block: str | None,
    current: Sequence[Message],
    budget: int,
    reserve: int,
    count: Counter,
    previous: PreviousPrompt | None = None,
    digest: Callable[[Message], str] | None = None,
) -> tuple[list[Message], ContextStats]:
    """Build the message list for one model call and account for it (``digest``: :func:`message_hash` or a
    memoised equivalent, such as ``CachedCounter.digest``)."""
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
    summary = _summary_message(policy, view, count, room=usable - fixed)
    summary_tokens = count([summary]) if summary else 0
    if summary:
        head.append(summary)
    chosen = _window(policy, view, count, room=usable - fixed - summary_tokens)
    messages = head + [m for t in chosen for m in t.messages] + tail
    prompt_tokens = count(messages)
    if prompt_tokens > usable:
        raise ContextTooLong(f"the context needs {prompt_tokens} tokens; the budget allows {usable}")
    hashes, prefix = _fingerprint(messages, count, digest or message_hash)
    return messages, ContextStats(
        prompt_tokens=prompt_tokens,
        budget=budget,
        reserve=reserve,
        policy=policy,
        stable_prefix_tokens=_stable_prefix(hashes, prefix, previous or PreviousPrompt()),
        memory_tokens=memory_tokens,
        summary_tokens=summary_tokens,
        turns_in_window=len(chosen),
        turns_in_log=len(view.all_turns),
        message_hashes=hashes,
        prefix_tokens=prefix,
    )


def _summary_message(policy: Policy, view: LogView, count: Counter, *, room: int) -> Message | None:
    """The latest summary as a system message, under summary-block, if it fits in ``room``."""
    if policy != "summary-block" or not view.summary:
        return None
    message = {"role": "system", "content": f"{SUMMARY_HEADING}\n{view.summary}"}
    return message if count([message]) <= room else None


def _candidates(policy: Policy, view: LogView) -> tuple[Turn, ...]:
    """The earlier turns a window of ``policy`` chooses from, oldest first."""
    return view.turns_since_summary if policy == "summary-block" and view.summary else view.all_turns


def price_candidates(policy: Policy, view: LogView, count: Counter, *, budget: int) -> None:
    """Price the turns the window will choose from, newest first, up to ``budget`` tokens (no window holds
    more): a turn does this while recall runs, so its first prompt finds the counts cached."""
    for turn in reversed(_candidates(policy, view)):
        budget -= count(turn.messages)
        if budget < 0:
            return


def _window(policy: Policy, view: LogView, count: Counter, *, room: int) -> list[Turn]:
    """The earlier turns the policy admits: all of them (full), or the newest that fit in ``room``."""
    candidates = _candidates(policy, view)
    if policy == "full":
        return list(candidates)
    chosen: list[Turn] = []
    for turn in reversed(candidates):  # newest first: recency beats age when something must go
        cost = count(turn.messages)
        if cost > room:
            break
        chosen.append(turn)
        room -= cost
    chosen.reverse()
    return chosen


def _fingerprint(
    messages: Sequence[Message], count: Counter, digest: Callable[[Message], str]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Each message's hash and the prompt's token count up to and including it."""
    base = count([])
    running = base
    prefix: list[int] = []
    for message in messages:  # counts are additive (see CachedCounter), so prefixes are running sums
        running += count([message]) - base
        prefix.append(running)
    return tuple(digest(m) for m in messages), tuple(prefix)


def _stable_prefix(hashes: Sequence[str], prefix: Sequence[int], previous: PreviousPrompt) -> int:
    """Tokens at the start of this prompt that are byte-identical to the previous call's prompt, in whole
    messages (a provider cache matches on a prefix; we count conservatively per message)."""
    same = 0
    for mine, theirs in zip(hashes, previous.message_hashes, strict=False):
        if mine != theirs:
            break
        same += 1
    if same == 0:
        return 0
    if not previous.prefix_tokens:
        return prefix[same - 1]
    return min(prefix[same - 1], previous.prefix_tokens[same - 1])
