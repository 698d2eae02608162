"""The observing wrappers the composition root puts around the engine's and the jobs' dependencies.

Each wraps one dependency and adds a span, a metric, or the log context; behaviour is unchanged (results and
exceptions pass through as they are). What each span carries is listed in ``travel_assistant.ops.telemetry``.

Span tree of a turn (``turn`` is the root; the children in the order a fresh two-round turn makes them)::

    turn
    ├── append            event.kind=user
    ├── recall            recall.path=keyed|hybrid|none
    ├── append            event.kind=recall
    ├── window
    ├── model             model.round=1, tool_calls=1
    ├── append            event.kind=model:1
    ├── tool              tool.name=search_flights, tool.ok
    ├── append            event.kind=tool:1.1
    ├── window
    ├── model             model.round=2
    ├── append            event.kind=context
    └── append            event.kind=assistant
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any, TypeVar

from opentelemetry import trace
from opentelemetry.trace import Span, Status, StatusCode

from assistant.errors import ModelError
from assistant.events import AppendResult, Event, EventKind, NewEvent
from assistant.facts.recall import Recall, Recaller, RecallSettings, VersionedSearch
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.model.delegate import DelegatingModel
from assistant.model.llm import ChatModel, TokenSink
from assistant.promotion import Promoter, PromotionItem, PromotionReport
from assistant.turn.engine import Engine
from assistant.turn.parts import EngineDeps, TurnObserver
from assistant.turn.tools import ToolOutcome, ToolRunner
from assistant.turns import Message, ModelReply, ToolContext, TurnRequest, TurnResult
from memory.claims import SqlJobRuns
from memory.db import Database
from memory.registry import ErasureReport, UserDataRegistry
from travel_assistant.ops.logs import log_context
from travel_assistant.ops.telemetry import Telemetry

M = TypeVar("M")


class ObservedEngine(Engine):
    """The engine with a ``turn`` span, the turn's log context, and the per-turn histograms."""

    def __init__(self, deps: EngineDeps, telemetry: Telemetry) -> None:
        super().__init__(deps)
        self.telemetry = telemetry

    async def run_turn(self, req: TurnRequest, observer: TurnObserver | None = None) -> TurnResult:
        tel = self.telemetry
        started = time.perf_counter()
        outcome = "error"
        with tel.turn(turn_id=req.turn, thread_id=req.thread, user=req.user) as (span, tally):
            try:
                result = await super().run_turn(req, observer)
                outcome = "replayed" if result.replayed else "ok"
            finally:
                attrs = {"outcome": outcome}
                tel.turn_duration.record(time.perf_counter() - started, attrs)
                tel.memory_overhead.record(tally.memory_seconds, attrs)
            pressure = result.context.get("pressure")
            span.set_attributes(
                {
                    "turn.outcome": outcome,
                    "recall.path": result.recall_path,
                    "tool.calls": len(result.tool_calls),
                    "tokens.prompt": result.usage.prompt_tokens,
                    "tokens.completion": result.usage.completion_tokens,
                    "tokens.cached": result.usage.cached_tokens,
                }
            )
            if isinstance(pressure, int | float) and not result.replayed:
                span.set_attribute("context.pressure", float(pressure))
                tel.context_pressure.record(float(pressure))
            return result


class ObservedThreadLog:
    """``ThreadLog`` with an ``append`` span per append (counted as the turn's memory overhead)."""

    def __init__(self, inner: Any, telemetry: Telemetry) -> None:
        self.inner = inner
        self.telemetry = telemetry

    def append(self, event: NewEvent) -> AppendResult:
        with self.telemetry.span("append", {"event.kind": str(event.kind)}, memory=True) as span:
            result: AppendResult = self.inner.append(event)
            span.set_attribute("append.inserted", result.inserted)
            return result

    def append_many(
        self, events: Sequence[NewEvent], *, only_if_new: bool = False, unless_logged: Sequence[str] = ()
    ) -> list[AppendResult]:
        kinds = ",".join(str(e.kind) for e in events)
        with self.telemetry.span("append", {"event.kind": kinds}, memory=True) as span:
            results: list[AppendResult] = self.inner.append_many(
                events, only_if_new=only_if_new, unless_logged=unless_logged
            )
            span.set_attribute("append.inserted", bool(results) and all(r.inserted for r in results))
            return results

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        events: list[Event] = self.inner.events(thread, after_seq=after_seq)
        return events

    def remask(self, thread: ThreadId, turn: TurnId, *, was: str, text: str) -> bool:
        with self.telemetry.span("remask", {"event.kind": str(EventKind.USER)}, memory=True):
            done: bool = self.inner.remask(thread, turn, was=was, text=text)
            return done


class ObservedRecaller(Recaller):
    """Recall with its span (path, fact count) and latency histogram by path."""

    def __init__(
        self,
        store: Any,
        settings: RecallSettings,
        *,
        telemetry: Telemetry,
        data_version: Callable[[UserScope], int] | None = None,
        versioned_search: VersionedSearch | None = None,
    ) -> None:
        super().__init__(store, settings, data_version=data_version, versioned_search=versioned_search)
        self.telemetry = telemetry

    def recall(self, scope: UserScope, query: str, *, now: datetime) -> Recall:
        started = time.perf_counter()
        with self.telemetry.span("recall", memory=True) as span:
            result = super().recall(scope, query, now=now)
            span.set_attributes({"recall.path": result.path, "recall.facts": len(result.facts)})
        self.telemetry.recall_duration.record(time.perf_counter() - started, {"recall.path": result.path})
        return result


class ObservedModel(DelegatingModel):
    """``ChatModel`` with a ``model`` span per call and the error counter by error type."""

    def __init__(self, inner: ChatModel, telemetry: Telemetry) -> None:
        super().__init__(inner)
        self.telemetry = telemetry

    async def complete(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        on_token: TokenSink | None = None,
    ) -> ModelReply:
        attrs = {"model.round": self.telemetry.next_model_round(), "model.tools_offered": bool(tools)}
        with self._counted(), self.telemetry.span("model", attrs) as span:
            reply = await self.inner.complete(messages, tools=tools, on_token=on_token)
            span.set_attributes(
                {
                    "model.tool_calls": len(reply.tool_calls),
                    "tokens.prompt": reply.usage.prompt_tokens,
                    "tokens.completion": reply.usage.completion_tokens,
                    "tokens.cached": reply.usage.cached_tokens,
                }
            )
            return reply

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        with self._counted(), self.telemetry.span("model.structured", {"model.schema": name}):
            return await self.inner.structured(messages, schema, name=name)  # type: ignore[type-var]

    def _counted(self) -> _ErrorCounter:
        return _ErrorCounter(self.telemetry)


class _ErrorCounter:
    def __init__(self, telemetry: Telemetry) -> None:
        self.telemetry = telemetry

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if kind is not None and issubclass(kind, ModelError):
            self.telemetry.model_errors.add(1, {"error.type": kind.__name__})


class ObservedTools(ToolRunner):
    """Tools with a ``tool`` span per call (the tool's name and whether it succeeded; never its arguments)."""

    def __init__(
        self, bookings: Any, rememberer: Any, forgetter: Any = None, *, telemetry: Telemetry
    ) -> None:
        super().__init__(bookings, rememberer, forgetter)
        self.telemetry = telemetry

    def run(self, name: str, raw_arguments: str, ctx: ToolContext) -> ToolOutcome:
        with self.telemetry.span("tool", {"tool.name": name, "tool.round": ctx.round_no}) as span:
            outcome = super().run(name, raw_arguments, ctx)
            span.set_attribute("tool.ok", outcome.ok)
            return outcome


# The running promote_many's spans by item index (a context variable: two chunks may be promoted at once).
_SPANS: ContextVar[dict[int, Span] | None] = ContextVar("promotion_spans", default=None)


class ObservedPromoter(Promoter):
    """Promotion with a span per thread, its log context, and the promotion counters."""

    def __init__(self, *args: Any, telemetry: Telemetry, concurrency: int = 8) -> None:
        super().__init__(*args, concurrency=concurrency)
        self.telemetry = telemetry

    async def promote(
        self, user: UserId, thread: ThreadId, *, after_seq: int, through_seq: int | None = None, now: datetime
    ) -> PromotionReport:
        tel = self.telemetry
        hashed = tel.user(user)
        with (
            log_context(thread_id=thread, user=hashed),
            tel.span("promote.thread", {"thread.id": thread, "user.hash": hashed}) as span,
        ):
            report = await super().promote(
                user, thread, after_seq=after_seq, through_seq=through_seq, now=now
            )
            self._count(span, report)
        return report

    async def promote_many(
        self, items: Sequence[PromotionItem], *, now: datetime, after: Awaitable[object] | None = None
    ) -> list[PromotionReport | Exception]:
        """A ``promote.thread`` span per thread, current while its extraction runs (so the model call is its
        child) and ended once the batched write has decided what was kept. Two chunks may be in flight at
        once, so each call's spans live in its own context, not on the instance."""
        spans: dict[int, Span] = {}
        token = _SPANS.set(spans)
        try:
            results = await super().promote_many(items, now=now, after=after)
        finally:
            _SPANS.reset(token)
        for index, result in enumerate(results):
            span = spans.get(index)
            if span is None:
                continue
            if isinstance(result, Exception):
                span.set_attribute("error.type", type(result).__name__)
                span.set_status(Status(StatusCode.ERROR, type(result).__name__))
            else:
                self._count(span, result)
            span.end()
        return results

    @contextmanager
    def extracting(self, index: int, item: PromotionItem) -> Iterator[None]:
        tel = self.telemetry
        hashed = tel.user(item.user)
        span = tel.tracer.start_span(
            "promote.thread", attributes={"thread.id": item.thread, "user.hash": hashed}
        )
        spans = _SPANS.get()
        if spans is not None:
            spans[index] = span
        else:  # extract_many called on its own: nothing will end the span later
            span.end()
        with log_context(thread_id=item.thread, user=hashed), trace.use_span(span, end_on_exit=False):
            yield

    def _count(self, span: Span, report: PromotionReport) -> None:
        tel = self.telemetry
        rejected = report.rejected_by_reason()
        span.set_attributes(
            {"promotion.kept": len(report.kept), "promotion.rejected": sum(rejected.values())}
        )
        tel.promotion_threads.add(1)
        tel.promotion_facts_kept.add(len(report.kept))
        for reason, count in rejected.items():
            tel.promotion_rejections.add(count, {"reason": reason})


class ObservedJobRuns(SqlJobRuns):
    """Job history that also turns each finished pass's report into counters."""

    def __init__(self, db: Database, telemetry: Telemetry) -> None:
        super().__init__(db)
        self.telemetry = telemetry

    def record(
        self, *, job: str, runner: str, as_of: datetime, finished_at: datetime, report: dict[str, Any]
    ) -> None:
        super().record(job=job, runner=runner, as_of=as_of, finished_at=finished_at, report=report)
        self.telemetry.job_report(job, report)


class ObservedRegistry(UserDataRegistry):
    """The privacy registry, counting erasures by action (the user is not an attribute)."""

    def __init__(self, *args: Any, telemetry: Telemetry, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.telemetry = telemetry

    def erase(self, user: UserId, *, actor: str, now: datetime, action: str = "erase_user") -> ErasureReport:
        with self.telemetry.span("erase", {"erase.action": action}) as span:
            report = super().erase(user, actor=actor, now=now, action=action)
            span.set_attribute("erase.verified", report.verified)
        self.telemetry.erasures.add(1, {"action": action, "verified": report.verified})
        return report
