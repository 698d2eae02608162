"""Promotion: what crosses from a thread into long-term memory, decided in code.

The model proposes candidates as JSON. The reply as a whole must be a JSON object with a ``candidates`` list
(anything else raises :class:`ModelOutputError` and the thread is retried later: it is never read as "no
facts"); each candidate is then validated on its own, so one oversized or malformed proposal is rejected alone
(``malformed``) and the rest of the batch goes on. Every candidate then goes through the write gate
(``assistant.gate.verdict``): evidence located in the log, assertions checked on the user's own clause.

What is stored is the value the type's extractor finds in the user's clause and that clause as the quote,
never the model's sentence. Reports (kept on the thread's claim row and shown in the memory panel) hold types,
turn ids, reasons and counts only, never text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import datetime

from assistant.candidates import CandidateList, judge_raw
from assistant.changes import as_change, may_change, outdated
from assistant.errors import NotFound
from assistant.events import Event, EventKind
from assistant.fact_records import Authority, Fact, FactDraft, WriteOutcome
from assistant.fact_types import FACT_TYPES
from assistant.facts.memory import FactMemory
from assistant.gate.verdict import Accepted, Reason, withdraws
from assistant.ids import ThreadId, UserId, UserScope
from assistant.model.llm import ChatModel
from assistant.ports import Directory, ThreadLog
from assistant.promotion_report import Decision as Decision
from assistant.promotion_report import PromotionReport as PromotionReport
from assistant.prompts import PROMOTION_INSTRUCTIONS, PROMOTION_SCHEMA_NAME
from assistant.transcript import render_transcript
from language.reading.evidence import words_span

MAX_CANDIDATES = 50


def draft_of(
    verdict: Accepted,
    thread: ThreadId,
    *,
    turn: str,
    said: str,
    asserted_by: Authority,
    said_at: datetime | None = None,
) -> FactDraft:
    """The write request for an accepted candidate: the canonical value, and where in the logged message
    ``said`` the user's clause the gate found sits (the clause itself is not stored)."""
    span = words_span(verdict.quote, said)
    return FactDraft(
        verdict.type,
        verdict.value,
        thread,
        turn,
        asserted_by,
        said_at,
        retract=verdict.retract,
        evidence_start=span.start,
        evidence_end=span.end,
        pending=verdict.ask is not None,
    )


def decision_of(verdict: Accepted, turn: str, outcome: WriteOutcome) -> Decision:
    asked = outcome.status == "pending"
    fact = outcome.fact if outcome.kept or asked else None
    return Decision(
        type=verdict.type,
        evidence_turn=turn,
        kept=outcome.kept,
        reason=outcome.status,
        fact_id=fact.id if fact else None,
        masked=verdict.masked and outcome.kept,
        fact=fact.text if fact else None,
        ask=verdict.ask if asked else None,
    )


def apply_verdict(
    memory: FactMemory,
    scope: UserScope,
    thread: ThreadId,
    *,
    type_name: str,
    turn: str,
    said: str,
    verdict: Accepted | Reason,
    asserted_by: Authority,
    now: datetime,
    said_at: datetime | None = None,
) -> Decision:
    if not isinstance(verdict, Accepted):
        return Decision(type=type_name, evidence_turn=turn, kept=False, reason=verdict)
    draft = draft_of(verdict, thread, turn=turn, said=said, asserted_by=asserted_by, said_at=said_at)
    return decision_of(verdict, turn, memory.record(scope, draft, now=now))


def _withdrawn_later(verdict: Accepted, turn: str, turns: Mapping[str, str]) -> bool:
    """Whether a user turn after ``turn`` (turns are in log order) asked to forget this fact."""
    order = list(turns)
    later = order[order.index(turn) + 1 :] if turn in turns else []
    return any(withdraws(turns[t], verdict) for t in later)


def user_turns_of(events: Sequence[Event]) -> dict[str, str]:
    return {e.turn_id: e.text for e in events if e.kind == EventKind.USER}


def assistant_before_of(events: Sequence[Event]) -> dict[str, str]:
    """Per user turn, the assistant's reply just before it (what the user might be echoing)."""
    before: dict[str, str] = {}
    last = ""
    for e in events:
        if e.kind == EventKind.ASSISTANT:
            last = e.text
        elif e.kind == EventKind.USER:
            before[e.turn_id] = last
    return before


def said_at_of(events: Sequence[Event]) -> dict[str, datetime]:
    return {e.turn_id: e.created_at for e in events if e.kind == EventKind.USER}


@dataclass(frozen=True, slots=True, kw_only=True)
class PromotionItem:
    """One thread to promote: its events with ``after_seq < seq <= through_seq`` (through the last if None)."""

    user: UserId
    thread: ThreadId
    after_seq: int
    through_seq: int | None = None
    # The thread's log, when the caller already read it in the owner's scope (the pass reads a chunk's logs
    # in one query); None: read here, after checking the thread is the user's.
    events: Sequence[Event] | None = None


@dataclass(frozen=True, slots=True)
class _Accepted:
    verdict: Accepted
    turn: str
    draft: FactDraft


@dataclass
class Extraction:
    """A thread's candidates, judged by the gate but not yet written: rejections are final decisions, the
    accepted ones wait for the write that decides their outcome. Slots keep the model's order for the report."""

    item: PromotionItem
    report: PromotionReport
    slots: list[Decision | _Accepted] = field(default_factory=list)

    @property
    def drafts(self) -> list[FactDraft]:
        return [slot.draft for slot in self.slots if isinstance(slot, _Accepted)]


def _slot(
    raw: object,
    thread: ThreadId,
    turns: Mapping[str, str],
    before: Mapping[str, str],
    said_at: Mapping[str, datetime],
    current: Sequence[Fact] | None,
) -> Decision | _Accepted:
    """One proposal judged: the gate's verdict, a value said as a change from a held one confirmed by it, a
    value withdrawn by a later "forget …"; an accepted one with the draft its write will be."""
    type_name, turn, verdict = judge_raw(raw, turns, before)
    if isinstance(verdict, Accepted) and verdict.turn is not None:
        turn = verdict.turn  # a later turn of the chat corrected the value: its words are the evidence
    if isinstance(verdict, Accepted) and current is not None:
        verdict = as_change(verdict, turns[turn], current)
    if isinstance(verdict, Accepted) and not verdict.retract and _withdrawn_later(verdict, turn, turns):
        verdict = "withdrawn"
    if not isinstance(verdict, Accepted):
        return Decision(type=type_name, evidence_turn=turn, kept=False, reason=verdict)
    draft = draft_of(
        verdict, thread, turn=turn, said=turns[turn], asserted_by=Authority.USER, said_at=said_at.get(turn)
    )
    return _Accepted(verdict, turn, draft)


def _retractions(
    thread: ThreadId,
    current: Sequence[Fact],
    new_turns: Mapping[str, str],
    turns: Mapping[str, str],
    said_at: Mapping[str, datetime],
    slots: Sequence[Decision | _Accepted],
) -> list[Decision | _Accepted]:
    """The slots with the held facts a new user turn says no longer hold retracted in the user's words, whatever
    the model proposed. A proposal the gate read as that same value holding, from that same turn ("im not vegan
    anymore lol", asked as vegan; "the vegetarian phase is over", kept as vegetarian) gives way to the retraction:
    the turn's words about the change are the plainer reading. Any other verdict on the value stands."""
    settled = list(slots)
    for gone in outdated(current, new_turns):
        key = (gone.fact.type, gone.fact.value)
        same = [
            (i, s)
            for i, s in enumerate(settled)
            if isinstance(s, _Accepted) and (s.verdict.type, s.verdict.value) == key
        ]
        if any(s.turn != gone.turn or s.verdict.retract for _i, s in same):
            continue
        verdict = Accepted(type=gone.fact.type, value=gone.fact.value, quote=gone.quote, retract=True)
        draft = draft_of(
            verdict,
            thread,
            turn=gone.turn,
            said=turns[gone.turn],
            asserted_by=Authority.USER,
            said_at=said_at.get(gone.turn),
        )
        retraction = _Accepted(verdict, gone.turn, draft)
        if same:
            first, *rest = (i for i, _s in same)
            settled[first] = retraction
            settled = [s for i, s in enumerate(settled) if i not in rest]
        else:
            settled.append(retraction)
    return settled


class Promoter:
    """Promotes threads' new events; called by the idle-thread job (and directly by tests and the CLI).

    Two steps: :meth:`extract` (the model and the gate, per thread, no writes) and :meth:`settle` (every
    accepted candidate of many threads recorded in one batched write). :meth:`promote` does both for one
    thread; the job's pass uses :meth:`promote_many`, so a pass over thousands of threads costs a few writes.
    """

    def __init__(
        self,
        log: ThreadLog,
        directory: Directory,
        model: ChatModel,
        memory: FactMemory,
        *,
        concurrency: int = 8,
    ) -> None:
        self.log = log
        self.directory = directory
        self.model = model
        self.memory = memory
        # Extractions of one chunk in flight at once. A hosted model answers in hundreds of milliseconds, so
        # one at a time would cap a pass at a few hundred threads a minute; a few at once keep it busy without
        # bursting past a provider's rate limit (a 429 is retried with backoff, see ``assistant.model.llm``).
        self.concurrency = max(1, concurrency)

    async def promote(
        self, user: UserId, thread: ThreadId, *, after_seq: int, through_seq: int | None = None, now: datetime
    ) -> PromotionReport:
        """Offer events with ``after_seq < seq <= through_seq`` to the extraction model; keep what passes.

        Raises ModelOutputError on a malformed model reply: the caller must not mark the thread promoted.
        """
        item = PromotionItem(user=user, thread=thread, after_seq=after_seq, through_seq=through_seq)
        [result] = self.settle([await self.extract(item, now=now)], now=now)
        if isinstance(result, Exception):
            raise result
        return result

    async def promote_many(
        self, items: Sequence[PromotionItem], *, now: datetime, after: Awaitable[object] | None = None
    ) -> list[PromotionReport | Exception]:
        """Promote each item; one thread's failure (a malformed reply, a missing thread) is its result and the
        others go on. If the batched write fails, every thread with something to write gets that error.

        The write waits for ``after`` (an earlier chunk's promotion, still writing) so that facts are written
        in the order they were said, and runs in a worker thread: embedding and storage mostly release the
        GIL, so the caller's next chunk can be extracted meanwhile."""
        extractions = await self.extract_many(items, now=now)
        if after is not None:
            await after
        return await asyncio.to_thread(self.settle, extractions, now=now)

    async def extract_many(
        self, items: Sequence[PromotionItem], *, now: datetime
    ) -> list[Extraction | Exception]:
        """Each item's extraction, ``concurrency`` at a time, in the items' order; a failure is its result."""
        gate = asyncio.Semaphore(self.concurrency)

        async def one(index: int, item: PromotionItem) -> Extraction | Exception:
            async with gate:
                with self.extracting(index, item):
                    try:
                        return await self.extract(item, now=now)
                    except Exception as exc:  # reported per thread; the caller retries it later
                        return exc

        return list(await asyncio.gather(*(one(i, item) for i, item in enumerate(items))))

    def extracting(self, index: int, item: PromotionItem) -> AbstractContextManager[None]:
        """Context around one item's extraction (a hook: the observed promoter opens its span here)."""
        return nullcontext()

    async def extract(self, item: PromotionItem, *, now: datetime) -> Extraction:
        """The model's candidates for the item's new events, each judged by the gate (nothing is written)."""
        user, thread = item.user, item.thread
        events = item.events
        if events is None:
            if self.directory.get_thread(user, thread) is None:
                raise NotFound(f"thread {thread} not found")
            events = self.log.events(thread)
        last = (
            max((e.seq for e in events), default=item.after_seq)
            if item.through_seq is None
            else item.through_seq
        )
        fresh = [e for e in events if item.after_seq < e.seq <= last]
        found = Extraction(item, PromotionReport(thread, item.after_seq, last))
        if not any(e.kind == EventKind.USER for e in fresh):
            return found
        types = "\n".join(
            f"- {t.name}: {t.label} (e.g. {'; '.join(t.examples)})" for t in FACT_TYPES.values()
        )
        reply = await self.model.structured(
            [
                {"role": "system", "content": PROMOTION_INSTRUCTIONS.format(types=types)},
                {"role": "user", "content": render_transcript(fresh)},
            ],
            CandidateList,
            name=PROMOTION_SCHEMA_NAME,
        )
        # Evidence may be any user turn of *this* thread (read from the log, not from the model's reply).
        turns, said_at = user_turns_of(events), said_at_of(events)
        before = assistant_before_of(events)
        new_turns: dict[str, str] = {e.turn_id: e.text for e in fresh if e.kind == EventKind.USER}
        # What memory holds is read only when a new turn could change it ("no longer", "these days", a food
        # eaten now): most conversations say nothing of the kind.
        current = self.memory.current(UserScope(user)) if may_change(list(new_turns.values())) else None
        for raw in reply.candidates[:MAX_CANDIDATES]:
            found.slots.append(_slot(raw, thread, turns, before, said_at, current))
        found.slots += [
            Decision(type="invalid", evidence_turn="", kept=False, reason="malformed")
            for _ in reply.candidates[MAX_CANDIDATES:]
        ]
        found.slots = _retractions(thread, current or [], new_turns, turns, said_at, found.slots)
        return found

    def settle(
        self, extractions: Sequence[Extraction | Exception], *, now: datetime
    ) -> list[PromotionReport | Exception]:
        """Record every accepted candidate of ``extractions`` in one ``record_many`` (in thread order, then the
        model's order, as separate promotions would have), and complete each thread's report."""
        items = [
            (UserScope(ext.item.user), draft)
            for ext in extractions
            if isinstance(ext, Extraction)
            for draft in ext.drafts
        ]
        try:
            outcomes = iter(self.memory.record_many(items, now=now))
        except Exception as exc:  # the write failed: no thread with something to write is done
            return [
                ext if isinstance(ext, Exception) else (exc if ext.drafts else ext.report)
                for ext in extractions
            ]
        results: list[PromotionReport | Exception] = []
        for ext in extractions:
            if isinstance(ext, Exception):
                results.append(ext)
                continue
            failed: Exception | None = None
            for slot in ext.slots:
                if isinstance(slot, Decision):
                    ext.report.decisions.append(slot)
                    continue
                outcome = next(outcomes)
                if isinstance(outcome, Exception):
                    failed = outcome
                else:
                    ext.report.decisions.append(decision_of(slot.verdict, slot.turn, outcome))
            results.append(failed or ext.report)
        return results
