"""Login sessions: the server-side record behind every browser login.

A login cookie is a signed token; on its own it cannot be taken back, and Chainlit renews any valid one. So
each login also gets a session record, named by a random id carried inside the token, and every request,
socket connection and chat event checks that record: ending the record ends the login at once, wherever the
token is, and its expiry is absolute (renewing the token does not move it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from assistant.ids import UserId

# Why a session ended; kept on the record (never the token) so an operator can tell logouts from revocations.
RevokeReason = Literal["logout", "password_reset", "admin", "account_deleted"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LoginSession:
    """One login. ``id`` is the token id the browser holds; stores keep only a hash of it."""

    id: str
    user: UserId
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None = None
    revoked_reason: str | None = None

    def active_at(self, now: datetime) -> bool:
        return self.revoked_at is None and now < self.expires_at
