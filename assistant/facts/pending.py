""" "Should I remember this?": the facts the write gate was unsure of, and the user's Keep or Discard.

When the gate finds a value and the user as its subject but a check is unsure (an unknown linking phrase,
another language, a report nearby), promotion stores a *pending* version: never current, so recall never sees
it, under its own key (``assistant.fact_records.pending_key``), so it never joins the fact's history either.
Keep records the value as the user's confirmed word, through the same versioning rules as any write; Discard
deletes the pending version. Both go through :class:`~assistant.facts.FactMemory`, so every store (the
in-memory twin and LanceDB) behaves alike.
"""

from __future__ import annotations

from datetime import datetime

from assistant.errors import InvalidInput
from assistant.fact_records import Authority, Fact, FactDraft, WriteOutcome
from assistant.facts.memory import FactMemory
from assistant.ids import FactId, UserId, UserScope


def pending_facts(memory: FactMemory, scope: UserScope) -> list[Fact]:
    """The user's facts waiting for Keep or Discard, oldest first (a lapsed one waits no longer: it is listed
    as lapsed, see ``assistant.facts.asking``)."""
    rows = memory.store.list_facts(scope, include_history=True)
    return sorted((f for f in rows if f.pending and not f.lapsed), key=lambda f: (f.asserted_at, f.id))


def _pending(memory: FactMemory, scope: UserScope, fact: FactId) -> Fact:
    found = memory.find(scope, fact)  # NotFound for another user's id or an unknown one
    if not found.pending:
        raise InvalidInput(f"fact {fact} is not waiting for confirmation")
    return found


def keep(memory: FactMemory, scope: UserScope, fact: FactId, *, now: datetime) -> WriteOutcome:
    """The user keeps a pending fact: it is recorded as their confirmed word, then the pending version goes.

    In that order: a crash between the two leaves the confirmed fact and a pending copy of it, which a second
    Keep settles ("duplicate") rather than losing what the user kept."""
    found = _pending(memory, scope, fact)
    draft = FactDraft(
        found.type,
        found.value,
        found.source_thread,
        found.source_turn,
        Authority.USER_CONFIRMED,
        found.asserted_at,
        retract=found.retracted,
        evidence_start=found.evidence_start,
        evidence_end=found.evidence_end,
    )
    outcome = memory.record(scope, draft, now=now)
    memory.store.delete(scope, found.key)
    return outcome


def discard(memory: FactMemory, scope: UserScope, fact: FactId) -> int:
    """The user discards a pending fact: its pending version is deleted (nothing else changes)."""
    return memory.store.delete(scope, _pending(memory, scope, fact).key)


class Unaudited:
    """Keep and Discard straight on a :class:`FactMemory`: the twin of the privacy registry's audited
    ``keep_pending`` / ``discard_pending`` (:class:`assistant.ports.PendingDecisions`), for the in-memory world."""

    def __init__(self, memory: FactMemory) -> None:
        self.memory = memory

    def keep_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> WriteOutcome:
        return keep(self.memory, UserScope(user), fact, now=now)

    def discard_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> int:
        return discard(self.memory, UserScope(user), fact)
