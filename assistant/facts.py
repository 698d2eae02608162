"""Fact records and the rules for writing them: versions, authority, supersede, rollback, expiry.

A fact is a record, not a string. Each row is one immutable *version* of a logical fact (its ``key``): a new
value of a single-valued type is a new version that supersedes the old one, and the old one stays retrievable
for audit and rollback. Only lifecycle flags change after a write (``current``, ``stale``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from assistant.errors import InvalidInput, NotFound
from assistant.fact_types import FACT_TYPES, FactType
from assistant.faults import crash_point
from assistant.ids import FactId, UserScope, new_fact_id
from assistant.ports import FactBatch, FactMaintenance, FactStore


class Authority(StrEnum):
    """Who asserted a fact. Higher authority wins a contradiction; recency breaks ties."""

    USER = "user"  # stated by the user in conversation, found by promotion
    USER_CONFIRMED = "user_confirmed"  # the user explicitly asked us to remember it
    SYSTEM = "system_of_record"  # copied from a system of record (reserved; the demo has none)

    @property
    def rank(self) -> int:
        return {"user": 1, "user_confirmed": 2, "system_of_record": 3}[self.value]


@dataclass(frozen=True, slots=True)
class Fact:
    id: FactId
    user_id: str
    key: str
    type: str
    subject: str
    predicate: str
    value: str
    text: str
    source_thread: str
    source_turn: str
    evidence_quote: str
    asserted_by: Authority
    asserted_at: datetime
    supersedes: str
    version: int
    expires_at: datetime
    current: bool = True
    stale: bool = False
    # A retraction is a version too: "I'm no longer vegetarian" supersedes the fact and is never current itself,
    # so history shows when and in whose words the fact stopped being true.
    retracted: bool = False

    def is_stale(self, now: datetime) -> bool:
        return self.stale or now >= self.expires_at

    def to_json(self) -> dict[str, Any]:
        """Every field, JSON-ready (the one serializer: export, the inspector and the row codec derive theirs
        from it)."""
        return {
            "id": self.id,
            "user_id": self.user_id,
            "key": self.key,
            "type": self.type,
            "subject": self.subject,
            "predicate": self.predicate,
            "value": self.value,
            "text": self.text,
            "source_thread": self.source_thread,
            "source_turn": self.source_turn,
            "evidence_quote": self.evidence_quote,
            "asserted_by": self.asserted_by.value,
            "asserted_at": self.asserted_at.isoformat(),
            "supersedes": self.supersedes,
            "version": self.version,
            "expires_at": self.expires_at.isoformat(),
            "current": self.current,
            "stale": self.stale,
            "retracted": self.retracted,
        }


@dataclass(frozen=True, slots=True)
class FactDraft:
    """A validated request to remember one value, with its evidence.

    ``said_at`` is when the user said it (the evidence turn's time). A fact is dated by that, not by when
    promotion happened to run, so "recorded Monday" stays true however late the job ran.
    """

    type: str
    value: str
    quote: str
    source_thread: str
    source_turn: str
    asserted_by: Authority
    said_at: datetime | None = None
    retract: bool = False


WriteStatus = Literal[
    "stored", "superseded", "refreshed", "duplicate", "lower_authority", "retracted", "nothing_to_retract"
]


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    status: WriteStatus
    fact: Fact | None  # the version written (or the one that decided the outcome); None if there is none

    @property
    def kept(self) -> bool:
        """Whether memory now reflects what the user said (a duplicate of it counts)."""
        return self.status not in ("lower_authority", "nothing_to_retract")


def _evidence_id(scope: UserScope, key: str, thread: str, turn: str) -> FactId:
    # Deterministic per (user, key, evidence): re-running promotion over the same turn can never create a
    # second row, even when two workers race on it.
    digest = hashlib.sha256(f"{scope.user}\x1f{key}\x1f{thread}\x1f{turn}".encode()).hexdigest()
    return FactId(digest[:32])


class FactMemory:
    """Writes and reads facts through a :class:`FactStore`, applying the versioning rules."""

    def __init__(
        self, store: FactStore, maintenance: FactMaintenance, batch: FactBatch | None = None
    ) -> None:
        """``batch`` lets :meth:`record_many` write a whole pass at once; without it, it records one by one."""
        self.store = store
        self.maintenance = maintenance
        self.batch = batch

    def record(self, scope: UserScope, draft: FactDraft, *, now: datetime) -> WriteOutcome:
        plan = plan_write(scope, draft, self.store.list_facts(scope, include_history=True), now=now)
        # Write the new version before retiring the old one: a crash in between leaves two current versions
        # (readers resolve them, highest version wins; a re-run repairs them), rather than none.
        if plan.new is not None:
            self.store.add(scope, plan.new)
            crash_point("facts.version_added")
        if plan.retire:
            self.maintenance.set_flags(scope, list(plan.retire), current=False, stale=None)
        return plan.outcome

    def record_many(
        self, items: Sequence[tuple[UserScope, FactDraft]], *, now: datetime
    ) -> list[WriteOutcome | InvalidInput]:
        """Record ``items`` in order, with the outcomes :meth:`record` would give one after another; an item
        the rules refuse (an unknown type) gets its error and the others go on. With a batch store this is one
        history read, one append and one flag update for all of them, with every involved user held."""
        if self.batch is None:
            return [self._record_or_error(scope, draft, now) for scope, draft in items]
        from assistant.fact_batch import record_batch

        with self.users_held(sorted({scope.user for scope, _ in items})):
            return record_batch(self.batch, items, now=now)

    def _record_or_error(
        self, scope: UserScope, draft: FactDraft, now: datetime
    ) -> WriteOutcome | InvalidInput:
        try:
            return self.record(scope, draft, now=now)
        except InvalidInput as exc:
            return exc

    def users_held(self, users: Sequence[str]) -> AbstractContextManager[None]:
        """Held across a batch's read and writes; a subclass that serialises writers per user locks them."""
        return nullcontext()

    def repair(self, scope: UserScope) -> int:
        """Retire every current version that is not its key's newest: the state a crash between writing a new
        version and retiring the old one leaves behind (see ``record``). Run by the expiry pass, so a supersede
        that nobody re-runs is still finished. Returns how many versions were retired."""
        newest: dict[str, Fact] = {}
        older: list[str] = []
        for fact in sorted(self.store.list_facts(scope), key=lambda f: f.version, reverse=True):
            if not fact.current:
                continue
            if fact.key in newest:
                older.append(fact.id)
            else:
                newest[fact.key] = fact
        if older:
            self.maintenance.set_flags(scope, older, current=False, stale=None)
        return len(older)

    def current(self, scope: UserScope) -> list[Fact]:
        """The user's current facts, one per key, ordered by registry type then recency."""
        return resolve_current(self.store.list_facts(scope))

    def history(self, scope: UserScope, key: str) -> list[Fact]:
        return sorted(
            (f for f in self.store.list_facts(scope, include_history=True) if f.key == key),
            key=lambda f: f.version,
        )

    def find(self, scope: UserScope, fact: FactId) -> Fact:
        for row in self.store.list_facts(scope, include_history=True):
            if row.id == fact:
                return row
        raise NotFound(f"fact {fact} not found")

    def forget(self, scope: UserScope, fact: FactId) -> int:
        """Delete a fact and every earlier version of it (the user wants it gone, not hidden)."""
        return self.store.delete(scope, self.find(scope, fact).key)

    def rollback(self, scope: UserScope, key: str, version: int, *, now: datetime) -> Fact:
        """Make an earlier version current again, as a new version (history is never rewritten)."""
        history = self.history(scope, key)
        target = next((f for f in history if f.version == version), None)
        if target is None:
            raise NotFound(f"no version {version} of {key}")
        if target.retracted:
            raise InvalidInput(f"version {version} is a retraction; roll back to a version with a value")
        current = _current_of(history)
        if current is not None and current.version == version:
            raise InvalidInput(f"version {version} is already current")
        restored = replace(
            target,
            id=new_fact_id(),
            supersedes=current.id if current else "",
            version=max(f.version for f in history) + 1,
            asserted_at=now,
            expires_at=now + _type(target.type).ttl,
            current=True,
            stale=False,
            retracted=False,
        )
        self.store.add(scope, restored)
        if current is not None:
            self.maintenance.set_flags(scope, [current.id], current=False, stale=None)
        return restored

    def expire(self, scope: UserScope, *, now: datetime) -> tuple[int, int]:
        """Mark facts past their type's TTL stale and delete those past the type's deletion horizon.

        Returns (newly stale, deleted). Stale facts stay visible, with their age, until they are deleted.
        """
        newly_stale: list[str] = []
        doomed: set[str] = set()
        for fact in self.current(scope):
            ftype = FACT_TYPES.get(fact.type)
            if (
                ftype is not None
                and ftype.delete_after is not None
                and now >= fact.asserted_at + ftype.delete_after
            ):
                doomed.add(fact.key)
            elif now >= fact.expires_at and not fact.stale:
                newly_stale.append(fact.id)
        if newly_stale:
            self.maintenance.set_flags(scope, newly_stale, current=None, stale=True)
        deleted = sum(self.store.delete(scope, key) for key in sorted(doomed))
        return len(newly_stale), deleted


@dataclass(frozen=True, slots=True)
class WritePlan:
    """What recording one draft does, decided from the user's history alone: the outcome, the version to add
    (if any) and the versions to retire after it. Both the one-fact path (:meth:`FactMemory.record`) and the
    batched promotion pass (``assistant.fact_batch``) apply the same plan, so their decisions cannot differ."""

    outcome: WriteOutcome
    new: Fact | None
    retire: tuple[str, ...]


def plan_write(scope: UserScope, draft: FactDraft, history: Sequence[Fact], *, now: datetime) -> WritePlan:
    """The versioning rules for one draft against ``history`` (the user's facts, every version; other keys are
    ignored)."""
    ftype = _type(draft.type)
    key = ftype.key_for(draft.value)
    versions = [f for f in history if f.key == key]
    new_id = _evidence_id(scope, key, draft.source_thread, draft.source_turn)
    existing = next((f for f in versions if f.id == new_id), None)
    if existing is not None:
        # A re-run over the same evidence. If the first run was interrupted after writing this version but
        # before retiring the one it supersedes, finish that now: two current versions of one key must not
        # survive a retry.
        older = tuple(f.id for f in versions if f.current and f.version < existing.version)
        return WritePlan(WriteOutcome("duplicate", existing), None, older)
    current = _current_of(versions)
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
    if current is None:
        return WritePlan(WriteOutcome("stored", fact), fact, ())
    status: WriteStatus = "refreshed" if current.value == draft.value else "superseded"
    return WritePlan(WriteOutcome(status, fact), fact, (current.id,))


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
        text=ftype.render(draft.value),
        source_thread=draft.source_thread,
        source_turn=draft.source_turn,
        evidence_quote=draft.quote,
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


def _current_of(history: Sequence[Fact]) -> Fact | None:
    live = [f for f in history if f.current]
    return max(live, key=lambda f: f.version) if live else None


def _type(name: str) -> FactType:
    ftype = FACT_TYPES.get(name)
    if ftype is None:
        raise InvalidInput(f"unknown fact type {name!r}")
    return ftype
