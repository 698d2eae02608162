"""The narrow interfaces the engine depends on.

Each port has an in-memory twin (``memory.inmemory``; the booking system's in ``demo.bookings``) and real
implementations (``memory.*``, ``demo.bookings``); one contract test suite runs against the stores, so the
engine's tests can use the twins without lying about behaviour (``travel_assistant.twins`` wires them).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Protocol

from assistant.events import AppendResult, Event, NewEvent, ThreadRecord, UserRecord
from assistant.ids import FactId, ThreadId, TurnId, UserId, UserScope

if TYPE_CHECKING:
    from datetime import timedelta

    from assistant.booking_types import Booking, FlightOption, Restaurant
    from assistant.fact_records import Fact, WriteOutcome
    from assistant.sessions import LoginSession, RevokeReason


class ThreadLog(Protocol):
    """Short-term memory: an append-only, ordered event log per thread."""

    def append(self, event: NewEvent) -> AppendResult:
        """Insert-or-ignore on (thread, turn, kind); durable when it returns. Appending a ``user`` event also
        records the user's activity (it re-arms the inactivity clock) in the same transaction."""
        ...

    def append_many(
        self, events: Sequence[NewEvent], *, only_if_new: bool = False, unless_logged: Sequence[str] = ()
    ) -> list[AppendResult]:
        """``append`` for several events as one unit: durable together when it returns, or (after a crash or an
        error) none of them is. Events that need not be durable one by one share a commit this way.

        ``only_if_new``: append the group only if none of its keys is logged yet, nor any of the kinds in
        ``unless_logged`` in the first event's turn; otherwise (another delivery of the turn got there first)
        append nothing and return an empty list. For a group whose events only make sense together (a model
        step with the results of its calls), or that another delivery's step would contradict (a reply)."""
        ...

    def events(self, thread: ThreadId, *, after_seq: int = 0) -> list[Event]:
        """All events of a thread in append order (``seq`` ascending), optionally only those after a seq."""
        ...

    def remask(self, thread: ThreadId, turn: TurnId, *, was: str, text: str) -> bool:
        """Replace the text of the user message of ``turn`` by ``text``, only if it still reads ``was``; True
        when it was replaced. The one correction of the log besides redaction: a secret seen only later (the
        first part of a card number split over two messages) is masked where it was logged. ``text`` must hold
        a mask, so nothing else can be rewritten this way (:class:`assistant.errors.InvalidInput` otherwise)."""
        ...


class Directory(Protocol):
    """Users and thread ownership. A thread belongs to the user who started it, for ever."""

    def ensure_user(self, user: UserId, *, now: datetime) -> UserRecord: ...

    def get_user(self, user: UserId) -> UserRecord | None: ...

    def set_password(self, user: UserId, password_hash: str, *, is_admin: bool, now: datetime) -> None: ...

    def open_thread(self, user: UserId, thread: ThreadId, *, now: datetime) -> ThreadRecord:
        """Return the caller's thread, creating it on first use. Raises AccessDenied if it is somebody else's."""
        ...

    def get_thread(self, user: UserId, thread: ThreadId) -> ThreadRecord | None:
        """The caller's thread or None; another user's thread is indistinguishable from a missing one."""
        ...

    def threads_of(self, user: UserId) -> list[ThreadRecord]:
        """The user's threads, most recently active first."""
        ...

    def rename_thread(self, user: UserId, thread: ThreadId, title: str) -> None: ...

    def delete_thread(self, user: UserId, thread: ThreadId) -> int:
        """Delete the thread and all its events; returns the number of events removed."""
        ...


class LoginSessions(Protocol):
    """Server-side login sessions (see ``assistant.sessions``). Session ids are secrets held by browsers: a
    store keeps only a hash of each, so a copy of the table cannot be replayed as a login."""

    def open(self, user: UserId, *, now: datetime, lifetime: timedelta) -> LoginSession:
        """Start a session for an existing user; the returned record carries the new id (shown only here).
        The expiry is ``now + lifetime`` and never moves."""
        ...

    def active(self, session: str, *, now: datetime) -> LoginSession | None:
        """The session named by ``session`` if it exists, is not revoked and has not expired; else None."""
        ...

    def revoke(self, session: str, *, now: datetime, reason: RevokeReason) -> bool:
        """End one session; True if it was active."""
        ...

    def revoke_user(self, user: UserId, *, now: datetime, reason: RevokeReason) -> int:
        """End every active session of a user; returns how many were active."""
        ...

    def prune(self, *, now: datetime) -> int:
        """Delete records that can never be active again (expired or revoked); returns how many."""
        ...


class BookingSystem(Protocol):
    """The system of record for trips (Tier 2). Queried by tools, never copied into memory."""

    def search_flights(self, *, origin: str, destination: str, day: date) -> list[FlightOption]: ...

    def book_flight(
        self, *, user: UserId, flight_id: str, idempotency_key: str, meal: str | None, now: datetime
    ) -> Booking:
        """Book once per idempotency key: a repeated key returns the existing booking unchanged."""
        ...

    def cancel_booking(self, *, user: UserId, booking_id: str, now: datetime) -> Booking:
        """Cancel one of the user's bookings; cancelling it again returns it unchanged (still cancelled, at the
        first cancellation's time). Another user's booking is indistinguishable from a missing one."""
        ...

    def bookings_of(self, user: UserId) -> list[Booking]: ...

    def find_restaurants(self, *, near_hotel: str, dietary: Sequence[str]) -> list[Restaurant]: ...


class FactStore(Protocol):
    """Long-term memory records. Every call takes a :class:`UserScope`; the store enforces it.

    Rows are immutable fact *versions*; lifecycle flags (``current``, ``stale``) are the only updates.
    """

    def add(self, scope: UserScope, fact: Fact) -> None:
        """Store one version. Its ``user_id`` must equal the scope's user."""
        ...

    def list_facts(self, scope: UserScope, *, include_history: bool = False) -> list[Fact]:
        """Keyed and complete: every current fact of the user (or every version, with history)."""
        ...

    def small_set(self, scope: UserScope, limit: int) -> tuple[int, list[Fact] | None]:
        """(number of current facts, the current facts if there are at most ``limit`` of them, else None).

        The keyed recall path in one call: small sets come back whole; a large set costs only its count.
        """
        ...

    def search(self, scope: UserScope, query: str, *, limit: int) -> list[tuple[Fact, float]]:
        """Hybrid (vector + full-text) relevance search over the user's current facts, best first, with a
        relevance score in [0, 1]."""
        ...

    def delete(self, scope: UserScope, key: str) -> int:
        """Remove every version of one logical fact; returns the number of rows removed."""
        ...


class FactMaintenance(Protocol):
    """Operations that span users, used only by jobs and the privacy registry."""

    def set_flags(
        self, scope: UserScope, ids: Sequence[str], *, current: bool | None, stale: bool | None
    ) -> None: ...

    def users_with_facts(self) -> list[UserId]: ...

    def erase(self, scope: UserScope) -> int:
        """Delete all of the user's facts and purge them from old table versions and indexes."""
        ...

    def count(self, scope: UserScope) -> int: ...

    def compact(self, *, min_fragments: int = 1) -> None:
        """Storage housekeeping after a maintenance pass (merge small appends, refresh indexes); parts of the
        store holding fewer than ``min_fragments`` separate appends may be left for a later pass."""
        ...


class FactBatch(Protocol):
    """Bulk fact writes for the promotion pass: many users' facts read in one query, written in one append and
    retired in one flag update, so a pass over thousands of threads makes a handful of table versions instead
    of several per fact. Scope is enforced per row, exactly as in :class:`FactStore`."""

    def histories(self, scopes: Sequence[UserScope]) -> dict[str, list[Fact]]:
        """Every version of each named user's facts, by user id (a user with none maps to an empty list)."""
        ...

    def add_many(self, facts: Sequence[tuple[UserScope, Fact]]) -> None:
        """Store many versions in one write (all or none); each fact's ``user_id`` must equal its scope's."""
        ...

    def retire_many(self, facts: Sequence[tuple[UserScope, str]]) -> None:
        """Mark the named versions not current, each only within its own scope, in one write."""
        ...


class AskMarks(Protocol):
    """The ask state of pending fact versions (``Fact.asked``, ``asked_at``, ``lapsed``): lifecycle state, updated
    in place like the flags of :class:`FactMaintenance`, so it survives restarts with the version it describes.
    Every call is scoped; ids of other users' versions are ignored."""

    def mark_asked(self, scope: UserScope, ids: Sequence[str], *, at: datetime) -> None:
        """One more conversation asked about each named version: ``asked`` goes up by one (an increment in the
        store, so two conversations opening at once both count), ``asked_at`` becomes ``at``."""
        ...

    def mark_lapsed(self, scope: UserScope, ids: Sequence[str]) -> None:
        """The named versions lapsed: they are no longer asked about (they stay listed, as lapsed)."""
        ...


class PendingDecisions(Protocol):
    """The user's Keep or Discard of a pending fact (``assistant.facts.pending``), as the app records it: the
    privacy registry audits each; :class:`assistant.facts.pending.Unaudited` is its twin."""

    def keep_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> WriteOutcome: ...

    def discard_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> int: ...
