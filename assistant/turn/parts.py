"""What the turn engine is built from and what it reads back: its settings, dependencies and UI hooks, the
check a message passes before anything is written, and the conversions between a turn's logged events and the
records and results the engine returns (a resumed or replayed turn is rebuilt from these alone).

Kept apart from ``assistant.turn.engine`` so the engine module holds only the turn's control flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.errors import InvalidInput
from assistant.events import AppendResult, Event, EventKind, NewEvent, model_kind, tool_kind
from assistant.facts.recall import Recall, Recaller
from assistant.faults import crash_point
from assistant.model.llm import ChatModel
from assistant.ports import Directory, ThreadLog
from assistant.probe import NO_PROBE, Probe
from assistant.state import TripState
from assistant.turn.context import ContextStats, LogView, Policy, PreviousPrompt
from assistant.turn.tokens import Pricer
from assistant.turn.tools import ToolContext, ToolRunner
from assistant.turns import Message, ModelReply, ToolCall, ToolCallRecord, TurnRequest, TurnResult, Usage
from language.secrets.mask import SecretKind
from language.text import text_problem


@dataclass(frozen=True, slots=True)
class EngineSettings:
    policy: Policy = "summary-block"
    summary_every: int = 8
    budget_tokens: int = 12000
    reply_reserve_tokens: int = 1000
    max_message_chars: int = 4000
    max_rounds: int = 4
    clear_old_tool_results: bool = True


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


@dataclass(kw_only=True)
class EngineDeps:
    thread_log: ThreadLog
    directory: Directory
    model: ChatModel
    tools: ToolRunner
    recaller: Recaller | None
    settings: EngineSettings = field(default_factory=EngineSettings)
    probe: Probe = NO_PROBE  # times window assembly (telemetry); the other phases are observed via the deps


@dataclass
class WorkingTurn:
    """One turn's working state between model rounds. Everything in it is derived from the log read at the
    start of the turn plus what this turn has appended since, so a resumed turn rebuilds it identically."""

    req: TurnRequest
    view: LogView  # earlier turns, grouped for the window policy
    logged: dict[str, Event]  # this turn's events already in the log, by stored kind (a resumed turn's steps)
    block: str | None  # the long-term memory block shown to the model
    recall: Recall | None
    state: TripState
    current: list[Message]  # the current turn's messages so far: user, then model and tool messages per round
    previous: PreviousPrompt  # the previous model call's prompt, for the cache-stable prefix count
    # Prices the turn's prompts: one per turn, so the messages every round shows again (the earlier turns) are
    # keyed once, not once per round (see ``Pricer``; nothing changes a message once it is in a prompt).
    pricer: Pricer
    records: list[ToolCallRecord] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    stats: ContextStats | None = None
    masked: tuple[SecretKind, ...] = ()  # kinds of secrets masked out of the user's message
    user_seq: int = 0  # this turn's user event: a concurrent delivery's events come after it
    # Events that need not be durable on their own (recall): written in the same transaction as the next
    # event that must be (a model step, before its tools run) or with the turn's context and reply.
    pending: list[NewEvent] = field(default_factory=list)


def validate_message(text: str, *, max_chars: int) -> str:
    """Reject empty, oversized and unencodable input before anything is written: control characters, lone
    surrogates (invalid UTF-8 from a command line, a browser's broken pair) and Unicode non-characters. Text
    like that, once logged, would break every later turn of the thread (hashing, the provider's JSON)."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("the message is empty")
    if len(text) > max_chars:
        raise InvalidInput(f"the message is too long ({len(text)} characters; the limit is {max_chars})")
    problem = text_problem(text)
    if problem is not None:
        raise InvalidInput(problem)
    return text.strip()


def thread_title(text: str) -> str:
    """A new thread's title: the first line of its first message, shortened."""
    first = text.strip().splitlines()[0]
    return first if len(first) <= 60 else first[:57].rstrip() + "..."


def model_body(reply: ModelReply) -> dict[str, Any]:
    return {
        "text": reply.text,
        "tool_calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in reply.tool_calls],
        "usage": reply.usage.to_json(),
    }


def logged_reply(event: Event, model_name: str) -> ModelReply:
    """A model round as logged in its ``model:N`` event (its usage was counted when it ran)."""
    calls = tuple(
        ToolCall(id=c["id"], name=c["name"], arguments=c["arguments"]) for c in event.body["tool_calls"]
    )
    return ModelReply(
        text=str(event.body.get("text") or ""), tool_calls=calls, usage=Usage(), model=model_name
    )


def logged_record(event: Event) -> ToolCallRecord:
    """A tool call as logged in its ``tool:R.I`` event."""
    parsed, body = event.parsed_kind, event.body
    return ToolCallRecord(
        round_no=parsed.round_no,
        index=parsed.index,
        call_id=str(body.get("call_id", "")),
        name=str(body.get("name", "")),
        arguments=str(body.get("arguments", "")),
        ok=bool(body.get("ok")),
        result=dict(body.get("result") or {"error": body.get("error")}),
    )


def replayed_result(req: TurnRequest, mine: Sequence[Event], state: TripState) -> TurnResult:
    records = [logged_record(e) for e in mine if e.parsed_kind.kind is EventKind.TOOL]
    reply = next(e for e in mine if e.kind == EventKind.ASSISTANT)
    said = next(e for e in mine if e.kind == EventKind.USER)
    context = next((dict(e.body) for e in mine if e.kind == EventKind.CONTEXT), {})
    usage = reply.body.get("usage") or {}
    return TurnResult(
        thread_id=req.thread,
        turn_id=req.turn,
        reply=reply.text,
        replayed=True,
        tool_calls=tuple(records),
        usage=Usage.from_json(usage),
        context=context,
        memory_block=None,
        recall_path="replayed",
        state=state,
        user_text=said.text,
        masked=tuple(said.body.get("masked", ())),
    )


def finished_result(turn: WorkingTurn, reply: Event, context: dict[str, Any]) -> TurnResult:
    """What a turn that ran returns: its logged reply (a concurrent delivery's, if that one finished first)."""
    req = turn.req
    return TurnResult(
        thread_id=req.thread,
        turn_id=req.turn,
        reply=reply.text,
        replayed=False,
        tool_calls=tuple(turn.records),
        usage=turn.usage,
        context=context,
        memory_block=turn.block,
        recall_path=turn.recall.path if turn.recall else "none",
        state=turn.state,
        user_text=turn.current[0]["content"],
        masked=turn.masked,
    )


def previous_user_message(directory: Directory, thread_log: ThreadLog, req: TurnRequest) -> Event | None:
    """The user's last (masked) message before this turn in their own thread, or None.

    The masker reads it to catch a card number split over two messages; another user's thread is never read.
    """
    if directory.get_thread(req.user, req.thread) is None:
        return None
    said = [e for e in thread_log.events(req.thread) if e.kind == EventKind.USER and e.turn_id != req.turn]
    return said[-1] if said else None


def correct_split_secret(
    directory: Directory, thread_log: ThreadLog, req: TurnRequest, title: str, previous: Event, earlier: str
) -> None:
    """The secret this turn's message completes began in ``previous``: mask its first part where it was
    logged (``earlier`` is that message re-masked), and in the thread's title if that message named it."""
    if thread_log.remask(
        req.thread, previous.turn_id, was=previous.text, text=earlier
    ) and title == thread_title(previous.text):
        directory.rename_thread(req.user, req.thread, thread_title(earlier))


def finish_unless_stepped(
    thread_log: ThreadLog, turn: WorkingTurn, kind: str, group: Sequence[NewEvent]
) -> tuple[Event | None, list[AppendResult]]:
    """The end of a turn whose last answer was text only, in one worker hand-off: this turn's ``kind`` step if
    a concurrent delivery logged one since the turn opened (then nothing is appended, and the step is to be
    adopted), else the results of appending ``group`` in one transaction. Events found are remembered in
    ``turn.logged``, so a step to be adopted finds its logged tool results too.

    Usually one transaction that finds no such step and nothing else of the group logged; only when it finds
    one is the log read (another delivery of the same turn, at the same time: rare)."""
    appended = thread_log.append_many(group, only_if_new=True, unless_logged=(kind,))
    if appended:
        return None, appended
    found = [
        e for e in thread_log.events(turn.req.thread, after_seq=turn.user_seq) if e.turn_id == turn.req.turn
    ]
    for event in found:
        turn.logged.setdefault(event.kind, event)
    stepped = next((e for e in found if e.kind == kind), None)
    return (stepped, []) if stepped is not None else (None, thread_log.append_many(group))


def tool_context(req: TurnRequest, round_no: int, index: int) -> ToolContext:
    return ToolContext(
        user=req.user, thread=req.thread, turn=req.turn, round_no=round_no, index=index, now=req.now
    )


def _ran(tools: ToolRunner, call: ToolCall, ctx: ToolContext) -> NewEvent:
    """Run one tool call; its result as the event to log."""
    outcome = tools.run(call.name, call.arguments, ctx)
    crash_point(f"turn.tool_ran:{ctx.round_no}.{ctx.index}")
    kind = tool_kind(ctx.round_no, ctx.index)
    return NewEvent(ctx.thread, ctx.turn, kind, outcome.logged_body(call), ctx.now)


def run_and_log(tools: ToolRunner, thread_log: ThreadLog, call: ToolCall, ctx: ToolContext) -> Event:
    """Run one tool and log its result, in one worker thread (one hand-off instead of two). The logged event
    is returned: if a concurrent delivery logged this call's result first, that one."""
    return thread_log.append(_ran(tools, call, ctx)).event


def run_then_log_step(
    tools: ToolRunner, thread_log: ThreadLog, turn: WorkingTurn, round_no: int, reply: ModelReply
) -> list[Event]:
    """A model step whose calls only read, run first and then logged with their results (and anything held
    back) in one transaction: one commit for the round instead of one for the step and one per result.

    Running them before the step is durable changes nothing (the tools only read), and nothing is acted on
    before the commit: a crash in between leaves no trace of the step, and the retry calls the model again.
    Empty when another delivery of the turn logged any of these keys first: the group is then not appended
    at all, so a result can never be logged under a step it does not belong to (see ``only_if_new``)."""
    req = turn.req
    group = [*turn.pending, NewEvent(req.thread, req.turn, model_kind(round_no), model_body(reply), req.now)]
    for index, call in enumerate(reply.tool_calls, 1):
        group.append(_ran(tools, call, tool_context(req, round_no, index)))
    results = thread_log.append_many(group, only_if_new=True)
    return [r.event for r in results[len(turn.pending) :]]
