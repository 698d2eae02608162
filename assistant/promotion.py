"""Promotion: what crosses from a thread into long-term memory, decided in code.

The model proposes candidates as JSON; pydantic validates the shape (a malformed reply raises
:class:`ModelOutputError` and the thread is retried later, it is never read as "no facts"). Then every
candidate must pass these checks, in order, and the first failure is its recorded reason:

    evidence_not_user_turn   the cited turn is not a user turn of this thread (tool output, assistant text,
                             another thread or another user's turn can never become a fact)
    quote_not_in_evidence    the quoted words are not in that user turn
    secret                   the fact or quote holds a credential, card number, key …
    task_progress            trips, dates, bookings: the booking system owns those
    negative_capability      "X cannot be done": one failure is not a fact
    third_party              about someone other than the user
    unknown_type             not in the fact-type registry
    inference                the type's extractor finds no value in the user's own words

What is stored is the value extracted from the user's quote and rendered by the registry, never the model's
sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from assistant.errors import NotFound
from assistant.events import Event, EventKind
from assistant.fact_types import FACT_TYPES
from assistant.facts import Authority, FactDraft, FactMemory
from assistant.ids import ThreadId, UserId, UserScope
from assistant.llm import ChatModel
from assistant.ports import Directory, ThreadLog
from assistant.prompts import PROMOTION_INSTRUCTIONS, PROMOTION_SCHEMA_NAME
from assistant.secrets import find_secret, redact
from assistant.tools import ToolContext
from assistant.transcript import render_transcript

Reason = Literal[
    "evidence_not_user_turn",
    "quote_not_in_evidence",
    "secret",
    "task_progress",
    "negative_capability",
    "third_party",
    "unknown_type",
    "inference",
]


class Candidate(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    fact: str = Field(min_length=1, max_length=300)
    type: str = Field(min_length=1, max_length=40)
    evidence_turn: str = Field(min_length=1, max_length=64)
    quote: str = Field(min_length=1, max_length=500)


class CandidateList(BaseModel):
    model_config = ConfigDict(extra="ignore")

    candidates: list[Candidate] = Field(max_length=50)


@dataclass(frozen=True, slots=True)
class Decision:
    fact: str
    type: str
    evidence_turn: str
    kept: bool
    reason: str  # a rejection reason, or the write outcome ("stored", "superseded", "duplicate", …)
    fact_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "type": self.type,
            "evidence_turn": self.evidence_turn,
            "kept": self.kept,
            "reason": self.reason,
            "fact_id": self.fact_id,
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


_TASK_TYPES = frozenset(
    {"trip", "itinerary", "booking", "travel_plan", "plan", "task", "reservation", "flight"}
)
_DATEISH = re.compile(
    r"\b(on the \d{1,2}(st|nd|rd|th)|\d{1,2}(st|nd|rd|th)|\d{4}-\d{2}-\d{2}|tomorrow|next (week|month)|"
    r"jan(uary)?|feb(ruary)?|march|april|june|july|aug(ust)?|sep(tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\b",
    re.I,
)
_TRIP_PHRASE = re.compile(
    r"\b((is |am )?(flying|travel+ing|going|heading|off) to|booked|booking|trip to|itinerary)\b", re.I
)
_NEGATIVE_CAPABILITY = re.compile(
    r"\b(cannot|can ?not|can't|unable to|not (possible|supported|available|allowed)|doesn't (work|support)|"
    r"does not (work|support)|no access|fails? to|is broken|isn't available)\b",
    re.I,
)
_CAPABILITY_SUBJECT = re.compile(
    r"\b(tool|system|service|feature|api|search|booking|app|site|account|access)\b", re.I
)
_THIRD_PARTY = re.compile(
    r"\b(my|our|user's|the user's) (wife|husband|partner|son|daughter|kids?|children|child|friend|colleague|"
    r"boss|mother|mum|mom|father|dad|brother|sister|family|parents?)\b|^\s*(he|she|they)\b",
    re.I,
)
_FIRST_PERSON = re.compile(r"\b(i|i'm|i am|me|myself)\b", re.I)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[\"“”‘’'`]", "'", text)).strip().strip(".!?,;:").lower()


def check_candidate(cand: Candidate, user_turns: Mapping[str, str]) -> tuple[Reason, None] | tuple[None, str]:
    """Validate one candidate against this thread's user turns: (reason, None) or (None, extracted value)."""
    said = user_turns.get(cand.evidence_turn)
    if said is None:
        return "evidence_not_user_turn", None
    quote = _norm(cand.quote)
    if not quote or quote not in _norm(said):
        return "quote_not_in_evidence", None
    if find_secret(cand.fact) or find_secret(cand.quote):
        return "secret", None
    if cand.type.lower() in _TASK_TYPES or (
        _TRIP_PHRASE.search(cand.fact) and _DATEISH.search(cand.fact + " " + cand.quote)
    ):
        return "task_progress", None
    if _TRIP_PHRASE.search(cand.fact) and re.search(r"\b(to|in) [A-Z][a-z]+", cand.fact):
        return "task_progress", None
    if _NEGATIVE_CAPABILITY.search(cand.fact) and _CAPABILITY_SUBJECT.search(cand.fact):
        return "negative_capability", None
    if (_THIRD_PARTY.search(cand.fact) or _THIRD_PARTY.search(cand.quote)) and not _FIRST_PERSON.search(
        _THIRD_PARTY.sub("", cand.quote)
    ):
        return "third_party", None
    ftype = FACT_TYPES.get(cand.type)
    if ftype is None:
        return "unknown_type", None
    values = ftype.extract(cand.quote)
    if not values:
        return "inference", None
    return None, values[0]


def apply_candidates(
    memory: FactMemory,
    scope: UserScope,
    thread: ThreadId,
    candidates: Sequence[Candidate],
    user_turns: Mapping[str, str],
    *,
    asserted_by: Authority,
    now: datetime,
    said_at: Mapping[str, datetime] | None = None,
) -> list[Decision]:
    decisions = []
    for cand in candidates:
        reason, value = check_candidate(cand, user_turns)
        shown = "[redacted: contains a secret]" if reason == "secret" else redact(cand.fact)
        if reason is not None or value is None:
            decisions.append(Decision(shown, cand.type, cand.evidence_turn, False, reason or "inference"))
            continue
        outcome = memory.record(
            scope,
            FactDraft(
                cand.type,
                value,
                cand.quote,
                thread,
                cand.evidence_turn,
                asserted_by,
                (said_at or {}).get(cand.evidence_turn),
            ),
            now=now,
        )
        kept = outcome.status != "lower_authority"
        decisions.append(
            Decision(
                outcome.fact.text if kept else shown,
                cand.type,
                cand.evidence_turn,
                kept,
                outcome.status,
                outcome.fact.id if kept else None,
            )
        )
    return decisions


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
        report.decisions = apply_candidates(
            self.memory,
            UserScope(user),
            thread,
            reply.candidates,
            user_turns_of(events),
            asserted_by=Authority.USER,
            now=now,
            said_at=said_at_of(events),
        )
        return report


class ExplicitRemember:
    """The ``remember_preference`` tool: "remember that I prefer aisle seats", stored at once.

    Same validation as promotion, with one difference: the only valid evidence is the user message of the
    current turn, and the fact is recorded as user-confirmed (higher authority than a promoted mention).
    """

    def __init__(self, log: ThreadLog, memory: FactMemory) -> None:
        self.log = log
        self.memory = memory

    def remember_now(self, ctx: ToolContext, statement: str) -> dict[str, Any]:
        said = next(
            (e.text for e in self.log.events(ctx.thread) if e.turn_id == ctx.turn and e.kind == EventKind.USER), ""
        )
        quote = statement if _norm(statement) and _norm(statement) in _norm(said) else said
        ftype = next((t.name for t in FACT_TYPES.values() if t.extract(quote)), "unclassified")
        cand = Candidate(fact=statement, type=ftype, evidence_turn=ctx.turn, quote=quote)
        [decision] = apply_candidates(
            self.memory,
            UserScope(ctx.user),
            ctx.thread,
            [cand],
            {ctx.turn: said},
            asserted_by=Authority.USER_CONFIRMED,
            now=ctx.now,
        )
        if not decision.kept:
            return {"saved": False, "reason": _REASON_TEXT.get(decision.reason, decision.reason)}
        return {"saved": True, "fact": decision.fact, "status": decision.reason, "fact_id": decision.fact_id}


_REASON_TEXT = {
    "unknown_type": "I can only remember travel preferences ("
    + ", ".join(t.label.lower() for t in FACT_TYPES.values())
    + ")",
    "secret": "it looks like a password, key or payment detail, and I never store those",
    "task_progress": "that's about this trip; your bookings already hold it",
    "third_party": "it's about someone else, and I only keep preferences about you",
    "inference": "I couldn't find a preference I can store in what you said",
    "lower_authority": "it contradicts something you confirmed earlier; tell me explicitly if it changed",
    "negative_capability": "that's a conclusion about the system, not a preference",
}
