"""The ASGI middleware in front of Chainlit's whole app (HTTP routes and the socket.io mount).

Chainlit has no hook for these, so they are enforced here, before any Chainlit code runs:

1. **Login sessions.** The login token (cookie or bearer) must name an active session
   (``web.sessions.SessionGuard``). A token that does not is *removed from the request* (and its cookie
   cleared in the response): Chainlit then sees no login at all and answers 401 on every authenticated route,
   refuses the socket handshake, and cannot renew it at ``/auth/jwt``. The verified principal is handed to the
   data layer for the rest of the request (``web.sessions.enter_request``).
2. **Origin.** A request or a websocket from a foreign ``Origin`` is refused (static files excepted); a
   state-changing one without an Origin needs our Referer if it has one; login, logout and token renewal
   need positive proof (an Origin or Referer of ``PUBLIC_ORIGIN``): that is login CSRF.
3. **Login throttling** (``web.throttle``): ``POST /login`` is refused with 429 and ``Retry-After`` while the
   account or the client address is over its limit; failures are counted from Chainlit's answer, and a
   lockout is written to the audit trail.
4. **Headers.** Every response gets the security headers (``web.headers``); the page gets its CSP; cookies
   get ``Secure`` when ``PUBLIC_ORIGIN`` is https; API responses are ``no-store``; FastAPI's API docs answer
   404 outside development.

Paths in :data:`OPEN_PATHS` (health and readiness probes) and static files skip the session lookup, so a probe
never waits on the database for a login it does not have.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from travel_assistant.settings import Settings
from travel_assistant.web.security.headers import NON_PAGE_POLICY, common_headers, secure_cookie
from travel_assistant.web.security.sessions import (
    Principal,
    RequestScope,
    SessionGuard,
    enter_request,
    leave_request,
)
from travel_assistant.web.security.throttle import Lockout, LoginThrottle

logger = logging.getLogger(__name__)

# Chainlit's cookie name (same environment variable and default as chainlit.auth.cookie).
TOKEN_COOKIE = os.environ.get("CHAINLIT_AUTH_COOKIE_NAME", "access_token")
# Probes: no login, no session lookup (a readiness probe must not wait on the database for a login it has not).
OPEN_PATHS = frozenset({"/health", "/healthz", "/readyz"})
# Static files: nothing personal, no login. Exact paths and "/"-ended prefixes only ("/logo" ≠ "/logout").
STATIC_PATHS = frozenset({"/favicon", "/logo"})
STATIC_PREFIXES = ("/assets/", "/public/", "/avatars/")
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
# Where a forged cross-site request would log a victim in or out, or mint a token: Origin/Referer required.
LOGIN_PATHS = frozenset({"/login", "/logout", "/auth/jwt", "/auth/header"})
API_PREFIXES = ("/user", "/project/", "/auth/", "/login", "/logout", "/feedback", "/mcp")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_LOGIN_BODY = 64 * 1024

LockoutAudit = Callable[[Lockout, str, str], Awaitable[None]]


def too_many_attempts_text(seconds: int) -> str:
    return f"Too many attempts, try again in {seconds} s."


class SecurityMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        settings: Settings,
        guard: Callable[[], SessionGuard],
        throttle: LoginThrottle,
        audit: LockoutAudit,
        page_policy: Callable[[], str],
    ) -> None:
        self.app = app
        self.settings = settings
        self.guard = guard
        self.throttle = throttle
        self.audit = audit
        self.page_policy = page_policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # -- websockets ---------------------------------------------------------------------------------------

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        origin = Headers(scope=scope).get("origin")
        if not self.guard().origin_allowed(origin):
            logger.warning("refused a websocket from a foreign origin")
            await send({"type": "websocket.close", "code": 1008})
            return
        scope, principal, _ = await self._authenticate(scope)
        token = enter_request(RequestScope(principal, origin))
        try:
            await self.app(scope, receive, send)
        finally:
            leave_request(token)

    # -- HTTP ---------------------------------------------------------------------------------------------

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path, method = scope["path"], scope["method"]
        headers = Headers(scope=scope)
        send = self._decorated(send, path)
        if path in DOCS_PATHS and not self.settings.api_docs:
            await _json(send, 404, {"detail": "Not Found"})
            return
        if path in OPEN_PATHS or path in STATIC_PATHS or path.startswith(STATIC_PREFIXES):
            await self.app(scope, receive, send)  # no login, nothing personal: any page may load these
            return
        if not self._same_origin(headers, method=method, strict=path in LOGIN_PATHS):
            logger.warning("refused a cross-origin %s %s", method, path)
            await _json(send, 403, {"detail": "This request did not come from this site."})
            return
        scope, principal, stale = await self._authenticate(scope)
        if stale:
            send = _clearing_cookie(send, self.settings)
        token = enter_request(RequestScope(principal, headers.get("origin")))
        try:
            if path == "/login" and method == "POST":
                await self._login(scope, receive, send)
            else:
                await self.app(scope, receive, send)
        finally:
            leave_request(token)

    def _same_origin(self, headers: Headers, *, method: str, strict: bool) -> bool:
        """A foreign Origin is refused on every method (this app has no cross-origin clients, and a page of
        another origin reads nothing here, even with the user's same-site cookie). Without an Origin, a
        state-changing request's Referer must be ours; without either, only non-strict paths pass
        (non-browser clients send neither; browsers send Origin on every POST, PUT and DELETE)."""
        public = self.settings.public_origin
        origin = headers.get("origin")
        if origin is not None:
            return origin.rstrip("/").lower() == public
        if method in SAFE_METHODS:
            return True
        referer = headers.get("referer")
        if referer is not None:
            return referer.lower() == public or referer.lower().startswith(public + "/")
        return not strict

    async def _authenticate(self, scope: Scope) -> tuple[Scope, Principal | None, bool]:
        """Check the login token(s) of a request; drop any whose session is not active. Returns the scope to
        pass on, the principal, and whether a dead cookie should be cleared. The session lookups are store
        reads: in a worker thread, so a busy database never stalls the event loop."""
        headers = Headers(scope=scope)
        cookies = _cookie_pairs(headers.getlist("cookie"))
        cookie_token = _token_from_cookies(cookies)
        bearer = _bearer(headers.get("authorization"))
        if cookie_token is None and bearer is None:
            return scope, None, False
        guard = self.guard()

        def check() -> tuple[Principal | None, Principal | None]:
            return (
                guard.check(cookie_token) if cookie_token else None,
                guard.check(bearer) if bearer else None,
            )

        from_cookie, from_bearer = await asyncio.to_thread(check)
        drop_cookie = cookie_token is not None and from_cookie is None
        drop_bearer = bearer is not None and from_bearer is None
        if drop_cookie or drop_bearer:
            scope = _without_tokens(scope, cookies, drop_cookie=drop_cookie, drop_bearer=drop_bearer)
        return scope, from_cookie or from_bearer, drop_cookie

    async def _login(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = await _read_body(receive, MAX_LOGIN_BODY)
        if body is None:
            await _json(send, 413, {"detail": "Login form too large."})
            return
        account = await _login_name(scope, body)
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        wait = await self.throttle.retry_after(account, address)
        if wait is not None:
            await _json(
                send, 429, {"detail": too_many_attempts_text(wait)}, extra=[("retry-after", str(wait))]
            )
            return
        statuses: list[int] = []

        async def watch(message: Message) -> None:
            if message["type"] == "http.response.start":
                statuses.append(int(message["status"]))
            await send(message)

        await self.app(scope, _replay(body, receive), watch)
        if statuses and statuses[0] == 401:
            for lockout in await self.throttle.failed(account, address):
                logger.warning("login lockout (%s) for %d s", lockout.kind, lockout.retry_after)
                await self.audit(lockout, account, address)
        elif statuses and statuses[0] == 200:
            await self.throttle.succeeded(account)

    def _decorated(self, send: Send, path: str) -> Send:
        settings = self.settings
        common = common_headers(settings)
        api = path.startswith(API_PREFIXES)

        async def decorated(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(raw=list(message.get("headers", [])))
                for name, value in common:
                    headers[name] = value
                is_page = headers.get("content-type", "").startswith("text/html")
                if "content-security-policy" not in headers:
                    headers["content-security-policy"] = self.page_policy() if is_page else NON_PAGE_POLICY
                if api:
                    headers["cache-control"] = "no-store"
                if "server" in headers:
                    del headers["server"]
                raw = headers.raw
                if settings.https:
                    raw = [
                        (k, secure_cookie(v.decode("latin-1")).encode("latin-1"))
                        if k == b"set-cookie"
                        else (k, v)
                        for k, v in raw
                    ]
                message = {**message, "headers": raw}
            await send(message)

        return decorated


# -- helpers ------------------------------------------------------------------------------------------------


def _cookie_pairs(values: list[str]) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        for part in value.split(";"):
            name, sep, rest = part.strip().partition("=")
            if sep and name:
                pairs.append((name, rest))
    return pairs


def _is_token_cookie(name: str) -> bool:
    return name == TOKEN_COOKIE or (
        name.startswith(TOKEN_COOKIE + "_") and name[len(TOKEN_COOKIE) + 1 :].isdigit()
    )


def _token_from_cookies(pairs: list[tuple[str, str]]) -> str | None:
    """Chainlit's rule: the plain cookie, else the chunks ``<name>_0``, ``<name>_1``, … joined in order."""
    cookies = dict(pairs)
    if cookies.get(TOKEN_COOKIE):
        return cookies[TOKEN_COOKIE]
    chunks, i = [], 0
    while f"{TOKEN_COOKIE}_{i}" in cookies:
        chunks.append(cookies[f"{TOKEN_COOKIE}_{i}"])
        i += 1
    return "".join(chunks) or None


def _bearer(value: str | None) -> str | None:
    if not value:
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def _without_tokens(
    scope: Scope, cookies: list[tuple[str, str]], *, drop_cookie: bool, drop_bearer: bool
) -> Scope:
    raw = [(k, v) for k, v in scope["headers"] if k not in (b"cookie", b"authorization")]
    kept = [(n, v) for n, v in cookies if not (drop_cookie and _is_token_cookie(n))]
    if kept:
        raw.append((b"cookie", "; ".join(f"{n}={v}" for n, v in kept).encode("latin-1")))
    if not drop_bearer:
        raw += [(k, v) for k, v in scope["headers"] if k == b"authorization"]
    return {**scope, "headers": raw}


def _clearing_cookie(send: Send, settings: Settings) -> Send:
    cookie = f"{TOKEN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=lax"
    if settings.https:
        cookie += "; Secure"

    async def clearing(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie.encode())]}
        await send(message)

    return clearing


async def _json(
    send: Send, status: int, body: dict[str, Any], *, extra: Sequence[tuple[str, str]] = ()
) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that yields the buffered body once, then hands over to the real one (disconnects)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _login_name(scope: Scope, body: bytes) -> str:
    """The ``username`` field of a login form (multipart, as Chainlit's page sends it, or urlencoded)."""

    async def nothing_more() -> Message:
        return {"type": "http.disconnect"}

    request = Request(scope, _replay(body, nothing_more))
    try:
        form = await request.form(max_files=0, max_fields=20)
    except Exception:  # malformed form: counted under "-" and the address; Chainlit answers it with 422
        return ""
    value = form.get("username")
    await form.close()
    return value if isinstance(value, str) else ""
