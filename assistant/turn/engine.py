"""One conversation turn, with the thread log as the source of truth.

The turn touches memory at four points: the user message is appended before anything else (so a crash after
that point can be resumed); the window policy turns the log into context; recall adds the user's long-term
facts as a separate block; every model step and tool result is appended before it is acted on. Promotion runs
later, outside the turn.

Resuming is replay: a retried turn id finds its steps in the log and continues from the first missing one. A
finished turn returns its logged reply and writes nothing; a logged tool result is reused, never re-executed.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from assistant.errors import ContextTooLong, ModelError, TurnConflict
from assistant.events import AppendResult, Event, EventKind, NewEvent, model_kind, tool_kind
from assistant.facts.recall import Recall, render_block
from assistant.faults import crash_point
from assistant.ids import UserScope
from assistant.model.tokens import CachedCounter
from assistant.prompts import system_prompt
from assistant.state import TripState
from assistant.turn.context import (
    PRESSURE_WARNING,
    ContextStats,
    Policy,
    assemble,
    previous_prompt,
    price_candidates,
    read_log,
    shrunk_window,
    tool_results_cleared_before,
)
from assistant.turn.messages import model_message, tool_message
from assistant.turn.parts import (
    EngineDeps,
    EngineSettings,
    SilentObserver,
    TurnObserver,
    WorkingTurn,
    correct_split_secret,
    finish_unless_stepped,
    finished_result,
    logged_record,
    logged_reply,
    model_body,
    previous_user_message,
    replayed_result,
    run_and_log,
    run_then_log_step,
    thread_title,
    tool_context,
    validate_message,
)
from assistant.turn.summary import summarise_if_due
from assistant.turns import Message, ModelReply, ToolCall, TurnRequest, TurnResult
from language.secrets.mask import Masked, mask_secrets, masked_notice, may_continue_secret

logger = logging.getLogger(__name__)


class Engine:
    def __init__(self, deps: EngineDeps) -> None:
        self.deps = deps
        self.counter = CachedCounter(deps.model.count_tokens)

    @property
    def settings(self) -> EngineSettings:
        return self.deps.settings

    async def run_turn(self, req: TurnRequest, observer: TurnObserver | None = None) -> TurnResult:
        """Store calls run in worker threads (``asyncio.to_thread``), never on the caller's event loop: a
        commit waits for the disk, and a UI serving many users would stall on every one of them.

        Recall starts as soon as the message is valid, beside the log work: it needs only the user and the
        text, and its query embedding is the slowest step before the model is called."""
        # Secrets are masked at the door: the log, the model, the tools, summaries and the UI's history only
        # ever see the masked text (PCI DSS 3.3/3.4 for cards; nothing else needs them either).
        text = validate_message(req.text, max_chars=self.settings.max_message_chars)
        previous = None
        if may_continue_secret(
            text
        ):  # rare: only a message that opens with digits or a code reads the thread
            deps = self.deps
            previous = await asyncio.to_thread(previous_user_message, deps.directory, deps.thread_log, req)
        masked = mask_secrets(text, previous=previous.text if previous else None)
        recalling = self._start_recall(req, masked.text)
        pending: list[NewEvent] = []
        try:
            events = await asyncio.to_thread(self._open, req, masked, previous)
            mine = [e for e in events if e.turn_id == req.turn]
            if any(e.kind == EventKind.ASSISTANT for e in mine):
                return replayed_result(req, mine, TripState.from_events(events))
            obs = observer or SilentObserver()
            return await self._continue(req, masked, events, obs, recalling, pending)
        except ModelError as exc:
            failure = {"error": type(exc).__name__, "message": exc.user_message()}
            await self._append_group(req, pending, EventKind.FAILURE, failure)
            raise
        finally:
            if recalling is not None and not recalling.done():
                recalling.cancel()

    def _start_recall(self, req: TurnRequest, text: str) -> asyncio.Future[Recall] | None:
        """Recall handed to a worker thread at once (in the caller's context, as ``asyncio.to_thread`` does),
        so it is under way before the log work: a task around ``to_thread`` submits it a loop pass later."""
        recaller = self.deps.recaller
        if recaller is None:
            return None
        call = partial(
            contextvars.copy_context().run, recaller.recall, UserScope(req.user), text, now=req.now
        )
        future = asyncio.get_running_loop().run_in_executor(None, call)
        # A turn that ends early (a replay, a conflict) never awaits it: its outcome is retrieved here instead.
        future.add_done_callback(lambda f: None if f.cancelled() else f.exception())
        return future

    def _open(self, req: TurnRequest, masked: Masked, previous: Event | None) -> list[Event]:
        """Create the user and thread on first use, append the (masked) user message before anything else, and
        read the thread's log (which now holds it). The kinds of secrets masked are logged, never the secrets."""
        directory, thread_log = self.deps.directory, self.deps.thread_log
        # Most turns continue a thread of theirs: one read instead of two write transactions (each takes the
        # database's write lock). A missing thread, or another user's (None too), goes the full way.
        thread = directory.get_thread(req.user, req.thread)
        if thread is None:
            directory.ensure_user(req.user, now=req.now)
            thread = directory.open_thread(req.user, req.thread, now=req.now)
        text = masked.text
        body: dict[str, Any] = (
            {"text": text, "masked": list(masked.kinds)} if masked.kinds else {"text": text}
        )
        appended = thread_log.append(NewEvent(req.thread, req.turn, EventKind.USER, body, req.now))
        if not appended.inserted and appended.event.text != text:
            raise TurnConflict(f"turn {req.turn} was already used for a different message")
        crash_point("turn.user_logged")
        if not thread.title:
            directory.rename_thread(req.user, req.thread, thread_title(text))
        if masked.earlier is not None and previous is not None:
            correct_split_secret(directory, thread_log, req, thread.title, previous, masked.earlier)
        return thread_log.events(req.thread)

    async def _continue(
        self,
        req: TurnRequest,
        masked: Masked,
        events: list[Event],
        obs: TurnObserver,
        recalling: asyncio.Future[Recall] | None,
        pending: list[NewEvent],
    ) -> TurnResult:
        turn = await self._prepare(req, masked.text, events, obs, recalling, pending)
        turn.masked = masked.kinds
        # Told once, in this turn's reply (and so in the log, for a replay or a resume).
        notice = "\n\n" + masked_notice(masked.kinds, split=masked.split) if masked.kinds else ""
        for round_no in range(1, self.settings.max_rounds + 1):
            reply = await self._model_round(turn, round_no, obs)
            if not reply.tool_calls:
                done = await self._finish(turn, replace(reply, text=reply.text + notice), round_no)
                if isinstance(done, TurnResult):
                    if notice:
                        await obs.token(notice)
                    return done
                logger.info(
                    "thread %s: a concurrent delivery logged %s meanwhile; adopting it", req.thread, done.kind
                )
                reply = self._adopt(turn, done)
            await self._run_tools(turn, round_no, reply.tool_calls, obs)
        raise ModelError("the model kept calling tools")  # unreachable: the last round offers no tools

    async def _prepare(
        self,
        req: TurnRequest,
        text: str,
        events: list[Event],
        obs: TurnObserver,
        recalling: asyncio.Future[Recall] | None,
        pending: list[NewEvent],
    ) -> WorkingTurn:
        """Summarise if due, recall, and group the log for the window; summary and recall are logged in that
        order. The view, the trip state and the prices of the turns the window chooses from come from the log
        alone: derived while recall's search still runs."""
        settings = self.settings
        if settings.policy == "summary-block":
            events = await summarise_if_due(
                self.deps.model, self.deps.thread_log, req, events, every=settings.summary_every
            )
        every, clear = settings.summary_every, settings.clear_old_tool_results
        clear_before = tool_results_cleared_before(events, current_turn=req.turn, every=every, enabled=clear)
        summarised = settings.policy != "summary-block"  # the one window that never shows summarised turns
        view = read_log(
            events, exclude_turn=req.turn, clear_before_turn=clear_before, summarised_messages=summarised
        )
        state = TripState.from_events(events)
        pricer = self.counter.pricer()
        price_candidates(settings.policy, view, pricer, budget=settings.budget_tokens)
        said = [e.text for e in events if e.kind == EventKind.USER]
        block, recall = await self._recall(req, recalling, obs, pending, said)
        return WorkingTurn(
            req=req,
            view=view,
            logged={e.kind: e for e in events if e.turn_id == req.turn},
            block=block,
            recall=recall,
            state=state,
            current=[{"role": "user", "content": text}],
            previous=previous_prompt(events, current_turn=req.turn),
            user_seq=next((e.seq for e in events if e.turn_id == req.turn and e.kind == EventKind.USER), 0),
            pending=pending,
            pricer=pricer,
        )

    async def _model_round(self, turn: WorkingTurn, round_no: int, obs: TurnObserver) -> ModelReply:
        """Round ``round_no``'s step: the logged one if there is one, else a model call. A reply with tool calls
        is logged before any of them runs, and the step that runs is always the logged one.

        Race: two deliveries of one turn (a retry while the first is still running, two tabs) may both call
        the model; with a non-deterministic model their answers differ. Only one ``model:N`` append wins, and
        the loser adopts the winner's logged step and runs its tool calls (which find their results logged, or
        run under the same idempotency keys), never its own: tool calls the log does not show would book
        things the conversation never mentions. A text-only answer is not logged as a step: it is returned,
        and :meth:`_finish` reads the log for a step another delivery logged meanwhile before using it."""
        kind = model_kind(round_no)
        logged = turn.logged.get(kind)
        if logged is None:
            reply = await self._call_model(turn, last=round_no == self.settings.max_rounds, obs=obs)
            if not reply.tool_calls:
                return reply
            if self.deps.tools.only_read(reply.tool_calls):
                stepped = await self._read_then_log(turn, round_no, reply, obs)
                if stepped is not None:
                    return self._adopt(turn, stepped)
            # The step is durable (with the recall held back for it) before any of its tools runs.
            appended = await self._append_group(turn.req, turn.pending, kind, model_body(reply))
            if not appended.inserted:
                logger.info(
                    "thread %s: a concurrent delivery logged %s first; adopting it", turn.req.thread, kind
                )
            logged = appended.event
            crash_point(f"turn.model_logged:{round_no}")
        return self._adopt(turn, logged)

    def _adopt(self, turn: WorkingTurn, logged: Event) -> ModelReply:
        """Make the logged ``model:N`` step this round's: the current turn is shown to the model exactly as
        later turns will show it (same builders, same logged events), so this call's prompt stays a
        byte-identical prefix of the next one."""
        turn.logged[logged.kind] = logged
        turn.current.append(model_message(logged))
        return logged_reply(logged, self.deps.model.model_name)

    async def _call_model(self, turn: WorkingTurn, *, last: bool, obs: TurnObserver) -> ModelReply:
        settings = self.settings
        messages, stats = self._assemble(turn, policy=settings.policy, budget=settings.budget_tokens)
        if stats.pressure >= PRESSURE_WARNING:
            logger.warning("context pressure %s in thread %s", stats.pressure_text, turn.req.thread)
        await obs.context(stats)
        tools = None if last else self.deps.tools.specs()
        try:
            reply = await self.deps.model.complete(messages, tools=tools, on_token=obs.token)
        except ContextTooLong:
            # The provider counts differently from us (or its window is smaller than configured): shrink the
            # window once and ask again; a second refusal reaches the user.
            policy, budget = shrunk_window(settings.policy, stats)
            logger.warning(
                "thread %s: the provider found the prompt too long; retrying in %d tokens",
                turn.req.thread,
                budget - stats.reserve,
            )
            messages, stats = self._assemble(turn, policy=policy, budget=budget)
            await obs.context(stats)
            reply = await self.deps.model.complete(messages, tools=tools, on_token=obs.token)
        turn.usage, turn.stats, turn.previous = turn.usage + reply.usage, stats, stats.as_previous
        return reply

    def _assemble(
        self, turn: WorkingTurn, *, policy: Policy, budget: int
    ) -> tuple[list[Message], ContextStats]:
        pricer = turn.pricer
        with self.deps.probe.span("window"):
            return assemble(
                policy=policy,
                system=system_prompt(turn.req.now),
                memory_block=turn.block,
                view=turn.view,
                state_block=None if turn.state.is_empty else turn.state.render(),
                current=turn.current,
                budget=budget,
                reserve=self.settings.reply_reserve_tokens,
                count=pricer,
                previous=turn.previous,
                digest=pricer.digest,
            )

    async def _run_tools(
        self, turn: WorkingTurn, round_no: int, calls: Sequence[ToolCall], obs: TurnObserver
    ) -> None:
        for index, call in enumerate(calls, 1):
            event = await self._tool(turn, round_no, index, call, obs)
            record = logged_record(event)
            turn.records.append(record)
            if record.ok:
                turn.state = turn.state.apply(call.name, record.result)
            turn.current.append(tool_message(event))

    async def _finish(self, turn: WorkingTurn, final: ModelReply, round_no: int) -> TurnResult | Event:
        """Log the turn's token accounting, then its reply (the reply is what marks the turn complete), in one
        transaction with anything held back: none of them is acted on before the turn ends, so they need
        not be durable one by one (a crash before the commit loses only what nobody was told yet).

        First, in the same worker hand-off, the log is read for a ``model:N`` step of this round that another
        delivery logged since the turn opened: that step is returned (to be adopted) and nothing is logged.
        The reply returned is the logged one: if a concurrent delivery finished first, both answer alike."""
        req = turn.req
        context = {**(turn.stats.to_json() if turn.stats else {}), "usage": turn.usage.to_json()}
        reply = {"text": final.text, "model": final.model, "usage": turn.usage.to_json()}
        ends = ((EventKind.CONTEXT, context), (EventKind.ASSISTANT, reply))
        group = [*turn.pending, *(NewEvent(req.thread, req.turn, kind, body, req.now) for kind, body in ends)]
        stepped, results = await asyncio.to_thread(
            finish_unless_stepped, self.deps.thread_log, turn, model_kind(round_no), group
        )
        if stepped is not None:
            return stepped
        turn.pending.clear()
        crash_point("turn.assistant_logged")
        return finished_result(turn, results[-1].event, context)

    async def _tool(
        self, turn: WorkingTurn, round_no: int, index: int, call: ToolCall, obs: TurnObserver
    ) -> Event:
        """The logged result of one tool call: reused if logged, else run, logged, then returned."""
        logged = turn.logged.get(tool_kind(round_no, index))
        if logged is not None:  # resumed turn: the logged result is the truth, the tool is not called again
            return logged
        await obs.tool_started(call)
        deps, ctx = self.deps, tool_context(turn.req, round_no, index)
        stored = await asyncio.to_thread(run_and_log, deps.tools, deps.thread_log, call, ctx)
        crash_point(f"turn.tool_logged:{round_no}.{index}")
        await obs.tool_finished(logged_record(stored))
        return stored  # first write wins if a concurrent retry got there first

    async def _recall(
        self,
        req: TurnRequest,
        recalling: asyncio.Future[Recall] | None,
        obs: TurnObserver,
        pending: list[NewEvent],
        said: list[str],
    ) -> tuple[str | None, Recall | None]:
        """The memory block; a fact a user message of this conversation (``said``) contradicts is marked."""
        if recalling is None:
            return None, None
        recall = await recalling

        def count_text(block_text: str) -> int:
            return self.counter([{"role": "system", "content": block_text}])

        cap = self.settings.budget_tokens // 2
        block, shown = render_block(recall, now=req.now, cap_tokens=cap, count_text=count_text, said=said)
        logged = {"path": recall.path, "fact_ids": shown, "total_current": recall.total_current}
        # Held back: it is logged, before the step that used it, in that step's transaction.
        pending.append(NewEvent(req.thread, req.turn, EventKind.RECALL, logged, req.now))
        crash_point("turn.recalled")
        await obs.recalled(recall, block)
        return block, recall

    async def _read_then_log(
        self, turn: WorkingTurn, round_no: int, reply: ModelReply, obs: TurnObserver
    ) -> Event | None:
        """The round's step, logged with the results of its calls, which only read (``run_then_log_step``);
        None if another delivery logged any of it first: the caller then logs and adopts the step as usual, and
        its calls run again. The UI is shown each call once its result is durable (they take a millisecond)."""
        deps = self.deps
        logged = await asyncio.to_thread(
            run_then_log_step, deps.tools, deps.thread_log, turn, round_no, reply
        )
        if not logged:
            return None
        turn.pending.clear()
        crash_point(f"turn.model_logged:{round_no}")  # the step and its results: one commit, one point
        for call, event in zip(reply.tool_calls, logged[1:], strict=True):
            turn.logged[event.kind] = event
            await obs.tool_started(call)
            await obs.tool_finished(logged_record(event))
        return logged[0]

    async def _append_group(
        self, req: TurnRequest, pending: list[NewEvent], kind: str, body: dict[str, Any]
    ) -> AppendResult:
        """Append the held-back events and then this one in one transaction; this one's result."""
        group = [*pending, NewEvent(req.thread, req.turn, kind, body, req.now)]
        results = await asyncio.to_thread(self.deps.thread_log.append_many, group)
        pending.clear()
        return results[-1]
