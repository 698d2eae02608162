"""One registry of every store that holds a user's data; export (GDPR Art. 15/20) and erasure (Art. 17) are
both driven by it, so a store cannot be exported but forgotten in erasure, or the other way round.

A test walks the database schema and fails when a table with a user column is neither registered here nor
listed in ``NOT_USER_DATA`` with a reason. Erasure is verified, not assumed: afterwards every registered store
counts zero rows for the user, including every retained LanceDB table version.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlmodel import SQLModel, col

from assistant.fact_records import Fact, WriteOutcome
from assistant.facts.memory import FactMemory
from assistant.facts.pending import discard, keep
from assistant.facts.words import EvidenceWords
from assistant.ids import FactId, UserId, UserScope
from assistant.jsonable import jsonable
from memory.db import Database, rowcount
from memory.lance_store import LanceFactStore
from memory.tables import (
    AuditRow,
    BookingRow,
    ClaimRow,
    DemoClockRow,
    EventRow,
    LoginSessionRow,
    ThreadRow,
    UserRow,
)
from memory.thread_log import SqlThreadLog

# (table, column naming the user) in deletion order: children before parents.
SQL_USER_TABLES: tuple[tuple[type[SQLModel], str], ...] = (
    (EventRow, "user_id"),
    (ClaimRow, "user_id"),
    (BookingRow, "user_id"),
    (ThreadRow, "user_id"),
    # Deleting a user's login sessions ends every login of theirs at once (each request checks its session).
    (LoginSessionRow, "user_id"),
    (DemoClockRow, "user_id"),
    (UserRow, "id"),
)

NOT_USER_DATA: dict[str, str] = {
    "job_runs": "per-pass job statistics: counts and reasons only, no ids or content",
    "audit_log": "the erasure trail itself; subjects are keyed hashes, details are counts",
    "alembic_version": "schema version",
    "apscheduler_jobs": "scheduler triggers (job ids and next run times)",
}

FACTS_STORE = "facts (LanceDB)"


def table_name(model: type[SQLModel]) -> str:
    return str(model.__tablename__)


def registered_sql_tables() -> dict[str, str]:
    return {table_name(model): column for model, column in SQL_USER_TABLES}


@dataclass
class ErasureReport:
    user_hash: str
    counts: dict[str, int] = field(default_factory=dict)
    remaining: dict[str, int] = field(default_factory=dict)

    @property
    def verified(self) -> bool:
        return all(v == 0 for v in self.remaining.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "user_hash": self.user_hash,
            "deleted": self.counts,
            "remaining": self.remaining,
            "verified": self.verified,
        }


class UserDataRegistry:
    """Export, erasure and the deletions a user asks for, each leaving an audit record (counts only)."""

    def __init__(self, db: Database, facts: LanceFactStore, *, audit_key: bytes) -> None:
        self.db = db
        self.facts = facts
        self.audit_key = audit_key
        self._memory = FactMemory(facts, facts)

    def subject_hash(self, user: UserId) -> str:
        return hmac.new(self.audit_key, user.encode(), hashlib.sha256).hexdigest()

    def stores(self) -> list[str]:
        return [*registered_sql_tables(), FACTS_STORE]

    def counts(self, user: UserId) -> dict[str, int]:
        counts: dict[str, int] = {}
        with self.db.read() as session:
            for model, column in SQL_USER_TABLES:
                attr = getattr(model, column)
                counts[table_name(model)] = int(
                    session.execute(select(func.count()).select_from(model).where(attr == user)).scalar_one()
                )
        counts[FACTS_STORE] = self.facts.rows_in_any_version(UserScope(user))
        return counts

    def export(self, user: UserId, *, now: datetime) -> dict[str, Any]:
        """Everything we hold about ``user`` and nothing about anyone else, as JSON-ready data."""
        stores: dict[str, list[dict[str, Any]]] = {}
        with self.db.read() as session:
            for model, column in SQL_USER_TABLES:
                rows = session.execute(select(model).where(getattr(model, column) == user)).scalars().all()
                stores[table_name(model)] = [
                    {k: jsonable(v) for k, v in row.model_dump().items() if k != "password_hash"}
                    for row in rows
                ]
        words = EvidenceWords(SqlThreadLog(self.db))
        titles = {str(t["id"]): str(t.get("title") or "") for t in stores.get(table_name(ThreadRow), [])}
        stores[FACTS_STORE] = [
            _exported_fact(f, words.of(f), titles)
            for f in self.facts.list_facts(UserScope(user), include_history=True)
        ]
        return {"user": user, "exported_at": now.isoformat(), "stores": stores}

    def erase(self, user: UserId, *, actor: str, now: datetime, action: str = "erase_user") -> ErasureReport:
        """Erase the user from every registered store and verify it. Safe to re-run after a crash: each step
        deletes what is left, and the audit record is written only once everything is gone."""
        scope = UserScope(user)
        report = ErasureReport(self.subject_hash(user))
        report.counts[FACTS_STORE] = self.facts.erase(scope)
        with self.db.write() as session:
            for model, column in SQL_USER_TABLES:
                result = session.execute(delete(model).where(getattr(model, column) == user))
                report.counts[table_name(model)] = rowcount(result)
        # A promotion that raced the SQL delete could have added a fact after the first purge.
        report.counts[FACTS_STORE] += self.facts.erase(scope)
        self.db.checkpoint()
        report.remaining = self.counts(user)
        if report.verified and any(report.counts.values()):
            self.audit(actor=actor, action=action, user=user, now=now, details={"deleted": report.counts})
        return report

    def forget_fact(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> int:
        """Delete one fact and its earlier versions (purged, not hidden), and leave an audit record."""
        removed = self._memory.forget(UserScope(user), fact)
        self.audit(
            actor=actor, action="forget_fact", user=user, now=now, details={"fact_versions_deleted": removed}
        )
        return removed

    def keep_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> WriteOutcome:
        """The user keeps a fact the gate asked about: it becomes their confirmed word (audited)."""
        outcome = keep(self._memory, UserScope(user), fact, now=now)
        self.audit(actor=actor, action="keep_pending", user=user, now=now, details={"status": outcome.status})
        return outcome

    def discard_pending(self, user: UserId, fact: FactId, *, actor: str, now: datetime) -> int:
        """The user discards a fact the gate asked about: the pending version is deleted (audited)."""
        removed = discard(self._memory, UserScope(user), fact)
        self.audit(actor=actor, action="discard_pending", user=user, now=now, details={"deleted": removed})
        return removed

    def forget_all(self, user: UserId, *, actor: str, now: datetime) -> int:
        """Delete every fact of the user (purged from old versions too), and leave an audit record."""
        removed = self.facts.erase(UserScope(user))
        self.audit(
            actor=actor, action="forget_all", user=user, now=now, details={"fact_rows_deleted": removed}
        )
        return removed

    def audit(self, *, actor: str, action: str, user: UserId, now: datetime, details: dict[str, Any]) -> None:
        with self.db.write() as session:
            session.add(
                AuditRow(
                    at=now,
                    actor=actor[:80],
                    action=action[:40],
                    subject_hash=self.subject_hash(user),
                    details=details,
                )
            )

    def audit_trail(self, user: UserId) -> list[dict[str, Any]]:
        with self.db.read() as session:
            rows = (
                session.execute(
                    select(AuditRow)
                    .where(col(AuditRow.subject_hash) == self.subject_hash(user))
                    .order_by(col(AuditRow.id))
                )
                .scalars()
                .all()
            )
            return [
                {"at": r.at.isoformat(), "actor": r.actor, "action": r.action, "details": r.details}
                for r in rows
            ]


def _exported_fact(fact: Fact, your_words: str, titles: dict[str, str]) -> dict[str, Any]:
    """A fact as exported: its record without the owner and the internal key (the export is the owner's), our
    wording of it, the user's words read from the log through its evidence pointer, and the name of the
    conversation it came from (the thread's title: the name the user chose, or the web's)."""
    record = {name: value for name, value in fact.to_json().items() if name not in ("user_id", "key")}
    record["source_thread_title"] = titles.get(fact.source_thread, "") if fact.source_thread else ""
    return {**record, "text": fact.text, "your_words": your_words}
