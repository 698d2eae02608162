"""Remembering on request: the ``remember_preference`` tool, and the words a refusal is explained in.

The same gate and versioning rules as promotion apply (``assistant.promotion.apply_verdict``); only the
authority differs: what the user explicitly asked to keep is user-confirmed.
"""

from __future__ import annotations

from typing import Any

from assistant.events import EventKind
from assistant.fact_records import Authority
from assistant.facts.memory import FactMemory
from assistant.gate.verdict import Accepted, Reason, judge_evidence, type_of
from assistant.gate.words import REPLY
from assistant.ids import UserScope
from assistant.ports import ThreadLog
from assistant.promotion import apply_verdict
from assistant.turns import ToolContext
from language.reading.requests import asked_to_remember, explicit_evidence
from language.secrets.mask import find_secret


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
            return {"saved": False, "reason": REPLY["not_asked"]}
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
            said=said,
            verdict=verdict,
            asserted_by=Authority.USER_CONFIRMED,
            now=ctx.now,
        )
        if decision.verdict == "ask":
            return {"saved": False, "pending": True, "reason": REPLY["pending"]}
        if not decision.kept:
            return {"saved": False, "reason": REPLY.get(decision.reason, decision.reason)}
        return {"saved": True, "fact": decision.fact, "status": decision.reason, "fact_id": decision.fact_id}
