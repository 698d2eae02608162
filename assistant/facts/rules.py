"""The versioning rules: what recording one draft does, decided from the user's history alone.

Both the one-fact path (``FactMemory.record``) and the batched promotion pass (``assistant.facts.batch``) apply
the same :class:`WritePlan`, so their decisions cannot differ.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from assistant.errors import InvalidInput
from assistant.fact_records import Fact, FactDraft, WriteOutcome, WriteStatus, pending_key
from assistant.fact_types import FACT_TYPES, FactType
from assistant.ids import FactId, UserScope


def _evidence_id(scope: UserScope, key: str, thread: str, turn: str) -> FactId:
    # Deterministic per (user, key, evidence): re-running promotion over the same turn can never create a
    # second row, even when two workers race on it.
    digest = hashlib.sha256(f"{scope.user}\x1f{key}\x1f{thread}\x1f{turn}".encode()).hexdigest()
    return FactId(digest[:32])


@dataclass(frozen=True, slots=True)
class WritePlan:
    """What recording one draft does, decided from the user's history alone: the outcome, the version to add
    (if any) and the versions to retire after it. Both the one-fact path (:meth:`FactMemory.record`) and the
    batched promotion pass (``assistant.facts.batch``) apply the same plan, so their decisions cannot differ."""

    outcome: WriteOutcome
    new: Fact | None
    retire: tuple[str, ...]


def plan_write(scope: UserScope, draft: FactDraft, history: Sequence[Fact], *, now: datetime) -> WritePlan:
    """The versioning rules for one draft against ``history`` (the user's facts, every version; other keys are
    ignored)."""
    ftype = type_named(draft.type)
    key = ftype.key_for(draft.value)
    if draft.pending:
        return _plan_pending(scope, draft, ftype, history, now=now)
    versions = [f for f in history if f.key == key]
    new_id = _evidence_id(scope, key, draft.source_thread, draft.source_turn)
    existing = next((f for f in versions if f.id == new_id), None)
    if existing is not None:
        # A re-run over the same evidence. If the first run was interrupted after writing this version but
        # before retiring the one it supersedes, finish that now: two current versions of one key must not
        # survive a retry.
        older = tuple(f.id for f in versions if f.current and f.version < existing.version)
        return WritePlan(WriteOutcome("duplicate", existing), None, older)
    current = current_of(versions)
    if draft.retract:
        if current is None or current.value != draft.value:
            return WritePlan(WriteOutcome("nothing_to_retract", current), None, ())
        fact = _new_version(scope, draft, ftype, new_id, versions, current, now=now)
        return WritePlan(WriteOutcome("retracted", fact), fact, (current.id,))
    if current is not None and draft.asserted_by.rank < current.asserted_by.rank:
        # A casual mention never overrides (or re-words) what the user explicitly confirmed: a different value
        # is refused, the same value changes nothing (its quote and authority stay the confirmed ones).
        same = current.value == draft.value
        return WritePlan(WriteOutcome("duplicate" if same else "lower_authority", current), None, ())
    fact = _new_version(scope, draft, ftype, new_id, versions, current, now=now)
    # A value the user cannot hold beside another (one diet) replaces it, as a new value of a one-valued kind
    # does: "I've gone fully vegan" retires vegetarian.
    excluded = tuple(
        f.id
        for f in resolve_current([f for f in history if f.type == ftype.name and f.key != key])
        if ftype.multi_valued and ftype.excludes(f.value, draft.value)
    )
    if current is None:
        if excluded:
            fact = replace(fact, supersedes=excluded[0])
            return WritePlan(WriteOutcome("superseded", fact), fact, excluded)
        return WritePlan(WriteOutcome("stored", fact), fact, ())
    status: WriteStatus = "refreshed" if current.value == draft.value else "superseded"
    return WritePlan(WriteOutcome(status, fact), fact, (current.id, *excluded))


def _plan_pending(
    scope: UserScope, draft: FactDraft, ftype: FactType, history: Sequence[Fact], *, now: datetime
) -> WritePlan:
    """A pending version: nothing to ask if memory already holds exactly this; otherwise one per evidence."""
    key = ftype.key_for(draft.value)
    current = current_of([f for f in history if f.key == key])
    if current is not None and current.value == draft.value and not draft.retract:
        return WritePlan(WriteOutcome("duplicate", current), None, ())
    new_id = _evidence_id(scope, pending_key(ftype, draft.value), draft.source_thread, draft.source_turn)
    existing = next((f for f in history if f.id == new_id), None)
    if existing is not None:
        return WritePlan(WriteOutcome("pending", existing), None, ())
    fact = _new_version(scope, draft, ftype, new_id, [], None, now=now)
    fact = replace(fact, key=pending_key(ftype, draft.value), current=False, pending=True)
    return WritePlan(WriteOutcome("pending", fact), fact, ())


def _new_version(
    scope: UserScope,
    draft: FactDraft,
    ftype: FactType,
    new_id: FactId,
    versions: Sequence[Fact],
    current: Fact | None,
    *,
    now: datetime,
) -> Fact:
    said_at = draft.said_at or now
    return Fact(
        id=new_id,
        user_id=scope.user,
        key=ftype.key_for(draft.value),
        type=ftype.name,
        subject="user",
        predicate=ftype.predicate,
        value=draft.value,
        source_thread=draft.source_thread,
        source_turn=draft.source_turn,
        evidence_start=draft.evidence_start,
        evidence_end=draft.evidence_end,
        asserted_by=draft.asserted_by,
        asserted_at=said_at,
        supersedes=current.id if current else "",
        version=max((f.version for f in versions), default=0) + 1,
        expires_at=said_at + ftype.ttl,
        current=not draft.retract,
        retracted=draft.retract,
    )


def resolve_current(facts: Sequence[Fact]) -> list[Fact]:
    """One fact per key (the highest current version), ordered by registry type then recency."""
    by_key: dict[str, Fact] = {}
    for fact in facts:
        held = by_key.get(fact.key)
        if fact.current and (held is None or fact.version > held.version):
            by_key[fact.key] = fact
    order = {name: i for i, name in enumerate(FACT_TYPES)}
    return sorted(by_key.values(), key=lambda f: (order.get(f.type, 99), -f.asserted_at.timestamp()))


def current_of(history: Sequence[Fact]) -> Fact | None:
    live = [f for f in history if f.current]
    return max(live, key=lambda f: f.version) if live else None


def type_named(name: str) -> FactType:
    ftype = FACT_TYPES.get(name)
    if ftype is None:
        raise InvalidInput(f"unknown fact type {name!r}")
    return ftype
