"""Redacting one logged message: its text scrubbed in place everywhere it was copied, with an audit trail.

The thread log is append-only, with one designed exception: a user (their own messages) or an admin can have a
message removed, because it held something that must not be kept (a secret the masking missed, another
person's details). Redaction

* replaces the message's text, and every verbatim copy of its sentences in the thread's other events (the
  assistant's reply, tool calls, summaries, failures) and in the thread's title;
* deletes the long-term facts whose evidence was that message (all versions, purged from old table versions);
* appends a ``redaction`` event and an audit record that say something was removed, when and by whom (role in
  the event, actor in the audit), never what;
* folds SQLite's WAL back so no copy of the old text survives there (``secure_delete`` zeroes freed pages).

It is idempotent: redacting an already redacted message changes nothing and audits nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col

from assistant.errors import NotFound
from assistant.events import EventKind
from assistant.ids import ThreadId, TurnId, UserId, UserScope
from assistant.jsonable import JsonRecord
from assistant.ports import FactStore
from language.scrub import MESSAGE_REMOVED, fragments, scrub_json, scrub_text
from memory.db import Database
from memory.registry import UserDataRegistry
from memory.tables import EventRow, ThreadRow
from memory.thread_log import log_changed

REDACTION = EventKind.REDACTION
TITLE_REMOVED = "Message removed"


@dataclass(frozen=True, slots=True, kw_only=True)
class RedactionReport(JsonRecord):
    already_redacted: bool
    events_scrubbed: int
    copies_removed: int
    title_reset: bool
    fact_versions_deleted: int


def redact_message(
    *,
    db: Database,
    facts: FactStore,
    registry: UserDataRegistry,
    user: UserId,
    thread: ThreadId,
    turn: TurnId,
    actor: str,
    now: datetime,
) -> RedactionReport:
    """Remove the user message of ``turn`` in ``thread`` (owned by ``user``) and every copy of its words."""
    with db.write() as session:
        owner, target = _owned_message(session, user=user, thread=thread, turn=turn)
        if target.body.get("redacted"):
            return RedactionReport(
                already_redacted=True,
                events_scrubbed=0,
                copies_removed=0,
                title_reset=False,
                fact_versions_deleted=0,
            )
        pieces = fragments(str(target.body.get("text", "")))
        target.body = {"text": MESSAGE_REMOVED, "redacted": True}
        scrubbed, copies = _scrub_copies(session, thread, pieces)
        scrubbed += 1  # the message itself
        session.execute(log_changed(thread))  # every process's cached copy of the thread is stale now
        first_user_seq = session.execute(
            select(func.min(col(EventRow.seq))).where(
                col(EventRow.thread_id) == thread, col(EventRow.kind) == EventKind.USER
            )
        ).scalar_one()
        title, in_title = scrub_text(owner.title, pieces)
        title_reset = bool(in_title) or first_user_seq == target.seq
        if title_reset:
            owner.title = TITLE_REMOVED if first_user_seq == target.seq else title
        _append_marker(db, session, user=user, thread=thread, turn=turn, actor=actor, now=now)
    deleted = _delete_derived_facts(facts, UserScope(user), thread, turn)
    db.checkpoint()
    report = RedactionReport(
        already_redacted=False,
        events_scrubbed=scrubbed,
        copies_removed=copies,
        title_reset=title_reset,
        fact_versions_deleted=deleted,
    )
    registry.audit(actor=actor, action="redact_message", user=user, now=now, details=report.to_json())
    return report


def _owned_message(
    session: Session, *, user: UserId, thread: ThreadId, turn: TurnId
) -> tuple[ThreadRow, EventRow]:
    """The thread and its user message for ``turn``; another user's thread reads as not found."""
    owner = session.get(ThreadRow, thread)
    if owner is None or owner.user_id != user:
        raise NotFound(f"thread {thread} not found")
    target = session.execute(
        select(EventRow).where(
            col(EventRow.thread_id) == thread,
            col(EventRow.turn_id) == turn,
            col(EventRow.kind) == EventKind.USER,
        )
    ).scalar_one_or_none()
    if target is None:
        raise NotFound(f"no message {turn} in thread {thread}")
    return owner, target


def _scrub_copies(session: Session, thread: ThreadId, pieces: list[str]) -> tuple[int, int]:
    """Remove the message's words from every other event of the thread (replies, tool calls, summaries):
    (events changed, copies removed)."""
    scrubbed = copies = 0
    others = session.execute(
        select(EventRow).where(col(EventRow.thread_id) == thread, col(EventRow.kind) != EventKind.USER)
    ).scalars()
    for event in others:
        body, found = scrub_json(event.body, pieces)
        if found:
            event.body = body
            scrubbed += 1
            copies += found
    return scrubbed, copies


def _append_marker(
    db: Database, session: Any, *, user: UserId, thread: ThreadId, turn: TurnId, actor: str, now: datetime
) -> None:
    """The ``redaction`` event of the turn (its key makes a second one impossible), in the same transaction."""
    insert = sqlite.insert if db.is_sqlite else postgresql.insert
    role = "admin" if actor.startswith("admin") else "user"
    seq = session.execute(
        insert(EventRow)
        .values(
            thread_id=thread, user_id=user, turn_id=turn, kind=REDACTION, body={"by": role}, created_at=now
        )
        .on_conflict_do_nothing(index_elements=["thread_id", "turn_id", "kind"])
        .returning(col(EventRow.seq))
    ).scalar_one_or_none()
    if seq is not None:
        # Keep last_seq the log's high-water mark; the idle clock (last_event_at) is the user's, not ours.
        session.execute(
            update(ThreadRow)
            .where(col(ThreadRow.id) == thread)
            .values(
                last_seq=func.max(col(ThreadRow.last_seq), seq)
                if db.is_sqlite
                else func.greatest(col(ThreadRow.last_seq), seq),
                log_revision=col(ThreadRow.log_revision) + 1,  # one per event appended, as appends do
            )
        )


def _delete_derived_facts(facts: FactStore, scope: UserScope, thread: ThreadId, turn: TurnId) -> int:
    """Delete every logical fact that has a version whose evidence was this message (all its versions)."""
    keys = {
        f.key
        for f in facts.list_facts(scope, include_history=True)
        if f.source_thread == thread and f.source_turn == turn
    }
    return sum(facts.delete(scope, key) for key in sorted(keys))
