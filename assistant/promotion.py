"""Promotion: what crosses from a thread into long-term memory, decided in code.

The model proposes candidates as JSON. The reply as a whole must be a JSON object with a ``candidates`` list
(anything else raises :class:`ModelOutputError` and the thread is retried later: it is never read as "no
facts"); each candidate is then validated on its own, so one oversized or malformed proposal is rejected alone
(``malformed``) and the rest of the batch goes on. Every candidate then goes through the write gate
(``assistant.gate``): evidence located in the log, assertions checked on the user's own clause.

What is stored is the value the type's extractor finds in the user's clause and that clause as the quote,
never the model's sentence. Reports (kept on the thread's claim row and shown in the memory panel) hold types,
turn ids, reasons and counts only, never text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, WithJsonSchema

from assistant.errors import NotFound
from assistant.events import Event, EventKind
from assistant.fact_types import FACT_TYPES
from assistant.facts import Authority, FactDraft, FactMemory
from assistant.gate import (
    Accepted,
    Reason,
    asked_to_remember,
    check_candidate,
    explicit_evidence,
    judge_evidence,
    type_of,
    withdraws,
)
from assistant.ids import ThreadId, UserId, UserScope
from assistant.llm import ChatModel
from assistant.ports import Directory, ThreadLog
from assistant.prompts import PROMOTION_INSTRUCTIONS, PROMOTION_SCHEMA_NAME
from assistant.secrets import find_secret
from assistant.tools import ToolContext
from assistant.transcript import render_transcript

MAX_CANDIDATES = 50
_TYPE_NAME = re.compile(r"[a-z_]{1,40}")


class Candidate(BaseModel):
    """One proposal, validated on its own."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    fact: str = Field(min_length=1, max_length=300)
    type: str = Field(min_length=1, max_length=40)
    evidence_turn: str = Field(min_length=1, max_length=64)
    quote: str = Field(min_length=1, max_length=500)


class CandidateList(BaseModel):
    """The reply's envelope. Items stay raw here (the model is shown the Candidate schema for them) so that one
    bad item cannot fail the whole batch."""

    model_config = ConfigDict(extra="ignore")

    candidates: list[Annotated[Any, WithJsonSchema(Candidate.model_json_schema())]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    type: str
    evidence_turn: str
    kept: bool
    reason: str  # a rejection reason, or the write outcome ("stored", "superseded", "retracted", …)
    fact_id: str | None = None
    masked: bool = False  # the kept quote holds a masked secret
    # The stored fact's rendered text ("Dietary needs: vegetarian"), for the caller's display only: it is
    # derived from the registry, not from the model, and it is never written into a report.
    fact: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "evidence_turn": self.evidence_turn,
            "kept": self.kept,
            "reason": self.reason,
            "fact_id": self.fact_id,
            "masked": self.masked,
        }


@dataclass
class PromotionReport:
    thread_id: str
    from_seq: int
    through_seq: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def kept(self) -> list[Decision]:
        return [d for d in self.decisions if d.kept]

    def rejected_by_reason(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for d in self.decisions:
            if not d.kept:
                counts[d.reason] = counts.get(d.reason, 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "thread_id": self.thread_id,
            "from_seq": self.from_seq,
            "through_seq": self.through_seq,
            "kept": len(self.kept),
            "rejected": self.rejected_by_reason(),
            "decisions": [d.to_json() for d in self.decisions],
        }


def safe_type(raw: object) -> str:
    """A type name fit for a report: the model's string only if it looks like a type name."""
    return raw if isinstance(raw, str) and _TYPE_NAME.fullmatch(raw) else "invalid"


def judge_candidate(cand: Candidate, user_turns: Mapping[str, str]) -> Accepted | Reason:
    """The gate's verdict on one validated candidate."""
    return check_candidate(
        type_name=cand.type,
        quote=cand.quote,
        fact=cand.fact,
        evidence_turn=cand.evidence_turn,
        user_turns=user_turns,
    )


def judge_raw(raw: object, user_turns: Mapping[str, str]) -> tuple[str, str, Accepted | Reason]:
    """(type for the report, evidence turn, verdict) of one raw proposal."""
    try:
        cand = Candidate.model_validate(raw)
    except ValidationError:
        ftype = safe_type(raw.get("type") if isinstance(raw, dict) else None)
        return ftype, "", "malformed"
    verdict = judge_candidate(cand, user_turns)
    turn = cand.evidence_turn if cand.evidence_turn in user_turns else ""
    return safe_type(cand.type), turn, verdict


def apply_verdict(
    memory: FactMemory,
    scope: UserScope,
    thread: ThreadId,
    *,
    type_name: str,
    turn: str,
    verdict: Accepted | Reason,
    asserted_by: Authority,
    now: datetime,
    said_at: datetime | None = None,
) -> Decision:
    if not isinstance(verdict, Accepted):
        return Decision(type=type_name, evidence_turn=turn, kept=False, reason=verdict)
    outcome = memory.record(
        scope,
        FactDraft(
            verdict.type,
            verdict.value,
            verdict.quote,
            thread,
            turn,
            asserted_by,
            said_at,
            retract=verdict.retract,
        ),
        now=now,
    )
    fact = outcome.fact if outcome.kept else None
    return Decision(
        type=verdict.type,
        evidence_turn=turn,
        kept=outcome.kept,
        reason=outcome.status,
        fact_id=fact.id if fact else None,
        masked=verdict.masked and outcome.kept,
        fact=fact.text if fact else None,
    )


def _withdrawn_later(verdict: Accepted, turn: str, turns: Mapping[str, str]) -> bool:
    """Whether a user turn after ``turn`` (turns are in log order) asked to forget this fact."""
    order = list(turns)
    later = order[order.index(turn) + 1 :] if turn in turns else []
    return any(withdraws(turns[t], verdict) for t in later)


def user_turns_of(events: Sequence[Event]) -> dict[str, str]:
    return {e.turn_id: e.text for e in events if e.kind == EventKind.USER}


def said_at_of(events: Sequence[Event]) -> dict[str, datetime]:
    return {e.turn_id: e.created_at for e in events if e.kind == EventKind.USER}


class Promoter:
    """Promotes one thread's new events; called by the idle-thread job (and directly by tests and the CLI)."""

    def __init__(self, log: ThreadLog, directory: Directory, model: ChatModel, memory: FactMemory) -> None:
        self.log = log
        self.directory = directory
        self.model = model
        self.memory = memory

    async def promote(
        self, user: UserId, thread: ThreadId, *, after_seq: int, through_seq: int | None = None, now: datetime
    ) -> PromotionReport:
        """Offer events with ``after_seq < seq <= through_seq`` to the extraction model; keep what passes.

        Raises ModelOutputError on a malformed model reply: the caller must not mark the thread promoted.
        """
        if self.directory.get_thread(user, thread) is None:
            raise NotFound(f"thread {thread} not found")
        events = self.log.events(thread)
        last = max((e.seq for e in events), default=after_seq) if through_seq is None else through_seq
        fresh = [e for e in events if after_seq < e.seq <= last]
        report = PromotionReport(thread, after_seq, last)
        if not any(e.kind == EventKind.USER for e in fresh):
            return report
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
        for raw in reply.candidates[:MAX_CANDIDATES]:
            type_name, turn, verdict = judge_raw(raw, turns)
            if (
                isinstance(verdict, Accepted)
                and not verdict.retract
                and _withdrawn_later(verdict, turn, turns)
            ):
                verdict = "withdrawn"
            report.decisions.append(
                apply_verdict(
                    self.memory,
                    UserScope(user),
                    thread,
                    type_name=type_name,
                    turn=turn,
                    verdict=verdict,
                    asserted_by=Authority.USER,
                    now=now,
                    said_at=said_at.get(turn),
                )
            )
        report.decisions += [
            Decision(type="invalid", evidence_turn="", kept=False, reason="malformed")
            for _ in reply.candidates[MAX_CANDIDATES:]
        ]
        return report


class ExplicitRemember:
    """The ``remember_preference`` tool: "remember that I prefer aisle seats", stored at once.

    Only when the user asked: the current user turn must contain an explicit request ("remember (that) …",
    "don't forget …", "note that I …", "save that …"), outside anybody else's quoted words, and the statement
    must be in that turn. The same gate as promotion applies (third parties, secrets, task progress, …); only
    then is the fact recorded as user-confirmed (higher authority than a promoted mention).
    """

    def __init__(self, log: ThreadLog, memory: FactMemory) -> None:
        self.log = log
        self.memory = memory

    def remember_now(self, ctx: ToolContext, statement: str) -> dict[str, Any]:
        said = next(
            (
                e.text
                for e in self.log.events(ctx.thread)
                if e.turn_id == ctx.turn and e.kind == EventKind.USER
            ),
            "",
        )
        if not asked_to_remember(said):
            return {"saved": False, "reason": _REASON_TEXT["not_asked"]}
        evidence = explicit_evidence(statement, said)
        type_name = type_of(evidence) if evidence is not None else "invalid"
        verdict: Accepted | Reason
        if find_secret(statement):
            verdict = "secret"
        elif evidence is None:
            verdict = "quote_not_in_evidence"
        else:
            verdict = judge_evidence(evidence, type_name)
        decision = apply_verdict(
            self.memory,
            UserScope(ctx.user),
            ctx.thread,
            type_name=type_name,
            turn=ctx.turn,
            verdict=verdict,
            asserted_by=Authority.USER_CONFIRMED,
            now=ctx.now,
        )
        if not decision.kept:
            return {"saved": False, "reason": _REASON_TEXT.get(decision.reason, decision.reason)}
        return {"saved": True, "fact": decision.fact, "status": decision.reason, "fact_id": decision.fact_id}


_REASON_TEXT = {
    "not_asked": 'you didn\'t ask me to remember anything in this message; say "remember that …"',
    "unknown_type": "I can only remember travel preferences ("
    + ", ".join(t.label.lower() for t in FACT_TYPES.values())
    + ")",
    "secret": "it looks like a password, key or payment detail, and I never store those",
    "task_progress": "that's about this trip; your bookings already hold it",
    "third_party": "it's about someone else, and I only keep preferences about you",
    "quoted_speech": "those are someone else's words, not something you told me about yourself",
    "inference": "I couldn't find a preference I can store in what you said",
    "lower_authority": "it contradicts something you confirmed earlier; tell me explicitly if it changed",
    "negative_capability": "that's a conclusion about the system, not a preference",
    "transient": "that sounds like something that happened this time, not a lasting preference",
    "negated": "you said you don't, so there is nothing to save",
    "nothing_to_retract": "I had nothing saved about that, so there is nothing to remove",
    "dislike": "I can't store a dislike yet, only what you prefer",
    "question": "that was a question, not something about you",
    "hypothetical": "that sounded hypothetical, so I didn't save it",
    "greeting": "that was a greeting, not a preference",
    "withdrawn": "you asked me to forget that, so I won't keep it",
    "not_about_user": 'I couldn\'t tell that this is about you; say it as "I prefer …"',
    "quote_not_in_evidence": "I couldn't find those words in your message",
}


def explain(reason: str) -> str:
    """Why a statement is not remembered, in words a user reads (the reason itself if there are none)."""
    return _REASON_TEXT.get(reason, reason.replace("_", " "))
