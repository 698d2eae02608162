"""Remembering on request: the ``remember_preference`` tool, and the words a refusal is explained in.

The same gate and versioning rules as promotion apply (``assistant.promotion.apply_verdict``); only the
authority differs: what the user explicitly asked to keep is user-confirmed.
"""

from __future__ import annotations

from typing import Any

from assistant.events import EventKind
from assistant.fact_types import FACT_TYPES
from assistant.facts import Authority, FactMemory
from assistant.gate import Accepted, Reason, asked_to_remember, explicit_evidence, judge_evidence, type_of
from assistant.ids import UserScope
from assistant.ports import ThreadLog
from assistant.promotion import apply_verdict
from assistant.secrets import find_secret
from assistant.tools import ToolContext


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
