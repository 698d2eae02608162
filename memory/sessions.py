"""Login sessions on SQL: the :class:`assistant.ports.LoginSessions` port.

The browser holds the session id (inside its signed login token); the table holds a SHA-256 of it. A read of
the table therefore cannot be turned into a login, and the lookup stays one primary-key read per request.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, update
from sqlmodel import col

from assistant.errors import NotFound
from assistant.ids import UserId
from assistant.sessions import LoginSession, RevokeReason
from memory.db import Database, rowcount
from memory.tables import LoginSessionRow, UserRow


def session_hash(session: str) -> str:
    return hashlib.sha256(session.encode()).hexdigest()


def new_session_id() -> str:
    """256 random bits, URL-safe (it travels inside a token)."""
    return secrets.token_urlsafe(32)


class SqlLoginSessions:
    """Implements :class:`assistant.ports.LoginSessions`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def open(self, user: UserId, *, now: datetime, lifetime: timedelta) -> LoginSession:
        if lifetime <= timedelta(0):
            raise ValueError("a login session needs a positive lifetime")
        session = LoginSession(id=new_session_id(), user=user, created_at=now, expires_at=now + lifetime)
        with self.db.write() as db_session:
            if db_session.get(UserRow, user) is None:
                raise NotFound(f"unknown user {user}")
            db_session.add(
                LoginSessionRow(
                    id=session_hash(session.id),
                    user_id=user,
                    created_at=session.created_at,
                    expires_at=session.expires_at,
                )
            )
        return session

    def active(self, session: str, *, now: datetime) -> LoginSession | None:
        if not session:
            return None
        with self.db.read() as db_session:
            row = db_session.get(LoginSessionRow, session_hash(session))
        if row is None:
            return None
        record = LoginSession(
            id=session,
            user=UserId(row.user_id),
            created_at=row.created_at,
            expires_at=row.expires_at,
            revoked_at=row.revoked_at,
            revoked_reason=row.revoked_reason,
        )
        return record if record.active_at(now) else None

    def revoke(self, session: str, *, now: datetime, reason: RevokeReason) -> bool:
        with self.db.write() as db_session:
            result = db_session.execute(
                update(LoginSessionRow)
                .where(
                    col(LoginSessionRow.id) == session_hash(session),
                    col(LoginSessionRow.revoked_at).is_(None),
                    col(LoginSessionRow.expires_at) > now,
                )
                .values(revoked_at=now, revoked_reason=reason)
            )
            return rowcount(result) > 0

    def revoke_user(self, user: UserId, *, now: datetime, reason: RevokeReason) -> int:
        with self.db.write() as db_session:
            result = db_session.execute(
                update(LoginSessionRow)
                .where(
                    col(LoginSessionRow.user_id) == user,
                    col(LoginSessionRow.revoked_at).is_(None),
                    col(LoginSessionRow.expires_at) > now,
                )
                .values(revoked_at=now, revoked_reason=reason)
            )
            return rowcount(result)

    def prune(self, *, now: datetime) -> int:
        with self.db.write() as db_session:
            result = db_session.execute(
                delete(LoginSessionRow).where(
                    or_(col(LoginSessionRow.expires_at) <= now, col(LoginSessionRow.revoked_at).is_not(None))
                )
            )
            return rowcount(result)
