"""In-memory twins of the stores. They pass the same contract suites as the real ones, so engine tests that
use them test real behaviour, just without I/O."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from assistant.errors import AccessDenied, NotFound
from assistant.events import AppendResult, Event, EventKind, NewEvent, ThreadRecord, UserRecord
from assistant.fact_records import Fact
from assistant.facts.search import hybrid_scores
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.remask import check_remask
from assistant.sessions import LoginSession, RevokeReason


class InMemoryThreadStore:
    """Implements ThreadLog and Directory, as one object.

    On SQL they are two classes (``memory.thread_log``, ``memory.users``) over shared tables. Here the shared
    state is these dicts under one lock: an append needs the thread (it must exist) and moves its owner's
    activity clock, and deleting a thread deletes its events, so splitting the twin would only add a back
    channel between two halves of one store.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._users: dict[UserId, UserRecord] = {}
        self._threads: dict[ThreadId, ThreadRecord] = {}
        self._events: list[Event] = []
        self._seq = 0

    def append(self, event: NewEvent) -> AppendResult:
        return self.append_many([event])[0]

    def append_many(
        self, events: Sequence[NewEvent], *, only_if_new: bool = False, unless_logged: Sequence[str] = ()
    ) -> list[AppendResult]:
        with self._lock:
            for event in events:  # all or nothing, like one SQL transaction
                if event.thread_id not in self._threads:
                    raise NotFound(f"thread {event.thread_id} does not exist")
            if only_if_new and events:
                first = events[0]
                keys = {(e.thread_id, e.turn_id, e.kind) for e in events}
                keys.update((first.thread_id, first.turn_id, kind) for kind in unless_logged)
                if any((e.thread_id, e.turn_id, e.kind) in keys for e in self._events):
                    return []
            return [self._append(event) for event in events]

    def _append(self, event: NewEvent) -> AppendResult:
        thread = self._threads[event.thread_id]
        for existing in self._events:
            if (existing.thread_id, existing.turn_id, existing.kind) == (
                event.thread_id,
                event.turn_id,
                event.kind,
            ):
                return AppendResult(existing, inserted=False)
        self._seq += 1
        stored = Event(
            self._seq, event.thread_id, event.turn_id, event.kind, dict(event.body), event.created_at
        )
        self._events.append(stored)
        last_user = thread.last_user_at
        if event.kind == EventKind.USER:
            last_user = max(last_user, event.created_at) if last_user else event.created_at
            owner = self._users[thread.user_id]
            if event.created_at > owner.last_active_at:
                self._users[thread.user_id] = replace(owner, last_active_at=event.created_at)
        last_event = thread.last_event_at
        self._threads[event.thread_id] = replace(
            thread,
            last_seq=self._seq,
            last_user_at=last_user,
            last_event_at=max(last_event, event.created_at) if last_event else event.created_at,
        )
        return AppendResult(stored, inserted=True)

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        with self._lock:
            return [e for e in self._events if e.thread_id == thread and e.seq > after_seq]

    def remask(self, thread: ThreadId, turn: TurnId, *, was: str, text: str) -> bool:
        check_remask(text)
        with self._lock:
            for i, e in enumerate(self._events):
                if (e.thread_id, e.turn_id, e.kind) == (thread, turn, EventKind.USER) and e.text == was:
                    self._events[i] = replace(e, body={**e.body, "text": text})
                    return True
            return False

    def ensure_user(self, user: UserId, *, now: datetime) -> UserRecord:
        with self._lock:
            return self._users.setdefault(user, UserRecord(id=user, created_at=now, last_active_at=now))

    def get_user(self, user: UserId) -> UserRecord | None:
        with self._lock:
            return self._users.get(user)

    def set_password(self, user: UserId, password_hash: str, *, is_admin: bool, now: datetime) -> None:
        record = self.ensure_user(user, now=now)
        with self._lock:
            self._users[user] = replace(record, password_hash=password_hash, is_admin=is_admin)

    def open_thread(self, user: UserId, thread: ThreadId, *, now: datetime) -> ThreadRecord:
        with self._lock:
            if user not in self._users:
                raise NotFound(f"unknown user {user}")
            record = self._threads.setdefault(
                thread,
                ThreadRecord(thread, user, "", now, None, None, last_seq=0, promoted_through_seq=0),
            )
            if record.user_id != user:
                raise AccessDenied(f"thread {thread} is not available to user {user}")
            return record

    def get_thread(self, user: UserId, thread: ThreadId) -> ThreadRecord | None:
        with self._lock:
            record = self._threads.get(thread)
            return record if record is not None and record.user_id == user else None

    def threads_of(self, user: UserId) -> list[ThreadRecord]:
        with self._lock:
            mine = [t for t in self._threads.values() if t.user_id == user]
        mine.sort(key=lambda t: t.id)
        mine.sort(key=lambda t: t.last_event_at or t.created_at, reverse=True)
        return mine

    def rename_thread(self, user: UserId, thread: ThreadId, title: str) -> None:
        with self._lock:
            record = self._owned(user, thread)
            self._threads[thread] = replace(record, title=title[:200])

    def delete_thread(self, user: UserId, thread: ThreadId) -> int:
        with self._lock:
            self._owned(user, thread)
            before = len(self._events)
            self._events = [e for e in self._events if e.thread_id != thread]
            del self._threads[thread]
            return before - len(self._events)

    def _owned(self, user: UserId, thread: ThreadId) -> ThreadRecord:
        record = self._threads.get(thread)
        if record is None or record.user_id != user:
            raise NotFound(f"thread {thread} not found")
        return record


class InMemoryFactStore:
    """Implements FactStore, FactMaintenance, FactBatch and AskMarks over a list, with the same hybrid scoring
    as LanceDB's path approximated by ``assistant.search.hybrid_scores`` (token overlap stands in for vectors)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: list[Fact] = []

    def add(self, scope: UserScope, fact: Fact) -> None:
        if fact.user_id != scope.user:
            raise AccessDenied("a fact can only be written into its own user's scope")
        fact.check()
        with self._lock:
            self._rows.append(fact)

    def histories(self, scopes: Sequence[UserScope]) -> dict[str, list[Fact]]:
        return {scope.user: self.list_facts(scope, include_history=True) for scope in scopes}

    def add_many(self, facts: Sequence[tuple[UserScope, Fact]]) -> None:
        if any(fact.user_id != scope.user for scope, fact in facts):
            raise AccessDenied("a fact can only be written into its own user's scope")
        for _, fact in facts:
            fact.check()
        with self._lock:
            self._rows.extend(fact for _, fact in facts)

    def retire_many(self, facts: Sequence[tuple[UserScope, str]]) -> None:
        wanted = {(scope.user, fid) for scope, fid in facts}
        with self._lock:
            for i, fact in enumerate(self._rows):
                if (fact.user_id, fact.id) in wanted:
                    self._rows[i] = replace(fact, current=False)

    def list_facts(self, scope: UserScope, *, include_history: bool = False) -> list[Fact]:
        with self._lock:
            rows = [f for f in self._rows if f.user_id == scope.user and (include_history or f.current)]
        return sorted(rows, key=lambda f: (f.key, f.version))

    def small_set(self, scope: UserScope, limit: int) -> tuple[int, list[Fact] | None]:
        current = self.list_facts(scope)
        return len(current), (current if len(current) <= limit else None)

    def search(self, scope: UserScope, query: str, *, limit: int) -> list[tuple[Fact, float]]:
        candidates = self.list_facts(scope)
        scored = hybrid_scores(query, [(f, f.text) for f in candidates])
        return scored[:limit]

    def delete(self, scope: UserScope, key: str) -> int:
        with self._lock:
            before = len(self._rows)
            self._rows = [f for f in self._rows if not (f.user_id == scope.user and f.key == key)]
            return before - len(self._rows)

    def set_flags(
        self, scope: UserScope, ids: Sequence[str], *, current: bool | None, stale: bool | None
    ) -> None:
        wanted = set(ids)
        with self._lock:
            for i, fact in enumerate(self._rows):
                if fact.user_id == scope.user and fact.id in wanted:
                    self._rows[i] = replace(
                        fact,
                        current=fact.current if current is None else current,
                        stale=fact.stale if stale is None else stale,
                    )

    def mark_asked(self, scope: UserScope, ids: Sequence[str], *, at: datetime) -> None:
        self._update(scope, ids, lambda f: replace(f, asked=f.asked + 1, asked_at=at))

    def mark_lapsed(self, scope: UserScope, ids: Sequence[str]) -> None:
        self._update(scope, ids, lambda f: replace(f, lapsed=True))

    def _update(self, scope: UserScope, ids: Sequence[str], change: Callable[[Fact], Fact]) -> None:
        wanted = set(ids)
        with self._lock:
            for i, fact in enumerate(self._rows):
                if fact.user_id == scope.user and fact.id in wanted:
                    self._rows[i] = change(fact)

    def users_with_facts(self) -> list[UserId]:
        with self._lock:
            return sorted({UserId(f.user_id) for f in self._rows})

    def erase(self, scope: UserScope) -> int:
        with self._lock:
            before = len(self._rows)
            self._rows = [f for f in self._rows if f.user_id != scope.user]
            return before - len(self._rows)

    def compact(self, *, min_fragments: int = 1) -> None:
        return None  # nothing to merge in memory

    def count(self, scope: UserScope) -> int:
        with self._lock:
            return sum(1 for f in self._rows if f.user_id == scope.user)


class InMemoryLoginSessions:
    """Implements LoginSessions over a dict keyed, like the SQL table, by a hash of the session id. Users are
    checked against ``directory`` (the twin's users) so the same contract holds."""

    def __init__(self, directory: InMemoryThreadStore) -> None:
        self._directory = directory
        self._lock = threading.Lock()
        self._rows: dict[str, LoginSession] = {}

    @staticmethod
    def _key(session: str) -> str:
        return hashlib.sha256(session.encode()).hexdigest()

    def open(self, user: UserId, *, now: datetime, lifetime: timedelta) -> LoginSession:
        if lifetime <= timedelta(0):
            raise ValueError("a login session needs a positive lifetime")
        if self._directory.get_user(user) is None:
            raise NotFound(f"unknown user {user}")
        session = LoginSession(
            id=secrets.token_urlsafe(32), user=user, created_at=now, expires_at=now + lifetime
        )
        with self._lock:
            self._rows[self._key(session.id)] = replace(session, id="")
        return session

    def active(self, session: str, *, now: datetime) -> LoginSession | None:
        with self._lock:
            row = self._rows.get(self._key(session)) if session else None
        return replace(row, id=session) if row is not None and row.active_at(now) else None

    def _end(self, keys: list[str], now: datetime, reason: RevokeReason) -> int:
        ended = 0
        for key in keys:
            row = self._rows[key]
            if row.active_at(now):
                self._rows[key] = replace(row, revoked_at=now, revoked_reason=reason)
                ended += 1
        return ended

    def revoke(self, session: str, *, now: datetime, reason: RevokeReason) -> bool:
        with self._lock:
            key = self._key(session)
            return self._end([key] if key in self._rows else [], now, reason) > 0

    def revoke_user(self, user: UserId, *, now: datetime, reason: RevokeReason) -> int:
        with self._lock:
            return self._end([k for k, row in self._rows.items() if row.user == user], now, reason)

    def prune(self, *, now: datetime) -> int:
        with self._lock:
            dead = [k for k, row in self._rows.items() if not row.active_at(now)]
            for key in dead:
                del self._rows[key]
            return len(dead)
