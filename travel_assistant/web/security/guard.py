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
3. **Logins** (``web.security.login_gate``): ``POST /login`` goes through the throttle and device cookies.
4. **Forged ids** (``web.security.forged``): the API routes that name a chat session, an element or an action
   are refused with a 4xx and a one-line JSON error when the id is not the caller's or the body is
   malformed; every API error answer is one-line JSON, and an exception out of a route a JSON 500.
5. **Headers.** Every response gets the security headers (``web.headers``); the page gets its CSP; cookies
   get ``Secure`` when ``PUBLIC_ORIGIN`` is https; API responses are ``no-store``; FastAPI's API docs answer
   404 unless ``APP_ENV=development`` and ``DOCS=true``.

Paths in :data:`OPEN_PATHS` (health and readiness probes) and static files skip the session lookup, so a probe
never waits on the database for a login it does not have.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from travel_assistant.settings import Settings
from travel_assistant.web.security.asgi import cookie_pairs, send_json
from travel_assistant.web.security.forged import guarded_route
from travel_assistant.web.security.headers import NON_PAGE_POLICY, common_headers, secure_cookie
from travel_assistant.web.security.login_gate import LoginGate
from travel_assistant.web.security.sessions import (
    Principal,
    RequestScope,
    SessionGuard,
    enter_request,
    leave_request,
)

logger = logging.getLogger(__name__)

# Chainlit's cookie name (same environment variable and default as chainlit.auth.cookie).
TOKEN_COOKIE = os.environ.get("CHAINLIT_AUTH_COOKIE_NAME", "access_token")
# Probes: no login, no session lookup (a readiness probe must not wait on the database for a login it has not).
OPEN_PATHS = frozenset({"/health", "/healthz", "/readyz", "/link-policy"})
# Static files: nothing personal, no login. Exact paths and "/"-ended prefixes only ("/logo" ≠ "/logout").
STATIC_PATHS = frozenset({"/favicon", "/logo"})
STATIC_PREFIXES = ("/assets/", "/public/", "/avatars/", "/copilot/")
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
# Where a forged cross-site request would log a victim in or out, or mint a token: Origin/Referer required.
LOGIN_PATHS = frozenset({"/login", "/logout", "/auth/jwt", "/auth/header"})
API_PREFIXES = ("/user", "/project/", "/auth/", "/login", "/logout", "/feedback", "/mcp")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class SecurityMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        settings: Settings,
        guard: Callable[[], SessionGuard],
        login: LoginGate,
        page_policy: Callable[[], str],
    ) -> None:
        self.app = app
        self.settings = settings
        self.guard = guard
        self.login = login
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
            await send_json(send, 404, {"detail": "Not Found"})
            return
        if path in OPEN_PATHS or path in STATIC_PATHS:
            await self.app(scope, receive, send)  # no login, nothing personal: any page may load these
            return
        if path.startswith(STATIC_PREFIXES):
            await guarded_route(self.app, scope, receive, send, None)  # the same, named by the request
            return
        if not self._same_origin(headers, method=method, strict=path in LOGIN_PATHS):
            logger.warning("refused a cross-origin %s %s", method, path)
            await send_json(send, 403, {"detail": "This request did not come from this site."})
            return
        scope, principal, stale = await self._authenticate(scope)
        if stale:
            send = _clearing_cookie(send, self.settings)
        token = enter_request(RequestScope(principal, headers.get("origin")))
        try:
            if path == "/login" and method == "POST":
                await self.login(self.app, scope, receive, send)
            elif path.startswith(API_PREFIXES) or path == "/set-session-cookie":
                await guarded_route(self.app, scope, receive, send, principal.user if principal else None)
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
        cookies = cookie_pairs(headers.getlist("cookie"))
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
