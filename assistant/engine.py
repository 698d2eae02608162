"""One conversation turn, with the thread log as the source of truth.

The turn touches memory at four points: the user message is appended before anything else (so a crash after
that point can be resumed); the window policy turns the log into context; recall adds the user's long-term
facts as a separate block; every model step and tool result is appended before it is acted on. Promotion runs
later, outside the turn.

Resuming is replay: a retried turn id finds its steps in the log and continues from the first missing one. A
finished turn returns its logged reply and writes nothing; a logged tool result is reused, never re-executed.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from assistant.context import (
    PRESSURE_WARNING,
    CachedCounter,
    ContextStats,
    Message,
    Policy,
    assemble,
    model_message,
    read_log,
    tool_message,
)
from assistant.errors import InvalidInput, ModelError, TurnConflict
from assistant.events import (
    ASSISTANT,
    CONTEXT,
    FAILURE,
    RECALL,
    SUMMARY,
    USER,
    Event,
    NewEvent,
    is_tool_kind,
    model_kind,
    tool_kind,
)
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.llm import ChatModel, ModelReply, ToolCall, Usage
from assistant.ports import Directory, ThreadLog
from assistant.promotion import render_transcript
from assistant.prompts import SUMMARY_INSTRUCTIONS, SUMMARY_SCHEMA_NAME, system_prompt
from assistant.recall import Recall, Recaller, render_block
from assistant.state import TripState
from assistant.summary import SummaryOutput
from assistant.tools import ToolContext, ToolRunner

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class EngineSettings:
    policy: Policy = "summary-block"
    summary_every: int = 8
    budget_tokens: int = 12000
    reply_reserve_tokens: int = 1000
    max_message_chars: int = 4000
    max_rounds: int = 4
    clear_old_tool_results: bool = True


@dataclass(frozen=True, slots=True)
class TurnRequest:
    user: UserId
    thread: ThreadId
    turn: TurnId
    text: str
    now: datetime


@dataclass(frozen=True, slots=True)
class ToolCallRecord:
    round_no: int
    index: int
    call_id: str
    name: str
    arguments: str
    ok: bool
    result: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "index": self.index,
            "call_id": self.call_id,
            "name": self.name,
            "arguments": self.arguments,
            "ok": self.ok,
            "result": self.result,
        }


@dataclass(frozen=True, slots=True)
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


class TurnObserver(Protocol):
    """Optional live hooks for a UI; the engine works the same without them."""

    async def recalled(self, recall: Recall, block: str | None) -> None: ...
    async def token(self, text: str) -> None: ...
    async def tool_started(self, call: ToolCall) -> None: ...
    async def tool_finished(self, record: ToolCallRecord) -> None: ...
    async def context(self, stats: ContextStats) -> None: ...


class SilentObserver:
    async def recalled(self, recall: Recall, block: str | None) -> None:
        return None

    async def token(self, text: str) -> None:
        return None

    async def tool_started(self, call: ToolCall) -> None:
        return None

    async def tool_finished(self, record: ToolCallRecord) -> None:
        return None

    async def context(self, stats: ContextStats) -> None:
        return None


@dataclass
class EngineDeps:
    log: ThreadLog
    directory: Directory
    model: ChatModel
    tools: ToolRunner
    recaller: Recaller | None
    settings: EngineSettings = field(default_factory=EngineSettings)


def validate_message(text: str, *, max_chars: int) -> str:
    """Reject empty, oversized and control-character input before anything is written."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("the message is empty")
    if len(text) > max_chars:
        raise InvalidInput(f"the message is too long ({len(text)} characters; the limit is {max_chars})")
    if any(unicodedata.category(ch) == "Cc" and ch not in "\n\t\r" for ch in text):
        raise InvalidInput("the message contains control characters")
    return text.strip()


def _title(text: str) -> str:
    first = text.strip().splitlines()[0]
    return first if len(first) <= 60 else first[:57].rstrip() + "..."


class Engine:
    def __init__(self, deps: EngineDeps) -> None:
        self.deps = deps
        self.counter = CachedCounter(deps.model.count_tokens)

    async def run_turn(self, req: TurnRequest, observer: TurnObserver | None = None) -> TurnResult:
        d, s = self.deps, self.deps.settings
        obs = observer or SilentObserver()
        text = validate_message(req.text, max_chars=s.max_message_chars)
        d.directory.ensure_user(req.user, now=req.now)
        thread = d.directory.open_thread(req.user, req.thread, now=req.now)
        appended = d.log.append(NewEvent(req.thread, req.turn, USER, {"text": text}, req.now))
        if not appended.inserted and appended.event.text != text:
            raise TurnConflict(f"turn {req.turn} was already used for a different message")
        if not thread.title:
            d.directory.rename_thread(req.user, req.thread, _title(text))
        events = d.log.events(req.thread)
        mine = [e for e in events if e.turn_id == req.turn]
        if any(e.kind == ASSISTANT for e in mine):
            return _replayed(req, mine, TripState.from_events(events))
        try:
            return await self._continue(req, text, events, obs)
        except ModelError as exc:
            d.log.append(
                NewEvent(
                    req.thread,
                    req.turn,
                    FAILURE,
                    {"error": type(exc).__name__, "message": exc.user_message()},
                    req.now,
                )
            )
            raise

    async def _continue(
        self, req: TurnRequest, text: str, events: list[Event], obs: TurnObserver
    ) -> TurnResult:
        d, s = self.deps, self.deps.settings
        if s.policy == "summary-block":
            events = await self._maybe_summarise(req, events)
        state = TripState.from_events(events)
        block, recall = await self._recall(req, text, obs)
        previous = _previous_context(events, req.turn)
        n_turns = len({e.turn_id for e in events if e.kind == USER and e.turn_id != req.turn})
        clear_before = (n_turns // s.summary_every) * s.summary_every if s.clear_old_tool_results else None
        view = read_log(events, exclude_turn=req.turn, clear_before_turn=clear_before)
        mine = {e.kind: e for e in events if e.turn_id == req.turn}
        current: list[Message] = [{"role": "user", "content": text}]
        records: list[ToolCallRecord] = []
        usage = Usage(0, 0)
        stats: ContextStats | None = None
        final: ModelReply | None = None
        for round_no in range(1, s.max_rounds + 1):
            logged = mine.get(model_kind(round_no))
            if logged is not None:
                calls = tuple(ToolCall(c["id"], c["name"], c["arguments"]) for c in logged.body["tool_calls"])
                reply = ModelReply(str(logged.body.get("text") or ""), calls, Usage(0, 0), d.model.model_name)
            else:
                messages, stats = assemble(
                    policy=s.policy,
                    system=system_prompt(req.now),
                    memory_block=block,
                    log=view,
                    state_block=None if state.is_empty else state.render(),
                    current=current,
                    budget=s.budget_tokens,
                    reserve=s.reply_reserve_tokens,
                    count=self.counter,
                    previous_hashes=previous[0],
                    previous_prefix_tokens=previous[1],
                )
                if stats.pressure >= PRESSURE_WARNING:
                    log.warning(
                        "context pressure %.0f%% in thread %s (%d of %d tokens)",
                        stats.pressure * 100,
                        req.thread,
                        stats.prompt_tokens,
                        s.budget_tokens - s.reply_reserve_tokens,
                    )
                await obs.context(stats)
                last_round = round_no == s.max_rounds
                reply = await d.model.complete(
                    messages, tools=None if last_round else d.tools.specs(), on_token=obs.token
                )
                usage = usage + reply.usage
                previous = (stats.message_hashes, stats.prefix_tokens)
                if reply.tool_calls:
                    logged = d.log.append(
                        NewEvent(
                            req.thread,
                            req.turn,
                            model_kind(round_no),
                            {
                                "text": reply.text,
                                "tool_calls": [
                                    {"id": c.id, "name": c.name, "arguments": c.arguments}
                                    for c in reply.tool_calls
                                ],
                                "usage": reply.usage.to_json(),
                            },
                            req.now,
                        )
                    ).event
            if not reply.tool_calls:
                final = reply
                break
            # The current turn is shown to the model exactly as later turns will show it (same builders, same
            # logged events), so this call's prompt stays a byte-identical prefix of the next one.
            assert logged is not None
            current.append(model_message(logged))
            for index, call in enumerate(reply.tool_calls, 1):
                event = await self._tool(req, round_no, index, call, mine, obs)
                record = _record(event)
                records.append(record)
                state = state.apply(call.name, record.result) if record.ok else state
                current.append(tool_message(event))
        if final is None:  # unreachable: the last round is called without tools
            raise ModelError("the model kept calling tools")
        context = {
            **(stats.to_json() if stats else {}),
            "usage": usage.to_json(),
        }
        d.log.append(NewEvent(req.thread, req.turn, CONTEXT, context, req.now))
        d.log.append(
            NewEvent(
                req.thread,
                req.turn,
                ASSISTANT,
                {
                    "text": final.text,
                    "model": final.model,
                    "usage": usage.to_json(),
                },
                req.now,
            )
        )
        return TurnResult(
            req.thread,
            req.turn,
            final.text,
            False,
            tuple(records),
            usage,
            context,
            block,
            recall.path if recall else "none",
            state,
        )

    async def _tool(
        self,
        req: TurnRequest,
        round_no: int,
        index: int,
        call: ToolCall,
        mine: dict[str, Event],
        obs: TurnObserver,
    ) -> Event:
        """The logged result of one tool call: reused if logged, else run, logged, then returned."""
        logged = mine.get(tool_kind(round_no, index))
        if logged is not None:  # resumed turn: the logged result is the truth, the tool is not called again
            return logged
        await obs.tool_started(call)
        ctx = ToolContext(req.user, req.thread, req.turn, round_no, index, req.now)
        outcome = self.deps.tools.run(call.name, call.arguments, ctx)
        body: dict[str, Any] = {
            "call_id": call.id,
            "name": call.name,
            "arguments": call.arguments,
            "ok": outcome.ok,
        }
        if outcome.ok:
            body["result"] = outcome.result
        else:
            body["error"] = outcome.result.get("error", "tool failed")
        stored = self.deps.log.append(
            NewEvent(req.thread, req.turn, tool_kind(round_no, index), body, req.now)
        )
        await obs.tool_finished(_record(stored.event))
        return stored.event  # first write wins if a concurrent retry got there first

    async def _recall(
        self, req: TurnRequest, text: str, obs: TurnObserver
    ) -> tuple[str | None, Recall | None]:
        d, s = self.deps, self.deps.settings
        if d.recaller is None:
            return None, None
        recall = d.recaller.recall(UserScope(req.user), text, now=req.now)

        def count_text(block_text: str) -> int:
            return self.counter([{"role": "system", "content": block_text}])

        block, shown = render_block(
            recall, now=req.now, cap_tokens=s.budget_tokens // 2, count_text=count_text
        )
        d.log.append(
            NewEvent(
                req.thread,
                req.turn,
                RECALL,
                {"path": recall.path, "fact_ids": shown, "total_current": recall.total_current},
                req.now,
            )
        )
        await obs.recalled(recall, block)
        return block, recall

    async def _maybe_summarise(self, req: TurnRequest, events: list[Event]) -> list[Event]:
        d, s = self.deps, self.deps.settings
        view = read_log(events, exclude_turn=req.turn)
        done = [t for t in view.turns_since_summary if t.complete]
        if len(done) < s.summary_every:
            return events
        covered = [e for e in events if e.seq > view.summary_seq and e.turn_id != req.turn]
        transcript = render_transcript(covered)
        if view.summary:
            transcript = f"PREVIOUS SUMMARY: {view.summary}\n{transcript}"
        out = await d.model.structured(
            [{"role": "system", "content": SUMMARY_INSTRUCTIONS}, {"role": "user", "content": transcript}],
            SummaryOutput,
            name=SUMMARY_SCHEMA_NAME,
        )
        d.log.append(
            NewEvent(
                req.thread,
                req.turn,
                SUMMARY,
                {
                    "text": out.render(),
                    "covers_through_seq": covered[-1].seq if covered else view.summary_seq,
                    "turns": len(done),
                    "decisions": out.decisions,
                    "open_loops": out.open_loops,
                },
                req.now,
            )
        )
        return d.log.events(req.thread)


def _previous_context(events: Sequence[Event], turn: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Message hashes and prefix sizes of the latest earlier turn's prompt (for the cache-stability count)."""
    for event in reversed(events):
        if event.kind == CONTEXT and event.turn_id != turn:
            return tuple(event.body.get("message_hashes", ())), tuple(event.body.get("prefix_tokens", ()))
    return (), ()


def _record(event: Event) -> ToolCallRecord:
    """A tool call as logged in its ``tool:R.I`` event."""
    round_no, index = (int(x) for x in event.kind.split(":", 1)[1].split("."))
    body = event.body
    return ToolCallRecord(
        round_no,
        index,
        str(body.get("call_id", "")),
        str(body.get("name", "")),
        str(body.get("arguments", "")),
        bool(body.get("ok")),
        dict(body.get("result") or {"error": body.get("error")}),
    )


def _replayed(req: TurnRequest, mine: Sequence[Event], state: TripState) -> TurnResult:
    records = [_record(e) for e in mine if is_tool_kind(e.kind)]
    reply = next(e for e in mine if e.kind == ASSISTANT)
    context = next((dict(e.body) for e in mine if e.kind == CONTEXT), {})
    usage = reply.body.get("usage") or {}
    return TurnResult(
        req.thread,
        req.turn,
        reply.text,
        True,
        tuple(records),
        Usage(int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))),
        context,
        None,
        "replayed",
        state,
    )
