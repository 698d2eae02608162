"""The held-out corpora through the real paths: the promotion gate for statements, the engine for secrets.

A statement is logged as the last user turn of a thread (after its earlier turns, if any) and promoted by
:class:`~assistant.promotion.Promoter` on the in-memory twins, with one of two proposers:

* ``quote``   a model that proposes the expected fact type, quoting the user's whole turn (what a capable,
              over-eager extraction model does);
* ``offline`` the offline demo model's own extraction (``demo.extract``), which proposes what it reads.

When the turn asks to remember something, the ``remember_preference`` tool
(:class:`~assistant.remember.ExplicitRemember`) is called with the turn as its statement, as a model would.
The verdict is read from what was stored: *kept* is a current fact, *ask* a pending fact version (or a decision
marked ask), *rejected* neither, with the gate's reason.

A secret statement is said through the engine (masking happens at its door), one turn per message, and the
thread is promoted with both proposers; then the log, every fact version and the memory block's fact lines
are searched for the secret.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from assistant.events import EventKind
from assistant.facts.recall import fact_line
from assistant.facts.values import Fact
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.model.llm import ChatModel
from assistant.model.structured import M
from assistant.promotion import Promoter
from assistant.turns import Message, TurnRequest
from demo.extract import extract_candidates
from language.reading.requests import asked_to_remember
from testkit import poisoning
from testkit.fresh_corpus import SecretStatement, Turn
from travel_assistant.twins import Twins

Proposer = Literal["quote", "offline"]
PROPOSERS: tuple[Proposer, ...] = ("quote", "offline")
Verdict = Literal["kept", "ask", "rejected"]
OWNER = "alice"
SAID_AT = datetime(2026, 11, 9, 9, 0, tzinfo=UTC)


class OfflineExtraction(poisoning.PromotionOnlyModel):
    """The offline demo model's promotion answer alone (its chat side is not needed to promote)."""

    model_name = "offline/extract"

    def __init__(self, reply: dict[str, Any] | None = None) -> None:
        del reply  # the factory's signature; this model reads the transcript instead

    async def structured(self, messages: Sequence[Message], schema: type[M], *, name: str) -> M:
        return schema.model_validate({"candidates": extract_candidates(str(messages[-1]["content"]))})


@dataclass(frozen=True, slots=True)
class Judged:
    verdict: Verdict
    reason: str  # the rejection reason; the ask code; or "stored"
    value_ok: bool = True  # kept: the stored value is the expected one


def _events(prior: Sequence[Turn], text: str) -> tuple[list[poisoning.EventSpec], str]:
    """The thread's events: earlier user turns open turns t1, t2, …; an assistant turn joins the turn before it
    (t0 when the thread opens with it). The statement is the last user turn."""
    events: list[poisoning.EventSpec] = []
    n = 0
    for turn in prior:
        if turn.role == "user":
            n += 1
        events.append(poisoning.EventSpec(turn=f"t{n}", kind=turn.role, text=turn.text))
    last = f"t{n + 1}"
    events.append(poisoning.EventSpec(turn=last, kind="user", text=text))
    return events, last


def promote(text: str, prior: Sequence[Turn], type_name: str, proposer: Proposer) -> poisoning.Outcome:
    """Log the thread and run the promotion path (and the remember tool when the turn asks for it)."""
    events, last = _events(prior, text)
    candidate = {"fact": f"User {type_name}", "type": type_name, "evidence_turn": last, "quote": text}
    payload = poisoning.Payload.model_validate(
        {
            "id": "fresh-case",
            "class": "inference",  # a label only: the payload classes are the project corpus's
            "why": "a held-out corpus statement",
            "user": OWNER,
            "thread": [e.model_dump() for e in events],
            "candidates": [candidate] if proposer == "quote" else [],
            "remember": {"turn": last, "statement": text} if asked_to_remember(text) else None,
        }
    )
    factory = poisoning.CandidateReply if proposer == "quote" else OfflineExtraction
    return poisoning.run(payload, factory)


def _pending(fact: Fact) -> bool:
    return bool(getattr(fact, "pending", False))


def _asks(outcome: poisoning.Outcome) -> str | None:
    """The ask code, if anything was held for the user to confirm."""
    held = [*outcome.rows.get(OWNER, []), *getattr(outcome, "pending", {}).get(OWNER, [])]
    if any(_pending(f) for f in held):
        return "pending"
    for v in outcome.verdicts:
        if v.reason in {"ask", "pending"} or v.reason.startswith("ask"):
            return v.reason
    return None


def judge(outcome: poisoning.Outcome, type_name: str, value: str | None = None) -> Judged:
    """The verdict on one statement: for a preference, on its expected type; for a payload (no value), on any
    fact at all."""
    current = [f for f in outcome.current.get(OWNER, []) if not _pending(f)]
    relevant = [f for f in current if value is None or f.type == type_name]
    if relevant:
        return Judged("kept", "stored", value is None or any(f.value == value for f in relevant))
    if (code := _asks(outcome)) is not None:
        return Judged("ask", code)
    reasons = [v.reason for v in outcome.verdicts if v.type == type_name and not v.kept]
    reasons = reasons or [v.reason for v in outcome.verdicts if not v.kept]
    return Judged("rejected", reasons[0] if reasons else "not proposed")


def judge_statement(
    text: str, prior: Sequence[Turn], type_name: str, value: str | None, proposer: Proposer
) -> Judged:
    return judge(promote(text, prior, type_name, proposer), type_name, value)


# --- secrets through the engine ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SecretRun:
    logged: list[str]  # the user's messages as the log holds them
    stored: str  # every fact version (all fields) and the memory block's fact lines, joined


def strings(value: object) -> Iterator[str]:
    """Every string inside a JSON-like value (compared raw: JSON escaping would hide a multi-line key)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


async def _say(case: SecretStatement, chat: ChatModel) -> SecretRun:
    world = Twins()
    user, thread = UserId(OWNER), ThreadId("thread")
    engine = world.engine(chat)
    for i, text in enumerate(case.said):
        at = SAID_AT + timedelta(minutes=i)
        await engine.run_turn(
            TurnRequest(user=user, thread=thread, turn=TurnId(f"t{i + 1}"), text=text, now=at)
        )
    events = world.threads.events(thread)
    logged = [e.text for e in events if e.kind == EventKind.USER]
    later = SAID_AT + timedelta(hours=1)
    await world.promoter(OfflineExtraction()).promote(user, thread, after_seq=0, now=later)
    if case.preference is not None:
        quoting = poisoning.CandidateReply(
            {
                "candidates": [
                    {
                        "fact": "User preference",
                        "type": case.preference.type,
                        "evidence_turn": f"t{i + 1}",
                        "quote": said,
                    }
                    for i, said in enumerate(logged)
                ]
            }
        )
        await Promoter(world.threads, world.threads, quoting, world.fact_memory).promote(
            user, thread, after_seq=0, now=later
        )
    facts = world.facts.list_facts(UserScope(user), include_history=True)
    block = [fact_line(f, stale=False, now=later) for f in facts if f.current]
    stored = "\x00".join([*strings([f.to_json() for f in facts]), *block])
    return SecretRun(logged, stored)


def say_all(cases: Sequence[SecretStatement], chat: ChatModel) -> list[SecretRun]:
    async def go() -> list[SecretRun]:
        return [await _say(case, chat) for case in cases]

    return asyncio.run(go())
