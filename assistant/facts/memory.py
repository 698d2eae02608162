"""FactMemory: writes and reads facts through the narrow stores, applying the versioning rules."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from datetime import datetime

from assistant.errors import InvalidInput, NotFound
from assistant.fact_records import Fact, FactDraft, WriteOutcome
from assistant.fact_types import FACT_TYPES
from assistant.facts.batch import record_batch
from assistant.facts.rules import current_of, plan_write, resolve_current, type_named
from assistant.faults import crash_point
from assistant.ids import FactId, UserScope, new_fact_id
from assistant.ports import FactBatch, FactMaintenance, FactStore


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
        current = current_of(history)
        if current is not None and current.version == version:
            raise InvalidInput(f"version {version} is already current")
        restored = replace(
            target,
            id=new_fact_id(),
            supersedes=current.id if current else "",
            version=max(f.version for f in history) + 1,
            asserted_at=now,
            expires_at=now + type_named(target.type).ttl,
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
