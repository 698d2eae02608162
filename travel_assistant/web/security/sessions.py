"""Server-side login sessions for the web app: who is acting, and whether their login still stands.

Chainlit's login is a signed token (cookie or bearer) that it trusts until it expires, renews on request and
does not revoke on logout. Each login here also opens a session record (``assistant.sessions``) whose id
travels inside the token (``metadata.jti``), and every enforcement point asks :class:`SessionGuard` whether
that record is still active:

* every HTTP request and socket handshake: ``web.guard.SecurityMiddleware`` (a dead token is removed from the
  request before Chainlit sees it, so Chainlit treats it as no login at all);
* every chat event, action and resume: ``handlers.requires_chat`` and the data layer (``acting()``), because a
  socket outlives the handshake it was checked at;
* ending a session also disconnects its open sockets in this process (:func:`end_sockets`).

The request's principal reaches the data layer through a context variable set by the middleware: Chainlit's
REST routes call the data layer with a thread id only, and "not yours" must look exactly like "not found".
"""

from __future__ import annotations

import asyncio
import logging
from contextvars import ContextVar, Token
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import jwt

from assistant.errors import InvalidId
from assistant.ids import UserId, user_id
from assistant.ports import LoginSessions
from assistant.sessions import RevokeReason
from travel_assistant.container import utc_now
from travel_assistant.settings import Settings

logger = logging.getLogger(__name__)

SESSION_CLAIM = "jti"  # inside the token's ``metadata`` (Chainlit signs the user record, nothing beside it)


@dataclass(frozen=True, slots=True)
class Principal:
    """A verified login: the user and the session id their token carries."""

    user: UserId
    session: str


@dataclass(frozen=True, slots=True)
class RequestScope:
    """What the middleware learned about the current HTTP request or socket connection."""

    principal: Principal | None
    origin: str | None


_REQUEST: ContextVar[RequestScope | None] = ContextVar("travel_assistant_request", default=None)


def enter_request(scope: RequestScope) -> Token[RequestScope | None]:
    return _REQUEST.set(scope)


def leave_request(token: Token[RequestScope | None]) -> None:
    _REQUEST.reset(token)


def current_request() -> RequestScope | None:
    return _REQUEST.get()


def token_principal(settings: Settings, token: str | None, *, verify_exp: bool = True) -> Principal | None:
    """The login a token names, if its signature (and, by default, its expiry) hold. No store is read."""
    if not token:
        return None
    try:
        claims = jwt.decode(
            token,
            settings.chainlit_auth_secret.get_secret_value(),
            algorithms=["HS256"],
            options={"require": ["exp"], "verify_exp": verify_exp},
        )
        metadata = claims.get("metadata") or {}
        session = metadata.get(SESSION_CLAIM) if isinstance(metadata, dict) else None
        if not isinstance(session, str) or not session:
            return None  # a token from before sessions existed, or not one of ours
        return Principal(user=user_id(claims.get("identifier")), session=session)
    except (jwt.PyJWTError, InvalidId):
        return None


class SessionGuard:
    """Answers "is this login still good?" against the session store, and "is this origin ours?"."""

    def __init__(self, settings: Settings, sessions: LoginSessions) -> None:
        self.settings = settings
        self.sessions = sessions

    def origin_allowed(self, origin: str | None) -> bool:
        """No Origin (a non-browser client, or a same-origin GET) is allowed; a browser always sends one
        across origins, so a foreign or opaque ("null") one is what a cross-site page looks like."""
        return origin is None or origin.rstrip("/").lower() == self.settings.public_origin

    def check(self, token: str | None, *, now: datetime | None = None) -> Principal | None:
        """The principal of a token whose session is active and belongs to the token's user; else None."""
        principal = token_principal(self.settings, token)
        if principal is None:
            return None
        return self.still_active(principal, now=now)

    def still_active(self, principal: Principal, *, now: datetime | None = None) -> Principal | None:
        record = self.sessions.active(principal.session, now=now or utc_now())
        return principal if record is not None and record.user == principal.user else None

    def open(self, user: UserId) -> str:
        """Start a login session for ``user``; returns the id to carry in the token."""
        now = utc_now()
        self.sessions.prune(now=now)  # keeps the table to live sessions; cheap, and logins are rare
        lifetime = timedelta(hours=self.settings.session_hours)
        return self.sessions.open(user, now=now, lifetime=lifetime).id

    def acting(self) -> Principal | None:
        """Who is acting in the current Chainlit event or HTTP request, if their login is still good and
        their page is on our origin. Checked afresh on every call: a socket lives longer than a login may."""
        chainlit = _chainlit_session()
        if chainlit is not None:
            environ = getattr(chainlit, "environ", None) or {}
            if not self.origin_allowed(environ.get("HTTP_ORIGIN")):
                return None
            user = getattr(chainlit, "user", None)
            principal = self.check(getattr(chainlit, "token", None))
            if principal is None or user is None or user.identifier != principal.user:
                return None
            return principal
        request = current_request()
        if request is None or request.principal is None or not self.origin_allowed(request.origin):
            return None
        return self.still_active(request.principal)


def _chainlit_session() -> Any:
    """The Chainlit session of the running event (websocket, or one set up for an HTTP action), if any."""
    from chainlit.context import context_var

    try:
        return context_var.get().session
    except LookupError:
        return None


def login_metadata(guard: SessionGuard, user: UserId, *, is_admin: bool) -> dict[str, Any]:
    """The metadata a login's token carries: the admin flag the UI shows, and the session id."""
    return {"is_admin": is_admin, SESSION_CLAIM: guard.open(user)}


async def end_sockets(
    settings: Settings,
    *,
    user: UserId | None = None,
    session: str | None = None,
    keep_socket: str | None = None,
) -> int:
    """Disconnect this process's sockets of a user (or of one login session) so an ended login stops at once.

    Other processes' sockets are not reachable from here; they are refused at their next event instead, where
    ``requires_chat`` checks the session. ``keep_socket`` is left open for a last message (the erasure notice
    that logs the page out)."""
    from chainlit.server import sio
    from chainlit.session import ws_sessions_sid

    ended = 0
    for sid, ws in list(ws_sessions_sid.items()):
        if sid == keep_socket:
            continue
        owner = getattr(ws.user, "identifier", None) if ws.user else None
        carried = token_principal(settings, ws.token, verify_exp=False)
        if (user is not None and owner == user) or (
            session is not None and carried is not None and carried.session == session
        ):
            # In a task of its own: Chainlit's disconnect handler switches the current Chainlit context to the
            # disconnected session, which would send the caller's next message to a closed socket.
            await asyncio.create_task(sio.disconnect(sid))
            ended += 1
    if ended:
        logger.info("ended %d open socket(s) of a finished login", ended)
    return ended


async def revoke_token(guard: SessionGuard, token: str | None, reason: RevokeReason) -> bool:
    """End the session a token names (signature checked, expiry not: an expired login has nothing to end)."""
    principal = token_principal(guard.settings, token, verify_exp=False)
    if principal is None:
        return False
    ended = await asyncio.to_thread(guard.sessions.revoke, principal.session, now=utc_now(), reason=reason)
    await end_sockets(guard.settings, session=principal.session)
    return ended
