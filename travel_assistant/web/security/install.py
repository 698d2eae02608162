"""Wiring the web app's security into Chainlit: one call, :func:`install_security`, from ``handlers.install``.

Each enforcement point, and why it is where it is (Chainlit 2.12 resolves logins in ``chainlit/auth``,
``server.py`` and ``socket.py`` and offers no hook for revocation, origin or throttling):

* ``SecurityMiddleware`` (``web.guard``) in front of Chainlit's whole ASGI app: login sessions on every HTTP
  request and socket handshake, Origin/Referer on state changes and logins, login throttling with device
  cookies (``login_gate``), forged ids and malformed bodies on the API routes (``forged``), headers, docs.
* ``GET /link-policy`` (``links``): which origins' links the page leaves clickable; ``public/app.js``
  disarms every other link in a message or step (model replies, tool results, memory text).
* engine.io's own origin check: ``cors_allowed_origins`` is ``[PUBLIC_ORIGIN]`` (Chainlit leaves it ``[]``,
  which turns the check off), so a foreign page cannot even open the chat socket.
* The socket ``connect`` handler is wrapped (:func:`_guard_socket_connect`): the thread a socket asks to
  attach to must be one of the caller's own; anything else (another user's thread, an unknown id, a malformed
  one) gets the same fresh, empty conversation, so the socket cannot tell "not yours" from "does not exist".
* The data layer (``web.data_layer``) re-checks the acting login, its origin and ownership on every call: it
  serves the resume, the sidebar and the thread routes.
* ``handlers.requires_chat`` re-checks the login on every chat event and action (a socket outlives its
  handshake); logout, "Delete my account" and revocation end the session and this process's sockets.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections.abc import Callable
from typing import Any

from assistant.errors import InvalidId
from assistant.ids import UserId, is_web_thread_id, thread_id
from travel_assistant.container import Runtime, utc_now
from travel_assistant.settings import Settings
from travel_assistant.web.security.devices import AccountKey, DeviceCookies
from travel_assistant.web.security.guard import SecurityMiddleware
from travel_assistant.web.security.headers import inline_script_hashes, page_policy
from travel_assistant.web.security.links import install_link_policy
from travel_assistant.web.security.login_gate import LoginGate
from travel_assistant.web.security.sessions import SessionGuard, revoke_token
from travel_assistant.web.security.throttle import Lockout, LoginThrottle

logger = logging.getLogger(__name__)

RuntimeSource = Callable[[], Runtime]


def session_guard(rt: Runtime) -> SessionGuard:
    return SessionGuard(rt.settings, rt.sessions)


def install_security(settings: Settings, runtime: RuntimeSource) -> None:
    """Apply every enforcement point above to Chainlit's app. Must run before the server's first request
    (Starlette builds its middleware stack then): ``handlers.install`` runs when Chainlit imports app.py."""
    from chainlit.config import config
    from chainlit.server import app, sio

    if getattr(app.state, "travel_assistant_security", False):
        return  # installed already in this process
    app.state.travel_assistant_security = True
    sio.eio.cors_allowed_origins = [settings.public_origin]
    install_link_policy(settings)
    _guard_socket_connect(sio, runtime)
    throttle = LoginThrottle.from_settings(settings)
    _add_login_messages(config, throttle.longest_window)
    login = LoginGate(throttle, DeviceCookies.from_settings(settings), _lockout_audit(runtime))
    app.add_middleware(
        SecurityMiddleware,
        settings=settings,
        guard=lambda: session_guard(runtime()),
        login=login,
        page_policy=_page_policy_source(settings),
    )


def _guard_socket_connect(sio: Any, runtime: RuntimeSource) -> None:
    original = sio.handlers["/"]["connect"]

    async def connect(sid: str, environ: dict[str, Any], auth: dict[str, Any] | None = None) -> Any:
        rt = runtime()
        guard = session_guard(rt)
        if not guard.origin_allowed(environ.get("HTTP_ORIGIN")):
            raise ConnectionRefusedError("origin not allowed")
        vetted = dict(auth or {})

        def own_thread() -> str | None:  # two store reads: in a worker thread, off the event loop
            # The login of the handshake request, which is what Chainlit authenticates (with polling, the
            # connect packet arrives in a later request than the handshake).
            principal = guard.check(_handshake_token(environ))
            return _own_thread_or_fresh(rt, principal.user if principal else None, vetted.get("threadId"))

        vetted["threadId"] = await asyncio.to_thread(own_thread)
        return await original(sid, environ, vetted)

    sio.on("connect")(connect)


def _handshake_token(environ: dict[str, Any]) -> str | None:
    from chainlit.auth import get_token_from_cookies
    from starlette.requests import cookie_parser

    token: str | None = get_token_from_cookies(cookie_parser(environ.get("HTTP_COOKIE", "")))
    return token


def _own_thread_or_fresh(rt: Runtime, user: UserId | None, raw: object) -> str | None:
    """The thread a new socket may attach to: its user's own existing thread, or (for anything else, asked
    for by id) a fresh UUID, whose resume then fails exactly as for an id that never existed."""
    if not raw or user is None:
        return None  # a fresh chat; without a login Chainlit refuses the connection anyway
    try:
        owned = rt.directory.get_thread(user, thread_id(raw)) is not None
    except InvalidId:
        owned = False
    return str(raw) if owned else str(uuid.uuid4())


def chat_still_allowed(rt: Runtime, user: UserId, thread: str) -> bool:
    """For ``requires_chat``: the event's login is active, on our origin, and its user's; and its thread is a
    browser UUID (which the engine may create) or one of the user's own threads."""
    principal = session_guard(rt).acting()
    if principal is None or principal.user != user:
        return False
    if is_web_thread_id(thread):
        return True
    try:
        return rt.directory.get_thread(user, thread_id(thread)) is not None
    except InvalidId:
        return False


async def end_login(rt: Runtime, request: Any) -> None:
    """Logout: the session of the request's token (cookie, else bearer) ends and its sockets here close; the
    cookie itself is cleared by Chainlit."""
    from chainlit.auth import get_token_from_cookies

    authorization = request.headers.get("authorization", "")
    bearer = authorization[7:] if authorization.lower().startswith("bearer ") else None
    if await revoke_token(session_guard(rt), get_token_from_cookies(request.cookies) or bearer, "logout"):
        logger.info("a login session ended by logout")


def _lockout_audit(runtime: RuntimeSource) -> Callable[[Lockout, AccountKey, str], Any]:
    async def audit(lockout: Lockout, account: AccountKey, address: str) -> None:
        registry = runtime().registry
        details = {
            "limit": lockout.kind,
            "window": lockout.limit,
            "retry_after_s": lockout.retry_after,
            # A keyed hash, like the subject: the trail can confirm an address, never reveal one.
            "address": registry.subject_hash(UserId(address))[:16],
        }
        await asyncio.to_thread(
            registry.audit,
            actor="system:login-throttle",
            action="login_lockout",
            user=UserId(account),
            now=utc_now(),
            details=details,
        )

    return audit


def _page_policy_source(settings: Settings) -> Callable[[], str]:
    """The page's CSP, with the hashes of the inline scripts of the page Chainlit serves (computed once: the
    page is built from the config and public/theme.json, which do not change while the app runs)."""
    cache: list[str] = []

    def policy() -> str:
        if not cache:
            from chainlit.server import get_html_template

            root = os.getenv("CHAINLIT_PARENT_ROOT_PATH", "") + os.getenv("CHAINLIT_ROOT_PATH", "")
            cache.append(page_policy(settings, inline_script_hashes(get_html_template(root))))
        return cache[0]

    return policy


def _add_login_messages(config: Any, window: int) -> None:
    """Teach the login page the throttle's refusal. Chainlit's page shows a failed login as the translation of
    ``auth.login.errors.<the response's status text>`` ("Too Many Requests" for a 429), so it can only say the
    longest wait; the 429's JSON ``detail`` and ``Retry-After`` give the exact one to other clients. Chainlit's
    config is a pydantic model, hence ``object.__setattr__`` to wrap its translation loader."""
    original = config.load_translation
    text = f"Too many attempts, try again in {window} s at most."

    def load_translation(language: str) -> dict[str, Any]:
        translation: dict[str, Any] = original(language)
        errors = translation.setdefault("auth", {}).setdefault("login", {}).setdefault("errors", {})
        for key in ("Too Many Requests", "too many requests"):
            errors.setdefault(key, text)
        return translation

    object.__setattr__(config, "load_translation", load_translation)
